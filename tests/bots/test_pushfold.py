"""The push-or-fold chart: its equities and ranges re-derived, ICM, and the short-stack
bot's choices (push, fold, call, and a bubble fold that chip odds would call)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bots.api import create_bot
from bots.pushfold import (
    INDEX,
    NAMES,
    call_gains,
    chart,
    class_of,
    combos,
    compatible,
    equities,
    icm,
    push_gains,
    solve,
)
from bots.shortstack import ShortStackBot
from engine.actions import Action, ActionKind
from engine.cards import card_str, parse_cards
from engine.config import HandConfig
from engine.equity import exact_equity
from engine.state import HandState
from engine.view import view_of


def test_there_are_169_classes_with_1326_combos() -> None:
    assert len(NAMES) == 169 == len(set(NAMES))
    assert sum(len(combos(i)) for i in range(169)) == 1326
    assert NAMES[class_of(*parse_cards(["Ah", "Kh"]))] == "AKs"
    assert NAMES[class_of(*parse_cards(["2c", "7d"]))] == "72o"
    w = compatible()
    assert w[INDEX["AA"], INDEX["KK"]] == 36 and w[INDEX["AA"], INDEX["AKo"]] == 6 * 6


@pytest.mark.parametrize("mine, theirs", [(["Ah", "As"], ["Kd", "Kc"]),
                                          (["7c", "2d"], ["8h", "3s"])])
def test_shipped_equities_match_an_exact_enumeration(mine: list[str], theirs: list[str]
                                                      ) -> None:
    exact = exact_equity(parse_cards(mine), [], [parse_cards(theirs)])
    e = equities()[class_of(*parse_cards(mine)), class_of(*parse_cards(theirs))]
    assert abs(e - exact) < 0.03  # the class mixes suit patterns; Monte Carlo error ~0.01


def test_equity_matrix_is_zero_sum() -> None:
    e = equities()
    assert np.allclose(e + e.T, 1.0)


@pytest.mark.parametrize("depth, ante", [(4.0, 0.0), (10.0, 0.0), (8.0, 0.1)])
def test_chart_rows_re_derive_from_the_equities(depth: float, ante: float) -> None:
    e, w = equities(), compatible()
    push, call = solve(depth, ante, e, w)
    c = chart()
    shipped_push, shipped_call = c.push_range(depth, ante), c.call_range(depth, ante)
    assert np.array_equal(push >= 0.5, shipped_push == 1)
    assert np.array_equal(call >= 0.5, shipped_call == 1)
    # Each shipped range is a best response to the other, but for near-indifferent hands.
    gp = push_gains(depth, ante, shipped_call, e, w)
    gc = call_gains(depth, ante, shipped_push, e, w)
    assert not np.any((gp > 0.05) & (shipped_push == 0))
    assert not np.any((gp < -0.05) & (shipped_push == 1))
    assert not np.any((gc > 0.05) & (shipped_call == 0))
    assert not np.any((gc < -0.05) & (shipped_call == 1))


def test_chart_entries_every_player_knows() -> None:
    c = chart()
    assert c.push_range(20.0)[INDEX["AA"]] == 1 and c.call_range(20.0)[INDEX["AA"]] == 1
    assert c.push_range(20.0)[INDEX["72o"]] == 0 and c.call_range(10.0)[INDEX["72o"]] == 0
    assert c.push_range(1.0).sum() > 160  # one big blind: push nearly anything
    assert c.push_range(5.0).sum() > c.push_range(15.0).sum() > c.call_range(15.0).sum()


def test_icm_values_chips_below_their_share() -> None:
    assert icm([1000, 1000], [65.0, 35.0]) == pytest.approx([50.0, 50.0])
    values = icm([3000, 2000, 1000], [65.0, 35.0])
    assert sum(values) == pytest.approx(100.0)
    assert values[0] < 100 * 3000 / 6000  # the leader's chips are worth less than share
    assert values[2] > 100 * 1000 / 6000
    assert icm([6000, 0, 0, 0], [65.0, 35.0]) == pytest.approx([65.0, 0, 0, 0])


def _hand(stacks: tuple[int, ...], button: int, hole: dict[int, str], big_blind: int = 100
          ) -> HandState:
    """A hand with the given hole cards (other seats get the rest in dealing order)."""
    n = len(stacks)
    order = [(button + 1 + k) % n for k in range(n)]
    spare = iter(c for c in parse_cards(["2c", "2d", "3c", "3d", "4c", "4d", "5c", "5d"])
                 if all(c not in parse_cards(h.split()) for h in hole.values()))
    cards = {s: parse_cards(hole[s].split()) if s in hole else [next(spare), next(spare)]
             for s in order}
    deck = [cards[s][0] for s in order] + [cards[s][1] for s in order]
    return HandState.deal(HandConfig(stacks=stacks, button=button, small_blind=big_blind // 2,
                                     big_blind=big_blind), deck=deck)


def _bot(kind: str = "shark") -> ShortStackBot:
    return ShortStackBot(create_bot(kind, random.Random(1), think=False), random.Random(2))


def test_a_short_stack_pushes_aces_and_folds_seven_deuce_first_in() -> None:
    hand = _hand((3000, 3000, 1100, 3000), button=3, hole={2: "7c 2d"})
    assert hand.to_act == 2
    assert _bot().decide(view_of(hand, 2)).kind is ActionKind.FOLD
    hand = _hand((3000, 3000, 1100, 3000), button=3, hole={2: "Ah Ad"})
    assert _bot().decide(view_of(hand, 2)).kind is ActionKind.ALLIN


def test_deep_stacks_are_left_to_the_usual_game() -> None:
    hand = _hand((3000, 3000, 3000, 3000), button=3, hole={2: "Ah Ad"})
    assert _bot().short_stack(view_of(hand, 2)) is None


def test_on_the_bubble_a_call_chip_odds_would_make_is_folded() -> None:
    # Three left, two paid: the big stack shoves its button; the big blind has a
    # middling stack and a hand that is ahead of a shoving range in chips but not in
    # points (busting now finishes third for 0 while the short stack may bust first).
    stacks = (0, 3900, 500, 1600)
    hand = HandState.deal(HandConfig(stacks=stacks, button=1, small_blind=50, big_blind=100,
                                     dealt_in=(False, True, True, True)),
                          deck=parse_cards(["2c", "Ah", "3d", "Kc", "9s", "2d"]))
    assert hand.to_act == 1
    hand.apply(Action(1, ActionKind.ALLIN))
    hand.apply(Action(2, ActionKind.FOLD))
    view = view_of(hand, 3)
    bot = _bot()
    start = [0, 3900, 500, 1600]
    in_points = bot._call_gain(view, start, class_of(*parse_cards(["Ah", "9s"])), 1)
    heads_up = ShortStackBot(bot.inner, random.Random(2), prizes=(100,))
    in_chips = heads_up._call_gain(view, start, class_of(*parse_cards(["Ah", "9s"])), 1)
    assert in_chips > 0 > in_points
    assert bot.decide(view).kind is ActionKind.FOLD


def _first_in_pushes(kind: str, depth_bb: int, level: int = 3) -> int:
    """How many of the 169 classes ``kind`` pushes first in on the button, 4-handed."""
    bot = ShortStackBot(create_bot(kind, random.Random(1), think=False), random.Random(2),
                        level=level)
    pushed = 0
    for index in range(169):
        a, b = max(combos(index), key=lambda c: min(c))  # high cards: clear of the spares
        hand = _hand((3000, 3000, 3000, depth_bb * 100), button=3,
                     hole={3: f"{card_str(a)} {card_str(b)}"})
        hand.apply(Action(2, ActionKind.FOLD))  # under the gun folds to the button
        action = bot.short_stack(view_of(hand, 3))
        assert action is not None
        pushed += action.kind is ActionKind.ALLIN
    return pushed


def test_a_maniac_pushes_wider_than_a_rock_and_a_shorter_stack_wider() -> None:
    maniac, shark, rock = (_first_in_pushes(k, 8) for k in ("maniac", "shark", "rock"))
    assert maniac >= shark >= rock and maniac > rock
    assert _first_in_pushes("shark", 4) > _first_in_pushes("shark", 11)


def test_a_low_level_bot_sometimes_forgets_the_chart() -> None:
    hand = _hand((3000, 3000, 1100, 3000), button=3, hole={2: "7c 2d"})
    low = ShortStackBot(create_bot("shark", random.Random(1), think=False), random.Random(3),
                        level=1)
    forgot = sum(low.short_stack(view_of(hand, 2)) is None for _ in range(200))
    assert 60 < forgot < 140  # about half the time at level 1
    assert all(_bot().short_stack(view_of(hand, 2)) is not None for _ in range(50))
