"""A small menu model shared by the start screen, the rebuy dialog and pause: rows of
choices and buttons, each with a rect, so drawing and clicking agree; and the one way a
read-only panel (stats, career, help) closes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings, Hit
from game.render.theme import GOLD, MUTED, PANEL_EDGE, TEXT, Text
from game.render.widgets import button, panel


@dataclass(frozen=True, slots=True)
class Row:
    """A setting: label and the current value's text; arrows change it."""

    label: str
    value: str
    arrows: bool = True  # False: a read-out (no < >), drawn by its scene
    said: str = ""  # the value as said, where the shown one is written for the eye


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    label: str
    command: Command
    key: int | None = None
    hint: str = ""
    said_by: tuple[str, ...] = ()  # voice commands that press it: a control's name
    # ("sit_down") or a screen's value ("screen=stats"), see game.scenes.spoken.said_key


@dataclass(frozen=True, slots=True)
class MenuLayout:
    box: pygame.Rect
    title: pygame.Rect
    rows: tuple[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect], ...]
    buttons: tuple[pygame.Rect, ...]
    note: pygame.Rect


def menu_layout(size: tuple[int, int], n_rows: int, n_buttons: int,
                width_share: float = 0.5, top: int = 0, per_row: int = 0) -> MenuLayout:
    """Title, ``n_rows`` rows (label, <, value, >), the buttons (``per_row`` to a line,
    0: all on one), a note line; the menu fits below the first ``top`` pixels (kept free
    for a notice)."""
    w, h = size[0], size[1] - top
    su = min(w / 1280, h / 720)
    row_h = max(28, round(40 * su))
    gap = max(6, round(10 * su))
    per_row = per_row or max(1, n_buttons)
    lines = -(-n_buttons // per_row) if n_buttons else 1
    extra = lines - 1  # button lines past the first

    def height() -> int:
        return row_h * (n_rows + 3) + gap * (n_rows + 5) + extra * (row_h + 2 * gap)

    bh = height()
    if bh > h - 20:  # many rows in a small window: shrink rows and gaps to fit
        fit = (h - 20) / bh
        row_h, gap = max(18, int(row_h * fit)), max(3, int(gap * fit))
        bh = height()
    bw = max(460, round(w * width_share))
    box = pygame.Rect(0, 0, min(bw, w - 20), min(bh, h - 20))
    box.center = (w // 2, top + h // 2)
    title = pygame.Rect(box.x + gap * 2, box.y + gap, box.w - 4 * gap, row_h)
    rows = []
    y = title.bottom + gap
    label_w = round(box.w * 0.42)
    arrow = row_h
    for _ in range(n_rows):
        label = pygame.Rect(title.x, y, label_w, row_h)
        left = pygame.Rect(label.right + gap, y, arrow, row_h)
        right = pygame.Rect(title.right - arrow, y, arrow, row_h)
        value = pygame.Rect(left.right + gap, y, right.left - gap - left.right - gap, row_h)
        rows.append((label, left, value, right))
        y += row_h + gap
    y += gap
    each = (title.w - gap * (per_row - 1)) // per_row
    buttons = tuple(pygame.Rect(title.x + (k % per_row) * (each + gap),
                                y + (k // per_row) * (row_h + 2 * gap), each, row_h + gap)
                    for k in range(n_buttons))
    y += extra * (row_h + 2 * gap)
    note = pygame.Rect(title.x, y + row_h + 2 * gap, title.w, row_h)
    return MenuLayout(box, title, tuple(rows), buttons, note)


def menu_bindings(L: MenuLayout, n_rows: int, buttons: list[ButtonSpec],
                  extra_keys: dict[int, Command]) -> Bindings:
    hits = []
    for i, (label, left, value, right) in enumerate(L.rows[:n_rows]):
        # The row's own area (label to value) spans the "<" button: it goes first, as
        # the last hit added wins where rects overlap.
        hits.append(Hit(label.union(value), UiCommand(Ui.SELECT, i), f"row{i}"))
        hits.append(Hit(left, UiCommand(Ui.CHANGE, (i, -1)), f"row{i}.left"))
        hits.append(Hit(right, UiCommand(Ui.CHANGE, (i, 1)), f"row{i}.right"))
    keys: dict[int, Command] = {
        pygame.K_UP: UiCommand(Ui.MOVE, -1), pygame.K_DOWN: UiCommand(Ui.MOVE, 1),
        pygame.K_LEFT: UiCommand(Ui.CHANGE, (-1, -1)),
        pygame.K_RIGHT: UiCommand(Ui.CHANGE, (-1, 1)),
    }
    for spec, rect in zip(buttons, L.buttons, strict=True):
        hits.append(Hit(rect, spec.command, spec.label))
        if spec.key is not None:
            keys[spec.key] = spec.command
    keys.update(extra_keys)
    return Bindings(hits=hits, keys=keys)


FOCUS_HELP = "Tab or the arrows move between the buttons; Enter presses the one you are on"
"""How a dialog's focus is moved, as said (:func:`keys_said`)."""

_KEY_NAMES = {"Esc": "Escape", "Enter": "Enter"}


def focus_keys(bindings: Bindings) -> Bindings:
    """A dialog's buttons by keyboard alone: Tab, Down and Right move the focus on,
    Shift+Tab, Up and Left back (``Ui.MOVE``), Enter presses the focused button
    (``Ui.PRESS``), F1 says the keys (``Ui.KEYS``); the buttons' own keys stay."""
    on, back = UiCommand(Ui.MOVE, 1), UiCommand(Ui.MOVE, -1)
    press = UiCommand(Ui.PRESS)
    bindings.keys.update({pygame.K_TAB: on, pygame.K_DOWN: on, pygame.K_RIGHT: on,
                          pygame.K_UP: back, pygame.K_LEFT: back, pygame.K_RETURN: press,
                          pygame.K_KP_ENTER: press, pygame.K_F1: UiCommand(Ui.KEYS)})
    bindings.shift_keys[pygame.K_TAB] = back
    return bindings


def keys_said(buttons: list[ButtonSpec], *more: str, moving: str = FOCUS_HELP,
              f1: str = "F1: these keys") -> str:
    """The keys of a screen as said: how the focus moves, then each button's own key
    ("Y: Yes. Escape: Keep my table"), then ``more``, then F1's."""
    own = [f"{_KEY_NAMES.get(b.hint, b.hint)}: {b.label.replace('&', 'and')}"
           for b in buttons if b.hint]
    return ". ".join([moving, *own, *more, f1])


def draw_menu(surf: pygame.Surface, text: Text, L: MenuLayout, title: str, rows: list[Row],
              focus: int, buttons: list[ButtonSpec], note: str, note_color: tuple[int, int, int]
              = MUTED) -> None:
    """The menu; ``focus`` is a row's index, or past the rows a button's (ringed)."""
    panel(surf, L.box, (28, 33, 42), PANEL_EDGE, radius=14, width=2)
    text.blit(surf, title, round(L.title.h * 0.9), L.title.midleft, GOLD, bold=True,
              anchor="midleft", width=L.title.w)
    fs = round(L.rows[0][0].h * 0.6) if L.rows else 20
    for i, row in enumerate(rows):
        label, left, value, right = L.rows[i]
        focused = i == focus
        if focused:
            pygame.draw.rect(surf, (44, 52, 66), label.union(right).inflate(8, 4),
                             border_radius=6)
        text.blit(surf, row.label, fs, label.midleft, TEXT if focused else MUTED,
                  anchor="midleft", width=label.w)
        if not row.arrows:
            continue
        button(surf, text, left, "<")
        button(surf, text, right, ">")
        text.blit(surf, row.value, fs, value.center, GOLD if focused else TEXT, bold=True,
                  anchor="center", width=value.w)
    for k, (spec, rect) in enumerate(zip(buttons, L.buttons, strict=True)):
        button(surf, text, rect, spec.label, hint=spec.hint)
        if focus == len(rows) + k:
            pygame.draw.rect(surf, GOLD, rect.inflate(6, 6), width=3, border_radius=8)
    if note:
        text.blit(surf, note, round(L.note.h * 0.55), L.note.center, note_color,
                  anchor="center", width=L.note.w)


def close_bindings(close: pygame.Rect, keys: tuple[int, ...],
                   chars: tuple[str, ...] = ()) -> Bindings:
    """A read-only panel's controls: its Close button, Esc, Enter and ``keys`` (the key
    that opened it) or ``chars`` all close it, as ``Ui.CANCEL``."""
    shut = UiCommand(Ui.CANCEL)
    codes = (pygame.K_ESCAPE, pygame.K_RETURN, *keys)
    return Bindings(hits=[Hit(close, shut, "Close")], keys=dict.fromkeys(codes, shut),
                    chars=dict.fromkeys(chars, shut))


def panel_box(size: tuple[int, int], most: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """A centred read-only panel at most ``most`` big (20 px from the window's edges) and
    its Close button at the bottom."""
    w, h = size
    box = pygame.Rect(0, 0, min(w - 40, most[0]), min(h - 40, most[1]))
    box.center = (w // 2, h // 2)
    close = pygame.Rect(0, 0, 160, 44)
    close.midbottom = (box.centerx, box.bottom - 12)
    return box, close
