"""``python -m voice.parse``: contract 2 as a JSON Lines filter."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTEXT = {"big_blind": 10, "pot": 30, "current_bet": 10, "my_street_bet": 0, "to_call": 10,
           "stack": 990, "can_check": False, "min_raise_to": 20, "max_raise_to": 990,
           "street": "preflop"}
KEYS = {"intent", "to", "query", "control", "error"}


def _run(*lines: str, args: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice.parse", *args], cwd=ROOT,
                          input="".join(f"{line}\n" for line in lines), capture_output=True,
                          text=True, timeout=60, check=False)


def test_n_lines_in_give_n_intents_out_in_order():
    texts = ["raise to forty", "fold", "what's in the pot", "sit me out", "call", "yes",
             "I like turtles", "raise"]
    done = _run(*(json.dumps({"text": t, "context": CONTEXT}) for t in texts))
    assert done.returncode == 0
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(texts)
    assert all(set(o) == KEYS for o in out)
    assert [o["intent"] for o in out] == ["raise", "fold", "query", "control", "call",
                                          "confirm", "unknown", "raise"]
    assert out[0] == {"intent": "raise", "to": 40, "query": None, "control": None,
                      "error": None}
    assert out[-1]["error"] == "Raise to how much?"


@pytest.mark.parametrize("bad", [
    "not json", "", "[1, 2]", '"text"', '{"text": 5}', '{"context": {}}',
    '{"text": "call", "context": "table"}', '{"text": "call", "context": {"pot": -5}}',
    '{"text": "call", "context": {"pot": "lots"}}', '{"text": "call", "context": {"pot": 2.5}}',
    '{"text": "call", "context": {"can_check": "yes"}}',
    '{"text": "call", "context": {"pot": NaN}}', '{"text": "call", "context": {"stack": Infinity}}',
])
def test_a_malformed_line_gives_an_error_object_and_processing_goes_on(bad):
    good = json.dumps({"text": "fold", "context": CONTEXT})
    done = _run(good, bad, good)
    assert done.returncode == 0
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 3
    assert out[0]["intent"] == out[2]["intent"] == "fold"
    assert set(out[1]) == {"error"} and out[1]["error"]["message"]


def test_the_context_is_optional_and_may_be_partial():
    done = _run('{"text": "raise to 300"}', '{"text": "pot", "context": {"pot": 100}}',
                '{"text": "check", "context": null}')
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0]["intent"] == "bet" and out[0]["to"] == 300
    assert out[1]["intent"] == "bet" and out[1]["to"] == 100
    assert out[2]["intent"] == "check" and out[2]["error"] is None


def test_each_answer_is_written_before_the_next_line_is_read():
    with subprocess.Popen([sys.executable, "-m", "voice.parse"], cwd=ROOT, text=True,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE) as proc:
        assert proc.stdin and proc.stdout
        proc.stdin.write('{"text": "fold"}\n')
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["intent"] == "fold"
        proc.stdin.write('{"text": "all in"}\n')
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["intent"] == "allin"
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_help_prints_usage_and_the_phrases_players_can_say():
    done = _run(args=("--help",))
    assert done.returncode == 0
    assert "usage: python -m voice.parse" in done.stdout
    for phrase in ("Fold:", "(fold | folding", "Bet or raise", "(what's | what is | whats)",
                   "sit [me] out", "<amount>: 200"):
        assert phrase in done.stdout


def test_no_input_gives_no_output():
    done = _run()
    assert (done.returncode, done.stdout) == (0, "")
