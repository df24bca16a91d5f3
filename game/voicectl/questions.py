"""How the game asks: two readings numbered when the recognizer is unsure between two
actions (the panel shows "1 Call 10 · 2 All in" and the player says "one" or "two",
instead of a yes/no question about the first reading), and all-in questions that name
the amount; and when the game need not ask at all: a low-confidence action whose readings
agree is said back with the grace window, the asked action said again is the yes, and a
weak yes does not fold or put the stack in.

A question never loses a command (:class:`QuestionWatch`): each question, dialog or
screen that waits is numbered, and an utterance carries the number waiting when it
began, so a yes or no never answers a later question, nor one in another hand or dialog
(it is answered as an answer whose question is over); and a yes or no decided while
another ear heard a command is not taken: the question is asked again, naming it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import ActionKind
from engine.chips import chip_text
from engine.sizing import BettingContext
from voice.confirm import ConfirmPolicy, Pending, Phase
from voice.understand.intent import Intent, IntentKind, confirmation_text
from voice.understand.parse import parse

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
        return f"All in for {chip_text(pending.heard.context.all_in_to)}?" \
            f"{text[len('All in?'):]}"
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
    told = f'I heard "{heard}". ' if heard.strip() else ""
    return told + question_text(f"{said} Say yes or no", pending)


def before_confirm(pending: Pending | None, intent: Intent, confidence: float,
                   policy: ConfirmPolicy, ctx: BettingContext | None, text: str,
                   talked_over: bool, instead: str = "") -> tuple[Intent, float, str]:
    """What the confirm machine gets for one heard utterance, or (third item) the
    question to ask again instead: a weak yes to a fold or all-in is asked again and the
    asked action said again is the yes (both only when the game wasn't talking over it);
    a yes or no while another ear heard a command (``instead``: its words) is asked
    again, never taken ("raise to two hundred" decided as "no" to "All in for 872?").

    An unsure action is not said back on the strength of its readings alone: acting
    after the grace window on every unsure check, call, bet or raise took the voice
    benchmark's development set from 1 to 55 wrong actions without a question (126 ->
    48 questions). Only a second hearing that agrees lifts one
    (:func:`voice.understand.trust.agreed`), and the benchmark measures that."""
    if talked_over:
        return intent, confidence, ""
    if pending is not None and pending.phase is Phase.QUESTION and instead \
            and intent.intent in ANSWERS:
        return intent, confidence, asked_again(pending, instead)
    if pending is not None and weak_yes(pending, intent, confidence, policy):
        return intent, confidence, asked_again(pending, text)
    if repeats_question(pending, intent):
        return Intent(IntentKind.CONFIRM), 1.0, ""
    return intent, confidence, ""


ANSWERS = frozenset({IntentKind.CONFIRM, IntentKind.DENY})

ANSWER_LINGERS = 20.0
"""Seconds after a question at the table stops waiting during which a yes or no is
answered as an answer to it ("That question is over") rather than as a miss."""


def is_answer(intent: Intent, text: str) -> bool:
    """A yes or a no, decided as one or written as one (the recognizers decide a lone
    "yes" with no question waiting as nothing)."""
    if intent.intent in ANSWERS:
        return True
    return intent.intent is IntentKind.UNKNOWN and bool(text.strip()) \
        and parse(text).intent in ANSWERS


@dataclass(slots=True)
class QuestionWatch:
    """What waits for the player's answer, numbered: the table's question, the screen on
    top and a question asked on it. ``asked`` changes whenever any of them does; each
    utterance is stamped with it when it begins."""

    asked: int = 0
    waiting: tuple[object, object, object] = (None, None, None)
    over_at: float | None = None  # a question at the table stopped waiting then
    answerable: list[int] = field(default_factory=list)  # numbers when something waited

    def update(self, question: Pending | None, screen: object, on_screen: object,
               now: float) -> None:
        """Note what waits now (the table's question: ``question`` in its QUESTION
        phase)."""
        # The question by what was heard: its deadline moves while it keeps the floor.
        waiting = (question.heard if question is not None and question.phase is Phase.QUESTION
                   else None, screen, on_screen)
        if all(a is b for a, b in zip(waiting, self.waiting, strict=True)):
            return
        if self.waiting[0] is not None and waiting[0] is None:
            self.over_at = now
        self.waiting = waiting
        self.asked += 1
        if any(w is not None for w in waiting):
            self.answerable = [*self.answerable[-20:], self.asked]

    def late(self, intent: Intent, text: str, stamped: int, pending: Pending | None,
             now: float) -> str | None:
        """The reply to a yes or no that cannot answer what waits now (its question is
        over, or it began before this one was asked); None when it is heard as usual."""
        if not is_answer(intent, text):
            return None
        yes = intent.intent is IntentKind.CONFIRM or (
            intent.intent is IntentKind.UNKNOWN and parse(text).intent is IntentKind.CONFIRM)
        word = "yes" if yes else "no"
        question, screen, on_screen = self.waiting
        if 0 <= stamped != self.asked:
            if question is not None or on_screen is not None or screen is not None:
                return f"That {word} was said before this was asked. Say it again to answer"
            if stamped in self.answerable:
                return f"That {word} was for a question that is over: nothing was done"
            return None
        recent = self.over_at is not None and now - self.over_at <= ANSWER_LINGERS
        if pending is None and screen is None and recent:
            return f"That {word} was for a question that is over: nothing was done"
        return None
