"""Rebuy / top-up dialog between hands: choose an amount within the buy-in range."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from engine.chips import chip_text
from engine.table import TableError
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.layout import table_layout
from game.render.theme import MUTED, ORANGE
from game.render.widgets import dim
from game.scenes.base import Host, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    MenuLayout,
    Row,
    draw_menu,
    menu_bindings,
    menu_layout,
)
from game.scenes.spoken import Description, Heard, Item, answers, pressed
from game.table.session import TableSession
from voice.understand.intent import Control, Intent


@dataclass(slots=True)
class RebuyScene(StillScene):
    host: Host
    session: TableSession
    seat: int
    on_added: Callable[[int], None]
    opaque: bool = False
    amount: int = 0
    error: str = ""
    buttons: list[ButtonSpec] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.amount = self.limits()[1]
        leave = (ButtonSpec("Leave table", UiCommand(Ui.LEAVE), pygame.K_l, "L")
                 if self.busted else ButtonSpec("Cancel", UiCommand(Ui.CANCEL),
                                                pygame.K_ESCAPE, "Esc",
                                                said_by=("cancel", "resume")))
        self.buttons = [ButtonSpec("Add chips", UiCommand(Ui.CONFIRM), pygame.K_RETURN,
                                   "Enter", said_by=("rebuy", "deal")), leave]

    @property
    def stack(self) -> int:
        return self.session.stacks()[self.seat]

    @property
    def busted(self) -> bool:
        return self.stack == 0

    def limits(self) -> tuple[int, int]:
        """Smallest and largest amount that keeps the stack within the buy-in range."""
        cfg = self.session.config
        low = max(1, cfg.min_buy_in - self.stack)
        high = max(0, cfg.max_buy_in - self.stack)
        return low, high

    def top(self) -> int:
        """Where the dialog may begin: below the player's own cards, so the hand just
        played (the board, the winning hand's name, every shown hand) stays in view."""
        return table_layout(*self.host.size).seats[0].cards[0].bottom + 2

    def layout(self) -> MenuLayout:
        return menu_layout(self.host.size, 1, len(self.buttons), 0.42, top=self.top())

    def bindings(self) -> Bindings:
        L = self.layout()
        keys: dict[int, Command] = {pygame.K_KP_ENTER: UiCommand(Ui.CONFIRM),
                                    pygame.K_HOME: UiCommand(Ui.AMOUNT, 0),
                                    pygame.K_END: UiCommand(Ui.AMOUNT, 1)}
        return menu_bindings(L, 1, self.buttons, keys)

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        low, high = self.limits()
        step = self.session.config.big_blind * 10
        k = command.kind
        if k is Ui.CHANGE:
            _, direction = command.pair
            self.amount = max(low, min(high, self.amount + direction * step))
        elif k is Ui.AMOUNT:
            self.amount = high if command.value else low
        elif k is Ui.CHOOSE:
            self.amount = max(low, min(high, self._said_amount(command.text) or self.amount))
            self.error = ""
        elif k is Ui.CONFIRM:
            self._confirm()
        elif k is Ui.CANCEL:
            self.host.pop(self)
        elif k is Ui.LEAVE:  # asked first, as by voice
            self.host.ask_to_leave()

    def _confirm(self) -> None:
        try:
            self.session.add_chips(self.seat, self.amount)
        except TableError as refusal:
            self.error = str(refusal)
            return
        self.on_added(self.amount)
        self.host.pop(self)

    def _said_amount(self, said: str) -> int | None:
        """Chips from a value said here ("chips=2000", "buy_in_bb=50"), else None."""
        row, _, value = said.partition("=")
        if not value.isdigit():
            return None
        chips = int(value) * (self.session.config.big_blind if row == "buy_in_bb" else 1)
        # "rebuy to 2,000" names the stack after; "rebuy for 1,000" the chips added: the
        # amount is taken as added unless adding it would pass the most allowed.
        low, high = self.limits()
        if chips > high and low <= chips - self.stack <= high:
            return chips - self.stack
        return chips

    # ------------------------------------------------------------ by ear

    def describe(self) -> Description:
        low, high = self.limits()
        cfg = self.session.config
        if self.busted:
            title = "Rebuy"  # the table has just said "You're out of chips"
            hints: tuple[str, ...] = ("yes", f"rebuy for {chip_text(low)}", "leave the table",
                                      "quit the game")
        else:
            title = "Top up your stack"
            hints = ("yes", f"top up to {chip_text(cfg.max_buy_in)}", "cancel")
        if high < low:
            about: tuple[str, ...] = ("You already have the most you may have in front of you.",)
        else:
            about = (f"Add {chip_text(self.amount)} chips: your stack would be "
                     f"{chip_text(self.stack + self.amount)}.",
                     f"You may add {chip_text(low)} to {chip_text(high)}.")
        if self.error:
            about = (self.error, *about)
        items = (Item("Add", f"{chip_text(self.amount)} chips, your stack would be "
                      f"{chip_text(self.stack + self.amount)}", "setting"),
                 *(Item(b.label) for b in self.buttons))
        return Description("rebuy", title, about, items, 0, hints, key=self.error)

    def hear(self, intent: Intent) -> Heard:
        if intent.control is Control.CHOOSE and intent.choice is not None \
                and intent.choice.row in ("chips", "buy_in_bb"):
            said = self._said_amount(f"{intent.choice.row}={intent.choice.value}")
            low, high = self.limits()
            if said is None or not low <= said <= high:
                return f"You may add {chip_text(low)} to {chip_text(high)}"
            return UiCommand(Ui.CHOOSE, f"chips={said}")
        if answers(intent) is True:
            return UiCommand(Ui.CONFIRM)
        if answers(intent) is False and self.busted:
            return "You're out of chips: say yes to rebuy, or leave the table"
        return pressed(intent, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        top = self.top()
        w, h = surface.get_size()
        dim(surface.subsurface(pygame.Rect(0, top, w, h - top)))
        L = self.layout()
        low, high = self.limits()
        cfg = self.session.config
        title = "You're out of chips — rebuy" if self.busted else "Top up your stack"
        row = Row("Add", f"{chip_text(self.amount)}  (stack {chip_text(self.stack + self.amount)})")
        note = self.error or (f"Stack after: {chip_text(cfg.min_buy_in)}–"
                              f"{chip_text(cfg.max_buy_in)} "
                              f"(20–100 BB) · Left/Right by {cfg.big_blind * 10}")
        if high < low:
            note = "You already have the maximum in front of you"
        draw_menu(surface, self.host.text, L, title, [row], 0, self.buttons, note,
                  ORANGE if self.error else MUTED)
