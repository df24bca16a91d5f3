"""Turn-taking by voice at the real pace: is the player heard on their own turn?

Plays ``--hands`` hands (20) at speed 1 with the bots chatting, the player's seat
driven by ``--voice-from`` WAV files made here with espeak-ng and flite (several
voices; cached in ``benchmarks/.cache/voice_turns/``). The player says "call" (a call,
or a check when nothing is owed: always a right command), now and then "what's the
pot". The game runs headless with speakers (its own voice reaches the files through
the simulated room and is cancelled), as in ``holdem --hands N``; the figures are the
``voice`` object of its report line.

Targets (issue #14): no utterance dropped without an answer; the microphone listening
for at least 95% of the player's turn time; no clock expiry caused by the game's
speech; questions for at most 10% of right commands.

``--memory N`` measures memory instead, N times: one headless hand by the first four
voice files (three "call" and a "what's the pot"), the resident memory of the game and
its child processes (pocketsphinx's decoding worker) summed and sampled every 0.1 s
(:mod:`process_memory`); printed, each run's peak, each process's share of it and the
proportional sum then (target, issue 41: at most 450 MB).

    python benchmarks/bench_voice_turns.py [--hands 20] [--seed 3] [--headphones]
    python benchmarks/bench_voice_turns.py --memory 3
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "benchmarks" / ".cache" / "voice_turns"
SAID = ["call", "call", "call", "what's the pot", "call", "call", "call", "call"]
ESPEAK = ["en-us", "en-us+f3", "en-gb-x-rp+m3", "en-us+klatt"]
FLITE = ["slt", "kal", "awb", "rms"]
FILES_PER_HAND = 12
MEMORY_FILES = 4
MEMORY_TARGET_MB = 450.0


def make_files(count: int) -> list[Path]:
    """``count`` utterances, voices taking turns between espeak-ng and flite."""
    CACHE.mkdir(parents=True, exist_ok=True)
    files = []
    for i in range(count):
        text = SAID[i % len(SAID)]
        flite = i % 2 == 1 and shutil.which("flite") is not None
        voice = FLITE[i // 2 % len(FLITE)] if flite else ESPEAK[i // 2 % len(ESPEAK)]
        path = CACHE / f"{i:03d}-{'flite' if flite else 'espeak'}-{voice.replace('+', '_')}.wav"
        if not path.exists():
            if flite:
                cmd = ["flite", "-voice", voice, "-t", text, "-o", str(path)]
            else:
                cmd = ["espeak-ng", "-v", voice, "-s", "165", "-w", str(path), text]
            subprocess.run(cmd, check=True, capture_output=True)
        files.append(path)
    return files


def game_env(data: str, headphones: bool = False) -> dict[str, str]:
    """The game's environment: its own data and settings folder, offline, no window."""
    env = {**os.environ, "HOLDEM_DATA_DIR": data, "HOLDEM_CONFIG_DIR": data,
           "HOLDEM_OFFLINE": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    # Chips added by themselves when the player goes broke: a rebuy dialog waits
    # for a click the voice files can't give.
    (Path(data) / "settings.toml").write_text(
        "[table]\nauto_rebuy = true\n" + ("[voice]\nheadphones = true\n" if headphones else ""))
    return env


def memory(runs: int, seed: int) -> int:
    """``--memory``: the peak memory of the game and its children over one hand."""
    from process_memory import watch

    files = make_files(MEMORY_FILES)
    peaks = []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as data:
            game = subprocess.Popen(
                [sys.executable, "-m", "game", "--headless", "--hands", "1", "--speed", "1",
                 "--seed", str(seed), "--voice-from", *map(str, files)],
                cwd=ROOT, env=game_env(data), stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
            peak = watch(game)
            report = [line for line in game.communicate()[0].splitlines()
                      if line.startswith("{")]
        if game.returncode != 0 or not report:
            print(f"run {run + 1}: the game failed (exit {game.returncode})", file=sys.stderr)
            return 1
        heard = json.loads(report[-1])["voice"]["heard"]
        peaks.append(peak.total)
        each = ", ".join(f"{name} {mb:.1f}" for name, mb in peak.each.items())
        print(f"run {run + 1}: peak {peak.total:.1f} MB ({each}); proportional "
              f"{peak.proportional:.1f} MB; {heard} utterances heard, {peak.samples} samples")
    met = "met" if max(peaks) <= MEMORY_TARGET_MB else "not met"
    print(f"peak resident memory of the game and its children: {min(peaks):.1f}-"
          f"{max(peaks):.1f} MB over {runs} run{'s' if runs > 1 else ''} "
          f"(target <= {MEMORY_TARGET_MB:.0f} MB: {met})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--headphones", action="store_true",
                        help="listen as with headphones (no echo, nothing cancelled)")
    parser.add_argument("--memory", type=int, default=0, metavar="N",
                        help="measure the peak memory of one hand by voice files, N times")
    args = parser.parse_args(argv)
    if shutil.which("espeak-ng") is None:
        print("espeak-ng is needed to make the voice files", file=sys.stderr)
        return 1
    if args.memory:
        return memory(args.memory, args.seed)
    # Plenty: a file is used for every prompt (a question, "say that again"), and a
    # player who has run out of words leaves each turn to the clock (20 s and more).
    files = make_files(FILES_PER_HAND * args.hands)
    with tempfile.TemporaryDirectory() as data:
        env = game_env(data, args.headphones)
        started = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "game", "--headless", "--hands", str(args.hands),
             "--speed", "1", "--seed", str(args.seed), "--log-level", "info",
             "--voice-from", *map(str, files)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
        seconds = time.monotonic() - started
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0 or not lines:
        print(run.stderr[-2000:], file=sys.stderr)
        return 1
    report = json.loads(lines[-1])
    voice = report["voice"]
    turn = max(1, voice["turn_ms"])
    listening = 100 * (1 - voice["turn_ms_not_listening"] / turn)
    # Every file says a right command ("call", or a query): the share of the actions
    # applied that had a question (yes/no, or the numbered readings) in their turn.
    asked_share = 100 * voice["applied_asked"] / max(1, voice["applied"])
    print(f"{report['hands']} hands in {seconds:.0f} s at speed 1, {len(files)} voice files "
          f"({voice['duplex']}), backend {voice['backend']}")
    for key in ("heard", "applied", "applied_asked", "asked", "offered", "answered", "dropped",
                "talked_over", "barge_ins", "turn_ms", "turn_ms_not_listening",
                "clock_expiries", "clock_expiries_while_talking"):
        print(f"  {key:30s} {voice[key]}")
    print(f"  {'listening share of turn time':30s} {listening:.1f}%   (target >= 95%)")
    print(f"  {'right commands asked':30s} {asked_share:.1f}%   (target <= 10%)")
    print(f"  {'end of speech to intent':30s} p50 {voice['latency_ms_p50']} ms, p95 "
          f"{voice['latency_ms_p95']} ms   (targets 250 / 500 ms)")
    print(f"  {'dropped without an answer':30s} {voice['dropped']}   (target 0)")
    print(f"  {'clock expiries while talking':30s} {voice['clock_expiries_while_talking']}"
          "   (target 0)")
    said = [line.split("voice: ", 1)[1] for line in run.stderr.splitlines()
            if "voice: heard: " in line or "voice: said: " in line]
    for before, line in itertools.pairwise(["", *said]):
        if line.startswith("said:") and ("yes or no" in line or "one or two" in line.lower()):
            print(f"  asked: {before} -> {line}")
    gave_up = [line for line in run.stderr.splitlines() if line.startswith(("Gave up",
                                                                            "Skipped"))]
    print(f"  files given up or skipped: {len(gave_up)}; load average at the end: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
