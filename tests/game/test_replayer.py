"""The replayer scene steps through stored hands; the stats panel shows the players."""

from __future__ import annotations

import pygame

from game.app import App
from game.paths import data_dir
from game.persistence.saving import SaveGame
from game.persistence.store import Store
from game.scenes.pause import PauseScene
from game.scenes.replayer import ReplayerScene
from game.scenes.start import StartScene
from game.scenes.stats import StatsScene
from tests.game.helpers import FRAME, click, press, scripted_table
from tests.game.saved import saved_store


def _opened(app: App) -> ReplayerScene:
    saved_store(data_dir(), hands=4)
    app.save = SaveGame.open()
    app.push(StartScene(app, seed=1))
    app.step(FRAME)
    press(app, pygame.K_h)
    scene = app.top
    assert isinstance(scene, ReplayerScene)
    return scene


def test_the_replayer_steps_forward_and_back_through_a_stored_hand(app: App) -> None:
    scene = _opened(app)
    assert [r.id for r in scene.hands] == [4, 3, 2, 1]  # newest first
    record = scene.record
    assert record is not None and scene.step == 0
    assert len(scene.steps) == len(record.actions) + 1
    pot_at_deal = scene.display.pot_total
    press(app, pygame.K_RIGHT)
    assert scene.step == 1
    assert scene.steps[1].lines[0].startswith(record.config.names[record.actions[0].seat])
    press(app, pygame.K_END)
    assert scene.step == len(record.actions)
    assert scene.display.hand_over
    final = list(record.result["final_stacks"])
    assert [s.stack for s in scene.display.seats] == final
    press(app, pygame.K_LEFT)
    assert scene.step == len(record.actions) - 1
    press(app, pygame.K_HOME)
    assert scene.step == 0 and scene.display.pot_total == pot_at_deal
    click(app, "Forward >")
    assert scene.step == 1
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # no step before the deal
    assert scene.step == 0
    app.save.close()


def test_the_replayer_chooses_hands_and_draws_without_changing_anything(app: App) -> None:
    scene = _opened(app)
    press(app, pygame.K_DOWN)
    assert scene.record is not None and scene.record.id == 3 and scene.step == 0
    press(app, pygame.K_RIGHT)
    before = (scene.chosen, scene.step, [s.stack for s in scene.display.seats])
    for _ in range(3):
        scene.draw(app.screen)
    assert (scene.chosen, scene.step, [s.stack for s in scene.display.seats]) == before
    app.resize((960, 540))
    scene.draw(app.screen)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, StartScene)
    app.save.close()


def test_the_replayer_without_a_save_says_there_is_nothing(app: App) -> None:
    scene = ReplayerScene.open(app)
    app.push(scene)
    app.step(FRAME)
    press(app, pygame.K_RIGHT)
    assert scene.steps == [] and "not being saved" in scene.notice


def test_stats_panel_from_the_pause_menu(app: App) -> None:
    saved_store(data_dir(), hands=3)
    app.save = SaveGame.open()
    table = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_t)
    panel = app.top
    assert isinstance(panel, StatsScene)
    names = [row[0] for row in panel.all_time]
    assert {"You", "Shark", "Maniac", "Station"} <= set(names)
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_h)
    assert isinstance(app.top, ReplayerScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.top is table
    app.save.close()
    with Store.open(data_dir() / "holdem.sqlite3") as store:
        assert store.integrity_check() == []


def test_the_replayer_opens_sit_and_go_hands_beside_the_cash_tables(app: App) -> None:
    from tests.game.test_sitngo_everywhere import sit_and_go
    saved_store(data_dir(), hands=2)
    sit_and_go(data_dir(), seed=2, hands=3)
    app.save = SaveGame.open()
    app.push(StartScene(app, seed=1))
    app.step(FRAME)
    press(app, pygame.K_h)
    scene = app.top
    assert isinstance(scene, ReplayerScene)
    assert [r.id for r in scene.hands] == [5, 4, 3, 2, 1]  # newest first, both saves
    record = scene.record
    assert record is not None and record.table_name == "Sit & Go #1"
    press(app, pygame.K_END)
    assert [s.stack for s in scene.display.seats] == list(record.result["final_stacks"])
