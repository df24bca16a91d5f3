"""The Sit & Go's questions: "what level is it", "when do the blinds go up", "how many
big blinds do I have" parse to contract 2's query names and are answered."""

from __future__ import annotations

import random

import pytest

from engine.config import HandConfig
from engine.state import HandState
from engine.view import view_of
from voice.speak.answers import TableFacts, TournamentStatus, answer, answer_tournament
from voice.understand.intent import IntentKind, Query
from voice.understand.parse import parse


@pytest.mark.parametrize("text, query", [
    ("what level is it", Query.LEVEL),
    ("what are the blinds", Query.LEVEL),
    ("uh what level are we on", Query.LEVEL),
    ("when do the blinds go up", Query.NEXT_LEVEL),
    ("how long until the next level", Query.NEXT_LEVEL),
    ("what's the next level", Query.NEXT_LEVEL),
    ("how many big blinds do I have", Query.BIG_BLINDS),
    ("how many big blinds have I got left", Query.BIG_BLINDS),
    ("what's my stack in big blinds", Query.BIG_BLINDS),
    ("how many chips do I have", Query.STACKS),  # unchanged
])
def test_tournament_questions_parse_to_their_query(text: str, query: Query) -> None:
    intent = parse(text)
    assert intent.intent is IntentKind.QUERY and intent.query is query


def test_a_raise_in_big_blinds_is_still_a_raise() -> None:
    assert parse("raise three big blinds").intent is IntentKind.BET


STATUS = TournamentStatus(4, 50, 100, 10, 75, 150, 15, 3, None, 1250)


def test_answers_name_the_level_what_comes_next_and_the_stack_in_big_blinds() -> None:
    assert answer_tournament(Query.LEVEL, STATUS) == "Level 4: blinds 50 and 100, ante 10"
    assert answer_tournament(Query.NEXT_LEVEL, STATUS) == \
        "The blinds go up in 3 hands, to 75 and 150, ante 15"
    assert answer_tournament(Query.BIG_BLINDS, STATUS) == "You have 12.5 big blinds"


def test_by_the_clock_and_once_out() -> None:
    clock = TournamentStatus(2, 15, 30, 0, 25, 50, 0, None, 130.0, None)
    assert answer_tournament(Query.NEXT_LEVEL, clock) == \
        "The blinds go up in 2 minutes, to 25 and 50"
    assert answer_tournament(Query.BIG_BLINDS, clock) == "You're out of this Sit and Go"


def test_at_the_cash_table_the_stack_in_big_blinds_and_the_blinds_are_answered() -> None:
    hand = HandState.deal(HandConfig(stacks=(1000, 1000), button=0, small_blind=5,
                                     big_blind=10), rng=random.Random(1))
    view = view_of(hand, 1)
    facts = TableFacts(small_blind=5, big_blind=10)
    assert answer(Query.BIG_BLINDS, view, facts=facts) == "You have 99 big blinds"
    assert answer(Query.LEVEL, view, facts=facts) == "Blinds 5 and 10"
    assert answer(Query.NEXT_LEVEL, view, facts=facts) == \
        "This is a cash table: the blinds don't go up"
