"""The one poker hand evaluator: showdowns, spoken hand descriptions and bot equity.

A hand value is an ``int``; higher is better and equal values tie. It is packed as
``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` where ``category`` is
0 (High Card) .. 8 (Straight Flush) and ``r1..r5`` are tie-break ranks (0..12 for 2..A)
in significance order, unused slots 0. Straights and straight flushes carry only their
high card in ``r1`` (the wheel A-2-3-4-5 is Five high, the lowest straight; there is no
wrap-around such as Q-K-A-2-3).

Evaluation is two table lookups, because with at most 7 cards a flush can never share
the hand with a full house or quads: if some suit holds 5+ cards the value is the flush
table entry for that suit's 13-bit rank mask, otherwise the non-flush entry for the rank
multiset. The tables are built once, lazily, on first use (about 0.35 s) and never change.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from engine.cards import RANK_NAMES, RANK_PLURALS, CardError, card_str

HIGH_CARD: Final = 0
ONE_PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8

CATEGORY_NAMES: Final = (
    "High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
    "Full House", "Four of a Kind", "Straight Flush",
)
ROYAL_FLUSH_NAME: Final = "Royal Flush"

_ACE: Final = 12
_FIVE: Final = 3
_RANK_KEY_BITS: Final = 31  # base-5 rank key < 5**13 < 2**31
_RANK_KEY_MASK: Final = (1 << _RANK_KEY_BITS) - 1
_FLUSH_PROBE: Final = 0x3333  # +3 per suit nibble: a count >= 5 sets that nibble's bit 3
_FLUSH_BITS: Final = 0x8888
_POW5: Final = tuple(5**r for r in range(13))


def category_of(value: int) -> int:
    """The category number (0 = High Card .. 8 = Straight Flush) of a hand value."""
    return value >> 20


def _pack(category: int, *ranks: int) -> int:
    value = category
    for i in range(5):
        value = value << 4 | (ranks[i] if i < len(ranks) else 0)
    return value


def _unpack_ranks(value: int) -> tuple[int, int, int, int, int]:
    return (
        value >> 16 & 15, value >> 12 & 15, value >> 8 & 15, value >> 4 & 15, value & 15,
    )


def _straight_high(mask: int) -> int:
    """High rank of the best straight in a 13-bit rank mask, or -1 if there is none."""
    for high in range(_ACE, _FIVE, -1):
        window = 0x1F << (high - 4)
        if mask & window == window:
            return high
    wheel = 1 << _ACE | 0xF
    return _FIVE if mask & wheel == wheel else -1


def _ranks_desc(mask: int) -> list[int]:
    return [r for r in range(_ACE, -1, -1) if mask >> r & 1]


def _flush_value(mask: int) -> int:
    """Value of a flush whose suit holds the ranks in ``mask`` (5+ bits)."""
    high = _straight_high(mask)
    if high >= 0:
        return _pack(STRAIGHT_FLUSH, high)
    return _pack(FLUSH, *_ranks_desc(mask)[:5])


def _multiset_value(counts: Sequence[int]) -> int:
    """Value of the best five of a rank multiset (``counts[r]`` cards of rank r), no flush."""
    present = [r for r in range(_ACE, -1, -1) if counts[r]]
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        return _pack(FOUR_OF_A_KIND, quads[0], next(r for r in present if r != quads[0]))
    if trips and (len(trips) > 1 or pairs):
        return _pack(FULL_HOUSE, trips[0], max(trips[1:] + pairs))
    high = _straight_high(sum(1 << r for r in present))
    if high >= 0:
        return _pack(STRAIGHT, high)
    if trips:
        return _pack(THREE_OF_A_KIND, trips[0], *[r for r in present if r != trips[0]][:2])
    if len(pairs) >= 2:
        top, second = pairs[:2]
        kicker = next(r for r in present if r not in (top, second))
        return _pack(TWO_PAIR, top, second, kicker)
    if pairs:
        return _pack(ONE_PAIR, pairs[0], *[r for r in present if r != pairs[0]][:3])
    return _pack(HIGH_CARD, *present[:5])


@dataclass(frozen=True, slots=True)
class _Tables:
    """The immutable lookup tables (built once by :func:`_tables`)."""

    # Scalar path. Packed card key = base-5 rank digit + suit-count nibble << 31.
    card_keys: tuple[int, ...]
    nonflush: MappingProxyType[int, int]  # base-5 rank key -> value
    flush: tuple[int, ...]  # 13-bit rank mask -> value (0 for < 5 ranks)
    # Batch path. Sorted ranks r_0 <= .. <= r_{k-1} index a table by the colex rank
    # sum C(r_i + i, i + 1) of the k-subset {r_i + i} (combinations with repetition).
    colex_terms: NDArray[np.int64]  # [i * 13 + r] -> C(r + i, i + 1)
    nonflush_by_size: tuple[NDArray[np.int32], ...]  # index k - 5 -> colex index -> value
    flush_array: NDArray[np.int32]
    suit_nibble: NDArray[np.int64]  # card -> 1 << 4 * suit


def _readonly(a: NDArray[np.generic]) -> None:
    a.setflags(write=False)


@functools.cache
def _tables() -> _Tables:
    """Build the lookup tables (once per process, ~0.35 s; later calls hit the cache)."""
    flush = tuple(
        _flush_value(m) if m.bit_count() >= 5 else 0 for m in range(1 << 13)
    )
    nonflush: dict[int, int] = {}
    by_size: list[NDArray[np.int32]] = []
    colex = [[math.comb(r + i, i + 1) for r in range(13)] for i in range(7)]
    for size in (5, 6, 7):
        table = np.zeros(math.comb(12 + size, size), dtype=np.int32)
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if any(ranks[i] == ranks[i + 4] for i in range(size - 4)):
                continue  # five of one rank
            counts = [0] * 13
            for r in ranks:
                counts[r] += 1
            value = _multiset_value(counts)
            nonflush[sum(_POW5[r] for r in ranks)] = value
            table[sum(colex[i][r] for i, r in enumerate(ranks))] = value
        _readonly(table)
        by_size.append(table)
    colex_terms = np.array(
        [math.comb(r + i, i + 1) for i in range(7) for r in range(13)], dtype=np.int64
    )
    flush_array = np.array(flush, dtype=np.int32)
    suit_nibble = np.array([1 << 4 * (c & 3) for c in range(52)], dtype=np.int64)
    for a in (colex_terms, flush_array, suit_nibble):
        _readonly(a)
    return _Tables(
        card_keys=tuple(_POW5[c >> 2] | 1 << (_RANK_KEY_BITS + 4 * (c & 3)) for c in range(52)),
        nonflush=MappingProxyType(nonflush),
        flush=flush,
        colex_terms=colex_terms,
        nonflush_by_size=tuple(by_size),
        flush_array=flush_array,
        suit_nibble=suit_nibble,
    )


def evaluate(cards: Sequence[int]) -> int:
    """Value of the best five-card hand among 5, 6 or 7 distinct cards (higher wins).

    This is the hot path, so cards are trusted to be distinct numbers in 0..51 (a wrong
    count raises CardError); :func:`describe` and :func:`evaluate_batch` validate fully.
    """
    t = _tables()
    packed = sum(map(t.card_keys.__getitem__, cards))
    flushes = ((packed >> _RANK_KEY_BITS) + _FLUSH_PROBE) & _FLUSH_BITS
    if flushes:
        suit = flushes.bit_length() // 4 - 1
        return t.flush[sum(1 << (c >> 2) for c in cards if c & 3 == suit)]
    try:
        return t.nonflush[packed & _RANK_KEY_MASK]
    except KeyError:
        raise CardError(f"Need 5 to 7 distinct cards, got {list(cards)!r}") from None


def evaluate_batch(hands: ArrayLike) -> NDArray[np.int32]:
    """Values of many hands at once: an (N, 5|6|7) integer array of card numbers.

    Fully vectorized; equals :func:`evaluate` row by row. Raises :class:`CardError`
    for card numbers outside 0..51 or a card repeated within a row.
    """
    t = _tables()
    a = np.asarray(hands)
    if a.ndim != 2 or a.shape[1] not in (5, 6, 7):
        raise CardError(f"Hands must be an (N, 5|6|7) array, got shape {a.shape}")
    if a.size and a.dtype.kind not in "iu":
        raise CardError(f"Cards must be integers, got dtype {a.dtype}")
    n, k = a.shape
    if n == 0:
        return np.zeros(0, dtype=np.int32)
    s = np.sort(a.astype(np.int64, copy=False), axis=1)
    if s[:, 0].min() < 0 or s[:, -1].max() > 51:
        raise CardError("Card numbers must be in 0..51")
    if (s[:, 1:] == s[:, :-1]).any():
        raise CardError("A hand repeats a card")
    colex = t.colex_terms[(s >> 2) + np.arange(0, 13 * k, 13)].sum(axis=1)
    values: NDArray[np.int32] = t.nonflush_by_size[k - 5][colex]
    suit_counts = t.suit_nibble[s].sum(axis=1)
    rows = np.flatnonzero((suit_counts + _FLUSH_PROBE) & _FLUSH_BITS)
    if rows.size:
        flushes = (suit_counts[rows] + _FLUSH_PROBE) & _FLUSH_BITS
        suit = (flushes > 0xF).astype(np.int64) + (flushes > 0xFF) + (flushes > 0xFFF)
        fc = s[rows]
        masks = np.where((fc & 3) == suit[:, None], 1 << (fc >> 2), 0).sum(axis=1)
        values[rows] = t.flush_array[masks]
    return values


@dataclass(frozen=True, slots=True)
class HandInfo:
    """A hand's value and the cards it was made from, plus what a player is told:
    category, the five that play, words.

    The telling is worked out on each read (words cached by value, and a sort of at
    most seven cards), so a showdown nobody reads costs only its evaluation.
    """

    value: int
    cards: tuple[int, ...]

    @property
    def category(self) -> str:
        return _words(self.value)[0]

    @property
    def description(self) -> str:
        return _words(self.value)[1]

    @property
    def best_five(self) -> tuple[int, ...]:
        """The playing cards in the order :func:`describe` documents."""
        return _best_five(self.cards, self.value)


def describe(cards: Sequence[int], *, checked: bool = False) -> HandInfo:
    """Evaluate 5-7 cards and explain the result.

    ``best_five`` lists the playing cards by significance: grouped cards first (bigger
    then higher groups first, suits within a group in c, d, h, s order), then kickers
    high to low; straights high to low, the wheel as 5-4-3-2-A. When a kicker's rank
    appears more than once the lowest suit is shown. ``checked=True`` skips validating
    cards the caller dealt itself.
    """
    cards = tuple(cards)
    if not checked:
        if not 5 <= len(cards) <= 7:
            raise CardError(f"Need 5 to 7 cards, got {len(cards)}")
        if any(not isinstance(c, int) or not 0 <= c < 52 for c in cards):
            raise CardError(f"Card numbers must be in 0..51, got {list(cards)!r}")
        if len(set(cards)) != len(cards):
            raise CardError(f"Repeated card in {[card_str(c) for c in cards]}")
    return HandInfo(evaluate(cards), cards)


@functools.cache
def _words(value: int) -> tuple[str, str]:
    """Category name and spoken description of a hand value (a few thousand exist)."""
    cat = category_of(value)
    r = _unpack_ranks(value)
    name = ROYAL_FLUSH_NAME if cat == STRAIGHT_FLUSH and r[0] == _ACE else CATEGORY_NAMES[cat]
    return name, _describe_value(cat, r)


def _best_five(cards: Sequence[int], value: int) -> tuple[int, ...]:
    """The five cards that make ``value``, in the order :func:`describe` documents."""
    cat = category_of(value)
    if cat in (STRAIGHT_FLUSH, FLUSH):
        suits = [c & 3 for c in cards]
        suit = max(range(4), key=suits.count)  # the only suit with 5+ cards
        r = _unpack_ranks(value)
        ranks = _straight_ranks(r[0]) if cat == STRAIGHT_FLUSH else r
        return tuple([rank * 4 + suit for rank in ranks])
    if cat == STRAIGHT:
        lowest = {c >> 2: c for c in sorted(cards, reverse=True)}  # lowest suit per rank
        return tuple([lowest[rank] for rank in _straight_ranks(value >> 16 & 15)])
    # Sort by rank significance then suit; every group but the last has exactly its
    # size, so the first five play (a bigger last group shows its lowest suits).
    weights = _rank_weights(value)
    keyed = sorted([weights[c >> 2] | c for c in cards])
    return tuple([k & 63 for k in keyed[:5]])


@functools.cache
def _rank_weights(value: int) -> tuple[int, ...]:
    """Per rank, its place among the ranks of a grouped hand (pairs, trips, quads, high
    card) shifted above the card bits; ranks that do not play sort last."""
    cat = category_of(value)
    playing = _unpack_ranks(value)[:len(_GROUP_SIZES[cat])]
    return tuple((playing.index(rank) if rank in playing else 5) << 6 for rank in range(13))


# Group sizes of each non-straight, non-flush category, in significance order.
_GROUP_SIZES: Final[dict[int, tuple[int, ...]]] = {
    HIGH_CARD: (1, 1, 1, 1, 1),
    ONE_PAIR: (2, 1, 1, 1),
    TWO_PAIR: (2, 2, 1),
    THREE_OF_A_KIND: (3, 1, 1),
    FULL_HOUSE: (3, 2),
    FOUR_OF_A_KIND: (4, 1),
}


def _straight_ranks(high: int) -> list[int]:
    if high == _FIVE:
        return [3, 2, 1, 0, _ACE]
    return list(range(high, high - 5, -1))


def _describe_value(cat: int, r: Sequence[int]) -> str:
    """Spoken wording, e.g. "Two Pair, Kings and Nines, Jack kicker"."""
    name, plural = RANK_NAMES, RANK_PLURALS
    if cat == HIGH_CARD:
        return f"High Card, {name[r[0]]}"
    if cat == ONE_PAIR:
        return f"One Pair, {plural[r[0]]}, {name[r[1]]} kicker"
    if cat == TWO_PAIR:
        return f"Two Pair, {plural[r[0]]} and {plural[r[1]]}, {name[r[2]]} kicker"
    if cat == THREE_OF_A_KIND:
        return f"Three of a Kind, {plural[r[0]]}"
    if cat == STRAIGHT:
        return f"Straight, {name[r[0]]} high"
    if cat == FLUSH:
        return f"Flush, {name[r[0]]} high"
    if cat == FULL_HOUSE:
        return f"Full House, {plural[r[0]]} full of {plural[r[1]]}"
    if cat == FOUR_OF_A_KIND:
        return f"Four of a Kind, {plural[r[0]]}"
    if r[0] == _ACE:
        return ROYAL_FLUSH_NAME
    return f"Straight Flush, {name[r[0]]} high"


def describe_value(value: int) -> str:
    """The spoken description of a hand value alone (same wording as :func:`describe`)."""
    return _describe_value(category_of(value), _unpack_ranks(value))
