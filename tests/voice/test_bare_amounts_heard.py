"""A number said alone is heard as that number, and never as a command that sounds like it.

Whisper picks among a closed set. With no bare number in it, real speakers' "eight" came
out "Wait." or "min", "four" "Call." or "Board.", "one" "What?": a digit alone could only
be heard as some command. Every digit and the round amounts are now candidates, refused
like a raise below the minimum (a number alone is never acted on): its reason is said, or
the bet it would be is asked when pocketsphinx heard the same amount."""

from __future__ import annotations

import pytest

from engine.sizing import BettingContext
from voice.pipeline import reading
from voice.recognize.base import Result
from voice.recognize.closed_set import BARE_DIGITS, bare_candidates, candidates, meaning
from voice.recognize.whisper import WhisperRecognizer, WhisperTuning, numbers_alone
from voice.understand.agreement import AgreementRules, DecisionKind, decide
from voice.understand.intent import IntentKind
from voice.understand.parse import parse

from .contexts import BB_OPTION, FACING, OPEN, PREFLOP, SHALLOW, SHORT

# Small stakes, nothing bet: every digit from 1 is a bet the player may make.
SMALL = BettingContext.from_json(
    {"big_blind": 1, "pot": 3, "current_bet": 0, "my_street_bet": 0, "to_call": 0,
     "stack": 100, "can_check": True, "min_raise_to": 1, "max_raise_to": 100,
     "street": "flop"})


def test_every_digit_alone_is_a_candidate_in_figures_and_in_words() -> None:
    texts = {c.text: c for c in bare_candidates(SMALL)}
    for digit in BARE_DIGITS:
        assert f" {digit}." in texts
    for word in ("One", "Four", "Eight", "Nine"):
        assert f" {word}." in texts
    assert " 0." not in texts and " Zero." not in texts  # never an amount
    intent = meaning(texts[" Four."], SMALL)
    assert intent is not None and intent.intent is IntentKind.BET and intent.to == 4
    assert intent.error == "Say bet 4 to bet that"


@pytest.mark.parametrize("ctx", [SMALL, FACING, OPEN, PREFLOP, BB_OPTION, SHALLOW])
def test_a_bare_amount_is_refused_and_never_an_action(ctx: BettingContext) -> None:
    found = bare_candidates(ctx)
    assert found
    for cand in found:
        assert cand.refused
        intent = meaning(cand, ctx)
        assert intent is not None and intent.error is not None
        assert intent.intent in (IntentKind.BET, IntentKind.RAISE)
        assert parse(cand.spoken, ctx).to_action(0) is None


def test_no_bare_amount_where_no_bet_or_raise_is_possible() -> None:
    assert bare_candidates(SHORT) == ()


def test_an_amount_the_free_transcription_wrote_is_a_bare_candidate_as_written() -> None:
    bare = [c for c in bare_candidates(FACING, {260: "2 60"}) if c.spoken == "260"]
    assert [c.text for c in bare] == [" 2 60."] and bare[0].refused


def test_a_number_alone_is_scored_only_for_a_short_utterance() -> None:
    """Two tokens against a command's four or five: in every utterance's set, " 1." beat
    a synthetic "raise to two hundred"."""
    assert {c.text for c in bare_candidates(SMALL)} <= {c.text for c in
                                                        numbers_alone("Hey.", SMALL, 2)}
    assert " 60." in {c.text for c in numbers_alone("60", SMALL, 2)}
    assert numbers_alone("Race to 200.", FACING, 2) == ()
    assert numbers_alone("Four.", SMALL, 0) == ()
    assert not {c.text for c in candidates(SMALL)} & {" 4.", " Four."}  # not in every set


def bare_whisper() -> WhisperRecognizer:
    """A WhisperRecognizer without a model: enough for turning scores into a result."""
    rec = WhisperRecognizer.__new__(WhisperRecognizer)
    rec.tuning = WhisperTuning()
    return rec


def whisper_picked_four() -> Result:
    texts = {c.text: c for c in (*candidates(SMALL), *bare_candidates(SMALL))}
    scored = [(-1.0, 3, texts[" 4."]), (-6.0, 3, texts[" Call."] if " Call." in texts
                                          else texts[" Check."])]
    return bare_whisper()._result(scored, "4", -1.2, 3, SMALL)


def test_whispers_bare_pick_reads_as_the_amount_with_its_reason() -> None:
    result = whisper_picked_four()
    assert result.text == "4"
    heard = reading(result, SMALL)
    assert heard.intent.intent is IntentKind.BET and heard.intent.to == 4
    assert heard.intent.error == "Say bet 4 to bet that" and not heard.usable


def test_both_ears_hearing_a_bare_digit_ask_the_bet() -> None:
    sphinx = reading(Result("four", ("four",), 0.6, "pocketsphinx"), SMALL)
    d = decide(sphinx, reading(whisper_picked_four(), SMALL))
    assert d.kind is DecisionKind.ASK and d.intent.intent is IntentKind.BET
    assert d.intent.to == 4 and d.intent.error is None


@pytest.mark.parametrize("other", ["", "fold", "call", "check", "what"])
def test_whispers_bare_pick_is_never_done_as_another_action(other: str) -> None:
    whisper = reading(whisper_picked_four(), SMALL)
    for confidence in (0.1, 0.6, 0.95):
        sphinx = reading(Result(other, (other,) if other else (), confidence,
                                "pocketsphinx"), SMALL)
        d = decide(sphinx, whisper)
        assert d.kind is not DecisionKind.ACT or d.intent.intent is IntentKind.QUERY, d


@pytest.mark.parametrize("other", ["what", "fold", "wait"])
def test_whispers_bare_pick_is_the_amount_heard_over_pocketsphinx(other: str) -> None:
    """Real speakers' "four" and "eight": pocketsphinx's grammar made them "fold", "what"
    or "wait"; Whisper's pick of the number alone is what was said, and its reason ("Say
    bet 4 to bet that") is the answer, not a question about folding or a repeat."""
    whisper = reading(whisper_picked_four(), SMALL)
    sphinx = reading(Result(other, (other,), 0.6, "pocketsphinx"), SMALL)
    d = decide(sphinx, whisper)
    assert d.kind is DecisionKind.NONE and d.intent.intent is IntentKind.BET
    assert d.intent.to == 4 and d.intent.error == "Say bet 4 to bet that"
    before = decide(sphinx, whisper, AgreementRules(bare_whisper=False))
    assert before.intent.intent is not IntentKind.BET
