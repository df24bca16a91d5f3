"""Cards as small integers, the deck, and the Fisher–Yates shuffle.

A card is ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s,
so ``card >> 2`` is the rank and ``card & 3`` the suit. Text form is two characters,
rank then suit: ``"Ah"``, ``"Td"``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)
RANK_PLURALS = (
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
    "Jacks", "Queens", "Kings", "Aces",
)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

Card = int
FULL_DECK: tuple[Card, ...] = tuple(range(52))


class CardError(ValueError):
    """A card or deck description that cannot be used."""


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def parse_card(text: str) -> Card:
    """``"Ah"`` -> card number; ``"10h"`` is accepted for ``"Th"``."""
    if not isinstance(text, str):
        raise CardError(f"A card must be text like 'Ah', not {text!r}")
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise CardError(f"Not a card: {text!r} (use rank 23456789TJQKA and suit cdhs)")
    return RANKS.index(t[0].upper()) * 4 + SUITS.index(t[1].lower())


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards, refusing duplicates."""
    cards = [parse_card(t) for t in texts]
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise CardError(f"Card {card_str(dup)} appears twice")
    return cards


def card_str(card: Card) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def cards_str(cards: Iterable[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def card_name(card: Card) -> str:
    """Spoken form: ``"Ace of hearts"``."""
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def shuffled_deck(rng: random.Random, needed: int = 52) -> list[Card]:
    """A deck whose first ``needed`` cards are a uniform Fisher–Yates draw from ``rng``.

    The shuffle runs from the top and stops after ``needed`` swaps (a hand of n players
    uses at most 2n + 8 cards), so every card is equally likely at every dealt position;
    the order of the cards below is never seen.
    """
    deck = list(FULL_DECK)
    for i in range(min(needed, 51)):
        j = i + rng._randbelow(52 - i)  # type: ignore[attr-defined]
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def complete_deck(top: Sequence[Card], rng: random.Random) -> list[Card]:
    """``top`` first, then every other card in shuffled order.

    Lets a caller fix only the cards that matter (hole cards, a board) and still deal a
    full, valid deck.
    """
    if len(set(top)) != len(top):
        raise CardError("The deck has a repeated card")
    rest = [c for c in shuffled_deck(rng) if c not in set(top)]
    return [*top, *rest]


def stacked_deck(button: int, seats: int | Sequence[int], holes: Mapping[int, str],
                 board: str = "") -> list[Card]:
    """A deck from the top that deals ``holes`` (seat -> ``"AhKd"``) and ``board``
    (``"9c Kc 3h 5s 9d"``): hole cards one at a time clockwise from the seat left of the
    button, then burn, flop, burn, turn, burn, river. ``seats`` is the table size (all
    dealt in) or the seats dealt in. Unnamed hole cards and burns are filled from the
    unused cards. For scripted hands: tests, demos, screenshots.
    """
    dealt = sorted(range(seats) if isinstance(seats, int) else seats)
    order = [s for s in dealt if s > button] + [s for s in dealt if s <= button]
    hole = {s: parse_cards([h[:2], h[2:]]) for s, h in holes.items()}
    board_cards = parse_cards(board.split())
    named = [c for cards in hole.values() for c in cards] + board_cards
    if len(set(named)) != len(named):
        raise CardError("A card is named twice")
    spare = iter(c for c in FULL_DECK if c not in set(named))
    deck = [hole[s][r] if s in hole else next(spare) for r in (0, 1) for s in order]
    cards = iter(board_cards)
    for count in (3, 1, 1):
        deck.append(next(spare))  # burn
        for _ in range(count):
            card = next(cards, None)
            deck.append(card if card is not None else next(spare))
    return deck
