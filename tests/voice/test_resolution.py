"""Contract 2's resolution rules: what a phrase comes to at this table."""

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from engine.sizing import POT_FRACTIONS, multiple_to, pot_fraction_to, sized_to
from voice.understand.intent import IntentKind
from voice.understand.parse import parse

from .contexts import BB_OPTION, FACING, OPEN, PREFLOP, SHALLOW, SHORT


def _said(text, ctx):
    intent = parse(text, ctx)
    return intent.intent, intent.to, intent.error


# --- bet or raise is the table's call -------------------------------------------------

@pytest.mark.parametrize("text", ["raise to 100", "raise 100", "raise it to a hundred",
                                  "make it 100", "reraise to 100"])
def test_raise_on_an_unopened_street_means_bet(text):
    assert _said(text, OPEN) == (IntentKind.BET, 100, None)


@pytest.mark.parametrize("text", ["bet 300", "bet three hundred", "bet it to 300"])
def test_bet_facing_a_bet_means_raise(text):
    assert _said(text, FACING) == (IntentKind.RAISE, 300, None)


def test_the_big_blinds_option_is_a_raise_not_a_bet():
    assert _said("bet 60", BB_OPTION) == (IntentKind.RAISE, 60, None)


# --- explicit amounts -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["raise 300", "raise to 300", "raise three hundred",
                                  "raise to three hundred"])
def test_raise_n_and_raise_to_n_both_mean_to_n(text):
    assert _said(text, FACING)[1] == 300


@pytest.mark.parametrize(("text", "to"), [
    ("raise by 100", 150), ("raise by a hundred", 150), ("raise it by fifty", 100),
    ("raise 100 more", 150), ("raise another hundred", 150), ("I raise you 100", 150),
])
def test_raise_by_n_means_current_bet_plus_n(text, to):
    assert _said(text, FACING) == (IntentKind.RAISE, to, None)


def test_raise_by_on_an_unopened_street_is_a_bet_of_n():
    assert _said("raise by 60", OPEN) == (IntentKind.BET, 60, None)


@pytest.mark.parametrize(("text", "to"), [
    ("raise to fifty", 50), ("raise two fifty", 250), ("raise to two fifty", 250),
    ("raise to to fifty", 250), ("raise two to fifty", 250), ("raise to two hundred", 200),
    ("raise two hundred", 200), ("raise to hundred", 200), ("raise to a hundred", 100),
    ("raise to twenty", 20), ("raise two twenty", 220), ("raise to one twenty", 120),
    ("bet for hundred", 400), ("bet four hundred", 400), ("bet for fifty", 450),
    ("bet for 500", 500), ("raise to 500", 500), ("make it to fifty", 50),
    ("raise to thousand", 2000), ("raise to two grand", 2000),
])
def test_to_and_two_for_and_four_are_told_apart_by_position(text, to):
    assert _said(text, OPEN)[:2] == (IntentKind.BET, to)


@pytest.mark.parametrize(("text", "to"), [
    ("raise to 1,500", 1500), ("raise to 1.5k", 1500), ("raise to fifteen hundred", 1500),
    ("raise to twelve fifty", 1250), ("raise to twelve hundred fifty", 1250),
    ("raise to a grand", 1000), ("raise to two hundred and fifty", 250),
    ("raise to one thousand five hundred", 1500), ("raise to 2k", 2000),
])
def test_spoken_amount_forms_resolve_to_their_value(text, to):
    assert _said(text, PREFLOP) == (IntentKind.RAISE, to, None)


# --- amounts out of range are kept, and explained -------------------------------------

def test_a_raise_below_the_minimum_is_kept_and_explained():
    assert _said("raise to seventy", FACING) == (IntentKind.RAISE, 70, "Minimum raise is to 100")


def test_a_bet_below_the_minimum_is_kept_and_explained():
    assert _said("bet 10", OPEN) == (IntentKind.BET, 10, "Minimum bet is 20")


def test_an_amount_above_the_stack_is_kept_and_explained():
    assert _said("raise to two thousand", FACING) == (
        IntentKind.RAISE, 2000, "You have 1,200 behind")


def test_a_raise_by_that_comes_to_too_little_is_explained():
    assert _said("raise by 10", FACING) == (IntentKind.RAISE, 60, "Minimum raise is to 100")


def test_an_all_in_for_less_than_a_full_raise_is_allowed():
    assert _said("raise to 80", SHALLOW) == (IntentKind.RAISE, 80, None)


def test_above_a_pot_limit_maximum_the_maximum_is_named():
    pot_limit = replace(FACING, max_raise_to=300)
    assert _said("raise to 500", pot_limit) == (IntentKind.RAISE, 500, "Maximum raise is to 300")


def test_exactly_the_minimum_and_exactly_the_stack_are_fine():
    assert _said("raise to 100", FACING) == (IntentKind.RAISE, 100, None)
    assert _said("raise to 1200", FACING) == (IntentKind.RAISE, 1200, None)


# --- no amount ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["raise", "raise it", "raise it up", "bump it", "raise to",
                                  "reraise", "make it"])
def test_a_raise_with_no_amount_asks_for_one(text):
    assert _said(text, FACING) == (IntentKind.RAISE, None, "Raise to how much?")


@pytest.mark.parametrize("text", ["bet", "bet it", "I'll bet", "raise"])
def test_a_bet_with_no_amount_asks_for_one(text):
    assert _said(text, OPEN) == (IntentKind.BET, None, "Bet how much?")


# --- pot fractions --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("quarter pot", "quarter"), ("a third of the pot", "third"), ("half pot", "half"),
    ("two thirds", "two_thirds"), ("three quarters", "three_quarters"), ("pot", "pot"),
])
def test_pot_fractions_are_current_bet_plus_fraction_of_pot_and_call(text, name):
    fraction = POT_FRACTIONS[name]
    for ctx in (FACING, OPEN, PREFLOP, BB_OPTION, SHALLOW):
        exact = ctx.current_bet + fraction * (ctx.pot + ctx.to_call)
        rounded = math.floor(exact + Fraction(1, 2))
        legal = min(max(rounded, ctx.min_raise_to), ctx.max_raise_to)
        assert parse(text, ctx).to == legal == sized_to(fraction, ctx)


@pytest.mark.parametrize(("text", "ctx", "to"), [
    ("half pot", OPEN, 60), ("pot", OPEN, 120), ("pot", FACING, 300),
    ("three quarters pot", FACING, 238),  # 50 + 3/4 × 250 = 237.5, halves round up
    ("pot", PREFLOP, 70), ("half pot", FACING, 175), ("a third of the pot", OPEN, 40),
])
def test_pot_fractions_resolve_to_pinned_totals(text, ctx, to):
    assert parse(text, ctx).to == to


def test_a_pot_fraction_below_the_minimum_is_raised_to_it():
    small = replace(FACING, pot=60, min_raise_to=100)  # 50 + 1/4 × 110 = 77.5
    assert pot_fraction_to(POT_FRACTIONS["quarter"], small) == 78
    assert _said("quarter pot", small) == (IntentKind.RAISE, 100, None)


def test_a_pot_fraction_above_the_stack_is_cut_to_all_in():
    assert _said("pot", SHALLOW) == (IntentKind.RAISE, 80, None)


# --- multiples ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "times"), [
    ("three x", 3), ("3x", 3), ("three times", 3), ("three bets", 3), ("raise 3 x", 3),
    ("double it", 2), ("triple it", 3), ("two and a half x", Fraction(5, 2)), ("4x", 4),
])
def test_n_x_is_n_times_the_current_bet(text, times):
    assert parse(text, FACING).to == multiple_to(times, FACING) == round(times * 50)


@pytest.mark.parametrize(("text", "to"), [("three x", 60), ("bet two x", 40),
                                          ("double it", 40), ("four times", 80)])
def test_n_x_on_an_unopened_street_is_n_big_blinds(text, to):
    assert _said(text, OPEN) == (IntentKind.BET, to, None)


@pytest.mark.parametrize(("text", "ctx", "to"), [
    ("three times the big blind", PREFLOP, 60), ("raise to three big blinds", PREFLOP, 60),
    ("three times the big blind", OPEN, 60), ("five big blinds", FACING, 100),
])
def test_big_blinds_are_counted_in_big_blinds_even_facing_a_bet(text, ctx, to):
    assert parse(text, ctx).to == to


def test_a_multiple_below_the_minimum_is_kept_and_explained():
    assert _said("one and a half x", FACING) == (IntentKind.RAISE, 75, "Minimum raise is to 100")


# --- minimum and all in ---------------------------------------------------------------

@pytest.mark.parametrize("text", ["min raise", "minimum", "min", "minimum raise",
                                  "raise the minimum", "min it"])
def test_min_raise_is_the_minimum_raise_total(text):
    assert _said(text, FACING) == (IntentKind.RAISE, 100, None)
    assert _said(text, PREFLOP) == (IntentKind.RAISE, 40, None)


def test_min_bet_on_an_unopened_street_is_the_minimum_bet():
    assert _said("min bet", OPEN) == (IntentKind.BET, 20, None)


def test_min_raise_when_only_an_all_in_is_left_is_the_all_in():
    assert _said("min raise", SHALLOW) == (IntentKind.RAISE, 80, None)


@pytest.mark.parametrize("text", ["all in", "shove", "jam", "I'm all in", "push"])
def test_all_in_words_are_allin_without_an_amount(text):
    for ctx in (FACING, OPEN, SHORT):
        assert _said(text, ctx) == (IntentKind.ALLIN, None, None)


# --- call and check -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["call", "I call", "just call", "call it"])
def test_call_with_nothing_to_call_means_check(text):
    assert _said(text, OPEN) == (IntentKind.CHECK, None, None)
    assert _said(text, BB_OPTION) == (IntentKind.CHECK, None, None)


@pytest.mark.parametrize("text", ["check", "check it", "knock", "I check"])
def test_check_facing_a_bet_stays_check_and_says_why(text):
    assert _said(text, FACING) == (IntentKind.CHECK, None, "You can't check: 50 to call")
    assert _said(text, PREFLOP) == (IntentKind.CHECK, None, "You can't check: 20 to call")


def test_check_facing_a_bet_is_never_a_fold():
    for text in ("check", "check fold", "check or fold"):
        assert parse(text, FACING).intent is not IntentKind.FOLD


def test_call_naming_the_amount_to_call_is_a_plain_call():
    assert _said("call 50", FACING) == (IntentKind.CALL, None, None)
    assert _said("call twenty", PREFLOP) == (IntentKind.CALL, None, None)


def test_call_naming_the_wrong_amount_says_what_the_call_is():
    assert _said("call 20", FACING) == (IntentKind.CALL, None, "It's 50 to call")


def test_call_for_all_your_chips_accepts_the_capped_amount():
    assert _said("call 30", SHORT) == (IntentKind.CALL, None, None)
    assert _said("call", SHORT) == (IntentKind.CALL, None, None)


def test_call_with_an_amount_and_nothing_to_call_is_a_check_that_asks():
    intent, to, error = _said("call 20", OPEN)
    assert (intent, to) == (IntentKind.CHECK, None) and error


# --- a number alone -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["two hundred", "200", "to two hundred", "a grand"])
def test_a_bare_number_is_resolved_but_never_acted_on(text):
    intent = parse(text, FACING)
    assert intent.intent is IntentKind.RAISE and intent.to and intent.error


def test_a_bare_number_on_an_unopened_street_asks_for_the_verb():
    assert _said("two hundred", OPEN) == (IntentKind.BET, 200, "Say bet 200 to bet that")


def test_a_bare_number_facing_a_bet_asks_for_raise_to():
    assert _said("three hundred", FACING) == (IntentKind.RAISE, 300, "Say raise to 300 to raise")


def test_a_bare_number_equal_to_the_call_suggests_calling():
    assert _said("fifty", FACING) == (IntentKind.RAISE, 50, "To call 50, say call")


def test_a_bare_number_out_of_range_says_the_range():
    assert _said("seventy", FACING) == (IntentKind.RAISE, 70, "Minimum raise is to 100")


# --- written forms that could lose their meaning --------------------------------------

@pytest.mark.parametrize(("text", "to"), [
    ("bet .5k", 500), ("bet 0.5k", 500), ("bet ½ pot", None), ("bet ¾ pot", None),
    ("bet ⅓ pot", None), ("bet 2½ x", None), ("bet 3/4 pot", None), ("bet 2/3 pot", None),
    ("bet 3 quarters pot", None), ("bet 2 thirds pot", None), ("bet 2 3rds pot", None),
    ("bet 1/2 pot", None),
])
def test_typed_fractions_and_decimals_keep_their_value(text, to):
    spelled = {"bet ½ pot": "bet half pot", "bet ¾ pot": "bet three quarters pot",
               "bet ⅓ pot": "bet a third of the pot", "bet 2½ x": "bet two and a half x",
               "bet 3/4 pot": "bet three quarters pot", "bet 2/3 pot": "bet two thirds pot",
               "bet 3 quarters pot": "bet three quarters pot",
               "bet 2 thirds pot": "bet two thirds pot", "bet 2 3rds pot": "bet two thirds pot",
               "bet 1/2 pot": "bet half pot"}
    want = to if to is not None else parse(spelled[text], OPEN).to
    assert want is not None and _said(text, OPEN) == (IntentKind.BET, want, None)


@pytest.mark.parametrize(("text", "not_as"), [("bet 2 quarters pot", "bet two thirds pot"),
                                               ("bet 3 thirds pot", "bet three quarters pot")])
def test_a_count_and_a_fraction_that_do_not_go_together_are_not_another_fraction(text, not_as):
    assert parse(text, OPEN).to != parse(not_as, OPEN).to


@pytest.mark.parametrize("text", ["raise to -200", "bet -200", "raise by -50", "bet −200",
                                  "raise to -.5k"])
def test_a_negative_amount_is_not_read_as_a_positive_one(text):
    assert parse(text, FACING).intent is IntentKind.UNKNOWN


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 2.5, -5])
def test_a_context_amount_that_is_not_whole_chips_is_named(value):
    from engine.sizing import BettingContext

    with pytest.raises(ValueError, match=r"context\.pot must be a whole number of chips"):
        BettingContext.from_json({"pot": value})
