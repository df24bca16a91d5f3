"""Per-intent confidence: a fold needs more than a call to pass without a question."""

from __future__ import annotations

from voice.intent import IntentKind
from voice.trust import THRESHOLD, calibrated


def test_a_fold_below_its_own_threshold_is_asked() -> None:
    assert calibrated(IntentKind.FOLD, 0.8, {IntentKind.FOLD: 0.9}) < THRESHOLD
    assert calibrated(IntentKind.FOLD, 0.95, {IntentKind.FOLD: 0.9}) >= THRESHOLD


def test_other_intents_keep_their_confidence() -> None:
    assert calibrated(IntentKind.CALL, 0.55, {IntentKind.FOLD: 0.9}) == 0.55


def test_the_mapping_keeps_order_and_ends() -> None:
    need = {IntentKind.FOLD: 0.8}
    values = [calibrated(IntentKind.FOLD, c / 20, need) for c in range(21)]
    assert values == sorted(values)
    assert values[0] == 0.0 and values[-1] == 1.0
    assert calibrated(IntentKind.FOLD, 0.8, need) == THRESHOLD
