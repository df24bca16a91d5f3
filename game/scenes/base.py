"""The scene lifecycle and what scenes may ask of the application."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

import pygame

from game.input.commands import Command
from game.input.mapper import Bindings
from game.persistence.saving import SaveGame
from game.render.sprites import Sprites
from game.render.theme import Text
from game.scenes.spoken import Description, Heard
from game.settings.model import GameSettings
from game.sound.effects import Effects
from game.table.factory import SeatedTable
from game.table.session import TableSession
from game.voicectl.controller import VoiceController
from voice.understand.intent import Intent


class SceneName(StrEnum):
    """Every scene the application can open; the app maps each name to a constructor, so
    no scene imports another."""

    START = "start"  # the start screen (replaces every scene)
    TABLE = "table"  # a table, from ``Opening.table`` (replaces every scene)
    PAUSE = "pause"  # overlays: pushed on top
    REBUY = "rebuy"
    HANDS = "hands"
    STATS = "stats"
    SAVE_TROUBLE = "save-trouble"  # the save file refuses writes: try again or play on
    HELP = "help"
    CAREER = "career"
    SETTINGS = "settings"
    NOTES = "notes"  # the player's note on a bot (overlay)
    CONFIRM = "confirm"  # a yes-or-no question (overlay): Opening.question and on_yes
    RESULTS = "results"  # a Sit & Go's places and points (replaces every scene)


@dataclass(frozen=True, slots=True)
class Opening:
    """What a scene is opened with; each scene reads the fields it names. Overlays report
    back through the callbacks."""

    notice: str = ""  # START: shown above the menu; TABLE: told at the table
    seed: int | None = None  # START: the seed of the next table
    table: SeatedTable | None = None  # TABLE
    session: TableSession | None = None  # PAUSE, REBUY: the table they sit over
    seat: int = 0  # PAUSE, REBUY: the player's seat
    on_added: Callable[[int], None] | None = None  # REBUY: chips were added
    on_change: Callable[[GameSettings], None] | None = None  # SETTINGS: a value changed
    on_note: Callable[[str], None] | None = None  # NOTES: the note kept (notice: as it was)
    question: str = ""  # CONFIRM: the question ("Leave the table?"); notice: its detail
    on_yes: Callable[[], None] | None = None  # CONFIRM: what a yes does
    name: str = ""  # CONFIRM: its name in the speech log ("leave"); the command that asked
    lines: tuple[str, ...] = ()  # RESULTS: the places, first place first


class Host(Protocol):
    """The application as scenes see it: shared drawing services and the scene stack."""

    text: Text
    sprites: Sprites
    settings: GameSettings
    save: SaveGame
    voice: VoiceController | None
    effects: Effects

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...
    def pop(self, scene: Scene) -> None: ...
    def replace_all(self, scene: Scene) -> None: ...
    def open(self, name: SceneName, opening: Opening | None = None) -> None: ...
    def quit(self) -> None: ...
    def keep_settings(self) -> str | None: ...
    def hand_finished(self, hands: int) -> None: ...
    def submit(self, command: Command) -> None: ...
    def ask_to_leave(self) -> None: ...
    def ask_to_quit(self) -> None: ...
    def leave_table(self) -> None: ...
    def farewell(self) -> None: ...


class Scene(Protocol):
    """``update`` advances time, ``draw`` paints and changes nothing, ``handle`` takes
    commands (never raw events). ``opaque`` scenes hide those beneath them."""

    opaque: bool

    @property
    def animating(self) -> bool: ...

    def bindings(self) -> Bindings: ...
    def handle(self, command: Command) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def describe(self) -> Description: ...
    def hear(self, intent: Intent) -> Heard: ...


class StillScene:
    """No-op defaults for a scene with nothing to animate, no time to follow and nothing
    to lay out again on resize (menus, dialogs, read-only panels); a subclass writes
    only what it does."""

    __slots__ = ()

    @property
    def animating(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        return None

    def hear(self, intent: Intent) -> Heard:
        """A voice command for this screen (see :data:`game.scenes.spoken.Heard`):
        nothing by default."""
        return None
