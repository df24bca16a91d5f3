"""Pre-action ticks as commercial clients offer them (issue 21, part 9), one set of three
in the action buttons' places, as the PokerStars client shows them (issue 43, finding 4):
"Check/Fold", "Check", "Call any" while checking is free; "Fold", "Call N" (cleared when
the amount changes), "Call any" facing a bet."""

from __future__ import annotations

import pygame

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from tests.game.helpers import (
    Noted,
    bot,
    click,
    my_actions,
    press,
    run_until,
    scripted_table,
    to_act,
)

C, X, F, R = ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD, ActionKind.RAISE


def _until_i_act(app: App, scene: TableScene) -> None:
    """Frames until the player's seat has acted once more, or waits on the player."""
    before = len(my_actions(scene))
    run_until(app, lambda: len(my_actions(scene)) > before or scene.model.my_turn)


def test_call_n_calls_when_the_amount_is_unchanged(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)  # under the gun; we are on the button, 10 to call
    assert scene.model.pre_to_call == 10
    click(app, "pre_call")
    assert scene.panel.pre_call == 10
    bot(app, scene, 3, C)
    _until_i_act(app, scene)
    assert [(a.kind, a.to) for a in my_actions(scene)] == [(C, 10)]


def test_call_n_is_unticked_when_the_amount_changes(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    click(app, "pre_call")
    bot(app, scene, 3, R, 40)
    run_until(app, lambda: scene.panel.pre_call is None)
    assert scene.message == "Call 10 unticked: it's 40 now"
    to_act(app, scene, 0)
    assert my_actions(scene) == [] and scene.model.my_turn  # the player decides


def test_check_is_unticked_by_a_bet_and_checks_when_free(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)
    click(app, "call")  # call 10 on the button
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    to_act(app, scene, 1)  # the flop: the blinds act first
    assert scene.model.pre_to_call == 0
    click(app, "pre_check")
    bot(app, scene, 1, X)
    bot(app, scene, 2, X)
    bot(app, scene, 3, X)
    _until_i_act(app, scene)
    assert my_actions(scene)[-1].kind is X
    bot(app, scene, 1, X)  # the turn: ticked again, then a bet comes
    click(app, "pre_check")
    bot(app, scene, 2, ActionKind.BET, 20)
    run_until(app, lambda: not scene.panel.pre_check)
    assert scene.message == "Check unticked: 20 to call"


def _ticks(text: Noted) -> list[str]:
    """The keys and words drawn after the slider's amount box, before the key hints: the
    action buttons' row (each tick's key, then its words)."""
    drawn = text.drawn
    start = drawn.index("—") + 1
    end = next(i for i, line in enumerate(drawn) if line.startswith("F fold"))
    return drawn[start:end]


def test_one_set_of_three_ticks_shows_in_the_buttons_places(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)  # facing the big blind, not our turn
    text = Noted()
    app.text = text
    app.draw()
    assert "Check/Fold (F)" not in text.drawn and "Call any (C)" not in text.drawn  # old
    assert "Fold to any bet" not in text.drawn
    assert _ticks(text) == ["F", "Fold", "C", "Call 10", "Shift+C", "Call any"], text.drawn
    names = {hit.name for hit in scene.bindings().hits}
    assert {"pre_check_fold", "pre_call", "pre_call_any"} <= names
    assert "pre_fold_any" not in names and "pre_check" not in names
    b = scene.layout.bar
    assert [scene.bindings().named(n).rect for n in ("pre_check_fold", "pre_call",
                                                     "pre_call_any")] == [b.fold, b.call,
                                                                          b.wager]


def test_while_checking_is_free_the_ticks_read_check_fold_check_call_any(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)
    click(app, "call")
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    to_act(app, scene, 1)  # the flop, the blinds first: nothing to call yet
    text = Noted()
    app.text = text
    app.draw()
    assert _ticks(text) == ["F", "Check/Fold", "C", "Check", "Shift+C",
                            "Call any"], \
        text.drawn
    press(app, pygame.K_c, pygame.KMOD_SHIFT, "C")  # Shift+C ticks call any
    assert scene.panel.pre_call_any
    press(app, pygame.K_f, unicode="f")  # F: check/fold, the other unticked
    assert scene.panel.pre_check_fold and not scene.panel.pre_call_any
    bot(app, scene, 1, ActionKind.BET, 20)
    bot(app, scene, 2, F)
    bot(app, scene, 3, C)
    _until_i_act(app, scene)  # facing the bet at our turn: check/fold folds
    assert my_actions(scene)[-1].kind is F
