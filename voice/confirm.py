"""Between hearing an action and doing it: say it back, wait, let the player undo it.

:class:`ConfirmController` is a pure state machine with injected time. Feed it what the
recognizer heard (:meth:`hear`), clicks (:meth:`click`) and the clock (:meth:`tick`);
it returns effects for the game: lines to say and actions to apply.

* An action is said back ("Raise to 250") and applied after a grace window (~1.5 s)
  unless "cancel", "wait" or "no" (or a click) comes first; "yes" applies it at once.
* All-in (also a bet, raise or call that puts the whole stack in, whatever the words),
  folding when checking is free, and anything heard with low confidence ask "confirm?"
  and wait for yes or no instead.
* An utterance that began right after the previous one ended (``continuation`` seconds:
  the gate closed at a short pause inside one command, "how much | to call", "raise by
  one hundred | forty") is half a command: an action said back from the first half is
  withdrawn, and an action heard in the second is asked, never done at once.
* A table command that changes the player's seat or the game (sit out, sit in, quit,
  rebuy, deal: :data:`STATE_CHANGING`) heard with low confidence is asked the same way,
  and done on "yes".
* Every heard command names its seat and the turn it was said in: a result for another
  seat or a turn that has passed is dropped, so a late result can't act.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.actions import Action, ActionKind
from engine.sizing import BettingContext
from voice.understand.intent import STATE_CHANGING, Control, Intent, IntentKind, confirmation_text
from voice.understand.parse import miss_text, parse


@dataclass(frozen=True, slots=True)
class ConfirmPolicy:
    """``grace`` seconds before an action is applied (0: at once); which actions ask
    first; how long a question waits for yes or no; ``continuation``: an utterance
    starting within this many seconds of the previous one's end continues it (0: off)."""

    grace: float = 1.5
    confirm_allin: bool = True
    confirm_free_fold: bool = True
    min_confidence: float = 0.5
    answer_timeout: float = 8.0
    continuation: float = 0.5

    def continues(self, after: float) -> bool:
        """Whether an utterance begun ``after`` seconds after the last one ended is too
        soon to be a command alone (the player is still talking)."""
        return after < self.continuation


@dataclass(frozen=True, slots=True)
class Heard:
    """One recognized utterance for ``seat`` during turn ``turn``."""

    seat: int
    turn: int
    intent: Intent
    confidence: float = 1.0
    context: BettingContext | None = None
    text: str = ""
    after: float = math.inf  # seconds since the previous utterance ended

    def continues(self, policy: ConfirmPolicy) -> bool:
        """Whether this utterance began too soon after the last to be a command alone."""
        return policy.continues(self.after)


QUESTION_LONGEST = 60.0
"""The longest a yes-or-no question waits, in seconds from when it was asked, however
long the game and the player talk over it."""

WITHDRAWN = "Not done: say the whole command again"
"""Said when an action said back is withdrawn because the player went on talking."""


class EffectKind(StrEnum):
    SAY = "say"          # say ``text``
    APPLY = "apply"      # submit ``action`` (as the seat's voice command)
    PASS = "pass"        # not an action: the game handles ``heard`` (query, control)
    DROP = "drop"        # ignored: wrong seat or stale turn (for the log)


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    text: str = ""
    action: Action | None = None
    heard: Heard | None = None


class Phase(StrEnum):
    IDLE = "idle"
    GRACE = "grace"        # said back; applies at the deadline
    QUESTION = "question"  # asked "confirm?"; waits for yes or no


@dataclass(frozen=True, slots=True)
class Pending:
    """What waits: ``action`` (None for a table command asked about, done on yes)."""

    heard: Heard
    action: Action | None
    phase: Phase
    deadline: float
    asked: float = 0.0  # when a question was asked (its longest wait counts from it)


class ConfirmController:
    """The grace window and confirmation questions for one player's seat."""

    def __init__(self, seat: int, policy: ConfirmPolicy = ConfirmPolicy()):
        self.seat = seat
        self.policy = policy
        self.turn: int | None = None
        self.pending: Pending | None = None

    @property
    def phase(self) -> Phase:
        return Phase.IDLE if self.pending is None else self.pending.phase

    def set_turn(self, turn: int | None) -> None:
        """The player's current turn id (None when it isn't their turn). A change
        silently drops anything pending: it belonged to a turn that is over."""
        if turn != self.turn:
            self.turn = turn
            self.pending = None

    def hear(self, heard: Heard, now: float) -> list[Effect]:
        """Handle one recognized utterance."""
        if heard.seat != self.seat:
            return [Effect(EffectKind.DROP, "another seat", heard=heard)]
        kind = heard.intent.intent
        cancel = kind is IntentKind.DENY or (kind is IntentKind.CONTROL
                                             and heard.intent.control is Control.CANCEL)
        if self.pending is not None:
            if cancel:
                self.pending = None
                return [Effect(EffectKind.SAY, "Cancelled")]
            whole = continued(self.pending.heard, heard)
            if whole is not None:  # "raise to one hundred" ... "and sixty": one amount
                self.pending = None
                heard = whole
                kind = heard.intent.intent
            elif self.pending.phase is Phase.GRACE and heard.continues(self.policy):
                # The player was still talking: what was said back was half a command.
                self.pending = None
                note = Effect(EffectKind.SAY, WITHDRAWN)
                if kind in (IntentKind.UNKNOWN, IntentKind.CONFIRM):
                    return [note]
                return [note, *self.hear(heard, now)]
            elif kind is IntentKind.CONFIRM:
                return self._apply()
        elif kind in (IntentKind.CONFIRM, IntentKind.DENY):
            # Nothing was asked: a "yes"/"no" is a mishearing ("so what", "don't"), a miss.
            return [Effect(EffectKind.SAY, miss_text(heard.context))]
        if kind is IntentKind.CONTROL and heard.intent.control in STATE_CHANGING \
                and heard.confidence < self.policy.min_confidence:
            self.pending = Pending(heard, None, Phase.QUESTION,
                                   now + self.policy.answer_timeout, now)
            return [Effect(EffectKind.SAY,
                           f"{confirmation_text(heard.intent, heard.context)}? Say yes or no")]
        if kind in (IntentKind.QUERY, IntentKind.CONTROL):
            return [Effect(EffectKind.PASS, heard=heard)]
        if kind is IntentKind.UNKNOWN:
            return [Effect(EffectKind.SAY, miss_text(heard.context))]
        if self.turn is None or heard.turn != self.turn:
            return [Effect(EffectKind.DROP, "not this turn", heard=heard)]
        if heard.intent.error is not None:
            if self.phase is Phase.QUESTION:
                # another command, not the answer ("check" over "Fold?" facing a bet):
                # the question is dropped, so no yes button waits beside the reason
                self.pending = None
            return [Effect(EffectKind.SAY, heard.intent.error)]
        action = heard.intent.to_action(self.seat)
        if action is None:
            return [Effect(EffectKind.SAY, confirmation_text(heard.intent, heard.context))]
        said = confirmation_text(heard.intent, heard.context)
        if _whole_stack(action, heard.context):
            # "pot", "half pot", "min raise" clamped to the stack, or a call of all of
            # it: an all-in whatever the words, asked as one.
            action, said = Action(self.seat, ActionKind.ALLIN), "All in"
        if self._must_ask(heard, action):
            self.pending = Pending(heard, action, Phase.QUESTION,
                                   now + self.policy.answer_timeout, now)
            return [Effect(EffectKind.SAY, f"{said}? Say yes or no")]
        if self.policy.grace <= 0:
            self.pending = Pending(heard, action, Phase.GRACE, now)
            return [Effect(EffectKind.SAY, said), *self._apply()]
        self.pending = Pending(heard, action, Phase.GRACE, now + self.policy.grace)
        return [Effect(EffectKind.SAY, said)]

    def replace_said_back(self) -> bool:
        """Two readings are offered instead ("1 Call 40 · 2 Fold"): like a new action in
        the grace window, the offer replaces a say-back still waiting (it is dropped);
        True if there was one."""
        if self.pending is None or self.pending.phase is not Phase.GRACE:
            return False
        self.pending = None
        return True

    def click(self, now: float) -> list[Effect]:
        """A click (or key) during the grace window or a question cancels it."""
        if self.pending is None:
            return []
        self.pending = None
        return [Effect(EffectKind.SAY, "Cancelled")]

    def keep_asking(self, now: float) -> None:
        """The question still has the floor (it is being said, the player is answering,
        an answer is being recognized): it waits ``answer_timeout`` from now, so an answer
        begun before it lapses is never too late, whatever the recognition takes; but
        never more than :data:`QUESTION_LONGEST` after it was asked (a stuck narrator or
        a noisy room can't hold it forever)."""
        pending = self.pending
        if pending is None or pending.phase is not Phase.QUESTION:
            return
        deadline = min(now + self.policy.answer_timeout, pending.asked + QUESTION_LONGEST)
        if deadline > pending.deadline:
            self.pending = replace(pending, deadline=deadline)

    def tick(self, now: float, hold: bool = False) -> list[Effect]:
        """Apply an action whose grace window has run out (not while ``hold``: an
        utterance that may finish the command is still being heard); forget an
        unanswered question."""
        pending = self.pending
        if pending is None or now < pending.deadline or (hold and pending.phase is Phase.GRACE):
            return []
        if pending.phase is Phase.GRACE:
            return self._apply()
        self.pending = None
        return [Effect(EffectKind.SAY, "Not confirmed")]

    def _apply(self) -> list[Effect]:
        assert self.pending is not None
        pending, self.pending = self.pending, None
        if pending.action is None:  # a table command asked about: the game does it now
            return [Effect(EffectKind.PASS, heard=pending.heard)]
        return [Effect(EffectKind.APPLY, action=pending.action)]

    def _must_ask(self, heard: Heard, action: Action) -> bool:
        policy = self.policy
        if policy.confirm_allin and action.kind is ActionKind.ALLIN:
            return True
        if heard.continues(policy):
            return True
        ctx = heard.context
        if (policy.confirm_free_fold and action.kind is ActionKind.FOLD and ctx is not None
                and ctx.can_check):
            return True
        return heard.confidence < policy.min_confidence


_NOT_AN_AMOUNT = frozenset({
    "raise", "raising", "reraise", "bet", "betting", "make", "pot", "all", "in", "call",
    "check", "fold", "double", "triple", "times", "x", "blind", "blinds", "half", "min",
    "minimum", "max", "maximum", "by", "third", "quarter", "quarters"})


def continued(first: Heard, then: Heard) -> Heard | None:
    """``then`` as the rest of ``first``'s amount, when a pause cut one command in two:
    "raise to one hundred" then "and sixty" (or "sixty") is a raise to 160. Only a round
    amount (hundreds, thousands) followed by words that are nothing but a smaller number
    joins; the whole is parsed again in ``first``'s context, so it is legal or carries
    the parser's error. None: not a continuation."""
    wager = first.intent
    rest = then.intent
    if rest.intent not in (IntentKind.BET, IntentKind.RAISE) and then.text:
        rest = parse(then.text, first.context)  # "and sixty" alone means nothing doable
    if wager.intent not in (IntentKind.BET, IntentKind.RAISE) or wager.to is None \
            or rest.intent not in (IntentKind.BET, IntentKind.RAISE) or rest.to is None:
        return None
    words = set(then.text.lower().replace("-", " ").split())
    if not words or words & _NOT_AN_AMOUNT:
        return None
    head = wager.to  # the street total said
    place = 1000 if rest.to >= 100 else 100
    if not (0 < rest.to < place and head >= place and head % place == 0):
        return None
    verb = "raise to" if wager.intent is IntentKind.RAISE else "bet"
    text = f"{verb} {head + rest.to}"
    intent = parse(text, first.context)
    if intent.intent is not wager.intent:
        return None
    return Heard(first.seat, first.turn, intent, min(first.confidence, then.confidence),
                 first.context, text)


def _whole_stack(action: Action, ctx: BettingContext | None) -> bool:
    """Whether ``action`` puts every chip behind in (an all-in under another name)."""
    if ctx is None or action.kind is ActionKind.ALLIN or ctx.stack <= 0:
        return False
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return action.to is not None and action.to >= ctx.all_in_to
    return action.kind is ActionKind.CALL and ctx.to_call >= ctx.stack


def acts_without_asking(intent: Intent, confidence: float, ctx: BettingContext | None,
                        policy: ConfirmPolicy = ConfirmPolicy()) -> Action | None:
    """The action the controller would apply after the grace window without asking,
    or None (for benchmarks: what a wrong recognition could actually do)."""
    controller = ConfirmController(0, policy)
    controller.set_turn(1)
    effects = controller.hear(Heard(0, 1, intent, confidence, ctx), 0.0)
    effects += controller.tick(policy.grace + 1.0)
    return next((e.action for e in effects if e.kind is EffectKind.APPLY), None)
