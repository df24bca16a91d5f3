"""Every action intent checked against the engine's legal actions, one test per rule of
contract 2: the parser resolves a phrase against a real hand's betting context, and the
engine must accept the action it becomes (or refuse it for the same reason)."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind, IllegalAction
from engine.state import HandState
from tests.engine.util import act, deal
from voice.understand.intent import IntentKind
from voice.understand.parse import parse


def facing_bet() -> HandState:
    """Flop, pot 60 (3 x 20), seat 1 bet 20, seat 2 to act with 980 behind."""
    return act(deal([1000] * 3, sb=10, bb=20), "call", "call", "check", "bet 20")


def unopened() -> HandState:
    """Flop, pot 60, nobody has bet: seat 1 to act with 980 behind."""
    return act(deal([1000] * 3, sb=10, bb=20), "call", "call", "check")


def heard(state: HandState, text: str) -> tuple[IntentKind, Action | None]:
    assert state.to_act is not None
    intent = parse(text, state.betting_context())
    return intent.intent, intent.to_action(state.to_act)


def accepted(state: HandState, text: str) -> Action:
    kind, action = heard(state, text)
    assert action is not None, (text, kind)
    state.verify(action)
    return action


def test_raise_on_an_unopened_street_is_a_bet_the_engine_accepts() -> None:
    action = accepted(unopened(), "raise to one hundred")
    assert (action.kind, action.to) == (ActionKind.BET, 100)


def test_bet_facing_a_bet_is_a_raise_the_engine_accepts() -> None:
    action = accepted(facing_bet(), "bet eighty")
    assert (action.kind, action.to) == (ActionKind.RAISE, 80)


@pytest.mark.parametrize("text", ["raise 120", "raise to 120", "raise to one twenty",
                                  "make it a hundred twenty"])
def test_raise_n_and_raise_to_n_both_mean_to_n(text: str) -> None:
    assert accepted(facing_bet(), text).to == 120


def test_raise_by_n_is_the_current_bet_plus_n() -> None:
    assert accepted(facing_bet(), "raise by fifty").to == 70


@pytest.mark.parametrize(("text", "to"), [("half pot", 70), ("pot", 120),
                                          ("three quarters of the pot", 95),
                                          ("a third of the pot", 53)])
def test_pot_fractions_resolve_to_a_legal_raise(text: str, to: int) -> None:
    # The pot counts the 20 bet: to = 20 + f x (80 + 20).
    assert accepted(facing_bet(), text).to == to


def test_pot_fraction_below_the_minimum_is_clamped_up_to_it() -> None:
    # Facing 100 into 60: a quarter pot is 100 + (160 + 100) / 4 = 165, under the
    # minimum raise to 200.
    state = act(unopened(), "bet 100")
    assert accepted(state, "a quarter of the pot").to == 200


def test_multiples_of_the_bet_or_the_big_blind() -> None:
    assert accepted(facing_bet(), "three x").to == 60
    assert accepted(unopened(), "bet two x").to == 40


def test_min_raise_is_the_engines_minimum() -> None:
    state = facing_bet()
    legal = state.legal()
    assert legal is not None and legal.raise_ is not None
    assert accepted(state, "min raise").to == legal.raise_[0]


@pytest.mark.parametrize("text", ["all in", "I'm all in", "shove", "jam it"])
def test_all_in_words_become_the_engines_all_in(text: str) -> None:
    state = facing_bet()
    action = accepted(state, text)
    assert action.kind is ActionKind.ALLIN
    state.apply(action)
    assert state.stacks[2] == 0


def test_call_with_nothing_to_call_is_a_check_the_engine_accepts() -> None:
    assert accepted(unopened(), "call").kind is ActionKind.CHECK


def test_check_facing_a_bet_never_folds_and_the_engine_refuses_it_the_same_way() -> None:
    state = facing_bet()
    intent = parse("check", state.betting_context())
    assert intent.intent is IntentKind.CHECK and intent.to_action(2) is None
    with pytest.raises(IllegalAction) as refused:
        state.verify(Action(2, ActionKind.CHECK))
    assert intent.error == str(refused.value) == "You can't check: 20 to call"


def test_amount_below_the_minimum_is_kept_and_explained_like_the_engine() -> None:
    state = facing_bet()
    intent = parse("raise to thirty", state.betting_context())
    assert intent.to == 30 and intent.to_action(2) is None
    with pytest.raises(IllegalAction) as refused:
        state.verify(Action(2, ActionKind.RAISE, 30))
    assert intent.error == str(refused.value) == "Minimum raise is to 40"


def test_amount_above_the_stack_is_kept_explained_and_refused() -> None:
    state = facing_bet()
    intent = parse("raise to two thousand", state.betting_context())
    assert intent.to == 2000 and intent.error and intent.to_action(2) is None
    assert not state.can(Action(2, ActionKind.RAISE, 2000))


def test_wager_without_an_amount_asks_and_does_nothing() -> None:
    intent = parse("raise", facing_bet().betting_context())
    assert intent.to is None and intent.error == "Raise to how much?"
    assert intent.to_action(2) is None


def test_fold_phrases_become_the_engines_fold() -> None:
    state = facing_bet()
    assert accepted(state, "I'll fold this one").kind is ActionKind.FOLD


def test_queries_and_table_commands_are_never_actions() -> None:
    state = facing_bet()
    for text in ("what's the pot", "cancel that", "yes", "I like turtles"):
        assert heard(state, text)[1] is None
