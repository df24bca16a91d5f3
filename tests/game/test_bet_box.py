"""The bet box sends exactly what it shows and shows exactly what was typed: "0" is
refused, leading zeros go as they are typed, a refused amount stays in the box with the
reason beside it, and Enter on a refused or emptied box never bets (it says why)
(issue 42, item 1)."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from engine.state import HandState
from game.app import App
from game.scenes.table import MESSAGE_SECONDS, TableScene
from tests.game.helpers import FRAME, bot, my_actions, press, scripted_table, to_act, type_text


@pytest.fixture
def facing_limp(app: App) -> tuple[TableScene, HandState]:
    """Preflop, the player (the button) faces a limp of 10: the minimum raise is to 20."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    hand = scene.session.hand
    assert hand is not None
    return scene, hand


def _enter_bets_nothing(app: App, scene: TableScene, hand: HandState) -> None:
    before = len(hand.events)
    press(app, pygame.K_RETURN)
    assert len(hand.events) == before and hand.to_act == 0 and my_actions(scene) == []
    assert scene.message_error


def test_zero_then_enter_is_refused_not_a_minimum_raise(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, hand = facing_limp
    type_text(app, "0")
    assert scene.model.amount_text == "0" and scene.model.typed  # shown as typed
    assert scene.message == "Minimum raise is to 20" and scene.message_error
    _enter_bets_nothing(app, scene, hand)
    assert scene.message == "0 refused: Minimum raise is to 20"


def test_a_refused_amount_stays_and_a_second_enter_raises_nothing(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, hand = facing_limp
    type_text(app, "15")
    _enter_bets_nothing(app, scene, hand)
    assert scene.model.amount_text == "15"  # never refilled with the minimum
    assert scene.message == "15 refused: Minimum raise is to 20"
    _enter_bets_nothing(app, scene, hand)
    assert scene.model.amount_text == "15"
    for _ in range(round(3 * MESSAGE_SECONDS / FRAME)):  # long after the message times out
        app.step(FRAME)
    assert scene.model.message == "15 refused: Minimum raise is to 20"  # beside the box
    assert scene.model.message_is_error
    _enter_bets_nothing(app, scene, hand)


def test_an_amount_past_the_stack_stays_in_the_box(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, hand = facing_limp
    type_text(app, "99999")
    _enter_bets_nothing(app, scene, hand)
    assert scene.model.amount_text == "99999"
    assert scene.message == "99,999 refused: You have 1,000 behind: the most is 1,000"


def test_leading_zeros_are_dropped_as_they_are_typed(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, _ = facing_limp
    shown = []
    for digit in "0050":
        type_text(app, digit)
        shown.append(scene.model.amount_text)
    assert shown == ["0", "0", "5", "50"]
    assert scene.model.wager.label == "Raise to 50"
    press(app, pygame.K_RETURN)
    assert [(a.kind, a.to) for a in my_actions(scene)] == [(ActionKind.RAISE, 50)]


def test_enter_on_an_emptied_box_says_why(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, hand = facing_limp
    type_text(app, "40")
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    assert scene.model.amount_text == ""
    _enter_bets_nothing(app, scene, hand)
    assert scene.message == "Type an amount first, or use the slider or a preset"


def test_a_digit_after_a_refusal_mends_it_and_the_box_then_bets(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, hand = facing_limp
    type_text(app, "15")
    _enter_bets_nothing(app, scene, hand)
    type_text(app, "0")  # 150: legal
    assert scene.model.amount_text == "150" and not scene.model.message
    press(app, pygame.K_RETURN)
    assert [(a.kind, a.to) for a in my_actions(scene)] == [(ActionKind.RAISE, 150)]


def test_the_slider_after_a_refusal_shows_and_sends_its_own_amount(
        app: App, facing_limp: tuple[TableScene, HandState]) -> None:
    scene, _ = facing_limp
    type_text(app, "15")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RIGHT)  # one big blind up from the typed 15 (issue 49): 25
    assert scene.model.amount_text == "25" and not scene.model.typed
    press(app, pygame.K_RETURN)
    assert [(a.kind, a.to) for a in my_actions(scene)] == [(ActionKind.RAISE, 25)]
