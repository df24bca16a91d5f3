"""Compiled templates and matching an utterance against them.

:class:`Templates` (built by :func:`voice.understand.templates.compile_templates`) finds every
template an utterance matches, with filler around it, for the parser; it also lists
the words a player can say and samples sentences the templates accept.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from voice.understand.expression import Alt, Expr, Opt, Ref, Seq, Word, walk
from voice.understand.numbers import NUMBER_WORDS, number_to_words
from voice.understand.text import tokenize


class BlockKind(StrEnum):
    """What a block of templates asks for (contract 2's intents, wagers merged)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    ALLIN = "allin"
    WAGER = "wager"
    QUERY = "query"
    CONTROL = "control"
    CONFIRM = "confirm"
    DENY = "deny"
    CHOOSE = "choose"  # a value on a screen: control "choose" with the block's row


@dataclass(frozen=True, slots=True)
class Block:
    """A block header: the intent its templates produce and the block's value."""

    kind: BlockKind
    value: str | None = None

    @property
    def label(self) -> str:
        return self.kind.value if self.value is None else f"{self.kind} {self.value}"


@dataclass(frozen=True, slots=True)
class Match:
    """A template that matched an utterance, with its slots' text or list value."""

    block: Block
    slots: Mapping[str, str]
    line: int


@dataclass(frozen=True, slots=True)
class Template:
    block: Block
    expr: Expr
    source: str
    line: int
    pattern: re.Pattern[str]
    groups: tuple[tuple[str, str, str | None], ...]  # (regex group, slot, list value)
    first_words: frozenset[str] | None  # the words it can start with; None: any number

    def match(self, text: str, start: int = 0, end: int | None = None) -> Match | None:
        """Match ``text[start:end]``: normalised text, each token followed by a space."""
        m = self.pattern.fullmatch(text, start, len(text) if end is None else end)
        if m is None:
            return None
        slots: dict[str, str] = {}
        for group, slot, value in self.groups:
            captured = m.group(group)
            if captured is not None:
                slots[slot] = captured.strip() if value is None else value
        return Match(self.block, slots, self.line)


@dataclass(frozen=True, slots=True)
class Templates:
    """The compiled template file."""

    templates: tuple[Template, ...]
    rules: Mapping[str, Expr]
    lists: Mapping[str, Mapping[str, Expr]]  # list slot -> value -> expression
    prefix: Expr | None
    suffix: Expr | None
    hesitation: frozenset[str]
    prefix_phrases: frozenset[tuple[str, ...]]
    suffix_phrases: frozenset[tuple[str, ...]]
    parser_only: frozenset[str] = frozenset()  # read when typed, never offered to recognizers

    def tokens(self, text: str) -> list[str]:
        """The utterance's tokens, hesitations dropped and a phrase said twice in a
        row said once (see :func:`said_once`)."""
        return said_once([token for token in tokenize(text) if token not in self.hesitation])

    def matches(self, text: str) -> Iterator[Match]:
        """Every template matching ``text`` with filler around it, in file order; a
        template matching with more or less filler comes once per way, the most filler
        last ("oh to six bets" has "oh to six" for a number, then "to six" after "oh")."""
        tokens = self.tokens(text)
        offsets = [0]
        for token in tokens:
            offsets.append(offsets[-1] + len(token) + 1)
        normalized = "".join(f"{token} " for token in tokens)
        # Where a command may start and end: found word by word rather than by the
        # regular expressions, which would backtrack exponentially over ambiguous filler.
        starts = _filler_ends(tokens, self.prefix_phrases)
        ends = [len(tokens) - i for i in _filler_ends(tokens[::-1], self.suffix_phrases,
                                                      reverse=True)]
        spans = [(tokens[a], offsets[a], offsets[b]) for a in starts for b in ends if a < b]
        for template in self.templates:
            firsts = template.first_words
            for first, start, end in spans:
                if firsts is not None and first not in firsts:
                    continue
                found = template.match(normalized, start, end)
                if found is not None:
                    yield found

    def vocabulary(self) -> list[str]:
        """Every word that can be said, number words included, sorted."""
        exprs: list[Expr] = [t.expr for t in self.templates]
        exprs += [*self.rules.values(), *(e for v in self.lists.values() for e in v.values())]
        exprs += [e for e in (self.prefix, self.suffix) if e is not None]
        words = {w.text for e in exprs for w in walk(e) if isinstance(w, Word)}
        return sorted(words | NUMBER_WORDS | self.hesitation)

    def recognizer_vocabulary(self) -> list[str]:
        """The words a recognizer is given: :meth:`vocabulary` less the parser-only
        words (synonyms the typed parser reads but that cost recognition accuracy)."""
        return [word for word in self.vocabulary() if word not in self.parser_only]

    def sample(self, template: Template, rng: random.Random,
               fill: Callable[[str], str] | None = None) -> str:
        """A random sentence the template accepts; ``fill`` says number slots."""
        words: list[str] = []
        self._sample(template.expr, rng, fill or _default_fill(rng), words)
        return " ".join(words)

    def _sample(self, expr: Expr, rng: random.Random, fill: Callable[[str], str],
                out: list[str]) -> None:
        if isinstance(expr, Word):
            out.append(expr.text)
        elif isinstance(expr, Seq):
            for item in expr.items:
                self._sample(item, rng, fill, out)
        elif isinstance(expr, Alt):
            self._sample(rng.choice(expr.options), rng, fill, out)
        elif isinstance(expr, Opt):
            if rng.random() < 0.5:
                self._sample(expr.item, rng, fill, out)
        elif isinstance(expr, Ref):
            self._sample(self.rules[expr.name], rng, fill, out)
        elif expr.name in self.lists:
            self._sample(rng.choice(list(self.lists[expr.name].values())), rng, fill, out)
        else:
            out.append(fill(expr.name))


REPEAT_LONGEST = 3
"""The longest phrase (in words) whose repetition :func:`said_once` undoes."""


def said_once(tokens: list[str]) -> list[str]:
    """``tokens`` with each phrase of up to :data:`REPEAT_LONGEST` words that is said
    exactly twice in a row kept once: "call call" is "call", "all in all in" is "all
    in". Three or more times ("fold fold fold") is left alone, as are phrases with a
    number word in them ("two two", "to to fifty": the number reader's business)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in range(REPEAT_LONGEST, 0, -1):
            phrase = tokens[i : i + size]
            if (len(phrase) == size and tokens[i + size : i + 2 * size] == phrase
                    and tokens[i + 2 * size : i + 3 * size] != phrase
                    and (not out or out[-len(phrase):] != phrase)
                    and not any(_numeric(token) for token in phrase)):
                out += phrase
                i += 2 * size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def _numeric(token: str) -> bool:
    return token in NUMBER_WORDS or token[:1].isdigit()


def _filler_ends(tokens: list[str], phrases: frozenset[tuple[str, ...]], *,
                 reverse: bool = False) -> list[int]:
    """Every i such that ``tokens[:i]`` is a run of filler phrases (0 included), in
    order. With ``reverse`` the phrases are matched backwards (``tokens`` reversed)."""
    if reverse:
        phrases = frozenset(phrase[::-1] for phrase in phrases)
    reached = [True] + [False] * len(tokens)
    for i in range(len(tokens)):
        if reached[i]:
            for phrase in phrases:
                if tuple(tokens[i : i + len(phrase)]) == phrase:
                    reached[i + len(phrase)] = True
    return [i for i, ok in enumerate(reached) if ok]


def _default_fill(rng: random.Random) -> Callable[[str], str]:
    def fill(slot: str) -> str:
        high = 6 if slot in ("multiple", "blinds") else 5000
        return number_to_words(rng.randint(1, high))

    return fill


def wager_multiple(value: str | None) -> Fraction | None:
    """The multiple a ``wager x<n>`` block names ("x2" -> 2), else None."""
    if value and re.fullmatch(r"x\d+(?:_\d+)?", value):
        return Fraction(value[1:].replace("_", "."))
    return None
