"""One hand's description before it is dealt: the seats' stacks, the button, the blinds
and ante, the betting structure and the table's house rules, checked as it is made
(:class:`ConfigError`, a sentence). :class:`engine.state.HandState` deals from it."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class Structure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class ConfigError(ValueError):
    """A hand that cannot be dealt as described."""


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything needed to deal one hand. Seats not ``dealt_in`` keep their chips."""

    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int = 0
    structure: Structure = Structure.NO_LIMIT
    dealt_in: tuple[bool, ...] | None = None
    rake_percent: Fraction = Fraction(0)
    rake_cap: int = 0
    muck_losers: bool = False
    names: tuple[str, ...] | None = None
    fixed_limit_cap: int = 4
    posts: tuple[int, ...] = ()  # seats joining out of turn: each posts a live big blind
    away: tuple[int, ...] = ()  # dealt in while sitting out (tournament rules): they post
    # their blinds and antes, and may only fold (their hand is dead)

    def __post_init__(self) -> None:
        stacks = self.stacks
        n = len(stacks)
        dealt = self.dealt_in if self.dealt_in is not None else (True,) * n
        if len(dealt) != n:
            raise ConfigError("dealt_in must name every seat")
        if not 2 <= n <= 10:
            raise ConfigError(f"A table has 2 to 10 seats, not {n}")
        for chips in stacks:
            if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
                raise ConfigError("Stacks must be whole numbers of chips, zero or more")
        players = list(itertools.compress(range(n), dealt))
        if len(players) < 2:
            raise ConfigError("At least two players must be dealt in")
        for s in players:
            if stacks[s] <= 0:
                raise ConfigError(f"Seat {s} has no chips and cannot be dealt in")
        if not isinstance(self.button, int) or not 0 <= self.button < n:
            raise ConfigError(f"The button must be a seat from 0 to {n - 1}")
        if not dealt[self.button]:
            raise ConfigError(f"The button seat {self.button} is not dealt in")
        for name, value in (("small_blind", self.small_blind), ("big_blind", self.big_blind),
                            ("ante", self.ante)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"{name} must be a whole number of chips")
        if self.big_blind <= 0:
            raise ConfigError("The big blind must be at least one chip")
        if self.small_blind > self.big_blind:
            raise ConfigError("The small blind cannot be larger than the big blind")
        if self.names is not None and len(self.names) != n:
            raise ConfigError("names must name every seat")
        if any(not isinstance(s, int) or not 0 <= s < n or not dealt[s] for s in self.posts):
            raise ConfigError("A seat posting a big blind must be dealt in")
        if any(not isinstance(s, int) or not 0 <= s < n or not dealt[s] for s in self.away):
            raise ConfigError("A seat away from the table is dealt in to post, or not at all")
        # No rake, the usual case, is valid: testing for it first skips Fraction comparisons.
        if (self.rake_percent or self.rake_cap) and (
                not 0 <= self.rake_percent <= 100 or self.rake_cap < 0):
            raise ConfigError("Rake must be 0-100 percent with a cap of zero or more")

    @property
    def players(self) -> tuple[bool, ...]:
        return self.dealt_in if self.dealt_in is not None else (True,) * len(self.stacks)
