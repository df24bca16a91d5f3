"""The save file: schema and migrations, bad files moved aside, unwritable places, the
journal written before each action, atomic hand completion, the bank equation.

The helpers at the top (scripted hands with stacked decks, random play) are shared by
the recovery, history and stats tests.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, ActionKind, IllegalAction, LegalActions
from engine.cards import stacked_deck
from engine.config import Structure
from engine.state import HandState
from engine.table import Seat, Table, TableConfig
from game.persistence.store import (
    APPLICATION_ID,
    DB_NAME,
    SCHEMA_VERSION,
    ChipKind,
    HandStatus,
    Store,
    StoreError,
    StoreUnavailable,
    StoreVersionError,
)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")

# ---------------------------------------------------------------- helpers


def deck_for(button: int, dealt: Sequence[int], holes: dict[int, str],
             board: str = "") -> list[int]:
    """A deck dealing ``holes`` (seat -> "AhKd") to the dealt seats and ``board``."""
    return stacked_deck(button, dealt, holes, board)


def seat_table(stacks: dict[int, int], seats: int = 4, *, sitting_out: Sequence[int] = (),
               auto_rebuy: Sequence[int] = (), **options: Any) -> Table:
    """A table with chips in front of the given seats (bought in for exactly that)."""
    options.setdefault("min_buy_in_bb", 1)
    options.setdefault("max_buy_in_bb", 1000)
    table = Table(TableConfig(seats=seats, **options))
    for seat, chips in stacks.items():
        table.seats[seat] = Seat(NAMES[seat], chips, auto_rebuy=seat in auto_rebuy,
                                 sitting_out=seat in sitting_out, bought_in=chips)
    return table


def to_action(hand: HandState, word: str) -> Action:
    """"call", "raise 60", "bet 40", "allin" for whoever is to act."""
    kind, *amount = word.split()
    assert hand.to_act is not None, f"nobody to act for {word!r}"
    return Action(hand.to_act, ActionKind(kind), int(amount[0]) if amount else None)


@dataclass(frozen=True)
class Scripted:
    """A hand with a stacked deck and the actions in turn."""

    name: str
    stacks: dict[int, int]
    button: int
    holes: dict[int, str]
    board: str
    actions: tuple[str, ...]
    seats: int = 4
    sitting_out: tuple[int, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def table(self) -> Table:
        table = seat_table(self.stacks, self.seats, sitting_out=self.sitting_out,
                           **self.options)
        table.button = (self.button - 1) % self.seats  # the next hand's button is ours
        return table

    def deck(self) -> list[int]:
        dealt = [s for s in self.stacks if s not in self.sitting_out]
        return deck_for(self.button, dealt, self.holes, self.board)


SCRIPTED = (
    Scripted("three all-ins make two side pots", {0: 1000, 1: 300, 2: 150, 3: 800}, 0,
             {1: "AhAd", 2: "KsKd", 3: "QcQd", 0: "2c7d"}, "2h 8s 9c 3d 4s",
             ("allin", "call", "allin", "allin")),
    Scripted("split pot with an odd chip", {0: 500, 1: 500, 2: 500}, 0,
             {0: "AhKd", 1: "AsKc", 2: "7c2d"}, "Qh Jd Tc 3s 4h",
             ("raise 30", "call", "fold", "check", "bet 51", "call", "check", "check",
              "check", "check"), seats=3, options={"ante": 1}),
    Scripted("heads-up raise and fold", {0: 400, 1: 400}, 0, {}, "",
             ("raise 30", "fold"), seats=2),
    Scripted("a seat sitting out is not dealt", {0: 600, 1: 600, 2: 600, 3: 600, 4: 600}, 3,
             {0: "9h9d", 1: "Ah2c"}, "9c 5d 2s Kd 3c",
             ("call", "fold", "fold", "raise 40", "call", "bet 40", "raise 100", "call",
              "check", "bet 200", "fold"),
             seats=5, sitting_out=(2,)),
    Scripted("short small blind all-in, nobody acts", {0: 3, 1: 500}, 0,
             {0: "Ah3c", 1: "Kd4s"}, "", (), seats=2),
    Scripted("river all-in over a short all-in, uncalled excess returned",
             {0: 900, 1: 250, 2: 900}, 2, {0: "KhQh", 1: "JcJd", 2: "8s8c"},
             "Jh 7h 2c 4d As",
             ("call", "call", "check", "check", "check", "check", "check", "check", "check",
              "bet 100", "allin", "allin", "fold"), seats=3),
    Scripted("all-in by the ante leaves the big blind alone", {0: 2, 1: 300, 2: 300}, 0,
             {0: "Ac9c", 1: "5d5h", 2: "KcKh"}, "Ts 8d 3h 2d Jc", ("fold",), seats=3,
             options={"ante": 2}),
    Scripted("raked pot", {0: 700, 1: 700, 2: 700}, 1, {0: "AcAs", 1: "6d7d", 2: "QhJs"},
             "Ad 9s 4c 2h 5s",
             ("call", "call", "check", "bet 60", "call", "fold", "check", "check", "check",
              "check"), seats=3, options={"rake_percent": Fraction(5), "rake_cap": 8}),
    Scripted("fixed-limit capped preflop", {0: 400, 1: 400, 2: 400}, 0,
             {0: "AhAc", 1: "KdKs", 2: "QdQs"}, "2c 3d 8h 9s Th",
             ("raise 20", "raise 30", "raise 40", "call", "call", "check", "check", "bet 10",
              "call", "call", "check", "check", "check", "check", "check", "check"),
             seats=3, options={"structure": Structure.FIXED_LIMIT}),
    Scripted("losers muck at showdown", {0: 1000, 1: 1000, 2: 1000}, 0,
             {1: "AhAd", 2: "7c2d", 0: "8s3h"}, "Kc 9d 4s 5h Jc",
             ("call", "call", "check") + ("check",) * 9, seats=3,
             options={"muck_losers": True}),
    Scripted("main pot split, side pot to the bigger stack",
             {0: 200, 1: 200, 2: 600, 3: 600}, 3,
             {0: "AdKd", 1: "AcKc", 2: "QsQh", 3: "4c5c"}, "Ah Kh 9d 9c 2s",
             ("allin", "call", "allin", "allin")),
)


def start(store: Store, table: Table, rng: random.Random,
          deck: list[int] | None = None) -> tuple[HandState, int]:
    hand = table.start_hand(rng, deck)
    return hand, store.begin_hand(table, hand)


def finish(store: Store, table: Table, hand: HandState, hand_id: int) -> None:
    store.finish_hand(hand_id, table, hand, table.end_hand())


def play_scripted(store: Store, script: Scripted,
                  table: Table | None = None) -> tuple[Table, HandState, int]:
    """Save the scripted table, play its hand through the store, settle it."""
    if table is None:
        table = script.table()
        store.save_table(table, name="Scripted", new=True)
    hand, hand_id = start(store, table, random.Random(0), script.deck())
    for seq, word in enumerate(script.actions):
        store.journal_and_apply(hand_id, seq, hand, to_action(hand, word))
    assert hand.finished, script.name
    finish(store, table, hand, hand_id)
    return table, hand, hand_id


def choose(rng: random.Random, legal: LegalActions) -> Action:
    """Random legal play with plenty of all-ins, raises and folds."""
    seat, roll = legal.seat, rng.random()
    if legal.check and roll < 0.45:
        return Action(seat, ActionKind.CHECK)
    if legal.call is not None and roll < 0.15:
        return Action(seat, ActionKind.FOLD)
    if legal.allin and roll > 0.9:
        return Action(seat, ActionKind.ALLIN)
    wager = legal.wager
    if wager is not None and roll > 0.6:
        low, high = wager
        kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
        return Action(seat, kind, rng.choice([low, high, rng.randint(low, high)]))
    if legal.call is not None:
        return Action(seat, ActionKind.CALL)
    return Action(seat, ActionKind.CHECK)


def random_table(rng: random.Random) -> Table:
    """2-6 seats, short and deep stacks, sometimes antes, fixed limit or rake."""
    n = rng.randint(2, 6)
    options: dict[str, Any] = {"ante": rng.choice([0, 0, 0, 1, 2])}
    roll = rng.random()
    if roll < 0.2:
        options["structure"] = Structure.FIXED_LIMIT
    stacks = {s: rng.choice([rng.randint(3, 120), rng.randint(120, 3000)])
              for s in range(n) if s < 2 or rng.random() < 0.85}
    return seat_table(stacks, n, auto_rebuy=[s for s in stacks if rng.random() < 0.3],
                      **options)


def play_random_hands(store: Store, table: Table, rng: random.Random, count: int) -> list[int]:
    """Play up to ``count`` hands with random legal actions; seats drift in and out."""
    ids = []
    for _ in range(count):
        for i, player in enumerate(table.seats):
            if player is None:
                continue
            if not player.sitting_out and rng.random() < 0.08:
                table.sit_out(i)
            elif player.sitting_out and player.stack > 0 and rng.random() < 0.6:
                table.sit_in(i)
        ready = [p for p in table.seats if p and not p.sitting_out and p.stack > 0]
        if len(ready) < 2:
            break
        hand, hand_id = start(store, table, rng)
        seq = 0
        while (legal := hand.legal()) is not None:
            store.journal_and_apply(hand_id, seq, hand, choose(rng, legal))
            seq += 1
        finish(store, table, hand, hand_id)
        ids.append(hand_id)
    return ids


def bank_balances(table: Table) -> bool:
    on_table = sum(p.stack for p in table.seats if p is not None)
    return on_table + table.cashed_out + table.rake == table.bought_in


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(tmp_path / DB_NAME, durable=False)  # no fsync: nothing pulls the plug
    yield s  # type: ignore[misc]
    s.close()


def raw(path: Path) -> sqlite3.Connection:
    """A second connection, as another process would see the file."""
    return sqlite3.connect(path, isolation_level=None)


# ------------------------------------------------------------------ schema


def test_new_store_is_wal_fsynced_and_at_the_current_schema(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME) as store:
        assert store.journal_mode == "wal"
        assert store.user_version == SCHEMA_VERSION == 4
        conn = store._conn
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.integrity_check() == []
        assert store.load_table() is None
        assert store.notices == []
    with Store.open(tmp_path / DB_NAME, durable=False) as store:
        assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_data_dir_comes_from_the_environment(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path / "elsewhere"))
    with Store.open() as s:
        assert s.path == tmp_path / "elsewhere" / DB_NAME
    assert (tmp_path / "elsewhere" / DB_NAME).exists()


V1_SCHEMA = f"""
PRAGMA application_id = {APPLICATION_ID};
CREATE TABLE tables (id INTEGER PRIMARY KEY, name TEXT NOT NULL, config TEXT NOT NULL,
  button INTEGER, hands_played INTEGER NOT NULL DEFAULT 0, cashed_out INTEGER NOT NULL
  DEFAULT 0, rake INTEGER NOT NULL DEFAULT 0, left_bought_in INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE seats (table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
  name TEXT NOT NULL, stack INTEGER NOT NULL, bought_in INTEGER NOT NULL, bot TEXT,
  auto_rebuy INTEGER NOT NULL DEFAULT 0, sitting_out INTEGER NOT NULL DEFAULT 0,
  hands_sat_out INTEGER NOT NULL DEFAULT 0, waiting_for_big_blind INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE sessions (id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES
  tables(id), started_at TEXT NOT NULL, ended_at TEXT);
CREATE TABLE hands (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES
  sessions(id), table_id INTEGER NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
  table_name TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT, status TEXT NOT NULL
  CHECK (status IN ('playing', 'complete', 'voided')), config TEXT NOT NULL,
  deck TEXT NOT NULL, result TEXT);
CREATE UNIQUE INDEX one_hand_in_play ON hands(status) WHERE status = 'playing';
CREATE TABLE actions (hand_id INTEGER NOT NULL REFERENCES hands(id), seq INTEGER NOT NULL,
  seat INTEGER NOT NULL, kind TEXT NOT NULL, amount INTEGER, at TEXT NOT NULL,
  PRIMARY KEY (hand_id, seq)) WITHOUT ROWID;
CREATE TABLE ledger (id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES tables(id),
  session_id INTEGER REFERENCES sessions(id), seat INTEGER, name TEXT NOT NULL,
  kind TEXT NOT NULL, amount INTEGER NOT NULL, at TEXT NOT NULL);
PRAGMA user_version = 1;
"""


def test_a_version_1_file_is_migrated_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    script = SCRIPTED[2]  # heads-up raise and fold
    with Store.open(tmp_path / "donor.sqlite3") as donor:
        _, _, hand_id = play_scripted(donor, script)
        record = donor.hand(hand_id)
    conn = raw(path)
    conn.executescript(V1_SCHEMA)
    conn.execute("INSERT INTO tables VALUES (1, 'Old', ?, 0, 1, 0, 0, 0, 't', 't')",
                 ('{"seats": 2, "min_buy_in_bb": 1, "max_buy_in_bb": 1000}',))
    after = [p for p in record.result["final_stacks"]]  # type: ignore[index]
    for seat in (0, 1):
        conn.execute("INSERT INTO seats (table_id, seat, name, stack, bought_in) "
                     "VALUES (1, ?, ?, ?, 400)", (seat, NAMES[seat], after[seat]))
    conn.execute("INSERT INTO ledger (table_id, seat, name, kind, amount, at) VALUES "
                 "(1, 0, 'Ann', 'buy_in', 400, 't'), (1, 1, 'Bob', 'buy_in', 400, 't')")
    conn.execute("INSERT INTO sessions VALUES (1, 1, '2026-11-22T15:00:00+00:00', NULL)")
    donor_conn = raw(tmp_path / "donor.sqlite3")
    row = donor_conn.execute("SELECT config, deck, result FROM hands").fetchone()
    conn.execute("INSERT INTO hands VALUES (1, 1, 1, 1, 'Old', '2026-11-22T15:00:00+00:00', "
                 "NULL, 'complete', ?, ?, ?)", row)
    for seq, seat, kind, amount in donor_conn.execute(
            "SELECT seq, seat, kind, amount FROM actions ORDER BY seq"):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?, ?, ?, 't')", (seq, seat, kind, amount))
    conn.close()
    donor_conn.close()

    with Store.open(path) as s:
        assert s.user_version == SCHEMA_VERSION
        assert s.notices == []
        table = s.load_table()
        assert table is not None and [p.stack for p in table.seats if p] == after
        old = s.hand(1)
        assert old.void_reason is None and old.actions == record.actions
        assert old.replay().stacks == after
        cols = {r[1] for r in s._conn.execute("PRAGMA table_info(ledger)")}
        assert "hand_id" in cols
        assert s.integrity_check() == []
        table, _, _ = play_scripted(s, script, table)  # and it keeps working
        assert bank_balances(table)


def test_a_file_from_a_newer_game_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    conn = raw(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreVersionError, match="newer version") as err:
        Store.open(path)
    assert isinstance(err.value, StoreUnavailable)  # the game plays on without saving
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [DB_NAME]


def test_random_bytes_are_moved_aside_and_a_fresh_file_started(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    junk = random.Random(5).randbytes(8192)
    path.write_bytes(junk)
    with Store.open(path) as s:
        assert len(s.notices) == 1 and "moved to" in s.notices[0]
        assert s.user_version == SCHEMA_VERSION and s.integrity_check() == []
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == junk


def test_someone_elses_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    conn = raw(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.execute("INSERT INTO invoices VALUES (1, 9.5)")
    conn.close()
    with Store.open(path) as s:
        assert "not a holdem save file" in s.notices[0]
        assert s.load_table() is None
    aside = next(p for p in tmp_path.iterdir() if ".corrupt-" in p.name)
    assert raw(aside).execute("SELECT total FROM invoices").fetchone() == (9.5,)


def test_a_damaged_page_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with Store.open(path) as s:
        table = seat_table({0: 2000, 1: 2000, 2: 2000})
        s.save_table(table)
        play_random_hands(s, table, random.Random(1), 40)
        s._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = s._conn.execute("PRAGMA page_size").fetchone()[0]
        root = s._conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'hands'").fetchone()[0]
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size] = 0x07  # not a b-tree page type any more
    path.write_bytes(bytes(data))
    with Store.open(path) as s:
        assert s.notices and "moved to" in s.notices[0]
        assert s.integrity_check() == []


def test_read_only_folder_means_no_saving_with_a_clear_message(tmp_path: Path) -> None:
    # chmod does not stop root (CI runs as root), so also use places nobody can write:
    # a folder under a regular file, and one in /proc.
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    places = [blocked / "holdem", Path("/proc/holdem-test")]
    if not (hasattr(os, "geteuid") and os.geteuid() == 0):
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
        places.append(folder)
    try:
        for place in places:
            with pytest.raises(StoreUnavailable, match="without saving"):
                Store.open(place / DB_NAME)
    finally:
        if len(places) > 2:
            places[2].chmod(0o700)


def test_a_save_folder_that_cannot_exist_means_no_saving(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable, match="Can't create the save folder"):
        Store.open(blocker / "sub" / DB_NAME)


def test_full_disk_keeps_the_last_consistent_state(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    rng = random.Random(3)
    table = seat_table({0: 3000, 1: 3000, 2: 3000})
    with Store.open(path) as s:
        s.save_table(table)
        play_random_hands(s, table, rng, 3)
        pages = s._conn.execute("PRAGMA page_count").fetchone()[0]
        s._conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is now full
        with pytest.raises(StoreUnavailable, match="disk is full"):
            for _ in range(200):
                play_random_hands(s, table, rng, 1)
        with pytest.raises(StoreUnavailable):  # and it stays off: no half-saved session
            s.save_table(table)
    with Store.open(path) as s:
        assert s.integrity_check() == []


# ------------------------------------------------------------- table & hands


def test_table_round_trip_keeps_seats_bots_and_bank(store: Store) -> None:
    table = seat_table({0: 1000, 1: 500, 3: 800}, 4, sitting_out=(3,), auto_rebuy=(1,))
    table.button, table.hands_played, table.rake = 1, 7, 0
    store.save_table(table, name="Ursa", bots={1: "shark", 3: "rock"})
    loaded = store.load_table()
    assert loaded is not None
    assert loaded.seats == table.seats
    assert (loaded.button, loaded.hands_played, loaded.config) == (1, 7, table.config)
    info = store.table_info()
    assert info is not None and info.name == "Ursa" and info.bots == {1: "shark", 3: "rock"}
    store.save_table(loaded)  # bots kept when not given
    assert store.table_info().bots == {1: "shark", 3: "rock"}  # type: ignore[union-attr]
    assert [r.kind for r in store.ledger()] == [ChipKind.BUY_IN] * 3
    assert store.integrity_check() == []


def test_a_table_whose_chips_do_not_add_up_is_not_saved(store: Store) -> None:
    table = seat_table({0: 1000, 1: 1000})
    store.save_table(table)
    table.seats[0].stack += 5  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="don't add up"):
        store.save_table(table)
    loaded = store.load_table()
    assert loaded is not None and loaded.seats[0].stack == 1000  # type: ignore[union-attr]


def test_rebuys_top_ups_and_leaves_go_to_the_ledger_with_the_table(store: Store) -> None:
    table = seat_table({0: 1000, 1: 1000, 2: 1000})
    store.save_table(table)
    table.seats[1].stack = 0  # type: ignore[union-attr]  # pretend a bust...
    table.seats[0].stack = 2000  # type: ignore[union-attr]  # ...to seat 0
    store.save_table(table)
    added = table.add_chips(1, 600)
    store.record_table_events(table, [added])
    store.record_chips(table, 2, 0, ChipKind.TOP_UP)  # a zero row is harmless
    left = table.leave(2)
    store.record_table_events(table, [left])
    kinds = [(r.seat, r.kind, r.amount) for r in store.ledger()]
    assert kinds[-3:] == [(1, ChipKind.REBUY, 600), (2, ChipKind.TOP_UP, 0),
                          (2, ChipKind.CASH_OUT, 1000)]
    assert store.integrity_check() == []
    loaded = store.load_table()
    assert loaded is not None and loaded.seats[2] is None and loaded.cashed_out == 1000


def test_each_action_is_journaled_before_it_is_applied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / DB_NAME
    seen: list[tuple[int, int]] = []
    original = HandState.apply
    reader = None

    def spying_apply(self: HandState, action: Action) -> Any:
        assert reader is not None
        journaled = reader.execute("SELECT count(*) FROM actions").fetchone()[0]
        applied = sum(1 for e in self.events if e.__class__.__name__ == "ActionTaken")
        seen.append((journaled, applied))
        return original(self, action)

    with Store.open(path) as s:
        reader = raw(path)
        monkeypatch.setattr(HandState, "apply", spying_apply)
        play_scripted(s, SCRIPTED[5])
    assert len(seen) == len(SCRIPTED[5].actions)
    assert all(journaled == applied + 1 for journaled, applied in seen)


def test_an_illegal_action_is_neither_journaled_nor_applied(store: Store) -> None:
    table = seat_table({0: 500, 1: 500})
    store.save_table(table)
    hand, hand_id = start(store, table, random.Random(1))
    with pytest.raises(IllegalAction):
        store.journal_and_apply(hand_id, 0, hand, Action(hand.to_act or 0, ActionKind.CHECK))
    assert store.hand(hand_id).actions == ()
    assert hand.events[-1].__class__.__name__ == "HoleCardsDealt"


def test_the_journal_refuses_gaps_and_repeats(store: Store) -> None:
    table = seat_table({0: 500, 1: 500})
    store.save_table(table)
    hand, hand_id = start(store, table, random.Random(1))
    call = Action(hand.to_act or 0, ActionKind.CALL)
    with pytest.raises(StoreError, match="can't be journaled"):
        store.journal_action(hand_id, 1, call)
    store.journal_action(hand_id, 0, call)
    with pytest.raises(StoreError, match="can't be journaled"):
        store.journal_action(hand_id, 0, call)


def test_only_one_hand_is_in_play_and_it_finishes_once(store: Store) -> None:
    table = seat_table({0: 500, 1: 500})
    store.save_table(table)
    hand, hand_id = start(store, table, random.Random(1))
    other = seat_table({0: 500, 1: 500}).start_hand(random.Random(2))
    with pytest.raises(StoreError, match="still in play"):
        store.begin_hand(table, other)
    store.journal_and_apply(hand_id, 0, hand, Action(hand.to_act or 0, ActionKind.FOLD))
    finish(store, table, hand, hand_id)
    with pytest.raises(StoreError, match="can't be finished twice"):
        store.finish_hand(hand_id, table, hand)
    assert store.hand_counts() == {"playing": 0, "complete": 1, "voided": 0}


def test_finishing_a_hand_is_all_or_nothing(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with Store.open(path) as s:
        table = seat_table({0: 500, 1: 500, 2: 500}, auto_rebuy=(0, 1, 2))
        s.save_table(table)
        hand, hand_id = start(s, table, random.Random(4))
        seq = 0
        while hand.legal() is not None:
            s.journal_and_apply(hand_id, seq, hand, to_action(hand, "allin")
                                if hand.legal().allin else to_action(hand, "call"))  # type: ignore[union-attr]
            seq += 1
        events = table.end_hand()
        assert events, "someone busts and auto-rebuys: the ledger has a row to write"
        saboteur = raw(path)  # the disk dies while the seats are being written
        saboteur.execute("CREATE TRIGGER fail BEFORE UPDATE ON seats "
                         "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
        ledger_before = len(s.ledger())
        with pytest.raises(StoreError):
            s.finish_hand(hand_id, table, hand, events)
        assert s.hand(hand_id).status is HandStatus.PLAYING
        assert s.hand(hand_id).result is None
        assert len(s.ledger()) == ledger_before
        saved = s.load_table()
        assert saved is not None
        assert [p.stack for p in saved.seats if p] == [500, 500, 500]
        assert s.integrity_check() == []
        saboteur.execute("DROP TRIGGER fail")
        s.finish_hand(hand_id, table, hand, events)
        assert s.integrity_check() == []


def test_integrity_check_finds_tampered_chips(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with Store.open(path) as s:
        table = seat_table({0: 1000, 1: 1000, 2: 1000})
        s.save_table(table)
        play_random_hands(s, table, random.Random(9), 10)
        assert s.integrity_check() == []
        raw(path).execute("UPDATE seats SET stack = stack + 1 WHERE seat = 0")
        problems = s.integrity_check()
    assert any(p.startswith("bank:") for p in problems)


def test_stored_hands_replay_to_their_stored_results(store: Store) -> None:
    rng = random.Random(11)
    for _ in range(8):
        table = random_table(rng)
        store.save_table(table, new=True)
        play_random_hands(store, table, rng, 12)
        assert bank_balances(table) and store.integrity_check() == []
    records = store.hands()
    assert len(records) >= 20
    for record in records:
        result = record.result
        assert result is not None
        assert record.replay().stacks == result["final_stacks"]
        json.dumps(result)
