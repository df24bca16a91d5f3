"""The turn clock against the wall clock, in the real game loop and a real window: the
game plays one hand (``--hands 1 --no-voice``) at an animation speed, the player does
nothing, and every tick of the player's clock is noted with the wall time; printed is how
many clock seconds went by per real second (1.0: the clock runs at real time).

    DISPLAY=:99 .venv/bin/python benchmarks/bench_clock_window.py [--speed 4]

Run it on an X display (a desktop, or ``Xvfb :99 -screen 0 1280x720x24 &``): the window is
real, not SDL's dummy driver. The game uses its own save folder in a temporary directory.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DRIVER = """
import json, sys, time
import game.table.clock as clock
samples = []
tick = clock.TurnClock.tick
def noted(self, seconds):
    out = tick(self, seconds)
    if self.running or out:
        samples.append((time.perf_counter(), self.remaining + self.bank))
    return out
clock.TurnClock.tick = noted
from game.__main__ import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w") as f:
    json.dump(samples, f)
sys.exit(code)
"""


def rate(samples: list[list[float]]) -> tuple[float, float, float]:
    """Wall seconds, clock seconds and clock seconds per wall second over the first
    decision (the clock's time left only falls within one)."""
    run = samples[:1]
    for before, after in itertools.pairwise(samples):
        if after[1] > before[1] + 0.5:  # a new decision: the clock was started again
            break
        run.append(after)
    wall = run[-1][0] - run[0][0]
    spent = run[0][1] - run[-1][1]
    return wall, spent, spent / wall if wall else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", type=float, default=4.0)
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    if not os.environ.get("DISPLAY"):
        print("bench_clock_window: set DISPLAY (e.g. Xvfb :99 and DISPLAY=:99)",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "samples.json"
        env = {**os.environ, "HOLDEM_DATA_DIR": f"{tmp}/data",
               "HOLDEM_CONFIG_DIR": f"{tmp}/config", "HOLDEM_OFFLINE": "1",
               "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
        game = subprocess.run(
            [sys.executable, "-c", DRIVER, str(out), "--speed", str(args.speed),
             "--new-table", "--hands", "1", "--no-voice", "--seed", "3", "--size", args.size],
            env=env, cwd=tmp, capture_output=True, text=True, timeout=600)
        if game.returncode != 0 or not out.is_file():
            print(game.stderr[-2000:], file=sys.stderr)
            return 1
        samples = json.loads(out.read_text(encoding="utf-8"))
    if not samples:
        print("bench_clock_window: the player's clock never ran", file=sys.stderr)
        return 1
    wall, spent, per_second = rate(samples)
    print(json.dumps({"speed": args.speed, "wall_seconds": round(wall, 2),
                      "clock_seconds": round(spent, 2),
                      "clock_per_real_second": round(per_second, 4)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
