"""The commands legal now, written as Whisper writes them, for closed-set scoring.

Whisper hears "bet sixty" and writes " Bet 60."; scored in its own style a candidate
sits far above the same words spelled out (" bet sixty"). The candidates come from the
phrase templates (:mod:`voice.understand.templates`): each template's shortest wordings,
its number slots filled with amounts the engine allows now (:mod:`engine.sizing`); a
candidate counts only when the game's parser reads it as a command that can be done in
this context (:func:`meaning`: its meaning is the parser's, never a second grammar). Yes and no are
candidates only while a question waits for them: with "yes" always in the set, "Yes."
won many "check" clips.

A few commands the rules refuse are candidates too, marked ``refused``: "check" facing a
bet, and a few round amounts below the minimum raise or above the stack
(:func:`refused_amounts`) in the plain bet and raise wordings. With only legal commands
to choose from, "raise to 200" with the minimum at 240 was heard as "Raise to 400?" and
"check" facing a bet as something else; a refused pick carries the parser's reason
("Minimum raise is to 240"), which is said, never acted on.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine.chips import chip_text
from engine.sizing import BettingContext
from voice.understand.expression import Alt, Expr, Opt, Ref, Seq, Slot, Word
from voice.understand.intent import SCREEN_ONLY, Control, Intent, IntentKind
from voice.understand.matching import BlockKind, Templates
from voice.understand.numbers import UNIT_VALUES, number_to_words
from voice.understand.parse import parse
from voice.understand.templates import load

WORDINGS = 12
"""Wordings kept per template (its shortest): the usual way of saying each command."""

AMOUNTS = 40
"""At most this many amounts per number slot (round steps across the legal range)."""

ANSWERS = frozenset({BlockKind.CONFIRM, BlockKind.DENY})

REFUSED_VERBS = frozenset({"bet", "raise"})
"""A refused amount is a candidate in the wordings of these verbs with the amount alone
or after "to" ("Bet 10.", "Raise to 200."): the usual ways of naming one."""

REFUSED_BELOW = 3
"""At most this many round amounts between the current bet and the minimum raise."""

REFUSED_ABOVE = 2
"""At most this many round amounts above the maximum (up to twice it)."""

BARE_DIGITS = tuple(range(1, 10))
"""A number alone is a candidate for every digit from one, legal or not: at small stakes a
player names an amount with one word ("four"), and a digit said alone facing a bigger bet
is still that digit (its reason said), never a command that sounds like it. Zero, never
an amount, is left out: as " 0." it won festival's "bet nine hundred" (Whisper alone, the
held-out set's clean renders) and the digit corpus's "four" heard as "Oh"."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One command as Whisper would write it (``text``, e.g. " Raise to 200.") and in
    the parser's words (``spoken``, "raise to 200"); ``refused``: one the rules refuse
    now, there so that its reason is said rather than a legal neighbour heard."""

    text: str
    spoken: str
    refused: bool = False


def wordings(templates: Templates, expr: Expr, limit: int) -> list[list[str]]:
    """Up to ``limit`` of the shortest word sequences ``expr`` accepts (slots kept as
    ``{name}``)."""
    out = sorted(_expand(templates, expr, limit * 4), key=_effort)
    seen: list[list[str]] = []
    for words in out:
        if words not in seen:
            seen.append(words)
        if len(seen) >= limit:
            break
    return seen


def _effort(words: list[str]) -> float:
    """Shorter wordings first; a "to" counts half ("raise to 200" is how a raise is
    said, and must not lose to "reraise 200")."""
    return len(words) - 0.5 * words.count("to")


def _expand(templates: Templates, expr: Expr, cap: int) -> list[list[str]]:
    if isinstance(expr, Word):
        return [[expr.text]]
    if isinstance(expr, Slot):  # a number or a listed value ("{fraction}"): filled later
        return [[f"{{{expr.name}}}"]]
    if isinstance(expr, Ref):
        return _expand(templates, templates.rules[expr.name], cap)
    if isinstance(expr, Opt):
        return [[], *_expand(templates, expr.item, cap)][:cap]
    if isinstance(expr, Alt):
        options = [w for option in expr.options for w in _expand(templates, option, cap)]
        return sorted(options, key=len)[:cap]
    assert isinstance(expr, Seq)
    parts = [sorted(_expand(templates, item, cap), key=len) for item in expr.items]
    combos = (list(itertools.chain.from_iterable(c)) for c in itertools.product(*parts))
    return sorted(itertools.islice(combos, cap * 8), key=len)[:cap]


def amounts(ctx: BettingContext, slot: str) -> list[int]:
    """The numbers a slot may be said with now: round steps of the big blind across
    the legal range (raise-to totals; increments for "raise by"; small multiples)."""
    if slot in ("multiple", "blinds"):
        return [2, 3, 4, 5, 10] if slot == "multiple" else [2, 3, 4, 5, 10, 20]
    bounds = _bounds(ctx, slot)
    if bounds is None:
        return []
    low, high = bounds
    found = _round_steps(low, high, ctx.big_blind, AMOUNTS)
    return sorted({low, *found} | ({high} if slot == "amount" else set()))


def _round_steps(low: int, high: int, step: int, most: int) -> list[int]:
    """At most ``most`` multiples in ``[low, high]`` of the finest step up the 1-2-5
    ladder from ``step`` (10, 20, 50, 100...) that gives no more."""
    while (high - low) // step + 1 > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    first = -(-low // step) * step
    return list(range(first, high + 1, step))[:most]


def refused_amounts(ctx: BettingContext) -> list[int]:
    """Round raise-to totals a player may well say that the rules refuse now: a few
    between the current bet and the minimum, a few above the maximum (the stack)."""
    legal = ctx.raise_range
    if legal is None:
        return []
    low, high = legal
    return [*_round_steps(ctx.current_bet + 1, low - 1, ctx.big_blind, REFUSED_BELOW),
            *_round_steps(high + 1, 2 * high, ctx.big_blind, REFUSED_ABOVE)]


def _names_amount(words: tuple[str, ...]) -> bool:
    """Whether a wording is a verb of :data:`REFUSED_VERBS`, maybe "to", and the amount."""
    return words[0] in REFUSED_VERBS and words[-1] == "{amount}" \
        and set(words[1:-1]) <= {"to"}


def _bounds(ctx: BettingContext, slot: str) -> tuple[int, int] | None:
    """The legal range of an amount or increment slot now (None: no raise possible)."""
    legal = ctx.raise_range
    if legal is None:
        return None
    low, high = legal
    if slot == "increment":
        return max(ctx.big_blind, low - ctx.current_bet), high - ctx.current_bet
    return low, high


def with_amounts(ctx: BettingContext, heard: Mapping[int, str], answers: bool = False
                 ) -> tuple[Candidate, ...]:
    """The candidates of every one-number wording with each amount ``heard`` in its
    slot's legal range, written as Whisper wrote it
    (:func:`voice.understand.numbers.heard_amounts`). The legal round steps of
    :func:`amounts` miss an amount like 1,100 or 290: so the closed set can still score
    what was said."""
    listed = {f"{{{name}}}" for name in _listed()}
    one = tuple((kind, words) for kind, words in _default_wordings()
                if sum(w.startswith("{") for w in words) == 1 and not listed & set(words))
    return _candidates(ctx, answers, one, heard)


def bare_candidates(ctx: BettingContext, heard: Mapping[int, str] | None = None
                    ) -> tuple[Candidate, ...]:
    """A number alone (" 4.", " Four.", " 200."), always refused: the parser reads it as
    the bet or raise it would be and never acts on it ("Say bet 4 to bet that").
    Without it Whisper could not write a bare amount at all, and a digit said alone was
    scored against the commands only: "eight" came out "Wait.", "four" "Call." or
    "Board."; with it the amount is heard and its reason said. Every digit
    (:data:`BARE_DIGITS`, spelled and in figures) and the legal round amounts; with
    ``heard``, the amounts the free transcription wrote, as written."""
    if ctx.raise_range is None:
        return ()
    if heard is not None:
        values = [(v, shown) for v, shown in sorted(heard.items())
                  if v <= 2 * ctx.raise_range[1]]
    else:
        values = [(v, str(v)) for v in sorted({*BARE_DIGITS, *amounts(ctx, "amount")})]
        values += [(v, number_to_words(v)) for v in BARE_DIGITS]
    out = [Candidate(whisper_style([shown]), str(v), refused=True) for v, shown in values]
    return tuple(c for c in out if meaning(c, ctx) is not None)



def written(words: list[str], ctx: BettingContext, heard: Mapping[int, str] | None = None
            ) -> Iterator[tuple[str, str]]:
    """(spoken words for the parser, Whisper-style text) for one wording, every number
    slot filled with :func:`amounts`, or with the amounts ``heard`` in the slot's legal
    range, shown as they were written."""
    slots = [w[1:-1] for w in words if w.startswith("{")]
    listed = _listed()
    choices = [list(listed[slot]) if slot in listed
               else [(v, str(v)) for v in amounts(ctx, slot)] + HALVES.get(slot, [])
               if heard is None
               else _heard_in_range(ctx, slot, heard) for slot in slots]
    yield from _filled(words, choices)


def _filled(words: list[str], choices: Sequence[Sequence[tuple[object, str]]]
            ) -> Iterator[tuple[str, str]]:
    """(spoken, Whisper-style text) for ``words`` with each combination of ``choices``
    ((value, as written) for each slot in turn) in its slots."""
    for values in itertools.product(*choices):
        filled = iter(values)
        spoken, form = [], []
        for w in words:
            value, shown = next(filled) if w.startswith("{") else (w, w)
            spoken.append(str(value))
            form.append(shown)
        yield " ".join(spoken), whisper_style(form)


HALVES: dict[str, list[tuple[str, str]]] = {s: [("2.5", "2.5")] for s in ("multiple", "blinds")}
"""Two and a half times the bet or the big blind, as Whisper writes it ("2.5x")."""

@functools.lru_cache(maxsize=1)
def _listed() -> dict[str, tuple[tuple[str, str], ...]]:
    """(spoken, written) for every value of each listed slot ("{fraction}"): the
    value's shortest wording, its count in digits as Whisper writes it ("three
    quarters" -> "3 quarters")."""
    templates = load()
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for name, values in templates.lists.items():
        forms = []
        for expr in values.values():
            words = min(_expand(templates, expr, WORDINGS), key=len)
            count = UNIT_VALUES.get(words[0])  # Whisper writes "2 thirds", "3 quarters"
            shown = [str(count) if count else words[0], *words[1:]]
            forms.append((" ".join(words), " ".join(shown)))
        out[name] = tuple(forms)
    return out


def _heard_in_range(ctx: BettingContext, slot: str, heard: Mapping[int, str]
                    ) -> list[tuple[int, str]]:
    bounds = None if slot in ("multiple", "blinds") else _bounds(ctx, slot)
    if bounds is None:
        return []
    return [(v, heard[v]) for v in sorted(heard) if bounds[0] <= v <= bounds[1]]


def whisper_style(words: list[str]) -> str:
    """" Raise to 1,000." : a leading space, a capital, digits with thousands commas,
    a question mark on a question."""
    shown = [chip_text(int(w)) if w.isdigit() else _CAPITAL_I.get(w, w)
             for w in words]  # "1,100"; "200 90" kept
    text = _TIMES.sub(r"\1x", " ".join(shown))
    text = text[:1].upper() + text[1:]
    return " " + text + ("?" if words[0] in _ASKING else ".")


_CAPITAL_I = {"i": "I", "i'm": "I'm", "i'll": "I'll", "i've": "I've", "i'd": "I'd"}
_TIMES = re.compile(r"(\d) x\b")  # "3 x" is written "3x"
_ASKING = frozenset({"what's", "what", "whats", "what're", "how", "whose", "who's", "who",
                     "is", "are", "do", "does", "did", "have", "has", "should", "can",
                     "when", "where", "which", "why", "am"})


def candidates(ctx: BettingContext, answers: bool = False,
               templates: Templates | None = None) -> tuple[Candidate, ...]:
    """Every wording of a command for ``ctx`` in Whisper's style, amounts in the legal
    range; yes and no only when ``answers`` (a question waits). Whether one is legal
    now is :func:`meaning`'s to say, for the few that score best."""
    if templates is not None:
        return _candidates(ctx, answers, _wordings(templates))
    return _default_candidates(ctx, answers)


def meaning(candidate: Candidate, ctx: BettingContext,
            templates: Templates | None = None) -> Intent | None:
    """What the parser reads in ``candidate`` for ``ctx``; None when it is not a
    command that can be done now (unknown, or an error such as a check facing a bet).
    A refused candidate's meaning is the refusal (the intent with its ``error``); None
    when it reads as something that can be done after all."""
    intent = parse(candidate.spoken, ctx, templates)
    if intent.intent is IntentKind.UNKNOWN or (intent.error is not None) != candidate.refused:
        return None
    return intent


@functools.lru_cache(maxsize=64)
def _default_candidates(ctx: BettingContext, answers: bool) -> tuple[Candidate, ...]:
    return _candidates(ctx, answers, _default_wordings())


Wordings = tuple[tuple[BlockKind, tuple[str, ...]], ...]
"""(the template's block kind, words) for every template's usual wordings."""


@functools.lru_cache(maxsize=1)
def _default_wordings() -> Wordings:
    return _wordings(load())


def _wordings(templates: Templates) -> Wordings:
    """Every template's usual wordings; a number alone is left out."""
    out: list[tuple[BlockKind, tuple[str, ...]]] = []
    for template in templates.templates:
        if template.block.kind is BlockKind.WAGER and template.block.value == "bare":
            continue  # a number alone is said back, never acted on: not a command
        if template.block.kind is BlockKind.CHOOSE or (
                template.block.kind is BlockKind.CONTROL
                and Control(str(template.block.value)) in SCREEN_ONLY):
            continue  # said on the screens around the table, not on the player's turn
        out += [(template.block.kind, tuple(words))
                for words in wordings(templates, template.expr, WORDINGS) if words]
    return tuple(out)


def _candidates(ctx: BettingContext, answers: bool, wordings: Wordings,
                heard: Mapping[int, str] | None = None) -> tuple[Candidate, ...]:
    """The candidates of ``wordings``, the refused ones marked (see the module's
    docstring); ``heard``: amounts from the free transcription, legal ones only
    (:func:`with_amounts`)."""
    out: dict[str, Candidate] = {}
    refused = [] if heard is not None else [(v, str(v)) for v in refused_amounts(ctx)]
    for kind, words in wordings:
        if kind in ANSWERS and not answers:
            continue
        no_check = kind is BlockKind.CHECK and not ctx.can_check  # facing a bet
        for spoken, text in written(list(words), ctx, heard):
            out.setdefault(text, Candidate(text, spoken, refused=no_check))
        if refused and kind is BlockKind.WAGER and _names_amount(words):
            for spoken, text in _filled(list(words), [refused]):
                out.setdefault(text, Candidate(text, spoken, refused=True))
    return tuple(out.values())


SCREEN_AMOUNTS: dict[str, tuple[int, ...]] = {
    "blinds": tuple(range(1, 6)),
    "buy_in_bb": tuple(range(20, 101, 10)),
    "chips": (*range(100, 1001, 100), *range(1500, 5001, 500), 10_000, 20_000),
    "clock": (15, 20, 30, 45, 60),
    "speed": (1, 2, 3, 4, 5, 8, 10, 20),
    "voice_volume": tuple(range(0, 101, 10)),
    "effects_volume": tuple(range(0, 101, 10)),
}
"""The numbers a screen's value is said with ("level three", "voice volume fifty")."""


def screen_candidates(answers: bool = False) -> tuple[Candidate, ...]:
    """Every command of the screens around the table in Whisper's style: the table
    commands (leave, quit, pause...), the screens' own (sit down, next page) and their
    values (each row's numbers, each list's values), the questions; yes and no only
    while a question waits."""
    return _screen_candidates(answers)


@functools.lru_cache(maxsize=2)
def _screen_candidates(answers: bool) -> tuple[Candidate, ...]:
    templates = load()
    listed = _listed()
    out: dict[str, Candidate] = {}
    for template in templates.templates:
        kind = template.block.kind
        if kind not in (BlockKind.CONTROL, BlockKind.CHOOSE, BlockKind.QUERY) \
                and not (answers and kind in ANSWERS):
            continue
        for words in wordings(templates, template.expr, WORDINGS):
            slots = [w[1:-1] for w in words if w.startswith("{")]
            choices = [list(listed[slot]) if slot in listed else
                       [(v, str(v)) for v in SCREEN_AMOUNTS.get(str(template.block.value), ())]
                       for slot in slots]
            for spoken, text in _filled(list(words), choices):
                out.setdefault(text, Candidate(text, spoken))
    return tuple(out.values())

