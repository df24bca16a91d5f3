"""Spoken numbers: reading them, saying them, and the to/two and for/four rule."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voice.understand.numbers import number_to_words, parse_number, parse_value, readings


@pytest.mark.parametrize(("text", "value"), [
    ("200", 200),
    ("1,500", 1500),
    ("100,000", 100_000),
    ("1.5k", 1500),
    ("1.5 k", 1500),
    ("2k", 2000),
    ("2 thousand", 2000),
    ("10 grand", 10_000),
    ("$200", 200),
    ("two hundred", 200),
    ("two fifty", 250),
    ("one twenty", 120),
    ("three fifty", 350),
    ("two twenty five", 225),
    ("fifteen hundred", 1500),
    ("twelve fifty", 1250),
    ("twelve hundred fifty", 1250),
    ("twelve hundred and fifty", 1250),
    ("twenty five hundred", 2500),
    ("a grand", 1000),
    ("two grand", 2000),
    ("two hundred and fifty", 250),
    ("a hundred", 100),
    ("a hundred and fifty", 150),
    ("hundred", 100),
    ("a thousand", 1000),
    ("ten thousand five hundred", 10_500),
    ("two thousand and fifty", 2050),
    ("two thousand two fifty", 2250),
    ("one hundred thousand", 100_000),
    ("a hundred thousand", 100_000),
    ("two fifty k", 250_000),
    ("one point five k", 1500),
    ("two and a half thousand", 2500),
    ("one oh five", 105),
    ("twenty-five", 25),
    ("zero", 0),
    ("nine hundred ninety nine thousand nine hundred ninety nine", 999_999),
])
def test_spoken_and_written_forms_read_as_their_value(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", [
    "", "a", "and", "and a half", "point", "two two", "two two fifty", "five five",
    "fifty five five", "thousand thousand", "hundred hundred", "twelve fifty thousand",
    "a million", "zero thousand", "two hundred and", "banana", "two bananas",
])
def test_non_numbers_read_as_none(text):
    assert parse_number(text) is None


@pytest.mark.parametrize(("text", "value"), [
    ("two and a half", Fraction(5, 2)),
    ("2.5", Fraction(5, 2)),
    ("one point five", Fraction(3, 2)),
    ("point five", Fraction(1, 2)),
])
def test_fractional_values_read_for_multiples_but_are_not_whole_numbers(text, value):
    assert parse_value(text) == value
    assert parse_number(text) is None


@pytest.mark.parametrize(("text", "value"), [
    ("to fifty", 250), ("too fifty", 250), ("for hundred", 400), ("for fifty", 450),
    ("twenty for", 24), ("to thousand", 2000),
])
def test_homophones_inside_a_number_are_digits(text, value):
    assert parse_number(text) == value


@pytest.mark.slow
def test_every_number_up_to_a_hundred_thousand_round_trips_through_its_words():
    wrong = [n for n in range(1, 100_001) if parse_number(number_to_words(n)) != n]
    assert wrong == []


@given(st.integers(min_value=0, max_value=999_999))
def test_every_number_below_a_million_round_trips(n):
    assert parse_number(number_to_words(n)) == n


@given(st.integers(min_value=1, max_value=999_999))
def test_recognizer_spellings_of_two_and_four_still_read_as_digits(n):
    spelled = {"two": "to", "four": "for"}
    words = [spelled.get(word, word) for word in number_to_words(n).split()]
    assert parse_number(words) == n


@pytest.mark.parametrize(("n", "words"), [
    (1, "one"), (15, "fifteen"), (40, "forty"), (99, "ninety nine"), (100, "one hundred"),
    (250, "two hundred fifty"), (1250, "one thousand two hundred fifty"),
    (10_500, "ten thousand five hundred"), (100_000, "one hundred thousand"),
])
def test_number_to_words_says_the_plain_spoken_form(n, words):
    assert number_to_words(n) == words


@pytest.mark.parametrize("n", [-1, 1_000_000])
def test_number_to_words_refuses_what_it_cannot_say(n):
    with pytest.raises(ValueError):
        number_to_words(n)


# The rule for a leading "to"/"two"/"for"/"four" after a verb (readings, likeliest first).
@pytest.mark.parametrize(("text", "first"), [
    ("to fifty", 50),            # literal "to" then a complete number: preposition
    ("to twenty", 20),
    ("to a hundred", 100),
    ("to one twenty", 120),
    ("to 500", 500),
    ("to two fifty", 250),       # the preposition, then the number
    ("to two hundred", 200),
    ("to to fifty", 250),        # the second "to" is a digit
    ("to for hundred", 400),
    ("to hundred", 200),         # "to" before a scale word is the digit
    ("to thousand", 2000),
    ("to grand", 2000),
    ("two fifty", 250),          # literal "two" that makes a number: the digit
    ("two hundred", 200),
    ("two twenty", 220),
    ("two to fifty", 250),       # "two two fifty" is no number: the first is the preposition
    ("two a hundred", 100),
    ("two 500", 500),
    ("for hundred", 400),        # "for" is no preposition for a size: the digit
    ("for fifty", 450),
    ("four fifty", 450),
    ("for 500", 500),            # ... unless that reads as no number
    ("fifty", 50),
])
def test_leading_to_two_for_four_resolve_by_position(text, first):
    assert readings(text)[0] == first


def test_lone_to_is_no_amount_but_is_two_before_a_multiple():
    assert readings("to") == []
    assert readings("to", lone_to_is_two=True) == [2]
    assert readings("two") == [2]


def test_readings_keep_the_other_reading_second():
    assert readings("to fifty") == [50, 250]
    assert readings("two fifty") == [250, 50]
    assert readings("two hundred") == [200]  # never "to hundred" = 100
