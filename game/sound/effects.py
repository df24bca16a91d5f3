"""Sound effects through ``pygame.mixer``: made once from :mod:`game.sound.synth` in the
mixer's own format, played on the unreserved channels (the narrator's voice has channel
0), at the effects volume; the voice volume is that channel's. A machine with no audio
device plays nothing, silently."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pygame

from engine.actions import ActionKind
from engine.events import ActionTaken, Event, HoleCardsDealt, PotAwarded, StreetDealt
from game.sound.synth import SOUNDS, render

VOICE_CHANNEL = 0  # the narrator's (voice.speak.narrator.PygameMixerPlayer's default)


@dataclass(slots=True)
class Effects:
    """``play(name)`` one of ``SOUNDS``; ``played`` counts plays (reports, tests)."""

    volume: float = 0.7
    voice_volume: float = 1.0
    enabled: bool = True
    played: dict[str, int] = field(default_factory=dict)
    _sounds: dict[str, Any] = field(default_factory=dict)
    _ready: bool | None = None

    def _mixer(self) -> bool:
        if self._ready is None:
            self._ready = False
            with contextlib.suppress(pygame.error):
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                if pygame.mixer.get_num_channels() < 8:
                    pygame.mixer.set_num_channels(8)
                pygame.mixer.set_reserved(VOICE_CHANNEL + 1)
                self._ready = True
                self._apply_voice()
        return self._ready

    def _sound(self, name: str) -> Any:
        sound = self._sounds.get(name)
        if sound is None:
            init = pygame.mixer.get_init()
            assert init is not None
            rate, size, channels = init
            peak = 2 ** (abs(size) - 1) - 1
            mono = render(name, rate) * peak
            kind = np.int16 if abs(size) == 16 else np.int8 if abs(size) == 8 else np.int32
            data = mono.astype(kind)
            if channels > 1:
                data = np.repeat(data[:, None], channels, axis=1)
            sound = pygame.sndarray.make_sound(np.ascontiguousarray(data))
            self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play one effect now (nothing when muted, disabled or without a device)."""
        if name not in SOUNDS:
            raise KeyError(name)
        self.played[name] = self.played.get(name, 0) + 1
        if not self.enabled or self.volume <= 0 or not self._mixer():
            return
        with contextlib.suppress(pygame.error, ValueError):
            sound = self._sound(name)
            sound.set_volume(self.volume)
            sound.play()

    def set_volumes(self, effects: float, voice: float) -> None:
        self.volume, self.voice_volume = effects, voice
        if self._ready:
            self._apply_voice()

    def _apply_voice(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.mixer.Channel(VOICE_CHANNEL).set_volume(self.voice_volume)


def effect_for(event: Event, me: int, *, autopilot: bool = False) -> str | None:
    """The effect an event makes as it is shown (None: silent): cards dealt, a check's
    knock, chips put in, and a pot won by the player (``me``) or pushed to another."""
    if isinstance(event, HoleCardsDealt | StreetDealt):
        return "card"
    if isinstance(event, ActionTaken) and event.kind is ActionKind.CHECK:
        return "knock"
    if isinstance(event, ActionTaken) and event.kind is not ActionKind.FOLD:
        return "chips"
    if isinstance(event, PotAwarded):
        won = any(seat == me and chips > 0 for seat, chips in event.shares)
        return "win" if won and not autopilot else "push"
    return None
