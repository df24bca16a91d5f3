"""Numbers and messages: one chip formatter everywhere, a typed amount that stops at
the stack, refusals that clear when the hand moves on (issue 21, part 6)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
import pytest

from engine.actions import Action, ActionKind
from engine.chips import chip_text
from engine.state import HandState
from game.app import App
from game.input.commands import ActCommand
from game.records.steps import local_time
from game.scenes.table import TableScene
from tests.game.helpers import FRAME, bot, press, scripted_table, to_act, type_text

ROOT = Path(__file__).resolve().parents[2]
# Where chip amounts are written: each goes through engine.chips.chip_text (counts of
# hands or sessions, not chips, are written with ",d").
CHIP_CODE = ("engine", "game/render", "game/scenes", "game/table", "game/cli", "game/records",
             "voice/understand")


def test_one_chip_formatter_writes_thousands_with_a_separator() -> None:
    assert [chip_text(n) for n in (0, 15, 999, 1040, 1234567)] == \
        ["0", "15", "999", "1,040", "1,234,567"]
    own = []
    for folder in CHIP_CODE:
        for path in (ROOT / folder).rglob("*.py"):
            if path.name != "chips.py" and re.search(r":,\}", path.read_text("utf-8")):
                own.append(str(path.relative_to(ROOT)))
    assert own == [], "format chips with engine.chips.chip_text"


def test_a_refusal_prints_the_amount_as_the_table_does(app: App) -> None:
    scene = scripted_table(app)
    me = scene.session.table.seat(0)
    me.stack = me.bought_in = 1500  # as if won: over the buy-in's 1,000
    bot(app, scene, 3, ActionKind.RAISE, 30)
    to_act(app, scene, 0)
    assert scene.model.allin.label == "All-in 1,500"
    scene.handle(ActCommand(0, Action(0, ActionKind.RAISE, 2000), "keyboard"))
    assert scene.message == "You have 1,500 behind: the most is 1,500"


def _facing_a_raise(app: App) -> tuple[TableScene, HandState]:
    """The player to act, 1,000 behind, facing a raise to 30 (the minimum raise: 50)."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 30)
    to_act(app, scene, 0)
    hand = scene.session.hand
    assert hand is not None
    return scene, hand


def test_a_typed_amount_past_the_stack_keeps_every_digit_and_is_refused(app: App) -> None:
    """Twelve 9s with 1,000 behind: the box holds all twelve (never "99"), the engine's
    sentence says why as it is typed, and Enter raises nothing."""
    scene, hand = _facing_a_raise(app)
    before = len(hand.events)
    type_text(app, "9" * 12)
    assert scene.panel.typed == "9" * 12
    assert scene.message == "You have 1,000 behind: the most is 1,000"
    assert scene.model.message_is_error
    press(app, pygame.K_RETURN)
    assert len(hand.events) == before and hand.to_act == 0
    assert scene.message == ("999,999,999,999 refused: You have 1,000 behind: "
                             "the most is 1,000")


def test_a_typed_amount_below_the_minimum_is_refused_not_raised(app: App) -> None:
    scene, hand = _facing_a_raise(app)
    before = len(hand.events)
    type_text(app, "45")
    assert scene.panel.typed == "45" and not scene.message_error  # still typing
    press(app, pygame.K_RETURN)
    assert len(hand.events) == before
    assert scene.message == "45 refused: Minimum raise is to 50"


def test_past_fifteen_digits_a_digit_is_refused_aloud(app: App) -> None:
    scene, _ = _facing_a_raise(app)
    type_text(app, "1" * 16)
    assert scene.panel.typed == "1" * 15
    assert scene.message == "An amount has at most 15 digits"


def test_a_refusal_clears_when_the_hand_moves_on(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)  # not our turn: a click would be refused
    scene.handle(ActCommand(0, Action(0, ActionKind.CALL), "mouse"))
    refusal = scene.message
    assert refusal and scene.message_error
    app.step(FRAME)
    assert scene.message == refusal  # still there while nothing has changed
    bot(app, scene, 3, ActionKind.FOLD)
    app.step(FRAME)
    assert scene.message != refusal


def test_escape_is_still_pause_after_a_typed_refusal(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 30)
    to_act(app, scene, 0)
    type_text(app, "15")
    press(app, pygame.K_RETURN)
    assert scene.message.startswith("15 refused")
    assert scene.panel.typed == "15"  # the refused amount stays in the box
    press(app, pygame.K_ESCAPE)
    assert app.paused()


def test_the_replayer_shows_local_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Tokyo")  # UTC+9, no daylight saving
    time.tzset()
    try:
        assert local_time("2026-11-25T15:04:05.123456+00:00") == "2026-11-26 00:04"
        assert local_time("not a time") == "not a time"
    finally:
        monkeypatch.undo()
        time.tzset()
