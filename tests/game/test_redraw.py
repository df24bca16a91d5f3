"""The loop repaints on input, while animating, and otherwise only a few times a second,
so a player thinking costs little CPU; input is still read every frame."""

from __future__ import annotations

import pygame

from game.app import App
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings


class CountingScene:
    opaque = True

    def __init__(self) -> None:
        self.draws = 0
        self.moving = False
        self.handled: list[Command] = []

    @property
    def animating(self) -> bool:
        return self.moving

    def bindings(self) -> Bindings:
        return Bindings()

    def handle(self, command: Command) -> None:
        self.handled.append(command)

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1

    def resize(self, size: tuple[int, int]) -> None:
        pass


def test_idle_frames_do_not_repaint_but_animation_and_input_do(app: App) -> None:
    scene = CountingScene()
    app.replace_all(scene)  # type: ignore[arg-type]
    app.idle_redraw_s = 3600.0
    for _ in range(5):
        app.step(1 / 30)
    assert scene.draws == 1  # the first frame only
    scene.moving = True
    for _ in range(3):
        app.step(1 / 60)
    assert scene.draws == 4
    scene.moving = False
    app.submit(UiCommand(Ui.PAUSE))
    app.step(1 / 30)
    assert scene.draws == 5 and len(scene.handled) == 1
