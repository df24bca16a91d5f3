"""Does the push-or-fold chart pay? (``python benchmarks/bench_sitngo_chart.py``)

Plays ``--count`` Sit & Gos (seeds 1..count) of one bot with the chart
(``bots.shortstack``) against three bots of the same kind and level without it; the chart
bot's seat rotates with the seed. Prints the chart bot's average place with a 95%
interval (the target: better than 2.5, the interval excluding 2.5) and how often it
finished in each place.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.api import Bot, create_bot
from bots.shortstack import with_chart
from bots.sitngo import play_sit_and_go
from engine.tournament import SitAndGoConfig, Speed


def _one(args: tuple[int, str, str]) -> int:
    seed, kind, speed = args
    rng = random.Random(seed)
    hero = seed % 4
    bots: list[Bot] = []
    for seat in range(4):
        bot = create_bot(kind, random.Random(rng.getrandbits(64)), think=False)
        bots.append(with_chart(bot, random.Random(rng.getrandbits(64)), level=3)
                    if seat == hero else bot)
    result = play_sit_and_go(SitAndGoConfig(speed=Speed(speed)), bots,
                             random.Random(rng.getrandbits(64)))
    return result.places.index(hero) + 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--count", type=int, default=400)
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--kind", default="shark")
    p.add_argument("--speed", choices=("standard", "turbo"), default="standard")
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    seeds = range(a.first_seed, a.first_seed + a.count)
    with ProcessPoolExecutor(a.workers) as pool:
        places = list(pool.map(_one, [(s, a.kind, a.speed) for s in seeds]))
    mean = statistics.fmean(places)
    half = 1.96 * statistics.stdev(places) / math.sqrt(len(places))
    counts = [places.count(k) for k in range(1, 5)]
    print(f"{a.count} {a.speed} Sit & Gos (seeds {seeds[0]}-{seeds[-1]}), one level-3 "
          f"{a.kind} with the chart vs three without: average place {mean:.3f} "
          f"(95% interval {mean - half:.3f} to {mean + half:.3f}); places 1st-4th {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
