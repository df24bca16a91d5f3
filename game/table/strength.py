"""The live hand-strength label under the player's cards: what the hole cards make with
the board so far, in the engine evaluator's words ("Two Pair, Tens and Threes")."""

from __future__ import annotations

import functools

from engine.cards import RANK_NAMES, RANK_PLURALS, Card, rank_of, suit_of
from engine.evaluator import describe


@functools.lru_cache(maxsize=256)
def strength(hole: tuple[Card, ...], board: tuple[Card, ...]) -> str:
    """The hand so far: before the flop the two cards ("Pair of Aces", "Ace-King
    suited"), then the best five of hole and board without kickers."""
    if len(hole) != 2:
        return ""
    if not board:
        high, low = sorted(hole, key=rank_of, reverse=True)
        if rank_of(high) == rank_of(low):
            return f"Pair of {RANK_PLURALS[rank_of(high)]}"
        suited = "suited" if suit_of(high) == suit_of(low) else "offsuit"
        return f"{RANK_NAMES[rank_of(high)]}-{RANK_NAMES[rank_of(low)]} {suited}"
    if len(board) < 3:
        return ""
    words = describe((*hole, *board)).description.split(", ")
    return ", ".join(w for w in words if not w.endswith("kicker"))
