"""Save file cost per hand: hands played through the real session and save (fsync on
every commit, as in the game), with and without the two checkpoints per hand that copy
the journal into the main file (issue 16), and the cost of the live hand-history folder
(issue 22: the hand read back, written as PokerStars text, appended and fsynced).

    .venv/bin/python benchmarks/bench_save.py [--hands N] [--rounds R]

Run from a folder on the disk you care about: the save is written to a temporary folder
inside the current directory.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.state import HandState
from game.persistence.saving import SaveGame
from game.persistence.store import Store
from game.records import histories
from game.records.histories import HistoryWriter
from tests.game.saved import new_session, play_hands


def per_hand_ms(hands: int, checkpoints: bool) -> float:
    original = Store.checkpoint
    if not checkpoints:
        Store.checkpoint = lambda self: None  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory(dir=".") as folder, \
                Store.open(Path(folder) / "bench.sqlite3") as store:
            session = new_session(SaveGame(store))
            started = time.perf_counter()
            play_hands(session, hands)
            elapsed = time.perf_counter() - started
            return elapsed / len(store.hands()) * 1000
    finally:
        Store.checkpoint = original  # type: ignore[method-assign]


def folder_ms(hands: int, phh: bool) -> tuple[float, float]:
    """Milliseconds a hand spends on the hand-history folder, timed around the one call
    that does it (inside the hand's save step), and of that the append with its fsync."""
    spent: list[float] = []
    synced: list[float] = []
    original, append = SaveGame._archive, histories.append_durably

    def timed(self: SaveGame, store: Store, hand_id: int, hand: HandState | None = None) -> None:
        started = time.perf_counter()
        original(self, store, hand_id, hand)
        spent.append(time.perf_counter() - started)

    def timed_append(path: Path, data: bytes) -> None:
        started = time.perf_counter()
        append(path, data)
        synced.append(time.perf_counter() - started)
    SaveGame._archive = timed  # type: ignore[method-assign]
    histories.append_durably = timed_append
    try:
        with tempfile.TemporaryDirectory(dir=".") as folder, \
                Store.open(Path(folder) / "bench.sqlite3") as store:
            writer = HistoryWriter(Path(folder) / "hand-histories", phh=phh)
            play_hands(new_session(SaveGame(store, archive=writer)), hands)
            assert writer.written == len(spent) == len(store.hands())
    finally:
        SaveGame._archive = original  # type: ignore[method-assign]
        histories.append_durably = append
    return statistics.mean(spent) * 1000, sum(synced) / len(spent) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    without, with_ = [], []
    folder: list[tuple[float, float]] = []
    both: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        without.append(per_hand_ms(args.hands, False))
        with_.append(per_hand_ms(args.hands, True))
        folder.append(folder_ms(args.hands, False))
        both.append(folder_ms(args.hands, True))
    a, b = statistics.median(without), statistics.median(with_)
    print(f"{args.hands} hands x {args.rounds} rounds, median ms per hand: without "
          f"checkpoints {a:.2f}, with checkpoints {b:.2f}, cost {b - a:+.2f} ms per hand")
    for label, runs in (("PokerStars", folder), ("PokerStars + PHH", both)):
        total, sync = min(runs)  # the quietest round: fsync time swings with disk load
        print(f"hand-history folder, {label}: median {statistics.median(t for t, _ in runs):.3f}"
              f" ms a hand; quietest round {total:.3f} ms, of which append + fsync "
              f"{sync:.3f} ms (rounds: " + ", ".join(f"{t:.3f}" for t, _ in runs) + ")")

if __name__ == "__main__":
    main()
