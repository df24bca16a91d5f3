"""A Sit & Go's results: the places and points, first place first, shown and said when it
ends; then a new one, the start screen, or quit."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.theme import BG, GOLD, TEXT
from game.scenes.base import Host, SceneName, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    Row,
    draw_menu,
    focus_keys,
    keys_said,
    menu_bindings,
    menu_layout,
)
from game.scenes.seating import open_sit_and_go
from game.scenes.spoken import Description, Heard, menu_items, pressed
from voice.understand.intent import Intent

STANDARD, TURBO = "standard", "turbo"


@dataclass(slots=True)
class ResultsScene(StillScene):
    """``title`` ("Sit & Go #3 is over") and ``lines`` ("1st Vera 65 points", ...)."""

    host: Host
    title: str
    lines: tuple[str, ...]
    opaque: bool = True
    buttons: list[ButtonSpec] = field(default_factory=list)
    focus: int = 0  # the focused button (Continue)

    def __post_init__(self) -> None:
        self.buttons = [
            ButtonSpec("Continue", UiCommand(Ui.CONFIRM), pygame.K_RETURN, "Enter",
                       said_by=("resume", "cancel", "sit_down")),
            ButtonSpec("Sit & Go", UiCommand(Ui.SELECT, STANDARD), pygame.K_s, "S",
                       said_by=("sit_and_go",)),
            ButtonSpec("Turbo", UiCommand(Ui.SELECT, TURBO), pygame.K_u, "U",
                       said_by=("turbo",)),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_ESCAPE, "Esc"),
        ]

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, len(self.lines), len(self.buttons), 0.5)
        return focus_keys(menu_bindings(L, 0, self.buttons, {}))

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.MOVE:
            self.focus = (self.focus + int(command.number)) % len(self.buttons)
        elif command.kind is Ui.PRESS:
            self.handle(self.buttons[self.focus].command)
        elif command.kind is Ui.CONFIRM:
            self.host.open(SceneName.START)
        elif command.kind is Ui.SELECT and command.value in (STANDARD, TURBO):
            open_sit_and_go(self.host, str(command.value))
        elif command.kind is Ui.QUIT:  # asked first, as by voice
            self.host.ask_to_quit()

    def describe(self) -> Description:
        return Description("results", self.title, tuple(f"{line}." for line in self.lines),
                           menu_items([], self.buttons), self.focus,
                           ("continue", "sit and go", "turbo", "quit the game"),
                           keys=keys_said(self.buttons))

    def hear(self, intent: Intent) -> Heard:
        return pressed(intent, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        L = menu_layout(self.host.size, len(self.lines), len(self.buttons), 0.5)
        rows = [Row("", "", arrows=False) for _ in self.lines]
        draw_menu(surface, self.host.text, L, self.title, rows, len(rows) + self.focus,
                  self.buttons, "", GOLD)
        text = self.host.text
        mine = self.host.settings.player_name
        for line, (label, _, _, right) in zip(self.lines, L.rows, strict=False):
            words = line.split()  # "1st Ann Lee 65 points"
            place, name, points = words[0], " ".join(words[1:-2]), words[-2]
            color = GOLD if name == mine else TEXT
            size = round(label.h * 0.7)
            text.blit(surface, f"{place}  {name}", size, label.midleft, color, bold=True,
                      anchor="midleft", width=right.right - label.x)
            text.blit(surface, f"{points} points", size, right.midright, color,
                      anchor="midright")
