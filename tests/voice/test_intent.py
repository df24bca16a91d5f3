"""The intent record, saying it back, the help sentence, and the parser's speed."""

import dataclasses
import json
import timeit

import pytest

from engine.sizing import BettingContext
from voice.understand.intent import Choice, Control, Intent, IntentKind, Query, confirmation_text
from voice.understand.parse import DEFAULT_CONTEXT, help_text, parse

from .contexts import BB_OPTION, FACING, OPEN, PREFLOP, SHALLOW, SHORT


def test_intent_is_a_frozen_record_with_slots():
    intent = Intent(IntentKind.RAISE, to=200)
    with pytest.raises(dataclasses.FrozenInstanceError):
        intent.to = 300  # type: ignore[misc]
    assert not hasattr(intent, "__dict__")


def test_to_json_is_exactly_contract_twos_object():
    assert Intent(IntentKind.QUERY, query=Query.TO_CALL).to_json() == {
        "intent": "query", "to": None, "query": "to_call", "control": None, "error": None}
    assert json.dumps(Intent(IntentKind.CONTROL, control=Control.SIT_OUT).to_json()) == (
        '{"intent": "control", "to": null, "query": null, "control": "sit_out", "error": null}')


def test_kinds_are_contract_twos_names():
    assert {k.value for k in IntentKind} == {
        "fold", "check", "call", "bet", "raise", "allin", "query", "control", "confirm",
        "deny", "unknown"}
    assert {q.value for q in Query} == {
        "pot", "to_call", "my_cards", "board", "stacks", "odds", "whose_turn", "repeat",
        "help", "last_action", "level", "next_level", "big_blinds",  # the last three: Sit & Go
        # the facts on the screen, one question away (issue 40)
        "position", "players_in", "raise_limits", "time_left", "hand_so_far", "earlier",
        "sized", "where",
        "keys"}  # a screen's keys, said (issue 48)
    assert {c.value for c in Control} == {
        "cancel", "rebuy", "sit_out", "sit_in", "deal", "pause", "resume", "mute_bots",
        "unmute_bots", "quit",
        # the screens around the table (issue 40)
        "leave", "sit_down", "new_table", "sit_and_go", "turbo", "next_page",
        "previous_page", "choose",
        "skip_tour"}  # the first-run tour, said, is skipped by voice too (issue 48)


def test_a_chosen_value_adds_its_key_and_changes_no_other():
    chosen = Intent(IntentKind.CONTROL, control=Control.CHOOSE, choice=Choice("blinds", "3"))
    assert chosen.to_json() == {"intent": "control", "to": None, "query": None,
                                "control": "choose", "error": None,
                                "choice": {"row": "blinds", "value": "3"}}
    assert "choice" not in Intent(IntentKind.FOLD).to_json()


@pytest.mark.parametrize(("text", "ctx", "said"), [
    ("raise to two fifty", FACING, "Raise to 250"),
    ("bet a hundred", OPEN, "Bet 100"),
    ("call", FACING, "Call 50"),
    ("call", SHORT, "Call 30"),
    ("all in", FACING, "All in"),
    ("fold", FACING, "Fold"),
    ("check", OPEN, "Check"),
    ("raise", FACING, "Raise"),
    ("sit me out", FACING, "Sit out"),
    ("what's in the pot", FACING, "The pot"),
    ("yes", FACING, "Yes"),
    ("no", FACING, "No"),
])
def test_confirmation_text_says_the_intent_back(text, ctx, said):
    assert confirmation_text(parse(text, ctx), ctx) == said


def test_confirmation_text_without_a_table_says_a_plain_call():
    assert confirmation_text(Intent(IntentKind.CALL)) == "Call"
    assert confirmation_text(Intent(IntentKind.UNKNOWN)).startswith("Sorry")


@pytest.mark.parametrize(("ctx", "sentence"), [
    (PREFLOP, "You can say fold, call 20, raise to an amount, half pot, pot, or all in"),
    (OPEN, "You can say check, bet an amount, half pot, pot, or all in"),
    (BB_OPTION, "You can say check, raise to an amount, half pot, pot, or all in"),
    (SHORT, "You can say fold, or call all in"),
    (SHALLOW, "You can say fold, call 50, or all in"),
])
def test_help_text_says_what_can_be_said_now(ctx, sentence):
    assert help_text(ctx) == sentence


def test_every_phrase_help_text_offers_parses_at_that_table():
    for ctx in (PREFLOP, OPEN, BB_OPTION, FACING, SHALLOW):
        offered = help_text(ctx).removeprefix("You can say ").replace(", or ", ", ").split(", ")
        for phrase in offered:
            if "an amount" not in phrase:
                assert parse(phrase, ctx).intent is not IntentKind.UNKNOWN, phrase
                assert parse(phrase, ctx).error is None, phrase


def test_no_context_means_contract_defaults():
    assert BettingContext.from_json({}) == DEFAULT_CONTEXT
    assert parse("raise to 40").to_json()["intent"] == "bet"


def test_long_runs_of_ambiguous_filler_take_milliseconds_not_minutes():
    text = "hey dealer " * 40 + "fold " + "please " * 40
    parse(text)
    # A guard against an exponential search (minutes), not a speed test: bench_parse.py.
    assert timeit.timeit(lambda: parse(text, FACING), number=1) < 5.0
    assert parse(text, FACING).intent is IntentKind.FOLD
