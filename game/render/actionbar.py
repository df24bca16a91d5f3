"""The action bar, drawn: buttons, presets, slider, amount box, pre-actions, and the top
bar. One of three parts: the model is ``game.table.actionbar``, the clicks and keys
``game.input.actionbar``."""

from __future__ import annotations

import pygame

from engine.chips import chip_text
from game.render.layout import PRESETS, TableLayout
from game.render.theme import (
    CALL_C,
    DIM,
    ELLIPSIS,
    FOLD_C,
    GOLD,
    MUTED,
    ORANGE,
    PANEL,
    PANEL_EDGE,
    RAISE_C,
    TEXT,
    Text,
)
from game.render.widgets import button, panel, toggle
from game.table.actionbar import BarModel


def draw_bar(surf: pygame.Surface, text: Text, L: TableLayout, m: BarModel,
             opened: bool = False) -> None:
    """The bar; ``opened``: the message line is shown whole over the left block (it was
    cut to one line, and the player clicked it or pressed I)."""
    b = L.bar
    pygame.draw.rect(surf, (22, 26, 33), b.area)
    pygame.draw.line(surf, PANEL_EDGE, b.area.topleft, b.area.topright)
    on = m.my_turn
    for (_, label), rect in zip(PRESETS, b.presets, strict=True):
        button(surf, text, rect, label, enabled=on and m.can_wager)
    # slider
    s = b.slider
    pygame.draw.rect(surf, (16, 18, 24), s, border_radius=s.h // 2)
    track = s.inflate(-s.h, -s.h * 2 // 3)
    pygame.draw.rect(surf, (70, 76, 90), track, border_radius=track.h // 2)
    if on and m.can_wager:
        fill = track.copy()
        fill.w = round(track.w * m.slider_fraction)
        pygame.draw.rect(surf, RAISE_C, fill, border_radius=track.h // 2)
        knob = (track.x + fill.w, s.centery)
        pygame.draw.circle(surf, GOLD, knob, s.h // 2 - 1)
        pygame.draw.circle(surf, (60, 40, 0), knob, s.h // 2 - 1, 2)
    # amount box
    a = b.amount
    panel(surf, a, (12, 14, 18), GOLD if m.typed else PANEL_EDGE, radius=4,
          width=2 if m.typed else 1)
    shown = m.amount_text + ("|" if m.typed else "")
    text.blit(surf, shown if on else "—", round(a.h * 0.62), (a.right - 6, a.centery),
              TEXT if on else DIM, bold=True, anchor="midright", width=a.w - 10)
    hint = on and b.fold.h >= 34
    if m.pre_enabled:  # not our turn: the buttons become the pre-action ticks
        first, second = pre_labels(m)
        keys = PRE_KEYS if b.fold.h >= 34 else ("", "", "")
        toggle(surf, text, b.fold, first, m.pre_check_fold, hint=keys[0])
        toggle(surf, text, b.call, second, m.pre_call if m.pre_to_call else m.pre_check,
               hint=keys[1])
        toggle(surf, text, b.wager, "Call any", m.pre_call_any, hint=keys[2])
    else:
        button(surf, text, b.fold, m.fold.label, fill=FOLD_C, enabled=on,
               hint="F" if hint else "")
        button(surf, text, b.call, m.call.label, fill=CALL_C, enabled=on,
               hint="C" if hint else "")
    if m.can_post:  # waiting for the big blind: the one thing to do is here
        button(surf, text, b.wager, "Post now", fill=CALL_C, enabled=True,
               hint="N" if b.fold.h >= 34 else "")
    elif not m.pre_enabled:
        button(surf, text, b.wager, m.wager.label, fill=RAISE_C,
               enabled=on and m.can_wager, hint="R / Enter" if hint else "")
    h = b.hint
    line = m.message or m.standing
    if line and (opened or (m.message and m.message_is_error and on)):
        # A refusal or a question on the player's turn (until it times out), or a line
        # the player opened: large, whole, over the left block.
        box = b.message.union(h)
        panel(surf, box, (58, 26, 20), ORANGE, radius=6, width=2)
        size, wrapped = message_lines(text, line, box)
        step = text.line_height(size, True)
        y = box.centery - len(wrapped) * step // 2
        for part in wrapped:
            text.blit(surf, part, size, (box.x + 8, y), TEXT, bold=True)
            y += step
        return
    color = ORANGE if m.message_is_error or not m.message else GOLD
    if line and message_cut(text, line, b.message):
        # Too long for its line: it takes the keys hint's room too, wrapped whole (the
        # hints come back when it goes); only a line longer still is cut, with "[I] all".
        box = b.message.union(h)
        size, wrapped = message_lines(text, line, box)
        if not wrapped[-1].endswith(ELLIPSIS):
            panel(surf, box, PANEL, PANEL_EDGE, radius=6)
            step = text.line_height(size, True)
            y = box.centery - len(wrapped) * step // 2
            for part in wrapped:
                text.blit(surf, part, size, (box.x + 8, y), color, bold=True)
                y += step
            return
    if line:  # a message, else where the seat stands; cut, it says how to open it
        size = round(b.message.h * 0.68)
        room = b.message.w
        if message_cut(text, line, b.message):
            more = text.render(OPEN_HINT, size, MUTED)
            room -= more.get_width() + 4
            surf.blit(more, more.get_rect(midright=b.message.midright))
        text.blit(surf, line, size, b.message.midleft, color, bold=True, anchor="midleft",
                  width=room)
    panel(surf, h, PANEL, PANEL_EDGE, radius=6)
    fs = round(b.fold.h * 0.27)
    step = text.line_height(fs)
    lines = key_hint_lines(text, fs, h)
    y = h.y + (h.h - len(lines) * step) // 2
    for line in lines:
        text.blit(surf, line, fs, (h.x + 8, y), MUTED)
        y += step


KEY_HINTS = ("F fold", "C check/call", "R bet/raise", "A all-in", "F1 help", "Esc pause",
             "Enter act", "O settings", "Left/Right size (Shift ×5)", "digits type")
"""The keys hint, most needed first: a narrow window shows the first ones whole."""


PRE_KEYS = ("F", "C", "Shift+C")
"""The keys of the three pre-action ticks, drawn under their words."""


def pre_labels(m: BarModel) -> tuple[str, str]:
    """The first two ticks' words: "Check/Fold" and "Check" while checking is free,
    "Fold" and "Call N" facing a bet (the third is always "Call any")."""
    if m.pre_to_call:
        return "Fold", f"Call {chip_text(m.pre_to_call)}"
    return "Check/Fold", "Check"


def key_hint_lines(text: Text, size: int, box: pygame.Rect) -> list[str]:
    """The key hints that fit ``box`` whole, as lines."""
    most = max(1, (box.h - 4) // text.line_height(size))
    return text.flow(KEY_HINTS, size, box.w - 16, most)


OPEN_HINT = "[I] all"
"""Beside a message line cut to fit: I (or a click on it) shows it whole."""


def message_cut(text: Text, line: str, rect: pygame.Rect) -> bool:
    """Whether the bar's message ``line`` is too long for its one line."""
    return text.font(round(rect.h * 0.68), True).size(line)[0] > rect.w


def message_lines(text: Text, message: str, box: pygame.Rect) -> tuple[int, list[str]]:
    """The message at up to a quarter of the box height, wrapped inside ``box`` (smaller
    only down to the legible size; a refusal cut off mid-sentence tells the player
    nothing, so the box is sized for the longest)."""
    return text.settle(message, round(box.h * 0.26), box.inflate(-16, -8), bold=True)


def draw_top(surf: pygame.Surface, text: Text, L: TableLayout, m: BarModel) -> None:
    pygame.draw.rect(surf, (26, 30, 38), L.top_bar)
    pygame.draw.line(surf, PANEL_EDGE, L.top_bar.bottomleft, L.top_bar.bottomright)
    text.blit(surf, m.title, round(L.title.h * 0.75), L.title.midleft, TEXT, bold=True,
              anchor="midleft", width=L.title.w)
    toggle(surf, text, L.sit_out, "Sit out next hand [S]", m.sitting_out)
    button(surf, text, L.rebuy, "Rebuy [B]", enabled=m.can_rebuy)
    button(surf, text, L.pause, "Pause [Esc]")
