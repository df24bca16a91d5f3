"""What players of commercial clients look for: all-in hands face up before the board
runs out, losing hands mucked when the setting says so, and a "sit out next hand" tick
(issue 36, part 7)."""

from __future__ import annotations

import tomllib

import pygame

from engine.actions import ActionKind
from engine.events import HandShown, HandsTabled
from game.app import App
from game.input.commands import Ui, UiCommand
from game.scenes.settings import ROWS, SettingsScene, changed
from game.settings.file import parse_settings, settings_toml
from tests.game.helpers import FRAME, bot, click, deck_for, press, run_until, scripted_table

F, X, C, K = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.ALLIN


def test_all_in_hands_are_face_up_on_the_table_and_in_the_log_before_the_flop(
        app: App) -> None:
    deck = deck_for(0, {0: "7h 2c", 1: "8c 4d", 2: "9s 9d", 3: "Ad Ac"}, "Kh Kd 7s 3c Qh")
    scene = scripted_table(app, deck=deck)
    bot(app, scene, 3, K)
    bot(app, scene, 0, F)
    bot(app, scene, 1, F)
    bot(app, scene, 2, C)
    run_until(app, lambda: isinstance(scene.presenter.current, HandsTabled)
              or bool(scene.display.board))
    app.step(FRAME)
    assert isinstance(scene.presenter.current, HandsTabled) and scene.display.board == []
    app.draw()  # the flop is still to come, and both hands are face up on the felt
    for seat in (2, 3):
        for rect in scene.layout.seats[seat].cards:
            card = app.screen.subsurface(rect)
            white = sum(1 for x in range(0, rect.w, 3) for y in range(0, rect.h, 3)
                        if min(card.get_at((x, y))[:3]) > 225)
            assert white > 0.5 * (rect.w // 3 + 1) * (rect.h // 3 + 1), seat  # not a back
    run_until(app, lambda: not isinstance(scene.presenter.current, HandsTabled))
    assert all(scene.display.seats[s].cards is not None for s in (2, 3))
    run_until(app, lambda: scene.session.hand is None)
    log = scene.log
    face_up = next(i for i, line in enumerate(log) if line.startswith("All in, hands face up"))
    flop = next(i for i, line in enumerate(log) if line.startswith("Flop:"))
    assert face_up < flop and "Doris Ad Ac" in log[face_up] and "9s 9d" in log[face_up]


def _showdown_with_a_losing_caller(app: App, muck: bool) -> tuple[list[HandShown], list[str]]:
    """The player calls a river bet and loses; everyone else folded."""
    app.settings = app.settings.with_(muck_losers=muck)
    deck = deck_for(0, {0: "7h 2c", 1: "8c 4d", 2: "9s 5d", 3: "Ad Ac"}, "Kh Kd 7s 3c Qh")
    scene = scripted_table(app, deck=deck)
    scene.session.settings = app.settings
    bot(app, scene, 3, C)
    bot(app, scene, 0, C)
    bot(app, scene, 1, F)
    bot(app, scene, 2, F)
    for _ in range(2):
        bot(app, scene, 3, X)
        bot(app, scene, 0, X)
    bot(app, scene, 3, ActionKind.BET, 20)
    bot(app, scene, 0, C)
    hand = scene.session.hand
    assert hand is not None
    run_until(app, lambda: scene.session.hand is None)
    return [e for e in hand.events if isinstance(e, HandShown)], scene.log


def test_with_muck_on_the_players_losing_hand_is_not_shown(app: App) -> None:
    shown, log = _showdown_with_a_losing_caller(app, muck=True)
    assert [(e.seat, e.mucked) for e in shown] == [(3, False), (0, True)]  # bettor first
    assert "You muck" in log and not any(line.startswith("You show") for line in log)


def test_with_muck_off_losers_show_as_before(app: App) -> None:
    shown, log = _showdown_with_a_losing_caller(app, muck=False)
    assert [(e.seat, e.mucked) for e in shown] == [(3, False), (0, False)]
    assert any(line.startswith("You show 7h 2c") for line in log)


def test_the_muck_setting_is_a_settings_row_and_kept_in_the_file(app: App) -> None:
    assert "muck" in ROWS
    on = changed(app.settings, "muck", 1)
    assert on.muck_losers and not changed(on, "muck", 1).muck_losers
    kept, problems = parse_settings(tomllib.loads(settings_toml(on)))
    assert kept.muck_losers and problems == []
    scripted_table(app)
    press(app, pygame.K_o, unicode="o")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    assert scene.rows()[ROWS.index("muck")].value == "Shown"


def test_sit_out_next_hand_is_a_tick_the_hand_in_play_finishes_first(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    run_until(app, lambda: scene.model.my_turn)
    press(app, pygame.K_s, unicode="s")  # the keyboard's tick
    assert scene.model.sitting_out and "from the next hand" in scene.message
    hand = scene.session.hand
    assert hand is not None and not hand.folded[0] and hand.to_act == 0  # still playing
    scene.handle(UiCommand(Ui.SIT_OUT))  # unticked before the hand ends: plays on
    assert not scene.model.sitting_out
    click(app, "sit_out")  # the mouse's tick
    assert scene.session.sitting_out(0)
    for seat, kind in ((0, F), (1, F), (2, K), (3, F)):
        bot(app, scene, seat, kind)
    run_until(app, lambda: scene.session.hand is not None and scene.session.hand is not hand)
    assert not scene.session.hand.config.players[0]  # the next hand is dealt without us
    app.step(FRAME)


def test_voice_sit_out_next_hand_is_the_same_tick() -> None:
    from tests.voice.contexts import FACING
    from voice.understand.intent import Control, IntentKind
    from voice.understand.parse import parse

    intent = parse("sit out next hand", FACING)
    assert (intent.intent, intent.control) == (IntentKind.CONTROL, Control.SIT_OUT)

