"""Spoken numbers: read chip amounts the way players say them, and say them back.

Read: digits ("200", "1,500", "1.5k", "2k") and words up to 999,999 ("two hundred",
"two hundred and fifty", "a hundred", "fifteen hundred", "twelve hundred fifty",
"ten thousand five hundred", "one hundred thousand", "a grand", "two grand"), plus the
colloquial pairs "two fifty" (250), "one twenty" (120), "twelve fifty" (1250),
"one oh five" (105), and "and a half" ("two and a half" for multiples).

Recognizers write homophones: "to"/"too" for "two" and "for" for "four". Inside a number
they are read as the digit. Whether a leading "to"/"for" is a preposition ("raise to
fifty") or a digit ("raise two fifty") is decided by :func:`readings`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from engine.chips import chip_text
from voice.understand.text import tokenize

_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen")
_DECADES = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

UNIT_VALUES: dict[str, int] = {word: i + 1 for i, word in enumerate(_UNITS)}
TEEN_VALUES: dict[str, int] = {word: i + 10 for i, word in enumerate(_TEENS)}
DECADE_VALUES: dict[str, int] = {word: (i + 2) * 10 for i, word in enumerate(_DECADES)}

# What a recognizer may write for a digit word.
HOMOPHONES: dict[str, str] = {"to": "two", "too": "two", "for": "four"}
# Words that multiply what precedes them by a thousand.
THOUSANDS = frozenset({"thousand", "grand", "k"})
# Words that scale what precedes them: a leading "to" before one is the digit ("to
# hundred" is "two hundred"), never a preposition.
SCALES = THOUSANDS | {"hundred"}
_ZEROS = frozenset({"zero", "oh"})
_HALF = ("and", "a", "half")

NUMBER_WORDS: frozenset[str] = frozenset(
    [*UNIT_VALUES, *TEEN_VALUES, *DECADE_VALUES, *HOMOPHONES, *SCALES, *_ZEROS,
     "a", "and", "half", "point"]
)
"""Every word that can occur inside a spoken number."""

NUMBER_TOKEN_PATTERN = r"(?:\d+(?:\.\d+)?|" + "|".join(sorted(NUMBER_WORDS, key=len,
                                                                reverse=True)) + ")"
"""A regular expression for one token of a spoken or written number."""

LIMIT = 1_000_000
"""Numbers in words go up to (not including) a million."""


_DIGITS = re.compile(r"^\d{1,7}$")


def heard_amounts(text: str) -> dict[int, str]:
    """The whole numbers written in digits in a transcription in the parser's words
    ("raise to 1100"), each with how it was written: every run of digits, and a round
    number with a smaller one after it joined ("race 200 90": 290 written "200 90", as
    Whisper writes a said "two hundred ninety"), and a pair said the short way ("2 60":
    260, "12 50": 1,250)."""
    values = [int(w) if _DIGITS.match(w) else None for w in text.split()]
    found = {v: chip_text(v) for v in values if v is not None and v > 0}
    for a, b in itertools.pairwise(values):
        if a is None or b is None or not 0 < b < 1000:
            continue
        place = 1000 if b >= 100 else 100
        if a % place == 0 and a >= place:
            found.setdefault(a + b, f"{chip_text(a)} {chip_text(b)}")
        elif 0 < a < 100 and 10 <= b < 100:  # "2 60": a said "two sixty"
            found.setdefault(a * 100 + b, f"{a} {b}")
    return found


def parse_number(words: str | Iterable[str]) -> int | None:
    """A whole non-negative number from its spoken or written form, or None.

    ``words`` is text or a sequence of tokens; homophones count as digits, so
    ``parse_number("to fifty")`` is 250 (the preposition rule is :func:`readings`).
    """
    value = parse_value(words)
    if value is None or value.denominator != 1:
        return None
    return int(value)


def parse_value(words: str | Iterable[str]) -> Fraction | None:
    """Like :func:`parse_number` but fractions are allowed ("two and a half", "2.5")."""
    tokens = tokenize(words) if isinstance(words, str) else [w.lower() for w in words]
    tokens = [HOMOPHONES.get(token, token) for token in tokens]
    if not tokens:
        return None
    scale_at = [i for i, token in enumerate(tokens) if token in THOUSANDS]
    if not scale_at:
        return _with_half(tokens, below=10_000)
    if len(scale_at) > 1:
        return None
    left, right = tokens[: scale_at[0]], tokens[scale_at[0] + 1 :]
    head = Fraction(1) if left in ([], ["a"]) else _with_half(left, below=1000)
    if right[:1] == ["and"]:
        right = right[1:]
        if not right:
            return None
    tail = _chunk(right, below=1000) if right else Fraction(0)
    if head is None or tail is None or tail.denominator != 1 or head == 0:
        return None
    return head * 1000 + tail


def readings(words: str | Sequence[str], *, lone_to_is_two: bool = False) -> list[Fraction]:
    """The values an amount phrase after a verb may mean, the likeliest first.

    A phrase may start with a preposition that a recognizer spells like a digit:

    - a literal "to"/"too" is the preposition ("raise to fifty" = 50, "raise to to
      fifty" = 250), unless a scale word follows ("to hundred" = 200) or nothing does
      (a lone "to" is no amount unless ``lone_to_is_two``, as in "to x" = 2x);
    - a literal "two"/"for"/"four" is the digit when the whole phrase reads as a number
      ("two fifty" = 250, "for hundred" = 400), else the preposition ("two a hundred"
      = 100, "for 500" = 500).
    """
    tokens = tokenize(words) if isinstance(words, str) else [w.lower() for w in words]
    if not tokens:
        return []
    whole = parse_value(tokens)
    first, rest = tokens[0], tokens[1:]
    after_preposition = parse_value(rest) if rest and rest[0] not in SCALES else None
    if first in ("to", "too"):
        order = [after_preposition, whole] if rest or lone_to_is_two else []
    elif first in ("two", "for", "four"):
        order = [whole, after_preposition]
    else:
        order = [whole]
    found: list[Fraction] = []
    for value in order:
        if value is not None and value not in found:
            found.append(value)
    return found


def number_to_words(n: int) -> str:
    """The spoken form of ``0 <= n < 1,000,000``: 10500 -> "ten thousand five hundred"."""
    if not 0 <= n < LIMIT:
        raise ValueError(f"can only say numbers from 0 to {LIMIT - 1}, not {n}")
    if n == 0:
        return "zero"
    thousands, rest = divmod(n, 1000)
    parts = [_below_thousand_words(thousands), "thousand"] if thousands else []
    if rest:
        parts.append(_below_thousand_words(rest))
    return " ".join(parts)


def said_amount(n: int) -> str:
    """A chip amount as a player says it, the colloquial pairs this module reads:
    140 -> "one forty", 995 -> "nine ninety five", 105 -> "one oh five", 1240 -> "twelve
    forty", 1500 -> "fifteen hundred", 2015 -> "two thousand fifteen"; round hundreds,
    thousands, amounts below 100 and from 10,000 up as :func:`number_to_words` says
    them. Half the words of "nine hundred and ninety five" (the stacks answer took 7 s
    with four of them said in full)."""
    if not 100 <= n < 10_000:
        return number_to_words(n)
    hundreds, rest = divmod(n, 100)
    if n % 1000 == 0 or (n >= 1000 and n % 1000 < 100):
        return number_to_words(n)  # "two thousand", "two thousand fifteen"
    if rest == 0:
        return f"{_below_thousand_words(hundreds)} hundred"  # "fifteen hundred"
    tail = f"oh {_UNITS[rest - 1]}" if rest < 10 else _below_thousand_words(rest)
    return f"{_below_thousand_words(hundreds)} {tail}"


def _below_thousand_words(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = [_UNITS[hundreds - 1], "hundred"] if hundreds else []
    if rest >= 20:
        parts.append(_DECADES[rest // 10 - 2])
        if rest % 10:
            parts.append(_UNITS[rest % 10 - 1])
    elif rest >= 10:
        parts.append(_TEENS[rest - 10])
    elif rest:
        parts.append(_UNITS[rest - 1])
    return " ".join(parts)


def _with_half(tokens: list[str], *, below: int) -> Fraction | None:
    """A :func:`_chunk` that may end in "and a half"."""
    if len(tokens) > 3 and tuple(tokens[-3:]) == _HALF:
        value = _chunk(tokens[:-3], below=below)
        return None if value is None else value + Fraction(1, 2)
    return _chunk(tokens, below=below)


def _chunk(tokens: list[str], *, below: int) -> Fraction | None:
    """A number without a thousands word: digits, decimals, "X hundred Y", "X Y", or
    a plain number below a hundred. Words must say less than ``below``; digits may
    say anything."""
    value = _chunk_value(tokens)
    if value is None or (value >= below and not tokens[0][:1].isdigit()):
        return None
    return value


def _chunk_value(tokens: list[str]) -> Fraction | None:
    if len(tokens) == 1 and tokens[0][:1].isdigit():
        return _digits(tokens[0])
    if "point" in tokens:
        return _decimal(tokens)
    if "hundred" in tokens:
        at = tokens.index("hundred")
        head, tail = tokens[:at], tokens[at + 1 :]
        if tail[:1] == ["and"]:
            tail = tail[1:]
            if not tail:
                return None
        high = 1 if head in ([], ["a"]) else _below_hundred(head, digits=True)
        low = _below_hundred(tail, digits=True) if tail else 0
        if not high or low is None:
            return None
        return Fraction(high * 100 + low)
    plain = _below_hundred(tokens)
    if plain is not None:
        return Fraction(plain)
    # Colloquial pairs: "two fifty" = 250, "twelve fifty" = 1250, "one oh five" = 105.
    for split in (1, 2):
        high = _below_hundred(tokens[:split])
        low = _pair_tail(tokens[split:])
        if high and low is not None:
            return Fraction(high * 100 + low)
    return None


def _below_hundred(tokens: list[str], *, digits: bool = False) -> int | None:
    """0..99 in words ("zero", "seven", "fifteen", "forty two"), or as digits if allowed."""
    if len(tokens) == 1:
        word = tokens[0]
        if digits and word.isdigit() and int(word) < 100:
            return int(word)
        if word == "zero":
            return 0
        return UNIT_VALUES.get(word) or TEEN_VALUES.get(word) or DECADE_VALUES.get(word)
    if len(tokens) == 2 and tokens[0] in DECADE_VALUES and tokens[1] in UNIT_VALUES:
        return DECADE_VALUES[tokens[0]] + UNIT_VALUES[tokens[1]]
    return None


def _pair_tail(tokens: list[str]) -> int | None:
    """The second half of a colloquial pair: 10..99, or "oh" and a digit (01..09)."""
    if len(tokens) == 2 and tokens[0] == "oh" and tokens[1] in UNIT_VALUES:
        return UNIT_VALUES[tokens[1]]
    value = _below_hundred(tokens)
    return value if value is not None and value >= 10 else None


def _digits(token: str) -> Fraction | None:
    try:
        return Fraction(Decimal(token))
    except (InvalidOperation, ValueError):
        return None


def _decimal(tokens: list[str]) -> Fraction | None:
    """"one point five" -> 3/2; the whole part may be missing ("point five")."""
    at = tokens.index("point")
    head, tail = tokens[:at], tokens[at + 1 :]
    whole = _below_hundred(head) if head else 0
    digits = ["0" if word in _ZEROS else str(UNIT_VALUES.get(word, "")) for word in tail]
    if whole is None or not tail or "" in digits:
        return None
    return whole + Fraction(Decimal("0." + "".join(digits)))
