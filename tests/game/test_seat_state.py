"""A seat's state is always on screen: waiting for the big blind (with Post now),
sitting out, a top-up queued for the next hand (issue 21, part 3)."""

from __future__ import annotations

import pygame

from engine.actions import ActionKind
from engine.events import BlindKind, BlindPosted
from game.app import App
from game.persistence.codec import config_from_json, config_to_json
from game.scenes.table import TableScene
from tests.game.helpers import FRAME, bot, click, press, run_until, scripted_table


def _back_from_sitting_out(app: App) -> TableScene:
    """A table some hands old where the player sat out and has just sat back in."""
    scene = scripted_table(app)
    table = scene.session.table
    table.sit_out(0)
    table.seat(0).hands_sat_out = 1  # missed a hand
    table.hands_played, table.button = 5, 2
    press(app, pygame.K_s, unicode="s")  # sit back in: waits for the big blind
    return scene


def test_sitting_back_in_shows_the_wait_for_the_big_blind(app: App) -> None:
    scene = _back_from_sitting_out(app)
    run_until(app, lambda: scene.session.hand is not None and not scene.presenter.busy)
    hand = scene.session.hand
    assert hand is not None and not hand.config.players[0]  # not dealt: waiting
    assert scene.model.standing == "Waiting for the big blind"
    assert scene.display.seats[0].state == "Waiting for the big blind"


def test_post_now_is_not_offered_where_the_player_would_post_from_the_button(
        app: App) -> None:
    scene = _back_from_sitting_out(app)
    run_until(app, lambda: scene.session.hand is not None and not scene.presenter.busy)
    assert scene.session.table.button == 3  # the next hand's button would be the player's
    assert not scene.model.can_post
    assert "post_now" not in [h.name for h in app.top.bindings().hits]
    press(app, pygame.K_n, unicode="n")
    assert scene.session.table.seat(0).posting is False
    assert "can't post on the button" in scene.message


def test_post_now_plays_the_next_hand_posting_the_big_blind(app: App) -> None:
    scene = _back_from_sitting_out(app)
    table = scene.session.table
    table.button = 0  # the next hand: button 1, blinds 2 and 3; then the player's turn
    run_until(app, lambda: scene.session.hand is not None and not scene.presenter.busy)
    assert scene.model.can_post and app.top.bindings().named("post_now") is not None
    click(app, "post_now")
    assert scene.model.standing == "Posts the big blind next hand"
    bot(app, scene, 1, ActionKind.FOLD)  # hand 1: button 1, blinds 2 and 3
    bot(app, scene, 2, ActionKind.FOLD)
    run_until(app, lambda: scene.session.hand is not None and scene.session.number == 7)
    hand = scene.session.hand
    assert hand is not None and hand.config.players[0] and hand.config.button != 0
    assert any(isinstance(e, BlindPosted) and e.seat == 0 and e.kind is BlindKind.BIG
               for e in hand.events)
    assert config_from_json(config_to_json(hand.config)) == hand.config  # saved as played
    assert scene.model.standing == ""


def test_sitting_out_and_a_queued_top_up_are_shown(app: App) -> None:
    scene = scripted_table(app)
    run_until(app, lambda: scene.session.hand is not None)
    press(app, pygame.K_b, unicode="b")  # mid-hand: the top-up waits for the break
    assert scene.model.standing == "Top-up at the next hand"
    app.step(FRAME)
    assert scene.display.seats[0].state == "Top-up at the next hand"
    press(app, pygame.K_s, unicode="s")
    app.step(FRAME)
    assert scene.session.standing(0) == "Sits out next hand"  # this hand is still theirs
