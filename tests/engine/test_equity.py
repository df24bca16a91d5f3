"""Equity: Monte Carlo agrees with exact enumeration, deals are legal and follow the
ranges, results are reproducible, and the pre-flop strength order is sensible."""

from __future__ import annotations

import itertools
import math
import random

import eval7
import numpy as np
import pytest

from engine.cards import CardError, card_str, parse_cards
from engine.equity import (
    EquityResult,
    Range,
    equity,
    exact_equity,
    preflop_strength,
    sample_deals,
)


def cards(text: str) -> list[int]:
    return parse_cards(text.split())


def hand_range(*hands: str) -> Range:
    return Range.from_combos([cards(h) for h in hands])


def mc_tolerance(samples: int) -> float:
    """Five standard errors of a pot share (variance <= 1/4), ~1 in 1.7 million to fail."""
    return 5 * 0.5 / math.sqrt(samples)


def gen(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


# --- exact equity ---------------------------------------------------------------------

def test_exact_equity_on_the_river_is_the_showdown_share():
    board = cards("2c 7d 9h Js Kd")
    assert exact_equity(cards("As Ac"), board, [cards("Qs Qc")]) == 1.0
    assert exact_equity(cards("Qs Qc"), board, [cards("As Ac")]) == 0.0
    # Everyone plays the board's straight: a three-way split.
    straight = cards("Ts 9s 8s 7c 6d")
    assert exact_equity(cards("2h 3h"), straight, [cards("2d 3d"), cards("4c 2s")]) == (
        pytest.approx(1 / 3)
    )


def test_exact_equity_on_the_turn_matches_brute_force_with_eval7():
    hero, board, villain = cards("Ah Kh"), cards("Qh 7h 2c 9d"), cards("9s 9c")
    deck = [eval7.Card(card_str(c)) for c in range(52)]
    used = set(hero + board + villain)
    shares = []
    for river in (c for c in range(52) if c not in used):
        ours = eval7.evaluate([deck[c] for c in [*hero, *board, river]])
        theirs = eval7.evaluate([deck[c] for c in [*villain, *board, river]])
        shares.append(1.0 if ours > theirs else 0.5 if ours == theirs else 0.0)
    assert len(shares) == 44
    assert exact_equity(hero, board, [villain]) == pytest.approx(sum(shares) / 44)


def test_exact_equity_shares_sum_to_one_across_players():
    board = cards("Jc Td 2s")
    hands = [cards("Ac Kc"), cards("Jh Js"), cards("9d 8d")]
    total = sum(
        exact_equity(h, board, [o for o in hands if o is not h]) for h in hands
    )
    assert total == pytest.approx(1.0)


def test_aces_against_kings_preflop_is_about_82_percent():
    exact = exact_equity(cards("Ah As"), [], [cards("Kd Kc")])
    assert 0.81 < exact < 0.83
    mc = equity(cards("Ah As"), [], [hand_range("Kd Kc")], 40_000, random.Random(1))
    assert abs(mc.equity - exact) < mc_tolerance(40_000)


def test_exact_equity_rejects_shared_cards():
    with pytest.raises(CardError):
        exact_equity(cards("Ah As"), cards("Ah 2c 3d"), [cards("Kd Kc")])
    with pytest.raises(CardError):
        exact_equity(cards("Ah As"), [], [cards("As Kc")])


# --- Monte Carlo against exact ----------------------------------------------------------

@pytest.mark.parametrize(
    ("hero", "board", "villains"),
    [
        ("Jh Th", "9h 8c 2h", ["As Ad"]),  # flop heads-up: 990 boards
        ("7c 7d", "Ks 7s 2h", ["Ah Kh"]),
        ("Jh Th", "9h 8c 2h 3s", ["As Ad", "9s 9d"]),  # turn three-way
        ("5s 4s", "6s 7d Ac", ["Kd Kh"]),
    ],
)
def test_monte_carlo_matches_exact_enumeration(hero, board, villains):
    exact = exact_equity(cards(hero), cards(board), [cards(v) for v in villains])
    samples = 30_000
    mc = equity(cards(hero), cards(board), [hand_range(v) for v in villains], samples,
                random.Random(7))
    assert mc.samples == samples
    assert abs(mc.equity - exact) < mc_tolerance(samples)
    assert abs(mc.equity - exact) < 5 * mc.std_error + 1e-9


def test_monte_carlo_against_a_range_matches_eval7():
    # Hero AhKh on Qh 7h 2c against {QQ, 77, AQ}: compare with eval7's own Monte Carlo.
    villain = Range.from_weights(
        lambda a, b: {a >> 2, b >> 2} in ({10}, {5}, {12, 10})
    )
    assert len(villain) == 6 + 6 + 16
    hero, board = cards("Ah Kh"), cards("Qh 7h 2c")
    ours = equity(hero, board, [villain], 60_000, random.Random(3))
    e7 = eval7.py_hand_vs_range_monte_carlo(
        [eval7.Card("Ah"), eval7.Card("Kh")],
        eval7.HandRange("QQ, 77, AQ"),
        [eval7.Card(c) for c in ("Qh", "7h", "2c")],
        400_000,
    )
    assert abs(ours.equity - e7) < mc_tolerance(60_000) + 5 * 0.5 / math.sqrt(400_000)


def test_equity_fields_are_consistent():
    res = equity(cards("Ts Tc"), cards("9d 2c 2h"), 3, 20_000, random.Random(5))
    assert isinstance(res, EquityResult)
    assert 0 <= res.win <= res.equity <= res.win + res.tie <= 1
    assert res.tie > 0  # two-pair boards split sometimes
    assert 0 < res.std_error < 0.01


def test_aces_lose_equity_as_opponents_are_added():
    values = [
        equity(cards("Ah As"), [], n, 20_000, random.Random(n)).equity for n in (1, 3, 6)
    ]
    assert values[0] == pytest.approx(0.852, abs=0.02)
    assert values[0] > values[1] > values[2]


def test_same_seed_gives_the_same_result_and_another_seed_differs():
    args = (cards("Ah Kd"), cards("Kc 7s 2h"), 2, 5_000)
    first = equity(*args, random.Random(42))
    assert equity(*args, random.Random(42)) == first
    assert equity(*args, random.Random(43)) != first


def test_large_sample_counts_are_processed_in_chunks_with_the_same_statistics():
    res = equity(cards("Kh Kd"), [], [hand_range("Ac Qc")], 120_000, random.Random(9))
    exact = exact_equity(cards("Kh Kd"), [], [cards("Ac Qc")])
    assert res.samples == 120_000
    assert abs(res.equity - exact) < mc_tolerance(120_000)
    assert res.std_error == pytest.approx(math.sqrt(exact * (1 - exact) / 120_000), rel=0.1)


# --- dealing ----------------------------------------------------------------------------

def test_deals_never_share_a_card():
    hero, board = cards("Ah Kd"), cards("7c 8c")
    holes, boards = sample_deals(hero, board, 6, 5_000, gen(1))
    assert holes.shape == (5_000, 6, 2) and boards.shape == (5_000, 5)
    every = np.concatenate([holes.reshape(5_000, 12), boards, np.tile(hero, (5_000, 1))], 1)
    ordered = np.sort(every, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all()
    assert (boards[:, :2] == board).all()
    assert every.min() >= 0 and every.max() <= 51


def test_missing_board_cards_are_uniform_over_the_unseen_cards():
    hero = cards("Ah Kd")
    _, boards = sample_deals(hero, cards("2c 3c 4c 5c"), [hand_range("Qs Qh")], 47_000, gen(2))
    rivers = np.bincount(boards[:, 4], minlength=52)
    unseen = [c for c in range(52) if c not in cards("Ah Kd 2c 3c 4c 5c Qs Qh")]
    assert rivers.sum() == rivers[unseen].sum()  # nothing else is ever dealt
    expected = 47_000 / len(unseen)  # 1,068 per card; sd ~ 32
    assert (np.abs(rivers[unseen] - expected) < 6 * math.sqrt(expected)).all()


def test_ranges_are_respected_and_weights_set_frequencies():
    villain = Range.from_combos([cards("Qs Qh"), cards("Js Jh")], [1.0, 3.0])
    holes, _ = sample_deals(cards("Ah Kd"), [], [villain], 40_000, gen(3))
    dealt = {tuple(sorted(h)) for h in holes[:, 0].tolist()}
    assert dealt == {tuple(sorted(cards("Qs Qh"))), tuple(sorted(cards("Js Jh")))}
    share_jj = float(np.mean(holes[:, 0, 0] >> 2 == 9))
    assert share_jj == pytest.approx(0.75, abs=5 * math.sqrt(0.75 * 0.25 / 40_000))


def test_combos_blocked_by_known_cards_are_never_dealt():
    villain = hand_range("Ah As", "Kh Ks")
    holes, _ = sample_deals(cards("Ad Ac"), cards("Kh 2c 3d"), [villain], 2_000, gen(4))
    assert (np.sort(holes[:, 0], axis=1) == sorted(cards("Ah As"))).all()


def test_overlapping_ranges_are_dealt_jointly_without_bias():
    # Both opponents hold one of three aces-pairs from {Ac, Ad, Ah, As}; every legal pair
    # of disjoint combos must be equally likely (3 disjoint pairings x 2 seat orders).
    aces = Range.from_weights(lambda a, b: a >> 2 == 12 and b >> 2 == 12)
    holes, _ = sample_deals(cards("Kh Kd"), [], [aces, aces], 30_000, gen(5))
    seen = {}
    for row in holes.tolist():
        key = (tuple(row[0]), tuple(row[1]))
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 6
    assert all(abs(n - 5_000) < 6 * math.sqrt(5_000) for n in seen.values())


def test_ranges_that_cannot_be_dealt_together_raise():
    aces = Range.from_weights(lambda a, b: a >> 2 == 12 and b >> 2 == 12)
    with pytest.raises(ValueError):
        equity(cards("Ah Kd"), [], [aces, aces], 1_000, random.Random(1))
    with pytest.raises(ValueError):
        equity(cards("Ah Kd"), [], [hand_range("Ah Ad")], 1_000, random.Random(1))


def test_bad_equity_arguments_raise():
    with pytest.raises(CardError):
        equity(cards("Ah Ah"), [], 1, 100, random.Random(1))
    with pytest.raises(CardError):
        equity(cards("Ah"), [], 1, 100, random.Random(1))
    with pytest.raises(ValueError):
        equity(cards("Ah Kd"), [], 0, 100, random.Random(1))
    with pytest.raises(ValueError):
        equity(cards("Ah Kd"), [], 1, 0, random.Random(1))


# --- ranges and pre-flop strength -------------------------------------------------------

def test_random_range_has_every_combo_once():
    r = Range.random()
    assert len(r) == 1326
    assert len({tuple(c) for c in r.combos.tolist()}) == 1326
    assert (r.combos[:, 0] < r.combos[:, 1]).all()


def test_range_arrays_are_read_only_and_zero_weights_are_dropped():
    r = Range.from_combos([cards("As Ks"), cards("Qd Qc")], [0.0, 2.0])
    assert len(r) == 1 and r.weights.tolist() == [2.0]
    with pytest.raises(ValueError):
        r.combos[0, 0] = 5


def test_range_rejects_bad_combos():
    with pytest.raises(ValueError):
        Range.from_combos([cards("As Ks"), cards("Ks As")])
    with pytest.raises(CardError):
        Range.from_combos([[3, 3]])
    with pytest.raises(CardError):
        Range.from_combos([[3, 52]])
    with pytest.raises(ValueError):
        Range.from_combos([cards("As Ks")], [-1.0])


def test_range_without_removes_combos_using_dead_cards():
    r = Range.random().without(cards("Ah Kd"))
    assert len(r) == math.comb(50, 2)


def test_strength_is_the_same_for_every_combo_of_a_class():
    rng = random.Random(8)
    for _ in range(500):
        a, b = rng.sample(range(52), 2)
        perm = rng.sample(range(4), 4)
        a2, b2 = (a & ~3) | perm[a & 3], (b & ~3) | perm[b & 3]
        assert preflop_strength(a, b) == preflop_strength(a2, b2) == preflop_strength(b, a)


def class_strengths() -> dict[str, float]:
    """Strength of each of the 169 classes, keyed like "AKs", "AKo", "AA"."""
    out = {}
    for a, b in itertools.combinations(range(52), 2):
        hi, lo = max(a, b), min(a, b)
        name = card_str(hi)[0] + card_str(lo)[0]
        if hi >> 2 != lo >> 2:
            name += "s" if a & 3 == b & 3 else "o"
        out[name] = preflop_strength(a, b)
    return out


def test_preflop_order_is_total_and_sensible():
    s = class_strengths()
    assert len(s) == 169 and len(set(s.values())) == 169
    order = sorted(s, key=s.get, reverse=True)
    assert order[0] == "AA" and order[-1] == "72o"
    pairs = [r + r for r in "AKQJT98765432"]
    assert [s[p] for p in pairs] == sorted((s[p] for p in pairs), reverse=True)
    for hi, lo in itertools.combinations("AKQJT98765432", 2):
        assert s[hi + lo + "s"] > s[hi + lo + "o"]
    assert s["AKs"] > s["AKo"] > s["KQo"] > s["T9s"] > s["K2o"]
    assert s["QQ"] > s["AKo"] > s["22"] > s["94o"]


def test_top_fraction_keeps_whole_top_classes():
    s = class_strengths()
    top = Range.top_fraction(0.05)
    assert 0.05 * 1326 <= len(top) < 0.05 * 1326 + 12
    weakest_in = min(preflop_strength(a, b) for a, b in top.combos.tolist())
    outside = [
        preflop_strength(a, b)
        for a, b in itertools.combinations(range(52), 2)
        if preflop_strength(a, b) < weakest_in
    ]
    assert len(outside) == 1326 - len(top)
    assert s["AA"] >= weakest_in and s["72o"] < weakest_in
    assert len(Range.top_fraction(1.0)) == 1326
    small, big = Range.top_fraction(0.1), Range.top_fraction(0.3)
    assert {tuple(c) for c in small.combos.tolist()} < {tuple(c) for c in big.combos.tolist()}
    with pytest.raises(ValueError):
        Range.top_fraction(0.0)


def test_hero_has_less_equity_against_a_tight_range_than_a_random_hand():
    hero = cards("Ah Jd")
    loose = equity(hero, [], [Range.random()], 20_000, random.Random(1)).equity
    tight = equity(hero, [], [Range.top_fraction(0.05)], 20_000, random.Random(1)).equity
    assert loose == pytest.approx(0.64, abs=0.02)
    assert tight < 0.4 < loose
