"""Pre-action ticks as commercial clients offer them, beside check/fold and call any:
"Check", "Call N" (cleared when the amount changes) and "Fold to any bet" (issue 21,
part 9)."""

from __future__ import annotations

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from tests.game.helpers import bot, click, my_actions, run_until, scripted_table, to_act

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


def test_fold_to_any_bet_folds_to_the_bet(app: App) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    click(app, "pre_fold_any")
    assert scene.model.pre_fold_any
    bot(app, scene, 3, R, 30)
    _until_i_act(app, scene)
    assert [a.kind for a in my_actions(scene)] == [F]
