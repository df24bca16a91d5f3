"""The hand-log panel and the session graph, each cached until its content changes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.chips import chip_text
from game.render.theme import DIM, MUTED, PANEL, PANEL_EDGE, PLAYER_COLORS, TEXT, Text


@dataclass(slots=True)
class SideRenderer:
    text: Text
    log_cache: tuple[tuple[object, ...], pygame.Surface] | None = None
    graph_cache: tuple[tuple[object, ...], pygame.Surface] | None = None

    def draw(self, surf: pygame.Surface, side: pygame.Rect, log_rect: pygame.Rect,
             graph_rect: pygame.Rect, log: list[str], history: list[tuple[int, ...]],
             names: tuple[str, ...], scale: float, hands: int | None = None) -> None:
        """``hands``: what the graph's title counts (default: one per row after the first)."""
        pygame.draw.rect(surf, (24, 28, 36), side)
        surf.blit(self._log(log_rect, log, scale), log_rect)
        surf.blit(self._graph(graph_rect, history, names, scale,
                              len(history) - 1 if hands is None else hands), graph_rect)

    def _log(self, rect: pygame.Rect, log: list[str], scale: float) -> pygame.Surface:
        key = (rect.size, len(log), log[-1] if log else "", scale)
        if self.log_cache is not None and self.log_cache[0] == key:
            return self.log_cache[1]
        surf = pygame.Surface(rect.size).convert()
        box = surf.get_rect()
        pygame.draw.rect(surf, PANEL, box, border_radius=8)
        pygame.draw.rect(surf, PANEL_EDGE, box, 1, border_radius=8)
        fs = round(17 * scale)
        title = self.text.render("Hand log", fs + 2, TEXT, bold=True)
        surf.blit(title, (8, 6))
        top = 10 + title.get_height()
        line_h = self.text.line_height(fs)
        width = rect.w - 16
        wrapped: list[tuple[str, bool]] = []
        for entry in log[-60:]:
            header = entry.startswith("—")
            for piece in self.text.wrap(entry, fs, width):
                wrapped.append((piece, header))
        room = max(0, (rect.h - top - 6) // line_h)
        y = top
        for piece, header in wrapped[-room:] if room else []:
            surf.blit(self.text.render(piece, fs, MUTED if header else TEXT), (8, y))
            y += line_h
        self.log_cache = (key, surf)
        return surf

    def _graph(self, rect: pygame.Rect, history: list[tuple[int, ...]],
               names: tuple[str, ...], scale: float, hands: int) -> pygame.Surface:
        key = (rect.size, hands, history[-1] if history else (), names, scale)
        if self.graph_cache is not None and self.graph_cache[0] == key:
            return self.graph_cache[1]
        surf = pygame.Surface(rect.size).convert()
        box = surf.get_rect()
        pygame.draw.rect(surf, PANEL, box, border_radius=8)
        pygame.draw.rect(surf, PANEL_EDGE, box, 1, border_radius=8)
        fs = round(16 * scale)
        title = self.text.render(_hands_title(hands), fs + 2, TEXT,
                                 bold=True)
        surf.blit(title, (8, 6))
        legend_h = self.text.line_height(fs)
        plot = pygame.Rect(44, 12 + title.get_height(), rect.w - 54,
                           rect.h - title.get_height() - 24 - legend_h * 2)
        if plot.h > 10 and history:
            self._plot(surf, plot, history, fs)
        x, y = 8, rect.h - legend_h * 2 - 4
        for seat, name in enumerate(names):
            if not name:
                continue
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            label = self.text.render(name, fs, color, bold=True)
            if x + label.get_width() + 18 > rect.w:
                x, y = 8, y + legend_h
            pygame.draw.line(surf, color, (x, y + legend_h // 2), (x + 10, y + legend_h // 2),
                             3)
            surf.blit(label, (x + 14, y))
            x += label.get_width() + 26
        self.graph_cache = (key, surf)
        return surf

    def _plot(self, surf: pygame.Surface, plot: pygame.Rect, history: list[tuple[int, ...]],
              fs: int) -> None:
        """The rows are stacks less top-ups (results), so a line may go below 0."""
        top = max(max(row) for row in history) or 1
        low = min(0, min(min(row) for row in history))
        span = top - low
        n = len(history)
        pygame.draw.line(surf, PANEL_EDGE, plot.bottomleft, plot.bottomright)
        pygame.draw.line(surf, PANEL_EDGE, plot.bottomleft, plot.topleft)
        surf.blit(self.text.render(f"{chip_text(top)}", fs - 2, DIM), (4, plot.top - 4))
        surf.blit(self.text.render(chip_text(low), fs - 2, DIM), (4, plot.bottom - fs // 2))
        for seat in range(len(history[0])):
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            pts = [(plot.x + (plot.w * k / max(1, n - 1)),
                    plot.bottom - plot.h * (row[seat] - low) / span)
                   for k, row in enumerate(history)]
            if len(pts) >= 2:
                pygame.draw.lines(surf, color, False, pts, 2)
            else:
                pygame.draw.circle(surf, color, pts[0], 3)


def _hands_title(hands: int) -> str:
    return f"Stacks · {hands} hand" + ("" if hands == 1 else "s")
