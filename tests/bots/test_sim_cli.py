"""``python -m bots.sim`` answers contract 4: N lines in, N lines out, errors as objects."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bots.sim import answer

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"hands", "bb_per_100", "ci95", "decision_ms_p50", "decision_ms_p99", "chat_lines",
        "distinct_chat_lines", "seconds"}


@pytest.mark.slow
def test_cli_gives_one_line_per_input_line_and_errors_as_objects() -> None:
    lines = [
        json.dumps({"hands": 30, "seed": 1, "seats": ["shark", "station", "maniac", "rock"],
                    "small_blind": 5, "big_blind": 10, "stack": 1000}),
        "{not json",
        json.dumps({"hands": 20, "seed": 2, "seats": ["honest", "random", "callbot"]}),
    ]
    done = subprocess.run([sys.executable, "-m", "bots.sim"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(out) == 3
    assert out[0].keys() >= KEYS and out[2].keys() >= KEYS
    assert set(out[0]["bb_per_100"]) == {"0", "1", "2", "3"} == set(out[0]["ci95"])
    assert out[1]["error"]["message"]
    assert out[0]["hands"] == 30


def test_zero_sum_results_per_hand() -> None:
    out = answer(json.dumps({"hands": 50, "seed": 4, "seats": ["maniac", "station"]}))
    assert abs(sum(out["bb_per_100"].values())) < 1e-6


@pytest.mark.parametrize(("request_", "phrase"), [
    ({"hands": 0, "seats": ["shark", "rock"]}, "at least 1"),
    ({"hands": 2_000_000, "seats": ["shark", "rock"]}, "at most"),
    ({"hands": 10, "seats": ["shark", "wizard"]}, "Unknown bot kind 'wizard'"),
    ({"hands": 10, "seats": ["shark"]}, "2 to 10"),
    ({"hands": 10, "seats": ["shark", "rock"], "small_blind": 20, "big_blind": 10},
     "cannot exceed"),
    ({"hands": 10, "seats": ["shark", "rock"], "big_blind": 0}, "at least one chip"),
    ({"hands": 10, "seats": ["shark", "rock"], "stack": 5}, "two big blinds"),
    ({"hands": "ten", "seats": ["shark", "rock"]}, "whole number"),
    ({"seats": ["shark", "rock"]}, "required"),
    ([1, 2], "JSON object"),
])
def test_bad_requests_get_a_clear_error(request_: object, phrase: str) -> None:
    out = answer(json.dumps(request_))
    assert phrase in out["error"]["message"]


@pytest.mark.slow
def test_same_seed_same_results() -> None:
    line = json.dumps({"hands": 60, "seed": 9, "seats": ["shark", "maniac", "honest"]})
    a, b = answer(line), answer(line)
    for key in ("bb_per_100", "ci95", "chat_lines", "distinct_chat_lines", "vpip", "pfr"):
        assert a[key] == b[key]


def test_help_describes_the_input_and_an_unknown_flag_is_refused() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "bots.sim", *args], input="",
                              capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)

    shown = run("--help")
    assert shown.returncode == 0 and '"hands": 2000' in shown.stdout
    refused = run("--bogus")
    assert refused.returncode == 2 and "unrecognized arguments: --bogus" in refused.stderr
