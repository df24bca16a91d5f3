"""Chatter: in-character lines from facts, most specific rule first, no repeats within
the cooldown, a talk budget, replies, memory and mute."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import pytest

from bots.api import PERSONALITIES
from bots.chatter import (
    Budget,
    ChatLine,
    Chatter,
    HumanSpoke,
    KnockedOut,
    LongThink,
    Rebought,
    Rule,
    Script,
    load_script,
)
from engine.config import HandConfig
from engine.state import HandState
from engine.view import view_of
from tests.bots.helpers import lineup, play_hand
from tests.engine.util import act, deal

SPEAKERS = dict(enumerate(PERSONALITIES))
NAMES = ("Vera", "Blaze", "Doris", "Mortimer")


def _session(hands: int, seed: int) -> list[tuple[int, float, ChatLine]]:
    """Random-policy hands (lots of all-ins and showdowns) narrated by the four bots."""
    return _narrate(Chatter(SPEAKERS, random.Random(seed), names=NAMES), hands, seed,
                    facts=True)


def _narrate(chatter: Chatter, hands: int, seed: int, *, facts: bool = False
             ) -> list[tuple[int, float, ChatLine]]:
    """``hands`` random-policy hands told to ``chatter``; with ``facts``, a rebuy and a
    long think every 50 hands."""
    rng = random.Random(seed)
    bots = lineup(["random", "random", "callbot", "random"], seed)
    said = []
    for hand in range(hands):
        state = HandState.deal(HandConfig(stacks=(1000,) * 4, button=hand % 4, small_blind=5,
                                          big_blind=10, names=NAMES), rng=rng)
        play_hand(state, bots)
        now = hand * 20.0
        for line in chatter.observe(state.events, view_of(state, 0), now=now):
            said.append((chatter.hand, now, line))
        if facts and hand % 50 == 0:
            for line in chatter.observe([Rebought(hand % 4, 500), LongThink(1, 25.0)], now=now):
                said.append((chatter.hand, now, line))
    return said


@pytest.fixture(scope="module")
def session() -> list[tuple[int, float, ChatLine]]:
    return _session(1500, 3)


def test_each_personality_has_sixty_lines_over_fifteen_triggers() -> None:
    script = load_script()
    for kind in PERSONALITIES:
        rules = script.rules[kind]
        lines = [line for r in rules for line in r.lines]
        assert len(lines) >= 60 and len(set(lines)) == len(lines)
        assert len({r.trigger for r in rules}) >= 15


def test_no_line_repeats_within_its_cooldown(session: list[tuple[int, float, ChatLine]]) -> None:
    cooldown = load_script().budget.cooldown_hands
    last: dict[str, int] = {}
    for hand, _, line in session:
        if line.line_id in last:
            assert hand - last[line.line_id] >= cooldown, line
        last[line.line_id] = hand
    assert len(session) > 300


def test_talk_budget_per_hand_and_per_minute(session: list[tuple[int, float, ChatLine]]) -> None:
    budget = load_script().budget
    per_hand = Counter(hand for hand, _, _ in session)
    assert max(per_hand.values()) <= budget.per_hand
    times = [now for _, now, _ in session]
    for i, t in enumerate(times):
        assert sum(1 for u in times[i:] if u - t < 60.0) <= budget.per_minute


def test_lines_are_filled_in_and_every_bot_talks(session: list[tuple[int, float, ChatLine]]
                                                 ) -> None:
    assert all("{" not in line.text and "}" not in line.text for _, _, line in session)
    assert {line.seat for _, _, line in session} == set(SPEAKERS)
    assert len({line.text for _, _, line in session}) > 150
    assert len({line.trigger for _, _, line in session}) >= 10


def _script(groups: Sequence[dict[str, Any]], budget: Budget | None = None) -> Script:
    base = load_script()
    rules = tuple(Rule(f"t.{i}", "shark", g["trigger"], tuple(sorted(g.get("when", {}).items())),
                       tuple(g["lines"]), g.get("chance", 1.0)) for i, g in enumerate(groups))
    return Script({"shark": rules, **{k: () for k in PERSONALITIES if k != "shark"}},
                  base.priorities,
                  budget or Budget(per_hand=100, per_minute=1000, cooldown_hands=0))


def _all_in_hand() -> HandState:
    state = deal([1000, 1000], button=0, holes={0: "AhAs", 1: "KdKc"}, board="2c 7d Jh 9s Kh")
    return act(state, "allin", "call")


def test_the_most_specific_matching_rule_wins() -> None:
    script = _script([
        {"trigger": "all_in", "lines": ["Generic"]},
        {"trigger": "all_in", "when": {"who": "self"}, "lines": ["Mine"]},
        {"trigger": "all_in", "when": {"who": "self", "street": "river"}, "lines": ["River"]},
    ])
    chatter = Chatter({0: "shark"}, random.Random(1), names=("Vera", "Bob"), script=script)
    texts = [line.text for line in chatter.observe(_all_in_hand().events)]
    assert texts[:2] == ["Mine", "Generic"]  # Vera's own shove, then Bob's call


def test_bad_beats_are_remembered_for_a_running_joke() -> None:
    script = _script([
        {"trigger": "bad_beat", "when": {"who": "self"}, "lines": ["Ouch"]},
        {"trigger": "bad_beat", "when": {"who": "self", "min_count": 2},
         "lines": ["{count} times, {other}!"]},
    ])
    chatter = Chatter({0: "shark"}, random.Random(1), names=("Vera", "Bob"), script=script)
    first = [line.text for line in chatter.observe(_all_in_hand().events)]
    second = [line.text for line in chatter.observe(_all_in_hand().events)]
    assert first == ["Ouch"] and second == ["2 times, Bob!"]
    assert chatter.memory.bad_beats[(0, 1)] == 2


def test_a_bot_replies_to_another_bots_line() -> None:
    base = load_script()
    rules = {
        "maniac": (Rule("m.0", "maniac", "all_in", (("who", "self"),), ("ALL IN!",), 1.0),),
        "rock": (Rule("r.0", "rock", "reply", (("to", "maniac"),), ("Must you shout?",), 1.0),),
        "shark": (), "station": (),
    }
    script = Script(rules, base.priorities, Budget(5, 50, 0))
    chatter = Chatter({0: "maniac", 1: "rock"}, random.Random(1), names=("Blaze", "Mort"),
                      script=script)
    lines = chatter.observe(_all_in_hand().events)
    assert [(line.seat, line.text) for line in lines][:2] == [(0, "ALL IN!"),
                                                             (1, "Must you shout?")]


def test_shuffle_bag_uses_every_line_before_repeating() -> None:
    script = _script([{"trigger": "long_think", "lines": [f"Line {i}" for i in range(6)]}])
    chatter = Chatter({0: "shark"}, random.Random(4), script=script)
    said = [chatter.observe([LongThink(1, 30)])[0].text for _ in range(12)]
    assert sorted(said[:6]) == sorted(said[6:]) == [f"Line {i}" for i in range(6)]


def test_cooldown_silences_a_rule_whose_lines_all_rest() -> None:
    script = _script([{"trigger": "long_think", "lines": ["A", "B"]}],
                     Budget(per_hand=50, per_minute=500, cooldown_hands=10))
    chatter = Chatter({0: "shark"}, random.Random(4), script=script)
    said = [line.text for _ in range(5) for line in chatter.observe([LongThink(1, 30)])]
    assert sorted(said) == ["A", "B"]


def test_mute_silences_every_bot_and_unmute_brings_them_back() -> None:
    chatter = Chatter(SPEAKERS, random.Random(2), names=NAMES, human_seats=[3])
    chatter.mute()
    assert chatter.observe([HumanSpoke(3, "allin")] * 5) == []
    chatter.unmute()
    heard = [chatter.observe([HumanSpoke(3, "allin")]) for _ in range(30)]
    assert any(heard)


def test_human_voice_commands_get_in_character_answers() -> None:
    script = _script([{"trigger": "human_spoke", "when": {"intent": "allin"},
                       "lines": ["Bold, {them}."]},
                      {"trigger": "human_spoke", "lines": ["Hm."]}])
    chatter = Chatter({0: "shark"}, random.Random(1), names=("Vera", "You"), human_seats=[1],
                      script=script)
    assert chatter.observe([HumanSpoke(1, "allin")])[0].text == "Bold."  # not "Bold, you."
    assert chatter.observe([HumanSpoke(1, "fold")])[0].text == "Hm."


def test_lines_speak_about_the_right_people() -> None:
    by_trigger: dict[str, set[str]] = defaultdict(set)
    for _, _, line in _session(300, 8):
        by_trigger[line.trigger].add(line.name)
    assert by_trigger  # the four personalities spoke under their own names
    assert set().union(*by_trigger.values()) <= set(NAMES)


def test_lines_about_the_player_address_them_in_the_second_person() -> None:
    import json
    import re

    from bots.chatter import LINES_FILE, second_person

    data = json.loads(LINES_FILE.read_text(encoding="utf-8"))
    fill = {"me": "Vera", "them": "You", "other": "You", "amount": "200", "bb": "20",
            "hand": "a flush", "cards": "Ah Kh", "count": 4, "street": "flop", "pot": "500"}
    wrong = re.compile(r"\bYou (is|has|was|does|\w+(?<!ss)s)\b|\bYou's\b|[a-z,] You\b")
    rendered = [second_person(line.format_map(fill))
                for rules in data["personalities"].values() for rule in rules
                for line in rule["lines"] if "{them}" in line or "{other}" in line]
    assert len(rendered) > 50
    bad = [text for text in rendered if wrong.search(text)]
    assert bad == []


def test_a_knocked_out_bot_says_its_piece_then_never_talks_again() -> None:
    chatter = Chatter(SPEAKERS, random.Random(4), names=NAMES)
    chatter.observe([KnockedOut(1, 2)], now=0.0)
    assert 1 not in chatter.speakers and set(chatter.speakers) == {0, 2, 3}
    lines = [line for _, _, line in _narrate(chatter, 300, seed=4)]
    assert lines and all(line.seat != 1 for line in lines)

