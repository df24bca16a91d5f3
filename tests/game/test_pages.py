"""Issue 22, part 3: SQLite pages read without the b-tree above them. The reader is checked
against SQLite's own answers on intact files (every serial type, overflow chains, page
sizes, the WAL), then a save cut in half or with pages overwritten gives back every hand
whose leaf page survived."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.persistence import pages
from game.persistence.store import DB_NAME, Store
from tests.game.saved import saved_store

INTS = (0, 1, -1, 127, -128, 128, 32767, -32769, 2**23, 2**31 - 1, -(2**31), 2**40,
        2**47 - 1, -(2**47), 2**62, 2**63 - 1, -(2**63))


def sample_db(path: Path, page_size: int) -> list[tuple[object, ...]]:
    """A file holding every kind of value, rows big enough to spill onto overflow pages,
    and a WITHOUT ROWID table; its rows as SQLite reads them."""
    rng = random.Random(page_size)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA page_size = {page_size}")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c)")
    conn.execute("CREATE TABLE w (k INTEGER, j TEXT, v, PRIMARY KEY (k, j)) WITHOUT ROWID")
    rows: list[tuple[object, ...]] = []
    for i, value in enumerate(INTS):
        rows.append((i + 1, value, float(value) / 3, None))
    for i in range(60):
        size = rng.choice((0, 10, 500, page_size - 40, page_size * 3 + 7, 20_000))
        text = "".join(rng.choice("abcé€ ") for _ in range(size))
        rows.append((100 + i, text, rng.randbytes(rng.randrange(0, 3 * page_size)), i))
    conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO w VALUES (?, ?, ?)",
                     [(k, "x" * rng.randrange(1, 2 * page_size), k * 1.5) for k in range(40)])
    conn.commit()
    conn.close()
    return rows


@pytest.mark.parametrize("page_size", [512, 1024, 4096, 65536])
def test_every_record_reads_as_sqlite_reads_it(tmp_path: Path, page_size: int) -> None:
    path = tmp_path / "sample.db"
    rows = sample_db(path, page_size)
    found = list(pages.cells(path.read_bytes()))
    table = {c.rowid: (c.rowid, *c.values[1:]) for c in found
             if c.rowid is not None and len(c.values) == 4}
    assert table == {r[0]: r for r in rows}
    conn = sqlite3.connect(path)
    without_rowid = set(conn.execute("SELECT k, j, v FROM w"))
    conn.close()
    assert {c.values for c in found if c.rowid is None and len(c.values) == 3} == without_rowid


def test_the_wal_counts_only_committed_frames(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("INSERT INTO t VALUES (1, 'committed')")
    main, wal = path.read_bytes(), path.with_name("wal.db-wal").read_bytes()
    conn.execute("BEGIN")
    conn.execute("INSERT INTO t VALUES (2, 'not yet')")
    conn.execute("PRAGMA cache_size = 0")
    conn.close()  # closing rolls the open transaction back
    values = {c.values[1] for c in pages.cells(main, wal) if c.rowid is not None}
    assert "committed" in values and "not yet" not in values
    assert "committed" not in {c.values[-1] for c in pages.cells(main)}
    frames = pages.committed_frames(wal + wal[32:32 + 24 + 4096], 4096)  # a torn extra frame
    assert frames == pages.committed_frames(wal, 4096)


def test_damaged_pages_never_stop_the_reader_and_untouched_pages_read_exactly(
        tmp_path: Path) -> None:
    path = tmp_path / "sample.db"
    rows = sample_db(path, 1024)
    data = bytearray(path.read_bytes())
    rng = random.Random(3)
    damaged = set()
    for _ in range(40):  # scattered damage inside pages (page 1 kept: the page size)
        at, size = rng.randrange(1024, len(data) - 64), rng.randrange(1, 64)
        data[at:at + size] = rng.randbytes(size)
        damaged.update({at // 1024 + 1, (at + size) // 1024 + 1})
    truth = {r[0]: r for r in rows[:len(INTS)]}  # small rows: no overflow page
    seen = set()
    for cell in pages.cells(bytes(data[:len(data) * 2 // 3])):
        if cell.page not in damaged and cell.rowid in truth and len(cell.values) == 4:
            assert (cell.rowid, *cell.values[1:]) == truth[cell.rowid]
            seen.add(cell.rowid)
    assert seen and len(data) == path.stat().st_size


# ------------------------------------------------------------------ the save


@pytest.fixture(scope="module")
def intact(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[int, object]]]:
    """A checkpointed save with 80 finished hands, and each hand's stored result."""
    path = saved_store(tmp_path_factory.mktemp("intact"), hands=80)
    with Store.open(path) as store:
        results = {h.id: h.result for h in store.hands()}
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    yield path, results


def where_hands_live(data: bytes) -> tuple[dict[int, int], dict[int, set[int]]]:
    """Each hand's page and its actions' pages, read from the intact file (and checked
    against what SQLite holds)."""
    hand_page: dict[int, int] = {}
    action_pages: dict[int, set[int]] = {}
    for cell in pages.cells(data):
        if cell.rowid is not None and len(cell.values) == 12:
            hand_page[cell.rowid] = cell.page
        elif cell.rowid is None and len(cell.values) == 6:
            assert isinstance(cell.values[0], int)
            action_pages.setdefault(cell.values[0], set()).add(cell.page)
    return hand_page, action_pages


def damaged_copy(intact: Path, folder: Path, data: bytes) -> Path:
    folder.mkdir()
    path = folder / DB_NAME
    path.write_bytes(data)
    return path


def recovered(path: Path, results: dict[int, object]) -> set[int]:
    with Store.open(path) as store:
        assert "Recovered the table and its stacks" in store.notices[0]
        hands = store.hands()
        assert all(h.result == results[h.id] for h in hands)  # whole, and the same
        assert store.integrity_check() == []
        return {h.id for h in hands}


def test_half_a_save_gives_back_every_hand_whose_leaf_page_survived(
        intact: tuple[Path, dict[int, object]], tmp_path: Path) -> None:
    path, results = intact
    data = path.read_bytes()
    hand_page, action_pages = where_hands_live(data)
    assert set(hand_page) == set(results)
    cut = len(data) // 2
    last = cut // 4096  # pages 1..last are whole
    survived = {h for h, page in hand_page.items()
                if page <= last and all(p <= last for p in action_pages.get(h, ()))}
    assert 0 < len(survived) < len(results)
    got = recovered(damaged_copy(path, tmp_path / "cut", data[:cut]), results)
    assert got == survived


def test_pages_overwritten_in_several_places_cost_only_their_own_hands(
        intact: tuple[Path, dict[int, object]], tmp_path: Path) -> None:
    path, results = intact
    data = bytearray(path.read_bytes())
    conn = sqlite3.connect(path)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master "
                              "WHERE name IN ('hands', 'actions')"))
    conn.close()
    hand_page, action_pages = where_hands_live(bytes(data))
    leaves = sorted(set(hand_page.values()))
    hit = {roots["hands"], roots["actions"], leaves[1], leaves[len(leaves) // 2]}
    rng = random.Random(8)
    for page in hit:  # the trees' roots (nothing can be reached by a query) and two leaves
        data[(page - 1) * 4096:page * 4096] = rng.randbytes(4096)
    survived = {h for h, page in hand_page.items()
                if page not in hit and not action_pages.get(h, set()) & hit}
    assert len(survived) < len(results) - 2
    got = recovered(damaged_copy(path, tmp_path / "hit", bytes(data)), results)
    assert got == survived


def test_with_the_first_page_lost_the_hands_still_come_back_to_a_new_table(
        intact: tuple[Path, dict[str, object]], tmp_path: Path) -> None:
    path, results = intact
    data = bytearray(path.read_bytes())
    data[:4096] = bytes(4096)  # the header and the schema: SQLite can't read anything
    hand_page, action_pages = where_hands_live(bytes(path.read_bytes()))
    with Store.open(damaged_copy(path, tmp_path / "first", bytes(data))) as store:
        told = store.notices[0]
        assert "Its table could not be read; a new table starts. Recovered 80 hands; " \
            "no hand was lost." in told
        assert {h.id: h.result for h in store.hands()} == results
        assert store.integrity_check() == []
        table = store.load_table()
        assert table is None or not any(table.seats)
    assert 1 not in hand_page.values() and all(1 not in p for p in action_pages.values())
