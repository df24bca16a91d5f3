"""Soak: the whole game (table scene, bots, presenter, save file) in autoplay at top
speed for 2,000 hands, printing memory at the start, every 1,000 hands and at the end:
the process's resident set (RSS) and Python's own allocations (tracemalloc).

    .venv/bin/python benchmarks/bench_soak.py [--hands N] [--every N] [--top K]

Target (issue 16): growth under 2 MB per 1,000 hands. ``--top K`` lists the K source
lines whose allocations grew most between the first sample and the end.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HOLDEM_OFFLINE", "1")


def rss_mb() -> float:
    """Resident set size in MB (Linux /proc; ``resource`` peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as data:
        os.environ["HOLDEM_DATA_DIR"] = data
        os.environ["HOLDEM_CONFIG_DIR"] = data
        run(args, Path(data))


def run(args: argparse.Namespace, data: Path) -> None:
    import pygame

    from game.app import App
    from game.persistence.saving import SaveGame
    from game.settings.model import GameSettings
    from game.table.factory import table_scene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((960, 540))
    settings = GameSettings().with_(speed=100.0)  # the top of --speed's range
    save = SaveGame.open()
    app = App(screen, settings, fps=0, fixed_step=True, save=save)
    app.push(table_scene(app, settings, args.seed, autopilot_kind="shark", save=save))
    tracemalloc.start()

    def play_to(hands: int) -> None:
        """The game's own loop (frame stats included) until ``hands`` hands are done."""
        app.stop_after_hands, app.running = hands, True
        app.run()

    def sample(label: str) -> tuple[float, float]:
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] / 2**20
        rss = rss_mb()
        print(f"{label:>12}: hands {app.hands:>6,}  RSS {rss:7.1f} MB  "
              f"tracemalloc {traced:7.2f} MB", flush=True)
        return rss, traced

    play_to(50)  # warm up: fonts, sprites, the evaluator's tables
    first = sample("start")
    base = app.hands
    snapshot = tracemalloc.take_snapshot()
    started = time.perf_counter()
    samples = []
    while app.hands < base + args.hands and app.scenes:
        play_to(min(app.hands + args.every, base + args.hands))
        samples.append((app.hands, *sample(f"+{app.hands - base:,}")))
    elapsed = time.perf_counter() - started
    last = sample("end")
    played = app.hands - base
    per = 1000 / played if played else 0.0
    print(f"{played:,} hands in {elapsed:.0f} s ({played / elapsed:.0f} hands/s); growth per "
          f"1,000 hands: RSS {(last[0] - first[0]) * per:+.2f} MB, tracemalloc "
          f"{(last[1] - first[1]) * per:+.2f} MB")
    if len(samples) > 1:  # the caches (fonts, ranges, hand values) fill while warming up
        (h0, r0, t0), (h1, r1, t1) = samples[0], samples[-1]
        per = 1000 / (h1 - h0)
        print(f"after the first {h0 - base:,} hands, growth per 1,000 hands: RSS "
              f"{(r1 - r0) * per:+.2f} MB, tracemalloc {(t1 - t0) * per:+.2f} MB")
    if args.top:
        for stat in tracemalloc.take_snapshot().compare_to(snapshot, "lineno")[:args.top]:
            print(f"  {stat}")
    save.close()
    pygame.quit()


if __name__ == "__main__":
    main()
