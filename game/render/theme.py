"""Colours and the text cache. Everything is drawn by code; nothing is loaded."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

Color = tuple[int, int, int]

BG: Color = (18, 22, 28)
PANEL: Color = (30, 36, 46)
PANEL_EDGE: Color = (58, 68, 84)
TEXT: Color = (232, 234, 238)
MUTED: Color = (150, 158, 170)
DIM: Color = (96, 104, 116)
GOLD: Color = (240, 196, 64)
GREEN: Color = (72, 200, 120)
RED: Color = (226, 72, 72)
ORANGE: Color = (240, 150, 50)
BLUE: Color = (70, 140, 230)
FELT: Color = (22, 110, 70)
FELT_DARK: Color = (12, 76, 48)
RAIL: Color = (92, 58, 34)
RAIL_LIGHT: Color = (140, 92, 56)
BUTTON: Color = (52, 62, 80)
BUTTON_HOT: Color = (68, 82, 106)
BUTTON_OFF: Color = (40, 44, 52)
FOLD_C: Color = (150, 56, 56)
CALL_C: Color = (46, 120, 80)
RAISE_C: Color = (176, 120, 30)
PLAYER_COLORS: tuple[Color, ...] = ((90, 170, 255), (255, 120, 90), (170, 220, 90),
                                    (230, 140, 230))


@dataclass(slots=True)
class Text:
    """Font objects per size and rendered text surfaces, least recently used dropped."""

    fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)
    cache: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = field(
        default_factory=OrderedDict)
    limit: int = 1500

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(8, size), bold)
        font = self.fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, key[0])
            font.set_bold(bold)
            self.fonts[key] = font
        return font

    def render(self, text: str, size: int, color: Color = TEXT,
               bold: bool = False) -> pygame.Surface:
        key = (text, max(8, size), color, bold)
        surf = self.cache.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, color)
            self.cache[key] = surf
            if len(self.cache) > self.limit:
                self.cache.popitem(last=False)
        else:
            self.cache.move_to_end(key)
        return surf

    def fit(self, text: str, size: int, width: int, color: Color = TEXT,
            bold: bool = False) -> pygame.Surface:
        """Rendered at ``size`` or smaller so it fits ``width`` (ellipsis as last resort)."""
        s = size
        while s > 10:
            surf = self.render(text, s, color, bold)
            if surf.get_width() <= width:
                return surf
            s -= 2
        while len(text) > 2:
            text = text[:-2] + "…"
            surf = self.render(text, s, color, bold)
            if surf.get_width() <= width:
                return surf
        return self.render(text, s, color, bold)

    def clip(self, text: str, size: int, width: int, color: Color = TEXT,
             bold: bool = False) -> pygame.Surface:
        """Rendered at exactly ``size``, cut with an ellipsis to fit ``width`` (lists whose
        lines must share one size)."""
        surf = self.render(text, size, color, bold)
        while surf.get_width() > width and len(text) > 2:
            text = text[:-2] + "…"
            surf = self.render(text, size, color, bold)
        return surf

    def blit(self, target: pygame.Surface, text: str, size: int, pos: tuple[int, int],
             color: Color = TEXT, bold: bool = False, anchor: str = "topleft",
             width: int | None = None) -> pygame.Rect:
        surf = (self.fit(text, size, width, color, bold) if width is not None
                else self.render(text, size, color, bold))
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` (measured in the weight drawn)."""
        font = self.font(size, bold)
        words, lines, line = text.split(), [], ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease(t: float) -> float:
    """Ease-out cubic."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3
