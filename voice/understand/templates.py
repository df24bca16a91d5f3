"""The template file: read, checked and compiled into :class:`Templates`.

``voice/data/templates.txt`` (syntax in its header) -- blocks of indented
templates, ``<rule>`` definitions, ``{list}`` slot values and ``@filler`` -- is read
once into the :class:`~voice.understand.matching.Templates` the parser matches utterances with
(:mod:`voice.understand.matching`) and the recognizers' vocabulary and grammars are made from
(:mod:`voice.recognize.jsgf`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from engine.sizing import POT_FRACTIONS
from voice.understand.expression import (
    Alt,
    Expr,
    Opt,
    Ref,
    Seq,
    Slot,
    TemplateError,
    Word,
    parse_expression,
    walk,
)
from voice.understand.intent import Control, Query
from voice.understand.matching import Block, BlockKind, Template, Templates, wager_multiple
from voice.understand.numbers import NUMBER_TOKEN_PATTERN

DEFAULT_PATH: Traversable = files("voice") / "data" / "templates.txt"

NUMBER_SLOTS = frozenset({"amount", "increment", "multiple", "blinds"})
"""Slots filled by a spoken number; list slots are defined in the template file."""
SIZE_SLOTS = NUMBER_SLOTS | {"fraction"}
CHOICE_ROWS = ("blinds", "buy_in_bb", "chips", "strength", "bot2", "bot3", "bot4",
               "clock", "speed",
               "voice_volume", "effects_volume", "push_to_talk", "wake_word", "sound_out",
               "four_color", "auto_rebuy", "screen", "page")
"""What a ``choose`` block may set: the rows of the screens that listen (the screen
reads the value; a row it does not have is answered as such)."""
"""Slots that size a wager; a wager template has at most one."""
# Names the generated JSGF grammar uses for its own rules.
_RESERVED_PREFIXES = ("say_", "slot_", "num_", "filler_")
_RESERVED_NAMES = frozenset({"utterance", "number"})


# --- loading --------------------------------------------------------------------------


def load(path: Path | str | None = None) -> Templates:
    """The compiled templates (cached: the file is read and compiled once per path)."""
    return _load(Path(path) if path is not None else None)


@cache
def _load(path: Path | None) -> Templates:
    source: Traversable = DEFAULT_PATH if path is None else path  # None: the packaged file
    return compile_templates(source.read_text(encoding="utf-8"), str(source))


def vocabulary() -> list[str]:
    """Every word a player can say (and the typed parser reads)."""
    return load().vocabulary()


def recognizer_vocabulary() -> list[str]:
    """The words a recognizer listens for: :func:`vocabulary` less ``@parser_only``."""
    return load().recognizer_vocabulary()


def compile_templates(text: str, origin: str = "<templates>") -> Templates:
    """Parse and compile template-file text; TemplateError names the bad line."""
    lines = _logical_lines(text)
    rules: dict[str, Expr] = {}
    lists: dict[str, dict[str, Expr]] = {}
    fillers: dict[str, Expr] = {}
    raw: list[tuple[Block, Expr, str, int]] = []
    block: Block | None = None
    for number, indented, line in lines:
        try:
            if not indented:
                block = _define(line, rules, lists, fillers)
            elif block is None:
                raise TemplateError("template outside a block")
            else:
                raw.append((block, parse_expression(line), line, number))
        except TemplateError as err:
            raise TemplateError(f"{origin}:{number}: {err}") from None
    defined = [*rules.values(), *fillers.values(), *(e for v in lists.values() for e in v.values())]
    for node in (n for expr in defined for n in walk(expr)):
        if isinstance(node, Ref) and node.name not in rules:
            raise TemplateError(f"{origin}: undefined rule <{node.name}>")
    if "fraction" in lists and not set(lists["fraction"]) <= set(POT_FRACTIONS):
        raise TemplateError(f"{origin}: {{fraction}} values must be among {sorted(POT_FRACTIONS)}")
    hesitation_words, parser_only = (_words(fillers.get(name))
                                     for name in ("hesitation", "parser_only"))
    compiler = _Compiler(rules, lists)
    try:
        for name in rules:  # every rule, used or not, so that recursion is found
            compiler.regex(Ref(name))
    except TemplateError as err:
        raise TemplateError(f"{origin}: {err}") from None
    templates: list[Template] = []
    for blk, expr, source, number in raw:
        try:
            _check(blk, expr, rules, lists)
            templates.append(compiler.template(blk, expr, source, number))
        except TemplateError as err:
            raise TemplateError(f"{origin}:{number}: {err}") from None
    prefix, suffix = fillers.get("prefix"), fillers.get("suffix")
    return Templates(tuple(templates), rules, lists, prefix, suffix, hesitation_words,
                     _phrases(prefix, rules), _phrases(suffix, rules), parser_only)


def _words(expr: Expr | None) -> frozenset[str]:
    """The words of a filler-style word list ("a | b c")."""
    return frozenset(w.text for w in walk(expr) if isinstance(w, Word)) if expr else frozenset()


def _phrases(expr: Expr | None, rules: Mapping[str, Expr]) -> frozenset[tuple[str, ...]]:
    """Every word sequence a (slot-free) expression accepts, the empty one left out."""
    if expr is None:
        return frozenset()

    def expand(e: Expr) -> set[tuple[str, ...]]:
        if isinstance(e, Word):
            return {(e.text,)}
        if isinstance(e, Seq):
            out: set[tuple[str, ...]] = {()}
            for item in e.items:
                out = {a + b for a in out for b in expand(item)}
            return out
        if isinstance(e, Alt):
            return set().union(*(expand(option) for option in e.options))
        if isinstance(e, Opt):
            return expand(e.item) | {()}
        if isinstance(e, Ref):
            return expand(rules[e.name])
        raise TemplateError("filler cannot have slots")

    return frozenset(expand(expr) - {()})


def _logical_lines(text: str) -> list[tuple[int, bool, str]]:
    """(line number, indented, text) with comments dropped and "|" lines joined."""
    out: list[tuple[int, bool, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("|") and out:
            n, indented, previous = out[-1]
            out[-1] = (n, indented, f"{previous} {stripped}")
        else:
            out.append((number, line[:1].isspace(), stripped))
    return out


_HEADER = re.compile(r"([a-z]+)(?:\s+([a-z0-9_]+))?\s*:$")
_RULE = re.compile(r"<([a-z_]+)>\s*=(.*)$")
_LIST_VALUE = re.compile(r"\{([a-z_]+)\}\s+([a-z0-9_]+)\s*=(.*)$")
_FILLER = re.compile(r"@(hesitation|prefix|suffix|parser_only)\s*=(.*)$")


def _define(line: str, rules: dict[str, Expr], lists: dict[str, dict[str, Expr]],
            fillers: dict[str, Expr]) -> Block | None:
    """Read an unindented line: a definition (returns None) or a block header."""
    if m := _RULE.match(line):
        name = m[1]
        if name in rules or name in _RESERVED_NAMES or name.startswith(_RESERVED_PREFIXES):
            raise TemplateError(f"rule <{name}> is defined twice or has a reserved name")
        rules[name] = _slot_free(parse_expression(m[2]))
        return None
    if m := _LIST_VALUE.match(line):
        slot, value = m[1], m[2]
        if slot in NUMBER_SLOTS or value in lists.get(slot, {}):
            raise TemplateError(f"{{{slot}}} {value} cannot be defined here")
        lists.setdefault(slot, {})[value] = _slot_free(parse_expression(m[3]))
        return None
    if m := _FILLER.match(line):
        if m[1] in fillers:
            raise TemplateError(f"@{m[1]} is defined twice")
        fillers[m[1]] = _slot_free(parse_expression(m[2]))
        return None
    if m := _HEADER.match(line):
        try:
            kind = BlockKind(m[1])
        except ValueError:
            raise TemplateError(f"unknown block {m[1]!r}") from None
        _check_value(kind, m[2])
        return Block(kind, m[2])
    raise TemplateError(f"cannot read {line!r} (templates must be indented)")


def _slot_free(expr: Expr) -> Expr:
    """Slots belong in templates only: rules, list values and filler are inlined."""
    if any(isinstance(node, Slot) for node in walk(expr)):
        raise TemplateError("only templates may have slots")
    return expr


def _check_value(kind: BlockKind, value: str | None) -> None:
    if kind is BlockKind.QUERY:
        allowed = {q.value for q in Query}
    elif kind is BlockKind.CONTROL:
        allowed = {c.value for c in Control} - {Control.CHOOSE.value}
    elif kind is BlockKind.CHOOSE:
        allowed = set(CHOICE_ROWS)
    elif kind is BlockKind.WAGER:
        if value is None or wager_multiple(value) is not None:
            return
        allowed = {"min", "bare", *POT_FRACTIONS}
    else:
        allowed = set()
    if value is None and kind in (BlockKind.QUERY, BlockKind.CONTROL, BlockKind.CHOOSE):
        raise TemplateError(f"{kind} needs one of {', '.join(sorted(allowed))}")
    if value is not None and value not in allowed:
        raise TemplateError(f"{kind} cannot be {value!r}")


def _check(block: Block, expr: Expr, rules: Mapping[str, Expr],
           lists: Mapping[str, Mapping[str, Expr]]) -> None:
    """Rules exist, slots are known and fit the block."""
    slots: set[str] = set()
    for node in walk(expr):
        if isinstance(node, Ref) and node.name not in rules:
            raise TemplateError(f"undefined rule <{node.name}>")
        if isinstance(node, Slot):
            if node.name not in NUMBER_SLOTS and node.name not in lists:
                raise TemplateError(f"unknown slot {{{node.name}}}")
            slots.add(node.name)
    if block.kind is BlockKind.WAGER:
        sizes = slots & SIZE_SLOTS
        if len(sizes) > 1 or (sizes and block.value not in (None, "bare")):
            raise TemplateError("a wager template takes one size, from a slot or its block")
        if block.value == "bare" and slots != {"amount"}:
            raise TemplateError("wager bare templates take an {amount}")
    elif block.kind is BlockKind.CHOOSE:
        if len(slots) != 1 or slots & (NUMBER_SLOTS - {"amount"}):
            raise TemplateError("a choose template takes one {amount} or list slot")
    elif slots - ({"amount"} if block.kind is BlockKind.CALL else set()):
        raise TemplateError(f"{block.kind} templates take no {sorted(slots)[0]} slot")


class _Compiler:
    """Turns expressions into regular expressions over space-terminated tokens."""

    def __init__(self, rules: Mapping[str, Expr], lists: Mapping[str, Mapping[str, Expr]]):
        self.rules = rules
        self.lists = lists
        self.groups: list[tuple[str, str, str | None]] = []
        self._rule_cache: dict[str, str] = {}
        self._active: set[str] = set()

    def template(self, block: Block, expr: Expr, source: str, line: int) -> Template:
        self.groups = []
        pattern = re.compile(self.regex(expr))
        firsts, silent = self.first_words(expr)
        if silent:
            raise TemplateError("a template must not match silence")
        return Template(block, expr, source, line, pattern, tuple(self.groups),
                        None if firsts is None else frozenset(firsts))

    def first_words(self, expr: Expr) -> tuple[set[str] | None, bool]:
        """The words ``expr`` can start with (None: a number, so any) and whether it
        can match nothing at all."""
        if isinstance(expr, Word):
            return {expr.text}, False
        if isinstance(expr, Seq):
            found: set[str] = set()
            for item in expr.items:
                firsts, silent = self.first_words(item)
                if firsts is None:
                    return None, False
                found |= firsts
                if not silent:
                    return found, False
            return found, True
        if isinstance(expr, Opt):
            return self.first_words(expr.item)[0], True
        if isinstance(expr, Ref):
            return self.first_words(self.rules[expr.name])
        if isinstance(expr, Slot) and expr.name in NUMBER_SLOTS:
            return None, False
        options = expr.options if isinstance(expr, Alt) else tuple(self.lists[expr.name].values())
        found, silent = set(), False
        for option in options:
            firsts, quiet = self.first_words(option)
            if firsts is None:
                return None, False
            found |= firsts
            silent = silent or quiet
        return found, silent

    def regex(self, expr: Expr) -> str:
        if isinstance(expr, Word):
            return re.escape(expr.text) + " "
        if isinstance(expr, Seq):
            return "".join(self.regex(item) for item in expr.items)
        if isinstance(expr, Alt):
            return "(?:" + "|".join(self.regex(option) for option in expr.options) + ")"
        if isinstance(expr, Opt):
            # Lazy, so that "raise [to] {amount}" hands the slot its "to": whether that
            # is a preposition or the digit two is the number reader's call.
            return f"(?:{self.regex(expr.item)})??"
        if isinstance(expr, Ref):
            return self._rule(expr.name)
        group = f"g{len(self.groups)}"
        if expr.name in NUMBER_SLOTS:
            self.groups.append((group, expr.name, None))
            return f"(?P<{group}>(?:{NUMBER_TOKEN_PATTERN} )+)"
        options = []
        for i, (value, value_expr) in enumerate(self.lists[expr.name].items()):
            self.groups.append((f"{group}_{i}", expr.name, value))
            options.append(f"(?P<{group}_{i}>{self.regex(value_expr)})")
        return "(?:" + "|".join(options) + ")"

    def _rule(self, name: str) -> str:
        if name not in self._rule_cache:
            if name in self._active:
                raise TemplateError(f"rule <{name}> refers to itself")
            self._active.add(name)
            self._rule_cache[name] = self.regex(self.rules[name])
            self._active.discard(name)
        return self._rule_cache[name]
