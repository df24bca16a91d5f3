"""The JSON Lines loop all four command-line tools share: one line out per line in,
whatever a line holds, and only strict JSON out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import jsonlines

ROOT = Path(__file__).resolve().parents[2]


def _echo(value: Any) -> dict[str, Any]:
    if value == "boom":
        raise RuntimeError("it broke")
    return {"got": value}


def _serve(data: bytes) -> list[dict[str, Any]]:
    out = io.StringIO()
    assert jsonlines.serve(_echo, io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_line_gets_one_answer_in_order_whatever_it_holds() -> None:
    lines = [b'{"a": 1}', b"", b"not json", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000,
             b"9" * 5000, b'"boom"', b"[1,\r", b'{"a": 2}\r']
    out = _serve(b"\n".join(lines))  # the last line has no newline, and a CR
    assert len(out) == len(lines)
    assert out[0] == {"got": {"a": 1}} and out[-1] == {"got": {"a": 2}}
    messages = [o["error"]["message"] for o in out[1:-1]]
    assert messages[0].startswith("Not valid JSON") and messages[1].startswith("Not valid")
    assert messages[2] == "Not UTF-8 text (byte 1)"
    assert messages[3] == "Not valid JSON: nested too deeply"
    assert messages[4].startswith("Not valid JSON") and "digits" in messages[4]
    assert messages[5] == "Internal error: it broke"
    assert messages[6].startswith("Not valid JSON")


def test_a_failure_runs_the_tools_clean_up_first() -> None:
    calls: list[str] = []
    answer = jsonlines.answer('"boom"', _echo, on_failure=lambda: calls.append("reset"))
    assert calls == ["reset"] and "Internal error" in answer["error"]["message"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 10**5000],
                         ids=["nan", "infinity", "5000-digits"])
def test_what_strict_json_cannot_hold_becomes_an_error_line(value: object) -> None:
    text = jsonlines.encode({"to": value})
    assert json.loads(text) == {"error": {"message":
                                          "The answer holds a number too large to write"}}
    assert "NaN" not in text and "Infinity" not in text


@pytest.mark.parametrize("tool", ["engine.replay", "voice.parse", "bots.sim"])
def test_the_tools_survive_hostile_lines_under_a_strict_locale(tool: str) -> None:
    good = {"engine.replay": {"stacks": [100, 100], "small_blind": 5, "big_blind": 10},
            "voice.parse": {"text": "call"},
            "bots.sim": {"hands": 3, "seats": ["rock", "station"]}}[tool]
    lines = [json.dumps(good).encode(), b"\xff", b"[" * 50_000, b"1" * 5000,
             b'{"stacks": [1, 2], "text": NaN, "hands": Infinity}', json.dumps(good).encode()]
    done = subprocess.run([sys.executable, "-m", tool], input=b"\n".join(lines), cwd=ROOT,
                          capture_output=True, timeout=120, check=False,
                          env={"PYTHONIOENCODING": "utf-8:strict", "LANG": "C",
                               "PATH": "/usr/bin:/bin", "HOME": str(ROOT)})
    assert done.returncode == 0, done.stderr.decode()[-500:]
    out = [json.loads(line, parse_constant=pytest.fail) for line in done.stdout.splitlines()]
    assert len(out) == len(lines)
    timing = {"seconds", "decision_ms_p50", "decision_ms_p99"}
    first, last = ({k: v for k, v in o.items() if k not in timing} for o in (out[0], out[-1]))
    assert set(first) != {"error"} and first == last
    assert all(set(o) == {"error"} and o["error"]["message"] for o in out[1:-1])


def test_the_exit_status_says_when_every_line_failed() -> None:
    def status(data: bytes, handle: jsonlines.Handler = _echo) -> int:
        return jsonlines.serve(handle, io.BytesIO(data), io.StringIO())

    assert status(b"") == 0  # no input: nothing failed
    assert status(b'"boom"\nnot json\n\xff') == 1  # every line answered with an error line
    assert status(b'"boom"\n{"a": 1}\nnot json') == 0  # one line worked
    assert status(b"[1]", lambda value: {"to": float("nan")}) == 1  # unwritable answers
    # an answer that carries an error field (an illegal action in a replay) is an answer
    assert status(b"1", lambda value: {"error": {"step": 0}, "steps": []}) == 0


@pytest.mark.parametrize("tool", ["engine.replay", "voice.parse", "bots.sim"])
def test_a_tool_whose_every_line_failed_exits_non_zero(tool: str) -> None:
    done = subprocess.run([sys.executable, "-m", tool], input=b"not json\n[]\n", cwd=ROOT,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr.decode()[-500:]
    assert [set(json.loads(line)) for line in done.stdout.splitlines()] == [{"error"}] * 2
