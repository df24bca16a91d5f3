"""Strength levels: how well a bot plays, apart from who it is.

A personality (``bots/data/personalities.json``) says who a bot is: its ranges, its
appetite for bluffs, its voice and banter. A :class:`Level` says how well it carries that
out: how sharply it judges its hand, how it sizes, how often a beginner's mistake slips
in, and how much it reads the other players. Level 3 ("Regular") is the play of a plain
personality name; every field at level 3 is the identity (a multiplier of 1, no noise),
so ``"shark"`` and ``"shark@3"`` decide alike, card for card.

This table is the one place the levels are defined; other policies (short-stack play, the
coach) read the same numbers through :func:`level`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Sizing(StrEnum):
    """How a bot picks a bet size from its personality's sizes."""

    ANY = "any"  # a beginner: any size, whatever the hand
    PERSONALITY = "personality"  # the biggest with the strongest hands, else at random
    BY_STRENGTH = "by_strength"  # small for thin value, big for strong hands and bluffs


@dataclass(frozen=True, slots=True)
class Level:
    """How well a bot plays; ``about`` says so in a line for the menus.

    ``samples``: share of the Monte Carlo deals it spends judging equity (fewer is rougher);
    ``misjudge``: spread (standard deviation) of the error in its equity estimate;
    ``jitter``: how far its preflop hand ranking wanders either side (mixing at the edges
    for a regular, plain misreading for a beginner); ``position``: how much position
    shapes its ranges (0 plays every seat alike); ``sticky``: equity a call may lack on
    top of the personality's slack (a beginner can't let a hand go); ``chase``: share of
    draws called whatever the price; ``bluff``: multiplier on the personality's bluffing
    and semi-bluffing; ``sizing``: see :class:`Sizing`; ``reads``: whether it learns the
    others' habits (None: as the personality says); ``exploit``: how far those habits bend
    its play (0: only through their ranges, 1: the top level's full adjustments);
    ``steal``: multiplier on the button's and cut-off's opening range; ``defend``: how much
    the big blind widens its calls by the price it is offered; ``tilt``: multiplier on the
    personality's tilt.
    """

    number: int
    name: str
    about: str
    samples: float
    misjudge: float
    jitter: float
    position: float
    sticky: float
    chase: float
    bluff: float
    sizing: Sizing
    reads: bool | None
    exploit: float
    steal: float
    defend: float
    tilt: float


LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", "learning: misjudges hands, can't fold, chases draws, any bet size",
          samples=0.3, misjudge=0.2, jitter=0.8, position=0.0, sticky=0.2, chase=0.8,
          bluff=2.0, sizing=Sizing.ANY, reads=False, exploit=0.0, steal=1.0, defend=0.0,
          tilt=2.5),
    Level(2, "Casual", "plays for fun: loose calls, rough sizing, little sense of position",
          samples=0.4, misjudge=0.14, jitter=0.6, position=0.3, sticky=0.12, chase=0.6,
          bluff=1.4, sizing=Sizing.ANY, reads=False, exploit=0.0, steal=1.0, defend=0.0,
          tilt=2.0),
    Level(3, "Regular", "a solid regular: the character's own game",
          samples=1.0, misjudge=0.0, jitter=0.15, position=1.0, sticky=0.0,
          chase=0.0, bluff=1.0, sizing=Sizing.PERSONALITY, reads=None, exploit=0.0,
          steal=1.0, defend=0.0, tilt=1.0),
    Level(4, "Strong", "sizes by hand strength, steals blinds, defends, keeps its head",
          samples=1.0, misjudge=0.0, jitter=0.1, position=1.0, sticky=0.0,
          chase=0.0, bluff=1.0, sizing=Sizing.BY_STRENGTH, reads=True, exploit=0.0,
          steal=1.3, defend=0.6, tilt=0.5),
    Level(5, "Shark", "reads each player and adjusts: value vs callers, bluffs vs folders",
          samples=1.0, misjudge=0.0, jitter=0.1, position=1.0, sticky=0.0,
          chase=0.0, bluff=1.0, sizing=Sizing.BY_STRENGTH, reads=True, exploit=1.0,
          steal=1.5, defend=0.6, tilt=0.0),
)
DEFAULT_LEVEL = 3
"""A plain personality name plays at this level (today's play)."""
LEVEL_NAMES: tuple[str, ...] = tuple(lv.name for lv in LEVELS)


def level(number: int) -> Level:
    """The level numbered 1 (Beginner) to 5 (Shark); ValueError otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LEVELS):
        raise ValueError(f"A level is a whole number from 1 to {len(LEVELS)}, got {number!r}")
    return LEVELS[number - 1]


def split_kind(spec: str) -> tuple[str, int]:
    """``"maniac@5"`` -> ``("maniac", 5)``; a plain ``"maniac"`` is level 3.

    ValueError (a sentence) for a level that is not 1 to 5."""
    kind, at, number = spec.partition("@")
    if not at:
        return spec, DEFAULT_LEVEL
    if not number.isdigit() or not 1 <= int(number) <= len(LEVELS):
        raise ValueError(f"{spec!r}: the level after '@' must be 1 to {len(LEVELS)}, "
                         f"as in {kind or 'shark'}@4")
    return kind, int(number)


def with_level(kind: str, number: int) -> str:
    """The seat spec for ``kind`` at level ``number`` (plain at the default level)."""
    return kind if number == DEFAULT_LEVEL else f"{kind}@{number}"
