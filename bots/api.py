"""What the game and the simulator need from a bot, and the one way to make one.

>>> bot = create_bot("shark", random.Random(7), think=False)
>>> action = bot.decide(view_of(state, seat))   # always accepted by state.can(action)
"""

from __future__ import annotations

import functools
import random
from typing import Protocol, runtime_checkable

from bots.personality import Personality, VoiceSpec, load_personalities
from bots.policy import PersonalityBot
from bots.reference import CallBot, HonestBot, RandomBot
from engine.actions import Action
from engine.view import PlayerView

__all__ = ["KINDS", "PERSONALITIES", "REFERENCE_KINDS", "Bot", "VoiceSpec", "create_bot",
           "personalities"]

PERSONALITIES: tuple[str, ...] = ("shark", "maniac", "station", "rock")
REFERENCE_KINDS: tuple[str, ...] = ("random", "callbot", "honest")
KINDS: tuple[str, ...] = PERSONALITIES + REFERENCE_KINDS


@runtime_checkable
class Bot(Protocol):
    """A seat's brain. ``decide`` sees only that seat's view and returns a legal action;
    ``think_seconds`` is how long to pause first (0 in simulation); ``hand_over`` is
    called with the seat's view of each finished hand so the bot can learn and tilt."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def voice(self) -> VoiceSpec: ...

    def decide(self, view: PlayerView) -> Action: ...

    def think_seconds(self, view: PlayerView) -> float: ...

    def hand_over(self, view: PlayerView) -> None: ...


@functools.cache
def personalities() -> dict[str, Personality]:
    """The personality data (read once from bots/data/personalities.json)."""
    return load_personalities()


def create_bot(kind: str, rng: random.Random, *, name: str | None = None,
               think: bool = True) -> Bot:
    """A bot of ``kind`` (one of ``KINDS``) drawing all its randomness from ``rng``.

    ``think=False`` makes ``think_seconds`` return 0 (simulation, tests).
    """
    if kind in PERSONALITIES:
        p = personalities()[kind]
        return PersonalityBot(p, rng, name=name or p.name, think=think)
    if kind == "random":
        return RandomBot(rng, name=name or "Random")
    if kind == "callbot":
        return CallBot(rng, name=name or "Callbot")
    if kind == "honest":
        return HonestBot(rng, name=name or "Honest")
    raise ValueError(f"Unknown bot kind {kind!r}: choose one of {', '.join(KINDS)}")
