"""Commands a seat gives the engine, and what the engine says that seat may do.

Amounts are always "to" amounts: the street total the actor will have put in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALLIN = "allin"


# The members as plain names for code run on every action: on Python 3.11 reading
# ``ActionKind.FOLD`` is an unspecialized lookup through the enum's metaclass, several
# times slower than reading a module global.
FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALLIN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALLIN


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's decision. ``to`` is the street total for bet and raise, else None."""

    seat: int
    kind: ActionKind
    to: int | None = None

    def to_json(self) -> list[Any]:
        return [self.kind.value] if self.to is None else [self.kind.value, self.to]


class IllegalAction(ValueError):
    """Refused: the message is a sentence a player can hear ("Minimum raise is to 40").

    The state is unchanged when this is raised.
    """


class LegalActions(NamedTuple):
    """What the seat to act may do; ``bet``/``raise_`` are ``(min_to, max_to)`` or None.

    ``call`` is the chips a call adds (capped at the stack), None with nothing to call.
    A seat that can only go all-in for less than a full raise gets
    ``(all_in_to, all_in_to)``; one whose raising is not reopened gets None.
    ``allin`` says whether putting the whole stack in is accepted (as a call when the
    stack does not cover the call, otherwise as a bet or raise).

    An immutable tuple: it is built for every decision, and a tuple builds several
    times faster than a frozen dataclass.
    """

    seat: int
    fold: bool
    check: bool
    call: int | None
    bet: tuple[int, int] | None
    raise_: tuple[int, int] | None
    all_in_to: int
    allin: bool

    @property
    def wager(self) -> tuple[int, int] | None:
        """The bet or the raise range, whichever applies."""
        return self.bet if self.bet is not None else self.raise_

    def to_json(self) -> dict[str, Any]:
        return {
            "fold": self.fold,
            "check": self.check,
            "call": self.call,
            "bet": list(self.bet) if self.bet else None,
            "raise": list(self.raise_) if self.raise_ else None,
        }

    def allows(self, action: Action) -> bool:
        """True when the action would be accepted (the seat aside)."""
        kind = action.kind
        if kind is FOLD:
            return self.fold
        if kind is CHECK:
            return self.check
        if kind is CALL:
            return self.call is not None
        if kind is ALLIN:
            return self.allin
        rng = self.bet if kind is BET else self.raise_
        return rng is not None and action.to is not None and rng[0] <= action.to <= rng[1]
