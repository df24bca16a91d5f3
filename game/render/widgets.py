"""Buttons, toggles and panels shared by every scene."""

from __future__ import annotations

import pygame

from game.render.theme import BUTTON, BUTTON_OFF, DIM, GOLD, PANEL, PANEL_EDGE, TEXT, Color, Text


def panel(surf: pygame.Surface, rect: pygame.Rect, fill: Color = PANEL,
          edge: Color = PANEL_EDGE, radius: int = 8, width: int = 1) -> None:
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, edge, rect, width=width, border_radius=radius)


def button(surf: pygame.Surface, text: Text, rect: pygame.Rect, label: str, *,
           fill: Color = BUTTON, enabled: bool = True, hint: str = "",
           selected: bool = False) -> None:
    """A rounded button with its label (and keyboard hint underneath when room)."""
    radius = max(4, rect.h // 5)
    color = fill if enabled else BUTTON_OFF
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    edge = GOLD if selected else tuple(min(255, c + 40) for c in color)
    pygame.draw.rect(surf, edge, rect, width=2 if selected else 1, border_radius=radius)
    fg = TEXT if enabled else DIM
    size = min(round(rect.h * 0.56), 30)
    if hint and rect.h >= 34:
        text.blit(surf, label, size, (rect.centerx, rect.centery - rect.h // 10), fg,
                  bold=True, anchor="center", width=rect.w - 8)
        text.blit(surf, hint, size * 2 // 3, (rect.centerx, rect.bottom - 3),
                  DIM if not enabled else (200, 205, 215), anchor="midbottom",
                  width=rect.w - 8)
    else:
        shown = f"{label}  [{hint}]" if hint else label
        if text.font(size, True).size(shown)[0] > rect.w - 8:
            shown = label  # the key hint goes before any of the label does
        text.blit(surf, shown, size, rect.center, fg, bold=True, anchor="center",
                  width=rect.w - 8)


def toggle(surf: pygame.Surface, text: Text, rect: pygame.Rect, label: str, on: bool,
           enabled: bool = True, hint: str = "") -> None:
    """A checkbox-style pre-action toggle; its key ``hint`` under the label when the
    toggle is tall enough (as on a button), else left out."""
    panel(surf, rect, BUTTON if enabled else BUTTON_OFF, GOLD if on else PANEL_EDGE,
          radius=max(4, rect.h // 4), width=2 if on else 1)
    box = pygame.Rect(0, 0, min(rect.h - 10, 24), min(rect.h - 10, 24))
    box.midleft = (rect.x + 6, rect.centery)
    pygame.draw.rect(surf, (20, 24, 30), box, border_radius=3)
    if on:
        pygame.draw.lines(surf, GOLD, False, [(box.x + 3, box.centery),
                                              (box.centerx - 1, box.bottom - 4),
                                              (box.right - 3, box.y + 3)], 3)
    room = pygame.Rect(box.right + 6, rect.y + 2, rect.right - box.right - 10, rect.h - 4)
    if hint and rect.h >= 34:
        key = text.render(hint, round(rect.h * 0.3), DIM if not enabled else (200, 205, 215))
        room.h -= key.get_height()
        surf.blit(key, (room.x, room.bottom))
    size, lines = text.settle(label, round(rect.h * 0.5), room)  # smaller, then two lines
    step = text.line_height(size)
    y = room.centery - len(lines) * step // 2
    for line in lines:
        text.blit(surf, line, size, (room.x, y), TEXT if enabled else DIM)
        y += step


def dim(surf: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything below a dialog."""
    keep = 255 - alpha
    surf.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
