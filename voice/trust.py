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

from voice.intent import IntentKind

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
