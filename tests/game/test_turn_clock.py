"""The turn clock counts real seconds whatever the animation speed, and its time bank
carries over between hands with a stated refill (docs/playing.md, "The turn clock")."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from game.app import App
from game.input.commands import ActCommand
from game.settings.model import GameSettings
from game.table.clock import BANK_REFILL_SHARE, TurnClock, whole_seconds
from tests.game.helpers import FRAME, bot, run_until, scripted_table, to_act


def _real_seconds(app: App, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME)


@pytest.mark.parametrize("speed", [1.0, 4.0])
def test_ten_real_seconds_take_ten_seconds_off_the_clock_at_any_speed(
        app: App, speed: float) -> None:
    app.settings = GameSettings(speed=speed, turn_seconds=30, bank_seconds=15)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    assert scene.clock.running
    start = scene.clock.left
    _real_seconds(app, 10.0)
    assert scene.clock.running
    assert start - scene.clock.left == pytest.approx(10.0, abs=2 * FRAME)
    assert scene.clock.remaining == pytest.approx(20.0, abs=3 * FRAME)
    assert scene.clock.bank == 15.0  # the bank is untouched while action time is left


def test_the_bank_carries_over_between_hands_and_refills_a_tenth_a_hand() -> None:
    clock = TurnClock(30, 15)
    assert clock.bank == 15  # a new table starts with a full bank
    clock.new_hand()
    clock.start()
    assert not clock.tick(40.0)  # 10 s of the bank spent
    assert clock.bank == pytest.approx(5.0)
    clock.new_hand()
    assert clock.bank == pytest.approx(5.0 + 15 * BANK_REFILL_SHARE)  # not a fresh 15
    for _ in range(20):
        clock.new_hand()
    assert clock.bank == 15  # never above full


def test_a_spent_bank_is_not_back_at_the_next_deal(app: App) -> None:
    app.settings = GameSettings(speed=4.0, turn_seconds=15, bank_seconds=15)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    _real_seconds(app, 25.0)  # 15 s of action time and 10 of the bank
    assert scene.clock.in_bank and scene.clock.bank == pytest.approx(5.0, abs=3 * FRAME)
    number = scene.session.hand_number
    scene.handle(ActCommand(0, Action(0, ActionKind.FOLD), "test"))
    bot(app, scene, 1, ActionKind.FOLD)
    bot(app, scene, 2, ActionKind.RAISE, 100)
    bot(app, scene, 3, ActionKind.FOLD)
    run_until(app, lambda: scene.session.hand_number > number)
    assert scene.clock.bank == pytest.approx(5.0 + 1.5, abs=3 * FRAME)


def test_the_warning_says_the_seconds_the_seat_shows() -> None:
    clock = TurnClock(30, 0)
    clock.new_hand()
    clock.start()
    clock.tick(20.2)
    assert clock.warning and clock.shown == whole_seconds(clock.left) == 10
    assert clock.warning_text() == "10 seconds left"
