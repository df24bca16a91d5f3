"""The help overlay (F1 or "?"): keys, what can be said aloud, what the stats mean.
Esc, Enter, F1 or the Close button closes it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.help.content import (
    SAY_NOTE,
    SAY_SCREENS,
    STATS,
    VoiceExample,
    fit_examples,
    hand_histories,
    keys,
    voice_examples,
)
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.theme import GOLD, LEGIBLE, MUTED, TEXT
from game.render.widgets import button, dim, panel
from game.scenes.base import Host, StillScene
from game.scenes.dialog import close_bindings
from game.scenes.spoken import Description, Heard, say_list
from voice.understand.intent import Control, Intent

SAID_PER_PAGE = 4
"""Rows of voice examples said on one spoken page of help."""


@dataclass(slots=True)
class HelpScene(StillScene):
    host: Host
    opaque: bool = False
    voice: list[VoiceExample] = field(default_factory=list)
    said_page: int = 0  # the page of examples said aloud ("next page" turns it)

    def __post_init__(self) -> None:
        self.voice = voice_examples()

    def spoken_pages(self) -> list[list[VoiceExample]]:
        """Every example, the table's then the screens', a few rows a page."""
        rows = [*self.voice, *SAY_SCREENS]
        return [rows[k:k + SAID_PER_PAGE] for k in range(0, len(rows), SAID_PER_PAGE)]

    def describe(self) -> Description:
        pages = self.spoken_pages()
        page = pages[self.said_page]
        about = [f"Page {self.said_page + 1} of {len(pages)}.",
                 *(f"{row.what}: say {say_list(row.examples, '').strip()}." for row in page)]
        return Description("help", "Help: what you can say", tuple(about), (), None,
                           ("next page", "previous page", "cancel"),
                           key=str(self.said_page))

    def hear(self, intent: Intent) -> Heard:
        if intent.control in (Control.NEXT_PAGE, Control.PREVIOUS_PAGE):
            step = 1 if intent.control is Control.NEXT_PAGE else -1
            last = len(self.spoken_pages()) - 1
            if not 0 <= self.said_page + step <= last:
                return "That was the last page" if step > 0 else "This is the first page"
            return UiCommand(Ui.MOVE, step)
        if intent.control in (Control.CANCEL, Control.RESUME):
            return UiCommand(Ui.CANCEL)
        return None

    def _box(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.host.size
        box = pygame.Rect(0, 0, min(w - 24, 1400), min(h - 24, 900))
        box.center = (w // 2, h // 2)
        bh = max(30, box.h // 16)
        close = pygame.Rect(0, 0, bh * 4, bh)
        close.bottomright = (box.right - 12, box.bottom - 10)
        return box, close

    def bindings(self) -> Bindings:
        _, close = self._box()
        bindings = close_bindings(close, (pygame.K_KP_ENTER, pygame.K_F1), chars=("?",))
        bindings.keys.update({pygame.K_PAGEDOWN: UiCommand(Ui.MOVE, 1),
                              pygame.K_PAGEUP: UiCommand(Ui.MOVE, -1)})
        return bindings

    def handle(self, command: Command) -> None:
        if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
            self.host.pop(self)
        elif isinstance(command, UiCommand) and command.kind is Ui.MOVE:
            last = len(self.spoken_pages()) - 1
            self.said_page = max(0, min(last, self.said_page + int(command.number)))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        box, close = self._box()
        panel(surface, box, (28, 33, 42), radius=14, width=2)
        text = self.host.text
        size = min(20, box.h // 38)
        line = size + 4
        pad = max(10, box.w // 60)
        title = text.blit(surface, "Help", size + 8, (box.x + pad, box.y + pad // 2), GOLD,
                          bold=True)
        top = title.bottom + 4
        bottom = close.top - 4
        left_w = round(box.w * 0.42)
        x, y = box.x + pad, top
        y = self._heading(surface, "Keys", x, y, size)
        key_w = round(left_w * 0.38)
        for key, what in keys(self.host.settings.voice):  # each on up to two lines
            named = text.lines(key, size, key_w - 6, 2, bold=True)
            meant = text.lines(what, size, left_w - key_w - pad, 2)
            for k, part in enumerate(named):
                text.blit(surface, part, size, (x, y + k * line), TEXT, bold=True)
            for k, part in enumerate(meant):
                text.blit(surface, part, size, (x + key_w, y + k * line), MUTED)
            y += line * max(len(named), len(meant))
        y = self._heading(surface, "Stats", x, y + line // 2, size)
        for name, meaning in STATS:  # whole entries only, while they fit
            parts = text.wrap(meaning, size, left_w - key_w - pad)
            if y + line * len(parts) > bottom:
                break
            text.blit(surface, name, size, (x, y), TEXT, bold=True)
            for part in parts:
                text.blit(surface, part, size, (x + key_w, y), MUTED)
                y += line
        if y + 3 * line <= bottom:
            y = self._heading(surface, "Hand histories", x, y + line // 2, size)
            text.paragraph(surface, hand_histories(self.host.settings), size,
                           pygame.Rect(x, y, left_w - pad, bottom - y), MUTED)
        x = box.x + left_w + pad
        y = self._heading(surface, "Say (voice)", x, top, size)
        for what, said, at in self.say_rows():
            surface.blit(text.render(what, at, TEXT, bold=True), (x, y))
            surface.blit(text.render(said, at, MUTED), (x + self.what_width(), y))
            y += at + 4
        text.blit(surface, SAY_NOTE, size - 2, (box.x + pad, close.centery), MUTED,
                  anchor="midleft", width=close.left - box.x - 2 * pad)
        button(surface, text, close, "Close", hint="Esc")

    def _voice_column(self) -> tuple[int, int, int, int]:
        """The voice column's (width, top of its rows, bottom, text size), as drawn."""
        box, close = self._box()
        text = self.host.text
        size = min(20, box.h // 38)
        pad = max(10, box.w // 60)
        title = text.render("Help", size + 8, GOLD, bold=True).get_height()
        heading = text.render("Say (voice)", size + 3, GOLD, bold=True).get_height()
        top = box.y + pad // 2 + title + 4 + heading + 4
        width = box.right - pad - (box.x + round(box.w * 0.42) + pad)
        return width, top, close.top - 4, size

    def what_width(self) -> int:
        return round(self._voice_column()[0] * 0.34)

    def say_rows(self) -> list[tuple[str, str, int]]:
        """(what, examples shown, text size) for each row of the voice column: every row,
        each with whole examples only, at the largest size up to the help's own where
        every row fits the column's height and its first example fits the width."""
        text = self.host.text
        width, top, bottom, at = self._voice_column()
        what_w = self.what_width()
        while at > LEGIBLE:
            fits = (bottom - top) // (at + 4) >= len(self.voice) and all(
                text.font(at, True).size(row.what)[0] <= what_w - 6
                and text.font(at).size(row.examples[0])[0] <= width - what_w
                for row in self.voice)
            if fits:
                break
            at -= 1
        font = text.font(at)
        return [(row.what, fit_examples(row.examples, width - what_w,
                                        lambda s: font.size(s)[0]), at)
                for row in self.voice]

    def _heading(self, surface: pygame.Surface, label: str, x: int, y: int,
                 size: int) -> int:
        return self.host.text.blit(surface, label, size + 3, (x, y), GOLD,
                                   bold=True).bottom + 4
