"""Echo cancellers on the game's own speech: echo return loss enhancement (ERLE).

Real TTS lines (espeak-ng, the narrator's and the bots' voices) are played through a
simulated loudspeaker and room (``voice.listen.echo.RoomEcho``: delay, decaying reflections,
a softly clipping speaker) into a microphone with a little room noise; each canceller
gets the microphone and the clean reference and its residual is compared with the echo.
Reported: ERLE over the whole run and over the last half (after convergence), with and
without the residual suppressor, the share of echo frames the speech gate would still
open on, and the time per second of audio.

    python benchmarks/bench_echo.py            # our canceller; AEC3 too if installed
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice.listen.echo import RATE, EchoCanceller, RoomEcho, erle_db, read_wav

LINES = [
    ("Your turn: 40 to call, pot 135", "en-us"),
    ("Maniac raises to 60", "en-gb-x-rp+m3"),
    ("Fold? Say yes or no", "en-us"),
    ("I'll call that, you're bluffing", "en-us+f3"),
    ("The flop: Ace of hearts, Seven of clubs and Two of spades. Pot 60", "en-us"),
    ("All in for 980? Say yes or no", "en-us"),
    ("Rock checks", "en-gb-scotland+m1"),
    ("Call call call, I always call", "en-us-nyc+f2"),
]


def speech(folder: Path) -> np.ndarray:
    """The lines, rendered and joined with short pauses (16 kHz float)."""
    parts = []
    for i, (text, voice) in enumerate(LINES):
        path = folder / f"line{i}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(path), text], check=True)
        parts += [read_wav(path), np.zeros(RATE // 3)]
    return np.concatenate(parts)


def run(name: str, cancel: object, played: np.ndarray, room: RoomEcho,
        rng: np.random.Generator) -> None:
    block = RATE // 100
    echo = room.apply(played)
    noise = rng.standard_normal(echo.size) * 30
    mic = echo + noise
    out = np.zeros(0)
    started = time.perf_counter()
    for i in range(0, mic.size - block + 1, block):
        near = np.clip(mic[i:i + block], -32768, 32767).astype("<i2")
        far = np.clip(played[i:i + block], -32768, 32767).astype("<i2")
        if isinstance(cancel, EchoCanceller):
            res = np.frombuffer(cancel.process(near.tobytes(), far.tobytes()), "<i2")
        else:
            res = cancel.process(near, far)  # type: ignore[attr-defined]
        out = np.concatenate([out, res.astype(np.float64)])
    seconds = time.perf_counter() - started
    n = out.size
    # Our canceller hands its output back one block late: line it up.
    lag = block if isinstance(cancel, EchoCanceller) else 0
    res = out[lag:n]
    ref = echo[:n - lag]
    active = np.abs(ref) > 0  # where there is echo to cancel
    half = res.size // 2
    frames = res[: res.size // block * block].reshape(-1, block)
    echo_frames = ref[: res.size // block * block].reshape(-1, block)
    loud = (10 * np.log10(np.mean(frames ** 2, axis=1) / 32768**2 + 1e-12) > -48)
    has_echo = 10 * np.log10(np.mean(echo_frames ** 2, axis=1) / 32768**2 + 1e-12) > -48
    print(f"{name:34s} ERLE all {erle_db(ref[active], res[active]):5.1f} dB, "
          f"converged {erle_db(ref[half:][active[half:]], res[half:][active[half:]]):5.1f} dB; "
          f"echo frames still above -48 dBFS {np.mean(loud[has_echo]) * 100:4.1f}% "
          f"(before: 100%); {seconds / (n / RATE) * 1000:.1f} ms per s of audio")


def main() -> int:
    if shutil.which("espeak-ng") is None:
        print("espeak-ng is needed", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        played = speech(Path(tmp))
    played = np.concatenate([played, played])  # twice: converged on the second pass
    print(f"{played.size / RATE:.1f} s of game speech through a simulated room")
    for delay, decay, drive in ((40, 120, 1.5), (120, 200, 2.5)):
        print(f"-- room: {delay} ms delay, {decay} ms decay, speaker drive {drive}")
        def room(delay: float = delay, decay: float = decay, drive: float = drive) -> RoomEcho:
            return RoomEcho(delay_ms=delay, decay_ms=decay, drive=drive)
        run("numpy NLMS + suppressor", EchoCanceller(), played, room(), np.random.default_rng(1))
        run("numpy NLMS, no suppressor", EchoCanceller(suppress_db=-100), played, room(),
            np.random.default_rng(1))
        try:
            from pywebrtc_audio import EchoCanceller as Aec3
        except ImportError:
            print("pywebrtc-audio (WebRTC AEC3) not installed: skipped")
            continue
        run("pywebrtc-audio 0.2.0 (AEC3)", Aec3(RATE), played, room(), np.random.default_rng(1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
