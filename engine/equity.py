"""Hand equity against opponents' ranges: vectorized Monte Carlo and exact enumeration.

Everything runs on :func:`engine.evaluator.evaluate_batch`; there is no Python loop per
sample. Monte Carlo draws are deterministic for a given ``random.Random`` state: a numpy
Generator is seeded from ``rng.getrandbits(64)``.

Dealing is exact for weighted ranges: each sample's opponent hands are drawn with
probability proportional to the product of their weights among deals that share no card
(with the known cards or each other), then the missing board cards are uniform over the
cards left. Conflicting deals are rejected whole, which keeps that distribution exact.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from engine.cards import CardError, card_str
from engine.evaluator import evaluate_batch

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]

_EXACT_CHUNK: Final = 100_000  # boards evaluated per batch in exact_equity
_MC_CHUNK: Final = 50_000  # Monte Carlo deals generated and evaluated per batch
_MAX_DRAW_FACTOR: Final = 200  # give up dealing after this many candidate deals per sample


def _chen_points(rank: int) -> float:
    # A=10, K=8, Q=7, J=6, then half the face value (Ten 5 .. Two 1).
    return (10.0, 8.0, 7.0, 6.0)[12 - rank] if rank >= 9 else (rank + 2) / 2


def preflop_strength(c1: int, c2: int) -> float:
    """Pre-flop strength of a starting hand; only the order matters.

    A Chen-formula-style score (-1.5 .. about 20): points for the higher card, pairs
    doubled (at least 5), +2 suited, minus 1/2/4/5 for a 1/2/3/4+ rank gap, +1 for
    connected or one-gap hands below a Queen. A tie-break of less than 0.1 by (high,
    low) rank makes the order of the 169 starting-hand classes total.
    """
    hi, lo = max(c1 >> 2, c2 >> 2), min(c1 >> 2, c2 >> 2)
    if hi == lo:
        score = max(2 * _chen_points(hi), 5.0)
    else:
        score = _chen_points(hi)
        if c1 & 3 == c2 & 3:
            score += 2
        gap = hi - lo - 1
        score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
        if gap <= 1 and hi < 10:
            score += 1
    return score + (hi * 13 + lo) / 1700


@functools.cache
def _all_combos() -> tuple[IntArray, FloatArray]:
    """All 1326 hole-card combos (low card first) and their pre-flop strengths."""
    combos = np.array([(a, b) for b in range(52) for a in range(b)], dtype=np.int64)
    strength = np.array([preflop_strength(a, b) for a, b in combos.tolist()])
    combos.setflags(write=False)
    strength.setflags(write=False)
    return combos, strength


@dataclass(frozen=True, slots=True, eq=False)
class Range:
    """A weighted set of two-card hole combos (read-only arrays).

    ``combos`` is (M, 2) with the lower card first and no combo twice; ``weights`` is
    (M,) and positive (zero-weight combos are dropped on construction). Weights are
    relative: a combo with weight 2 is dealt twice as often as one with weight 1.
    """

    combos: IntArray
    weights: FloatArray

    def __post_init__(self) -> None:
        combos = np.array(self.combos, dtype=np.int64).reshape(-1, 2)
        weights = np.array(self.weights, dtype=np.float64).reshape(-1)
        if combos.shape[0] != weights.shape[0]:
            raise ValueError("A range needs one weight per combo")
        if combos.size and (combos.min() < 0 or combos.max() > 51):
            raise CardError("Card numbers must be in 0..51")
        if (combos[:, 0] == combos[:, 1]).any():
            raise CardError("A combo repeats a card")
        if not np.isfinite(weights).all() or (weights < 0).any():
            raise ValueError("Range weights must be finite and >= 0")
        combos = np.sort(combos, axis=1)
        keep = weights > 0
        combos, weights = combos[keep], weights[keep]
        codes = combos[:, 0] * 52 + combos[:, 1]
        if np.unique(codes).size != codes.size:
            raise ValueError("A range lists the same combo twice")
        combos.setflags(write=False)
        weights.setflags(write=False)
        object.__setattr__(self, "combos", combos)
        object.__setattr__(self, "weights", weights)

    def __len__(self) -> int:
        return int(self.combos.shape[0])

    @classmethod
    def random(cls) -> Range:
        """Every one of the 1326 combos, equally likely (an unknown hand)."""
        combos, _ = _all_combos()
        return cls(combos, np.ones(len(combos)))

    @classmethod
    def from_combos(
        cls, combos: Iterable[Sequence[int]], weights: Iterable[float] | None = None
    ) -> Range:
        """Given combos (pairs of card numbers), weight 1 each unless ``weights`` given."""
        arr = np.array([tuple(c) for c in combos], dtype=np.int64).reshape(-1, 2)
        w = np.ones(len(arr)) if weights is None else np.array(list(weights), dtype=float)
        return cls(arr, w)

    @classmethod
    def from_weights(cls, weight: Callable[[int, int], float]) -> Range:
        """Weigh all 1326 combos by ``weight(low_card, high_card)`` (a bool works as 0/1)."""
        combos, _ = _all_combos()
        return cls(combos, np.array([float(weight(a, b)) for a, b in combos.tolist()]))

    @classmethod
    def top_fraction(cls, fraction: float) -> Range:
        """The strongest ``fraction`` of combos by :func:`preflop_strength`, weight 1.

        Whole starting-hand classes are kept, so the range is the smallest set of
        top classes holding at least ``fraction`` of the 1326 combos.
        """
        if not 0 < fraction <= 1:
            raise ValueError(f"fraction must be in (0, 1], got {fraction}")
        combos, strength = _all_combos()
        count = max(1, math.ceil(fraction * len(combos) - 1e-9))
        cutoff = np.sort(strength)[::-1][count - 1]
        keep = strength >= cutoff
        return cls(combos[keep], np.ones(int(keep.sum())))

    def without(self, dead: Iterable[int]) -> Range:
        """This range minus every combo that uses one of the ``dead`` cards."""
        dead_mask = np.zeros(52, dtype=bool)
        dead_mask[list(dead)] = True
        keep = ~dead_mask[self.combos].any(axis=1)
        return Range(self.combos[keep], self.weights[keep])


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Monte Carlo outcome for the hero.

    ``win``: share of samples won outright; ``tie``: share where the hero ties for the
    best hand; ``equity``: expected share of the pot, ``win`` plus each tie counted as
    1/k for a k-way split; ``std_error``: standard error of ``equity``.
    """

    equity: float
    win: float
    tie: float
    samples: int
    std_error: float


def _check_known(hero: Sequence[int], board: Sequence[int]) -> list[int]:
    known = [*hero, *board]
    if len(hero) != 2:
        raise CardError(f"The hero needs 2 hole cards, got {len(hero)}")
    if len(board) > 5:
        raise CardError(f"A board has at most 5 cards, got {len(board)}")
    if any(not 0 <= c < 52 for c in known):
        raise CardError("Card numbers must be in 0..51")
    if len(set(known)) != len(known):
        raise CardError(f"Repeated card among {[card_str(c) for c in known]}")
    return known


def _opponent_ranges(opponents: int | Sequence[Range]) -> list[Range]:
    if isinstance(opponents, int):
        if opponents < 1:
            raise ValueError("Need at least one opponent")
        return [Range.random()] * opponents
    if not opponents:
        raise ValueError("Need at least one opponent")
    return list(opponents)


def sample_deals(
    hero: Sequence[int],
    board: Sequence[int],
    opponents: int | Sequence[Range],
    samples: int,
    gen: np.random.Generator,
) -> tuple[IntArray, IntArray]:
    """Draw ``samples`` conflict-free deals from ``gen`` (the sampler behind :func:`equity`).

    Returns ``(holes, boards)``: holes is (samples, opponents, 2), each opponent's combo
    drawn from its range; boards is (samples, 5), the given board then the missing
    cards dealt from what is left. Raises ValueError when the ranges can (practically)
    not be dealt together.
    """
    known = _check_known(hero, board)
    ranges = [r.without(known) for r in _opponent_ranges(opponents)]
    if samples < 1:
        raise ValueError("samples must be >= 1")
    if any(len(r) == 0 for r in ranges):
        raise ValueError("An opponent's range is empty once the known cards are removed")
    k = len(ranges)
    if 2 + 2 * k + 5 > 52:  # hero, opponents and a full board must fit in the deck
        raise ValueError(f"Too many opponents ({k}) for one deck")
    cumulative = [np.cumsum(r.weights) for r in ranges]

    # Opponents: draw whole candidate deals, keep those without a shared card.
    accepted: list[IntArray] = []
    have, drawn, rate = 0, 0, 1.0
    while have < samples:
        batch = min(max(int((samples - have) / rate * 1.1) + 16, 64), 4 * samples + 1024)
        holes = np.empty((batch, k, 2), dtype=np.int64)
        for j, (r, cum) in enumerate(zip(ranges, cumulative, strict=True)):
            pick = np.searchsorted(cum, gen.random(batch) * cum[-1], side="right")
            holes[:, j] = r.combos[np.minimum(pick, len(r) - 1)]
        if k > 1:
            flat = np.sort(holes.reshape(batch, 2 * k), axis=1)
            holes = holes[~(flat[:, 1:] == flat[:, :-1]).any(axis=1)]
        accepted.append(holes)
        have += len(holes)
        drawn += batch
        rate = max(have / drawn, 1e-3)
        if have < samples and drawn > _MAX_DRAW_FACTOR * samples + 100_000:
            raise ValueError("The opponents' ranges (almost) never fit in one deck together")
    holes = np.concatenate(accepted)[:samples]

    # Board: the smallest random keys among the cards nobody holds.
    missing = 5 - len(board)
    boards = np.empty((samples, 5), dtype=np.int64)
    boards[:, : len(board)] = board
    if missing:
        deck = np.setdiff1d(np.arange(52), known)
        position = np.full(52, -1, dtype=np.int64)
        position[deck] = np.arange(len(deck))
        keys = gen.random((samples, len(deck)))
        np.put_along_axis(keys, position[holes.reshape(samples, 2 * k)], 2.0, axis=1)
        picked = np.argpartition(keys, missing - 1, axis=1)[:, :missing]
        boards[:, len(board) :] = deck[picked]
    return holes, boards


def _shares(values: NDArray[np.int32]) -> tuple[FloatArray, NDArray[np.bool_], NDArray[np.bool_]]:
    """Hero's pot share per deal from values shaped (players, deals), hero first."""
    hero, others = values[0], values[1:]
    best_other = others.max(axis=0)
    win = hero > best_other
    tie = hero == best_other
    split = 1.0 + (others == hero).sum(axis=0)
    return np.where(win, 1.0, np.where(tie, 1.0 / split, 0.0)), win, tie


def equity(
    hero: Sequence[int],
    board: Sequence[int],
    opponents: int | Sequence[Range],
    samples: int,
    rng: random.Random,
) -> EquityResult:
    """Monte Carlo equity of ``hero`` on ``board`` (0-5 cards) against opponents.

    ``opponents`` is a count of unknown hands or one :class:`Range` per opponent.
    """
    gen = np.random.default_rng(rng.getrandbits(64))
    ranges = _opponent_ranges(opponents)
    if samples < 1:
        raise ValueError("samples must be >= 1")
    total = total_sq = wins = ties = 0.0
    for start in range(0, samples, _MC_CHUNK):  # bounded memory for big sample counts
        n = min(_MC_CHUNK, samples - start)
        holes, boards = sample_deals(hero, board, ranges, n, gen)
        k = holes.shape[1]
        hands = np.empty((k + 1, n, 7), dtype=np.int64)
        hands[0, :, :2] = hero
        hands[1:, :, :2] = holes.transpose(1, 0, 2)
        hands[:, :, 2:] = boards
        values = evaluate_batch(hands.reshape(-1, 7)).reshape(k + 1, n)
        share, win, tie = _shares(values)
        total += float(share.sum())
        total_sq += float(np.square(share).sum())
        wins += float(win.sum())
        ties += float(tie.sum())
    mean = total / samples
    var = max(total_sq - total * mean, 0.0) / (samples - 1) if samples > 1 else math.inf
    return EquityResult(
        equity=mean,
        win=wins / samples,
        tie=ties / samples,
        samples=samples,
        std_error=math.sqrt(var / samples),
    )


def _combinations(n: int, m: int) -> NDArray[np.int8]:
    """All m-subsets of range(n) as rows, in lexicographic order (vectorized)."""
    rows = np.arange(n, dtype=np.int8)[:, None]
    for _ in range(m - 1):
        last = rows[:, -1].astype(np.int64)
        extra = n - 1 - last
        starts = np.repeat(last + 1, extra)
        offsets = np.arange(int(extra.sum())) - np.repeat(np.cumsum(extra) - extra, extra)
        rows = np.hstack([np.repeat(rows, extra, axis=0), (starts + offsets)[:, None]])
        rows = rows.astype(np.int8)
    return rows if m > 0 else np.zeros((1, 0), dtype=np.int8)


def exact_equity(
    hero: Sequence[int], board: Sequence[int], opponents: Sequence[Sequence[int]]
) -> float:
    """Hero's exact pot share against known hands, averaged over every possible board.

    Cost grows with the boards left: river 1, turn ~44, flop ~990, pre-flop heads-up
    1,712,304 (about a second).
    """
    known = _check_known(hero, board)
    holes = [list(h) for h in opponents]
    if not holes or any(len(h) != 2 for h in holes):
        raise CardError("Each opponent needs exactly 2 known hole cards")
    used = known + [c for h in holes for c in h]
    if any(not 0 <= c < 52 for c in used) or len(set(used)) != len(used):
        raise CardError(f"Repeated or invalid card among {used!r}")
    deck = np.setdiff1d(np.arange(52), used)
    runouts = deck[_combinations(len(deck), 5 - len(board))]
    players = np.array([hero, *holes], dtype=np.int64)
    total = 0.0
    for start in range(0, len(runouts), _EXACT_CHUNK):
        chunk = runouts[start : start + _EXACT_CHUNK]
        hands = np.empty((len(players), len(chunk), 7), dtype=np.int64)
        hands[:, :, :2] = players[:, None, :]
        hands[:, :, 2 : 2 + len(board)] = board
        hands[:, :, 2 + len(board) :] = chunk
        values = evaluate_batch(hands.reshape(-1, 7)).reshape(len(players), len(chunk))
        total += float(_shares(values)[0].sum())
    return total / len(runouts)

