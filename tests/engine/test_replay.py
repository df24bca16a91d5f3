"""Contract 1: ``python -m engine.replay`` (JSON Lines in, JSON Lines out)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.replay import process, replay

ROOT = Path(__file__).resolve().parents[2]

HAND = {
    "structure": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0,
    "stacks": [1000, 640, 1000, 25], "button": 2, "seed": 7,
    "actions": [["call"], ["raise", 60], ["fold"], ["allin"]],
}


def run(lines: list[str]) -> list[dict[str, Any]]:
    return list(process(lines))


def test_output_has_every_contract_key() -> None:
    out = replay(HAND)
    assert set(out) == {"complete", "steps", "error", "board", "pots", "final_stacks",
                        "showdown", "to_act"}
    step = out["steps"][0]
    # Button 2: seat 3 posts the small blind, seat 0 the big; seat 1 acts first.
    assert step == {"seat": 1, "street": "preflop",
                    "legal": {"fold": True, "check": False, "call": 10, "bet": None,
                              "raise": [20, 640]},
                    "action": ["call"]}


def test_short_stack_can_only_raise_all_in_for_less() -> None:
    out = replay({**HAND, "stacks": [1000, 25, 1000, 1000], "actions": []})
    assert out["to_act"] == {"seat": 1, "legal": {"fold": True, "check": False, "call": 10,
                                                  "bet": None, "raise": [20, 25]}}
    out = replay({**HAND, "stacks": [1000, 15, 1000, 1000], "actions": []})
    assert out["to_act"]["legal"]["raise"] == [15, 15]


def test_incomplete_hand_reports_who_is_to_act() -> None:
    out = replay({**HAND, "actions": [["call"]]})
    assert out["complete"] is False and out["error"] is None
    assert out["to_act"]["seat"] == 2
    assert out["final_stacks"] == [990, 630, 1000, 20]


def test_complete_hand_with_a_stacked_deck_reports_board_pots_and_showdown() -> None:
    # Heads-up the first card goes to seat 1 (big blind, left of the button); then burn,
    # flop, burn, turn, burn, river.
    deck = ["Qs", "Ks", "2c", "9h", "4c", "9c", "Kc", "3h", "5d", "5s", "6d", "9d"]
    out = replay({"small_blind": 5, "big_blind": 10, "stacks": [500, 500], "button": 0,
                  "deck": deck, "actions": [["allin"], ["call"]]})
    assert out["complete"] is True
    assert out["board"] == ["9c", "Kc", "3h", "5s", "9d"]
    assert out["pots"] == [{"amount": 1000, "eligible": [0, 1]}]
    by_seat = {s["seat"]: s for s in out["showdown"]}
    assert by_seat[1]["cards"] == ["Qs", "2c"] and by_seat[0]["cards"] == ["Ks", "9h"]
    assert by_seat[0]["category"] == "Full House"
    assert by_seat[0]["best_five"] == ["9c", "9d", "9h", "Kc", "Ks"]
    assert out["final_stacks"] == [1000, 0]


def test_first_illegal_action_stops_the_replay_with_a_readable_message() -> None:
    out = replay({**HAND, "actions": [["call"], ["raise", 15], ["fold"]]})
    assert out["error"] == {"step": 1, "message": "Minimum raise is to 20"}
    assert len(out["steps"]) == 2 and out["steps"][1]["action"] == ["raise", 15]
    assert out["complete"] is False and out["to_act"]["seat"] == 2


def test_check_facing_a_bet_is_refused_not_turned_into_a_fold() -> None:
    out = replay({**HAND, "actions": [["check"]]})
    assert out["error"] == {"step": 0, "message": "You can't check: 10 to call"}


def test_actions_after_the_hand_is_over_are_refused() -> None:
    out = replay({"small_blind": 5, "big_blind": 10, "stacks": [100, 100], "button": 0,
                  "actions": [["fold"], ["check"]]})
    assert out["complete"] is True
    assert out["error"] == {"step": 1, "message": "The hand is over"}


def test_same_seed_gives_the_same_hand() -> None:
    hand = {"small_blind": 1, "big_blind": 2, "stacks": [50, 50, 50], "seed": 42,
            "actions": [["call"], ["call"], ["check"]] + [["check"]] * 9}
    assert replay(hand) == replay(hand)
    assert replay(hand)["board"] != replay({**hand, "seed": 43})["board"]


def test_malformed_lines_give_an_error_object_and_processing_goes_on() -> None:
    good = json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                       "actions": [["fold"]]})
    lines = [
        "not json", good, "[1, 2]", '{"small_blind": 5}',
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100]}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 0]}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                    "structure": "spread-limit"}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                    "deck": ["As", "As"]}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                    "deck": ["Zz"]}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100], "button": 5}),
        json.dumps({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                    "actions": "fold"}),
        "",
    ]
    out = run(lines)
    assert len(out) == len(lines)
    assert out[1]["complete"] is True
    errors = [o["error"]["message"] for i, o in enumerate(out) if i != 1]
    assert all(isinstance(m, str) and m for m in errors)
    assert "Not valid JSON" in errors[0]
    assert "'stacks'" in errors[2]
    assert "2 to 10 seats" in errors[3]
    assert "no chips" in errors[4]
    assert "spread-limit" in errors[5]
    assert "twice" in errors[6] and "Not a card" in errors[7]
    assert "button" in errors[8] and "'actions'" in errors[9]


def test_unknown_action_word_is_a_step_error() -> None:
    out = replay({"small_blind": 5, "big_blind": 10, "stacks": [100, 100],
                  "actions": [["dance"]]})
    assert out["error"]["step"] == 0 and "Unknown action" in out["error"]["message"]


def test_command_line_reads_and_writes_json_lines() -> None:
    lines = [json.dumps(HAND), "oops", json.dumps({**HAND, "actions": []})]
    proc = subprocess.run([sys.executable, "-m", "engine.replay"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3 and "error" in out[1] and out[2]["complete"] is False


def test_command_line_help_and_bad_flag() -> None:
    ok = subprocess.run([sys.executable, "-m", "engine.replay", "--help"], capture_output=True,
                        text=True, cwd=ROOT, timeout=60, check=False)
    assert ok.returncode == 0 and "usage" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "engine.replay", "--fast"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60, check=False)
    assert bad.returncode == 2 and "takes no arguments" in bad.stderr


@pytest.mark.parametrize(("action", "message"), [
    (["raise", float("nan")], "An amount must be a whole number of chips"),
    (["raise", float("inf")], "An amount must be a whole number of chips"),
    (["raise", 0], "Minimum raise is to 20"),
    (["raise", -50], "Minimum raise is to 20"),
    (["call", 5], '"call" takes no amount'),
    (["allin", 5], '"allin" takes no amount'),
    (["raise", 60, "x"], "Not an action"),
])
def test_malformed_amounts_and_extra_words_are_refused_not_guessed(action, message) -> None:
    out = replay({"small_blind": 5, "big_blind": 10, "stacks": [1000, 1000],
                  "actions": [action]})
    assert out["error"]["step"] == 0 and out["error"]["message"].startswith(message)
    assert out["final_stacks"] == [995, 990] and out["to_act"]["seat"] == 0
    json.dumps(out, allow_nan=False)  # what is shown back is strict JSON


def test_optional_keys_given_as_null_take_their_defaults() -> None:
    out = replay({"small_blind": 5, "big_blind": 10, "stacks": [100, 100], "seed": None,
                  "button": None, "ante": None})
    assert out["error"] is None and out["to_act"]["seat"] == 0
