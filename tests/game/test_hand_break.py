"""The hand break in order: the result stays on screen its full time, the top-up dialog
comes after it and only when a top-up is possible, and every bot top-up or rebuy is a
line in the log (issue 21, part 4)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bots.chatter import ChatLine
from engine.actions import Action, ActionKind
from engine.events import ActionTaken
from game.app import App
from game.input.commands import ActCommand
from game.render.theme import GOLD
from game.scenes.rebuy import RebuyScene
from game.scenes.table import TableScene
from game.table.loop import BETWEEN_HANDS
from game.table.players import Seats
from tests.game.helpers import (
    FRAME,
    all_in_and_lose,
    bot,
    press,
    run_until,
    scripted_table,
)


def _play_out(app: App, scene: TableScene) -> None:
    """Everyone checks or folds (the test acts for every seat) until the hand is over."""
    while scene.session.hand is not None:
        hand = scene.session.hand
        run_until(app, lambda: scene.session.hand is None or (
            not scene.presenter.busy and scene.session.hand.to_act is not None))
        if scene.session.hand is None:
            return
        legal = hand.legal()
        assert legal is not None
        kind = ActionKind.CHECK if legal.check else ActionKind.FOLD
        scene.handle(ActCommand(legal.seat, Action(legal.seat, kind), "test"))


def _in_break(scene: TableScene) -> bool:
    return scene.session.hand is None and not scene.presenter.busy and scene.loop.between > 0


def test_the_top_up_dialog_waits_until_the_break_is_over(app: App) -> None:
    scene = scripted_table(app, stacks=(600, 1000, 1000, 1000))
    run_until(app, lambda: scene.session.hand is not None)
    _play_out(app, scene)
    run_until(app, lambda: _in_break(scene))
    press(app, pygame.K_b, unicode="b")
    assert app.top is scene and scene.model.standing == "Top-up at the next hand"
    breaks = 0
    while not isinstance(app.top, RebuyScene):
        assert scene.session.hand is None  # no hand is dealt before the dialog
        breaks += _in_break(scene)
        app.step(FRAME)
    assert breaks > 10  # the result stayed up through the break (0.8 s at 60 frames)


def test_no_dialog_at_the_maximum_stack(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_b, unicode="b")
    assert "Nothing to top up: 1,000" in scene.message and not scene.rebuy_requested
    for _ in range(60):
        app.step(FRAME)
        assert not isinstance(app.top, RebuyScene)


def test_a_bot_top_up_is_logged_when_the_break_ends_not_during_the_result(app: App) -> None:
    scene = scripted_table(app, stacks=(1000, 200, 1000, 1000))
    vera = scene.session.table.seat(1)
    vera.stack, vera.bought_in = 150, 150  # under 20 big blinds: auto-rebuy after the hand
    run_until(app, lambda: scene.session.hand is not None)
    _play_out(app, scene)
    run_until(app, lambda: _in_break(scene))
    name = scene.display.seats[1].name
    assert scene.session.stacks()[1] == 1000  # topped up at the table already ...
    assert scene.display.seats[1].stack < 1000  # ... but the result is still shown
    assert not any("tops up" in line for line in scene.log)
    run_until(app, lambda: scene.session.hand is not None)
    assert f"{name} tops up to 1,000" in scene.log
    assert scene.display.seats[1].stack <= 1000


def _cheer_on_raise(monkeypatch: pytest.MonkeyPatch, seat: int) -> None:
    """Seat ``seat`` cheers the next raise (the chatter's pick, made certain)."""
    real = Seats.chat

    def chat(self: Seats, facts: list[Any], view: Any, now: float) -> list[ChatLine]:
        raised = any(isinstance(f, ActionTaken) and f.kind is ActionKind.RAISE for f in facts)
        return [ChatLine(seat, "Blaze", "Now we're talking!", 2, "big_raise", "test")] \
            if raised else real(self, facts, view, now)
    monkeypatch.setattr(Seats, "chat", chat)


@pytest.mark.parametrize("answer, heard", [(ActionKind.FOLD, False), (ActionKind.CALL, True)])
def test_a_bot_never_cheers_and_folds_in_one_breath(
        app: App, monkeypatch: pytest.MonkeyPatch, answer: ActionKind, heard: bool) -> None:
    _cheer_on_raise(monkeypatch, 2)  # Blaze, in the big blind, faces the raise
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 40)
    run_until(app, lambda: not scene.presenter.busy)
    assert not any("talking" in b.text for b in scene.bubbles)  # not before it answers
    bot(app, scene, 0, ActionKind.FOLD)
    bot(app, scene, 1, ActionKind.FOLD)
    bot(app, scene, 2, answer)
    run_until(app, lambda: not scene.presenter.busy)
    said = any("Now we're talking!" in line for line in scene.log)
    assert said is heard


@pytest.mark.parametrize("answer, heard", [(ActionKind.FOLD, False), (ActionKind.CALL, True)])
def test_a_reply_waits_for_the_line_it_answers_and_goes_with_it(
        app: App, monkeypatch: pytest.MonkeyPatch, answer: ActionKind, heard: bool) -> None:
    """Issue 49: "Love you, Doris! Never stop calling!" was said before Doris's own line,
    and said when her line was dropped by her fold: a reply nobody's line asked for."""
    real = Seats.chat

    def chat(self: Seats, facts: list[Any], view: Any, now: float) -> list[ChatLine]:
        if any(isinstance(f, ActionTaken) and f.kind is ActionKind.RAISE for f in facts):
            return [ChatLine(2, "Doris", "Goodness!", 2, "big_raise", "test"),
                    ChatLine(1, "Blaze", "Love you, Doris!", 1, "reply", "test", answers=2)]
        return real(self, facts, view, now)
    monkeypatch.setattr(Seats, "chat", chat)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 40)
    run_until(app, lambda: not scene.presenter.busy)
    assert not any("Love you" in line for line in scene.log)  # not before Doris's line
    bot(app, scene, 0, ActionKind.FOLD)
    bot(app, scene, 1, ActionKind.FOLD)
    bot(app, scene, 2, answer)
    run_until(app, lambda: not scene.presenter.busy)
    said = [line for line in scene.log if "Goodness!" in line or "Love you" in line]
    assert len(said) == (2 if heard else 0)
    if heard:
        assert "Goodness!" in said[0] and "Love you" in said[1]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_rebuy_dialog_never_hides_the_hand_that_broke_the_player(
        app: App, size: tuple[int, int]) -> None:
    """Out of chips: the result is up its full time (as long as before any deal), and the
    dialog then opens below the player's cards, the board, the shown hands and the
    winning hand's name still in view and not dimmed (issue 36, part 5)."""
    app.resize(size)
    scene = all_in_and_lose(app)
    shown = 0.0
    while not isinstance(app.top, RebuyScene):
        app.step(FRAME)
        shown += FRAME if scene.display.win else 0.0
    assert scene.display.win.startswith("Two Pair, Aces and Kings")
    assert shown >= 1.6 + BETWEEN_HANDS - 2 * FRAME  # the showdown's beat and the break
    dialog = app.top
    L = scene.layout
    kept = {"win": L.win, "banner": L.banner, **{f"board{i}": r for i, r in enumerate(L.board)},
            **{f"seat{s}.card{k}": c for s, seat in enumerate(L.seats)
               for k, c in enumerate(seat.cards)}}
    assert [name for name, rect in kept.items() if dialog.layout().box.colliderect(rect)] == []
    app.draw()
    shot = app.screen.subsurface(L.win)
    gold = sum(1 for x in range(0, L.win.w, 2) for y in range(0, L.win.h, 2)
               if shot.get_at((x, y))[:3] == GOLD)
    assert gold > 20, "the winning hand's name is drawn undimmed"
