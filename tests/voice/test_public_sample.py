"""The public phrase sample: phrases with the intent each must give (voice_phrases.jsonl)."""

import json
from pathlib import Path

import pytest

from engine.sizing import BettingContext
from voice.understand.parse import parse

SAMPLE = Path(__file__).with_name("voice_phrases.jsonl")


def _cases() -> list[dict]:
    return [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()
            if line.strip()]


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case["text"])
def test_public_sample_phrase_parses_as_expected(case):
    got = parse(case["text"], BettingContext.from_json(case["context"])).to_json()
    expect = case["expect"]
    assert got["intent"] == expect["intent"]
    for key in ("to", "query", "control"):
        if key in expect:
            assert got[key] == expect[key]
    assert bool(got["error"]) == expect["error"], got["error"]
