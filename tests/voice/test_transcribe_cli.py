"""``python -m voice.transcribe`` answers contract 3 line for line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice.speak.narrator import VoiceSpec
from voice.speak.synth import Synthesizer

ROOT = Path(__file__).resolve().parents[2]


def run(lines: list[str]) -> list[dict[str, object]]:
    env = {**os.environ, "HOLDEM_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-m", "voice.transcribe"], cwd=ROOT, env=env,
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="module")
def wavs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("cli")
    with Synthesizer(folder, isolated=True) as synth:
        raise_ = synth.espeak("raise to three hundred", VoiceSpec("gmw/en-us+klatt", 200, 50))
        check = synth.espeak("check", VoiceSpec("gmw/en-us+klatt", 200, 50))
        yes = synth.espeak("yes", VoiceSpec("gmw/en-us+klatt", 160, 50))
        out = {"raise": raise_.save(folder / "raise.wav"),
               "check": check.save(folder / "check.wav"), "yes": yes.save(folder / "yes.wav")}
        for words in SCREEN_WORDS:  # espeak-ng's own default voice, as an outside check's
            out[words] = synth.espeak(words, VoiceSpec("gmw/en", 175, 50)).save(
                folder / f"{words.replace(' ', '_')}.wav")
        return out


SCREEN_WORDS = ("sit down", "sit and go", "voice volume fifty", "level three", "shark")


def test_each_line_gets_text_intent_backend_confidence_and_latency(
        wavs: dict[str, Path], tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"RIFF\x10\x00\x00\x00WAVEnope")
    facing = {"big_blind": 10, "pot": 55, "current_bet": 40, "to_call": 40, "stack": 1000,
              "min_raise_to": 70, "max_raise_to": 1000, "street": "preflop"}
    out = run([
        json.dumps({"wav": str(wavs["raise"]), "context": facing}),
        "this is not json",
        json.dumps({"wav": str(tmp_path / "missing.wav")}),
        json.dumps({"wav": str(bad)}),
        json.dumps({"no": "wav"}),
        json.dumps({"wav": str(wavs["check"])}),
    ])
    assert len(out) == 6
    first = out[0]
    assert set(first) == {"text", "intent", "backend", "confidence", "latency_ms",
                          "decision", "readings"}
    assert first["intent"] == {"intent": "raise", "to": 300, "query": None, "control": None,
                               "error": None}
    assert first["backend"] == "whisper+pocketsphinx+spotter"  # the installed models
    readings = first["readings"]
    assert [r["backend"] for r in readings] == [  # type: ignore[index]
        "pocketsphinx", "whisper", "spotter"]
    assert first["decision"] in ("act", "ask", "offer")
    assert 0.0 <= first["confidence"] <= 1.0  # type: ignore[operator]
    assert first["latency_ms"] > 0  # type: ignore[operator]  # (speed: bench_voice.py)
    assert "error" in out[1] and "JSON" in out[1]["error"]["message"]  # type: ignore[index]
    assert "no such file" in out[2]["error"]["message"]  # type: ignore[index]
    assert "not a PCM WAV file" in out[3]["error"]["message"]  # type: ignore[index]
    assert "wav" in out[4]["error"]["message"]  # type: ignore[index]
    assert out[5]["intent"]["intent"] == "check"  # type: ignore[index]


def test_a_vosk_model_that_is_not_there_is_said_not_silently_replaced(tmp_path: Path) -> None:
    env = {**os.environ, "HOLDEM_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-m", "voice.transcribe", "--vosk-model",
                           str(tmp_path / "missing")], cwd=ROOT, env=env, input="",
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0
    assert "--vosk-model" in done.stderr and "using pocketsphinx" in done.stderr


def test_yes_answers_only_while_a_question_waits(wavs: dict[str, Path]) -> None:
    asked, unasked, bad = run([json.dumps({"wav": str(wavs["yes"]), "question": True}),
                               json.dumps({"wav": str(wavs["yes"])}),
                               json.dumps({"wav": str(wavs["yes"]), "question": "yes"})])
    assert asked["intent"]["intent"] == "confirm"  # type: ignore[index]
    assert asked["decision"] == "act"
    assert unasked["decision"] == "none"  # nothing was asked: "Sorry, I didn't catch that"
    assert "question" in bad["error"]["message"]  # type: ignore[index]


def test_on_a_screen_its_commands_are_heard_and_no_bet_is(wavs: dict[str, Path]) -> None:
    """"screen": true hears as the game does on the start screen or a dialog: the
    screens' language model, Whisper scoring the screens' commands, no ear's bet counting
    (before, "sit down" by espeak-ng's own voice was asked about on Whisper's word
    alone, pocketsphinx's table model hearing "six don't")."""
    heard = run([json.dumps({"wav": str(wavs[words]), "screen": True})
                 for words in SCREEN_WORDS] + ['{"wav": "x.wav", "screen": "yes"}'])
    meant = [(h["intent"]["control"], (h["intent"].get("choice") or {}).get("row"))  # type: ignore[index, union-attr]
             for h in heard[:5]]
    assert meant == [("sit_down", None), ("sit_and_go", None), ("choose", "voice_volume"),
                     ("choose", "blinds"), ("choose", "strength")]
    assert [h["decision"] for h in heard[:5]] == ["act"] * 5
    assert "screen" in heard[5]["error"]["message"]  # type: ignore[index]

