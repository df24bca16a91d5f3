"""Every control, clicked or typed through real pygame events, sends the engine the
action it names; refused input shows the engine's sentence and changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from engine.actions import ActionKind
from engine.sizing import POT_FRACTIONS, clamp_to, sized_to
from engine.view import view_of
from game.app import App
from game.scenes.table import TableScene
from tests.game.helpers import (
    FRAME,
    bot,
    click,
    drag_slider,
    my_actions,
    press,
    run_until,
    scripted_table,
    to_act,
    type_text,
)

R, C, X, F = ActionKind.RAISE, ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD


@pytest.fixture
def facing_raise(app: App) -> TableScene:
    """Preflop, the player (button) faces a raise to 30 from under the gun."""
    scene = scripted_table(app)
    bot(app, scene, 3, R, 30)
    to_act(app, scene, 0)
    assert scene.model.my_turn
    return scene


def last(scene: TableScene) -> tuple[ActionKind, int]:
    a = my_actions(scene)[-1]
    return a.kind, a.to


def ctx(scene: TableScene):  # type: ignore[no-untyped-def]
    hand = scene.session.hand
    assert hand is not None
    return view_of(hand, 0).context


def test_fold_button_folds(app: App, facing_raise: TableScene) -> None:
    click(app, "fold")
    assert last(facing_raise)[0] is F


def test_call_button_calls_the_amount_it_shows(app: App, facing_raise: TableScene) -> None:
    assert facing_raise.model.call.label == "Call 30"
    click(app, "call")
    assert last(facing_raise) == (C, 30)


def test_raise_button_raises_to_the_minimum_by_default(app: App,
                                                       facing_raise: TableScene) -> None:
    assert facing_raise.model.wager.label == "Raise to 50"
    click(app, "wager")
    assert last(facing_raise) == (R, 50)


@pytest.mark.parametrize("preset", ["min", "half", "three_quarters", "pot", "allin"])
def test_preset_then_raise_uses_engine_sizing(app: App, facing_raise: TableScene,
                                              preset: str) -> None:
    c = ctx(facing_raise)
    expected = {"min": clamp_to(c.min_raise_to, c), "allin": c.all_in_to}.get(
        preset) or sized_to(POT_FRACTIONS.get(preset, POT_FRACTIONS["pot"]), c)
    click(app, f"preset.{preset}")
    click(app, "wager")
    if preset == "allin":  # the whole stack: asked, then confirmed by a second click
        assert facing_raise.model.armed
        click(app, "wager")
    assert last(facing_raise) == (R, expected)


def test_half_pot_matches_the_voice_formula(app: App, facing_raise: TableScene) -> None:
    # pot 45, 30 to call: 30 + ½ × (45 + 30) = 67.5, rounded half up
    click(app, "preset.half")
    click(app, "wager")
    assert last(facing_raise) == (R, 68)


def test_key_a_then_escape_takes_the_all_in_back(app: App, facing_raise: TableScene) -> None:
    hand = facing_raise.session.hand
    before = len(hand.events)
    press(app, pygame.K_a, unicode="a")
    press(app, pygame.K_ESCAPE)
    assert app.top is facing_raise  # Esc cancelled the all-in, it did not pause
    assert not facing_raise.model.armed and facing_raise.message == "All-in cancelled"
    press(app, pygame.K_c, unicode="c")  # another action goes at once
    assert len(hand.events) == before + 1 and last(facing_raise) == (C, 30)


def test_slider_drag_to_the_end_asks_then_is_all_in(app: App,
                                                    facing_raise: TableScene) -> None:
    drag_slider(app, facing_raise, 1.0)
    hand = facing_raise.session.hand
    before = len(hand.events)
    click(app, "wager")
    assert len(hand.events) == before
    assert facing_raise.model.wager.label == "Confirm all-in 1,000"
    click(app, "wager")
    _, to = last(facing_raise)
    assert to == 1000 and my_actions(facing_raise)[-1].all_in


def test_slider_drag_snaps_to_big_blinds(app: App, facing_raise: TableScene) -> None:
    drag_slider(app, facing_raise, 0.5)
    amount = facing_raise.panel.amount
    assert amount % 10 == 0 and 400 < amount < 600
    press(app, pygame.K_RETURN)
    assert last(facing_raise) == (R, amount)


def test_typed_amount_and_enter_raises_to_it(app: App, facing_raise: TableScene) -> None:
    type_text(app, "120")
    assert facing_raise.model.amount_text == "120"
    press(app, pygame.K_RETURN)
    assert last(facing_raise) == (R, 120)


def test_backspace_edits_the_typed_amount(app: App, facing_raise: TableScene) -> None:
    type_text(app, "125")
    press(app, pygame.K_BACKSPACE)
    type_text(app, "0")
    press(app, pygame.K_r)
    assert last(facing_raise) == (R, 120)


def test_illegal_typed_amount_shows_engine_message_and_applies_nothing(
        app: App, facing_raise: TableScene) -> None:
    hand = facing_raise.session.hand
    before = len(hand.events)
    type_text(app, "35")
    press(app, pygame.K_RETURN)
    assert len(hand.events) == before
    assert facing_raise.message == "35 refused: Minimum raise is to 50"
    assert facing_raise.model.message == "35 refused: Minimum raise is to 50"
    assert facing_raise.model.message_is_error
    # the refused amount stays in the box: the button reads what the box shows
    assert facing_raise.model.amount_text == "35"
    assert facing_raise.model.wager.label == "Raise to 35"
    type_text(app, "00")  # more than the stack: every digit kept, the engine's reason
    assert facing_raise.panel.typed == "3500" and len(hand.events) == before
    assert facing_raise.message.startswith("You have ")
    assert facing_raise.message.endswith(" behind: the most is 1,000")


def test_key_f_folds(app: App, facing_raise: TableScene) -> None:
    press(app, pygame.K_f, unicode="f")
    assert last(facing_raise)[0] is F


def test_key_c_calls(app: App, facing_raise: TableScene) -> None:
    press(app, pygame.K_c, unicode="c")
    assert last(facing_raise) == (C, 30)


def test_key_a_asks_then_goes_all_in(app: App, facing_raise: TableScene) -> None:
    hand = facing_raise.session.hand
    before = len(hand.events)
    press(app, pygame.K_a, unicode="a")
    assert len(hand.events) == before  # one keystroke never shoves
    assert facing_raise.model.armed and "Press again to confirm" in facing_raise.message
    press(app, pygame.K_a, unicode="a")
    a = my_actions(facing_raise)[-1]
    assert a.kind is R and a.to == 1000 and a.all_in


def test_arrow_keys_size_by_big_blinds_then_r_raises(app: App,
                                                     facing_raise: TableScene) -> None:
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_UP, mod=pygame.KMOD_SHIFT)
    assert facing_raise.panel.amount == 50 + 10 + 50
    press(app, pygame.K_r, unicode="r")
    assert last(facing_raise) == (R, 110)


@pytest.mark.parametrize("push_to_talk", [False, True])
def test_space_and_the_push_to_talk_key_act_for_nobody(app: App, facing_raise: TableScene,
                                                       push_to_talk: bool) -> None:
    app.settings = app.settings.with_(voice=replace(app.settings.voice,
                                                    push_to_talk=push_to_talk))
    hand = facing_raise.session.hand
    before = len(hand.events)
    press(app, pygame.K_SPACE, unicode=" ")
    press(app, pygame.K_v, unicode="v")
    assert len(hand.events) == before and not facing_raise.message


def test_check_button_checks_the_big_blind_option(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)
    click(app, "call")  # call 10 on the button
    bot(app, scene, 1, C)
    to_act(app, scene, 2)
    bot(app, scene, 2, X)
    to_act(app, scene, 1)  # flop: small blind first
    bot(app, scene, 1, X)
    bot(app, scene, 2, X)
    bot(app, scene, 3, X)
    to_act(app, scene, 0)
    assert scene.model.call.label == "Check"
    assert scene.model.wager.label == "Bet 10"
    click(app, "call")
    assert my_actions(scene)[-1].kind is X


def test_bet_button_bets_on_an_unopened_street(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)
    click(app, "call")
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    for seat in (1, 2, 3):
        bot(app, scene, seat, X)
    to_act(app, scene, 0)
    click(app, "preset.pot")
    click(app, "wager")
    a = my_actions(scene)[-1]
    assert a.kind is ActionKind.BET and a.to == 40


def test_pre_action_check_fold_folds_when_facing_a_bet(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    click(app, "pre_check_fold")
    assert scene.panel.pre_check_fold
    bot(app, scene, 3, R, 40)
    for _ in range(120):
        app.step(FRAME)
        if my_actions(scene):
            break
    assert my_actions(scene)[-1].kind is F


def test_pre_action_call_any_calls_the_raise(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    press(app, pygame.K_c, pygame.KMOD_SHIFT, "C")  # not our turn: Shift+C ticks call any
    assert scene.panel.pre_call_any
    bot(app, scene, 3, R, 60)
    for _ in range(120):
        app.step(FRAME)
        if my_actions(scene):
            break
    assert last(scene) == (C, 60)


def test_clock_runs_out_into_a_fold_after_the_time_bank(app: App,
                                                        facing_raise: TableScene) -> None:
    hand = facing_raise.session.hand
    before = len(hand.events)
    app.step(29.0)
    assert len(hand.events) == before and not facing_raise.clock.in_bank
    app.step(5.0)
    assert facing_raise.clock.in_bank and len(hand.events) == before
    app.step(11.5)
    assert my_actions(facing_raise)[-1].kind is F
    assert facing_raise.message == "Time's up"
    run_until(app, lambda: not facing_raise.presenter.busy)
    # The hand log says the clock folded (issue 43: it read as a plain "You fold").
    assert "You fold (the clock ran out)" in facing_raise.log


def test_buttons_are_inert_when_it_is_not_our_turn(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    assert not _has(scene, "fold") and not _has(scene, "wager")
    press(app, pygame.K_f, unicode="f")  # ticks check/fold instead
    assert scene.panel.pre_check_fold and not my_actions(scene)


def _has(scene: TableScene, name: str) -> bool:
    try:
        scene.bindings().named(name)
    except KeyError:
        return False
    return True


def test_facing_a_shove_bigger_than_the_stack_offers_no_raise_and_never_crashes() -> None:
    """The engine refuses any raise here, so the bar has no wager range and presets do
    nothing; the context says so (no raise range) rather than min = max = the stack."""
    from engine.actions import LegalActions
    from engine.sizing import BettingContext
    from game.table.actionbar import ActionPanel, preset_to

    ctx = BettingContext(big_blind=10, pot=1015, current_bet=1000, my_street_bet=10,
                         to_call=990, stack=290, can_check=False,
                         min_raise_to=None, max_raise_to=None)
    legal = LegalActions(seat=0, fold=True, check=False, call=290, bet=None, raise_=None,
                         all_in_to=300, allin=True)
    panel = ActionPanel(seat=0)
    panel.reset(legal, ctx)
    assert (panel.low, panel.high, panel.amount) == (0, 0, 0)
    assert panel.wager_value() is None
    panel.set_preset("half", ctx)
    assert panel.amount == 0
    assert preset_to("min", ctx) == ctx.all_in_to
