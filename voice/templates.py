"""Sentence templates: the one description of what a player can say.

``voice/data/templates.txt`` (syntax in its header) is read once into
:class:`Templates`, which matches utterances for the parser and generates the
recognizers' restricted vocabulary (Vosk) and grammar (JSGF, for pocketsphinx).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from engine.sizing import POT_FRACTIONS
from voice.intent import Control, Query
from voice.numbers import (
    DECADE_VALUES,
    HOMOPHONES,
    NUMBER_TOKEN_PATTERN,
    NUMBER_WORDS,
    TEEN_VALUES,
    UNIT_VALUES,
    number_to_words,
)
from voice.text import tokenize

DEFAULT_PATH: Traversable = files("voice") / "data" / "templates.txt"

NUMBER_SLOTS = frozenset({"amount", "increment", "multiple", "blinds"})
"""Slots filled by a spoken number; list slots are defined in the template file."""
SIZE_SLOTS = NUMBER_SLOTS | {"fraction"}
"""Slots that size a wager; a wager template has at most one."""
# Names the generated JSGF grammar uses for its own rules.
_RESERVED_PREFIXES = ("say_", "slot_", "num_", "filler_")
_RESERVED_NAMES = frozenset({"utterance", "number"})


class TemplateError(ValueError):
    """The template file is malformed; the message names the line."""


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


# --- expressions ----------------------------------------------------------------------


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


def _walk(expr: Expr) -> Iterator[Expr]:
    yield expr
    if isinstance(expr, Seq):
        for item in expr.items:
            yield from _walk(item)
    elif isinstance(expr, Alt):
        for option in expr.options:
            yield from _walk(option)
    elif isinstance(expr, Opt):
        yield from _walk(expr.item)


# --- blocks and templates -------------------------------------------------------------


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

    def tokens(self, text: str) -> list[str]:
        """The utterance's tokens, hesitations dropped."""
        return [token for token in tokenize(text) if token not in self.hesitation]

    def matches(self, text: str) -> Iterator[Match]:
        """Every template matching ``text`` with filler around it, in file order."""
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
                    break

    def vocabulary(self) -> list[str]:
        """Every word that can be said, number words included, sorted."""
        exprs: list[Expr] = [t.expr for t in self.templates]
        exprs += [*self.rules.values(), *(e for v in self.lists.values() for e in v.values())]
        exprs += [e for e in (self.prefix, self.suffix) if e is not None]
        words = {w.text for e in exprs for w in _walk(e) if isinstance(w, Word)}
        return sorted(words | NUMBER_WORDS | self.hesitation)

    def jsgf(self, options: GrammarOptions | None = None,
             known: Callable[[str], bool] | None = None, name: str = "holdem") -> str:
        """A JSGF grammar of the templated utterances, as much filler and as many
        number forms as ``options`` keep (by default all the parser reads). Words for
        which ``known`` is false are made unreachable (``<VOID>``): a recognizer whose
        dictionary lacks one still loads the rest."""
        opts = options or GrammarOptions()
        say = _JsgfWriter(known or (lambda word: True))
        blocks: dict[str, list[Template]] = {}
        for template in self.templates:
            blocks.setdefault(template.block.label, []).append(template)
        lines = ["#JSGF V1.0;", "", f"grammar {name};", ""]
        commands = " | ".join(f"<{_say_rule(label)}>" for label in blocks)
        hesitations = sorted(self.hesitation) if opts.hesitations else []
        utterance = [f"( {commands} )"]
        fillers = []
        for rule, filler, wanted in (("filler_before", self.prefix, opts.prefix),
                                     ("filler_after", self.suffix, opts.suffix)):
            choices = ([say(filler)] if filler is not None and wanted else []) + hesitations
            if choices:
                fillers.append(f"<{rule}> = {' | '.join(choices)};")
                end = f"<{rule}>*" if opts.repeat else f"[ <{rule}> ]"
                utterance.insert(0 if rule == "filler_before" else len(utterance), end)
        lines.append(f"public <utterance> = {' '.join(utterance)};")
        lines += fillers
        for label, members in blocks.items():
            body = " | ".join(f"( {say(t.expr)} )" for t in members)
            lines.append(f"<{_say_rule(label)}> = {body};")
        lines += [f"<{rule}> = {say(expr)};" for rule, expr in self.rules.items()]
        for slot, values in self.lists.items():
            body = " | ".join(f"( {say(e)} )" for e in values.values())
            lines.append(f"<slot_{slot}> = {body};")
        lines += _number_rules(opts.homophones)
        return "\n".join(lines) + "\n"

    def phrase_list(self) -> str:
        """What players can say, block by block, for ``--help``."""
        out: list[str] = []
        named: list[str] = []  # long rules, shown once at the end
        current = None
        for template in self.templates:
            if template.block != current:
                current = template.block
                out.append(f"\n{_title(current)}:")
            out.append("  " + self.render(template.expr, named=named))
        if named:
            out.append("\nwhere")
            out += [f"  <{name}> is {self.render(self.rules[name])}" for name in named]
        return "\n".join(out).lstrip("\n")

    def render(self, expr: Expr, *, top: bool = True, named: list[str] | None = None) -> str:
        """An expression as readable text: rules spelled out (or, when long and
        ``named`` is given, named and added to it) and slots as <names>."""
        if isinstance(expr, Word):
            return expr.text
        if isinstance(expr, Seq):
            return " ".join(self.render(item, top=False, named=named) for item in expr.items)
        if isinstance(expr, Alt):
            body = " | ".join(self.render(o, top=False, named=named) for o in expr.options)
            return body if top else f"({body})"
        if isinstance(expr, Opt):
            return f"[{self.render(expr.item, named=named)}]"
        if isinstance(expr, Ref):
            spelled = self.render(self.rules[expr.name], top=top, named=named)
            if named is None or len(spelled) <= _SPELL_OUT:
                return spelled
            if expr.name not in named:
                named.append(expr.name)
            return f"<{expr.name}>"
        return f"<{expr.name}>"

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


_SPELL_OUT = 36  # longer rules are named in the phrase list, and spelled out once

_BLOCK_TITLES = {
    BlockKind.FOLD: "Fold",
    BlockKind.CHECK: "Check",
    BlockKind.CALL: "Call",
    BlockKind.ALLIN: "All in",
    BlockKind.WAGER: "Bet or raise",
    BlockKind.QUERY: "Ask",
    BlockKind.CONTROL: "Table",
    BlockKind.CONFIRM: "Yes",
    BlockKind.DENY: "No",
}


def _title(block: Block) -> str:
    title = _BLOCK_TITLES[block.kind]
    value = block.value
    if value is None:
        return title
    if block.kind is not BlockKind.WAGER:
        return f"{title} ({value.replace('_', ' ')})"
    if value == "bare":
        return "A number alone (said back to you, not acted on)"
    if (times := wager_multiple(value)) is not None:
        return f"{title} {times} times the bet"
    if value == "pot":
        return f"{title} the pot"
    if value == "min":
        return f"{title} the minimum"
    return f"{title} {value.replace('_', ' ')} pot"


# --- loading --------------------------------------------------------------------------


def load(path: Path | str | None = None) -> Templates:
    """The compiled templates (cached: the file is read and compiled once per path)."""
    return _load(Path(path) if path is not None else None)


@cache
def _load(path: Path | None) -> Templates:
    source: Traversable = DEFAULT_PATH if path is None else path  # None: the packaged file
    return compile_templates(source.read_text(encoding="utf-8"), str(source))


def vocabulary() -> list[str]:
    """Every word a player can say, for a recognizer's restricted vocabulary."""
    return load().vocabulary()


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
    for node in (n for expr in defined for n in _walk(expr)):
        if isinstance(node, Ref) and node.name not in rules:
            raise TemplateError(f"{origin}: undefined rule <{node.name}>")
    if "fraction" in lists and not set(lists["fraction"]) <= set(POT_FRACTIONS):
        raise TemplateError(f"{origin}: {{fraction}} values must be among {sorted(POT_FRACTIONS)}")
    hesitation = fillers.get("hesitation")
    hesitation_words = frozenset(w.text for w in _walk(hesitation) if isinstance(w, Word)) \
        if hesitation else frozenset()
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
                     _phrases(prefix, rules), _phrases(suffix, rules))


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
_FILLER = re.compile(r"@(hesitation|prefix|suffix)\s*=(.*)$")


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
    if any(isinstance(node, Slot) for node in _walk(expr)):
        raise TemplateError("only templates may have slots")
    return expr


def _check_value(kind: BlockKind, value: str | None) -> None:
    if kind is BlockKind.QUERY:
        allowed = {q.value for q in Query}
    elif kind is BlockKind.CONTROL:
        allowed = {c.value for c in Control}
    elif kind is BlockKind.WAGER:
        if value is None or wager_multiple(value) is not None:
            return
        allowed = {"min", "bare", *POT_FRACTIONS}
    else:
        allowed = set()
    if value is None and kind in (BlockKind.QUERY, BlockKind.CONTROL):
        raise TemplateError(f"{kind} needs one of {', '.join(sorted(allowed))}")
    if value is not None and value not in allowed:
        raise TemplateError(f"{kind} cannot be {value!r}")


def wager_multiple(value: str | None) -> Fraction | None:
    """The multiple a ``wager x<n>`` block names ("x2" -> 2), else None."""
    if value and re.fullmatch(r"x\d+(?:_\d+)?", value):
        return Fraction(value[1:].replace("_", "."))
    return None


def _check(block: Block, expr: Expr, rules: Mapping[str, Expr],
           lists: Mapping[str, Mapping[str, Expr]]) -> None:
    """Rules exist, slots are known and fit the block."""
    slots: set[str] = set()
    for node in _walk(expr):
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


# --- JSGF -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GrammarOptions:
    """How much of the templates' filler and number forms a JSGF grammar keeps.

    The default keeps all the parser reads: filler phrases repeated, hesitations, and
    the homophones it reads as digits ("raise to to fifty"). A recognizer wants less:
    every optional short word is somewhere to hide a misheard sound, and ``*`` loops of
    filler made the grammar decode at several times real time (see
    :data:`RECOGNIZER_GRAMMAR`).
    """

    prefix: bool = True
    suffix: bool = True
    hesitations: bool = True
    repeat: bool = True  # any number of filler phrases at each end, not at most one
    homophones: bool = True  # "to", "too" and "for" as number words


RECOGNIZER_GRAMMAR = GrammarOptions(prefix=False, suffix=False, hesitations=False,
                                    repeat=False, homophones=False)
"""One command, no filler, well-formed numbers: pocketsphinx's grammar mode."""


def _say_rule(label: str) -> str:
    return "say_" + label.replace(" ", "_")


class _JsgfWriter:
    """Template expressions as JSGF, with words outside ``known`` unreachable."""

    def __init__(self, known: Callable[[str], bool]):
        self.known = known

    def __call__(self, expr: Expr) -> str:
        if isinstance(expr, Word):
            return expr.text if self.known(expr.text) else "<VOID>"
        if isinstance(expr, Seq):
            return " ".join(self(item) for item in expr.items)
        if isinstance(expr, Alt):
            return "( " + " | ".join(self(option) for option in expr.options) + " )"
        if isinstance(expr, Opt):
            return f"[ {self(expr.item)} ]"
        if isinstance(expr, Ref):
            return f"<{expr.name}>"
        if expr.name in ("amount", "increment", "blinds"):
            return "<number>"
        return f"<slot_{expr.name}>"


def _words(*tables: Mapping[str, object]) -> str:
    return " | ".join(word for table in tables for word in table)


def _number_rules(homophones: bool) -> list[str]:
    """Spoken numbers, covering contract 2's forms: "two hundred (and) fifty", "a
    hundred", "fifteen hundred", "two fifty", "one oh five", "a grand", "one point five
    k", and multiples "two and a half", "two point five"."""
    units = _words(UNIT_VALUES, HOMOPHONES) if homophones else _words(UNIT_VALUES)
    return [
        f"<num_unit> = {units};",
        f"<num_teen> = {_words(TEEN_VALUES)};",
        f"<num_decade> = {_words(DECADE_VALUES)};",
        "<num_tens> = <num_teen> | <num_decade> [ <num_unit> ];",
        "<num_99> = <num_unit> | <num_tens>;",
        "<num_hundreds> = ( a | <num_99> ) hundred [ [ and ] <num_99> ];",
        "<num_pair> = <num_99> ( <num_tens> | oh <num_unit> );",
        "<num_999> = <num_99> | <num_hundreds> | <num_pair>;",
        "<num_thousands> = ( a | <num_999> | <num_unit> point <num_unit> )"
        " ( thousand | grand | k ) [ [ and ] <num_999> ];",
        "<number> = <num_999> | <num_thousands>;",
        "<slot_multiple> = <num_99> [ and a half ] | <num_unit> point <num_unit>;",
    ]
