"""The answers to the table's questions from a player's view (issue 40, finding 7): side
pots and who is in each, positions at a bigger table, who is all in, the raise limits
when raising is not possible, a table with no clock, "where am I" between hands."""

from __future__ import annotations

from engine.view import view_of
from tests.engine.util import act, deal
from voice.speak.answers import TableFacts, answer, answer_table
from voice.understand.intent import Query

NAMES = ("You", "Vera", "Blaze", "Doris")


def test_the_pot_names_each_side_pot_and_who_is_in_it() -> None:
    # Blaze (seat 2) is all in for 100 after the blinds; the others go on
    state = act(deal([1000, 1000, 100, 1000], names=NAMES), "raise 300", "call", "call",
                "call")
    state = act(state, "allin") if state.to_act == 2 else state
    view = view_of(state, 0)
    text = answer(Query.POT, view)
    assert text.startswith(f"The pot is {view.pot:,}: the main pot ")
    assert "with you, Vera, Blaze and Doris; side pot 1" in text
    assert text.endswith("with you, Vera and Doris")


def test_positions_at_six_seats() -> None:
    names = ("You", "A", "B", "C", "D", "E")
    said = [answer(Query.POSITION, view_of(deal([1000] * 6, button=b, names=names), 0))
            for b in range(6)]
    assert said == [
        "You're on the button. You act last after the flop",
        "You're in the cutoff. A has the button",
        "You're in the hijack. B has the button",
        "You're under the gun. C has the button",
        "You're in the big blind. D has the button",
        "You're in the small blind. E has the button"]


def test_who_is_still_in_names_the_all_in_and_the_folded() -> None:
    state = act(deal([1000, 1000, 100, 1000], names=NAMES), "fold", "call", "call", "allin")
    view = view_of(state, 0)
    assert answer(Query.PLAYERS_IN, view) == \
        "3 still in: you, Vera and Blaze. Blaze is all in. Doris folded"


def test_the_raise_limits_when_raising_is_not_possible_or_the_street_is_unopened() -> None:
    deep = act(deal([1000] * 4, names=NAMES), "raise 500")
    assert answer(Query.RAISE_LIMITS, view_of(deep, 0)) == \
        "Minimum raise to 990, maximum 1,000: all in"
    short = act(deal([300, 1000, 1000, 1000], names=NAMES), "raise 500")
    assert answer(Query.RAISE_LIMITS, view_of(short, 0)) == \
        "You can't raise now: call 300 or fold"
    assert answer(Query.RAISE_LIMITS, view_of(short, 1)) == "It's not your turn"
    unopened = act(deal([1000] * 4, names=NAMES), "call", "call", "call", "check")
    assert answer(Query.RAISE_LIMITS, view_of(unopened, 1)) == \
        "Minimum bet 10, maximum 990: all in"


def test_no_clock_and_between_hands() -> None:
    assert answer_table(Query.TIME_LEFT, TableFacts(), None) == \
        "There's no turn clock at this table"
    assert answer_table(Query.TIME_LEFT, TableFacts(bank=15.0), None) == \
        "It's not your turn. You have 15 seconds in your time bank"
    assert answer_table(Query.WHERE, TableFacts(stack=1240), None) == \
        "At the table, between hands. You have 1,240 chips"
