"""The outside check, played here: the installed game from its start screen, driven only
by espeak-ng voice files through the real recognizers, checked only by its speech log
and its hand histories. It sits down, asks its position, calls, says "repeat that",
leaves the table and quits, all by voice."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from voice.speak.ear import has_symbols
from voice.speak.narrator import VoiceSpec
from voice.speak.synth import Synthesizer

pytestmark = pytest.mark.slow

SAID = ("sit down", "what's my position", "call", "repeat that", "leave the table", "yes",
        "quit the game", "yes")
"""The outside check's session, shortened to keep the suite quick (the other questions
are asked in tests/game/test_session_by_ear.py, the recognizers measured in
benchmarks/bench_voice.py)."""


def _bets_and_raises(histories: Path) -> list[tuple[str, int]]:
    """Each bot's bet and raise in the PokerStars text: (name, the amount it came to)."""
    out = []
    for path in histories.glob("HH*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("You:"):
                continue
            if m := re.match(r"(\w+): (?:bets|raises \d+ to) (\d+)", line):
                out.append((m[1], int(m[2])))
    return out


def test_a_session_from_the_start_screen_by_voice_files_alone(tmp_path: Path) -> None:
    said = tmp_path / "said"
    said.mkdir()
    files = []
    with Synthesizer(said, isolated=True) as synth:
        for k, words in enumerate(SAID):
            files.append(synth.espeak(words, VoiceSpec("gmw/en-us", 150, 50)).save(
                said / f"{k:02d}.wav"))
    log = tmp_path / "heard.jsonl"
    env = {**os.environ, "HOLDEM_DATA_DIR": str(tmp_path / "data"),
           "HOLDEM_CONFIG_DIR": str(tmp_path / "config"), "HOLDEM_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--headless", "--seed", "3", "--speech-log", str(log),
         "--voice-from", *map(str, files)],
        env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    spoken = [r for r in records if r["spoken"]]
    lines = [str(r["text"]) for r in spoken]
    assert lines[0] == "Hold'em, the start screen.", records[:4]
    assert not [line for line in lines if has_symbols(line)]
    assert "Sorry, I can't answer that" not in lines
    assert any("button" in line for line in lines), lines  # the position, answered
    assert any(line.startswith("You leave with") for line in lines)
    goodbye = lines[-1]
    assert goodbye.startswith("Goodbye") and "chips" in goodbye
    bets = _bets_and_raises(tmp_path / "data" / "hand-histories")
    for name, amount in bets:
        assert any(name in line and f"{amount:,}" in line for line in lines), (name, amount)
