"""A Sit & Go at the table: started from the start screen, the level on the title line,
a new level told, the player knocked out (their place, the rest watched at speed), and the
results on the start screen at the end."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import Action, ActionKind
from engine.tournament import SitAndGo
from game.app import App
from game.input.commands import ActCommand
from game.scenes.results import ResultsScene
from game.scenes.sitngo_desk import WATCH_SPEED
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from tests.game.helpers import FRAME, press, run_until


def _sit_and_go(app: App, key: int = pygame.K_s) -> TableScene:
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, key)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.tournament is not None
    scene.seats.think_scale = 0.01
    return scene


def _one_chip_left(scene: TableScene, seat: int, rich: int) -> SitAndGo:
    """``seat`` keeps one chip (all in on its first blind), ``rich`` the rest of it."""
    sng = scene.session.tournament
    assert sng is not None
    short, big = sng.table.seats[seat], sng.table.seats[rich]
    assert short is not None and big is not None
    big.stack += short.stack - 1
    short.stack = 1
    return sng


def test_the_start_screen_offers_a_sit_and_go_and_a_turbo(app: App) -> None:
    scene = _sit_and_go(app, pygame.K_u)
    sng = scene.session.tournament
    assert sng is not None and sng.config.level_hands == 5
    assert scene.model.title.startswith("Sit & Go #1 · Level 1 · 10/20 · next in 5 hands")
    assert scene.session.save.active  # its own file, beside the cash table's
    assert not app.save.active or app.save.table_info() is None


@pytest.mark.slow
def test_knocked_out_the_player_is_told_the_place_and_watches_to_the_results(app: App
                                                                            ) -> None:
    scene = _sit_and_go(app)
    sng = _one_chip_left(scene, 0, 1)
    told: list[str] = []

    def out() -> bool:
        hand = scene.session.hand
        if scene.loop.human_turn() and hand is not None:
            scene.handle(ActCommand(0, Action(0, ActionKind.ALLIN), "test"))
        told.extend(line for line in scene.log if "knocked out" in line and line not in told)
        return sng.place_of(0) is not None

    run_until(app, out, limit=200_000)
    place = sng.place_of(0)
    assert any("You are knocked out" in line and "place" in line for line in told)
    assert scene.session.settings.speed == WATCH_SPEED and "Watching" in " ".join(scene.log)
    run_until(app, lambda: isinstance(app.top, ResultsScene), limit=400_000)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.title == "Sit & Go #1 is over" and results.lines[0].startswith("1st ")
    nth = ["1st", "2nd", "3rd", "4th"][place - 1]  # type: ignore[index]
    assert any(line.startswith(f"{nth} You") for line in results.lines), results.lines
    assert sng.finished and sorted(sng.places) == [0, 1, 2, 3]


@pytest.mark.slow
def test_a_new_level_is_told_at_the_table(app: App) -> None:
    scene = _sit_and_go(app, pygame.K_u)
    scene.autopilot = scene.loop.autopilot = True  # a bot plays the chair: time moves on
    scene.seats.bots[0] = scene.seats.bots[1]
    run_until(app, lambda: any(line.startswith("Blinds up: level 2, 15/30")
                               for line in scene.log), limit=200_000)
    assert "Level 2 · 15/30" in scene.model.title


@pytest.mark.slow
def test_a_knocked_out_bot_is_named_in_the_log_and_then_quiet(app: App) -> None:
    scene = _sit_and_go(app)
    scene.autopilot = scene.loop.autopilot = True  # a bot plays the chair: time moves on
    scene.seats.bots[0] = scene.seats.bots[1]
    name = scene.session.names[1]
    sng = _one_chip_left(scene, 1, 2)
    run_until(app, lambda: sng.place_of(1) is not None, limit=200_000)
    out_at = len(scene.log)
    hands = sng.hands
    run_until(app, lambda: sng.hands >= hands + 8 or sng.finished, limit=400_000)
    said = [line for line in scene.log if ": “" in line]
    assert said and all(not line.startswith(":") for line in said)
    assert not any(line.startswith(f"{name}: “") for line in scene.log[out_at + 2:])
    assert 1 not in scene.seats.chatter.speakers  # type: ignore[union-attr]
    scene._talk(1, "Good game")  # a line from the empty seat (its parting words) is named
    assert scene.log[-1] == f"{name}: “Good game”"
