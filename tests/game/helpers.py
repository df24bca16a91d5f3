"""Scripted tables for the game tests: stacked decks, bots that wait to be told,
and real pygame events posted through the one event path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from engine.actions import Action, ActionKind
from engine.cards import stacked_deck
from engine.events import ActionTaken
from game.app import App, table_scene
from game.input.commands import ActCommand
from game.render.theme import TEXT, Color, Text
from game.scenes.table import TableScene
from game.table.factory import new_table

FRAME = 1 / 60


def deck_for(button: int, holes: dict[int, str], board: str, n: int = 4) -> list[int]:
    """Cards from the top so that ``holes`` and ``board`` come out (burns between)."""
    return stacked_deck(button, n, holes, board)


def scripted_table(app: App, stacks: tuple[int, ...] | None = None,
                   deck: list[int] | None = None) -> TableScene:
    """A table whose bots never act on their own (the test acts for them)."""
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9, stacks=stacks))
    scene.next_deck = deck
    app.replace_all(scene)
    return scene


def all_in_and_lose(app: App) -> TableScene:
    """The player (200 chips) goes all in with 7-2 against aces and is called: the hand
    that leaves them out of chips, played up to the showdown."""
    deck = deck_for(0, {0: "7h2c", 1: "8c4d", 2: "9s5d", 3: "AdAc"}, "Kh Kd 7s 3c Qh")
    scene = scripted_table(app, stacks=(200, 1000, 1000, 1000), deck=deck)
    bot(app, scene, 3, ActionKind.CALL)
    bot(app, scene, 0, ActionKind.ALLIN)
    bot(app, scene, 1, ActionKind.FOLD)
    bot(app, scene, 2, ActionKind.FOLD)
    bot(app, scene, 3, ActionKind.CALL)
    return scene


def run_until(app: App, done: Callable[[], bool], limit: int = 5000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(FRAME)
    raise AssertionError("state not reached")


def to_act(app: App, scene: TableScene, seat: int) -> None:
    """Frames until ``seat`` is to act and the animations are done."""
    run_until(app, lambda: scene.session.hand is not None and not scene.presenter.busy
              and not scene.session.hand.finished and scene.session.hand.to_act == seat)
    app.step(FRAME)


def bot(app: App, scene: TableScene, seat: int, kind: ActionKind, to: int | None = None) -> None:
    to_act(app, scene, seat)
    scene.handle(ActCommand(seat, Action(seat, kind, to), "test"))


def my_actions(scene: TableScene, seat: int = 0) -> list[ActionTaken]:
    hand = scene.session.hand
    assert hand is not None
    return [e for e in hand.events if isinstance(e, ActionTaken) and e.seat == seat]


def click(app: App, name: str) -> None:
    """Press and release the left button on the named control, one frame each."""
    rect = app.top.bindings().named(name).rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.step(FRAME)


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    app.step(FRAME)


def type_text(app: App, digits: str) -> None:
    for d in digits:
        press(app, getattr(pygame, f"K_{d}"), unicode=d)


def drag_slider(app: App, scene: TableScene, fraction: float) -> None:
    r = scene.layout.bar.slider
    x = r.x + round(fraction * (r.w - 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x, r.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, r.centery), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, r.centery), button=1))
    app.step(FRAME)


def sit_and_go_from_start(app: App, key: int = pygame.K_s, think_scale: float = 0.01
                          ) -> TableScene:
    """A Sit & Go started from the start screen (S, or U for a Turbo), its bots quick."""
    from game.scenes.start import StartScene

    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, key)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.tournament is not None
    scene.seats.think_scale = think_scale
    return scene


@dataclass(slots=True)
class Noted(Text):
    """The game's text drawer, noting every line it draws (what a screen shows, read back
    in tests: nothing cut, every word whole)."""

    drawn: list[str] = field(default_factory=list)

    def render(self, text: str, size: int, color: Color = TEXT,
               bold: bool = False) -> pygame.Surface:
        self.drawn.append(text)
        return Text.render(self, text, size, color, bold)

