"""A command the rules refuse is heard as itself, never as its legal neighbour.

Whisper picks among a closed set of candidates. With only legal commands in it, "raise
to two hundred" with the minimum at 240 came out as "Raise to 400?" and "check" facing
a bet as something else; a few refused candidates, marked, carry the parser's reason
instead, and none of them is ever an action."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.sizing import BettingContext
from voice.pipeline import reading, understand
from voice.recognize.base import Result
from voice.recognize.closed_set import (
    REFUSED_ABOVE,
    REFUSED_BELOW,
    REFUSED_VERBS,
    Candidate,
    candidates,
    meaning,
    refused_amounts,
)
from voice.recognize.store import find_whisper_model
from voice.recognize.whisper import WhisperRecognizer, WhisperTuning
from voice.understand.agreement import DecisionKind, Reading, decide
from voice.understand.intent import IntentKind
from voice.understand.parse import parse

from .contexts import BB_OPTION, FACING, OPEN, PREFLOP, SHALLOW, SHORT

# Flop, facing a raise to 120 with 980 behind: the minimum re-raise is to 240.
MIN_240 = BettingContext(20, 300, 120, 0, 120, 980, False, 240, 980, "flop")
CONTEXTS = (MIN_240, FACING, OPEN, PREFLOP, BB_OPTION, SHORT, SHALLOW)


def by_text(ctx: BettingContext) -> dict[str, Candidate]:
    return {c.text: c for c in candidates(ctx)}


def reason(text: str, ctx: BettingContext) -> str | None:
    """The error of the refused candidate written ``text`` in ``ctx``."""
    cand = by_text(ctx)[text]
    assert cand.refused, cand
    intent = meaning(cand, ctx)
    assert intent is not None
    return intent.error


def test_round_amounts_below_the_minimum_raise_are_refused_with_the_minimum() -> None:
    assert refused_amounts(MIN_240) == [150, 200, 1000, 1500]
    for text in (" Raise to 200.", " Raise 200.", " Bet 200.", " Bet to 150."):
        assert reason(text, MIN_240) == "Minimum raise is to 240"
    assert reason(" Raise to 60.", FACING) == "Minimum raise is to 100"
    assert not by_text(MIN_240)[" Raise to 240."].refused  # the minimum itself is legal


def test_round_amounts_above_the_stack_are_refused_with_what_is_behind() -> None:
    assert reason(" Raise to 1,000.", MIN_240) == "You have 980 behind"
    assert reason(" Bet 2,000.", OPEN) == "You have 1,500 behind"
    assert reason(" Raise to 100.", SHALLOW) == "You have 80 behind"


def test_check_facing_a_bet_is_a_refused_candidate_with_the_call() -> None:
    assert reason(" Check.", MIN_240) == "You can't check: 120 to call"
    assert reason(" Check.", FACING) == "You can't check: 50 to call"
    free = by_text(BB_OPTION)[" Check."]  # nothing to call: a check like any other
    assert not free.refused and meaning(free, BB_OPTION) == parse("check", BB_OPTION)


def test_no_amount_is_refused_where_none_is_below_the_minimum() -> None:
    """An unopened street's minimum bet is the big blind, and preflop's minimum raise
    the next round step: nothing round lies between."""
    assert refused_amounts(OPEN) == [2000, 3000]  # above the stack of 1,500 only
    assert refused_amounts(PREFLOP) == [3000, 4000]
    assert refused_amounts(SHORT) == []  # no raise at all: only fold or call


@pytest.mark.parametrize("ctx", CONTEXTS)
def test_no_refused_candidate_is_ever_an_action(ctx: BettingContext) -> None:
    for cand in candidates(ctx):
        intent = meaning(cand, ctx)
        if cand.refused:
            assert intent is not None and intent.error is not None, cand
            assert parse(cand.spoken, ctx).to_action(0) is None, cand
        else:
            assert intent is None or intent.error is None, cand


@pytest.mark.parametrize("ctx", CONTEXTS)
def test_the_refused_candidates_stay_few(ctx: BettingContext) -> None:
    """A refused amount is written in the plain bet and raise wordings only: Whisper's
    time per command grows with the set."""
    amounts = [c for c in candidates(ctx) if c.refused and c.spoken.split()[0] in REFUSED_VERBS]
    assert len(amounts) <= (REFUSED_BELOW + REFUSED_ABOVE) * 2 * len(REFUSED_VERBS)


# --- through Whisper's result and the pipeline ----------------------------------------------


def bare_whisper() -> WhisperRecognizer:
    """A WhisperRecognizer without a model: enough for turning scores into a result."""
    rec = WhisperRecognizer.__new__(WhisperRecognizer)
    rec.tuning = WhisperTuning()
    return rec


def test_whispers_refused_pick_is_its_reading_with_the_reason() -> None:
    refused, legal = by_text(MIN_240)[" Raise to 200."], by_text(MIN_240)[" Raise to 400."]
    scored = [(-2.0, 5, refused), (-9.0, 5, legal)]
    result = bare_whisper()._result(scored, "Raise to 200.", -2.5, 6, MIN_240)
    assert result.text == "raise to 200" and result.confidence > 0.5
    intent, text, _ = understand(result, MIN_240)
    assert text == "raise to 200" and intent.error == "Minimum raise is to 240"
    heard = reading(result, MIN_240)
    assert heard.intent.error == "Minimum raise is to 240" and not heard.usable
    assert heard.intent.to_action(0) is None


def whisper_heard(text: str, ctx: BettingContext = MIN_240, confidence: float = 0.9
                  ) -> Reading:
    return reading(Result(text, (text, "raise to 400"), confidence, "whisper", second=text),
                   ctx)


def sphinx_heard(text: str, confidence: float, ctx: BettingContext = MIN_240) -> Reading:
    return reading(Result(text, (text,) if text else (), confidence, "pocketsphinx"), ctx)


def test_both_ears_hearing_a_refused_raise_say_the_minimum() -> None:
    d = decide(sphinx_heard("raise to two hundred", 0.6), whisper_heard("raise to 200"))
    assert d.kind is DecisionKind.NONE and d.intent.error == "Minimum raise is to 240"
    d = decide(sphinx_heard("check", 0.6), whisper_heard("check"))
    assert d.kind is DecisionKind.NONE and d.intent.error == "You can't check: 120 to call"


@pytest.mark.parametrize("other", ["", "raise to two hundred", "raise to four hundred", "call",
                                   "fold", "check"])
def test_a_refused_whisper_pick_never_becomes_an_action(other: str) -> None:
    for said in ("raise to 200", "raise to 1000", "check"):
        heard = whisper_heard(said)
        for confidence in (0.1, 0.6, 0.95):
            d = decide(sphinx_heard(other, confidence), heard)
            if d.kind is DecisionKind.ACT:
                assert d.intent.error is None and d.intent.meaning != heard.intent.meaning


# --- the real model -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(find_whisper_model() is None, reason="no verified Whisper model")
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_whisper_hears_a_raise_below_the_minimum_as_refused(whisper: object,
                                                           tmp_path: Path) -> None:
    from voice.speak.synth import Synthesizer

    assert isinstance(whisper, WhisperRecognizer)
    with Synthesizer(tmp_path, isolated=True) as synth:
        pcm = synth.espeak("raise to two hundred").pcm
    result = whisper.hear(pcm, MIN_240)
    heard = reading(result, MIN_240)
    assert heard.intent.intent is IntentKind.RAISE and heard.intent.to == 200, result
    assert heard.intent.error == "Minimum raise is to 240"
    assert heard.intent.to_action(0) is None
