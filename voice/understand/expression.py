"""Template expressions: their syntax tree and the parser of their text.

``raise [it] (to | by) {amount}`` -- words, ``(a | b)`` alternatives, ``[optional]``
parts, ``<rule>`` references and ``{slot}`` slots -- becomes an :data:`Expr`, the one
form every later stage (compiling, matching, sampling, grammars) reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


class TemplateError(ValueError):
    """The template file is malformed; the message names the line."""


@dataclass(frozen=True, slots=True)
class Word:
    text: str


@dataclass(frozen=True, slots=True)
class Seq:
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Alt:
    options: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Opt:
    item: Expr


@dataclass(frozen=True, slots=True)
class Ref:
    name: str


@dataclass(frozen=True, slots=True)
class Slot:
    name: str


Expr = Word | Seq | Alt | Opt | Ref | Slot

_LEXEME = re.compile(r"\s*(?:([\[\]()|])|<([a-z_]+)>|\{([a-z_]+)\}|([a-z0-9']+))")


def parse_expression(source: str) -> Expr:
    """Parse one template expression (``raise [it] (to | by) {amount}``)."""
    lexemes: list[tuple[str, str]] = []
    pos = 0
    source = source.rstrip()
    while pos < len(source):
        m = _LEXEME.match(source, pos)
        if m is None:
            raise TemplateError(f"unexpected {source[pos:].strip()[:12]!r} in {source!r}")
        pos = m.end()
        punct, ref, slot, word = m.groups()
        lexemes.append(("p", punct) if punct else ("r", ref) if ref else
                       ("s", slot) if slot else ("w", word))
    expr, end = _parse_alt(lexemes, 0, source)
    if end != len(lexemes):
        raise TemplateError(f"unbalanced {lexemes[end][1]!r} in {source!r}")
    return expr


def _parse_alt(lexemes: list[tuple[str, str]], i: int, source: str) -> tuple[Expr, int]:
    options: list[Expr] = []
    while True:
        items: list[Expr] = []
        while i < len(lexemes) and lexemes[i] not in (("p", "|"), ("p", ")"), ("p", "]")):
            kind, text = lexemes[i]
            if (kind, text) in (("p", "("), ("p", "[")):
                inner, i = _parse_alt(lexemes, i + 1, source)
                closing = ")" if text == "(" else "]"
                if i >= len(lexemes) or lexemes[i] != ("p", closing):
                    raise TemplateError(f"missing {closing!r} in {source!r}")
                items.append(inner if text == "(" else Opt(inner))
            else:
                items.append(Word(text) if kind == "w" else Ref(text) if kind == "r"
                             else Slot(text))
            i += 1
        if not items:
            raise TemplateError(f"empty alternative in {source!r} (use [...] instead)")
        options.append(items[0] if len(items) == 1 else Seq(tuple(items)))
        if i < len(lexemes) and lexemes[i] == ("p", "|"):
            i += 1
            continue
        return (options[0] if len(options) == 1 else Alt(tuple(options))), i


def walk(expr: Expr) -> Iterator[Expr]:
    """``expr`` and every expression inside it, depth first (rules not followed)."""
    yield expr
    if isinstance(expr, Seq):
        for item in expr.items:
            yield from walk(item)
    elif isinstance(expr, Alt):
        for option in expr.options:
            yield from walk(option)
    elif isinstance(expr, Opt):
        yield from walk(expr.item)
