"""The commands legal now, written as Whisper writes them, for closed-set scoring.

Whisper hears "bet sixty" and writes " Bet 60."; scored in its own style a candidate
sits far above the same words spelled out (" bet sixty"). The candidates come from the
phrase templates (:mod:`voice.understand.templates`): each template's shortest wordings,
its number slots filled with amounts the engine allows now (:mod:`engine.sizing`); a
candidate counts only when the game's parser reads it as a command that can be done in
this context (:func:`meaning`: its meaning is the parser's, never a second grammar). Yes and no are
candidates only while a question waits for them: with "yes" always in the set, "Yes."
won many "check" clips.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engine.chips import chip_text
from engine.sizing import BettingContext
from voice.understand.expression import Alt, Expr, Opt, Ref, Seq, Slot, Word
from voice.understand.intent import Intent, IntentKind
from voice.understand.matching import BlockKind, Templates
from voice.understand.numbers import UNIT_VALUES
from voice.understand.parse import parse
from voice.understand.templates import load

WORDINGS = 12
"""Wordings kept per template (its shortest): the usual way of saying each command."""

AMOUNTS = 40
"""At most this many amounts per number slot (round steps across the legal range)."""

ANSWERS = frozenset({BlockKind.CONFIRM, BlockKind.DENY})


@dataclass(frozen=True, slots=True)
class Candidate:
    """One command as Whisper would write it (``text``, e.g. " Raise to 200.") and in
    the parser's words (``spoken``, "raise to 200")."""

    text: str
    spoken: str


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
    step = ctx.big_blind
    while (high - low) // step + 1 > AMOUNTS:  # 1-2-5 steps: 10, 20, 50, 100...
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    first = -(-low // step) * step
    found = list(range(first, high + 1, step))[:AMOUNTS]
    return sorted({low, *found} | ({high} if slot == "amount" else set()))


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
    one = tuple((answer, words) for answer, words in _default_wordings()
                if sum(w.startswith("{") for w in words) == 1 and not listed & set(words))
    return _candidates(ctx, answers, one, heard)


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
    command that can be done now (unknown, or an error such as a check facing a bet)."""
    intent = parse(candidate.spoken, ctx, templates)
    if intent.intent is IntentKind.UNKNOWN or intent.error is not None:
        return None
    return intent


@functools.lru_cache(maxsize=64)
def _default_candidates(ctx: BettingContext, answers: bool) -> tuple[Candidate, ...]:
    return _candidates(ctx, answers, _default_wordings())


@functools.lru_cache(maxsize=1)
def _default_wordings() -> tuple[tuple[bool, tuple[str, ...]], ...]:
    return _wordings(load())


def _wordings(templates: Templates) -> tuple[tuple[bool, tuple[str, ...]], ...]:
    """(is an answer, words) for every template's usual wordings."""
    out: list[tuple[bool, tuple[str, ...]]] = []
    for template in templates.templates:
        if template.block.kind is BlockKind.WAGER and template.block.value == "bare":
            continue  # a number alone is said back, never acted on: not a command
        answer = template.block.kind in ANSWERS
        out += [(answer, tuple(words)) for words in wordings(templates, template.expr, WORDINGS)
                if words]
    return tuple(out)


def _candidates(ctx: BettingContext, answers: bool,
                wordings: tuple[tuple[bool, tuple[str, ...]], ...],
                heard: Mapping[int, str] | None = None) -> tuple[Candidate, ...]:
    out: dict[str, Candidate] = {}
    for answer, words in wordings:
        if answer and not answers:
            continue
        for spoken, text in written(list(words), ctx, heard):
            out.setdefault(text, Candidate(text, spoken))
    return tuple(out.values())
