"""Reading a table from one seat's view: hand percentiles, position, opponents' ranges.

Shared by the personality policies and the coach so that "what does she have?" has one
answer. Everything here is pure except :class:`OpponentModel`, which a bot owns.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from engine.actions import Action, ActionKind, LegalActions
from engine.equity import Range, equity, preflop_strength
from engine.evaluator import category_of, evaluate_batch
from engine.events import ActionTaken, Street
from engine.view import PlayerView

_STREET_BOARD = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


@functools.cache
def _combo_table() -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """All 1326 combos (low card first) and the share of combos at least as strong."""
    combos = np.array([(a, b) for b in range(52) for a in range(b)], dtype=np.int64)
    strength = np.array([preflop_strength(int(a), int(b)) for a, b in combos])
    order = np.sort(strength)
    at_least = (len(order) - np.searchsorted(order, strength, side="left")) / len(order)
    combos.setflags(write=False)
    at_least.setflags(write=False)
    return combos, at_least


@functools.cache
def _percentiles() -> dict[tuple[int, int], float]:
    combos, at_least = _combo_table()
    return {(int(a), int(b)): float(p) for (a, b), p in zip(combos, at_least, strict=True)}


def hand_percentile(c1: int, c2: int) -> float:
    """Share of starting hands at least as strong as this one: AA ~0.005, 72o ~1.0."""
    return _percentiles()[(min(c1, c2), max(c1, c2))]


@functools.lru_cache(maxsize=256)
def top_range(fraction: float) -> Range:
    """The top ``fraction`` of starting hands (memoised; fractions are rounded)."""
    return Range.top_fraction(min(1.0, max(0.01, fraction)))


@dataclass(frozen=True, slots=True)
class Position:
    """Where a seat sits in this hand: ``behind`` players act after it preflop;
    ``last`` means it acts last after the flop."""

    players: int
    behind: int
    button: bool
    last: bool
    blind: bool


def position_of(view: PlayerView) -> Position:
    n = len(view.stacks)
    dealt = [s for s in range(n) if view.dealt_in[s]]
    start = (view.big_blind_seat + 1) % n
    preflop_order = [s for k in range(n) if (s := (start + k) % n) in dealt]
    behind = len(preflop_order) - 1 - preflop_order.index(view.seat)
    live = [s for s in dealt if not view.folded[s]]
    post_order = [s for k in range(n) if (s := (view.button + 1 + k) % n) in live]
    return Position(
        players=len(dealt),
        behind=behind,
        button=view.seat == view.button,
        last=bool(post_order) and post_order[-1] == view.seat,
        blind=view.seat in (view.small_blind_seat, view.big_blind_seat),
    )


@dataclass(slots=True)
class SeatStats:
    """Counts of one seat's public actions over the session (what anyone at the table
    saw): hands dealt, VPIP and PFR hands, postflop bets/raises and calls, bets faced
    and folded to after the flop, raises faced, folded to and re-raised before it (the
    first raise it answered in a hand), re-raises faced
    and folded to after opening with a raise, flops seen, showdowns, and showdowns
    after betting with no more than high card (bluffs shown)."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    aggressive: int = 0
    passive: int = 0
    faced: int = 0
    folded: int = 0
    pre_faced: int = 0
    pre_folded: int = 0
    pre_reraised: int = 0
    reraised: int = 0
    reraise_folded: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    bet_showdowns: int = 0
    bluffs_shown: int = 0


@dataclass(slots=True)
class OpponentModel:
    """What a bot has learned of each seat's habits over the session (with priors)."""

    seats: dict[int, SeatStats] = field(default_factory=dict)

    def observe(self, view: PlayerView) -> None:
        """Count one finished hand's preflop and postflop actions for every seat."""
        for s in range(len(view.stacks)):
            if not view.dealt_in[s] or s == view.seat:
                continue
            stats = self.seats.setdefault(s, SeatStats())
            stats.hands += 1
            pre = [a for a in view.actions if a.seat == s and a.street is Street.PREFLOP]
            if any(a.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) for a in pre):
                stats.vpip += 1
            if any(a.kind in (ActionKind.BET, ActionKind.RAISE) for a in pre):
                stats.pfr += 1
            bet_on: set[Street] = set()
            for a in view.actions:
                if a.seat == s and a.street is not Street.PREFLOP:
                    if a.street in bet_on:
                        stats.faced += 1
                        stats.folded += a.kind is ActionKind.FOLD
                    if a.kind in (ActionKind.BET, ActionKind.RAISE):
                        stats.aggressive += 1
                    elif a.kind is ActionKind.CALL:
                        stats.passive += 1
                if a.kind in (ActionKind.BET, ActionKind.RAISE):
                    bet_on.add(a.street)
            self._observe_more(view, s, stats)

    @staticmethod
    def _observe_more(view: PlayerView, s: int, stats: SeatStats) -> None:
        """Preflop folds to a raise and to a re-raise, flops seen, showdowns and the
        bluffs they showed."""
        raised = faced = standing = answering = False
        for a in view.actions:
            if a.street is not Street.PREFLOP:
                break
            wager = a.kind in (ActionKind.BET, ActionKind.RAISE)
            if a.seat == s:
                if raised and not faced:  # the first raise it answers
                    faced = True
                    stats.pre_faced += 1
                    stats.pre_folded += a.kind is ActionKind.FOLD
                    stats.pre_reraised += wager
                if answering:  # it opened with a raise and was re-raised
                    stats.reraised += 1
                    stats.reraise_folded += a.kind is ActionKind.FOLD
                standing, answering = wager and not raised, False
            elif wager and standing:
                standing, answering = False, True
            raised = raised or wager
        if len(view.board) < 3 or any(a.seat == s and a.kind is ActionKind.FOLD
                                      and a.street is Street.PREFLOP for a in view.actions):
            return
        stats.saw_flop += 1
        shown = next((h for h in view.shown if h.seat == s), None)
        if shown is None:
            return
        stats.showdowns += 1
        if any(a.seat == s and a.street is not Street.PREFLOP
               and a.kind in (ActionKind.BET, ActionKind.RAISE) for a in view.actions):
            stats.bet_showdowns += 1
            stats.bluffs_shown += category_of(shown.hand.value) == 0

    def vpip(self, seat: int) -> float:
        s = self.seats.get(seat, SeatStats())
        return (s.vpip + 0.35 * 20) / (s.hands + 20)

    def pfr(self, seat: int) -> float:
        s = self.seats.get(seat, SeatStats())
        return (s.pfr + 0.2 * 20) / (s.hands + 20)

    def fold_rate(self, seat: int) -> float:
        """How often this seat folds to a bet after the flop (prior 0.4)."""
        s = self.seats.get(seat, SeatStats())
        return (s.folded + 4) / (s.faced + 10)

    def fold_to_raise(self, seat: int) -> float:
        """How often this seat folds to a raise before the flop (prior 0.55)."""
        s = self.seats.get(seat, SeatStats())
        return (s.pre_folded + 5.5) / (s.pre_faced + 10)

    def reraise_rate(self, seat: int) -> float:
        """How often this seat re-raises the first raise it answers before the flop
        (prior 0.15)."""
        s = self.seats.get(seat, SeatStats())
        return (s.pre_reraised + 1.5) / (s.pre_faced + 10)

    def fold_to_reraise(self, seat: int) -> float:
        """How often this seat, having opened with a raise, folds to a re-raise (prior
        0.5)."""
        s = self.seats.get(seat, SeatStats())
        return (s.reraise_folded + 5) / (s.reraised + 10)

    def showdown_rate(self, seat: int) -> float:
        """How often this seat goes to showdown once it sees a flop (prior 0.3)."""
        s = self.seats.get(seat, SeatStats())
        return (s.showdowns + 3) / (s.saw_flop + 10)

    def bluffs_shown(self, seat: int) -> float:
        """Share of this seat's postflop bets shown down with high card (prior 0.15)."""
        s = self.seats.get(seat, SeatStats())
        return (s.bluffs_shown + 1.5) / (s.bet_showdowns + 10)

    def hands_seen(self, seat: int) -> int:
        return self.seats.get(seat, SeatStats()).hands

    def aggression_share(self, seat: int) -> float:
        """Bets and raises among this seat's bets, raises and calls after the flop
        (prior 0.4)."""
        s = self.seats.get(seat, SeatStats())
        return (s.aggressive + 4) / (s.aggressive + s.passive + 10)

    def bluffiness(self, seat: int) -> float:
        """Weight given to weak hands in this seat's betting range (0.1 .. 0.6)."""
        return min(0.6, max(0.1, self.aggression_share(seat) - 0.15))


def preflop_fraction(view: PlayerView, seat: int, model: OpponentModel | None) -> float:
    """The share of starting hands ``seat`` is likely to hold given its preflop actions."""
    vpip = model.vpip(seat) if model else 0.4
    pfr = model.pfr(seat) if model else 0.22
    raises = 0
    fraction = 1.0
    for a in view.street_actions(Street.PREFLOP):
        if a.kind in (ActionKind.RAISE, ActionKind.BET):
            raises += 1
            if a.seat == seat:
                fraction = min(fraction, pfr * (1.0, 0.35, 0.15, 0.1)[min(raises - 1, 3)])
        elif a.kind is ActionKind.CALL and a.seat == seat:
            fraction = min(fraction, min(vpip, 0.45) if raises else min(1.0, vpip * 1.5))
    return max(0.03, fraction)


def _board_values(combos: NDArray[np.int64], board: Sequence[int]) -> NDArray[np.int32]:
    hands = np.empty((len(combos), 2 + len(board)), dtype=np.int64)
    hands[:, :2] = combos
    hands[:, 2:] = board
    return evaluate_batch(hands)


def estimate_ranges(view: PlayerView, model: OpponentModel | None = None) -> list[Range]:
    """One weighted range per live opponent: the preflop range, then narrowed on each
    street by betting (strong made hands plus some bluffs) or calling (weak hands thin)."""
    assert view.hole is not None
    combos, _ = _combo_table()
    dead = np.zeros(52, dtype=bool)
    dead[[*view.hole, *view.board]] = True
    alive = ~dead[combos].any(axis=1)
    combos = combos[alive]
    values: dict[Street, NDArray[np.int32]] = {}
    ranges = []
    for seat in view.opponents:
        base = top_range(round(preflop_fraction(view, seat, model), 2))
        codes = base.combos[:, 0] * 52 + base.combos[:, 1]
        member = np.zeros(52 * 52, dtype=bool)
        member[codes] = True
        weights = member[combos[:, 0] * 52 + combos[:, 1]].astype(np.float64)
        bluff = model.bluffiness(seat) if model else 0.25
        for street, size in _STREET_BOARD.items():
            acts = [a for a in view.actions if a.seat == seat and a.street is street]
            if not acts or len(view.board) < size:
                continue
            if street not in values:
                values[street] = _board_values(combos, view.board[:size])
            weights = _narrow(weights, values[street], acts, bluff)
        if weights.sum() <= 0:
            weights = np.ones(len(combos))
        ranges.append(Range(combos, weights))
    return ranges


def _narrow(weights: NDArray[np.float64], values: NDArray[np.int32],
            acts: Sequence[ActionTaken], bluff: float) -> NDArray[np.float64]:
    live = weights > 0
    if not live.any():
        return weights
    # Rank of each combo's made hand among the combos the seat may still hold.
    order = np.sort(values[live])
    rank = np.searchsorted(order, values, side="left") / max(1, len(order))
    out = weights.copy()
    for a in acts:
        if a.kind in (ActionKind.BET, ActionKind.RAISE):
            keep = 0.55 if a.kind is ActionKind.BET else 0.35
            out = np.where(rank >= 1 - keep, out, out * bluff)
        elif a.kind is ActionKind.CALL:
            out = np.where(rank >= 0.3, out, out * 0.4)
    return out


def estimate_equity(view: PlayerView, ranges: Sequence[Range], samples: int,
                    rng: random.Random) -> float:
    """Monte Carlo equity of the hero against ``ranges`` (random hands if they clash)."""
    assert view.hole is not None
    try:
        return equity(view.hole, view.board, list(ranges), samples, rng).equity
    except ValueError:
        return equity(view.hole, view.board, len(ranges), samples, rng).equity


def pot_odds(view: PlayerView) -> float:
    """Share of the final pot a call would pay for (0 when checking is free)."""
    ctx = view.context
    if ctx is None or ctx.to_call == 0:
        return 0.0
    return ctx.to_call / (ctx.pot + ctx.to_call)


def legal_or_fallback(view: PlayerView, kind: ActionKind, to: int | None = None) -> Action:
    """Turn an intention into an action the engine accepts.

    Wagers are clamped into the legal range (or become an all-in / a call when raising is
    closed); a fold when checking is free becomes a check.
    """
    legal = view.legal
    assert legal is not None
    seat = legal.seat
    if kind in (ActionKind.BET, ActionKind.RAISE):
        wager = legal.wager
        if wager is not None:
            amount = min(max(to if to is not None else wager[0], wager[0]), wager[1])
            if amount == legal.all_in_to and legal.allin:
                return Action(seat, ActionKind.ALLIN)
            return Action(seat, ActionKind.BET if legal.bet is not None else ActionKind.RAISE,
                          amount)
        kind = ActionKind.CALL
    if kind is ActionKind.ALLIN and legal.allin:
        return Action(seat, ActionKind.ALLIN)
    if kind is ActionKind.ALLIN:
        kind = ActionKind.CALL
    return passive(legal, fold=kind is ActionKind.FOLD)


def passive(legal: LegalActions, *, fold: bool) -> Action:
    """Check when free; otherwise fold (``fold``) or call."""
    if legal.check:
        return Action(legal.seat, ActionKind.CHECK)
    if fold or legal.call is None:
        return Action(legal.seat, ActionKind.FOLD)
    return Action(legal.seat, ActionKind.CALL)
