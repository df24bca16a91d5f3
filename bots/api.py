"""What the game and the simulator need from a bot, and the one way to make one.

>>> bot = create_bot("shark", random.Random(7), think=False)
>>> action = bot.decide(view_of(state, seat))   # always accepted by state.can(action)

A personality may carry a strength level: ``"maniac@1"`` (a wild beginner) to
``"maniac@5"`` (a strong aggressive player that reads the table); a plain name is level 3.
"""

from __future__ import annotations

import functools
import random
from typing import Protocol, runtime_checkable

from bots.levels import DEFAULT_LEVEL, level, split_kind
from bots.personality import Personality, VoiceSpec, load_personalities
from bots.policy import PersonalityBot
from bots.reference import CallBot, HonestBot, RandomBot
from engine.actions import Action
from engine.view import PlayerView

__all__ = ["KINDS", "PERSONALITIES", "REFERENCE_KINDS", "Bot", "VoiceSpec", "create_bot",
           "parse_kind", "personalities"]

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


def parse_kind(spec: str) -> tuple[str, int]:
    """A seat's bot, ``"shark"`` or ``"shark@4"``, as (kind, level); ValueError (a
    sentence naming the choices) for an unknown kind, a bad level, or a level given to a
    reference bot (they have one way to play)."""
    kind, number = split_kind(spec)
    if kind not in KINDS:
        raise ValueError(f"Unknown bot kind {kind!r}: choose one of {', '.join(KINDS)}")
    if kind not in PERSONALITIES and "@" in spec:
        raise ValueError(f"{spec!r}: only the personalities ({', '.join(PERSONALITIES)}) "
                         f"have levels")
    return kind, number


def create_bot(kind: str, rng: random.Random, *, name: str | None = None,
               think: bool = True) -> Bot:
    """A bot of ``kind`` (one of ``KINDS``, a personality optionally with ``@level``)
    drawing all its randomness from ``rng``.

    ``think=False`` makes ``think_seconds`` return 0 (simulation, tests).
    """
    kind, number = parse_kind(kind)
    if kind in PERSONALITIES:
        p = personalities()[kind]
        return PersonalityBot(p, rng, name=name or p.name, think=think, level=level(number))
    assert number == DEFAULT_LEVEL
    if kind == "random":
        return RandomBot(rng, name=name or "Random")
    if kind == "callbot":
        return CallBot(rng, name=name or "Callbot")
    if kind == "honest":
        return HonestBot(rng, name=name or "Honest")
    raise ValueError(f"Unknown bot kind {kind!r}: choose one of {', '.join(KINDS)}")
