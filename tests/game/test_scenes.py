"""Each scene transition, driven by real keys and clicks."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.input.commands import ResizeCommand
from game.scenes.confirm import ConfirmScene
from game.scenes.pause import PauseScene
from game.scenes.rebuy import RebuyScene
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from tests.game.helpers import FRAME, all_in_and_lose, bot, click, press, run_until, scripted_table


def test_start_screen_enter_sits_down_at_a_table(app: App) -> None:
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene)
    run_until(app, lambda: app.top.session.hand is not None)  # type: ignore[attr-defined]


def test_start_screen_settings_change_by_keys_and_clicks(app: App) -> None:
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, pygame.K_RIGHT)  # level 2
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)   # buy-in 90 BB
    click(app, "row2.right")    # seat 2 bot: next kind
    assert app.settings.level == 2
    assert app.settings.buy_in_bb == 90
    assert app.settings.bots[0] == "maniac"
    click(app, "Sit down")
    scene = app.top
    assert isinstance(scene, TableScene)
    assert scene.session.config.big_blind == 20
    assert scene.session.stacks()[0] == 1800


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_q])
def test_start_screen_quit_by_key_is_asked_first(app: App, key: int) -> None:
    app.push(StartScene(app))
    app.step(FRAME)
    press(app, key)
    assert app.running and isinstance(app.top, ConfirmScene)
    assert app.top.question == "Quit the game?"
    press(app, pygame.K_ESCAPE)  # no: back on the start screen
    assert app.running and isinstance(app.top, StartScene)
    press(app, key)
    press(app, pygame.K_y)
    assert not app.running


def test_escape_pauses_and_resumes_with_the_clock_stopped(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    run_until(app, lambda: scene.clock.running)
    left = scene.clock.left
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.step(10.0)
    assert scene.clock.left == left
    press(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_pause_button_then_leave_returns_to_start(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    click(app, "pause")
    assert isinstance(app.top, PauseScene)
    click(app, "Leave table")
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Leave the table?"
    click(app, "No")  # asked first (issue 49): No keeps the player at the table
    assert isinstance(app.top, PauseScene) and scene in app.scenes
    click(app, "Leave table")
    click(app, "Yes")
    assert isinstance(app.top, StartScene) and len(app.scenes) == 1
    assert scene not in app.scenes
    assert "say continue" not in app.top.notice  # voice off: no phrase to say


def test_pause_quit_stops_the_app(app: App) -> None:
    scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_p)
    press(app, pygame.K_q)
    assert app.running and isinstance(app.top, ConfirmScene)  # asked first
    press(app, pygame.K_RETURN)  # Yes is focused
    assert not app.running


def _bust_player(app: App) -> TableScene:
    scene = all_in_and_lose(app)
    run_until(app, lambda: isinstance(app.top, RebuyScene))
    return scene


def test_busting_opens_the_rebuy_dialog_and_rebuying_deals_on(app: App) -> None:
    scene = _bust_player(app)
    assert scene.session.stacks()[0] == 0
    press(app, pygame.K_LEFT)  # 1000 -> 900
    press(app, pygame.K_RETURN)
    assert app.top is scene
    assert scene.session.stacks()[0] == 900
    assert scene.session.chips_accounted()
    run_until(app, lambda: scene.session.hand is not None)


def test_busted_player_may_leave_instead(app: App) -> None:
    _bust_player(app)
    click(app, "Leave table")
    assert isinstance(app.top, ConfirmScene)
    click(app, "Yes")
    assert isinstance(app.top, StartScene)


def test_rebuy_button_during_a_hand_opens_top_up_at_the_break(app: App) -> None:
    scene = scripted_table(app, stacks=(600, 1000, 1000, 1000))
    bot(app, scene, 3, ActionKind.FOLD)
    bot(app, scene, 0, ActionKind.FOLD)
    press(app, pygame.K_b)  # the hand is still on: queued for the break
    assert not isinstance(app.top, RebuyScene)
    bot(app, scene, 1, ActionKind.FOLD)
    run_until(app, lambda: isinstance(app.top, RebuyScene))
    dialog = app.top
    assert isinstance(dialog, RebuyScene) and not dialog.busted
    assert dialog.limits() == (1, 400)
    press(app, pygame.K_RETURN)
    assert app.top is scene and scene.session.stacks()[0] == 1000


def test_top_up_dialog_escape_cancels(app: App) -> None:
    scene = scripted_table(app, stacks=(600, 1000, 1000, 1000))
    app.push(RebuyScene(app, scene.session, scene.me, scene.rebought))
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.session.stacks()[0] == 600


def test_sit_out_and_back_in(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_s)
    assert scene.session.sitting_out(0)
    click(app, "sit_out")
    assert not scene.session.sitting_out(0)


def test_resize_relayouts_every_scene(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    app.submit(ResizeCommand((1600, 900)))
    app.step(FRAME)
    assert app.size == (1600, 900) and scene.layout.size == (1600, 900)
    app.submit(ResizeCommand((500, 300)))  # clamped to the minimum
    app.step(FRAME)
    assert app.size == (960, 540) and scene.layout.size == (960, 540)


def test_window_close_quits(app: App) -> None:
    scripted_table(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running


def test_start_screen_notice_sits_above_the_menu_and_the_arrows_still_work(app: App) -> None:
    """A resume notice gets its own room at the top at every size (it was drawn off the
    top edge when the menu filled the window), and the menu below it still takes clicks."""
    notice = ("Hand 2 was interrupted; it resumes exactly where it stopped, "
              "with 5 actions replayed and you to act.")
    scene = StartScene(app, seed=5, notice=notice)
    app.push(scene)
    for size in [(960, 540), (1280, 720), (1920, 1080)]:
        app.submit(ResizeCommand(size))
        app.step(FRAME)
        px, lines = scene._notice_lines()
        assert " ".join(lines) == notice
        menu_top = app.top.bindings().named("row0").rect.top
        assert 4 + len(lines) * (px + 3) <= menu_top
    click(app, "row0.right")
    assert app.settings.level == 2


@pytest.mark.parametrize("opener, closer", [
    ("Stats", pygame.K_ESCAPE), ("Stats", pygame.K_t), ("Stats", "Close"),
    ("Hands", pygame.K_ESCAPE), ("Hands", "Close"),
])
def test_stats_or_hands_opened_from_pause_close_back_to_the_pause_menu(
        app: App, opener: str, closer: int | str) -> None:
    scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    click(app, opener)
    assert not isinstance(app.top, PauseScene)
    if isinstance(closer, str):
        click(app, closer)
    else:
        press(app, closer)
    for _ in range(30):
        app.step(FRAME)
    assert isinstance(app.top, PauseScene)
