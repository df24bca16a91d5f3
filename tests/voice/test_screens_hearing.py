"""Hearing on a screen around the table (the start screen, a dialog): the screens'
commands are what is listened for, and no ear's betting action counts there."""

from __future__ import annotations

from tests.voice.test_three_ears import FACING, FakeEar
from voice.pipeline import decided, screen_parse
from voice.recognize.closed_set import meaning, screen_candidates
from voice.recognize.pair import PairedRecognizer
from voice.recognize.whisper import plain
from voice.understand.intent import SCREEN_INTENTS, Control, IntentKind
from voice.understand.parse import DEFAULT_CONTEXT


def test_the_screens_parser_reads_commands_and_questions_never_a_bet() -> None:
    assert screen_parse("sit down").control is Control.SIT_DOWN
    assert screen_parse("what's my stack").intent is IntentKind.QUERY
    for bet in ("call", "fifty big blinds", "raise to two hundred", "i'm all in", "fold"):
        assert screen_parse(bet).intent is IntentKind.UNKNOWN, bet


def test_whispers_screen_candidates_are_the_screens_commands_and_yes_only_when_asked() -> None:
    plain_set = {plain(c.text) for c in screen_candidates(False)}
    asked_set = {plain(c.text) for c in screen_candidates(True)}
    assert {"sit down", "voice volume 50", "level 3"} <= plain_set
    assert "yes" not in plain_set and "yes" in asked_set
    for cand in screen_candidates(True):
        intent = meaning(cand, DEFAULT_CONTEXT)
        assert intent is None or intent.intent in SCREEN_INTENTS, cand.text


def ears(sphinx: str, whisper: str, spotter: str) -> PairedRecognizer:
    pair = PairedRecognizer(FakeEar("pocketsphinx", sphinx, 0.5),
                            FakeEar("whisper", whisper, 0.6), FakeEar("spotter", spotter, 0.9))
    pair.set_screens(True)
    return pair


def test_on_a_screen_an_ears_bet_is_set_aside_and_the_other_ears_command_decides() -> None:
    result = ears("call", "sit down", "call").finish()  # pocketsphinx and the spotter agree
    assert [r.text for r in result.readings] == ["", "sit down", ""]  # Whisper was heard
    d = decided(result, None, screen_parse)
    assert d is None or d.intent.intent in SCREEN_INTENTS
    assert all(r.details.get("set_aside") == 1.0 for r in result.readings[::2])


def test_at_the_table_the_same_readings_wait_for_whisper_on_a_short_call() -> None:
    # a short command is done only when Whisper's free transcription wrote it (issue 47)
    pair = ears("call", "sit down", "call")
    pair.set_screens(False)
    pair.bind_context(lambda: FACING)
    assert [r.text for r in pair.finish().readings] == ["call", "sit down", "call"]
