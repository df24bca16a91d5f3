"""The replayer: recent stored hands, each stepped through action by action on the same
table picture as live play. Up/Down choose a hand, Left/Right step, Esc closes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.actions import IllegalAction
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings, Hit
from game.persistence.store import CorruptRecord, HandRecord, StoreError
from game.records.library import Library, sit_and_go_beside
from game.records.steps import Step, hand_title, names_of, steps
from game.render.layout import TableLayout, table_layout
from game.render.table import SeatStatus, TableRenderer
from game.render.theme import BG, GOLD, MUTED, ORANGE, TEXT
from game.render.widgets import button
from game.scenes.base import Host
from game.scenes.spoken import Description, Heard, Item
from game.settings.model import HUMAN_SEAT
from game.table.view import TableDisplay
from voice.speak.ear import cards_said
from voice.understand.intent import Control, Intent

RECENT = 50
PREV, NEXT, BACK, FORWARD, FIRST, LAST = "prev", "next", "back", "forward", "first", "last"
CONTROLS = ((BACK, "< Back", "Left"), (FORWARD, "Forward >", "Right / Space"),
            (PREV, "Newer hand", "Up"), (NEXT, "Older hand", "Down"), ("close", "Close", "Esc"))


def recent_hands(host: Host, limit: int = RECENT) -> tuple[list[HandRecord], str]:
    """The last ``limit`` complete hands, the cash table's and the Sit & Gos', newest
    first, and a sentence when none can be shown."""
    store = host.save.store
    if store is None:
        return [], "Hands are not being saved, so there is nothing to replay."
    sit_and_go = sit_and_go_beside(store)
    try:
        hands = Library.of(store, sit_and_go).hands()[-limit:][::-1]
    except (CorruptRecord, StoreError) as err:
        return [], f"The stored hands can't be read: {err}"
    finally:
        if sit_and_go is not None:
            sit_and_go.close()
    return hands, "" if hands else "No hands played yet."


@dataclass(slots=True)
class ReplayerScene:
    host: Host
    hands: list[HandRecord]
    notice: str = ""
    chosen: int = 0
    step: int = 0
    opaque: bool = True
    steps: list[Step] = field(default_factory=list)
    display: TableDisplay = field(init=False)
    layout: TableLayout = field(init=False)
    renderer: TableRenderer = field(init=False)

    @classmethod
    def open(cls, host: Host) -> ReplayerScene:
        hands, notice = recent_hands(host)
        return cls(host, hands, notice)

    def __post_init__(self) -> None:
        self.layout = table_layout(*self.host.size)
        self.renderer = TableRenderer(self.host.text, self.host.sprites)
        self.display = TableDisplay.empty(HUMAN_SEAT, 4)
        self._load()

    # ------------------------------------------------------------ model

    @property
    def animating(self) -> bool:
        return False

    @property
    def record(self) -> HandRecord | None:
        return self.hands[self.chosen] if self.hands else None

    def _load(self) -> None:
        """Steps of the chosen hand, shown from the deal."""
        self.steps, self.step = [], 0
        record = self.record
        if record is None:
            return
        try:
            self.steps = steps(record, HUMAN_SEAT)
        except (IllegalAction, ValueError) as err:
            self.notice = f"Hand {record.id} can't be replayed: {err}"
        self._show()

    def _show(self) -> None:
        """Rebuild the table picture at the current step (between input, never in draw)."""
        record = self.record
        n = len(record.config.stacks) if record is not None else 4
        self.display = TableDisplay.empty(HUMAN_SEAT, n)
        if record is None or not self.steps:
            return
        given = record.config.names or ()
        dealt = record.config.players
        present = tuple(dealt[s] or (s < len(given) and bool(given[s])) for s in range(n))
        self.display.seat_table(names_of(record), record.config.stacks, present,
                                tuple(not d for d in dealt))
        for event in self.steps[self.step].events:
            self.display.apply(event)

    # ------------------------------------------------------------ input

    def _rects(self) -> list[tuple[str, str, str, pygame.Rect]]:
        area = self.layout.bar.area
        gap = max(6, area.h // 10)
        w = (area.w - gap * (len(CONTROLS) + 1)) // len(CONTROLS)
        h = min(area.h - 2 * gap, max(36, area.h // 2))
        return [(key, label, hint, pygame.Rect(area.x + gap + i * (w + gap),
                                               area.centery - h // 2, w, h))
                for i, (key, label, hint) in enumerate(CONTROLS)]

    def bindings(self) -> Bindings:
        hits = [Hit(rect, UiCommand(Ui.CANCEL) if key == "close" else UiCommand(Ui.MOVE, key),
                    label) for key, label, _, rect in self._rects()]
        keys: dict[int, Command] = {
            pygame.K_ESCAPE: UiCommand(Ui.CANCEL), pygame.K_q: UiCommand(Ui.CANCEL),
            pygame.K_LEFT: UiCommand(Ui.MOVE, BACK), pygame.K_RIGHT: UiCommand(Ui.MOVE, FORWARD),
            pygame.K_UP: UiCommand(Ui.MOVE, PREV), pygame.K_DOWN: UiCommand(Ui.MOVE, NEXT),
            pygame.K_HOME: UiCommand(Ui.MOVE, FIRST), pygame.K_END: UiCommand(Ui.MOVE, LAST),
            pygame.K_SPACE: UiCommand(Ui.MOVE, FORWARD),
        }
        return Bindings(hits=hits, keys=keys)

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.CANCEL:
            self.host.pop(self)
        elif command.kind is Ui.MOVE:
            self.move(command.text)

    def move(self, where: str) -> None:
        """Step within the hand, or choose another hand."""
        last = max(0, len(self.steps) - 1)
        if where in (PREV, NEXT) and self.hands:
            self.chosen = max(0, min(len(self.hands) - 1,
                                     self.chosen + (1 if where == NEXT else -1)))
            self._load()
            return
        target = {BACK: self.step - 1, FORWARD: self.step + 1, FIRST: 0, LAST: last}.get(
            where, self.step)
        self.step = max(0, min(last, target))
        self._show()

    def describe(self) -> Description:
        record, current = self.record, self.steps[self.step] if self.steps else None
        about = [self.notice] if self.notice else []
        items: tuple[Item, ...] = ()
        if record is not None:
            about.append(f"{len(self.hands)} hands. Up and down choose a hand, left and "
                         "right step through it.")
            said = cards_said(" ".join(current.lines)) if current is not None else ""
            items = (Item(f"Hand {record.number}, step {self.step} of "
                          f"{max(0, len(self.steps) - 1)}", said or "dealt", "text"),)
        return Description("replayer", "Hand replayer", tuple(about), items,
                           0 if items else None, ("next page", "previous page", "cancel"),
                           key=str(self.chosen))

    def hear(self, intent: Intent) -> Heard:
        if intent.control is Control.NEXT_PAGE:
            return UiCommand(Ui.MOVE, FORWARD)
        if intent.control is Control.PREVIOUS_PAGE:
            return UiCommand(Ui.MOVE, BACK)
        if intent.control in (Control.CANCEL, Control.RESUME):
            return UiCommand(Ui.CANCEL)
        return None

    def update(self, dt: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = table_layout(*size)

    # ------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        text = self.host.text
        surface.fill(BG)
        current = self.steps[self.step] if self.steps else None
        acting = current.to_act if current is not None else None
        self.renderer.draw(surface, L, self.display, None, 1.0, SeatStatus(acting=acting), ())
        pygame.draw.rect(surface, (26, 30, 38), L.top_bar)
        record = self.record
        title = "Replayer"
        if record is not None and current is not None:
            title = (f"Replayer · {hand_title(record)} · step {self.step} of "
                     f"{len(self.steps) - 1}")
        text.blit(surface, title, round(L.title.h * 0.6), L.title.midleft, TEXT, bold=True,
                  anchor="midleft", width=L.top_bar.w - 2 * L.title.x)
        self._draw_side(surface, current)
        pygame.draw.rect(surface, (26, 30, 38), L.bar.area)
        for key, label, hint, rect in self._rects():
            enabled = key == "close" or bool(self.steps) or bool(self.hands)
            button(surface, text, rect, label, hint=hint, enabled=enabled)

    def _draw_side(self, surface: pygame.Surface, current: Step | None) -> None:
        L = self.layout
        text = self.host.text
        pygame.draw.rect(surface, (24, 28, 36), L.side)
        size = round(15 * L.ui_scale)
        y = L.log.y + 4
        width = L.side.w - 16
        if self.notice:
            for line in text.wrap(self.notice, size, width):
                y = text.blit(surface, line, size, (L.side.x + 8, y), ORANGE).bottom + 2
        first = max(0, min(self.chosen - 3, len(self.hands) - 8))
        for i, record in enumerate(self.hands[first:first + 8], start=first):
            color = GOLD if i == self.chosen else MUTED
            # One size for all rows; a long one wraps (number, time, board, who won).
            for part in text.lines(hand_title(record), size, width, 3):
                row = text.render(part, size, color)
                surface.blit(row, (L.side.x + 8, y))
                y += row.get_height()
            y += 2
        y += size
        if current is None:
            return
        # Long lines wrap at the list's one size rather than shrinking.
        lines = [(wrapped, s is current) for s in self.steps[:self.step + 1]
                 for line in s.lines for wrapped in text.wrap(line, size, width)]
        room = max(1, (L.side.bottom - y) // (size + 3))
        for line, latest in lines[-room:]:
            y = text.blit(surface, line, size, (L.side.x + 8, y), TEXT if latest else MUTED,
                          width=width).bottom + 3
