"""The coach's numbers agree with exact enumeration on small spots; its words follow."""

from __future__ import annotations

import random

import numpy as np

from bots.coach import advise
from bots.reading import estimate_ranges
from engine.equity import Range, exact_equity
from engine.state import HandState
from engine.view import PlayerView, view_of
from tests.engine.util import act, card, deal


def _river_spot(hero: str, villain: str, board: str, bet: int = 50) -> HandState:
    state = deal([1000, 1000], button=0, holes={0: hero, 1: villain}, board=board)
    act(state, "call", "check", "check", "check", "check", "check")
    return act(state, f"bet {bet}")


def _cards(text: str) -> list[int]:
    return [card(text[i:i + 2]) for i in range(0, len(text), 2)]


def test_river_equity_against_a_known_hand_is_exact() -> None:
    state = _river_spot("AhKh", "QsQd", "Ac 7c 2d 9s 3h")
    view = view_of(state, 0)
    advice = advise(view, random.Random(1), ranges=[Range.from_combos([_cards("QsQd")])])
    assert view.hole is not None
    expected = exact_equity(view.hole, view.board, [_cards("QsQd")])
    assert advice.equity == expected == 1.0
    assert abs(advice.pot_odds - 50 / 120) < 1e-9
    assert "100%" in advice.suggestion and "42%" in advice.suggestion


def test_turn_equity_against_a_known_hand_matches_exact_enumeration() -> None:
    state = deal([1000, 1000], button=0, holes={0: "8h9h", 1: "AsKd"}, board="Ah 7h 2c Td 3s")
    act(state, "call", "check", "check", "check", "bet 40")
    view = view_of(state, 0)
    assert view.hole is not None and len(view.board) == 4
    expected = exact_equity(view.hole, view.board, [_cards("AsKd")])
    advice = advise(view, random.Random(3), samples=4000,
                    ranges=[Range.from_combos([_cards("AsKd")])])
    assert abs(advice.equity - expected) < 0.03


def test_river_equity_against_the_estimated_range_matches_exact_average() -> None:
    state = _river_spot("Jh Tc".replace(" ", ""), "5s4s", "Jc 8d 3s 2h Kc", bet=30)
    view = view_of(state, 0)
    assert view.hole is not None
    (rng_,) = estimate_ranges(view)
    shares = np.array([exact_equity(view.hole, view.board, [list(c)]) for c in rng_.combos])
    expected = float((shares * rng_.weights).sum() / rng_.weights.sum())
    advice = advise(view, random.Random(5), samples=6000)
    assert abs(advice.equity - expected) < 0.025


def test_suggestion_says_fold_when_far_behind_the_price() -> None:
    state = _river_spot("7d6d", "AsAd", "Ac Kc Qd 2s 3h", bet=200)
    view = view_of(state, 0)
    advice = advise(view, random.Random(2), ranges=[Range.from_combos([_cards("AsAd")])])
    assert advice.equity == 0.0
    assert advice.suggestion.endswith("folding is better.")
    assert "against one player" in advice.suggestion


def test_free_check_advice_never_mentions_a_price() -> None:
    state = deal([1000, 1000, 1000], button=0, holes={0: "2c7d"}, board="As Kd Qh 9c 4s")
    act(state, "call", "call", "check", "check", "check", "check")
    view: PlayerView = view_of(state, state.to_act or 0)
    advice = advise(view, random.Random(4))
    assert advice.pot_odds == 0.0
    assert "can check" in advice.suggestion and "two players" in advice.suggestion


def test_a_folded_seat_is_told_so() -> None:
    state = deal([1000, 1000, 1000], button=0)
    act(state, "fold")
    assert advise(view_of(state, 0), random.Random(1)).suggestion == "You're not in this hand."
