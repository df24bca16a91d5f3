"""Sit & Go soundness and length (``python benchmarks/bench_sitngo.py``).

Part 1 plays ``--count`` Sit & Gos (seeds 1..count) with the autoplay line-up (a shark
in the player's chair; shark, maniac, station beside it; all with the push-or-fold
chart, as at the table) through ``bots.sitngo``, which
checks every hand: chips conserved and the blinds and ante the schedule names for that
hand. Each must finish with the places a permutation of the four seats. Part 2 runs
``--cli`` of the same seeds through ``holdem --autoplay 100000 --sit-and-go`` (the whole
game loop, drawing included) and checks its closing report the same way; its frame count
gives the game time, so the length at speed 1 (animations and bot thinking, without the
player's own thinking) is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots.api import create_bot  # noqa: E402
from bots.shortstack import with_chart  # noqa: E402
from bots.sitngo import SitAndGoResult, play_sit_and_go  # noqa: E402
from engine.tournament import SitAndGoConfig, Speed  # noqa: E402

LINEUP = ("shark", "shark", "maniac", "station")  # the autoplay chair, then settings.bots
AUTOPLAY_SPEED = 8.0  # game seconds per wall second in autoplay (game/cli/args.py)
FIXED_FPS = 60  # autoplay's fixed step: 1/60 game-second a frame at --fps 0


def _one(args: tuple[int, str]) -> tuple[int, SitAndGoResult, float]:
    seed, speed = args
    rng = random.Random(seed)
    bots = [with_chart(create_bot(kind, random.Random(rng.getrandbits(64)), think=False),
                       random.Random(rng.getrandbits(64))) for kind in LINEUP]
    t0 = time.perf_counter()
    result = play_sit_and_go(SitAndGoConfig(speed=Speed(speed)), bots,
                             random.Random(rng.getrandbits(64)))
    return seed, result, time.perf_counter() - t0


def _cli(seed: int, speed: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "HOLDEM_DATA_DIR": data,
               "HOLDEM_CONFIG_DIR": data, "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        out = subprocess.run(
            [sys.executable, "-m", "game", "--autoplay", "100000", "--sit-and-go", speed,
             "--seed", str(seed), "--headless", "--fps", "0", "--size", "960x540"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=True)
    report: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return report


def spread(values: list[float]) -> str:
    q = statistics.quantiles(values, n=10) if len(values) >= 2 else [values[0]] * 9
    return (f"median {statistics.median(values):.0f}, p10 {q[0]:.0f}, p90 {q[8]:.0f}, "
            f"min {min(values):.0f}, max {max(values):.0f}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--speed", choices=("standard", "turbo"), default="standard")
    p.add_argument("--cli", type=int, default=0, metavar="K",
                   help="also play seeds 1..K through holdem --autoplay")
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    config = SitAndGoConfig(speed=Speed(a.speed))
    failures = 0
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(_one, [(s, a.speed) for s in range(1, a.count + 1)]))
    for seed, r, _ in results:
        bad = []
        if not r.finished:
            bad.append("did not finish")
        if sorted(r.places) != [0, 1, 2, 3]:
            bad.append(f"places {r.places}")
        if not r.chips_conserved or not r.schedule_kept:
            bad.extend(r.problems[:3])
        if [lv.number for lv in r.levels] != list(range(1, len(r.levels) + 1)):
            bad.append("levels skipped")
        if bad:
            failures += 1
            print(f"seed {seed}: " + "; ".join(bad))
    hands = [float(r.hands) for _, r, _ in results]
    levels = [float(len(r.levels)) for _, r, _ in results]
    wins = [0, 0, 0, 0]
    for _, r, _ in results:
        wins[r.places[0]] += 1
    print(f"{a.speed} Sit & Go, {a.count} played (seeds 1-{a.count}), line-up "
          f"{', '.join(LINEUP)}, {config.level_hands} hands a level:")
    print(f"  finished {sum(r.finished for _, r, _ in results)}/{a.count}; chips conserved "
          f"every hand {sum(r.chips_conserved for _, r, _ in results)}/{a.count}; blinds "
          f"and antes as scheduled {sum(r.schedule_kept for _, r, _ in results)}/{a.count}; "
          f"places a permutation {sum(sorted(r.places) == [0, 1, 2, 3] for _, r, _ in results)}"
          f"/{a.count}")
    print(f"  hands: {spread(hands)}")
    print(f"  last level reached: {spread(levels)}")
    print(f"  first places by seat: {wins}")
    print(f"  wall seconds a Sit & Go (bots only, no drawing): "
          f"{statistics.median(t for _, _, t in results):.2f} median")
    if a.cli:
        minutes: list[float] = []
        cli_hands: list[float] = []
        cli_failures = 0
        for seed in range(1, a.cli + 1):
            rep = _cli(seed, a.speed)
            t = rep["tournament"]
            assert isinstance(t, dict)
            ok = (t["finished"] and sorted(t["places"]) == [0, 1, 2, 3]
                  and rep["chips_conserved"]
                  and t["levels"] == [config.level(n).as_list()
                                      for n in range(1, len(t["levels"]) + 1)])
            if not ok:
                cli_failures += 1
                print(f"cli seed {seed}: {json.dumps(t)}")
            frames = rep["frames"]
            assert isinstance(frames, int)
            minutes.append(frames / FIXED_FPS * AUTOPLAY_SPEED / 60)
            cli_hands.append(float(t["hands"]))
        print(f"  through holdem --autoplay, seeds 1-{a.cli}: {a.cli - cli_failures} sound; "
              f"hands {spread(cli_hands)}")
        print(f"  game minutes at speed 1 (animations and bot thinking, not the player's "
              f"own): median {statistics.median(minutes):.1f}, min {min(minutes):.1f}, "
              f"max {max(minutes):.1f}")
        failures += cli_failures
    print(f"failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
