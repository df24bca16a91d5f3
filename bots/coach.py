"""The coach: "what are my odds?" and "should I call?", answered in one sentence.

Uses the bots' machinery: equity by Monte Carlo against the opponents' ranges as
estimated from their actions (:func:`bots.reading.estimate_ranges`), and the pot odds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bots.reading import estimate_equity, estimate_ranges, pot_odds
from engine.equity import Range
from engine.view import PlayerView

_COUNTS = ("no players", "one player", "two players", "three players", "four players",
           "five players", "six players", "seven players", "eight players", "nine players")


@dataclass(frozen=True, slots=True)
class Advice:
    """``equity`` is the share of the pot the hand wins on average (0..1); ``pot_odds``
    the share a call would pay for (0 when checking is free); ``suggestion`` is spoken."""

    equity: float
    pot_odds: float
    opponents: int
    suggestion: str


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"


def advise(view: PlayerView, rng: random.Random, *, samples: int = 3000,
           ranges: Sequence[Range] | None = None) -> Advice:
    """Advice for ``view``'s seat. ``ranges`` overrides the estimated opponents' ranges."""
    if view.hole is None or view.folded[view.seat]:
        return Advice(0.0, 0.0, 0, "You're not in this hand.")
    opponents = len(view.opponents)
    if opponents == 0:
        return Advice(1.0, 0.0, 0, "Everyone else has folded: the pot is yours.")
    chosen = list(ranges) if ranges is not None else estimate_ranges(view)
    eq = estimate_equity(view, chosen, samples, rng)
    odds = pot_odds(view)
    against = _COUNTS[opponents] if opponents < len(_COUNTS) else f"{opponents} players"
    have = f"You have about {_pct(eq)} against {against}"
    ctx = view.context
    to_call = ctx.to_call if ctx is not None else 0
    can_raise = view.legal is not None and view.legal.wager is not None
    if ctx is not None and to_call > 0:
        need = f"{have} and need {_pct(odds)} to call"
        if eq >= odds + 0.2 and can_raise:
            verdict = "raising is worth considering."
        elif eq >= odds + 0.03:
            verdict = "calling is fine."
        elif eq >= odds - 0.03:
            verdict = "it's close, a call is marginal."
        else:
            verdict = "folding is better."
        return Advice(eq, odds, opponents, f"{need}: {verdict}")
    fair = 1 / (opponents + 1)
    if eq >= max(0.6, fair + 0.25):
        verdict = "betting for value makes sense."
    elif eq >= fair:
        verdict = "you're ahead of your share, so checking or a small bet are both fine."
    else:
        verdict = "checking is best."
    if ctx is None:  # not this seat's turn: just the numbers
        return Advice(eq, odds, opponents, f"{have}.")
    return Advice(eq, odds, opponents, f"{have} and can check: {verdict}")
