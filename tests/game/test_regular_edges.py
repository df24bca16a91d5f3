"""The rough edges a poker regular finds (issue 49, item 5): leaving the table asks first
by every input, and with voice off nothing says "say continue"; the all-in by A shows the
same "Confirm all-in" button as by R, and either confirms it."""

from __future__ import annotations

import pygame

from engine.actions import ActionKind
from game.app import App
from game.persistence.saving import SaveGame
from game.scenes.confirm import ConfirmScene
from game.scenes.pause import PauseScene
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.model import GameSettings
from tests.game.helpers import FRAME, bot, my_actions, press, run_until, scripted_table, to_act


def test_leave_by_key_asks_first_and_no_keeps_the_seat(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Leave the table?"
    press(app, pygame.K_n)
    assert isinstance(app.top, PauseScene) and scene in app.scenes


def test_with_voice_off_leaving_says_the_key_not_a_phrase(app: App) -> None:
    assert app.voice is None
    app.save = SaveGame.open()
    app.settings = GameSettings(speed=100.0, turn_seconds=1, bank_seconds=0)
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, pygame.K_RETURN)  # sit down
    scene = app.top
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.session.hand is not None and scene.session.save.seq >= 1)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    press(app, pygame.K_y)
    start = app.top
    assert isinstance(start, StartScene)
    assert "say continue" not in start.notice.lower()
    assert "Continue (Enter) sits you back down" in start.notice
    app.save.close()


def test_the_all_in_key_shows_the_same_confirm_button_as_a_raise_to_the_stack(
        app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    press(app, pygame.K_a, unicode="a")
    assert scene.model.armed and scene.model.wager.label == "Confirm all-in 1,000"
    assert scene.model.can_wager
    assert my_actions(scene) == []
    press(app, pygame.K_r, unicode="r")  # the button's own key confirms, as after R
    assert [(a.kind, a.to) for a in my_actions(scene)] == [(ActionKind.RAISE, 1000)]


def test_the_all_in_by_raise_shows_the_same_confirm_button(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    press(app, pygame.K_END)  # the all-in preset
    press(app, pygame.K_r, unicode="r")
    assert scene.model.armed and scene.model.wager.label == "Confirm all-in 1,000"


def test_with_voice_off_the_last_hand_out_warning_names_only_the_key(app: App) -> None:
    from tests.game.test_sitting_out import WARNING, _fold_when_asked, _hands_out, _saved_table

    assert app.voice is None
    scene = _saved_table(app, 2)
    try:
        press(app, pygame.K_s, unicode="s")
        _fold_when_asked(app, scene, lambda: _hands_out(scene) == 1
                         and any(n.startswith(WARNING) for n in scene.shown_notices()))
        warning = next(n for n in scene.shown_notices() if n.startswith(WARNING))
        assert warning.endswith("Press S to stay") and "say" not in warning
    finally:
        app.save.close()
