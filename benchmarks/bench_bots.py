"""Bot strength and speed, from ``bots.sim`` (``python benchmarks/bench_bots.py``).

Prints bb/100 with 95% intervals for: shark vs honest heads-up; the 4-seat table of
shark, maniac, station, rock; each personality vs random and vs callbot heads-up; each
personality's VPIP and PFR against its target band; decision time p50/p99; and the
time of a 4-way equity at 10,000 samples. Every line-up is played with its seats
rotated so each bot plays every seat; ``--hands`` sets the hands per line-up.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.api import PERSONALITIES, personalities
from bots.sim import SimRequest, run
from engine.cards import parse_cards
from engine.equity import equity


def rotations(seats: list[str]) -> list[list[str]]:
    return [seats[i:] + seats[:i] for i in range(len(seats))]


def _play(args: tuple[list[str], int, int]) -> dict[str, Any]:
    seats, hands, seed = args
    return run(SimRequest(hands, seed, tuple(seats), 5, 10, 1000, chatter=False))


def lineup(pool: ProcessPoolExecutor, seats: list[str], hands: int, seed: int
           ) -> dict[str, Any]:
    """Play the rotations; combine per bot kind (means of equal-sized runs)."""
    jobs = [(r, hands // len(seats), seed + i) for i, r in enumerate(rotations(seats))]
    results = list(pool.map(_play, jobs))
    per: dict[str, dict[str, list[float]]] = {}
    for (r, _, _), res in zip(jobs, results, strict=True):
        for s, kind in enumerate(r):
            d = per.setdefault(kind, {"bb": [], "ci": [], "vpip": [], "pfr": []})
            d["bb"].append(res["bb_per_100"][str(s)])
            d["ci"].append(res["ci95"][str(s)] or 0.0)
            d["vpip"].append(res["vpip"][str(s)])
            d["pfr"].append(res["pfr"][str(s)])
    out: dict[str, Any] = {"kinds": {}, "p50": max(r["decision_ms_p50"] for r in results),
                           "p99": max(r["decision_ms_p99"] for r in results)}
    for kind, d in per.items():
        k = len(d["bb"])
        out["kinds"][kind] = {
            "bb": sum(d["bb"]) / k,
            "ci": math.sqrt(sum(c * c for c in d["ci"])) / k,
            "vpip": sum(d["vpip"]) / k,
            "pfr": sum(d["pfr"]) / k,
        }
    return out


def equity_ms() -> float:
    rng = random.Random(1)
    hero = parse_cards(["As", "Kd"])
    board = parse_cards(["Qh", "7c", "2d"])
    equity(hero, board, 3, 10_000, rng)
    times = []
    for _ in range(20):
        t = time.perf_counter()
        equity(hero, board, 3, 10_000, rng)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    lineups: list[tuple[str, list[str]]] = [
        ("shark vs honest", ["shark", "honest"]),
        ("table", ["shark", "maniac", "station", "rock"]),
    ]
    for p in PERSONALITIES:
        lineups += [(f"{p} vs random", [p, "random"]), (f"{p} vs callbot", [p, "callbot"])]
    p50s, p99s = [], []
    table: dict[str, Any] = {}
    print(f"{'line-up':<22}{'bot':<10}{'bb/100':>10}{'±95%':>9}   verdict")
    with ProcessPoolExecutor(args.workers) as pool:
        for i, (title, seats) in enumerate(lineups):
            res = lineup(pool, seats, args.hands, args.seed + 100 * i)
            p50s.append(res["p50"])
            p99s.append(res["p99"])
            if title == "table":
                table = res
            shown = seats if title == "table" else seats[:1]
            for kind in shown:
                k = res["kinds"][kind]
                low = k["bb"] - k["ci"]
                verdict = "wins" if low > 0 else ("loses" if k["bb"] + k["ci"] < 0 else "unclear")
                print(f"{title:<22}{kind:<10}{k['bb']:>10.1f}{k['ci']:>9.1f}   {verdict}")
    print()
    print(f"{'personality':<12}{'VPIP':>7}{'band':>14}{'PFR':>8}{'band':>14}")
    data = personalities()
    for kind in PERSONALITIES:
        k, p = table["kinds"][kind], data[kind]
        vb, pb = p.vpip_band, p.pfr_band
        ok = "ok" if vb[0] <= k["vpip"] <= vb[1] and pb[0] <= k["pfr"] <= pb[1] else "OUT"
        print(f"{kind:<12}{k['vpip']:>7.1%}{f'{vb[0]:.0%}-{vb[1]:.0%}':>14}"
              f"{k['pfr']:>8.1%}{f'{pb[0]:.0%}-{pb[1]:.0%}':>14}  {ok}")
    print()
    print(f"decision ms: p50 {max(p50s):.2f}, p99 {max(p99s):.2f} (worst line-up)")
    print(f"equity 4-way 10,000 samples: {equity_ms():.1f} ms")
    print(f"{args.hands} hands per line-up, {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
