"""Seven-card evaluation speed: ours (batch and scalar) against treys, phevaluator and
eval7 on the same random hands, plus the hero-vs-3 Monte Carlo equity time.

Run from the repository root: ``python benchmarks/bench_evaluator.py``. Each library
gets its own card objects prepared in advance, so only evaluation is timed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import card_str, parse_cards
from engine.equity import Range, equity
from engine.evaluator import _tables, evaluate, evaluate_batch

BATCH_HANDS = 100_000  # one evaluate_batch call
SCALAR_HANDS = 100_000  # one Python call per hand, for every scalar API
REPEATS = 5


def best_rate(n: int, run: Callable[[], object]) -> float:
    """Hands per second, best of REPEATS runs (least disturbed by other processes)."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return n / min(times)


def main() -> None:
    rng = np.random.default_rng(12345)
    hands = np.argsort(rng.random((BATCH_HANDS, 52)), axis=1)[:, :7]
    rows = hands[:SCALAR_HANDS].tolist()
    results: list[tuple[str, float | None, str]] = []

    start = time.perf_counter()
    _tables()
    build_ms = (time.perf_counter() - start) * 1e3

    results.append(("ours evaluate_batch", best_rate(BATCH_HANDS, lambda: evaluate_batch(hands)),
                    f"one call on ({BATCH_HANDS}, 7)"))
    results.append(("ours evaluate (scalar)",
                    best_rate(SCALAR_HANDS, lambda: [evaluate(r) for r in rows]),
                    "list of ints per hand"))

    try:
        from treys import Card as TreysCard
        from treys import Evaluator as TreysEvaluator

        tev = TreysEvaluator()
        tdeck = [TreysCard.new(card_str(c)) for c in range(52)]
        tsplit = [([tdeck[c] for c in r[:2]], [tdeck[c] for c in r[2:]]) for r in rows]
        results.append(("treys Evaluator.evaluate",
                        best_rate(len(tsplit), lambda: [tev.evaluate(h, b) for h, b in tsplit]),
                        "pure Python"))
    except ImportError:
        results.append(("treys", None, "not installed"))

    try:
        from phevaluator import evaluate_cards as ph_evaluate

        results.append(("phevaluator evaluate_cards",
                        best_rate(len(rows), lambda: [ph_evaluate(*r) for r in rows]),
                        "C extension, same card numbers"))
    except ImportError:
        results.append(("phevaluator", None, "not installed"))

    try:
        import eval7

        edeck = [eval7.Card(card_str(c)) for c in range(52)]
        ehands = [[edeck[c] for c in r] for r in rows]
        results.append(("eval7 evaluate",
                        best_rate(len(ehands), lambda: [eval7.evaluate(h) for h in ehands]),
                        "Cython"))
    except ImportError:
        results.append(("eval7", None, "not installed"))

    print(f"Seven-card evaluations per second (best of {REPEATS}; tables built in "
          f"{build_ms:.0f} ms)")
    print(f"  {'evaluator':<28} {'evals/s':>12}  note")
    for name, rate, note in results:
        shown = f"{rate:>12,.0f}" if rate is not None else f"{'-':>12}"
        print(f"  {name:<28} {shown}  {note}")

    hero = parse_cards(["Ah", "Kh"])
    print()
    print("Equity, AhKh pre-flop, 10,000 samples (median of 11 runs after a warm-up)")
    spots: list[tuple[str, int | list[Range]]] = [
        ("vs 3 random hands", 3),
        ("vs top 10%, 25%, 50% ranges", [Range.top_fraction(f) for f in (0.1, 0.25, 0.5)]),
    ]
    for label, opponents in spots:
        equity(hero, [], opponents, 10_000, random.Random(0))
        times = []
        for seed in range(11):
            start = time.perf_counter()
            result = equity(hero, [], opponents, 10_000, random.Random(seed))
            times.append((time.perf_counter() - start) * 1e3)
        print(f"  {label:<28} median {statistics.median(times):5.1f} ms "
              f"(min {min(times):.1f}, max {max(times):.1f}); equity {result.equity:.3f}")

if __name__ == "__main__":
    main()
