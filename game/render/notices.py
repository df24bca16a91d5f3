"""The notices panel: sentences a player must not miss (a save file another game holds,
a hand-history folder that refuses writes, a voice model copy passed over), wrapped whole
at the legible size in the top right corner of the felt, newest last."""

from __future__ import annotations

import pygame

from game.render.layout import TableLayout
from game.render.theme import ORANGE, TEXT, Text
from game.render.widgets import panel

MOST = 3
"""Notices shown at once (the newest); every one is also a line in the hand log."""


def notices_box(L: TableLayout, text: Text, notices: tuple[str, ...]
                ) -> tuple[pygame.Rect, list[list[str]], int]:
    """The panel's rect, each notice's lines and the text size, for ``notices``."""
    play = L.play
    pad = max(6, round(8 * L.ui_scale))
    w = max(240, min(round(play.w * 0.36), 520))
    size = round(18 * L.ui_scale)
    step = text.line_height(size)
    room = max(1, (L.seats[3].panel.top - play.top - 3 * pad) // step)  # above the right seat
    wrapped: list[list[str]] = []
    for notice in reversed(notices[-MOST:]):  # the newest keeps its room first
        lines = text.lines(notice, size, w - 2 * pad, max(1, room))
        if len(lines) > room and wrapped:
            break
        wrapped.insert(0, lines)
        room -= len(lines)
        if room <= 0:
            break
    h = 2 * pad + step * sum(len(lines) for lines in wrapped) + pad * (len(wrapped) - 1)
    box = pygame.Rect(play.right - pad - w, play.top + pad, w, h)
    return box, wrapped, size


def draw_notices(surf: pygame.Surface, text: Text, L: TableLayout,
                 notices: tuple[str, ...]) -> None:
    if not notices:
        return
    box, wrapped, size = notices_box(L, text, notices)
    pad = max(6, round(8 * L.ui_scale))
    panel(surf, box, (58, 26, 20), ORANGE, radius=8, width=2)
    step = text.line_height(size)
    y = box.y + pad
    for lines in wrapped:
        for line in lines:
            surf.blit(text.render(line, size, TEXT), (box.x + pad, y))
            y += step
        y += pad
