"""How the game asks: two readings numbered when the recognizer is unsure between two
actions (the panel shows "1 Call 10 · 2 All in" and the player says "one" or "two",
instead of a yes/no question about the first reading), and all-in questions that name
the amount."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.sizing import BettingContext
from voice.confirm import Pending, Phase
from voice.intent import Intent, confirmation_text

_ONE, _TWO = frozenset({"one", "1", "first"}), frozenset({"two", "2", "second"})
NUMBER_WORDS = ("one", "two")
"""What a click on the first or second reading stands for (said, it is the same)."""


def picked(text: str) -> int | None:
    """0 for "one", 1 for "two", None for anything else."""
    words = set(text.lower().split())
    return 0 if words & _ONE else 1 if words & _TWO else None


def labels(readings: tuple[Intent, ...], ctx: BettingContext | None) -> tuple[str, ...]:
    """The readings' names as the panel numbers them ("Call 10", "All in")."""
    return tuple(confirmation_text(r, ctx) for r in readings[:2])


def offer(readings: tuple[Intent, ...], ctx: BettingContext | None) -> tuple[str, str]:
    """What the panel shows and what is said for the two readings."""
    names = labels(readings, ctx)
    return f"1 {names[0]} · 2 {names[1]}", f"{names[0]}, or {names[1]}? Say one or two"


def question_text(text: str, pending: Pending | None) -> str:
    """ "All in? Say yes or no" names the amount: "All in for 980? ..."."""
    if (pending is not None and pending.phase is Phase.QUESTION
            and pending.action.kind is ActionKind.ALLIN and text.startswith("All in?")
            and pending.heard.context is not None):
        return f"All in for {pending.heard.context.all_in_to}?{text[len('All in?'):]}"
    return text
