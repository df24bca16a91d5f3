"""Every bot line read with each form a seat's name takes: a bot's name, a name the
player typed, and the player's default "You" (second person, never "You is", "Nice pot,
you." or "Is you all right?"); no line guesses anyone's gender (issue 21, part 7)."""

from __future__ import annotations

import json
import random
import re
from importlib.resources import files

import pytest

from bots.chatter import Chatter, _Occasion

FACTS = {"amount": 200, "hand": "a flush", "cards": "ace and king", "count": 3,
         "street": "flop", "pot": 400}
NAME_FORMS = ("Vera", "Sam", "You")
GENDERED = re.compile(r"\b(he|him|his|she|her|hers|himself|herself|he's|she's)\b", re.I)
YOU_WRONG = [
    (re.compile(r"\bYou (is|has|was|does)\b"), "a third-person verb"),
    (re.compile(r"\b(is|was|has|does) you\b", re.I), "a question in the third person"),
    (re.compile(r"\b[Yy]ou (\w+s)\b"), "a verb ending in -s after you"),
    (re.compile(r", you[.!?,]"), "a vocative 'you' doubling the address"),
    (re.compile(r"(^|[.!?] )You[,.] "), "a vocative 'You' doubling the address"),
    (re.compile(r"\bYou's\b"), "a possessive You's"),
]


def _templates() -> list[str]:
    data = json.loads(files("bots.data").joinpath("lines.json").read_text("utf-8"))
    return sorted({line for rules in data["personalities"].values() for rule in rules
                   for line in rule["lines"] if "{them}" in line or "{other}" in line})


TEMPLATES = _templates()


def _rendered(template: str, slot: str, name: str) -> str:
    names = ["Vera", "Blaze", "Doris", "Mortimer"]
    names[3 if slot == "them" else 2] = name
    chatter = Chatter({1: "shark"}, random.Random(1), names=names)
    occasion = _Occasion("big_raise", 3, 2, FACTS) if slot == "them" else \
        _Occasion("big_raise", 2, 3, FACTS)
    return chatter._render(template, 1, occasion)


@pytest.mark.parametrize("name", NAME_FORMS)
def test_every_line_reads_right_with_each_name_form(name: str) -> None:
    wrong = []
    for template in TEMPLATES:
        for slot in ("them", "other"):
            if "{" + slot + "}" not in template:
                continue
            text = _rendered(template, slot, name)
            if "{" in text or text[:1].islower():
                wrong.append((text, "not filled in or not capitalised"))
            if GENDERED.search(text):
                wrong.append((text, "guesses a gender"))
            if name == "You":
                wrong += [(text, why) for pattern, why in YOU_WRONG if pattern.search(text)]
    assert wrong == []


def test_lines_to_the_player_drop_the_doubled_address() -> None:
    assert _rendered("Nice pot, {them}. Don't spend it all on me.", "them", "You") == \
        "Nice pot. Don't spend it all on me."
    assert _rendered("{them}, you're so brave.", "them", "You") == "You're so brave."
    assert _rendered("Is {them} all right?", "them", "You") == "Are you all right?"
    assert _rendered("Nice pot, {them}.", "them", "Sam") == "Nice pot, Sam."
