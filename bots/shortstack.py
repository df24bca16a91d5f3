"""A Sit & Go bot: any bot, plus push-or-fold with a short stack and ICM when facing an
all-in, so bubble and heads-up play differ from ring play as a strong player's would.

Preflop, with the effective stack at most ``max_bb`` big blinds, the bot goes all in or
folds. Opponents are assumed to play the heads-up chart (``bots/data/pushfold.json``):
callers call with the chart's calling range at 1.5 times their effective depth
(``CALLERS_DEEPER``: tighter than the equilibrium, as the table's bots call), a shover holds the
chart's pushing range (tighter the more players it shoved into). A call is priced in
tournament points by ICM, so near the bubble it needs more than chip odds and heads-up
(where ICM is linear) exactly chip odds; a push is priced in chips (``icm_pushes`` prices
it in points too): on the development seeds (1001-1400 of the chart benchmark) that was
the better of the two, average place 2.33 against 2.43, as the risk of a push falls on
whoever calls it. The personality leans the
thresholds (a maniac pushes and calls wider, a rock narrower); a low level sometimes
forgets the chart. Everything else is the wrapped bot's own play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.api import Bot
from bots.levels import Level
from bots.personality import VoiceSpec
from bots.pushfold import NAMES, chart, class_of, compatible, equities, icm
from engine.actions import Action, ActionKind
from engine.events import Street
from engine.view import PlayerView

MAX_BB = 12.0
PREMIUM = frozenset({"AA", "KK", "QQ", "AKs", "AKo"})
# Points (of the 100 paid out; a push's chips are scaled to them) a personality gives away
# to push or call: positive is looser.
LEAN: dict[str, tuple[float, float]] = {
    "shark": (0.0, 0.0), "maniac": (0.6, 0.6), "station": (0.0, 1.0), "rock": (-0.4, -0.6),
}
FORGET = {1: 0.5, 2: 0.25}
# Who might call a push is taken to call as the chart would at this many times their
# depth: tighter than the equilibrium, as the table's bots do (they call a shove from an
# equity estimate against a tight shoving range). On the chart benchmark's development
# seeds (1001-1400): average place 2.25 with 1.5, 2.24 with 2, 2.33 with 1 (equilibrium).
CALLERS_DEEPER = 1.5  # chance a low-level bot plays its usual game instead


@dataclass(slots=True)
class ShortStackBot:
    """Wraps ``inner``; ``prizes`` are the points for 1st, 2nd, ..."""

    inner: Bot
    rng: random.Random
    prizes: tuple[int, ...] = (65, 35)
    level: int = 3
    max_bb: float = MAX_BB
    icm_pushes: bool = False  # price pushes in points too (else in chips: see module doc)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def kind(self) -> str:
        return self.inner.kind

    @property
    def voice(self) -> VoiceSpec:
        return self.inner.voice

    def think_seconds(self, view: PlayerView) -> float:
        return self.inner.think_seconds(view)

    def hand_over(self, view: PlayerView) -> None:
        self.inner.hand_over(view)

    def decide(self, view: PlayerView) -> Action:
        action = self.short_stack(view)
        return action if action is not None else self.inner.decide(view)

    # ------------------------------------------------------------ decisions

    def short_stack(self, view: PlayerView) -> Action | None:
        """All in or fold, when the chart applies; None to let the inner bot play."""
        legal = view.legal
        if view.street is not Street.PREFLOP or legal is None or view.hole is None:
            return None
        forget = FORGET.get(self.level, 0.0)
        if forget and self.rng.random() < forget:
            return None
        me = view.seat
        start = [view.stacks[s] + view.contributed[s] if view.dealt_in[s] else 0
                 for s in range(len(view.stacks))]
        others = view.opponents
        if not others:
            return None
        depth = min(start[me], max(start[s] for s in others)) / view.big_blind
        hand = class_of(*view.hole)
        push_lean, call_lean = LEAN.get(self.kind, (0.0, 0.0))
        actions = [a for a in view.street_actions(Street.PREFLOP) if a.seat != me]
        raised = [i for i, a in enumerate(actions)
                  if a.kind in (ActionKind.BET, ActionKind.RAISE)]
        if not raised:  # first in, or behind limpers
            if depth > self.max_bb:
                return None
            gain = self._push_gain(view, start, hand)
            return self._all_in(view) if gain + push_lean > 0 else self._fold(view)
        shove = actions[raised[0]]
        cold = [a for a in actions[raised[0] + 1:] if a.kind is not ActionKind.FOLD]
        if len(raised) > 1 or cold:  # a raise and a re-raise, or callers: only the best
            if depth > self.max_bb:
                return None
            return self._all_in(view) if NAMES[hand] in PREMIUM else self._fold(view)
        if depth > self.max_bb and not shove.all_in:
            return None  # a deep raise: the usual game
        behind = view.stacks[shove.seat] > 0  # a raise, not all in: it may fold to a shove
        gain = self._call_gain(view, start, hand, shove.seat, reshove=behind)
        return self._all_in(view) if gain + call_lean > 0 else self._fold(view)

    def _points(self, stacks: list[int], *, chips: bool = False) -> list[float]:
        if chips:  # winner takes all: points in proportion to chips
            return [float(s) for s in stacks]
        alive = sum(1 for s in stacks if s > 0)
        return icm(stacks, [float(p) for p in self.prizes[:max(alive, 1)]])

    def _ante_bb(self, view: PlayerView) -> float:
        return view.ante / view.big_blind

    def _push_gain(self, view: PlayerView, start: list[int], hand: int) -> float:
        """Points won by going all in first rather than folding."""
        me = view.seat
        c = chart()
        e, w = equities(), compatible()
        dead = view.contributed
        n = len(start)
        behind = [(me + k) % n for k in range(1, n) if (me + k) % n in view.opponents]
        chips = not self.icm_pushes
        fold = self._after_fold(view, start, view.big_blind_seat, chips=chips)
        ev = 0.0
        still = 1.0
        row = w[hand]
        for seat in behind:
            depth = min(start[me], start[seat]) / view.big_blind
            calls = c.call_range(depth * CALLERS_DEEPER, self._ante_bb(view))
            p_call = float((row * calls).sum() / row.sum())
            eq = float((row * calls) @ e[hand]) / max(float((row * calls).sum()), 1e-12)
            at_stake = min(start[me], start[seat])
            pot_rest = sum(dead) - dead[me] - dead[seat]
            win = list(start)
            lose = list(start)
            for s in range(n):
                if s not in (me, seat):
                    win[s] -= dead[s]
                    lose[s] -= dead[s]
            win[me] += at_stake + pot_rest
            win[seat] -= at_stake
            lose[me] -= at_stake
            lose[seat] += at_stake + pot_rest
            outcome = (eq * self._points(win, chips=chips)[me]
                       + (1 - eq) * self._points(lose, chips=chips)[me])
            ev += still * p_call * outcome
            still *= 1 - p_call
        steal = list(start)
        for s in range(n):
            if s != me:
                steal[s] -= dead[s]
        steal[me] += sum(dead) - dead[me]
        ev += still * self._points(steal, chips=chips)[me]
        scale = 100.0 / sum(start) if chips else 1.0  # chips to points' scale for the lean
        return (ev - fold) * scale

    def _call_gain(self, view: PlayerView, start: list[int], hand: int, shover: int, *,
                   reshove: bool = False) -> float:
        """Points won by calling ``shover`` (or, with ``reshove``, going all in over a
        raise that may fold: it calls with the chart's calling range) rather than
        folding."""
        me = view.seat
        n = len(start)
        depth = min(start[me], start[shover]) / view.big_blind
        # A shove into more players comes from a tighter range: as if deeper.
        into = sum(1 for s in range(n) if view.dealt_in[s] and s not in (shover,)
                   and not any(a.seat == s for a in view.street_actions(Street.PREFLOP)
                               if view.actions.index(a) < _first(view, shover)))
        pushes = chart().push_range(depth * (1 + 0.35 * max(0, into - 1)),
                                    self._ante_bb(view))
        e, w = equities(), compatible()
        weights = w[hand] * pushes
        if weights.sum() <= 0:
            return 0.0
        p_call = 1.0
        if reshove:
            held = float(weights.sum())
            weights = weights * chart().call_range(depth, self._ante_bb(view))
            p_call = float(weights.sum()) / held
        eq = float(weights @ e[hand]) / float(weights.sum()) if p_call > 0 else 0.0
        dead = view.contributed
        at_stake = min(start[me], start[shover])
        pot_rest = sum(dead) - dead[me] - dead[shover]
        win, lose = list(start), list(start)
        for s in range(n):
            if s not in (me, shover):
                win[s] -= dead[s]
                lose[s] -= dead[s]
        win[me] += at_stake + pot_rest
        win[shover] -= at_stake
        lose[me] -= at_stake
        lose[shover] += at_stake + pot_rest
        called = eq * self._points(win)[me] + (1 - eq) * self._points(lose)[me]
        steal = [start[s] - dead[s] for s in range(n)]
        steal[me] += sum(dead)
        ev = p_call * called + (1 - p_call) * self._points(steal)[me]
        return ev - self._after_fold(view, start, shover)

    def _after_fold(self, view: PlayerView, start: list[int], taker: int, *,
                    chips: bool = False) -> float:
        """My points (or chips) if I fold now and ``taker`` collects the middle."""
        after = [start[s] - view.contributed[s] for s in range(len(start))]
        after[taker] += sum(view.contributed)
        return self._points(after, chips=chips)[view.seat]

    def _all_in(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.allin:
            return Action(legal.seat, ActionKind.ALLIN)
        if legal.call is not None:
            return Action(legal.seat, ActionKind.CALL)
        return Action(legal.seat, ActionKind.CHECK)

    def _fold(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.check:
            return Action(legal.seat, ActionKind.CHECK)
        return Action(legal.seat, ActionKind.FOLD)


def _first(view: PlayerView, seat: int) -> int:
    """Index in ``view.actions`` of ``seat``'s first preflop action (its shove)."""
    for i, a in enumerate(view.actions):
        if a.seat == seat and a.street is Street.PREFLOP:
            return i
    return len(view.actions)


def with_chart(bot: Bot, rng: random.Random, prizes: tuple[int, ...] = (65, 35),
               level: int | None = None) -> ShortStackBot:
    """``bot`` playing a Sit & Go: its own level (``bot.level``, else 3) unless given."""
    own = getattr(bot, "level", None)  # a policy's Level (bots.levels); others play at 3
    lvl = level if level is not None else (own.number if isinstance(own, Level) else 3)
    return ShortStackBot(bot, rng, prizes, lvl)
