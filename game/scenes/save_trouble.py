"""The "can't save" overlay: opened at a hand break while the save file refuses writes.

The hands played meanwhile wait in memory (``SaveGame.pending``). The player chooses
"Try again" (closes once everything is written) or "Play on without saving" (no more
pauses; the game keeps retrying at each hand's end and says when saving works again).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.persistence.saving import SaveGame
from game.render.theme import MUTED
from game.render.widgets import dim
from game.scenes.base import Host, StillScene
from game.scenes.dialog import ButtonSpec, draw_menu, menu_bindings, menu_layout
from game.scenes.spoken import Description, Heard, answers, menu_items, pressed
from voice.understand.intent import Intent

RETRY = "retry"
PLAY_ON = "play-on"


def trouble_line(save: SaveGame) -> str:
    """Why saving fails and what waits, in one short line for the overlay."""
    trouble = save.trouble or ""
    found = re.search(r"\(([^()]*)\)", trouble)
    why = found.group(1) if found else trouble
    waiting = save.pending_hands
    kept = f"{waiting} hand{'s' if waiting != 1 else ''} kept in memory"
    return f"Can't write the save file: {why} · {kept}".strip()


@dataclass(slots=True)
class SaveTroubleScene(StillScene):
    host: Host
    save: SaveGame
    opaque: bool = False
    note: str = ""
    buttons: list[ButtonSpec] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.note = trouble_line(self.save)
        self.buttons = [
            ButtonSpec("Try again", UiCommand(Ui.SELECT, RETRY), pygame.K_RETURN, "Enter"),
            ButtonSpec("Play on without saving", UiCommand(Ui.SELECT, PLAY_ON), pygame.K_p,
                       "P", said_by=("resume",)),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_q, "Q"),
        ]

    def describe(self) -> Description:
        return Description("save-trouble", "The game can't save",
                           (self.note, "Say yes to try again, or play on without saving."),
                           menu_items([], self.buttons), None,
                           ("yes", "play on", "quit the game"))

    def hear(self, intent: Intent) -> Heard:
        if answers(intent) is True:
            return UiCommand(Ui.SELECT, RETRY)
        return pressed(intent, self.buttons)

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.7)
        return menu_bindings(L, 0, self.buttons, {})

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.SELECT and command.value == RETRY:
            if self.save.retry() or self.save.store is None:
                self.host.pop(self)
            else:
                self.note = "Still failing. " + trouble_line(self.save)
        elif command.kind is Ui.SELECT and command.value == PLAY_ON:
            self.save.play_on()
            self.host.pop(self)
        elif command.kind is Ui.QUIT:
            self.host.quit()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = menu_layout(self.host.size, 0, len(self.buttons), 0.7)
        draw_menu(surface, self.host.text, L, "Saving failed", [], -1, self.buttons,
                  self.note, MUTED)
