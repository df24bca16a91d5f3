"""The scene lifecycle and what scenes may ask of the application."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.input.commands import Command
from game.input.mapper import Bindings
from game.persistence.saving import SaveGame
from game.render.sprites import Sprites
from game.render.theme import Text
from game.settings.model import GameSettings


class Host(Protocol):
    """The application as scenes see it: shared drawing services and the scene stack."""

    text: Text
    sprites: Sprites
    settings: GameSettings
    save: SaveGame

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...
    def pop(self, scene: Scene) -> None: ...
    def replace_all(self, scene: Scene) -> None: ...
    def quit(self) -> None: ...
    def keep_settings(self) -> str | None: ...
    def hand_finished(self, hands: int) -> None: ...
    def submit(self, command: Command) -> None: ...


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
