"""Issue 22: the live hand-history folder. Each finished hand is appended, in the same save
step, to a PokerStars file per table and day that pokerkit's own PokerStars parser reads
and replays; a folder that can't be written is told once and play goes on saving."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import signal
import subprocess
import sys
import warnings
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pokerkit import HandHistory

from engine.actions import ActionKind
from engine.cards import card_str
from game.__main__ import main
from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.records import histories
from game.records.histories import HistoryWriter, file_stem, history_folder
from game.records.stats import stats_json
from game.settings.file import parse_settings, settings_toml
from game.settings.model import GameSettings
from game.table.session import TableSession
from tests.game.saved import new_session, play_hands

ROOT = Path(__file__).resolve().parents[2]
NOON_UTC = datetime(2026, 11, 25, 15, 0, 0, tzinfo=UTC)
HAND = re.compile(r"^PokerStars Hand #(\d+):", re.MULTILINE)


def folder_hands(folder: Path) -> list[int]:
    """Hand numbers in the folder's PokerStars files, in file order."""
    return [int(m) for path in sorted(folder.glob("HH*.txt"))
            for m in HAND.findall(path.read_text(encoding="utf-8"))]


def archived_game(tmp_path: Path, *, phh: bool = False) -> tuple[Store, SaveGame, Path]:
    folder = tmp_path / "hand-histories"
    store = Store.open(tmp_path / DB_NAME, durable=False, clock=lambda: NOON_UTC)
    return store, SaveGame.open(store, archive=HistoryWriter(folder, phh=phh)), folder


def play_one(session: TableSession, rng: random.Random) -> None:
    from tests.game.test_store import choose
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while (legal := hand.legal()) is not None:
        session.submit(choose(rng, legal))
    session.end_hand()


def test_each_finished_hand_is_in_the_folder_when_its_save_step_ends(tmp_path: Path) -> None:
    store, save, folder = archived_game(tmp_path)
    session = new_session(save)
    rng = random.Random(3)
    before = b""
    for played in range(1, 13):
        play_one(session, rng)
        assert folder_hands(folder) == [h.id for h in store.hands()]
        assert len(folder_hands(folder)) == played
        (path,) = folder.glob("HH*.txt")
        now = path.read_bytes()
        assert now.startswith(before)  # only ever appended to, never rewritten
        before = now
    assert path.name == f"HH{NOON_UTC.astimezone():%Y%m%d} Hold'em - 5-10 - No Limit Hold'em.txt"
    save.close()


def test_the_file_name_follows_the_sites_pattern_per_table_and_day(tmp_path: Path) -> None:
    store, save, _ = archived_game(tmp_path)
    play_hands(new_session(save), 1)
    record = store.hands()[0]
    assert re.fullmatch(r"HH\d{8} Hold'em - 5-10 - No Limit Hold'em", file_stem(record))
    odd = type(record)(**{**{f: getattr(record, f) for f in record.__slots__},
                          "table_name": 'a/b:c*"d"'})
    assert "/" not in file_stem(odd) and ":" not in file_stem(odd)
    save.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Path]]:
    """120 hands of random play (plenty of all-ins and showdowns) with the folder on."""
    tmp = tmp_path_factory.mktemp("folder")
    store, save, folder = archived_game(tmp, phh=True)
    play_hands(new_session(save), 120, seed=9)
    yield store, folder
    save.close()


def pokerkit_nets(text: str) -> tuple[int, Counter[str]]:
    """Hands pokerkit's PokerStars parser read and replayed to the end, and each
    player's net chips over them."""
    net: Counter[str] = Counter()
    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about fields it does not know
        for hh in HandHistory.from_pokerstars(text, error_status=True):
            final = list(hh)[-1]
            assert not final.status, "pokerkit says the hand is not over"
            assert hh.players is not None
            for player, start, end in zip(hh.players, hh.starting_stacks, final.stacks,
                                          strict=True):
                net[player] += end - start
            count += 1
    return count, net


def test_pokerkit_parses_and_replays_every_hand_to_the_stats_net(
        played: tuple[Store, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    store, folder = played
    (path,) = folder.glob("HH*.txt")
    count, net = pokerkit_nets(path.read_text(encoding="utf-8"))
    assert count == len(store.hands()) == 120
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(store.path.parent))
    assert main(["stats", "--json"]) == 0  # what `holdem stats --json` prints
    players = json.loads(capsys.readouterr().out)["players"]["all_time"]
    assert players == stats_json(store)["players"]["all_time"]
    assert dict(net) == {name: p["net"] for name, p in players.items()}


def test_the_phh_file_beside_it_replays_in_pokerkit(played: tuple[Store, Path]) -> None:
    _, folder = played
    (path,) = folder.glob("HH*.phhs")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hands = list(HandHistory.loads_all(path.read_text(encoding="utf-8")))
        assert len(hands) == 120
        assert all(not list(hh)[-1].status for hh in hands)


def test_only_the_players_own_hole_cards_and_shown_cards_appear(
        played: tuple[Store, Path]) -> None:
    store, folder = played
    (path,) = folder.glob("HH*.txt")
    blocks = path.read_text(encoding="utf-8").split("\n\n\n")
    records = {h.id: h for h in store.hands()}
    for block in filter(None, blocks):
        record = records[int(HAND.findall(block)[0])]
        state = record.replay()
        shown = {e.seat for e in state.showdown if not e.mucked}
        dealt = re.findall(r"^Dealt to (.+) \[", block, re.MULTILINE)
        assert dealt == (["You"] if record.config.players[0] else []), block
        named = {c for group in re.findall(r"\[([^\]]+)\]", block) for c in group.split()}
        for seat, hole in enumerate(state.hole):
            if hole is None or seat == 0 or seat in shown:
                continue
            for card in hole:  # nobody else's unshown card, unless it is on the board
                assert card_str(card) not in named or card in state.board, block


def test_a_killed_game_has_its_last_finished_hand_in_both_the_save_and_the_folder(
        tmp_path: Path) -> None:
    script = """
import sys, time
from pathlib import Path
from game.persistence.saving import SaveGame
from game.persistence.store import Store
from game.records.histories import HistoryWriter
from tests.game.saved import new_session, play_hands
store = Store.open(sys.argv[1])
save = SaveGame.open(store, archive=HistoryWriter(Path(sys.argv[2])))
play_hands(new_session(save), 7)
print(store.last_complete_hand_id(), flush=True)
time.sleep(60)
"""
    db, folder = tmp_path / DB_NAME, tmp_path / "hh"
    child = subprocess.Popen([sys.executable, "-c", script, str(db), str(folder)], cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)},
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        last = int(child.stdout.readline())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    with Store.open(db) as store:
        saved = [h.id for h in store.hands()]
    assert len(saved) == 7 and saved[-1] == last
    assert folder_hands(folder) == saved


def test_hands_saved_but_not_yet_in_the_folder_are_written_at_the_next_start(
        tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    store = Store.open(tmp_path / DB_NAME, durable=False)
    session = new_session(SaveGame(store, archive=HistoryWriter(folder)))
    play_hands(session, 2)
    session.save.archive = None
    play_hands(session, 3)  # as if killed before the folder write, or the folder failed
    saved = [h.id for h in store.hands()]
    save = SaveGame.open(store, archive=HistoryWriter(folder))
    assert folder_hands(folder) == saved
    save.close()
    store = Store.open(tmp_path / DB_NAME, durable=False)
    save = SaveGame.open(store, archive=HistoryWriter(folder))
    assert folder_hands(folder) == saved  # none written twice
    save.close()


# ------------------------------------------------------------------- settings


def test_settings_turn_the_folder_off_or_point_it_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    assert history_folder(GameSettings()) == tmp_path / "hand-histories"
    off, problems = parse_settings({"histories": {"write": False}})
    assert problems == [] and history_folder(off) is None
    assert HistoryWriter.for_settings(off) is None
    other, _ = parse_settings({"histories": {"folder": "~/tracker", "phh": True}})
    writer = HistoryWriter.for_settings(other)
    assert writer is not None and writer.phh
    assert writer.folder == Path("~/tracker").expanduser()
    relative, _ = parse_settings({"histories": {"folder": "mine"}})
    assert history_folder(relative) == tmp_path / "mine"
    bad, problems = parse_settings({"histories": {"write": "yes"}})
    assert bad.hand_histories and "histories.write" in problems[0]
    text = settings_toml(other)
    assert '[histories]\nwrite = true\nfolder = "~/tracker"\nphh = true' in text


# ------------------------------------------------------------------ bad input


def play_with_a_bad_folder(tmp_path: Path, folder: Path, hands: int = 5) -> SaveGame:
    store = Store.open(tmp_path / DB_NAME, durable=False)
    save = SaveGame.open(store, archive=HistoryWriter(folder))
    session = new_session(save)
    rng = random.Random(4)
    for _ in range(hands):
        play_one(session, rng)
    assert len(store.hands()) == hands  # the save file kept every hand
    assert save.active and save.trouble is None
    return save


def test_a_file_where_the_folder_should_be_is_told_once_and_play_goes_on(
        tmp_path: Path) -> None:
    folder = tmp_path / "hand-histories"
    folder.write_text("not a folder")
    save = play_with_a_bad_folder(tmp_path, folder)
    told = [n for n in save.take_notices() if "Hand histories" in n]
    assert len(told) == 1
    assert "a file is in the way" in told[0] and "still kept in the save file" in told[0]
    assert folder.read_text() == "not a folder"
    save.close()


def test_a_read_only_folder_is_told_once_and_writing_resumes_when_it_can(
        tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() == 0:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs",
                               str(folder)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip("running as root without mount rights: no read-only folder")
    else:
        folder.chmod(0o500)
    try:
        save = play_with_a_bad_folder(tmp_path, folder)
        told = [n for n in save.take_notices() if "Hand histories" in n]
        assert len(told) == 1 and "read-only" in told[0]
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", "-l", str(folder)], check=False)
        else:
            folder.chmod(0o700)
    play_one(new_session(save), random.Random(1))
    assert save.take_notices() == [
        f"Hand histories are written to {folder} again (5 waiting hands written)."]
    assert save.store is not None
    assert folder_hands(folder) == [h.id for h in save.store.hands()]
    assert len(folder_hands(folder)) == 6
    save.close()


def test_a_full_disk_leaves_no_half_hand_in_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "hh"
    store, save = Store.open(tmp_path / DB_NAME, durable=False), None
    save = SaveGame.open(store, archive=HistoryWriter(folder))
    session = new_session(save)
    rng = random.Random(6)
    play_one(session, rng)
    (path,) = folder.glob("HH*.txt")
    whole = path.read_bytes()
    real_write = os.write

    def half_then_full(fd: int, data: bytes | memoryview) -> int:
        if len(data) > 100:
            return real_write(fd, bytes(data)[:len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(histories.os, "write", half_then_full)
    for _ in range(3):
        play_one(session, rng)
    monkeypatch.undo()
    assert path.read_bytes() == whole  # the half-written hands were cut back off
    told = [n for n in save.take_notices() if "Hand histories" in n]
    assert len(told) == 1 and "the disk is full" in told[0]
    assert len(store.hands()) == 4
    save.close()


def test_a_real_full_disk_keeps_saving_to_the_database(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(disk)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("can't mount a small tmpfs here")
    try:
        save = play_with_a_bad_folder(tmp_path, disk / "hh", hands=30)
        told = [n for n in save.take_notices() if "Hand histories" in n]
        assert len(told) == 1 and "the disk is full" in told[0]
        text = "".join(p.read_text(encoding="utf-8") for p in (disk / "hh").glob("HH*.txt"))
        count, _ = pokerkit_nets(text)  # every hand in it is whole
        assert 0 < count == len(folder_hands(disk / "hh")) < 30
        save.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_folds_are_written_as_the_site_writes_them(played: tuple[Store, Path]) -> None:
    store, folder = played
    text = next(folder.glob("HH*.txt")).read_text(encoding="utf-8")
    folds = sum(1 for h in store.hands() for a in h.actions if a.kind is ActionKind.FOLD)
    assert text.count(": folds\n") == folds


def test_the_help_says_where_the_files_are(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.help.content import hand_histories
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    said = hand_histories(GameSettings())
    assert str(tmp_path / "hand-histories") in said and "HH*.txt" in said
    assert "Sit & Go has one file per tournament and a TS*.txt summary" in said
    assert "tracker" in said
    assert "off" in hand_histories(GameSettings(hand_histories=False))


@pytest.mark.slow
def test_the_game_writes_the_folder_its_settings_name(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text('[histories]\nfolder = "tracker"\n')
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOLDEM_DATA_DIR": str(tmp_path),
           "HOLDEM_CONFIG_DIR": str(config)}
    subprocess.run([sys.executable, "-m", "game", "--autoplay", "4", "--seed", "3",
                    "--headless", "--fps", "0", "--size", "960x540"], cwd=ROOT, env=env,
                   capture_output=True, text=True, timeout=120, check=True)
    with Store.open_read_only(tmp_path / DB_NAME) as store:
        saved = [h.id for h in store.hands()]
    assert len(saved) == 4
    assert folder_hands(tmp_path / "tracker") == saved
    assert not (tmp_path / "hand-histories").exists()


def test_a_fault_in_the_folder_writer_never_stops_play_or_saving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(record: object, **options: object) -> str:
        raise KeyError("a bug")
    monkeypatch.setattr(histories, "pokerstars_hand", broken)
    save = play_with_a_bad_folder(tmp_path, tmp_path / "hh", hands=3)
    assert folder_hands(tmp_path / "hh") == []
    save.close()


def test_heads_up_hands_replay_in_pokerkit_too(tmp_path: Path) -> None:
    store, save, folder = archived_game(tmp_path)
    session = TableSession.create(GameSettings(), ("You", "Shark"), random.Random(3),
                                  save=save, bots={1: "shark"}, human_auto_rebuy=True)
    play_hands(session, 60, seed=4)
    (path,) = folder.glob("HH*.txt")
    count, net = pokerkit_nets(path.read_text(encoding="utf-8"))
    assert count == len(store.hands()) == 60
    assert dict(net) == {n: p["net"] for n, p in stats_json(store)["players"]["all_time"].items()}
    save.close()
