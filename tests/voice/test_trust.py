"""Per-intent confidence: a fold needs more than a call to pass without a question; a
second hearing that agrees lifts a reading to the threshold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.sizing import BettingContext
from voice import pipeline as recognize
from voice.pipeline import understand
from voice.recognize.base import Result
from voice.understand.intent import Intent, IntentKind
from voice.understand.trust import AGREEMENT_FLOOR, THRESHOLD, agreed, calibrated, confusable_size


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


def _raise(to: int) -> Intent:
    return Intent(IntentKind.RAISE, to=to)


def test_a_second_hearing_that_means_the_same_lifts_to_the_threshold() -> None:
    assert agreed(_raise(200), 0.2, _raise(200)) == THRESHOLD
    assert agreed(Intent(IntentKind.CALL), 0.3, Intent(IntentKind.CALL)) == THRESHOLD
    assert agreed(_raise(200), 0.7, _raise(200)) == 0.7  # never lowered


def test_no_lift_for_another_amount_a_disagreement_or_no_second_hearing() -> None:
    assert agreed(_raise(200), 0.3, _raise(250)) == 0.3
    assert agreed(Intent(IntentKind.CALL), 0.3, Intent(IntentKind.FOLD)) == 0.3
    assert agreed(Intent(IntentKind.CALL), 0.3, None) == 0.3


def test_folds_and_all_ins_stay_protected_and_a_near_zero_reading_stays_asked() -> None:
    assert agreed(Intent(IntentKind.FOLD), 0.4, Intent(IntentKind.FOLD)) == 0.4
    assert agreed(Intent(IntentKind.ALLIN), 0.4, Intent(IntentKind.ALLIN)) == 0.4
    low = AGREEMENT_FLOOR / 2
    assert agreed(_raise(200), low, _raise(200)) == low


def test_understand_lifts_only_on_an_agreeing_second_hearing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = BettingContext(10, 60, 20, 0, 20, 1000, False, 40, 1000, "flop")
    result = Result("raise to two hundred", ("raise to two hundred",), 0.2, "test",
                    second="raise to two hundred")
    intent, _, confidence = understand(result, ctx)
    assert intent == _raise(200) and confidence == THRESHOLD
    for second in ("raise to two fifty", "fold", "", "[unk] two hundred"):
        _, _, confidence = understand(replace(result, second=second), ctx)
        assert confidence == 0.2, second
    monkeypatch.setattr(recognize, "AGREEMENT", False)
    assert understand(result, ctx)[2] == 0.2


def test_a_wager_sized_by_one_confusable_word_is_asked_even_when_both_hearings_agree(
        ) -> None:
    """"call" comes out as "double" in noise: "double it" needs 0.9, never lifted."""
    ctx = BettingContext(10, 60, 20, 0, 20, 1000, False, 40, 1000, "flop")
    assert confusable_size("double it") and confusable_size("triple")
    assert not confusable_size("raise to forty") and not confusable_size("call")
    heard = Result("double it", ("double it",), 0.8, "test", second="double it")
    intent, _, confidence = understand(heard, ctx)
    assert intent == _raise(40) and confidence < THRESHOLD
    sure = replace(heard, confidence=0.95)
    assert understand(sure, ctx)[2] >= THRESHOLD


def test_vosk_results_have_no_second_hearing() -> None:
    from voice.recognize.vosk import vosk_result

    result = vosk_result({"alternatives": [{"text": "call", "confidence": 300.0}]})
    assert result.text == "call" and result.second == ""
