"""Issue fixes at the table and the start screen, each driven by real clicks and keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine.actions import ActionKind
from game.app import App, table_scene
from game.persistence.saving import SaveGame
from game.render.table import anchor_pos
from game.scenes.career import CareerScene
from game.scenes.help import HelpScene
from game.scenes.rebuy import RebuyScene
from game.scenes.settings import SettingsScene
from game.scenes.start import StartScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.settings.file import load_settings
from game.settings.model import GameSettings
from game.table.factory import new_table
from tests.game.helpers import (
    FRAME,
    bot,
    click,
    deck_for,
    press,
    run_until,
    scripted_table,
    to_act,
)


def _start(app: App) -> StartScene:
    scene = StartScene(app, seed=5)
    app.push(scene)
    app.step(FRAME)
    return scene


def test_the_left_arrow_buttons_work_with_the_mouse(app: App) -> None:
    _start(app)
    click(app, "row0.left")  # level 1 -> 5
    click(app, "row2.left")  # seat 2: shark -> honest (the last kind)
    assert app.settings.level == 5
    assert app.settings.bots[0] == "honest"


def test_the_rebuy_dialogs_left_arrow_works_with_the_mouse(app: App) -> None:
    scripted_table(app, stacks=(600, 1000, 1000, 1000))
    app.step(FRAME)
    press(app, pygame.K_b)
    run_until(app, lambda: isinstance(app.top, RebuyScene))  # after the break, before a deal
    dialog = app.top
    assert isinstance(dialog, RebuyScene) and dialog.amount == 400
    click(app, "row0.left")
    assert dialog.amount == 300


def test_the_start_screen_names_and_describes_the_bots(app: App) -> None:
    start = _start(app)
    assert start.rows()[2].value == "Vera (shark)"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert start._note().startswith("Vera: tight-aggressive")


def _saved_table(app: App) -> TableScene:
    app.save = SaveGame.open()
    _start(app)
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.session.hand is not None and scene.session.save.seq >= 1)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    press(app, pygame.K_y)  # "Leave the table?" yes
    return scene


def test_new_table_asks_before_closing_the_saved_one(app: App) -> None:
    old = _saved_table(app)
    start = app.top
    assert isinstance(start, StartScene) and start.can_continue
    assert start.saved.startswith("Saved table: You ")
    press(app, pygame.K_n)
    assert app.top is start and start.asking  # asked, nothing closed
    press(app, pygame.K_RETURN)  # a stray Enter does not answer
    assert app.top is start
    press(app, pygame.K_ESCAPE)  # keep it
    assert app.top is start and not start.asking and app.running
    click(app, "New table")
    click(app, "Yes, new table")
    table = app.top
    assert isinstance(table, TableScene) and table is not old
    assert table.session.hand_number == 0 or table.session.table is not old.session.table
    app.save.close()


def test_continue_still_goes_back_to_the_saved_table(app: App) -> None:
    old = _saved_table(app)
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.save.seq == old.session.save.seq
    app.save.close()


def test_the_title_uses_the_save_files_hand_number(app: App) -> None:
    old = _saved_table(app)
    number = old.session.save.hand_id
    assert number is not None
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    app.step(FRAME)
    assert f"Hand #{number}" in table.model.title
    app.save.close()


def test_a_top_up_reads_you_top_up(app: App) -> None:
    scene = scripted_table(app, stacks=(600, 1000, 1000, 1000))
    app.step(FRAME)
    press(app, pygame.K_b)
    run_until(app, lambda: isinstance(app.top, RebuyScene))
    press(app, pygame.K_RETURN)
    assert any(line == "You top up to 1,000" for line in scene.log)


def test_one_pot_figure_while_bets_are_out(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    run_until(app, lambda: not scene.presenter.busy)
    d = scene.display
    assert d.pot_total > 0
    assert scene.renderer.pot_labels(d) == [f"Pot {d.pot_total:,}"]


def test_a_relaunch_continues_the_session_graph_and_stats(app: App) -> None:
    app.settings = GameSettings(speed=100.0, turn_seconds=1, bank_seconds=0)
    app.save = SaveGame.open()
    _start(app)
    press(app, pygame.K_RETURN)
    first = app.top
    assert isinstance(first, TableScene)
    run_until(app, lambda: first.session.hand_number >= 3 and first.session.hand is None,
              limit=20000)
    played = len(first.session.history)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    press(app, pygame.K_y)  # "Leave the table?" yes
    app.save.close()
    # a new run of the game: a new app, the same save file
    again = App(app.screen, GameSettings(speed=100.0, turn_seconds=1, bank_seconds=0))
    again.save = SaveGame.open()
    _start(again)
    press(again, pygame.K_RETURN)  # Continue
    table = again.top
    assert isinstance(table, TableScene)
    assert len(table.session.history) >= played  # the graph did not start at 0 hands
    assert table.session.history[-1] == table.session.graph_row()
    press(again, pygame.K_ESCAPE)
    press(again, pygame.K_t)
    stats = again.top
    assert isinstance(stats, StatsScene)
    me = next(row for row in stats.session if row[0] == "You")
    assert int(me[1]) >= played - 1  # hands from the first run count in this session
    again.save.close()


def test_a_big_bet_from_the_top_seat_stays_off_its_cards(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    bot(app, scene, 0, ActionKind.CALL)
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.RAISE, 990)  # the top seat: a tall stack of chips
    run_until(app, lambda: not scene.presenter.busy)
    assert scene.display.seats[2].bet == 990
    L = scene.layout
    for amount in (10, 990, 123_456_789):  # up to the tallest stack of chips drawn
        _, where = scene.renderer.bet_chips(L, 2, amount)
        assert not any(where.colliderect(card) for card in L.seats[2].cards)
    _, where = scene.renderer.bet_chips(L, 2, 990)
    assert not any(where.colliderect(card) for card in L.seats[2].cards)


def test_chips_won_fly_to_the_avatar_not_over_the_stack_figure(app: App) -> None:
    scene = scripted_table(app)
    L = scene.layout
    x, y = anchor_pos(L, scene.display, ("seat", 1, 0))
    assert L.seats[1].avatar.collidepoint(x, y)


def test_the_players_hand_strength_shows_live_under_their_cards(app: App) -> None:
    deck = deck_for(0, {0: "Th3c", 1: "8c4d", 2: "9s5d", 3: "AdKc"}, "Td 3s 9h 2c 7h")
    scene = scripted_table(app, deck=deck)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    assert scene.renderer.strength_label(scene.display) == "Ten-Three offsuit"
    press(app, pygame.K_c, unicode="c")  # call, as the player does
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.CHECK)
    run_until(app, lambda: len(scene.display.board) == 3 and not scene.presenter.busy)
    assert scene.renderer.strength_label(scene.display) == "Two Pair, Tens and Threes"
    bot(app, scene, 1, ActionKind.CHECK)
    bot(app, scene, 2, ActionKind.CHECK)
    bot(app, scene, 3, ActionKind.CHECK)
    to_act(app, scene, 0)
    press(app, pygame.K_f, unicode="f")  # a free check: F asks first,
    press(app, pygame.K_f, unicode="f")  # F again folds: nothing to show
    run_until(app, lambda: not scene.presenter.busy)
    assert scene.renderer.strength_label(scene.display) == ""


def test_f1_and_question_mark_open_the_help_and_escape_closes_it(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    help_scene = app.top
    voice = next(x for x in help_scene.sections() if x.title == "Say (voice)")
    assert any(what == "Fold" for what, _ in voice.rows)  # the voice examples
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    press(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    assert isinstance(app.top, HelpScene)
    click(app, "Close")
    assert app.top is scene


def test_the_start_screen_opens_help_too(app: App) -> None:
    start = _start(app)
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    press(app, pygame.K_RETURN)
    assert app.top is start


def test_the_settings_overlay_edits_the_settings_file_values(app: App,
                                                              tmp_path: Path) -> None:
    app.settings_file = tmp_path / "settings.toml"
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_o)
    overlay = app.top
    assert isinstance(overlay, SettingsScene)
    press(app, pygame.K_LEFT)   # voice volume 100% -> 90%
    press(app, pygame.K_DOWN)
    click(app, "row1.left")     # effects volume 70% -> 60%
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # speed 1x -> 1.5x
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # four colours
    click(app, "row4.right")    # push-to-talk on
    click(app, "row5.right")    # its key: V -> G
    click(app, "row6.left")     # its mouse button: middle -> none
    click(app, "row7.right")    # the wake word on
    click(app, "row9.right")    # bots muted
    assert app.voice is None or app.voice.settings.wake_word
    assert app.effects.volume == 0.6 and app.effects.voice_volume == 0.9
    assert scene.session.settings.speed == 1.5 and app.sprites.four_color
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    saved = load_settings(app.settings_file).settings
    assert (saved.voice_volume, saved.effects_volume, saved.speed) == (0.9, 0.6, 1.5)
    assert saved.four_color and saved.voice.bots_muted
    assert (saved.voice.push_to_talk, saved.voice.push_to_talk_key,
            saved.voice.push_to_talk_button, saved.voice.wake_word) == (True, "g", "off", True)


def test_the_pause_menu_opens_the_settings(app: App) -> None:
    scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    click(app, "Settings")
    assert isinstance(app.top, SettingsScene)


def test_sound_effects_follow_the_table(app: App) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    played = app.effects.played
    assert played["card"] >= 4 and played["chips"] >= 1 and played["chime"] == 1
    press(app, pygame.K_c, unicode="c")
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.CHECK)
    run_until(app, lambda: len(scene.display.board) == 3)
    assert played["knock"] == 1 and played["card"] >= 5
    bot(app, scene, 1, ActionKind.BET, 20)
    bot(app, scene, 2, ActionKind.FOLD)
    bot(app, scene, 3, ActionKind.FOLD)
    to_act(app, scene, 0)
    press(app, pygame.K_f, unicode="f")
    run_until(app, lambda: scene.session.hand is None)
    assert played.get("push", 0) + played.get("win", 0) >= 1


def test_the_career_page_sums_up_the_save_file(app: App) -> None:
    app.save = SaveGame.open()
    deck = deck_for(0, {0: "AsAd", 1: "8c4d", 2: "9c5d", 3: "Qc6h"}, "Kh 7c 2d Js 3h")
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9, save=app.save))
    scene.next_deck = deck
    app.replace_all(scene)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    press(app, pygame.K_c, unicode="c")
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.CHECK)
    for _ in range(3):  # flop, turn, river: everyone checks
        for seat in (1, 2, 3):
            bot(app, scene, seat, ActionKind.CHECK)
        to_act(app, scene, 0)
        press(app, pygame.K_c, unicode="c")
    run_until(app, lambda: scene.session.hand is None)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    press(app, pygame.K_y)  # "Leave the table?" yes
    press(app, pygame.K_k)
    page = app.top
    assert isinstance(page, CareerScene)
    c = page.figures
    assert (c.sessions, c.hands, c.hands_won, c.biggest_pot) == (1, 1, 1, 40)
    assert c.net == 30 and c.best_hand.startswith("One Pair, Aces")
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, StartScene)
    app.save.close()


def test_bot_faces_follow_the_table(app: App) -> None:
    deck = deck_for(0, {0: "7h2c", 1: "KsKd", 2: "9s5d", 3: "QcQd"}, "Kh 8d 3s 4c 2h")
    scene = scripted_table(app, stacks=(1000, 1000, 1000, 300), deck=deck)
    run_until(app, lambda: scene.loop.acting() == 3)
    app.step(FRAME)
    assert scene.moods.face(3, thinking=True) == "thinking"
    bot(app, scene, 3, ActionKind.ALLIN)
    run_until(app, lambda: not scene.presenter.busy)
    assert scene.moods.face(3) == "allin"
    to_act(app, scene, 0)
    press(app, pygame.K_f, unicode="f")
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.FOLD)
    run_until(app, lambda: scene.moods.face(1) == "pleased")  # the pot is pushed to seat 2
    assert scene.moods.face(3) == "annoyed"
    assert scene.moods.face(0) == ""  # the player's own face is theirs
    drawn = {pygame.image.tobytes(app.sprites.avatar(1, 48, "V", f), "RGBA") for f in
             ("", "pleased", "annoyed", "allin", "thinking")}
    assert len(drawn) == 5  # five different faces
    app.step(10.0)  # the moment passes
    assert scene.moods.face(1) == ""


def test_the_first_run_walkthrough_follows_a_hand_and_is_remembered(
        app: App, tmp_path: Path) -> None:
    app.settings_file = tmp_path / "settings.toml"
    scene = scripted_table(app)
    app.step(FRAME)
    tour = scene.tour
    assert tour is not None and tour.step == 0
    press(app, pygame.K_TAB)  # Next
    assert tour.step == 1  # waits for the player's turn
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    assert tour.step == 2 and "Your turn" in (tour.tip.text if tour.tip else "")
    press(app, pygame.K_c, unicode="c")
    assert tour.step == 3
    bot(app, scene, 1, ActionKind.FOLD)
    bot(app, scene, 2, ActionKind.CHECK)
    for _ in range(3):  # flop, turn, river: checked through
        bot(app, scene, 2, ActionKind.CHECK)
        bot(app, scene, 3, ActionKind.CHECK)
        to_act(app, scene, 0)
        press(app, pygame.K_c, unicode="c")
    run_until(app, lambda: tour.step == 4)
    click(app, "tour.next")
    assert scene.tour is None and app.settings.walkthrough_done
    assert load_settings(app.settings_file).settings.walkthrough_done
    again = scripted_table(app)
    assert again.tour is None  # not shown twice


def test_the_walkthrough_can_be_skipped(app: App) -> None:
    scene = scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_x)
    assert scene.tour is None and app.settings.walkthrough_done


def test_the_bots_needle_a_slow_player_only_once_they_have_acted(app: App) -> None:
    from bots.chatter import LongThink
    from game.table.loop import LONG_THINK

    scene = scripted_table(app)
    scene.tour = None
    told: list[list[object]] = []

    class Spy:  # the table scene as the loop's listener, with its chat recorded
        def __getattr__(self, name: str) -> Any:
            return getattr(scene, name)

        def chat(self, facts: list[Any]) -> None:
            told.append(list(facts))
            scene.chat(facts)

    scene.loop.out = Spy()  # type: ignore[assignment]
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    for _ in range(int((LONG_THINK + 2) / 0.25)):  # a long think, still the player's turn
        app.step(0.25)
    assert scene.session.hand is not None and scene.session.hand.to_act == 0
    assert not any(isinstance(f, LongThink) for facts in told for f in facts)
    press(app, pygame.K_c, unicode="c")
    assert any(isinstance(f, LongThink) for facts in told for f in facts)


def test_the_window_is_shown_without_opengl_unless_the_player_says_otherwise() -> None:
    """SDL's GL texture path loaded Mesa's LLVM (60 MB) under Xvfb for each frame's copy."""
    from game.__main__ import display_hints

    environ: dict[str, str] = {}
    display_hints(environ)
    assert environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    mine = {"SDL_FRAMEBUFFER_ACCELERATION": "opengl"}
    display_hints(mine)
    assert mine["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"
