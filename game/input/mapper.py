"""The one place raw pygame events become commands.

The top scene describes what its controls are (``Bindings``: clickable rects, a drag
strip, key bindings, whether digits type into an amount box); ``InputMapper.poll`` reads
``pygame.event.get()`` once per frame and returns the commands those events mean. A
click is a press and a release on the same target, like a real button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, QuitCommand, ResizeCommand, Ui, UiCommand
from game.input.talk_keys import OFF, TalkBinding

DIGIT_KEYS: dict[int, str] = {
    **{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)},
}


@dataclass(frozen=True, slots=True)
class Hit:
    """A clickable rectangle and the command a click on it means (None: disabled)."""

    rect: pygame.Rect
    command: Command | None
    name: str = ""


@dataclass(frozen=True, slots=True)
class Drag:
    """A horizontal strip (a slider): press or drag gives ``make(fraction)``."""

    rect: pygame.Rect
    make: Callable[[float], Command]


@dataclass(slots=True)
class Bindings:
    hits: list[Hit] = field(default_factory=list)
    keys: dict[int, Command] = field(default_factory=dict)
    shift_keys: dict[int, Command] = field(default_factory=dict)
    drags: list[Drag] = field(default_factory=list)
    digits: bool = False
    chars: dict[str, Command] = field(default_factory=dict)  # by the character typed ("?")
    text: bool = False  # any other printable character is typed (Ui.TYPE), as in a note
    wheel: Callable[[int], Command] | None = None  # the mouse wheel's notches (up: +1)

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def named(self, name: str) -> Hit:
        """The target called ``name`` (tests click it at its real rect)."""
        for hit in self.hits:
            if hit.name == name:
                return hit
        raise KeyError(name)


@dataclass(slots=True)
class InputMapper:
    """Turns raw events into commands; remembers only what is pressed right now.
    ``talk`` is push-to-talk's key and mouse button (the app sets it from the settings):
    holding either gives ``Ui.PUSH_TO_TALK`` True, letting go False, on every scene."""

    pressed: Hit | None = None
    dragging: Drag | None = None
    talk: TalkBinding = OFF

    def poll(self, bindings: Bindings) -> list[Command]:
        """Read this frame's events (the only ``pygame.event.get()``) as commands."""
        out: list[Command] = []
        for event in pygame.event.get():
            out.extend(self.translate(event, bindings))
        return out

    def translate(self, event: pygame.event.Event, b: Bindings) -> list[Command]:
        t = event.type
        if t == pygame.QUIT:
            return [QuitCommand()]
        if t == pygame.VIDEORESIZE:
            return [ResizeCommand((int(event.w), int(event.h)))]
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.talk.button is not None \
                and event.button == self.talk.button:
            return [UiCommand(Ui.PUSH_TO_TALK, t == pygame.MOUSEBUTTONDOWN)]
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for drag in b.drags:
                if drag.rect.collidepoint(event.pos):
                    self.dragging = drag
                    return [drag.make(_fraction(drag.rect, event.pos[0]))]
            self.pressed = b.hit_at(event.pos)
            return []
        if t == pygame.MOUSEMOTION and self.dragging is not None:
            return [self.dragging.make(_fraction(self.dragging.rect, event.pos[0]))]
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed, self.dragging = self.pressed, None, None
            released = b.hit_at(event.pos)
            if pressed is not None and released is not None and pressed.name == released.name \
                    and released.command is not None:
                return [released.command]
            return []
        if t == pygame.MOUSEWHEEL and b.wheel is not None:
            notches = int(getattr(event, "y", 0))
            if getattr(event, "flipped", False):
                notches = -notches
            return [b.wheel(notches)] if notches else []
        if t == pygame.KEYDOWN:
            return self._key(event, b)
        if t == pygame.KEYUP and self.talk.key is not None and event.key == self.talk.key:
            return [UiCommand(Ui.PUSH_TO_TALK, False)]
        return []

    def _key(self, event: pygame.event.Event, b: Bindings) -> list[Command]:
        key = event.key
        if self.talk.key is not None and key == self.talk.key:
            return [UiCommand(Ui.PUSH_TO_TALK, True)]
        char = getattr(event, "unicode", "")
        if char and char in b.chars:  # whatever keys type it on this keyboard layout
            return [b.chars[char]]
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if shift and key in b.shift_keys:
            return [b.shift_keys[key]]
        if key in b.keys:
            return [b.keys[key]]
        if b.digits and key in DIGIT_KEYS:
            return [UiCommand(Ui.TYPE, DIGIT_KEYS[key])]
        if b.text and char and char.isprintable():
            return [UiCommand(Ui.TYPE, char)]
        return []


def _fraction(rect: pygame.Rect, x: int) -> float:
    if rect.w <= 1:
        return 0.0
    return min(1.0, max(0.0, (x - rect.x) / (rect.w - 1)))
