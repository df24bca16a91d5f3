"""Real people's words (issue 47): a short utterance's action is done only when Whisper's
free transcription wrote that command; closed-set agreement alone is asked or left alone;
a fraction word alone is no bet; no single ear acts at a threshold. Pinned with fake
readings made from what the real recordings were heard as."""

from __future__ import annotations

from engine.sizing import BettingContext
from voice.recognize.base import Result
from voice.understand.agreement import (
    AgreementRules,
    DecisionKind,
    Reading,
    decide,
    lone_fraction,
)
from voice.understand.intent import Control, IntentKind

FACING = BettingContext(10, 35, 20, 0, 20, 980, False, 40, 980, "preflop")
FREE = BettingContext(10, 60, 0, 0, 0, 970, True, 10, 970, "flop")


def ear(who: str, text: str, confidence: float, free: str = "",
        ctx: BettingContext = FACING) -> Reading:
    from voice.pipeline import reading

    return reading(Result(text, (text,) if text else (), confidence if text else 0.0, who,
                          second=free), ctx)


def done(d: object) -> bool:
    return getattr(d, "kind", None) is DecisionKind.ACT


def test_four_agreed_as_fold_by_the_closed_set_ears_is_not_done() -> None:
    """"four": pocketsphinx "fold", the spotter "fold" at 1.0, Whisper wrote "Four."."""
    d = decide(ear("pocketsphinx", "fold", 0.6), ear("whisper", "fold", 0.4, free="Four."),
               third=ear("spotter", "fold", 1.0))
    assert d.kind is DecisionKind.ASK  # three closed-set ears: a question at most
    # one closed-set ear under another word written: talk, neither done nor asked
    d = decide(ear("pocketsphinx", "fold", 0.3), ear("whisper", "", 0.0, free="Four."))
    assert d.kind is DecisionKind.NONE
    before = decide(ear("pocketsphinx", "fold", 0.6), ear("whisper", "fold", 0.4, free="Four."),
                    AgreementRules(word_heard=False), third=ear("spotter", "fold", 1.0))
    assert done(before) and before.intent.intent is IntentKind.FOLD


def test_a_fold_whisper_wrote_is_done() -> None:
    d = decide(ear("pocketsphinx", "fold", 0.6), ear("whisper", "fold", 0.4, free="Fold."),
               third=ear("spotter", "fold", 1.0))
    assert done(d) and d.intent.intent is IntentKind.FOLD


def test_closed_set_agreement_with_no_word_written_is_asked() -> None:
    d = decide(ear("pocketsphinx", "call", 0.6), ear("whisper", "", 0.0),
               third=ear("spotter", "call", 0.95))
    assert d.kind is DecisionKind.ASK and d.intent.intent is IntentKind.CALL


def test_another_action_written_is_offered_beside_the_agreed_one() -> None:
    d = decide(ear("pocketsphinx", "fold", 0.6), ear("whisper", "", 0.0, free="Call."),
               third=ear("spotter", "fold", 0.95))
    assert d.kind is DecisionKind.OFFER
    assert {i.intent for i in d.offered} == {IntentKind.FOLD, IntentKind.CALL}


def test_a_long_phrase_agreed_by_both_ears_is_still_done() -> None:
    """Whisper's free transcription misses whole phrases ("That's 200."): the word rule is
    for short utterances only."""
    d = decide(ear("pocketsphinx", "raise to two hundred", 0.5),
               ear("whisper", "raise to two hundred", 0.5, free="That's 200."))
    assert done(d) and d.intent.to == 200


def test_a_fraction_word_alone_is_no_bet() -> None:
    """"bird": Whisper picked "third" (a third of the pot); it wrote "bird"."""
    assert lone_fraction("third") and lone_fraction("a half") and lone_fraction("The quarter.")
    assert not lone_fraction("half pot") and not lone_fraction("a third of the pot")
    d = decide(ear("pocketsphinx", "third", 0.15), ear("whisper", "third", 0.74, free="bird"))
    assert d.kind is DecisionKind.NONE
    d = decide(ear("pocketsphinx", "", 0.0), ear("whisper", "third", 0.74, free="Third."))
    assert d.kind is DecisionKind.NONE
    d = decide(ear("pocketsphinx", "half pot", 0.5), ear("whisper", "half pot", 0.6,
                                                         free="Half pot."))
    assert done(d) and d.intent.intent is IntentKind.RAISE


def test_a_lone_ear_at_the_threshold_is_not_done() -> None:
    """"five": pocketsphinx alone heard "pot it" at exactly 0.5; Whisper wrote "Five."."""
    d = decide(ear("pocketsphinx", "pot it", 0.5), ear("whisper", "", 0.0, free="Five."))
    assert not done(d) and d.kind is DecisionKind.ASK
    before = decide(ear("pocketsphinx", "pot it", 0.5), ear("whisper", "", 0.0, free="Five."),
                    AgreementRules(word_heard=False, lone_acts=True))
    assert done(before)
    d = decide(ear("pocketsphinx", "pot it", 0.5), ear("whisper", "", 0.0))
    assert d.kind is DecisionKind.ASK


def test_a_word_that_is_no_command_is_left_alone() -> None:
    """"cat": the spotter alone, sure of "check" on the flop; Whisper wrote "Cat."."""
    d = decide(ear("pocketsphinx", "", 0.0, ctx=FREE), ear("whisper", "", 0.0, free="Cat.",
                                                          ctx=FREE),
               third=ear("spotter", "check", 0.9, ctx=FREE))
    assert d.kind is DecisionKind.NONE
    # Whisper heard nothing at all: the spotter's sure word is asked, as before
    d = decide(ear("pocketsphinx", "", 0.0, ctx=FREE), ear("whisper", "", 0.0, ctx=FREE),
               third=ear("spotter", "check", 0.9, ctx=FREE))
    assert d.kind is DecisionKind.ASK


def test_pause_from_one_short_word_needs_the_word() -> None:
    """"house": pocketsphinx and Whisper's pick "pause", Whisper wrote "House."."""
    d = decide(ear("pocketsphinx", "pause", 0.5), ear("whisper", "pause", 0.5, free="House."))
    assert d.kind is DecisionKind.ASK
    d = decide(ear("pocketsphinx", "pause", 0.3), ear("whisper", "", 0.0, free="House."))
    assert d.kind is DecisionKind.NONE
    d = decide(ear("pocketsphinx", "pause", 0.5), ear("whisper", "pause", 0.5, free="Pause."))
    assert done(d) and d.intent.control is Control.PAUSE
    # "sheila": pocketsphinx alone "shut up", Whisper wrote "Sheila."
    d = decide(ear("pocketsphinx", "shut up", 0.3), ear("whisper", "", 0.0, free="Sheila."))
    assert d.kind is DecisionKind.NONE


def test_answers_while_a_question_waits_are_as_before() -> None:
    d = decide(ear("pocketsphinx", "no", 0.3), ear("whisper", "no", 0.8, free="No."),
               waiting=True)
    assert done(d) and d.intent.intent is IntentKind.DENY
    d = decide(ear("pocketsphinx", "", 0.0), ear("whisper", "yes", 0.8, free="Yes."),
               waiting=True)
    assert done(d) and d.intent.intent is IntentKind.CONFIRM


def test_fillers_and_the_rooms_talk_are_no_word_written() -> None:
    """Whisper tiny writes "Uh." for a word it cannot make out, and the TV's words over a
    short command: the closed-set reading is asked, not left alone."""
    for free in ("Uh.", "Thank you.", "the audience will be"):
        d = decide(ear("pocketsphinx", "call", 0.3), ear("whisper", "", 0.0, free=free))
        assert d.kind is DecisionKind.ASK and d.intent.intent is IntentKind.CALL, free
    d = decide(ear("pocketsphinx", "call", 0.3), ear("whisper", "", 0.0, free="Uh."),
               AgreementRules(fillers=False))
    assert d.kind is DecisionKind.NONE


def test_a_sure_lone_reading_under_another_word_is_asked() -> None:
    """A lone pocketsphinx "pot" at 0.6 that Whisper wrote "so hot": asked (festival's
    "pot"); at 0.3 it is left alone."""
    d = decide(ear("pocketsphinx", "pot", 0.6), ear("whisper", "", 0.0, free="so hot"))
    assert d.kind is DecisionKind.ASK
    d = decide(ear("pocketsphinx", "pot", 0.3), ear("whisper", "", 0.0, free="so hot"))
    assert d.kind is DecisionKind.NONE


def test_an_amount_whisper_wrote_is_the_word() -> None:
    """Small stakes: "one" heard by pocketsphinx alone, Whisper wrote "1 1"."""
    small = BettingContext(1, 3, 0, 0, 0, 100, True, 1, 100, "flop")
    d = decide(ear("pocketsphinx", "one", 0.22, ctx=small),
               ear("whisper", "", 0.0, free="1 1", ctx=small))
    assert d.kind is DecisionKind.ASK and d.intent.to == 1
