"""Sitting out at the cash table (issue 42, item 2): as many hands as the setting allows
(seed 001's house rule; 12 by default), warned the hand before it ends, then the player
leaves with their chips said and their seat kept; unticking in the same hand deals the
next hand; ``--hands N`` ends when the player has left."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from engine.actions import ActionKind
from game.__main__ import _report
from game.app import App, table_scene
from game.input.commands import ActCommand
from game.persistence.saving import SaveGame
from game.scenes.settings import changed
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.file import parse_settings
from game.settings.model import GameSettings, VoiceSettings
from game.table.factory import new_table
from game.voicectl.controller import VoiceController
from tests.game.helpers import bot, press, run_until, scripted_table, to_act
from tests.game.test_voice import Clock, FakeNarrator

WARNING = "You'll leave the table after this hand"


def _fold_when_asked(app: App, scene: TableScene, done: Callable[[], bool],
                     limit: int = 60_000) -> None:
    """Frames until ``done()``: the bots act at once, the player checks or folds."""
    scene.seats.think_scale = scene.loop.bot_wait = 0.0

    def step() -> bool:
        hand = scene.session.hand
        if scene.loop.human_turn() and hand is not None:
            scene.handle(ActCommand(0, hand.timeout_action(), "test"))
        return done()

    run_until(app, step, limit)


def _hands_out(scene: TableScene) -> int:
    player = scene.session.table.seats[0]
    return player.hands_sat_out if player is not None else -1


def test_two_hands_out_after_ticking_mid_hand_keep_the_player_at_the_table(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    press(app, pygame.K_s, unicode="s")  # ticked while dealt in this hand
    assert scene.session.sitting_out(0)
    ticked = scene.session.hand_number
    _fold_when_asked(app, scene, lambda: scene.session.hand_number == ticked + 3
                     or app.top is not scene)  # that hand and two sat out are over
    assert app.top is scene and scene.session.seated(0)  # not sent to the start screen
    assert _hands_out(scene) == 2 and scene.session.standing(0) == "Sitting out"


def test_the_seat_says_sits_out_next_hand_while_the_player_is_to_act(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    press(app, pygame.K_s, unicode="s")
    to_act(app, scene, 0)
    assert scene.loop.human_turn()
    assert scene.model.standing == "Sits out next hand"
    assert "Sitting out" not in scene.display.seats[0].state


def test_unticking_in_the_same_hand_deals_the_next_hand(app: App) -> None:
    scene = scripted_table(app)
    scene.session.table.hands_played = 5  # a game is running
    bot(app, scene, 3, ActionKind.CALL)
    press(app, pygame.K_s, unicode="s")
    press(app, pygame.K_s, unicode="s")  # changed their mind in the same hand
    assert not scene.session.sitting_out(0)
    assert scene.session.standing(0) == "" and "Waiting" not in scene.message
    number = scene.session.hand_number
    _fold_when_asked(app, scene, lambda: scene.session.hand_number > number
                     and scene.session.hand is not None)
    hand = scene.session.hand
    assert hand is not None and hand.config.players[0]
    assert scene.model.standing != "Waiting for the big blind" and not scene.model.can_post


def _saved_table(app: App, hands: int) -> TableScene:
    app.settings = app.settings.with_(sit_out_hands=hands)
    app.save = SaveGame.open()
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9, save=app.save))
    app.replace_all(scene)
    return scene


@pytest.fixture
def narrator(app: App) -> FakeNarrator:
    """What the game says, kept (a voice controller with a narrator that only listens)."""
    said = FakeNarrator()
    app.voice = VoiceController(VoiceSettings(), clock=Clock(),
                                narrator=said)  # type: ignore[arg-type]
    return said


def test_the_last_hand_out_is_warned_then_the_player_leaves_with_the_chips_said(
        app: App, narrator: FakeNarrator) -> None:
    scene = _saved_table(app, 2)
    try:
        press(app, pygame.K_s, unicode="s")  # before the first deal
        _fold_when_asked(app, scene, lambda: _hands_out(scene) == 1
                         and any(n.startswith(WARNING) for n in scene.shown_notices()))
        hand = scene.session.hand  # warned as the last hand out is dealt
        assert hand is not None and not hand.config.players[0]
        assert any(line.startswith(WARNING) for line in scene.log)
        assert any(t.startswith(WARNING) for t in narrator.texts())  # said
        _fold_when_asked(app, scene, lambda: isinstance(app.top, StartScene))
        start = app.top
        assert isinstance(start, StartScene)
        assert start.notice.startswith("You sat out 2 hands and left the table with "
                                       "1,000 chips. Your seat is saved")
        assert any("left the table with 1,000 chips" in t for t in narrator.texts())
        assert start.can_continue  # the table and the seat are kept
        press(app, pygame.K_RETURN)  # Continue
        again = app.top
        assert isinstance(again, TableScene) and again.session.seated(0)
        assert not again.session.sitting_out(0)  # back: waits for the big blind
        assert again.session.stacks()[0] == 1000
    finally:
        app.save.close()


def test_hands_n_ends_when_the_player_has_left(app: App) -> None:
    scene = _saved_table(app, 1)
    app.stop_after_hands = 50
    try:
        press(app, pygame.K_s, unicode="s")
        _fold_when_asked(app, scene, lambda: not app.running)
        assert app.ended == "left the table" and scene.session.hand_number < 50
        report = _report(app, {})
        assert report["hands"] == scene.session.hand_number and report["chips_conserved"]
    finally:
        app.save.close()


def test_the_limit_is_a_setting_with_a_default_a_cash_player_accepts() -> None:
    assert GameSettings().sit_out_hands == 12  # three orbits at four seats
    assert parse_settings({"table": {"sit_out_hands": 3}})[0].sit_out_hands == 3  # seed 001's
    settings, problems = parse_settings({"table": {"sit_out_hands": 0}})
    assert settings.sit_out_hands == 12 and any("sit_out_hands" in p for p in problems)
    assert changed(GameSettings(), "sit_out", 1).sit_out_hands == 24
    assert changed(GameSettings(), "sit_out", -1).sit_out_hands == 6


@pytest.mark.parametrize("hands", [3, 12])
def test_a_new_table_takes_the_setting(app: App, hands: int) -> None:
    app.settings = app.settings.with_(sit_out_hands=hands)
    scene = scripted_table(app)
    assert scene.session.table.config.sit_out_limit == hands
