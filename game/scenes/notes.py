"""The notes dialog: the player's note on a bot, typed from its seat (Enter keeps it,
Esc leaves it as it was; an empty note is removed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.render.theme import GOLD, MUTED, TEXT
from game.render.widgets import dim, panel
from game.scenes.base import Host, StillScene
from game.scenes.dialog import ButtonSpec, Row, draw_menu, menu_bindings, menu_layout
from game.scenes.spoken import Description, Heard, answers, menu_items
from game.table.notes import MAX_NOTE
from voice.understand.intent import Intent


@dataclass(slots=True)
class NotesScene(StillScene):
    host: Host
    name: str
    text: str
    on_note: Callable[[str], None]
    opaque: bool = False
    buttons: list[ButtonSpec] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = [ButtonSpec("Keep note", UiCommand(Ui.CONFIRM), pygame.K_RETURN, "Enter"),
                        ButtonSpec("Cancel", UiCommand(Ui.CANCEL), pygame.K_ESCAPE, "Esc")]

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, 1, len(self.buttons), 0.5)
        keys: dict[int, Command] = {pygame.K_KP_ENTER: UiCommand(Ui.CONFIRM),
                                    pygame.K_BACKSPACE: UiCommand(Ui.BACKSPACE)}
        bindings = menu_bindings(L, 1, self.buttons, keys)
        bindings.text = True
        return bindings

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        if command.kind is Ui.TYPE and len(self.text) < MAX_NOTE:
            self.text += command.text
        elif command.kind is Ui.BACKSPACE:
            self.text = self.text[:-1]
        elif command.kind is Ui.CONFIRM:
            self.on_note(self.text)
            self.host.pop(self)
        elif command.kind is Ui.CANCEL:
            self.host.pop(self)

    def describe(self) -> Description:
        said = f"It says: {self.text}." if self.text else "It is empty."
        return Description("notes", f"Your note on {self.name}",
                           (said, "Type it, then Enter keeps it."), menu_items([], self.buttons),
                           None, ("yes", "cancel"))

    def hear(self, intent: Intent) -> Heard:
        said = answers(intent)
        return None if said is None else UiCommand(Ui.CONFIRM if said else Ui.CANCEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = menu_layout(self.host.size, 1, len(self.buttons), 0.5)
        draw_menu(surface, self.host.text, L, f"Notes on {self.name}", [Row("Note", "", False)],
                  0, self.buttons,
                  f"Kept with this table · {len(self.text)}/{MAX_NOTE} · empty removes it",
                  MUTED)
        _, left, _, right = L.rows[0]
        box = left.union(right)
        panel(surface, box, (12, 14, 18), GOLD, radius=4, width=2)
        self.host.text.blit(surface, self.text + "|", round(box.h * 0.6),
                            (box.right - 6, box.centery), TEXT, anchor="midright",
                            width=box.w - 12)
