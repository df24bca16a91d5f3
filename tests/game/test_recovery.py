"""Crash recovery: an interrupted hand resumes exactly, or is voided with the stacks it
started with; chips are conserved and no hand is recorded twice."""

from __future__ import annotations

import os
import random
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, ActionKind
from engine.table import Table
from game.persistence.recovery import recover
from game.persistence.store import DB_NAME, HandStatus, Store
from tests.game.test_store import (
    SCRIPTED,
    Scripted,
    bank_balances,
    choose,
    deck_for,
    finish,
    play_random_hands,
    random_table,
    raw,
    seat_table,
    start,
    to_action,
)


@dataclass(frozen=True)
class Plan:
    """One hand to interrupt: how to seat the table, the deck, the actions in turn."""

    name: str
    make_table: Callable[[], Table]
    deck: list[int]
    actions: list[Action]


def plan_scripted(script: Scripted) -> Plan:
    table = script.table()
    hand = table.start_hand(random.Random(0), script.deck())
    actions = []
    for word in script.actions:
        action = to_action(hand, word)
        hand.apply(action)
        actions.append(action)
    return Plan(script.name, script.table, list(hand.deck), actions)


def plan_random(seed: int) -> Plan:
    """A random hand with a preference for all-ins (where side pots come from)."""
    rng = random.Random(seed)
    table = random_table(random.Random(seed))
    hand = table.start_hand(rng)
    actions = []
    while (legal := hand.legal()) is not None:
        action = choose(rng, legal)
        hand.apply(action)
        actions.append(action)
    return Plan(f"random {seed}", lambda: random_table(random.Random(seed)), list(hand.deck),
                actions)


PLANS = [plan_scripted(s) for s in SCRIPTED] + [plan_random(seed) for seed in range(14)]


def run_uninterrupted(path: Path, plan: Plan) -> tuple[dict[str, Any], list[int]]:
    with Store.open(path, durable=False) as s:
        table = plan.make_table()
        s.save_table(table)
        hand, hand_id = start(s, table, random.Random(0), plan.deck)
        for seq, action in enumerate(plan.actions):
            s.journal_and_apply(hand_id, seq, hand, action)
        finish(s, table, hand, hand_id)
        result = s.hand(hand_id).result
        assert result is not None
        return dict(result), [p.stack if p else 0 for p in table.seats]


def interrupt(s: Store, plan: Plan, applied: int, journaled_only: bool) -> int:
    """On a fresh table, play ``applied`` actions and optionally journal the next one
    without applying it; then the process dies (its connection is never used again, not
    even closed). Returns the hand id."""
    table = plan.make_table()
    s.save_table(table, new=True)
    hand, hand_id = start(s, table, random.Random(0), plan.deck)
    for seq in range(applied):
        s.journal_and_apply(hand_id, seq, hand, plan.actions[seq])
    if journaled_only:
        s.journal_action(hand_id, applied, plan.actions[applied])
    return hand_id


def resume_and_finish(s: Store, plan: Plan, hand_id: int) -> Table:
    recovery = recover(s)
    assert recovery.report.kind == "resumed", recovery.report.message
    assert recovery.report.hand_id == hand_id
    table = recovery.table
    assert table is not None
    hand = recovery.hand
    if hand is not None:
        for seq in range(recovery.next_seq, len(plan.actions)):
            s.journal_and_apply(hand_id, seq, hand, plan.actions[seq])
        finish(s, table, hand, hand_id)
    return table


@pytest.mark.parametrize("plan", PLANS, ids=[p.name for p in PLANS])
def test_resuming_at_every_action_gives_the_uninterrupted_result(
        tmp_path: Path, plan: Plan) -> None:
    reference, ref_stacks = run_uninterrupted(tmp_path / "reference.sqlite3", plan)
    path = tmp_path / DB_NAME
    points = [(k, False) for k in range(len(plan.actions) + 1)]
    points += [(k, True) for k in range(len(plan.actions))]
    stores: list[Store] = []
    for done, (k, journaled_only) in enumerate(points, 1):
        where = f"{plan.name}: cut after {k} actions (journaled only: {journaled_only})"
        stores.append(Store.open(path, durable=False))
        hand_id = interrupt(stores[-1], plan, k, journaled_only)
        stores.append(s := Store.open(path, durable=False))  # the game starts again
        table = resume_and_finish(s, plan, hand_id)
        assert s.hand(hand_id).result == reference, where
        assert [p.stack if p else 0 for p in table.seats] == ref_stacks, where
        assert bank_balances(table), where
        assert s.integrity_check() == [], where
        assert s.hand_counts() == {"playing": 0, "complete": done, "voided": 0}, where
        again = recover(s)  # a second start finds nothing to do: no double settling
        assert again.report.kind == "none", where
        assert again.table is not None and again.table.seats == table.seats, where
    for store in stores:
        store.close()


def test_nothing_interrupted_means_nothing_to_do(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME) as s:
        assert recover(s).report.kind == "none"
        assert recover(s).table is None
        table = seat_table({0: 500, 1: 500})
        s.save_table(table)
        play_random_hands(s, table, random.Random(2), 3)
        recovery = recover(s)
        assert recovery.report == recovery.report.__class__("none", None,
                                                            "No hand was interrupted.")
        assert recovery.table is not None and recovery.table.seats == table.seats


def test_a_hand_settled_by_recovery_records_its_auto_rebuys(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with Store.open(path) as s:
        table = seat_table({0: 300, 1: 900}, 2, auto_rebuy=(0, 1), max_buy_in_bb=100)
        s.save_table(table)
        deck = deck_for(0, [0, 1], {0: "2c7d", 1: "AhAd"}, "2h 8s 9c 3d 4s")
        hand, hand_id = start(s, table, random.Random(0), deck)
        seq = 0
        while hand.legal() is not None:
            word = "allin" if hand.legal().allin else "call"  # type: ignore[union-attr]
            s.journal_and_apply(hand_id, seq, hand, to_action(hand, word))
            seq += 1
    with Store.open(path) as s:
        recovery = recover(s)
        assert recovery.report.kind == "resumed" and "settled" in recovery.report.message
        rows = [(r.kind.value, r.hand_id) for r in s.ledger() if r.kind.value == "auto_rebuy"]
        assert rows == [("auto_rebuy", hand_id)]
        assert s.integrity_check() == []
        assert recovery.table is not None and bank_balances(recovery.table)


def _start_then_crash(path: Path, actions: int = 2) -> tuple[int, list[int]]:
    """A 3-seat hand in play with ``actions`` journaled; returns the id and the stacks."""
    s = Store.open(path)
    table = seat_table({0: 800, 1: 600, 2: 400})
    s.save_table(table)
    play_random_hands(s, table, random.Random(4), 2)
    stacks = [p.stack if p else 0 for p in table.seats]
    hand, hand_id = start(s, table, random.Random(7))
    for seq in range(actions):
        s.journal_and_apply(hand_id, seq, hand, to_action(hand, "call"))
    s.close()
    return hand_id, stacks


BREAKAGES: dict[str, Callable[[Any, int], None]] = {
    "an illegal action": lambda c, h: c.execute(
        "INSERT INTO actions VALUES (?, 2, 0, 'raise', 1, 't')", (h,)),
    "an action by the wrong seat": lambda c, h: c.execute(
        "INSERT INTO actions VALUES (?, 2, 2, 'fold', NULL, 't')", (h,)),
    "an unknown action kind": lambda c, h: c.execute(
        "UPDATE actions SET kind = 'shove' WHERE hand_id = ? AND seq = 1", (h,)),
    "a journal with a gap": lambda c, h: c.execute(
        "UPDATE actions SET seq = 5 WHERE hand_id = ? AND seq = 1", (h,)),
    "an unreadable config": lambda c, h: c.execute(
        "UPDATE hands SET config = '{\"stacks\": \"lots\"}' WHERE id = ?", (h,)),
    "a config that is not JSON": lambda c, h: c.execute(
        "UPDATE hands SET config = 'garbage{' WHERE id = ?", (h,)),
    "a damaged deck": lambda c, h: c.execute(
        "UPDATE hands SET deck = substr(deck, 3) || 'Zz' WHERE id = ?", (h,)),
    "start stacks that are not the table's": lambda c, h: c.execute(
        "UPDATE hands SET config = json_set(config, '$.stacks[0]', 5) WHERE id = ?", (h,)),
}


@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_a_hand_that_cannot_be_resumed_is_voided_with_start_stacks(
        tmp_path: Path, breakage: str) -> None:
    path = tmp_path / DB_NAME
    hand_id, stacks = _start_then_crash(path)
    conn = raw(path)
    BREAKAGES[breakage](conn, hand_id)
    conn.close()
    with Store.open(path) as s:
        recovery = recover(s)
        report = recovery.report
        assert (report.kind, report.hand_id) == ("voided", hand_id), report.message
        assert "cancelled" in report.message and "back to" in report.message
        table = recovery.table
        assert table is not None and table.hand is None
        assert [p.stack if p else 0 for p in table.seats] == stacks
        assert bank_balances(table)
        assert s.integrity_check() == []
        row = raw(path).execute("SELECT status, void_reason FROM hands WHERE id = ?",
                                (hand_id,)).fetchone()
        assert row[0] == HandStatus.VOIDED and row[1]
        before = table.hands_played
        play_random_hands(s, table, random.Random(8), 2)  # play goes on
        assert table.hands_played == before + 2
        assert recover(s).report.kind == "none"


def test_an_unreadable_table_is_reported_not_crashed(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    hand_id, _ = _start_then_crash(path)
    raw(path).execute("UPDATE tables SET config = 'nope'")
    with Store.open(path) as s:
        recovery = recover(s)
        assert (recovery.report.kind, recovery.report.hand_id) == ("voided", hand_id)
        assert recovery.table is None
        assert "saved table could not be read" in recovery.report.message
        assert recover(s).table is None


def test_the_journal_may_not_continue_after_the_hand_ended(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with Store.open(path) as s:
        table = seat_table({0: 500, 1: 500})
        s.save_table(table)
        hand, hand_id = start(s, table, random.Random(3))
        s.journal_and_apply(hand_id, 0, hand, Action(hand.to_act or 0, ActionKind.FOLD))
    raw(path).execute("INSERT INTO actions VALUES (?, 1, 1, 'check', NULL, 't')", (hand_id,))
    with Store.open(path) as s:
        report = recover(s).report
        assert report.kind == "voided" and "over" in report.message


# ------------------------------------------------------------- kill -9 for real


def _player_loop(path: Path, seed: int, ready: int) -> None:
    """What the game does, minus the window: recover, then play hands through the
    store forever (in a forked child, until it is killed)."""
    rng = random.Random(seed)
    store = Store.open(path)  # the real settings: WAL, fsync on every commit
    recovery = recover(store)
    os.write(ready, recovery.report.kind[0].encode())
    table = recovery.table
    if table is None:
        table = seat_table({0: 300, 1: 500, 2: 700, 3: 900}, auto_rebuy=(0, 1, 2, 3),
                           max_buy_in_bb=100)
        store.save_table(table)
    hand, hand_id, seq = recovery.hand, recovery.report.hand_id or 0, recovery.next_seq
    while True:
        if hand is None:
            hand = table.start_hand(rng)
            hand_id, seq = store.begin_hand(table, hand), 0
        legal = hand.legal()
        if legal is not None:
            store.journal_and_apply(hand_id, seq, hand, choose(rng, legal))
            seq += 1
            os.write(ready, b"a")  # an action committed: a hand in play
        if hand.finished:
            store.finish_hand(hand_id, table, hand, table.end_hand())
            hand = None
            os.write(ready, b"h")  # a hand committed


def _read_until(pipe: int, wanted: bytes) -> bool:
    """Read the child's news until ``wanted`` comes (False: the child ended first)."""
    while True:
        got = os.read(pipe, 1)
        if got in (wanted, b""):
            return got == wanted


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_kill_9_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    """The store-level fault test: a player loop killed with SIGKILL 30 times at random
    moments (startup, recovery, mid-hand, mid-commit), restarted each time. A kill in play
    comes once that start has committed a hand of its own (whatever the machine's speed),
    then at a random moment, or (every other one) at once after an action is committed:
    mid-hand on any machine."""
    path = tmp_path / DB_NAME
    rng = random.Random(2026)
    kills, mid_hand, in_play = 30, 0, 0
    for k in range(kills):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: play until killed, report any error
            os.close(read_end)
            try:
                _player_loop(path, k, write_end)
            except BaseException:
                (tmp_path / f"child-{k}.txt").write_text(traceback.format_exc())
            os._exit(1)
        os.close(write_end)
        if k % 5 != 4:  # mostly in play; now and then during startup or recovery
            error = tmp_path / f"child-{k}.txt"
            started = os.read(read_end, 1)
            assert started in (b"n", b"r"), error.read_text() if error.exists() else started
            assert _read_until(read_end, b"h"), error.read_text() if error.exists() else k
            in_play += 1
            if k % 2 == 0:
                assert _read_until(read_end, b"a")
            else:
                time.sleep(rng.uniform(0.0, 0.25))
        else:
            time.sleep(rng.uniform(0.0, 0.25))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(read_end)
        error = tmp_path / f"child-{k}.txt"
        assert not error.exists(), error.read_text()
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        with Store.open(path) as s:
            assert s.integrity_check() == [], f"after kill {k}"
            mid_hand += s.playing_hand_id() is not None
    with Store.open(path) as s:
        recovery = recover(s)
        assert recovery.report.kind != "voided"
        table = recovery.table
        assert table is not None and bank_balances(table)
        assert s.integrity_check() == []
        records = s.hands()
        assert len(records) == table.hands_played >= in_play  # none lost, none twice
        assert len({r.id for r in records}) == len(records)
        for record in records:
            assert record.result is not None
            assert record.replay().stacks == record.result["final_stacks"]
        assert s.hand_counts()["voided"] == 0
    assert mid_hand > kills // 2  # most kills caught a hand in play
    print(f"kill -9: {kills} kills, {mid_hand} mid-hand, {len(records)} hands recorded")
