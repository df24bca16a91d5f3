"""A context in which no bet or raise is possible (contract 2: ``min_raise_to`` and
``max_raise_to`` null, e.g. facing an all-in larger than the stack): every intent is
answered as usual, and a bet or raise gets an error saying it is not possible. And the
parser never accepts a bet or raise the engine would refuse."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import Action, ActionKind
from engine.sizing import BettingContext
from engine.state import HandState
from tests.engine.util import act, deal
from voice.understand.intent import Control, IntentKind, Query
from voice.understand.parse import help_text, parse

ROOT = Path(__file__).resolve().parents[2]

# Facing an all-in of 1000 from the big blind with 290 behind (300 in all).
FACING_SHOVE = {"big_blind": 10, "pot": 1010, "current_bet": 1000, "my_street_bet": 10,
                "to_call": 290, "stack": 290, "can_check": False,
                "min_raise_to": None, "max_raise_to": None, "street": "preflop"}
# Everyone else is all in for 200 and the player, with 1000 behind, can only call.
OTHERS_ALL_IN = {"big_blind": 10, "pot": 210, "current_bet": 200, "my_street_bet": 10,
                 "to_call": 190, "stack": 1000, "can_check": False,
                 "min_raise_to": None, "max_raise_to": None, "street": "preflop"}
# The big blind's option when the small blind completed all in: nothing to call.
OPTION = {"big_blind": 10, "pot": 20, "current_bet": 10, "my_street_bet": 10,
          "to_call": 0, "stack": 990, "can_check": True,
          "min_raise_to": None, "max_raise_to": None, "street": "preflop"}

NO_RAISE = "You can't raise: you can only call or fold"
WAGERS = ["raise to 300", "raise", "pot", "min raise", "half pot", "double it",
          "raise by fifty", "three x", "five big blinds", "bet a hundred", "raise it up",
          "three hundred"]


def ctx_of(data: dict[str, object]) -> BettingContext:
    return BettingContext.from_json(data)


@pytest.mark.parametrize("text", WAGERS)
def test_a_wager_where_none_is_possible_says_so(text: str) -> None:
    got = parse(text, ctx_of(FACING_SHOVE))
    assert (got.intent, got.error) == (IntentKind.RAISE, NO_RAISE)
    assert got.to_action(1) is None


def test_a_spoken_amount_is_kept_a_size_from_the_range_is_not() -> None:
    assert parse("raise to 300", ctx_of(FACING_SHOVE)).to == 300
    assert parse("raise by fifty", ctx_of(FACING_SHOVE)).to == 1050
    assert parse("pot", ctx_of(FACING_SHOVE)).to is None
    assert parse("min raise", ctx_of(FACING_SHOVE)).to is None


def test_a_number_alone_that_is_the_call_says_to_call() -> None:
    got = parse("two ninety", ctx_of(FACING_SHOVE))
    assert (got.intent, got.error) == (IntentKind.RAISE, "To call 290, say call")


@pytest.mark.parametrize(("text", "kind"), [
    ("call", IntentKind.CALL), ("call 290", IntentKind.CALL), ("I call", IntentKind.CALL),
    ("fold", IntentKind.FOLD), ("all in", IntentKind.ALLIN), ("yes", IntentKind.CONFIRM),
    ("no", IntentKind.DENY),
])
def test_every_other_intent_is_answered_as_usual(text: str, kind: IntentKind) -> None:
    got = parse(text, ctx_of(FACING_SHOVE))
    assert (got.intent, got.error) == (kind, None)


def test_all_in_that_would_be_a_raise_where_none_is_possible_says_so() -> None:
    got = parse("all in", ctx_of(OTHERS_ALL_IN))
    assert (got.intent, got.error) == (IntentKind.ALLIN, NO_RAISE)
    assert parse("call", ctx_of(OTHERS_ALL_IN)).error is None


def test_questions_and_table_commands_are_answered_as_usual() -> None:
    assert parse("what's in the pot", ctx_of(FACING_SHOVE)).query is Query.POT
    assert parse("sit me out", ctx_of(FACING_SHOVE)).control is Control.SIT_OUT


def test_with_nothing_to_call_the_error_offers_the_check() -> None:
    got = parse("raise to 40", ctx_of(OPTION))
    assert (got.intent, got.error) == (IntentKind.RAISE, "You can't raise: you can only check")
    assert parse("check", ctx_of(OPTION)).error is None


def test_help_offers_no_raise_and_no_all_in_when_neither_is_possible() -> None:
    assert help_text(ctx_of(FACING_SHOVE)) == "You can say fold, or call all in"
    assert help_text(ctx_of(OTHERS_ALL_IN)) == "You can say fold, or call 190"
    assert help_text(ctx_of(OPTION)) == "You can say check"


def test_a_range_the_stack_cannot_reach_past_the_bet_is_no_range() -> None:
    """The context a game built before null was allowed: min = max = 300 with 290
    behind facing 1000. Whatever the range says, putting everything in is a call."""
    stale = ctx_of({**FACING_SHOVE, "min_raise_to": 300, "max_raise_to": 300})
    assert not stale.can_raise
    for text in ("raise to 300", "pot", "min raise"):
        assert parse(text, stale).error == NO_RAISE


def test_the_context_must_give_both_ends_of_the_range_or_neither() -> None:
    with pytest.raises(ValueError, match="both"):
        BettingContext.from_json({**FACING_SHOVE, "min_raise_to": 300})
    with pytest.raises(ValueError, match="number or null"):
        BettingContext.from_json({**FACING_SHOVE, "min_raise_to": "300"})
    assert ctx_of(FACING_SHOVE).to_json() == FACING_SHOVE


def test_the_command_line_answers_a_no_raise_context() -> None:
    lines = [{"text": text, "context": FACING_SHOVE} for text in ("call", "raise to 300",
                                                                  "pot", "min raise")]
    done = subprocess.run(
        [sys.executable, "-m", "voice.parse"], cwd=ROOT, capture_output=True, text=True,
        input="".join(json.dumps(line) + "\n" for line in lines), timeout=60, check=True)
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0] == {"intent": "call", "to": None, "query": None, "control": None,
                      "error": None}
    assert [o["intent"] for o in out[1:]] == ["raise"] * 3
    assert [o["error"] for o in out[1:]] == [NO_RAISE] * 3
    assert [o["to"] for o in out[1:]] == [300, None, None]


# --- contexts from real engine states -------------------------------------------------

def facing_a_shove_bigger_than_the_stack() -> HandState:
    """Heads-up, blinds 5/10: the button shoves 1000; the big blind has 290 behind."""
    return act(deal([1000, 300]), "allin")


def test_the_engine_state_of_the_issue_is_the_one_described() -> None:
    state = facing_a_shove_bigger_than_the_stack()
    ctx = state.betting_context()
    assert (ctx.current_bet, ctx.my_street_bet, ctx.stack) == (1000, 10, 290)


@pytest.mark.parametrize("text", ["raise to 300", "pot", "min raise", "half pot",
                                  "raise to 290", "double it", "bet 300", "raise"])
def test_the_parser_never_accepts_a_wager_the_engine_refuses(text: str) -> None:
    state = facing_a_shove_bigger_than_the_stack()
    assert state.to_act is not None
    intent = parse(text, state.betting_context())
    action = intent.to_action(state.to_act)
    if action is None:
        assert intent.error
    else:
        state.verify(action)  # raises IllegalAction if the engine would refuse it


@pytest.mark.parametrize("text", ["call", "all in", "fold"])
def test_what_the_parser_accepts_there_the_engine_accepts(text: str) -> None:
    state = facing_a_shove_bigger_than_the_stack()
    assert state.to_act is not None
    action = parse(text, state.betting_context()).to_action(state.to_act)
    assert action is not None
    state.verify(action)


def others_all_in() -> HandState:
    """Heads-up: the button shoves 200; the big blind has 1000 behind but no one left to
    raise."""
    return act(deal([200, 1010]), "allin")


def raising_not_reopened() -> HandState:
    """Three-handed: a raise to 40, a call, an all-in to 65 (less than a full raise):
    the first raiser may only call or fold."""
    return act(deal([1000, 1000, 65]), "raise 40", "call", "allin")


@pytest.mark.parametrize("state", [others_all_in, raising_not_reopened],
                         ids=["everyone else all in", "raising not reopened"])
def test_where_the_engine_refuses_any_raise_the_context_has_no_range(state) -> None:
    hand = state()
    legal = hand.legal()
    assert legal is not None and legal.wager is None
    ctx = hand.betting_context()
    assert (ctx.min_raise_to, ctx.max_raise_to) == (None, None)
    for text in ("raise to 500", "pot", "min raise", "all in"):
        assert parse(text, ctx).error == NO_RAISE
    call = parse("call", ctx).to_action(legal.seat)
    assert call is not None
    hand.verify(call)


PHRASES = ["raise to 300", "raise to 500", "pot", "half pot", "min raise", "double it",
           "bet 100", "raise by fifty", "three x", "all in", "call", "check", "fold"]


def test_across_random_hands_what_the_parser_accepts_the_engine_accepts() -> None:
    rng = random.Random(13)
    decisions = disagreements = 0
    for _ in range(120):
        stacks = [rng.choice((60, 150, 300, 1000, 2500)) for _ in range(rng.randint(2, 5))]
        hand = deal(stacks, button=rng.randrange(len(stacks)))
        while hand.to_act is not None:
            seat, ctx = hand.to_act, hand.betting_context()
            for text in PHRASES:
                action = parse(text, ctx).to_action(seat)
                if action is not None and not hand.can(action):
                    disagreements += 1
            decisions += 1
            hand.apply(_random_action(hand, rng))
    assert decisions > 500
    assert disagreements == 0, f"{disagreements} accepted wagers refused in {decisions}"


def _random_action(hand: HandState, rng: random.Random) -> Action:
    legal = hand.legal()
    assert legal is not None
    kinds = [ActionKind.FOLD, ActionKind.ALLIN if legal.allin else ActionKind.FOLD,
             ActionKind.CHECK if legal.check else ActionKind.CALL]
    if legal.wager is not None:
        kinds.append(ActionKind.BET if legal.bet is not None else ActionKind.RAISE)
    kind = rng.choice(kinds)
    if kind in (ActionKind.BET, ActionKind.RAISE):
        assert legal.wager is not None
        return Action(legal.seat, kind, rng.randint(*legal.wager))
    return Action(legal.seat, kind)
