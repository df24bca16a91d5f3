"""The public phrase sample (/work/shared/voice-phrases.jsonl, copied here for CI)."""

import json
from pathlib import Path

import pytest

from engine.sizing import BettingContext
from voice.parse import parse

SHARED = Path("/work/shared/voice-phrases.jsonl")
LOCAL = Path(__file__).with_name("voice_phrases.jsonl")


def _cases() -> list[dict]:
    """The local copy, plus whatever the shared sample has grown since."""
    lines: dict[str, None] = {}
    for path in (LOCAL, SHARED):
        if path.exists():
            lines.update(dict.fromkeys(x for x in path.read_text().splitlines() if x.strip()))
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case["text"])
def test_public_sample_phrase_parses_as_expected(case):
    got = parse(case["text"], BettingContext.from_json(case["context"])).to_json()
    expect = case["expect"]
    assert got["intent"] == expect["intent"]
    for key in ("to", "query", "control"):
        if key in expect:
            assert got[key] == expect[key]
    assert bool(got["error"]) == expect["error"], got["error"]
