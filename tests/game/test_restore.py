"""Issue 22, part 2: a damaged save gets back every finished hand the hand-history folder
still holds (stats, career, replayer and exports count them), the player is told in
numbers where each came from, a hand the engine can't replay is named and left out
whole, and the save file is trusted over the folder."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.records.career import career_of
from game.records.export import export_session
from game.records.histories import HistoryWriter
from game.records.stats import stats_json
from game.records.steps import steps
from tests.game.saved import new_session, play_hands

TOLD = re.compile(r"(\d+) hands? from the save file and (\d+) from the hand histories; "
                  r"(?:no hand was lost|(\d+) hands? could not be read)")


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """A data folder with a checkpointed save of 80 hands and their hand histories, and
    what the save says (results, stats, the PokerStars export)."""
    data = tmp_path_factory.mktemp("played")
    store = Store.open(data / DB_NAME)
    save = SaveGame.open(store, archive=HistoryWriter(data / "hand-histories"))
    play_hands(new_session(save), 80, seed=11)
    facts = {"results": {h.id: h.result for h in store.hands()},
             "stats": stats_json(store)["players"]["all_time"],
             "export": export_session(store, None, "pokerstars")}
    save.close()
    conn = sqlite3.connect(data / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    yield data, facts


def damaged(original: Path, into: Path, change: Any) -> Path:
    """A copy of the data folder whose save file ``change`` damages."""
    for path in original.rglob("*"):
        if path.is_file() and not path.name.endswith((".lock", "-wal", "-shm")):
            target = into / path.relative_to(original)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    db = into / DB_NAME
    db.write_bytes(change(db.read_bytes()))
    return into


def cut_in_half(original: Path, tmp_path: Path) -> tuple[Path, Path, str]:
    """A copy with its save cut in half: the folder, its PokerStars file and its text."""
    folder = damaged(original, tmp_path / "cut", lambda b: b[:len(b) // 2])
    (path,) = (folder / "hand-histories").glob("HH*.txt")
    return folder, path, path.read_text(encoding="utf-8")


def reopen(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[SaveGame, str]:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(folder))
    save = SaveGame.open(archive=HistoryWriter(folder / "hand-histories"))
    assert save.active and save.store is not None
    told = " ".join(save.take_notices())
    return save, told


def told_numbers(told: str) -> tuple[int, int, int]:
    found = TOLD.search(told)
    assert found, told
    return int(found[1]), int(found[2]), int(found[3] or 0)


def test_a_save_cut_in_half_with_the_folder_intact_loses_no_finished_hand(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data, facts = original
    folder = damaged(data, tmp_path / "cut", lambda b: b[:len(b) // 2])
    save, told = reopen(folder, monkeypatch)
    store = save.store
    assert store is not None
    from_save, from_folder, lost = told_numbers(told)
    assert "Recovered the table and its stacks" in told
    assert lost == 0 and from_save > 0 and from_folder > 0
    assert from_save + from_folder == len(facts["results"]) == 80
    hands = store.hands()
    assert {h.id: h.result for h in hands} == facts["results"]  # every hand, exactly
    assert stats_json(store)["players"]["all_time"] == facts["stats"]
    assert export_session(store, None, "pokerstars") == facts["export"]
    assert all(steps(h) for h in hands)  # the replayer steps through each
    career = career_of(hands, len(store.sessions()), "You")
    assert career.hands == sum(1 for h in hands if h.config.players[0])
    assert store.integrity_check() == []
    save.close()


def test_the_save_file_is_trusted_over_the_folder(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data, facts = original
    folder, path, text = cut_in_half(data, tmp_path)
    path.write_text(text.replace("Seat 2: Shark (", "Seat 2: Impostor (", 1), encoding="utf-8")
    save, _ = reopen(folder, monkeypatch)
    assert save.store is not None
    first = save.store.hand(1)
    assert first.config.names is not None and first.config.names[1] == "Shark"
    assert first.result == facts["results"][1]
    save.close()


def test_a_hand_the_engine_cannot_replay_is_named_and_not_imported_half(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data, facts = original
    folder, path, text = cut_in_half(data, tmp_path)
    last = max(facts["results"])
    at = text.index(f"PokerStars Hand #{last}:")
    hand = text[at:]
    broken = re.sub(r": (calls|bets) (\d+)", lambda m: f": {m[1]} {int(m[2]) + 1}", hand,
                    count=1)
    assert broken != hand
    path.write_text(text[:at] + broken, encoding="utf-8")
    save, told = reopen(folder, monkeypatch)
    assert save.store is not None
    from_save, from_folder, lost = told_numbers(told)
    assert lost == 1 and from_save + from_folder == 79
    assert f"Hand {last} in the hand histories could not be replayed; it was not imported" \
        in told
    with pytest.raises(KeyError):
        save.store.hand(last)
    assert save.store._conn.execute("SELECT count(*) FROM actions WHERE hand_id = ?",
                                    (last,)).fetchone()[0] == 0
    save.close()


def test_a_save_with_nothing_readable_gets_every_hand_from_the_folder(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data, facts = original
    folder = damaged(data, tmp_path / "gone",  # the schema's page and a leaf of hands
                     lambda b: bytes(4096) + b[4096:40960] + bytes(4096) + b[45056:])
    save, told = reopen(folder, monkeypatch)
    store = save.store
    assert store is not None
    assert "The save file's table could not be read; a new table starts." in told
    from_save, from_folder, lost = told_numbers(told)
    assert from_save + from_folder == 80 and lost == 0 and from_folder > 0
    assert {h.id: h.result for h in store.hands()} == facts["results"]
    assert stats_json(store)["players"]["all_time"] == facts["stats"]
    table, _ = save.peek()
    assert table is None or not any(table.seats)  # a new table is needed
    save.close()


def test_without_a_folder_the_message_is_the_save_files_alone(
        original: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    data, _ = original
    folder = damaged(data, tmp_path / "cut", lambda b: b[:len(b) // 2])
    with Store.open(folder / DB_NAME) as store:
        assert "from the hand histories" not in store.notices[0]
        assert re.search(r"and \d+ hands; \d+ hands could not be read", store.notices[0])


def test_stats_on_a_damaged_save_count_the_hands_from_the_folder_and_change_nothing(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.__main__ import main
    data, facts = original
    folder, _, _ = cut_in_half(data, tmp_path)
    before = sorted(p.name for p in folder.iterdir())
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(folder))
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(tmp_path / "config"))
    assert main(["stats", "--json"]) == 0
    out, err = capsys.readouterr()
    assert told_numbers(err)[2] == 0
    shown = json.loads(out)
    assert shown["hands"]["recorded"] == 80
    assert shown["players"]["all_time"] == facts["stats"]
    assert sorted(p.name for p in folder.iterdir()) == before


def test_every_hand_in_the_folder_rebuilds_to_the_result_the_save_stored(
        original: tuple[Path, dict[str, Any]]) -> None:
    from game.records.restore import folder_hands
    from game.records.stars_reader import Placement, rebuild
    data, facts = original
    hands = folder_hands(data / "hand-histories")
    assert sorted(hands) == sorted(facts["results"])
    for number, hand in hands.items():
        record = rebuild(hand, Placement(session_id=1, table_id=1, number=number, table=None))
        assert record.result == facts["results"][number]
        assert record.replay().finished


def test_a_torn_last_hand_and_garbage_files_in_the_folder_are_named_not_fatal(
        original: tuple[Path, dict[str, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data, facts = original
    folder, path, text = cut_in_half(data, tmp_path)
    last = max(facts["results"])
    path.write_text(text[:text.index(f"PokerStars Hand #{last}:") + 300], encoding="utf-8")
    (path.parent / "HH20261301 junk.txt").write_bytes(
        b"PokerStars Hand #999:  Hold'em No Limit (5/10) - 2026/13/45 99:99:99 ET\n\xff\xfe")
    (path.parent / "HH20261302 junk.txt").write_bytes(b"\x00" * 5000)
    save, told = reopen(folder, monkeypatch)
    from_save, from_folder, lost = told_numbers(told)
    assert from_save + from_folder == 79 and lost == 2  # the torn hand and 999 (junk)
    assert f"Hands {last}, 999 in the hand histories could not be replayed" in told
    save.close()
