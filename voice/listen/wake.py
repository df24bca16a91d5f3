"""The wake word: in a noisy room an utterance counts only when it starts with it
("dealer, raise to two hundred"), so talk around the table is not taken for commands.

:func:`after_wake` reads a transcript, :func:`wake_result` a recognizer result: the
words after the wake word, or None when the utterance does not start with it. A short
greeting before it ("hey dealer", "ok dealer") is allowed. The recognizer must be able
to hear the word: it is in the templates' ``@prefix`` (``voice/data/templates.txt``), so
the vocabulary, language model and grammar built from them contain it before every
command.
"""

from __future__ import annotations

import re
from dataclasses import replace

from voice.recognize.base import Result

WAKE_WORD = "dealer"
GREETINGS = frozenset({"hey", "ok", "okay", "hi", "hello", "yo"})
"""Words allowed before the wake word."""


def after_wake(text: str, wake: str = WAKE_WORD) -> str | None:
    """The words after ``wake`` when ``text`` starts with it (after at most one
    greeting), else None; "" when nothing follows it."""
    words = re.findall(r"[a-z0-9']+(?:\.[0-9]+)?k?", text.lower())
    if words and words[0] in GREETINGS and len(words) > 1:
        words = words[1:]
    if not words or words[0] != wake:
        return None
    return " ".join(words[1:])


def wake_result(result: Result, wake: str = WAKE_WORD) -> Result | None:
    """``result`` without the wake word, or None when its best reading does not start
    with it. Alternatives that lack it are dropped; best paths that lack it become
    empty (they agree with nothing, so they still count against the confidence)."""
    best = after_wake(result.text, wake)
    if best is None:
        return None
    alternatives = tuple(a for a in (after_wake(t, wake) for t in result.alternatives)
                         if a is not None)
    paths = tuple(after_wake(t, wake) or "" for t in result.paths)
    return replace(result, text=best, alternatives=alternatives or (best,), paths=paths)
