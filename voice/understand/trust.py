"""How sure the game must be of each intent before it acts without asking.

The confirm policy asks "...? Say yes or no" below one confidence (0.5). Misreadings are
not equally likely, nor equally costly: a fold cannot be undone, and the voice
benchmark's confusion matrix shows which readings come out of other commands
("call" and "check" heard as "fold"). :func:`calibrated` maps a recognizer confidence
so that the policy's threshold falls at :data:`REQUIRED` for the heard intent: a fold
needs more than a call to pass without a question.
"""

from __future__ import annotations

from collections.abc import Mapping

from voice.understand.intent import Intent, IntentKind

THRESHOLD = 0.5
"""The confirm policy's own threshold (``ConfirmPolicy.min_confidence``)."""

REQUIRED: Mapping[IntentKind, float] = {
    IntentKind.FOLD: 0.9,
}
"""Confidence needed to act without asking, per heard intent (others: THRESHOLD)."""


def calibrated(intent: IntentKind, confidence: float,
               required: Mapping[IntentKind, float] | None = None) -> float:
    """``confidence`` rescaled piecewise-linearly so that ``required[intent]`` (default
    :data:`REQUIRED`) lands on :data:`THRESHOLD` (0 and 1 stay put, order is kept)."""
    need = (REQUIRED if required is None else required).get(intent, THRESHOLD)
    c = max(0.0, min(1.0, confidence))
    if need == THRESHOLD or not 0.0 < need < 1.0:
        return c
    if c < need:
        return THRESHOLD * c / need
    return THRESHOLD + (1 - THRESHOLD) * (c - need) / (1 - need)


AGREEING: frozenset[IntentKind] = frozenset({IntentKind.CHECK, IntentKind.CALL,
                                             IntentKind.BET, IntentKind.RAISE})
"""Intents a second hearing's agreement may lift to the threshold. Not a fold (it needs
more: :data:`REQUIRED`) nor an all-in (always asked): on the benchmark's development
set a wrong fold and wrong all-ins also had both hearings agree."""

AGREEMENT_FLOOR = 0.1
"""The least confidence an agreed reading must already have to be lifted: a reading
that the first decoding all but ruled out is not made sure by the second."""


CONFUSABLE_SIZES = frozenset({"x2", "x3"})
"""Wager blocks (template values) sized by one word ("double", "triple"): on the
benchmark's development set none of 13 such readings was what had been said (they
come out of "call", "how much to call", "bet a third of the pot"...), so they need
:data:`CONFUSABLE_REQUIRED` and no second hearing lifts them."""

CONFUSABLE_REQUIRED = 0.9


def confusable_size(text: str) -> bool:
    """Whether ``text`` reads as a wager sized by one confusable word ("double it")."""
    from voice.understand.templates import load

    match = next(iter(load().matches(text)), None)
    return match is not None and match.block.value in CONFUSABLE_SIZES


def sized_by_word(confidence: float) -> float:
    """``confidence`` in a :func:`confusable_size` reading, calibrated so that
    :data:`CONFUSABLE_REQUIRED` lands on :data:`THRESHOLD`."""
    return calibrated(IntentKind.RAISE, confidence, {IntentKind.RAISE: CONFUSABLE_REQUIRED})


def agreed(intent: Intent, confidence: float, second: Intent | None) -> float:
    """``confidence`` in ``intent``, lifted to :data:`THRESHOLD` (act after the grace
    window, no question) when a second, partly independent hearing of the same audio
    (``second``; see ``voice.recognize.base.Result.second``) means exactly the same (kind and
    amount), for the intents of :data:`AGREEING`, from :data:`AGREEMENT_FLOOR` up.

    On the voice benchmark's development set (pocketsphinx; its streaming decode as the
    second hearing) this asked 88 instead of 126 of 167 right actions (by-design all-in
    and free-fold questions included) for one more wrong action taken without a question
    (an amount both hearings got wrong: "bet four hundred" heard "bet five hundred")."""
    if (second is None or intent.intent not in AGREEING or confidence < AGREEMENT_FLOOR
            or second.meaning != intent.meaning):
        return confidence
    return max(confidence, THRESHOLD)
