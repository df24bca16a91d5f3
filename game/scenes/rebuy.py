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
from game.scenes.base import Host, Opening, SceneName, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    MenuLayout,
    Row,
    draw_menu,
    menu_bindings,
    menu_layout,
)
from game.table.session import TableSession


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
                                                pygame.K_ESCAPE, "Esc"))
        self.buttons = [ButtonSpec("Add chips", UiCommand(Ui.CONFIRM), pygame.K_RETURN,
                                   "Enter"), leave]

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
        elif k is Ui.CONFIRM:
            self._confirm()
        elif k is Ui.CANCEL:
            self.host.pop(self)
        elif k is Ui.LEAVE:
            self.host.open(SceneName.START, Opening(notice="You left the table"))

    def _confirm(self) -> None:
        try:
            self.session.add_chips(self.seat, self.amount)
        except TableError as refusal:
            self.error = str(refusal)
            return
        self.on_added(self.amount)
        self.host.pop(self)

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
