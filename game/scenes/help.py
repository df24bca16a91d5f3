"""The help overlay (F1 or "?"): keys, what can be said aloud, what the stats mean and
where hand histories go, in pages that show everything whole at any window size. Right,
Page Down or Space turns to the next page, Left or Page Up back (and :meth:`turn_page`
for voice); Esc, Enter, F1 or the Close button closes it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.help.content import (
    SAY_NOTE,
    SAY_SCREENS,
    STATS,
    VoiceExample,
    hand_histories,
    keys,
    voice_examples,
)
from game.help.pages import Item, Page, Section, items, paginate
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings, Hit
from game.render.theme import GOLD, LEGIBLE, MUTED, TEXT
from game.render.widgets import button, dim, panel
from game.scenes.base import Host, StillScene
from game.scenes.dialog import close_bindings
from game.scenes.spoken import Description, Heard, say_list
from voice.understand.intent import Control, Intent

SAID_PER_PAGE = 4
"""Rows of voice examples said on one spoken page of help."""

NEXT, BACK = UiCommand(Ui.MOVE, 1), UiCommand(Ui.MOVE, -1)


@dataclass(frozen=True, slots=True)
class HelpLayout:
    """Where the help's parts go for one window size, and its pages."""

    box: pygame.Rect
    close: pygame.Rect
    back: pygame.Rect
    next: pygame.Rect
    columns: tuple[pygame.Rect, ...]
    name_w: int
    size: int
    line: int
    pages: tuple[Page, ...]


@dataclass(slots=True)
class HelpScene(StillScene):
    host: Host
    opaque: bool = False
    page: int = 0
    cache: dict[object, HelpLayout] = field(default_factory=dict)
    said_page: int = 0  # the page of examples said aloud (turned with the shown one)

    def sections(self) -> tuple[Section, ...]:
        settings = self.host.settings
        say = tuple((row.what, row.examples) for row in (*voice_examples(), *SAY_SCREENS))
        return (Section("Keys", tuple(keys(settings.voice))),
                Section("Say (voice)", (*say, ("", SAY_NOTE))),
                Section("Stats", STATS),
                Section("Hand histories", (("", hand_histories(settings)),)))

    def spoken_pages(self) -> list[list[VoiceExample]]:
        """Every example, the table's then the screens', a few rows a page."""
        rows = [*voice_examples(), *SAY_SCREENS]
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
            return NEXT if step > 0 else BACK
        if intent.control in (Control.CANCEL, Control.RESUME):
            return UiCommand(Ui.CANCEL)
        return None

    def layout(self) -> HelpLayout:
        """The help's geometry and pages at the window's size (kept until the size or
        the content changes)."""
        sections = self.sections()
        key = (self.host.size, sections)
        got = self.cache.get(key)
        if got is None:
            self.cache.clear()
            got = self.cache[key] = self._layout(sections)
        return got

    def _layout(self, sections: tuple[Section, ...]) -> HelpLayout:
        w, h = self.host.size
        text = self.host.text
        box = pygame.Rect(0, 0, min(w - 24, 1400), min(h - 24, 900))
        box.center = (w // 2, h // 2)
        pad = max(10, box.w // 60)
        bh = max(30, box.h // 16)
        close = pygame.Rect(0, 0, bh * 4, bh)
        close.bottomright = (box.right - pad, box.bottom - 10)
        nxt = close.move(-close.w - pad, 0)
        back = nxt.move(-close.w - pad // 2, 0)
        size = max(LEGIBLE, min(22, box.h // 34))
        line = text.line_height(size + 2, True)
        top = box.y + pad // 2 + text.line_height(size + 8, True) + 4
        col_w = (box.w - 3 * pad) // 2
        columns = tuple(pygame.Rect(box.x + pad + k * (col_w + pad), top, col_w,
                                    close.top - 6 - top) for k in range(2))
        name_w = round(col_w * 0.36)
        meaning_w = col_w - name_w - 8
        flowed = items(sections, name_w, meaning_w, col_w,
                       lambda s, width, bold: text.wrap(s, size, width, bold),
                       lambda examples, width: text.flow(examples, size, width, 99))
        pages = paginate(flowed, max(2, columns[0].h // line))
        return HelpLayout(box, close, back, nxt, columns, name_w, size, line, tuple(pages))

    @property
    def pages(self) -> int:
        """How many pages the help has at this window size."""
        return len(self.layout().pages)

    def turn_page(self, step: int) -> bool:
        """Move ``step`` pages on (back when negative), stopping at the first and last;
        whether the page changed (voice: "that's the last page" when not)."""
        page = max(0, min(self.pages - 1, self.page + step))
        moved, self.page = page != self.page, page
        return moved

    def bindings(self) -> Bindings:
        L = self.layout()
        b = close_bindings(L.close, (pygame.K_KP_ENTER, pygame.K_F1), chars=("?",))
        if len(L.pages) > 1:
            b.hits += [Hit(L.back, BACK, "help.back"), Hit(L.next, NEXT, "help.next")]
            for code in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
                b.keys[code] = NEXT
            for code in (pygame.K_LEFT, pygame.K_PAGEUP):
                b.keys[code] = BACK
        return b

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.CANCEL:
            self.host.pop(self)
        elif command.kind is Ui.MOVE:
            self.turn_page(int(command.number))
            last = len(self.spoken_pages()) - 1
            self.said_page = max(0, min(last, self.said_page + int(command.number)))

    def resize(self, size: tuple[int, int]) -> None:
        self.page = min(self.page, self.pages - 1)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        L = self.layout()
        text = self.host.text
        panel(surface, L.box, (28, 33, 42), radius=14, width=2)
        pad = L.columns[0].x - L.box.x
        text.blit(surface, "Help", L.size + 8, (L.box.x + pad, L.box.y + pad // 2), GOLD,
                  bold=True)
        page = L.pages[min(self.page, len(L.pages) - 1)]
        for column, run in zip(L.columns, page, strict=False):
            self._column(surface, L, column, run)
        many = len(L.pages) > 1
        if many:
            button(surface, text, L.back, "Previous", hint="Left", enabled=self.page > 0)
            button(surface, text, L.next, "Next", hint="Right",
                   enabled=self.page < len(L.pages) - 1)
            text.blit(surface, f"Page {self.page + 1} of {len(L.pages)}", L.size,
                      (L.box.x + pad, L.close.centery), MUTED, anchor="midleft",
                      width=L.back.left - L.box.x - 2 * pad)
        button(surface, text, L.close, "Close", hint="Esc")

    def _column(self, surface: pygame.Surface, L: HelpLayout, column: pygame.Rect,
                run: tuple[Item, ...]) -> None:
        text = self.host.text
        y = column.y
        for k, item in enumerate(run):
            if item.heading:
                y += L.line if k else 0  # a blank line between sections
                text.blit(surface, item.heading, L.size + 2, (column.x, y), GOLD, bold=True)
                y += L.line
                continue
            x = column.x + (L.name_w + 8 if item.name else 0)
            for n, part in enumerate(item.name):
                text.blit(surface, part, L.size, (column.x, y + n * L.line), TEXT, bold=True)
            for n, part in enumerate(item.meaning):
                text.blit(surface, part, L.size, (x, y + n * L.line), MUTED)
            y += item.lines * L.line
