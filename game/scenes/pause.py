"""Pause overlay: the table stops (clock included) until resumed. Leaving and quitting
are asked first, by key or click as by voice; Tab or the arrows move the focus (said)
and Enter presses it."""

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
from game.scenes.dialog import (
    ButtonSpec,
    MenuLayout,
    draw_menu,
    focus_keys,
    keys_said,
    menu_bindings,
    menu_layout,
)
from game.scenes.spoken import Description, Heard, menu_items, pressed
from game.settings.model import GameSettings
from game.table.session import TableSession
from voice.understand.intent import Intent


@dataclass(slots=True)
class PauseScene(StillScene):
    host: Host
    session: TableSession
    seat: int
    on_change: Callable[[GameSettings], None] | None = None
    opaque: bool = False
    buttons: list[ButtonSpec] = field(default_factory=list)
    focus: int = 0  # the focused button (Resume)

    def __post_init__(self) -> None:
        self.buttons = [
            ButtonSpec("Resume", UiCommand(Ui.RESUME), pygame.K_ESCAPE, "Esc",
                       said_by=("resume", "cancel", "pause")),
            ButtonSpec("Hands", UiCommand(Ui.SELECT, "hands"), pygame.K_h, "H",
                       said_by=("screen=hands",)),
            ButtonSpec("Stats", UiCommand(Ui.SELECT, "stats"), pygame.K_t, "T",
                       said_by=("screen=stats",)),
            ButtonSpec("Settings", UiCommand(Ui.SETTINGS), pygame.K_o, "O",
                       said_by=("screen=settings",)),
            ButtonSpec("Leave table", UiCommand(Ui.LEAVE), pygame.K_l, "L"),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_q, "Q"),
        ]

    def bindings(self) -> Bindings:
        L = self.layout()
        return focus_keys(menu_bindings(L, 0, self.buttons, {pygame.K_p: UiCommand(Ui.RESUME)}))

    def layout(self) -> MenuLayout:
        """Two lines of three buttons: "Leave table" whole at 960x540 (six in a line
        cut it)."""
        return menu_layout(self.host.size, 0, len(self.buttons), 0.6, per_row=3)

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.MOVE:
            self.focus = (self.focus + int(command.number)) % len(self.buttons)
        elif command.kind is Ui.PRESS:
            self.handle(self.buttons[self.focus].command)
        elif command.kind is Ui.RESUME:
            self.host.pop(self)
        elif command.kind is Ui.SELECT and command.value == "hands":
            self.host.open(SceneName.HANDS)
        elif command.kind is Ui.SELECT and command.value == "stats":
            self.host.open(SceneName.STATS, Opening(session=self.session))
        elif command.kind is Ui.SETTINGS:
            self.host.open(SceneName.SETTINGS, Opening(on_change=self.on_change))
        elif command.kind is Ui.LEAVE:  # asked first, as by voice
            self.host.ask_to_leave()
        elif command.kind is Ui.QUIT:
            self.host.ask_to_quit()
        elif command.kind is Ui.HELP:
            self.host.open(SceneName.HELP)

    def describe(self) -> Description:
        chips = chip_text(self.session.stacks()[self.seat])
        return Description("pause", "Paused", (f"The clock is stopped. You have {chips} chips.",),
                           menu_items([], self.buttons), self.focus,
                           ("resume", "leave the table", "quit the game", "open settings",
                            "open my stats", "open the hand history"),
                           keys=keys_said(self.buttons, "P: Resume"))

    def hear(self, intent: Intent) -> Heard:
        if intent.choice is not None and intent.choice.value == "help":
            return UiCommand(Ui.HELP)
        return pressed(intent, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = self.layout()
        draw_menu(surface, self.host.text, L, "Paused", [], self.focus, self.buttons,
                  "The clock is stopped", MUTED)
