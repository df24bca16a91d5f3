"""Bet sizing shared by the voice parser, the table's preset buttons and the bots.

All amounts are "to" amounts: the street total the actor will have put in.
Fractions are exact (``Fraction``) and rounded half up to the nearest chip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

# Spoken pot fractions and the preset buttons use these names.
POT_FRACTIONS: dict[str, Fraction] = {
    "quarter": Fraction(1, 4),
    "third": Fraction(1, 3),
    "half": Fraction(1, 2),
    "two_thirds": Fraction(2, 3),
    "three_quarters": Fraction(3, 4),
    "pot": Fraction(1),
}


@dataclass(frozen=True, slots=True)
class BettingContext:
    """What the acting player sees of the betting; contract 2's ``context`` object.

    ``pot`` counts every chip in the middle including this street's bets; ``stack`` is
    the chips still behind; ``min_raise_to``/``max_raise_to`` are the legal street
    totals for a bet (unopened street) or raise, both None when the player cannot bet or
    raise (facing an all-in for more than their stack, raising not reopened...).
    """

    big_blind: int
    pot: int
    current_bet: int
    my_street_bet: int
    to_call: int
    stack: int
    can_check: bool
    min_raise_to: int | None
    max_raise_to: int | None
    street: str = "preflop"

    @property
    def unopened(self) -> bool:
        """No bet to respond to on this street: a wager here is a bet, not a raise."""
        return self.current_bet == 0

    @property
    def all_in_to(self) -> int:
        return self.my_street_bet + self.stack

    @property
    def raise_range(self) -> tuple[int, int] | None:
        """``(min_raise_to, max_raise_to)`` when a bet or raise is possible, else None.

        None as well when the stack does not reach past the current bet, whatever the
        range says: putting everything in is then a call, never a raise."""
        low, high = self.min_raise_to, self.max_raise_to
        if low is None or high is None or self.all_in_to <= self.current_bet:
            return None
        return low, high

    @property
    def can_raise(self) -> bool:
        """Whether a bet (unopened street) or a raise is possible at all."""
        return self.raise_range is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "big_blind": self.big_blind,
            "pot": self.pot,
            "current_bet": self.current_bet,
            "my_street_bet": self.my_street_bet,
            "to_call": self.to_call,
            "stack": self.stack,
            "can_check": self.can_check,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
            "street": self.street,
        }

    @classmethod
    def from_json(cls, data: Any) -> BettingContext:
        """Build from a JSON object, filling what can be derived; ValueError if unusable."""
        if not isinstance(data, dict):
            raise ValueError("context must be a JSON object")

        def chips(key: str, value: int | float) -> int:
            if (isinstance(value, float) and not value.is_integer()) or value < 0:
                raise ValueError(f"context.{key} must be a whole number of chips, not {value}")
            return int(value)

        def num(key: str, default: int | None = None) -> int:
            value = data.get(key, default)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"context.{key} must be a number")
            return chips(key, value)

        def optional(key: str, default: int) -> int | None:
            """A range end: null when the player cannot bet or raise."""
            value = data.get(key, default)
            if value is None:
                return None
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"context.{key} must be a number or null")
            return chips(key, value)

        big_blind = num("big_blind", 10)
        current_bet = num("current_bet", 0)
        my_street_bet = num("my_street_bet", 0)
        to_call = num("to_call", max(0, current_bet - my_street_bet))
        stack = num("stack", 1000)
        pot = num("pot", 0)
        # Without a minimum given, assume the last raise was one big blind (or the bet).
        default_min = current_bet + max(big_blind, current_bet) if current_bet else big_blind
        min_raise_to = optional("min_raise_to", default_min)
        max_raise_to = optional("max_raise_to", my_street_bet + stack)
        if (min_raise_to is None) != (max_raise_to is None):
            raise ValueError("context.min_raise_to and context.max_raise_to must both be "
                             "numbers, or both null when the player cannot bet or raise")
        can_check = data.get("can_check", to_call == 0)
        if not isinstance(can_check, bool):
            raise ValueError("context.can_check must be true or false")
        street = data.get("street", "preflop")
        if not isinstance(street, str):
            raise ValueError("context.street must be text")
        return cls(big_blind, pot, current_bet, my_street_bet, to_call, stack, can_check,
                   min_raise_to, max_raise_to, street)


def round_chips(amount: Fraction | int) -> int:
    """Nearest whole chip, halves rounded up."""
    return math.floor(Fraction(amount) + Fraction(1, 2))


def pot_fraction_to(fraction: Fraction, ctx: BettingContext) -> int:
    """``current_bet + fraction × (pot + to_call)``, rounded, before clamping.

    "Pot" means the raise a pot-limit game allows: call first, then raise the pot.
    """
    return round_chips(ctx.current_bet + fraction * (ctx.pot + ctx.to_call))


def multiple_to(multiple: Fraction | int, ctx: BettingContext) -> int:
    """"3x": three times the current bet, or the big blind on an unopened street."""
    base = ctx.current_bet if ctx.current_bet > 0 else ctx.big_blind
    return round_chips(Fraction(multiple) * base)


def clamp_to(amount: int, ctx: BettingContext) -> int:
    """Into ``[min_raise_to, max_raise_to]`` (the max wins if they cross). When the
    player cannot bet or raise there is no range: only the stack bounds the amount
    (a wager there is refused whatever its size; ask ``ctx.can_raise`` first)."""
    legal = ctx.raise_range
    if legal is None:
        return min(amount, ctx.all_in_to)
    low, high = legal
    return max(min(amount, high), min(low, high))


def sized_to(fraction: Fraction, ctx: BettingContext) -> int:
    """A pot-fraction size made legal: what the ½-pot, ¾-pot and pot buttons and the
    voice's pot phrases put in."""
    return clamp_to(pot_fraction_to(fraction, ctx), ctx)
