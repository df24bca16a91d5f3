"""Immutable records of everything that happens in a hand: the only way news leaves
the engine. The table view, the narrator, hand histories and the bots consume them.

Hole cards are in ``HoleCardsDealt``; consumers showing a seat's view filter them.

Each record is a frozen dataclass with slots: immutable, told apart with ``isinstance``,
equal only to a record of the same type.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.actions import ActionKind
from engine.cards import Card
from engine.evaluator import HandInfo


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


class BlindKind(StrEnum):
    ANTE = "ante"
    SMALL = "small blind"
    BIG = "big blind"


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandStarted:
    button: int
    small_blind_seat: int
    big_blind_seat: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlindPosted:
    seat: int
    kind: BlindKind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    seat: int
    cards: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """``to`` is the seat's street total afterwards; ``added`` the chips it put in."""

    seat: int
    street: Street
    kind: ActionKind
    to: int
    added: int
    all_in: bool
    pot_after: int


@dataclass(frozen=True, slots=True)
class StreetDealt:
    street: Street
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PotsChanged:
    pots: tuple[Pot, ...]


@dataclass(frozen=True, slots=True)
class UncalledBetReturned:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """A seat's hand at showdown (``mucked`` hands keep their cards private).

    ``best_five``, ``category`` and ``description`` are read from ``hand``.
    """

    seat: int
    cards: tuple[Card, Card]
    hand: HandInfo
    mucked: bool

    @property
    def best_five(self) -> tuple[Card, ...]:
        return self.hand.best_five

    @property
    def category(self) -> str:
        return self.hand.category

    @property
    def description(self) -> str:
        return self.hand.description


@dataclass(frozen=True, slots=True)
class HandsTabled:
    """Betting is over before the river with two or more hands live and at most one of
    them able to bet: every live hand is turned face up, in showdown order, before the
    rest of the board is dealt (the card rooms' all-in rule). The showdown still follows,
    each of these hands shown again there with what it made (none may muck)."""

    hands: tuple[tuple[int, tuple[Card, Card]], ...]


@dataclass(frozen=True, slots=True)
class RakeTaken:
    amount: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One pot paid out; ``shares`` pairs each winner with the chips they got."""

    pot_index: int
    amount: int
    shares: tuple[tuple[int, int], ...]
    description: str


@dataclass(frozen=True, slots=True)
class HandEnded:
    final_stacks: tuple[int, ...]
    showdown: bool


Event = (
    HandStarted | BlindPosted | HoleCardsDealt | ActionTaken | StreetDealt | PotsChanged
    | UncalledBetReturned | HandsTabled | HandShown | RakeTaken | PotAwarded | HandEnded
)
