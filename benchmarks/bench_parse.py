"""Parsing speed: every phrase of the voice sample through ``voice.understand.parse``.

Prints the time per phrase (p50, p99, max) over several runs; the parser is on the
listening path, so its share of the end-of-speech-to-intent latency should stay small.

    .venv/bin/python benchmarks/bench_parse.py [--runs 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from engine.sizing import BettingContext
from voice.understand.parse import parse

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "voice" / "voice_phrases.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines() if line.strip()]
    pairs = [(row["text"], BettingContext.from_json(row["context"])) for row in rows]
    parse("warm up")
    times: list[float] = []
    for _ in range(args.runs):
        for text, ctx in pairs:
            start = time.perf_counter()
            parse(text, ctx)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(json.dumps({"phrases": len(pairs), "runs": args.runs,
                      "ms_p50": round(statistics.median(times), 3),
                      "ms_p99": round(times[int(len(times) * 0.99)], 3),
                      "ms_max": round(times[-1], 3)}))


if __name__ == "__main__":
    main()
