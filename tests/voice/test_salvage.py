"""The last complete command in an utterance that means nothing whole."""

from __future__ import annotations

from engine.sizing import BettingContext
from voice.understand.intent import IntentKind
from voice.understand.parse import parse
from voice.understand.salvage import last_command

FACING = BettingContext(10, 60, 20, 0, 20, 1000, False, 40, 1000, "flop")


def test_the_command_after_someone_elses_words_is_found() -> None:
    found = last_command(["i guess i it all in my raise to two hundred"], FACING, parse)
    assert found is not None
    intent, text = found
    assert text == "raise to two hundred"
    assert intent.meaning == (IntentKind.RAISE, 200, None, None, None)


def test_the_longest_ending_that_parses_wins() -> None:
    found = last_command(["the weather okay i call"], FACING, parse)
    assert found is not None and found[1] == "okay i call"


def test_the_next_alternative_is_tried_when_the_first_has_no_command() -> None:
    found = last_command(["the weather is nice", "the weather fold"], FACING, parse)
    assert found is not None and found[0].intent is IntentKind.FOLD


def test_yes_no_and_bare_numbers_are_never_salvaged() -> None:
    assert last_command(["the film was alright"], FACING, parse) is None
    assert last_command(["the film was no"], FACING, parse) is None
    assert last_command(["she is two hundred"], FACING, parse) is None


def test_a_whole_text_is_not_an_ending() -> None:
    assert last_command(["fold"], FACING, parse) is None


def test_the_listener_reads_a_salvaged_command_as_a_question() -> None:
    """Through the listener's reading: the command is kept, below the confirm
    threshold, so the game asks rather than acts or drops it."""
    from voice.pipeline import understand
    from voice.recognize.base import Result

    heard = Result("i guess i it all in my raise to two hundred",
                   ("i guess i it all in my raise to two hundred",), 0.9)
    intent, text, confidence = understand(heard, FACING)
    assert intent.meaning == (IntentKind.RAISE, 200, None, None, None)
    assert text == "raise to two hundred" and confidence < 0.5


def test_a_clearly_heard_fold_needs_more_than_a_call() -> None:
    from voice.pipeline import understand
    from voice.recognize.base import Result

    _, _, fold = understand(Result("fold", ("fold",), 0.8), FACING)
    _, _, call = understand(Result("call", ("call",), 0.8), FACING)
    assert fold < 0.5 <= call
