"""A yes-or-no question as a dialog over whatever screen asked it: leave the table,
quit the game, close the saved table. Said aloud when it opens; answered by voice
("yes", "no", or the asked command again), by key (Y, N or Esc; Tab or the arrows move
the focus, said, and Enter presses it: Yes first) or by click."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.theme import GOLD
from game.render.widgets import dim
from game.scenes.base import Host, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    draw_menu,
    focus_keys,
    keys_said,
    menu_bindings,
    menu_layout,
)
from game.scenes.spoken import Description, Heard, Item, answers, said_key
from voice.understand.intent import Intent


@dataclass(slots=True)
class ConfirmScene(StillScene):
    """``question`` ("Leave the table?") with ``detail`` ("You have 1,240 chips");
    ``on_yes`` runs after the dialog closes on a yes; ``asked`` is the voice command
    that asked it ("leave"): said again, it is the yes."""

    host: Host
    name: str
    question: str
    detail: str
    on_yes: Callable[[], None]
    asked: str = ""
    opaque: bool = False
    buttons: list[ButtonSpec] = field(default_factory=list)
    focus: int = 0  # the focused button (Yes)

    def __post_init__(self) -> None:
        self.buttons = [
            ButtonSpec("Yes", UiCommand(Ui.CONFIRM), pygame.K_y, "Y"),
            ButtonSpec("No", UiCommand(Ui.CANCEL), pygame.K_n, "N"),
        ]

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.45)
        return focus_keys(menu_bindings(L, 0, self.buttons,
                                        {pygame.K_ESCAPE: UiCommand(Ui.CANCEL)}))

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.MOVE:
            self.focus = (self.focus + int(command.number)) % len(self.buttons)
        elif command.kind is Ui.PRESS:
            self.handle(self.buttons[self.focus].command)
        elif command.kind is Ui.CONFIRM:
            self.host.pop(self)
            self.on_yes()
        elif command.kind is Ui.CANCEL:
            self.host.pop(self)

    def describe(self) -> Description:
        return Description(self.name, self.question, (self.detail,) if self.detail else (),
                           (Item("Yes"), Item("No")), self.focus, ("yes", "no"),
                           keys=keys_said(self.buttons, "Escape: No"))

    def hear(self, intent: Intent) -> Heard:
        said = answers(intent)
        if said is None and self.asked and said_key(intent) == self.asked:
            said = True  # the asked command said again is the yes
        if said is None:
            return f"{self.question} Say yes or no"
        return UiCommand(Ui.CONFIRM if said else Ui.CANCEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.45)
        draw_menu(surface, self.host.text, L, self.question, [], self.focus, self.buttons,
                  self.detail, GOLD)
