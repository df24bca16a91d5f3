"""Sitting out a Sit & Go keeps tournament rules (issue 42, item 3; issue 49, item 3): the
player is dealt in, posts the blinds and antes, checks a free check and is folded to a
bet; nothing waits for the big blind and nothing is posted "now"; the hand histories show
the posts and the fold."""

from __future__ import annotations

from pathlib import Path

import pygame

from engine.events import BlindKind, BlindPosted
from game.app import App
from game.persistence.paths import data_dir
from game.scenes.table import TableScene
from tests.game.helpers import press, run_until, sit_and_go_from_start


def _sit_and_go(app: App) -> TableScene:
    scene = sit_and_go_from_start(app, think_scale=0.0)
    scene.session.settings = scene.session.settings.with_(speed=8.0)  # quick animations
    return scene


def _history_text() -> str:
    return "".join(p.read_text(encoding="utf-8")
                   for p in (data_dir() / "hand-histories").glob("HH*T1*.txt"))


def test_sitting_out_a_sit_and_go_posts_blinds_and_antes_and_folds(app: App) -> None:
    scene = _sit_and_go(app)
    sng = scene.session.tournament
    assert sng is not None
    sng.level_number = 4  # antes from level 4
    press(app, pygame.K_s, unicode="s")  # before the first deal
    assert scene.session.sitting_out(0)
    assert "post your blinds and antes" in scene.message
    posted: set[BlindKind] = set()
    hands: list[int] = []
    seen: set[int] = set()

    def orbit() -> bool:
        hand = scene.session.hand
        assert not scene.loop.human_turn()  # never asked: the hand is folded for them
        assert scene.model.standing != "Waiting for the big blind"
        assert not scene.model.can_post
        if hand is not None and scene.session.hand_number not in seen:
            seen.add(scene.session.hand_number)
            assert hand.config.players[0] and hand.config.away == (0,)
            hands.append(scene.session.number)
        if hand is not None:
            posted.update(e.kind for e in hand.events
                          if isinstance(e, BlindPosted) and e.seat == 0)
        return len(hands) >= 4 and scene.session.hand is None

    run_until(app, orbit, limit=100_000)
    assert posted == {BlindKind.ANTE, BlindKind.SMALL, BlindKind.BIG}  # blinded away
    assert scene.session.standing(0) == "Sitting out"
    press(app, pygame.K_n, unicode="n")  # no "Post now" in a tournament
    assert scene.session.table.seat(0).posting is False
    text = _history_text()
    blocks = [text.split(f"PokerStars Hand #{n}:", 1)[1].split("PokerStars Hand #")[0]
              for n in hands[:4]]  # once round the table
    assert all("Dealt to You" in b and "You: posts the ante" in b for b in blocks)
    # the gun, the button and the small blind face a bet and fold; the big blind checks
    # when nobody raised (issue 49: it was folded), and never calls, bets or raises
    assert sum("You: folds" in b for b in blocks) >= 2
    assert not any(line.startswith(("You: calls", "You: bets", "You: raises"))
                   for b in blocks for line in b.splitlines())
    assert "You: posts small blind" in text and "You: posts big blind" in text


def test_sitting_back_in_a_sit_and_go_plays_the_next_hand(app: App) -> None:
    scene = _sit_and_go(app)
    press(app, pygame.K_s, unicode="s")
    run_until(app, lambda: scene.session.hand is not None and scene.session.hand_number == 1)
    press(app, pygame.K_s, unicode="s")  # back: no waiting for the big blind
    assert scene.session.standing(0) == "" and not scene.model.can_post
    assert scene.message == "Back in"
    run_until(app, lambda: scene.session.hand_number == 2, limit=100_000)
    hand = scene.session.hand
    assert hand is not None and hand.config.players[0] and hand.config.away == ()


def test_a_sit_and_go_hand_history_file_is_written(app: App) -> None:
    scene = _sit_and_go(app)
    run_until(app, lambda: scene.session.hand_number == 2, limit=100_000)
    assert Path(data_dir() / "hand-histories").is_dir() and "Tournament #1" in _history_text()
