"""Lines for the ear: what the game shows written for the eye, said as a person says it.

Every line the narrator is given passes through :func:`for_the_ear` (the last guard: no
spoken line holds a symbol); the lines themselves are written to be heard, and the tests
check their sources give it nothing to change.
"""

from __future__ import annotations

import re

from engine.cards import card_name, parse_card

_SPOKEN_PUNCTUATION = frozenset(" .,!?'’:;-\"()")
"""What may stand in a spoken line besides letters and digits."""

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement) for pattern, replacement in (
        (r"(\d)\s*/\s*(\d)", r"\1 and \2"),  # blinds 5/10
        (r"(\d)\s*[–—-]\s*(\d)", r"\1 to \2"),  # a range 400–1,000
        (r"(\d)\s*×", r"\1 times"),  # speed 8×
        (r"×\s*(\d)", r"times \1"),
        (r"(\d)\s*%", r"\1 percent"),
        (r"#\s*(\d)", r"number \1"),
        (r"\bBB\b", "big blinds"),
        (r"\s*·\s*", ". "),
        (r"\s*[—–]\s*", ", "),
        (r"\s*→\s*", " to "),
        (r"\s*&\s*", " and "),
        (r"\s*=\s*", " is "),
        (r"…|\.\.\.", "."),
        (r"[✓✔]", " yes"),
        (r"[✗✘]", " no"),
        (r"[“”«»]", '"'),
        (r"\s*/\s*", " or "),
    ))


def has_symbols(text: str) -> bool:
    """Whether ``text`` holds anything but words, numbers and plain punctuation."""
    return any(not (ch.isalnum() or ch in _SPOKEN_PUNCTUATION) for ch in text)


def for_the_ear(text: str) -> str:
    """``text`` with its symbols said as words ("5/10" -> "5 and 10", "8×" -> "8
    times", " · " -> ". ") and any other symbol left out; spaces tidied."""
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    text = "".join(ch if ch.isalnum() or ch in _SPOKEN_PUNCTUATION else " " for ch in text)
    text = re.sub(r"\s+([.,!?:;])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
    return re.sub(r"([.!?])(?:\s*[.])+", r"\1", text).strip(" ,;:")


_CARD = re.compile(r"\b([2-9TJQKA][cdhs])\b")


def cards_said(text: str) -> str:
    """Card codes in a line written for the eye ("[9c Kc 3h]") as names ("Nine of
    clubs, King of clubs, Three of hearts"); anything else is left as it is."""
    named = _CARD.sub(lambda m: card_name(parse_card(m.group(1))) + ",", text)
    return re.sub(r",(\s*[\]\)])", r"\1", named).replace("[", "").replace("]", ".")
