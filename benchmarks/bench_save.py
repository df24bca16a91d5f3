"""Save file cost per hand: hands played through the real session and save (fsync on
every commit, as in the game), with and without the two checkpoints per hand that copy
the journal into the main file (issue 16).

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

from game.persistence.saving import SaveGame
from game.persistence.store import Store
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    without, with_ = [], []
    for _ in range(args.rounds):
        without.append(per_hand_ms(args.hands, False))
        with_.append(per_hand_ms(args.hands, True))
    a, b = statistics.median(without), statistics.median(with_)
    print(f"{args.hands} hands x {args.rounds} rounds, median ms per hand: without "
          f"checkpoints {a:.2f}, with checkpoints {b:.2f}, cost {b - a:+.2f} ms per hand")


if __name__ == "__main__":
    main()
