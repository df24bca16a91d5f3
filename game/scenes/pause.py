"""Pause overlay: the table stops (clock included) until resumed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from engine.chips import chip_text
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.theme import MUTED
from game.render.widgets import dim
from game.scenes.base import Host, Opening, SceneName, StillScene
from game.scenes.dialog import ButtonSpec, draw_menu, menu_bindings, menu_layout
from game.settings.model import GameSettings
from game.table.session import TableSession


@dataclass(slots=True)
class PauseScene(StillScene):
    host: Host
    session: TableSession
    seat: int
    on_change: Callable[[GameSettings], None] | None = None
    opaque: bool = False
    buttons: list[ButtonSpec] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = [
            ButtonSpec("Resume", UiCommand(Ui.RESUME), pygame.K_ESCAPE, "Esc"),
            ButtonSpec("Hands", UiCommand(Ui.SELECT, "hands"), pygame.K_h, "H"),
            ButtonSpec("Stats", UiCommand(Ui.SELECT, "stats"), pygame.K_t, "T"),
            ButtonSpec("Settings", UiCommand(Ui.SETTINGS), pygame.K_o, "O"),
            ButtonSpec("Leave table", UiCommand(Ui.LEAVE), pygame.K_l, "L"),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_q, "Q"),
        ]

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.6)
        return menu_bindings(L, 0, self.buttons, {pygame.K_p: UiCommand(Ui.RESUME),
                                                  pygame.K_RETURN: UiCommand(Ui.RESUME)})

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.RESUME:
            self.host.pop(self)
        elif command.kind is Ui.SELECT and command.value == "hands":
            self.host.open(SceneName.HANDS)
        elif command.kind is Ui.SELECT and command.value == "stats":
            self.host.open(SceneName.STATS, Opening(session=self.session))
        elif command.kind is Ui.SETTINGS:
            self.host.open(SceneName.SETTINGS, Opening(on_change=self.on_change))
        elif command.kind is Ui.LEAVE:
            stack = self.session.stacks()[self.seat]
            kept = " Your seat is saved: Continue to sit back down." \
                if self.session.save.active else ""
            self.host.open(SceneName.START,
                           Opening(notice=f"You left with {chip_text(stack)} chips.{kept}"))
        elif command.kind is Ui.QUIT:
            self.host.quit()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.6)
        draw_menu(surface, self.host.text, L, "Paused", [], -1, self.buttons,
                  "The clock is stopped", MUTED)
