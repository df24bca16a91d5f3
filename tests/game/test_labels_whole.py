"""Every visible label whole at 960x540 and 1280x720 (issue 49, item 9): the table with
every seat state a regular meets ("Waiting for the big blind", "Posts the big blind next
hand", "Sits out next hand"), a long notice and a long bottom-bar message, the career page
with a long best hand, the replayer's hand list. The game's text drawer notes every line it
draws; a line cut to fit ends in "…" (``Text.cut``), and none may."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.persistence.paths import data_dir
from game.persistence.saving import SaveGame
from game.records.career import Career
from game.render.theme import ELLIPSIS
from game.scenes.base import Scene
from game.scenes.career import CareerScene
from game.scenes.replayer import ReplayerScene
from game.scenes.start import StartScene
from tests.game.helpers import FRAME, Noted, bot, run_until, scripted_table
from tests.game.saved import saved_store

SIZES = [(960, 540), (1280, 720)]
RECOVERY = ("The Sit & Go's save file was damaged and set aside. Sit & Go #1 was rebuilt "
            "from its 17 hands and goes on at level IV (50/100 ante 10): You 783, Vera "
            "5,217 (out: Blaze 4th, Doris 3rd); a hand in play when it stopped was voided, "
            "its chips returned.")


def _cut(app: App, scene: Scene) -> list[str]:
    """The lines ``scene`` draws cut to fit."""
    text = Noted()
    app.text = text
    for part in ("renderer", "side"):  # the table's own drawers keep the text they got
        drawer = getattr(scene, part, None)
        if drawer is not None:
            drawer.text = text
    scene.draw(app.screen)
    return [line for line in text.drawn if line.endswith(ELLIPSIS)]


@pytest.mark.parametrize("size", SIZES)
def test_the_table_shows_every_seat_state_and_a_long_notice_whole(
        app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = scripted_table(app)
    table = scene.session.table
    table.sit_out(0)
    table.seat(0).hands_sat_out = 1
    table.hands_played, table.button = 5, 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    app.step(FRAME)  # back in: waiting for the big blind
    run_until(app, lambda: scene.session.hand is not None and not scene.presenter.busy)
    assert scene.display.seats[0].state == "Waiting for the big blind"
    scene.tell(RECOVERY, error=True)
    assert _cut(app, scene) == [], size
    scene.message = ""  # the bar shows where the seat stands
    assert scene.model.standing == "Waiting for the big blind"
    assert _cut(app, scene) == [], size
    scene.session.post_now(0)
    scene.message = ""
    app.step(FRAME)
    assert scene.display.seats[0].state == "Posts the big blind next hand"
    assert scene.model.standing == "Posts the big blind next hand"
    assert _cut(app, scene) == [], size


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_that_sits_out_next_hand_and_a_long_message_are_whole(
        app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    run_until(app, lambda: scene.model.my_turn)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    app.step(FRAME)
    assert scene.session.standing(0) == "Sits out next hand"
    scene.say("Sitting out from the next hand: after 12 hands sitting out you leave the "
              "table, your seat and chips kept for your return", error=True)
    app.step(FRAME)
    assert _cut(app, scene) == [], size


@pytest.mark.parametrize("size", SIZES)
def test_the_career_page_shows_a_long_best_hand_whole(app: App, size: tuple[int, int]
                                                      ) -> None:
    app.resize(size)
    page = CareerScene(app, Career(sessions=3, hands=418, hands_won=97,
                                   best_hand="One Pair, Sixes, Queen kicker",
                                   best_hand_id=1234, biggest_pot=5120, net=-380))
    app.replace_all(page)
    assert _cut(app, page) == [], size


@pytest.mark.parametrize("size", SIZES)
def test_the_replayers_hand_list_is_whole(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    saved_store(data_dir(), hands=4)
    app.save = SaveGame.open()
    try:
        app.push(StartScene(app, seed=1))
        app.step(FRAME)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                             unicode="h"))
        app.step(FRAME)
        scene = app.top
        assert isinstance(scene, ReplayerScene) and len(scene.hands) == 4
        app.step(FRAME)
        assert _cut(app, scene) == [], size
    finally:
        app.save.close()
