"""The bet box, the slider, the arrow keys, the presets and the mouse wheel are one
sizing state: a typed amount is where the knob stands and where the arrows and the
wheel step from (issue 49, item 4)."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from tests.game.helpers import (
    FRAME,
    bot,
    drag_slider,
    my_actions,
    press,
    scripted_table,
    to_act,
    type_text,
)


@pytest.fixture
def facing_limp(app: App) -> TableScene:
    """Preflop, the player (the button, 1,000 behind) faces a limp of 10: raises from 20."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    return scene


def _wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    app.step(FRAME)


def test_the_arrows_step_from_the_typed_amount(app: App, facing_limp: TableScene) -> None:
    scene = facing_limp
    drag_slider(app, scene, 0.5)
    assert scene.panel.amount > 300  # the slider well away from what is typed next
    type_text(app, "250")
    press(app, pygame.K_RIGHT)
    assert scene.model.amount_text == "260"  # not the slider's old value plus a step
    type_text(app, "15")
    press(app, pygame.K_RIGHT)
    assert scene.model.amount_text == "25"
    press(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)
    assert scene.model.amount_text == "20"  # never below the minimum raise


def test_the_knob_follows_a_typed_amount(app: App, facing_limp: TableScene) -> None:
    scene = facing_limp
    panel = scene.panel
    type_text(app, "510")
    assert scene.model.slider_fraction == pytest.approx((510 - panel.low)
                                                        / (panel.high - panel.low))
    type_text(app, "5")  # 5105: past the stack, the knob at the end, the box as typed
    assert scene.model.amount_text == "5105" and scene.model.slider_fraction == 1.0


def test_the_mouse_wheel_sizes_the_bet_a_big_blind_a_notch(
        app: App, facing_limp: TableScene) -> None:
    scene = facing_limp
    type_text(app, "100")
    _wheel(app, 3)
    assert scene.model.amount_text == "130"
    _wheel(app, -1)
    assert scene.model.amount_text == "120"
    press(app, pygame.K_RETURN)
    raised = my_actions(scene)
    assert [(a.kind, a.to) for a in raised] == [(ActionKind.RAISE, 120)]


def test_the_wheel_does_nothing_when_it_is_not_the_players_turn(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    _wheel(app, 2)
    assert scene.panel.amount == 0 and not scene.panel.editing
