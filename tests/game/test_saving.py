"""The game and its save file: start-up (corrupt, read-only, locked), every action
journaled through the table session, and an interrupted hand resumed at the table."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, HandStatus, Store, data_dir
from game.scenes.save_trouble import SaveTroubleScene
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.model import GameSettings
from tests.game.helpers import FRAME, press, run_until
from tests.game.saved import new_session, play_hands, saved_store


def _start(app: App) -> StartScene:
    """The start screen, at a pace where the player's clock runs out in a second (the
    clock counts real seconds, whatever the speed: 60 frames)."""
    app.settings = GameSettings(speed=100.0, turn_seconds=1, bank_seconds=0)
    scene = StartScene(app, seed=5)
    app.push(scene)
    app.step(FRAME)
    return scene


def test_a_corrupt_save_is_moved_aside_and_the_player_told(app: App) -> None:
    folder = data_dir()
    folder.mkdir(parents=True)
    (folder / DB_NAME).write_bytes(b"not a database at all" * 100)
    app.save = SaveGame.open()
    assert app.save.active
    scene = _start(app)
    assert "could not be used" in scene.notice and "moved to holdem.sqlite3.corrupt-" \
        in scene.notice
    assert list(folder.glob(DB_NAME + ".corrupt-*"))
    app.save.close()


@pytest.mark.parametrize("where", ["under-a-file", "proc"])
def test_a_save_folder_that_cannot_be_written_plays_unsaved_with_a_warning(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    if where == "proc":
        monkeypatch.setenv("HOLDEM_DATA_DIR", "/proc/holdem-save")
    else:
        (tmp_path / "file").write_text("")
        monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path / "file" / "data"))
    app.save = SaveGame.open()
    assert not app.save.active
    scene = _start(app)
    assert "playing on without saving" in scene.notice
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    run_until(app, lambda: table.session.hand_number >= 2)  # the game plays on


def test_a_second_game_on_the_same_save_plays_unsaved(app: App) -> None:
    first = SaveGame.open()
    second = SaveGame.open()
    assert first.active and not second.active
    assert "Another Hold'em game is using the save file" in second.take_notices()[0]
    first.close()
    third = SaveGame.open()  # the lock goes with the game that held it
    assert third.active
    third.close()


def test_a_game_in_another_process_holds_the_save_until_it_is_killed() -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from game.persistence.saving import SaveGame; "
         "g = SaveGame.open(); print('held' if g.active else 'no', flush=True); "
         "time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        second = SaveGame.open()
        assert not second.active
        assert "Another Hold'em game is using the save file" in second.take_notices()[0]
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    third = SaveGame.open()  # the killed game's lock went with its process
    assert third.active
    third.close()


def test_every_action_hand_rebuy_and_sit_out_reaches_the_save(tmp_path: Path) -> None:
    store = Store.open(tmp_path / DB_NAME)
    save = SaveGame(store)
    session = new_session(save)
    play_hands(session, 4)
    session.set_sitting_out(0, True)
    seat = next(i for i, s in enumerate(session.stacks()) if s < 1000)
    session.add_chips(seat, 1000 - session.stacks()[seat])
    table = store.load_table()
    assert table is not None
    assert [p.stack if p else 0 for p in table.seats] == list(session.stacks())
    assert table.seats[0] is not None and table.seats[0].sitting_out
    assert store.ledger()[-1].kind.value in ("rebuy", "top_up")
    hands = store.hands()
    assert len(hands) == 4 and all(r.replay().finished for r in hands)
    assert store.integrity_check() == [] and save.take_notices() == []
    store.close()


def _disk_full(store: Store) -> None:
    """No page can be added to the file any more (SQLITE_FULL on the next growth)."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")


def _space_returns(store: Store) -> None:
    store._conn.execute("PRAGMA max_page_count = 1073741823")


def test_a_full_disk_pauses_at_the_hand_break_and_try_again_writes_every_hand(
        app: App) -> None:
    app.save = SaveGame.open()
    _start(app)
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene)
    store = app.save.store
    assert store is not None
    _disk_full(store)
    run_until(app, lambda: isinstance(app.top, SaveTroubleScene))
    dialog = app.top
    assert isinstance(dialog, SaveTroubleScene)
    assert "disk is full" in dialog.note and "kept in memory" in dialog.note
    number = scene.session.hand_number
    for _ in range(300):  # paused at the hand break: no hand is dealt meanwhile
        app.step(FRAME)
    assert scene.session.hand_number == number and scene.session.hand is None
    press(app, pygame.K_RETURN)  # try again: still full
    assert app.top is dialog and dialog.note.startswith("Still failing")
    _space_returns(store)
    press(app, pygame.K_RETURN)
    assert app.top is scene and app.save.pending == [] and app.save.trouble is None
    assert len(store.hands()) == number and store.integrity_check() == []
    run_until(app, lambda: scene.session.hand_number > number + 1)  # and play goes on
    assert scene.session.chips_accounted()


def test_play_on_without_saving_keeps_the_hands_and_writes_them_when_space_returns(
        tmp_path: Path) -> None:
    store = Store.open(tmp_path / DB_NAME)
    save = SaveGame(store)
    session = new_session(save)
    play_hands(session, 2)
    _disk_full(store)
    play_hands(session, 30, seed=3)
    assert save.needs_decision and save.pending_hands > 0
    assert len(store.hands()) < 32
    save.play_on()
    play_hands(session, 3, seed=4)
    assert not save.needs_decision  # no more pauses, the writes still wait
    _space_returns(store)
    play_hands(session, 1, seed=5)  # retried by itself at the hand's end
    assert save.pending == [] and save.trouble is None
    assert any("Saving works again" in n for n in save.take_notices())
    assert [h.number for h in store.hands()] == list(range(1, 37))
    table = store.load_table()
    assert table is not None and [p.stack if p else 0 for p in table.seats] == list(
        session.stacks())
    assert store.integrity_check() == []
    save.close()


def test_hands_still_unwritten_at_exit_are_counted_for_the_player(tmp_path: Path) -> None:
    store = Store.open(tmp_path / DB_NAME)
    save = SaveGame(store)
    session = new_session(save)
    play_hands(session, 2)
    _disk_full(store)
    play_hands(session, 30, seed=3)
    waiting = save.pending_hands
    saved = len(store.hands())
    save.close()
    told = save.take_notices()
    assert any(f"{waiting} hands played since could not be saved" in n for n in told)
    with Store.open(tmp_path / DB_NAME) as again:  # the file kept its last good state
        assert len(again.hands()) == saved and again.integrity_check() == []


def test_an_interrupted_hand_resumes_at_the_table_and_is_recorded_once(app: App) -> None:
    path = saved_store(data_dir(), hands=3, stop_after=2)
    app.save = SaveGame.open()
    start = _start(app)
    assert start.can_continue
    assert "resumes exactly where it stopped, with 2 actions replayed" in start.notice
    press(app, pygame.K_RETURN)  # Continue
    scene = app.top
    assert isinstance(scene, TableScene)
    hand = scene.session.hand
    assert hand is not None and not hand.finished
    assert any("resumes exactly where it stopped" in line for line in scene.log)
    assert scene.display.seats[0].cards is not None  # the picture caught up
    run_until(app, lambda: scene.session.hand_number >= 3, limit=20000)
    app.save.close()
    with Store.open(path) as store:
        records = store.hands()
        assert [r.number for r in records] == list(range(1, len(records) + 1))
        fourth = records[3]
        assert len(fourth.actions) > 2 and fourth.status is HandStatus.COMPLETE
        assert store.integrity_check() == []


def test_a_hand_that_cannot_be_resumed_is_voided_and_the_player_told(app: App) -> None:
    path = saved_store(data_dir(), hands=2, stop_after=1)
    with sqlite3.connect(path) as conn:  # the hand's start no longer matches the table
        conn.execute("UPDATE seats SET stack = stack + 10, bought_in = bought_in + 10 "
                     "WHERE seat = 1")
        conn.execute("INSERT INTO ledger (table_id, seat, name, kind, amount, at) "
                     "VALUES (1, 1, 'Shark', 'top_up', 10, 'now')")
    app.save = SaveGame.open()
    start = _start(app)
    assert "could not be resumed" in start.notice and "back to what it was" in start.notice
    app.save.close()
    with Store.open(path) as store:
        assert len(store.hands(status=HandStatus.VOIDED)) == 1
        assert store.integrity_check() == []


def test_leaving_mid_hand_then_continuing_picks_the_hand_up_again(app: App) -> None:
    app.save = SaveGame.open()
    _start(app)
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.session.hand is not None and scene.session.save.seq >= 1)
    seq = scene.session.save.seq
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)  # leave table
    press(app, pygame.K_y)  # "Leave the table?" yes
    start = app.top
    assert isinstance(start, StartScene) and start.can_continue
    assert "Your seat is saved" in start.notice
    press(app, pygame.K_RETURN)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    assert again.session.hand is not None and again.session.save.seq == seq
    app.save.close()
