"""Reference policies for measuring the personalities: random, callbot, honest."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bots.personality import VoiceSpec
from bots.reading import legal_or_fallback, passive, pot_odds
from engine.actions import Action, ActionKind
from engine.cards import rank_of, suit_of
from engine.equity import equity
from engine.sizing import POT_FRACTIONS, sized_to
from engine.view import PlayerView

REFERENCE_VOICE = VoiceSpec("neutral", 170, 1.0)


@dataclass(slots=True)
class RandomBot:
    """Uniform over the legal action kinds, a uniform legal amount for wagers; never
    folds when checking is free."""

    rng: random.Random
    name: str = "Random"
    kind: str = "random"
    voice: VoiceSpec = REFERENCE_VOICE

    def decide(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        seat = legal.seat
        options: list[Action] = []
        if legal.check:
            options.append(Action(seat, ActionKind.CHECK))
        else:
            options.append(Action(seat, ActionKind.FOLD))
        if legal.call is not None:
            options.append(Action(seat, ActionKind.CALL))
        wager = legal.wager
        if wager is not None:
            kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
            options.append(Action(seat, kind, self.rng.randint(wager[0], wager[1])))
        if legal.allin:
            options.append(Action(seat, ActionKind.ALLIN))
        return self.rng.choice(options)

    def think_seconds(self, view: PlayerView) -> float:
        return 0.0

    def hand_over(self, view: PlayerView) -> None:
        """Nothing to learn."""


@dataclass(slots=True)
class CallBot:
    """Checks when it can, otherwise calls: the calling station without a personality."""

    rng: random.Random
    name: str = "Callbot"
    kind: str = "callbot"
    voice: VoiceSpec = REFERENCE_VOICE

    def decide(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return passive(view.legal, fold=False)

    def think_seconds(self, view: PlayerView) -> float:
        return 0.0

    def hand_over(self, view: PlayerView) -> None:
        """Nothing to learn."""


@dataclass(slots=True)
class HonestBot:
    """Calls when Monte Carlo equity against random hands beats the pot odds; bets or
    raises two thirds of the pot with equity above 0.6. No bluffs, no reads."""

    rng: random.Random
    samples: int = 1000
    name: str = "Honest"
    kind: str = "honest"
    voice: VoiceSpec = REFERENCE_VOICE
    _preflop: dict[tuple[int, int, bool, int], float] = field(default_factory=dict)

    def _equity(self, view: PlayerView) -> float:
        assert view.hole is not None
        opponents = max(1, len(view.opponents))
        if not view.board:  # preflop equity depends only on the hand class: cache it
            c1, c2 = view.hole
            key = (max(rank_of(c1), rank_of(c2)), min(rank_of(c1), rank_of(c2)),
                   suit_of(c1) == suit_of(c2), opponents)
            if key not in self._preflop:
                self._preflop[key] = equity(view.hole, (), opponents, 4000, self.rng).equity
            return self._preflop[key]
        return equity(view.hole, view.board, opponents, self.samples, self.rng).equity

    def decide(self, view: PlayerView) -> Action:
        legal, ctx = view.legal, view.context
        assert legal is not None and ctx is not None
        eq = self._equity(view)
        if eq > 0.6 and legal.wager is not None:
            kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
            return legal_or_fallback(view, kind, sized_to(POT_FRACTIONS["two_thirds"], ctx))
        return passive(legal, fold=eq <= pot_odds(view))

    def think_seconds(self, view: PlayerView) -> float:
        return 0.0

    def hand_over(self, view: PlayerView) -> None:
        """Nothing to learn."""
