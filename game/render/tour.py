"""The walkthrough's tip box, top left of the felt: the tip, and Next / Skip buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.help.walkthrough import Tip, Until
from game.render.layout import TableLayout
from game.render.theme import GOLD, TEXT, Text
from game.render.widgets import button, panel


@dataclass(frozen=True, slots=True)
class TourBox:
    box: pygame.Rect
    lines: tuple[str, ...]
    size: int
    next: pygame.Rect | None  # only on tips that wait for Next
    skip: pygame.Rect


def tour_box(L: TableLayout, text: Text, tip: Tip) -> TourBox:
    """Where the tip goes (the same rects for drawing and clicking)."""
    play = L.play
    pad = max(6, play.w // 90)
    w = max(240, min(round(play.w * 0.34), 520))
    size = min(20, round(play.h / 32))
    lines = tuple(text.wrap(tip.text, size, w - 2 * pad))
    bh = size + 12
    h = pad * 3 + len(lines) * (size + 3) + bh
    box = pygame.Rect(play.x + pad, play.y + pad, w, h)
    bw = (w - 3 * pad) // 2
    skip = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
    nxt = (pygame.Rect(box.x + pad, skip.y, bw, bh) if tip.until is Until.NEXT else None)
    return TourBox(box, lines, size, nxt, skip)


def draw_tour(surf: pygame.Surface, text: Text, t: TourBox) -> None:
    panel(surf, t.box, (30, 36, 48), GOLD, radius=10, width=2)
    y = t.box.y + max(6, t.size // 2)
    for line in t.lines:
        text.blit(surf, line, t.size, (t.box.x + 10, y), TEXT)
        y += t.size + 3
    if t.next is not None:
        button(surf, text, t.next, "Next [Tab]")
    button(surf, text, t.skip, "Skip tour [X]")
