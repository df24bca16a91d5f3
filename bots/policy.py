"""The personality policy: position-aware preflop ranges, then equity against ranges
narrowed by the opponents' actions, weighed against pot and implied odds, with bluffs,
semi-bluffs and randomised mixing at the personality's rates, carried out as well as the
bot's level (``bots.levels``) allows."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from bots.exploit import NONE, Adjustments, adjustments
from bots.levels import DEFAULT_LEVEL, LEVELS, Level, Sizing
from bots.personality import Personality, VoiceSpec
from bots.reading import (
    OpponentModel,
    Position,
    estimate_equity,
    estimate_ranges,
    hand_percentile,
    legal_or_fallback,
    position_of,
    pot_odds,
)
from engine.actions import Action, ActionKind
from engine.cards import Card, rank_of, suit_of
from engine.events import Street
from engine.sizing import POT_FRACTIONS, multiple_to, sized_to
from engine.view import PlayerView

_SAMPLES = {1: 700, 2: 600}  # Monte Carlo deals per decision by opponent count; else 500
_ANY_SIZE = ("third", "half", "pot")  # a beginner's sizes, whatever the hand


def has_draw(hole: tuple[Card, Card], board: tuple[Card, ...]) -> bool:
    """A flush draw or an open-ended straight draw that uses a hole card."""
    if len(board) >= 5 or not board:
        return False
    cards = (*hole, *board)
    for suit in range(4):
        if sum(suit_of(c) == suit for c in cards) == 4 and any(suit_of(h) == suit for h in hole):
            return True
    ranks = {rank_of(c) for c in cards} | ({-1} if any(rank_of(c) == 12 for c in cards) else set())
    hole_ranks = {rank_of(h) for h in hole}
    for low in range(-1, 9):
        window = set(range(low, low + 4))
        if window <= ranks and window & hole_ranks and low >= 0 and low + 4 <= 12:
            return True
    return False


def position_factor(pos: Position) -> float:
    """How much of the button's opening range a seat plays."""
    if pos.players == 2:
        return 1.6 if pos.button else 1.0
    if pos.button:
        return 1.0
    return {0: 0.9, 1: 0.8, 2: 0.8, 3: 0.62, 4: 0.52}.get(pos.behind, 0.45)


@dataclass(slots=True)
class PersonalityBot:
    """A character at the table; see ``bots/data/personalities.json``."""

    personality: Personality
    rng: random.Random
    name: str
    think: bool = True
    level: Level = LEVELS[DEFAULT_LEVEL - 1]
    model: OpponentModel = field(default_factory=OpponentModel)
    tilt: float = 0.0
    _hand: tuple[int, tuple[Card, Card] | None] | None = None
    _start_stack: int = 0
    _think_rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self._think_rng = random.Random(self.rng.getrandbits(64))

    @property
    def kind(self) -> str:
        return self.personality.kind

    @property
    def voice(self) -> VoiceSpec:
        return self.personality.voice

    @property
    def reads(self) -> bool:
        """Whether this bot learns the others' habits (its level, else its personality)."""
        return self.personality.reads if self.level.reads is None else self.level.reads

    # ------------------------------------------------------------ interface

    def decide(self, view: PlayerView) -> Action:
        assert view.legal is not None and view.hole is not None
        key = (view.button, view.hole)
        if key != self._hand:
            self._hand = key
            self._start_stack = view.stacks[view.seat] + view.contributed[view.seat]
        if view.street is Street.PREFLOP:
            return self._preflop(view)
        return self._postflop(view)

    def think_seconds(self, view: PlayerView) -> float:
        """Human-like pause: longer for expensive and late decisions; 0 when not thinking."""
        if not self.think:
            return 0.0
        t = self.personality.think
        ctx = view.context
        difficulty = 0.0
        if ctx is not None and ctx.to_call > 0:
            difficulty = min(1.0, ctx.to_call / max(1, ctx.stack + ctx.my_street_bet) * 3)
        if view.street in (Street.TURN, Street.RIVER):
            difficulty = min(1.0, difficulty + 0.3)
        seconds = t.base + self._think_rng.uniform(0, t.spread) + t.hard * difficulty
        return min(t.cap, seconds)

    def hand_over(self, view: PlayerView) -> None:
        """Learn from a finished hand: opponents' habits and this bot's own tilt."""
        p, tilt = self.personality, self.level.tilt
        if self.reads:
            self.model.observe(view)
        self.tilt *= p.tilt_decay
        if self._hand is not None and self._hand[1] == view.hole:
            net = view.stacks[view.seat] - self._start_stack
            big_loss = 20 * view.big_blind
            if net < -big_loss:
                self.tilt += p.tilt_per_loss * tilt * min(3.0, -net / big_loss)
        self.tilt = min(self.tilt, p.tilt_max * tilt)
        self._hand = None

    # -------------------------------------------------------------- preflop

    def _preflop(self, view: PlayerView) -> Action:
        p, lv, ctx, rng = self.personality, self.level, view.context, self.rng
        assert ctx is not None and view.hole is not None
        loose = 1.0 + self.tilt
        # Mixing at the edges (a regular); misranking hands (a beginner).
        pct = hand_percentile(*view.hole) * rng.uniform(1 - lv.jitter, 1 + lv.jitter)
        pos = position_of(view)
        factor = position_factor(pos)
        if lv.position != 1.0:
            factor = 1.0 + (factor - 1.0) * lv.position
        actions = view.street_actions(Street.PREFLOP)
        raises = sum(a.kind in (ActionKind.BET, ActionKind.RAISE) for a in actions)
        open_r = p.open_range * factor * loose
        if raises == 0 and pos.button:
            open_r *= lv.steal * self._adjust(view).steal
        if raises == 0:
            limpers = sum(a.kind is ActionKind.CALL for a in actions)
            multiple = Fraction(p.open_multiple).limit_denominator(4)
            size = multiple_to(multiple, ctx) + limpers * view.big_blind
            if open_up := self._adjust(view).open_up:
                size += round(open_up * view.big_blind)
            if ctx.can_check:  # the big blind's option
                if pct <= open_r * 0.5:
                    return legal_or_fallback(view, ActionKind.RAISE, size)
                return legal_or_fallback(view, ActionKind.CHECK)
            if pct <= open_r * (0.8 if limpers else 1.0):
                return legal_or_fallback(view, ActionKind.RAISE, size)
            limp_r = open_r + p.limp_range * min(1.0, factor * 1.2) * loose
            if view.seat == view.small_blind_seat and pos.players > 2:
                limp_r += p.limp_range * 0.5  # completing is cheap
            return legal_or_fallback(view, ActionKind.CALL if pct <= limp_r else ActionKind.FOLD)
        # Facing a raise: value re-raise, the odd light re-raise, call on odds, else fold.
        adjust = self._adjust(view) if raises <= 2 else NONE
        defend = adjust.defend if raises == 1 else adjust.stand if any(
            a.seat == view.seat and a.kind is ActionKind.RAISE for a in actions) else 1.0
        three_r = p.three_bet * loose * (0.45 ** (raises - 1)) * defend
        to_reraise = multiple_to(Fraction(7, 2) if not pos.last else 3, ctx)
        if pct <= three_r:
            return legal_or_fallback(view, ActionKind.RAISE, to_reraise)
        if raises == 1 and pct <= max(0.25, three_r * 4) and rng.random() < p.bluff * 0.4 * loose:
            return legal_or_fallback(view, ActionKind.RAISE, to_reraise)
        call_r = p.call_range * loose * (0.6 ** (raises - 1)) * (1.2 if pos.blind else 1.0)
        if lv.defend and raises == 1 and view.seat == view.big_blind_seat:
            call_r *= 1.0 + lv.defend * (1.0 - 2.0 * pot_odds(view))  # a cheap price
        call_r *= defend
        if pct > call_r:  # re-raise instead, now and then, a raiser who folds to it too often
            if raises == 1 and adjust.rebluff and rng.random() < adjust.rebluff:
                return legal_or_fallback(view, ActionKind.RAISE, to_reraise)
            return legal_or_fallback(view, ActionKind.FOLD)
        involved = [s for s in view.opponents
                    if any(a.seat == s and a.kind is not ActionKind.FOLD for a in actions)]
        eq = self._equity(view, involved or list(view.opponents), 500)
        realise = 0.95 if pos.last else 0.85
        slack = p.call_slack + lv.sticky
        return legal_or_fallback(view, ActionKind.CALL
                                 if eq * realise + slack >= self._required(view)
                                 else ActionKind.FOLD)

    # ------------------------------------------------------------- postflop

    def _postflop(self, view: PlayerView) -> Action:
        p, lv, ctx, rng = self.personality, self.level, view.context, self.rng
        assert ctx is not None and view.hole is not None and view.legal is not None
        n = max(1, len(view.opponents))
        eq = self._equity(view, list(view.opponents), _SAMPLES.get(n, 500))
        adjust = self._adjust(view)
        strength = eq ** (1.0 / n)  # heads-up-equivalent equity
        draw = has_draw(view.hole, view.board)
        pos = position_of(view)
        river = view.street is Street.RIVER
        bluff = p.bluff * lv.bluff * (1.0 + 2.0 * self.tilt) * (1.3 if pos.last else 0.8) / n
        semi_bluff = p.semi_bluff * lv.bluff
        value_threshold = p.value_threshold
        if self.reads:  # exploit: bluff those who fold, value-bet thinner into those who call
            folds = min(self.model.fold_rate(s) for s in view.opponents)
            bluff *= min(1.8, max(0.2, folds / 0.4))
            value_threshold -= max(0.0, 0.4 - folds) * 0.25
        if adjust is not NONE:  # the top level's reads of these players
            bluff *= adjust.bluff
            semi_bluff *= min(1.0, adjust.bluff)
            value_threshold -= adjust.value
        if ctx.to_call == 0:
            if adjust.trap and not pos.last and strength >= value_threshold \
                    and rng.random() < adjust.trap:
                return legal_or_fallback(view, ActionKind.CHECK)  # let the bluffer bet
            if strength >= value_threshold and rng.random() < p.aggression + adjust.bet_more * (
                    1.0 - p.aggression):
                return self._wager(view, strength, value=True)
            if draw and rng.random() < semi_bluff:
                return self._wager(view, strength)
            if strength < 0.45 and rng.random() < bluff:
                return self._wager(view, strength)
            return legal_or_fallback(view, ActionKind.CHECK)
        can_raise = view.legal.wager is not None
        if can_raise and strength >= value_threshold + 0.15 and rng.random() < p.aggression * 0.8:
            return self._wager(view, strength, value=True)
        if can_raise and draw and rng.random() < semi_bluff * 0.25:
            return self._wager(view, strength)
        required = self._required(view, draw=draw and not river)
        if eq + p.call_slack + lv.sticky + adjust.call + 0.05 * self.tilt >= required:
            return legal_or_fallback(view, ActionKind.CALL)
        if lv.chase and draw and not river and rng.random() < lv.chase:
            return legal_or_fallback(view, ActionKind.CALL)  # a beginner chases
        if can_raise and not river and n == 1 and rng.random() < bluff * 0.2:
            return self._wager(view, strength)
        return legal_or_fallback(view, ActionKind.FOLD)

    # -------------------------------------------------------------- helpers

    def _equity(self, view: PlayerView, seats: list[int], samples: int) -> float:
        """Monte Carlo equity against the seats' ranges, as well as the level judges it."""
        lv = self.level
        ranges = estimate_ranges(view, self.model if self.reads else None)
        chosen = [r for s, r in zip(view.opponents, ranges, strict=True) if s in seats]
        if lv.samples != 1.0:
            samples = max(50, int(samples * lv.samples))
        eq = estimate_equity(view, chosen or ranges, samples, self.rng)
        if lv.misjudge:
            eq = min(1.0, max(0.0, eq + self.rng.gauss(0.0, lv.misjudge)))
        return eq

    def _adjust(self, view: PlayerView) -> Adjustments:
        """The top level's reads against the opponents still in (none below it)."""
        if not self.level.exploit:
            return NONE
        return adjustments(self.model, view.opponents, self.level.exploit)

    def _required(self, view: PlayerView, *, draw: bool = False) -> float:
        """Pot odds, eased by implied odds when stacks are deep and cards are to come."""
        ctx = view.context
        assert ctx is not None
        if ctx.to_call == 0:
            return 0.0
        if view.street is Street.RIVER:
            return pot_odds(view)
        behind = min((view.stacks[s] for s in view.opponents), default=0)
        behind = min(behind, ctx.stack - ctx.to_call)
        implied = max(0, min(behind, ctx.pot)) * (0.3 if draw else 0.08)
        return ctx.to_call / (ctx.pot + ctx.to_call + implied)

    def _wager(self, view: PlayerView, strength: float, *, value: bool = False) -> Action:
        """Bet or raise a size the level picks: the personality's (the biggest with the
        strongest hands), any size at all (a beginner), or by strength (a strong player:
        small for thin value, big for strong hands, and big into a calling station)."""
        sizes = self.personality.bet_sizes
        sizing = self.level.sizing
        if sizing is Sizing.ANY:
            name = self.rng.choice(_ANY_SIZE)
        elif sizing is Sizing.BY_STRENGTH:
            if strength > 0.85 or (value and strength >= 0.7 and self._adjust(view).size_up):
                name = sizes[-1]
            elif value and strength < 0.7:
                name = sizes[0]
            else:
                name = sizes[len(sizes) // 2]
        else:
            name = sizes[-1] if strength > 0.85 else self.rng.choice(sizes)
        ctx = view.context
        legal = view.legal
        assert ctx is not None and legal is not None
        to = sized_to(POT_FRACTIONS[name], ctx)
        if to >= 0.65 * legal.all_in_to:  # most of the stack anyway: commit it
            to = legal.all_in_to
        kind = ActionKind.BET if ctx.unopened else ActionKind.RAISE
        return legal_or_fallback(view, kind, to)

