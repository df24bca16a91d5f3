"""No free fold: F or a Fold click when checking is free asks once; F again or a second
click folds, C or Esc checks; a setting turns the question off (issue 21, part 2)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from game.settings.file import load_settings
from tests.game.helpers import bot, click, my_actions, press, scripted_table, to_act

C, X, F = ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD


@pytest.fixture
def free_check(app: App) -> TableScene:
    """The flop, checked round to the player: checking costs nothing."""
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)
    click(app, "call")
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    for seat in (1, 2, 3):
        bot(app, scene, seat, X)
    to_act(app, scene, 0)
    assert scene.model.call.label == "Check"
    return scene


def _kinds(scene: TableScene) -> list[ActionKind]:
    return [a.kind for a in my_actions(scene)]


def test_f_when_checking_is_free_asks_first_then_f_folds(app: App,
                                                         free_check: TableScene) -> None:
    press(app, pygame.K_f, unicode="f")
    assert _kinds(free_check) == [C]  # nothing given away yet
    assert free_check.model.armed and "checking is free" in free_check.message
    assert free_check.model.fold.label == "Confirm fold"
    press(app, pygame.K_f, unicode="f")
    assert _kinds(free_check) == [C, F]


def test_a_second_click_on_fold_folds(app: App, free_check: TableScene) -> None:
    click(app, "fold")
    assert _kinds(free_check) == [C]
    click(app, "fold")
    assert _kinds(free_check) == [C, F]


@pytest.mark.parametrize("key, char", [(pygame.K_c, "c"), (pygame.K_ESCAPE, "")])
def test_c_or_escape_after_the_question_checks(app: App, free_check: TableScene,
                                               key: int, char: str) -> None:
    click(app, "fold")
    press(app, key, unicode=char)
    assert _kinds(free_check) == [C, X]
    assert app.top is free_check  # Esc answered the question; it did not pause


def test_the_setting_turns_the_question_off(app: App, free_check: TableScene) -> None:
    app.settings = app.settings.with_(voice=replace(app.settings.voice,
                                                    confirm_free_fold=False))
    press(app, pygame.K_f, unicode="f")
    assert _kinds(free_check) == [C, F]


def test_facing_a_bet_fold_goes_at_once(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 30)
    to_act(app, scene, 0)
    press(app, pygame.K_f, unicode="f")
    assert _kinds(scene) == [F]


def test_the_settings_file_key_reaches_voice_and_keys(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("[table]\nconfirm_free_fold = false\n", encoding="utf-8")
    loaded = load_settings(path)
    assert not loaded.problems and not loaded.settings.voice.confirm_free_fold
    from game.voicectl.controller import VoiceController
    voice = VoiceController(loaded.settings.voice)
    try:
        assert not voice.confirm.policy.confirm_free_fold
    finally:
        voice.close()
