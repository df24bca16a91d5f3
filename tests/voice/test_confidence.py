"""How sure the game is of what it heard: the recognizer's own confidence, raised when
most of its best paths mean the same command."""

from __future__ import annotations

from engine.sizing import BettingContext
from voice.pipeline import intent_confidence
from voice.recognize.base import Result
from voice.understand.intent import Intent, IntentKind
from voice.understand.parse import parse

FACING_20 = BettingContext(10, 35, 20, 10, 20, 1000, False, 40, 1010, "preflop")


def heard(paths: list[str], confidence: float = 0.05) -> Result:
    return Result(paths[0], tuple(dict.fromkeys(paths)), confidence, "test", paths=tuple(paths))


def test_paths_that_agree_on_the_command_raise_the_confidence() -> None:
    """Twenty of thirty paths are "raise to 200" in different words: 0.67 agreement."""
    paths = (["raise to two hundred"] * 12 + ["raise it to two hundred"] * 8
             + ["raise to two twenty"] * 6 + ["raise you two hundred"] * 4)
    intent = parse(paths[0], FACING_20)
    assert intent.intent is IntentKind.RAISE and intent.to == 200
    assert intent_confidence(heard(paths), intent, FACING_20) >= 0.5


def test_paths_that_disagree_do_not_make_it_sure() -> None:
    paths = ["raise to two hundred"] * 12 + ["raise to two twenty"] * 12 + ["call"] * 6
    intent = parse(paths[0], FACING_20)
    assert intent_confidence(heard(paths, 0.2), intent, FACING_20) < 0.5
    assert intent_confidence(heard(paths, 0.7), intent, FACING_20) == 0.7


def test_amounts_must_agree_not_just_the_kind_of_action() -> None:
    paths = ["raise to two hundred"] * 10 + ["raise to three hundred"] * 20
    intent = parse(paths[0], FACING_20)
    assert intent_confidence(heard(paths), intent, FACING_20) < 0.5


def test_an_unknown_intent_or_a_result_without_paths_keeps_its_confidence() -> None:
    assert intent_confidence(heard(["i like turtles"] * 30, 0.3),
                             Intent(IntentKind.UNKNOWN), FACING_20) == 0.3
    bare = Result("fold", ("fold",), 0.4, "vosk")
    assert intent_confidence(bare, parse("fold", FACING_20), FACING_20) == 0.4
