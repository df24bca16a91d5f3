"""Issue 37: a Sit & Go's hands go everywhere a cash hand goes. One hand numbering across
the cash table's save and the Sit & Go's; ``holdem export --all`` (and ``--cash``,
``--tournament``) in both formats; the tournament's own file in the hand-history folder
and its summary beside it; the replayer; stats; a damaged Sit & Go save rebuilt from
the folder."""

from __future__ import annotations

import re
import shutil
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from pokerkit import HandHistory, PokerStarsParser

from game.__main__ import main
from game.persistence.numbering import SITNGO_DB
from game.persistence.saving import SaveGame
from game.persistence.sitngo import open_save
from game.persistence.store import DB_NAME, Store
from game.records.export import pokerstars_hand
from game.records.histories import HISTORY_FOLDER, HistoryWriter
from game.records.library import Library
from game.records.restore import folder_hands
from game.settings.model import GameSettings
from game.table.sitngo import seat_sit_and_go
from tests.game.saved import new_session, play_hands
from tests.game.test_sitngo_records import WithAntes, play

TOURNAMENT_FILE = "HH* T1 No Limit Hold'em Freeroll.txt"


def cash_hands(data: Path, count: int, seed: int) -> None:
    """``count`` hands at a new cash table, written to the hand-history folder too."""
    store = Store.open(data / DB_NAME, durable=False)
    save = SaveGame.open(store, archive=HistoryWriter(data / HISTORY_FOLDER))
    play_hands(new_session(save, seed), count, seed=seed)
    save.close()


def sit_and_go(data: Path, seed: int, hands: int = 1000) -> None:
    """An autoplayed Turbo Sit & Go in ``data`` (to its end, or ``hands`` hands)."""
    seated, notices, _ = seat_sit_and_go(GameSettings(), seed, speed="turbo", autoplay=True,
                                         folder=data)
    assert not [n for n in notices if "can't" in n]
    play(seated, hands)
    seated.session.save.close()


def checkpointed(data: Path) -> None:
    for name in (DB_NAME, SITNGO_DB):
        conn = sqlite3.connect(data / name)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Cash hands, a whole Sit & Go, more cash hands: one data folder."""
    folder = tmp_path_factory.mktemp("everything")
    cash_hands(folder, 3, seed=3)
    sit_and_go(folder, seed=4)
    cash_hands(folder, 2, seed=5)
    checkpointed(folder)
    return folder


def ids(path: Path) -> list[int]:
    with Store.open(path) as store:
        return [r.id for r in store.hands(status=None)]


def test_cash_and_sit_and_go_hand_numbers_never_collide_and_follow_play(data: Path) -> None:
    cash, sng = ids(data / DB_NAME), ids(data / SITNGO_DB)
    assert len(cash) == 5 and len(sng) > 10
    assert cash[:3] == [1, 2, 3] and sng == list(range(4, 4 + len(sng)))
    assert cash[3:] == [sng[-1] + 1, sng[-1] + 2]


def copy_folder(source: Path, into: Path) -> Path:
    shutil.copytree(source, into, ignore=shutil.ignore_patterns("*.lock", "*-wal", "*-shm"))
    return into


def test_an_old_sit_and_go_save_sharing_numbers_is_moved_past_the_cash_tables(
        tmp_path: Path) -> None:
    cash_hands(tmp_path / "both", 3, seed=3)  # hands 1-3
    sit_and_go(tmp_path / "alone", seed=6, hands=4)  # hands 1-4, as before one numbering
    checkpointed(tmp_path / "alone")
    shutil.copy(tmp_path / "alone" / SITNGO_DB, tmp_path / "both" / SITNGO_DB)
    both = tmp_path / "both"
    with Store.open_read_only(both / DB_NAME) as cash, \
            Store.open_read_only(both / SITNGO_DB) as sng:
        library = Library.of(cash, sng)  # read only: numbered past the cash hands in memory
        assert [r.id for r in library.hands()] == [1, 2, 3, 5, 6, 7, 8]
        assert library.hand(5).table_name == "Sit & Go #1"
    assert ids(both / SITNGO_DB) == [1, 2, 3, 4]  # reading changed nothing
    save = open_save(both)  # opened for play: moved in the file, journals with them
    assert save.store is not None
    records = save.store.hands()
    assert [r.id for r in records] == [5, 6, 7, 8]
    assert all(list(r.replay().stacks) == r.result["final_stacks"]  # type: ignore[index]
               for r in records)
    assert save.store.integrity_check() == []
    save.close()
    sit_and_go(both, seed=6, hands=1)  # the saved one continues with the next number
    assert ids(both / SITNGO_DB) == [5, 6, 7, 8, 9]


def export(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data: Path,
           *argv: str) -> str:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(data))
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(data / "config"))
    assert main(["export", *argv, "-o", "-"]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_export_all_as_phh_replays_every_hand_with_stacks_carried_hand_to_hand(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = export(monkeypatch, capsys, data, "--all", "--format", "phh")
    hands = list(HandHistory.loads_all(text))
    assert [h.hand for h in hands] == sorted(ids(data / DB_NAME) + ids(data / SITNGO_DB))
    tournament = [h for h in hands if h.table == "Sit & Go #1"]
    assert len(tournament) == len(ids(data / SITNGO_DB))
    assert all(h.event == "Sit & Go #1" and h.level for h in tournament)
    assert [h.level for h in tournament] == sorted(h.level for h in tournament)
    assert not any(h.event or h.level for h in hands if h not in tournament)
    previous: dict[str, int] = {}
    antes = 0
    for hh in tournament:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            final = list(hh)[-1]
        assert list(final.stacks) == hh.finishing_stacks, hh.hand
        stacks = dict(zip(hh.players, hh.starting_stacks, strict=True))
        assert all(previous.get(name, stack) == stack for name, stack in stacks.items())
        previous |= dict(zip(hh.players, hh.finishing_stacks, strict=True))
        antes += any(hh.antes)
    assert antes > 0
    assert sum(v for v in previous.values()) == 6000 and sorted(previous.values())[-1] == 6000


def test_export_all_as_pokerstars_has_a_tournament_header_on_every_sit_and_go_hand(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = export(monkeypatch, capsys, data, "--all")
    firsts = re.findall(r"^PokerStars Hand #(\d+): (.*)$", text, re.MULTILINE)
    assert [int(n) for n, _ in firsts] == sorted(ids(data / DB_NAME) + ids(data / SITNGO_DB))
    tournament = [rest for _, rest in firsts if rest.startswith("Tournament #1, ")]
    assert len(tournament) == len(ids(data / SITNGO_DB))
    assert all(re.match(r"Tournament #1, Freeroll Hold'em No Limit - Level [IVX]+ "
                        r"\(\d+/\d+\) - ", rest) for rest in tournament)
    assert "posts the ante" in text and text.count("wins the tournament") == 1
    assert text.count("finished the tournament in 2nd place") == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parsed = list(WithAntes()(text, error_status=True))
        plain = list(PokerStarsParser()(text))  # pokerkit's own parser, as it is
    assert len(parsed) == len(plain) == len(firsts)
    for hh in parsed:  # with the ante lines read, each plays out to the exported stacks
        final = list(hh)[-1]
        assert not final.status


def test_export_names_the_cash_hands_or_one_tournament(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cash = export(monkeypatch, capsys, data, "--cash")
    assert len(re.findall(r"^PokerStars Hand #", cash, re.MULTILINE)) == 5
    assert "Tournament #" not in cash
    one = export(monkeypatch, capsys, data, "--tournament", "1", "--format", "phh")
    assert [h.hand for h in HandHistory.loads_all(one)] == ids(data / SITNGO_DB)
    assert main(["export", "--tournament", "7"]) == 1
    assert "there is no Sit & Go #7 (stored: #1)" in capsys.readouterr().err


def test_the_tournament_has_its_own_file_and_a_summary_in_the_folder(data: Path) -> None:
    folder = data / HISTORY_FOLDER
    (path,) = folder.glob(TOURNAMENT_FILE)
    written = [int(n) for n in re.findall(r"^PokerStars Hand #(\d+): Tournament #1, ",
                                          path.read_text(encoding="utf-8"), re.MULTILINE)]
    assert written == ids(data / SITNGO_DB)
    (cash_file,) = folder.glob("HH* Hold'em - 5-10 - No Limit Hold'em.txt")
    assert "Tournament #" not in cash_file.read_text(encoding="utf-8")
    (summary,) = folder.glob("TS* T1 No Limit Hold'em Freeroll.txt")
    assert summary.name[2:] == path.name[2:]
    text = summary.read_text(encoding="utf-8")
    clock = r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET"
    assert re.match(r"PokerStars Tournament #1, No Limit Hold'em\nBuy-In: 0/0\n4 players\n"
                    rf"Total Prize Pool: 100 points\nTournament started {clock}\n"
                    rf"Tournament finished {clock}\n", text)
    places = re.findall(r"^ +(\d): ([^,\n]+)(?:, (\d+) points \(\d+%\))?(?:, eliminated "
                        rf"({clock}) at hand #(\d+))?$", text, re.MULTILINE)
    assert [p[0] for p in places] == ["1", "2", "3", "4"]
    assert [p[2] for p in places] == ["65", "35", "", ""]
    assert places[0][3] == "" and all(p[3] for p in places[1:])
    hands = [int(p[4]) for p in places[1:]]  # out in these hands, 2nd place last
    assert hands == sorted(hands, reverse=True) and hands[0] == ids(data / SITNGO_DB)[-1]
    with Store.open(data / SITNGO_DB) as store:
        final = store.hand(hands[0]).result["final_stacks"]  # type: ignore[index]
    assert max(final) == 6000  # the last knockout left one player with every chip
    assert re.search(r"\n\nYou finished in \d(st|nd|rd|th) place( \(eliminated at hand "
                     r"#\d+\))?\.\n$", text)


def test_pokerdf_converts_the_folders_tournament_file_with_no_file_failed(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pokerdf = pytest.importorskip("pokerdf.core.read_and_convert")
    source = tmp_path / "in"
    source.mkdir()
    for path in (data / HISTORY_FOLDER).glob("*T1*.txt"):  # the hands and the summary
        shutil.copy(path, source / path.name)
    monkeypatch.chdir(tmp_path)
    pokerdf.DataProcessing(str(next(source.glob(TOURNAMENT_FILE))), str(tmp_path)).run()
    assert [p.name for p in tmp_path.glob("*.parquet")] and \
        not (tmp_path / "fail.txt").exists()
    assert pokerdf.get_files_paths(str(source)) == [str(next(source.glob(TOURNAMENT_FILE)))]
    frame = pokerdf.convert_txt_to_tabular_data(str(next(source.glob(TOURNAMENT_FILE))))
    assert len(set(frame["HandID"])) == len(ids(data / SITNGO_DB))


def test_the_replayer_opens_tournament_hands(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(data))
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(data / "config"))
    hand = ids(data / SITNGO_DB)[0]
    assert main(["replay", str(hand)]) == 0
    assert f"Hand #{hand} at Sit & Go #1" in capsys.readouterr().out
    assert main(["replay"]) == 0
    listed = capsys.readouterr().out
    assert listed.count("\n") == 20 and re.search(r"^Hand #\d+ · ", listed, re.MULTILINE)
    assert re.search(r"^Hand #\d+ at Sit & Go #1 · ", listed, re.MULTILINE)


@pytest.fixture()
def damaged_sng(data: Path, tmp_path: Path) -> Iterator[Path]:
    folder = copy_folder(data, tmp_path / "copy")
    db = folder / SITNGO_DB
    raw = db.read_bytes()
    db.write_bytes(raw[:len(raw) // 2])
    yield folder


def test_a_damaged_sit_and_go_save_gets_its_hands_back_from_the_folder(
        data: Path, damaged_sng: Path) -> None:
    with Store.open(data / SITNGO_DB) as whole:
        expected = {r.id: pokerstars_hand(r) for r in whole.hands()}
    save = open_save(damaged_sng, HistoryWriter(damaged_sng / HISTORY_FOLDER,
                                                tournaments=True))
    told = " ".join(save.take_notices())
    assert "could not be used" in told and "from the hand histories" in told
    assert save.store is not None
    back = {r.id: pokerstars_hand(r) for r in save.store.hands()}
    save.close()
    assert back == expected  # every hand, exactly; no cash hand taken in
    assert list(damaged_sng.glob("sitngo.sqlite3.corrupt-*"))  # the damaged file kept
    with Store.open(damaged_sng / DB_NAME) as cash:
        assert len(cash.hands()) == 5


def test_the_cash_tables_restore_takes_no_tournament_hand(data: Path) -> None:
    cash = folder_hands(data / HISTORY_FOLDER)
    tournament = folder_hands(data / HISTORY_FOLDER, tournaments=True)
    assert sorted(cash) == ids(data / DB_NAME)
    assert sorted(tournament) == ids(data / SITNGO_DB)


def test_a_failed_renumbering_leaves_the_file_as_it_was_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.persistence import numbering
    cash_hands(tmp_path / "both", 2, seed=3)
    sit_and_go(tmp_path / "alone", seed=6, hands=2)
    checkpointed(tmp_path / "alone")
    shutil.copy(tmp_path / "alone" / SITNGO_DB, tmp_path / "both" / SITNGO_DB)
    real = numbering.renumber

    def full_disk(conn: sqlite3.Connection, by: int) -> None:
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(numbering, "renumber", full_disk)
    save = open_save(tmp_path / "both")
    assert not save.active
    told = save.take_notices()
    assert any("left as it was" in n and "disk is full" in n for n in told), told
    assert ids(tmp_path / "both" / SITNGO_DB) == [1, 2]
    monkeypatch.setattr(numbering, "renumber", real)
    save = open_save(tmp_path / "both")
    assert save.active and save.store is not None
    assert [r.id for r in save.store.hands()] == [3, 4]
    save.close()
