"""How the game asks: two readings numbered when the recognizer is unsure between two
actions (the panel shows "1 Call 10 · 2 All in" and the player says "one" or "two",
instead of a yes/no question about the first reading), and all-in questions that name
the amount; and when the game need not ask at all: a low-confidence action whose readings
agree is said back with the grace window, the asked action said again is the yes, and a
weak yes does not fold or put the stack in."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.sizing import BettingContext
from voice.confirm import ConfirmPolicy, Pending, Phase
from voice.understand.intent import Intent, IntentKind, confirmation_text

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
            and pending.action is not None and pending.action.kind is ActionKind.ALLIN
            and text.startswith("All in?")
            and pending.heard.context is not None):
        return f"All in for {pending.heard.context.all_in_to}?{text[len('All in?'):]}"
    return text


_UNDOABLE = frozenset({IntentKind.CHECK, IntentKind.CALL, IntentKind.BET, IntentKind.RAISE})
"""Actions a low-confidence reading may say back with the grace window (the player can
still say "no" or click) instead of a yes/no question: not a fold, not all-in."""


def repeats_question(pending: Pending | None, intent: Intent) -> bool:
    """The player said the asked action again instead of "yes" (as people do): taken as
    the yes, except for folds and all-ins, which wait for the word itself (a "call"
    asked only because it takes the whole stack is a call said twice: taken)."""
    if pending is None or pending.phase is not Phase.QUESTION or intent.error is not None:
        return False
    said = pending.heard.intent
    return (intent.intent in _UNDOABLE and said.meaning == intent.meaning
            and pending.action is not None
            and (pending.action.kind not in (ActionKind.FOLD, ActionKind.ALLIN)
                 or said.intent is IntentKind.CALL))


def weak_yes(pending: Pending | None, intent: Intent, confidence: float,
             policy: ConfirmPolicy) -> bool:
    """A yes heard with low confidence to a question about a fold or an all-in: not
    taken (a "check" heard as "do it" must not fold the hand), the question is asked
    again."""
    return (pending is not None and pending.phase is Phase.QUESTION
            and intent.intent is IntentKind.CONFIRM and confidence < policy.min_confidence
            and pending.action is not None
            and pending.action.kind in (ActionKind.FOLD, ActionKind.ALLIN))


def asked_again(pending: Pending, heard: str) -> str:
    """The pending question said again, after a reply that can't answer it."""
    said = ("All in?" if pending.action is not None and pending.action.kind is ActionKind.ALLIN
            else f"{confirmation_text(pending.heard.intent, pending.heard.context)}?")
    return f"I heard “{heard}”. " + question_text(f"{said} Say yes or no", pending)


def before_confirm(pending: Pending | None, intent: Intent, confidence: float,
                   policy: ConfirmPolicy, ctx: BettingContext | None, text: str,
                   talked_over: bool) -> tuple[Intent, float, str]:
    """What the confirm machine gets for one heard utterance, or (third item) the
    question to ask again instead: a weak yes to a fold or all-in is asked again and the
    asked action said again is the yes (both only when the game wasn't talking over it).

    An unsure action is not said back on the strength of its readings alone: acting
    after the grace window on every unsure check, call, bet or raise took the voice
    benchmark's development set from 1 to 55 wrong actions without a question (126 ->
    48 questions). Only a second hearing that agrees lifts one
    (:func:`voice.understand.trust.agreed`), and the benchmark measures that."""
    if talked_over:
        return intent, confidence, ""
    if pending is not None and weak_yes(pending, intent, confidence, policy):
        return intent, confidence, asked_again(pending, text)
    if repeats_question(pending, intent):
        return Intent(IntentKind.CONFIRM), 1.0, ""
    return intent, confidence, ""
