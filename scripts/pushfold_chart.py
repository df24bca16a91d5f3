"""Compute the push-or-fold data the short-stack bots read (bots/data/).

``python scripts/pushfold_chart.py [--samples N] [--seed S]`` writes
``preflop_equity.json`` (every starting-hand class's all-in equity against every other,
by Monte Carlo over compatible combos and random boards, with the engine's evaluator) and
``pushfold.json`` (heads-up push and call ranges solved from it, for stacks of 1 to 20 big
blinds, without antes and with antes of a tenth of the big blind, as the Sit & Go plays).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.pushfold import NAMES, combos, compatible, solve
from engine.evaluator import evaluate_batch

OUT = Path(__file__).resolve().parent.parent / "bots" / "data"
DEPTHS = [x / 2 for x in range(2, 41)]  # 1 to 20 big blinds by halves
ANTES = [0.0, 0.1]


def matchup(i: int, j: int, samples: int, gen: np.random.Generator) -> float:
    """Class i's share of the pot against class j over ``samples`` random deals."""
    pairs = [(a, b) for a in combos(i) for b in combos(j) if not set(a) & set(b)]
    pick = gen.integers(0, len(pairs), samples)
    holes = np.array(pairs, dtype=np.int64)[pick].reshape(samples, 4)
    keys = gen.random((samples, 52))
    keys[np.arange(samples)[:, None], holes] = 2.0  # the hole cards are never dealt
    boards = np.argsort(keys, axis=1)[:, :5]
    hands = np.empty((2, samples, 7), dtype=np.int64)
    hands[0, :, :2] = holes[:, :2]
    hands[1, :, :2] = holes[:, 2:]
    hands[:, :, 2:] = boards
    values = evaluate_batch(hands.reshape(-1, 7)).reshape(2, samples)
    return float(((values[0] > values[1]) + 0.5 * (values[0] == values[1])).mean())


def equity_matrix(samples: int, seed: int) -> list[list[int]]:
    """Thousandths of the pot, E[i][j] + E[j][i] = 1000."""
    gen = np.random.default_rng(seed)
    n = len(NAMES)
    e = [[500] * n for _ in range(n)]
    t0 = time.perf_counter()
    for i in range(n):
        for j in range(i + 1, n):
            share = round(1000 * matchup(i, j, samples, gen))
            e[i][j], e[j][i] = share, 1000 - share
        if i % 20 == 0:
            print(f"  {NAMES[i]} done ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return e


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--samples", type=int, default=3000, help="deals per matchup")
    p.add_argument("--seed", type=int, default=24)
    p.add_argument("--reuse-equity", action="store_true",
                   help="solve from the existing preflop_equity.json")
    a = p.parse_args()
    equity_path = OUT / "preflop_equity.json"
    if not a.reuse_equity:
        matrix = equity_matrix(a.samples, a.seed)
        equity_path.write_text(json.dumps(
            {"about": f"All-in equity, thousandths of the pot, row class against column "
                      f"class; {a.samples} random deals a matchup (seed {a.seed}), written "
                      f"by scripts/pushfold_chart.py", "classes": list(NAMES),
                      "equity": matrix}, separators=(",", ":")) + "\n", encoding="utf-8")
    data = json.loads(equity_path.read_text(encoding="utf-8"))
    e = np.array(data["equity"], dtype=np.float64) / 1000.0
    w = compatible()
    chart: dict[str, object] = {
        "about": "Heads-up push/fold ranges by effective stack in big blinds: one string "
                 "of 169 flags per depth, classes in preflop_equity.json's order; solved "
                 "by scripts/pushfold_chart.py (fictitious play, 400 rounds)",
        "depths": DEPTHS, "antes": ANTES, "push": {}, "call": {}}
    for ante in ANTES:
        pushes, calls = [], []
        for depth in DEPTHS:
            push, call = solve(depth, ante, e, w)
            pushes.append("".join("1" if f >= 0.5 else "0" for f in push))
            calls.append("".join("1" if f >= 0.5 else "0" for f in call))
        chart["push"][str(ante)] = pushes  # type: ignore[index]
        chart["call"][str(ante)] = calls  # type: ignore[index]
        share = [row.count("1") / len(NAMES) for row in pushes]
        print(f"ante {ante}: push classes at 5/10/15/20 bb: "
              f"{share[8]:.2f} {share[18]:.2f} {share[28]:.2f} {share[38]:.2f}")
    (OUT / "pushfold.json").write_text(json.dumps(chart, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
