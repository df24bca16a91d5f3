"""Does Whisper, hearing on its own thread, hold up the render loop?

    HOLDEM_OFFLINE=1 .venv/bin/python benchmarks/bench_whisper_frames.py [--seconds 20]

A stand-in render loop (60 frames a second, each a few milliseconds of numpy drawing
work, then a sleep to the next frame) runs on the main thread while Whisper hears flite
commands over and over through the Recognizer interface (``feed`` + ``settle`` +
``finish`` on a second thread, as the game's audio thread does). Printed: frame time
p50 / p99 / max with Whisper idle and while it hears, and Whisper's time per utterance.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.sizing import BettingContext  # noqa: E402
from voice.recognize.store import find_whisper_model  # noqa: E402
from voice.recognize.whisper import WhisperRecognizer  # noqa: E402
from voice.speak.synth import Synthesizer  # noqa: E402

FRAME = 1 / 60
CTX = BettingContext(10, 150, 40, 0, 40, 1000, False, 80, 1000, "flop")


def frames(seconds: float) -> list[float]:
    """Frame times (ms: from the frame's start until its drawing is done) of the
    stand-in render loop over ``seconds``; a thread holding the GIL lengthens them."""
    canvas = np.zeros((720, 1280), dtype=np.float32)
    out = []
    end = time.perf_counter() + seconds
    while (start := time.perf_counter()) < end:
        for _ in range(20):  # a few ms of drawing, in Python-level steps as pygame's are
            canvas[::16, ::16] += 0.5
        out.append((time.perf_counter() - start) * 1000)
        time.sleep(max(0.0, FRAME - (time.perf_counter() - start)))
    return out


def stats(values: list[float]) -> str:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))]  # noqa: E731
    return f"p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, max {ordered[-1]:.1f} ms"


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--seconds", type=float, default=20.0)
    options = args.parse_args()
    path = find_whisper_model()
    if path is None:
        print("no verified Whisper model", file=sys.stderr)
        return 1
    rec = WhisperRecognizer(path)
    rec.bind_context(lambda: CTX)
    with tempfile.TemporaryDirectory() as tmp, Synthesizer(Path(tmp), isolated=True) as synth:
        clips = [synth.flite(t, "slt").pcm for t in ("call", "raise to two hundred", "fold",
                                                    "what's the pot")]
    idle = frames(options.seconds / 2)
    spent: list[float] = []
    stop = threading.Event()

    def hear() -> None:
        i = 0
        while not stop.is_set():
            began = time.perf_counter()
            rec.feed(clips[i % len(clips)])
            rec.settle()
            rec.finish()
            spent.append((time.perf_counter() - began) * 1000)
            i += 1

    worker = threading.Thread(target=hear, daemon=True)
    worker.start()
    busy = frames(options.seconds / 2)
    stop.set()
    worker.join()
    rec.close()
    print(f"frames, Whisper idle:    {stats(idle)}")
    print(f"frames, Whisper hearing: {stats(busy)} ({len(spent)} utterances heard)")
    print(f"Whisper per utterance:   {stats(spent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
