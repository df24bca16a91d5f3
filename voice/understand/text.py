"""Text normalisation shared by the number reader and the template matcher.

Recognizers and people type the same words in different shapes ("All-in!", "1,500",
"3x", "What’s"); both the templates and the utterances go through :func:`tokenize`, so
they meet as the same lowercase tokens.
"""

from __future__ import annotations

import re

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "−": "-"})
_MIXED_HALF = re.compile(r"(?<=\d)\s*½")
_FRACTIONS = str.maketrans({"½": " half ", "⅓": " a third ", "⅔": " two thirds ",
                            "¼": " a quarter ", "¾": " three quarters "})
# Fractions written with digits ("3/4", "2 thirds") become the glyph read above.
_STROKE = re.compile(r"(?<![\d.])([123])\s*/\s*([234])(?![\d.])")
_COUNTED = re.compile(r"(?<![\d.])([23])\s+(3rds|thirds|quarters|fourths)\b")
_GLYPHS = {"1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "2 thirds": "⅔",
           "2 3rds": "⅔", "3 quarters": "¾", "3 fourths": "¾"}
_NEGATIVE = re.compile(r"(?<![\w.])-(?=\.?\d)")
_LEADING_DOT = re.compile(r"(?<![\d.])\.(?=\d)")
_THOUSANDS_COMMA = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_DIGIT_THEN_LETTER = re.compile(r"(?<=\d)(?=[a-z])")
_LONE_DOT = re.compile(r"(?<!\d)\.|\.(?!\d)")
_NOT_WORD = re.compile(r"[^a-z0-9.'%]+")


def tokenize(text: str) -> list[str]:
    """Lowercase words, digits kept whole ("1,500" -> "1500", "1.5k" -> "1.5 k").

    Hyphens and punctuation separate words ("all-in" -> "all in"); apostrophes stay
    inside words ("what's"); "%" becomes the word "percent". Written forms that would
    otherwise lose a meaning read as words: "½" -> "half" ("2½" -> "2 and a half"),
    "3/4" -> "three quarters", "2 thirds" -> "two thirds" (as Whisper writes them),
    ".5" -> "0.5", and a minus sign ("-200") -> "minus", which no template says.
    """
    text = text.lower().translate(_APOSTROPHES)
    text = _MIXED_HALF.sub(" and a half ", text)
    text = _STROKE.sub(lambda m: _GLYPHS.get(f"{m[1]}/{m[2]}", m[0]), text)
    text = _COUNTED.sub(lambda m: _GLYPHS.get(f"{m[1]} {m[2]}", m[0]), text).translate(_FRACTIONS)
    text = _NEGATIVE.sub(" minus ", text)
    text = _LEADING_DOT.sub("0.", text)
    text = _THOUSANDS_COMMA.sub("", text)
    text = _DIGIT_THEN_LETTER.sub(" ", text)
    text = _LONE_DOT.sub(" ", text)
    text = text.replace("%", " percent ")
    tokens = (token.strip("'") for token in _NOT_WORD.split(text))
    return [token for token in tokens if token]
