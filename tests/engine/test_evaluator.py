"""The hand evaluator: categories, kickers, straights, descriptions, batch == scalar,
and the same ordering as independent evaluators (eval7, phevaluator, treys)."""

from __future__ import annotations

import itertools
import random

import eval7
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_cards as ph_evaluate
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from engine.cards import CardError, card_str, cards_str, parse_cards
from engine.evaluator import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    HandInfo,
    category_of,
    describe,
    describe_value,
    evaluate,
    evaluate_batch,
)


def v(text: str) -> int:
    return evaluate(parse_cards(text.split()))


def info(text: str) -> HandInfo:
    return describe(parse_cards(text.split()))


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size]


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """Sorted by our value, theirs must be non-decreasing with identical tie groups."""
    order = np.argsort(ours, kind="stable")
    a, b = ours[order], theirs[order]
    assert (b[1:] >= b[:-1]).all(), "a stronger hand by our values is weaker for them"
    assert ((a[1:] == a[:-1]) == (b[1:] == b[:-1])).all(), "tie groups differ"


# --- encoding and categories -------------------------------------------------------

def test_value_packs_category_then_tiebreak_ranks():
    # One pair of Aces, kickers K 7 2 (rank numbers 12; 11, 5, 0), unused slot 0.
    assert v("As Ad Kc 7h 2d") == ONE_PAIR << 20 | 12 << 16 | 11 << 12 | 5 << 8 | 0 << 4
    assert category_of(v("As Ad Kc 7h 2d")) == ONE_PAIR


CATEGORY_EXAMPLES = [
    ("Ah Jd 9c 6s 3h 2d 4c", HIGH_CARD, "High Card", "High Card, Ace"),
    ("Ah Ad 9c 6s 3h 2d Kc", ONE_PAIR, "One Pair", "One Pair, Aces, King kicker"),
    ("Kh Kd 9c 9s 3h 2d Jc", TWO_PAIR, "Two Pair", "Two Pair, Kings and Nines, Jack kicker"),
    ("9h 9d 9c Ks 3h 2d Qc", THREE_OF_A_KIND, "Three of a Kind", "Three of a Kind, Nines"),
    ("8h 7d 6c 5s 4h Kd 2c", STRAIGHT, "Straight", "Straight, Eight high"),
    ("Ah 2d 3c 4s 5h Kd Kc", STRAIGHT, "Straight", "Straight, Five high"),
    ("Ah 9h 6h 4h 2h Kd Kc", FLUSH, "Flush", "Flush, Ace high"),
    ("Kh Kd Kc 4s 4h 2d 3c", FULL_HOUSE, "Full House", "Full House, Kings full of Fours"),
    ("9h 9d 9c 9s 3h 2d Kc", FOUR_OF_A_KIND, "Four of a Kind", "Four of a Kind, Nines"),
    ("9s 8s 7s 6s 5s Ad Ac", STRAIGHT_FLUSH, "Straight Flush", "Straight Flush, Nine high"),
    ("As Ks Qs Js Ts 9s 2c", STRAIGHT_FLUSH, "Royal Flush", "Royal Flush"),
]


@pytest.mark.parametrize(("text", "cat", "name", "words"), CATEGORY_EXAMPLES)
def test_every_category_is_recognised_and_described(text, cat, name, words):
    hand = info(text)
    assert category_of(hand.value) == cat
    assert hand.category == name
    assert hand.description == words
    assert describe_value(hand.value) == words
    assert hand.value == v(text)


def test_categories_rank_in_poker_order():
    values = [v(text) for text, *_ in CATEGORY_EXAMPLES if text != "Ah 2d 3c 4s 5h Kd Kc"]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [category_of(x) for x in values] == [*range(9), STRAIGHT_FLUSH]


def test_category_names_cover_all_nine():
    assert len(CATEGORY_NAMES) == 9


# --- kickers -------------------------------------------------------------------------

def test_pair_kicker_decides():
    assert v("Ah Ad Kc 7s 4h 3d 2c") > v("Ah Ad Qc 7s 4h 3d 2c")


def test_third_pair_kicker_decides():
    assert v("8h 8d Ac Kc 9s 3d 2c") > v("8h 8d Ac Kc 7s 3d 2c")


def test_fifth_high_card_decides():
    assert v("Ah Jd 9c 6s 4h") > v("Ah Jd 9c 6s 3h")


def test_cards_beyond_the_best_five_do_not_count():
    assert v("Ah Ad Kc Qs Jh 9d 2c") == v("Ah Ad Kc Qs Jh 8d 3c")


def test_two_pair_kicker_decides_and_third_pair_can_be_the_kicker():
    assert v("Kh Kd 9c 9s Jh 2d 3c") > v("Kh Kd 9c 9s Th 2d 3c")
    # K K 9 9 7 7 2: the best kicker is a Seven from the third pair.
    assert v("Kh Kd 9c 9s 7h 7d 2c") == v("Kh Kd 9c 9s 7h 3d 2c")
    assert info("Kh Kd 9c 9s 7h 7d 2c").description == "Two Pair, Kings and Nines, Seven kicker"


def test_trips_kickers_decide():
    assert v("9h 9d 9c As 3h 2d 4c") > v("9h 9d 9c Ks Qh 2d 4c")


def test_quads_kicker_can_come_from_trips():
    assert v("9h 9d 9c 9s Kh Kd Kc") == v("9h 9d 9c 9s Kh 2d 3c")
    assert v("9h 9d 9c 9s Kh 2d 3c") > v("9h 9d 9c 9s Qh Jd Tc")


# --- straights and flushes --------------------------------------------------------------

def test_wheel_is_lowest_straight():
    wheel, six_high = v("Ah 2d 3c 4s 5h"), v("2d 3c 4s 5h 6c")
    assert category_of(wheel) == STRAIGHT
    assert wheel < six_high
    assert wheel > v("Ah Ad Ac Ks Qh")  # but still beats trips


def test_no_wrap_around_straight():
    assert category_of(v("Qh Kd Ac 2s 3h")) == HIGH_CARD
    assert category_of(v("Jh Qh Kd Ac 2s 3h 4d")) == HIGH_CARD


def test_broadway_is_highest_straight_and_six_card_run_plays_top_five():
    assert v("Ah Kd Qc Js Th") > v("Kd Qc Js Th 9h")
    assert v("Kd Qc Js Th 9h 8h 7h") == v("Kd Qc Js Th 9h")


def test_flush_beats_straight():
    assert v("2h 5h 7h 9h Jh Ts 8c") > v("7d 8c 9s Th Jh")


def test_full_house_beats_flush_and_quads_beat_full_house():
    assert v("Kh Kd Kc 4s 4h") > v("Ah Kh 9h 6h 3h")
    assert v("4h 4d 4c 4s 2h") > v("Ah Ad Ac Ks Kh")


def test_straight_flush_beats_quads_and_wheel_straight_flush_is_lowest():
    assert v("5s 4s 3s 2s As") > v("Ah Ad Ac As Kh")
    assert v("5s 4s 3s 2s As") < v("6s 5s 4s 3s 2s")
    assert info("As 2s 3s 4s 5s 9c").description == "Straight Flush, Five high"


def test_flush_plays_top_five_suited_cards():
    assert v("Ah Kh 9h 6h 3h 2h Qc") == v("Ah Kh 9h 6h 3h")
    assert v("Ah Kh 9h 6h 3h 2h") > v("Ah Kh 9h 6h 2h 7c")


def test_straight_flush_found_inside_a_six_card_flush():
    assert category_of(v("9s 8s 7s 6s 5s 2s Ac")) == STRAIGHT_FLUSH


def test_full_house_from_two_trips_uses_higher_trips():
    hand = info("Qh Qd Qs 2h 2c 2d 8c")
    assert hand.description == "Full House, Queens full of Twos"
    assert cards_str(hand.best_five) == ["Qd", "Qh", "Qs", "2c", "2d"]


def test_full_house_takes_the_best_pair():
    assert v("Kh Kd Kc 4s 4h 7d 7c") == v("Kh Kd Kc 7d 7c")


# --- best five and worked examples -----------------------------------------------------

def test_contract_example_trips_nines():
    hand = info("Qs 9h 9c Kc 3h 5s 9d")
    assert cards_str(hand.best_five) == ["9c", "9d", "9h", "Kc", "Qs"]
    assert hand.category == "Three of a Kind"
    assert hand.description == "Three of a Kind, Nines"


def test_seed_004_showdown_full_house_wins():
    board = "4c Ks 4h 8s 7s"
    bob, carol, ted, alice = (info(f"{h} {board}") for h in ("Ac 4d", "As 9s", "Kh Kd", "5d 6d"))
    assert bob.description == "Three of a Kind, Fours"
    assert cards_str(bob.best_five) == ["4c", "4d", "4h", "Ac", "Ks"]
    assert carol.description == "Flush, Ace high"
    assert cards_str(carol.best_five) == ["As", "Ks", "9s", "8s", "7s"]
    assert ted.description == "Full House, Kings full of Fours"
    assert cards_str(ted.best_five) == ["Kd", "Kh", "Ks", "4c", "4h"]
    assert alice.description == "Straight, Eight high"
    assert cards_str(alice.best_five) == ["8s", "7s", "6d", "5d", "4c"]
    assert ted.value > carol.value > alice.value > bob.value


def test_kicker_example_is_a_split_pot():
    board = "8s Qc 8h 4c As"
    bob, carol = info(f"Kh Qs {board}"), info(f"Qh Td {board}")
    assert bob.value == carol.value
    assert bob.description == carol.description == "Two Pair, Queens and Eights, Ace kicker"
    assert cards_str(bob.best_five) == ["Qc", "Qs", "8h", "8s", "As"]
    assert cards_str(carol.best_five) == ["Qc", "Qh", "8h", "8s", "As"]


def test_sample_hand_trips_beat_two_pair():
    board = "9c Kc 3h 5s 9d"
    bob, carol = info(f"Qs 9h {board}"), info(f"Ks Jh {board}")
    assert bob.value > carol.value
    assert carol.description == "Two Pair, Kings and Nines, Jack kicker"
    assert cards_str(carol.best_five) == ["Kc", "Ks", "9c", "9d", "Jh"]


def test_wheel_best_five_lists_ace_last():
    assert cards_str(info("Ah 2d 3c 4s 5h Kd Kc").best_five) == ["5h", "4s", "3c", "2d", "Ah"]


def test_high_card_and_pair_best_five_order():
    assert cards_str(info("2d Ah Jd 9c 6s 3h 4c").best_five) == ["Ah", "Jd", "9c", "6s", "4c"]
    assert cards_str(info("Ah Ad 9c 6s 3h 2d Kc").best_five) == ["Ad", "Ah", "Kc", "9c", "6s"]


def test_describe_rejects_bad_input():
    with pytest.raises(CardError):
        describe(parse_cards(["Ah", "Kd", "Qc", "Js"]))
    with pytest.raises(CardError):
        describe([0, 0, 5, 9, 13])
    with pytest.raises(CardError):
        describe([0, 4, 8, 12, 52])


def test_evaluate_rejects_wrong_card_count():
    with pytest.raises(CardError):
        evaluate(parse_cards(["Ah", "Kd", "Qc", "Js"]))


def test_best_five_evaluates_to_the_same_value_on_random_hands():
    rng = random.Random(11)
    for _ in range(2000):
        cards = rng.sample(range(52), rng.choice((5, 6, 7)))
        hand = describe(cards)
        assert len(set(hand.best_five)) == 5 and set(hand.best_five) <= set(cards)
        assert evaluate(hand.best_five) == hand.value


# --- exhaustive and property checks -----------------------------------------------------

def test_all_five_card_hands_give_7462_classes_with_textbook_counts():
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    hands = np.fromiter(flat, dtype=np.int8, count=2_598_960 * 5).reshape(-1, 5)
    values = evaluate_batch(hands)
    assert len(np.unique(values)) == 7462
    per_category = np.bincount(values >> 20, minlength=9).tolist()
    assert per_category == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]


def test_six_and_seven_cards_score_their_best_five_card_subset():
    rng = random.Random(3)
    for _ in range(1500):
        cards = rng.sample(range(52), rng.choice((6, 7)))
        best = max(evaluate(c) for c in itertools.combinations(cards, 5))
        assert evaluate(cards) == best


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.sampled_from((5, 6, 7)), st.permutations(range(4)))
def test_value_ignores_card_order_and_suit_names(deck, size, suit_map):
    cards = list(deck[:size])
    relabelled = [(c & ~3) | suit_map[c & 3] for c in cards]
    assert evaluate(cards) == evaluate(list(reversed(cards))) == evaluate(relabelled)


# --- batch -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar_on_random_hands(size):
    hands = random_hands(20_000, size, seed=size)
    batch = evaluate_batch(hands)
    assert batch.shape == (20_000,)
    assert batch.tolist() == [evaluate(h) for h in hands.tolist()]


def test_batch_accepts_small_int_dtypes_and_empty_input():
    hands = random_hands(100, 7, seed=1)
    assert (evaluate_batch(hands.astype(np.int8)) == evaluate_batch(hands)).all()
    assert evaluate_batch(np.zeros((0, 7), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize(
    "bad",
    [
        np.array([[0, 1, 2, 3]]),  # four cards
        np.array([[0, 1, 2, 3, 52]]),  # out of range
        np.array([[0, 1, 2, 3, -1]]),
        np.array([[0, 1, 2, 3, 3, 9, 10]]),  # repeated card
        np.array([0, 1, 2, 3, 4]),  # not 2-D
    ],
)
def test_batch_rejects_bad_hands(bad):
    with pytest.raises(CardError):
        evaluate_batch(bad)


# --- differential checks against other libraries ---------------------------------------

@pytest.fixture(scope="module")
def hands_100k() -> np.ndarray:
    return random_hands(100_000, 7, seed=2024)


def test_ordering_matches_eval7_on_100k_seven_card_hands(hands_100k):
    deck = [eval7.Card(card_str(c)) for c in range(52)]
    theirs = np.array([eval7.evaluate([deck[c] for c in row]) for row in hands_100k.tolist()])
    assert_same_order(evaluate_batch(hands_100k), theirs)


def test_categories_match_eval7_hand_types(hands_100k):
    deck = [eval7.Card(card_str(c)) for c in range(52)]
    names = {"Pair": "One Pair", "Trips": "Three of a Kind", "Quads": "Four of a Kind"}
    ours = evaluate_batch(hands_100k[:20_000])
    for row, value in zip(hands_100k[:20_000].tolist(), ours.tolist(), strict=True):
        theirs = eval7.handtype(eval7.evaluate([deck[c] for c in row]))
        assert names.get(theirs, theirs) == CATEGORY_NAMES[value >> 20]


def test_ordering_matches_phevaluator_on_100k_seven_card_hands(hands_100k):
    # phevaluator uses the same card numbering; its rank is lower-is-better.
    theirs = -np.array([ph_evaluate(*row) for row in hands_100k.tolist()])
    assert_same_order(evaluate_batch(hands_100k), theirs)


def test_ordering_matches_treys_on_seven_card_hands(hands_100k):
    evaluator = TreysEvaluator()
    deck = [TreysCard.new(card_str(c)) for c in range(52)]
    sample = hands_100k[:30_000].tolist()
    theirs = -np.array(
        [evaluator.evaluate([deck[c] for c in r[:2]], [deck[c] for c in r[2:]]) for r in sample]
    )
    assert_same_order(evaluate_batch(hands_100k[:30_000]), theirs)
