"""One utterance plus the acting player's view of the table -> one intent (contract 2).

The phrasing lives in the templates (``voice/data/templates.txt``); this module
resolves what a matched template means at this table: bet or raise, the street total a
size comes to (through ``engine.sizing``), and the sentence to say when it can't be done.

A bare number ("two hundred") is read as a bet or raise of that amount but never acted
on: its ``error`` asks for the verb, because facing a bet it could as well mean a call.

``python -m voice.parse`` is its command line (contract 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from engine.chips import chip_text
from engine.sizing import (
    POT_FRACTIONS,
    BettingContext,
    clamp_to,
    multiple_to,
    round_chips,
    sized_to,
)
from voice.understand.intent import Choice, Control, Intent, IntentKind, Query
from voice.understand.matching import BlockKind, Match, Templates, wager_multiple
from voice.understand.numbers import readings
from voice.understand.templates import NUMBER_SLOTS, load

DEFAULT_CONTEXT = BettingContext.from_json({})
"""The context used when none is given: contract 2's defaults."""

_SIMPLE = {
    BlockKind.FOLD: IntentKind.FOLD,
    BlockKind.CONFIRM: IntentKind.CONFIRM,
    BlockKind.DENY: IntentKind.DENY,
}


def parse(text: str, ctx: BettingContext | None = None,
          templates: Templates | None = None) -> Intent:
    """The intent of ``text`` for the player whose view of the betting is ``ctx``."""
    ctx = DEFAULT_CONTEXT if ctx is None else ctx
    for match in (templates or load()).matches(text):
        intent = _resolve(match, ctx)
        if intent is not None:
            return intent
    return Intent(IntentKind.UNKNOWN)


def say_now(ctx: BettingContext | None) -> list[str]:
    """What the player can say now, the likeliest first: the decisions on their turn
    (``ctx``), else a question and the table commands."""
    if ctx is None:
        return ["what's the pot", "sit me out", "help"]
    if ctx.to_call >= ctx.stack > 0:
        return ["fold", "call all in"]
    options = ["fold", f"call {chip_text(ctx.to_call)}"] if ctx.to_call > 0 else ["check"]
    legal = ctx.raise_range
    if legal is not None:
        if legal[0] < legal[1]:  # else the only raise left is all in
            amount = "bet an amount" if ctx.unopened else "raise to an amount"
            options += [amount, "half pot", "pot"]
        options.append("all in")
    return options


def _listed(options: list[str]) -> str:
    if len(options) == 1:
        return f"You can say {options[0]}"
    return f"You can say {', '.join(options[:-1])}, or {options[-1]}"


def help_text(ctx: BettingContext) -> str:
    """One sentence of what the player can say now."""
    return _listed(say_now(ctx))


def miss_text(ctx: BettingContext | None) -> str:
    """The answer to words that can't be used (or a yes/no with nothing asked): sorry,
    and three things that can be said now."""
    return f"Sorry, I didn't catch that. {_listed(say_now(ctx)[:3])}"


def no_raise_error(ctx: BettingContext) -> str:
    """What to say to a bet or raise where none is possible."""
    word = "bet" if ctx.unopened else "raise"
    if ctx.to_call > 0:
        return f"You can't {word}: you can only call or fold"
    return f"You can't {word}: you can only check"


def _resolve(match: Match, ctx: BettingContext) -> Intent | None:
    """What a matched template means at this table; None if its slots don't read."""
    block = match.block
    if block.kind in _SIMPLE:
        return Intent(_SIMPLE[block.kind])
    if block.kind is BlockKind.ALLIN:
        return _allin(ctx)
    if block.kind is BlockKind.QUERY:
        return Intent(IntentKind.QUERY, query=Query(str(block.value)))
    if block.kind is BlockKind.CONTROL:
        return Intent(IntentKind.CONTROL, control=Control(str(block.value)))
    if block.kind is BlockKind.CHOOSE:
        return _choose(match)
    if block.kind is BlockKind.CHECK:
        return _check(ctx)
    if block.kind is BlockKind.CALL:
        return _call(match.slots.get("amount"), ctx)
    return _wager(match, ctx)


def _choose(match: Match) -> Intent | None:
    """A screen's value: a whole number said (its digits) or a list value's name."""
    (slot, said), = match.slots.items()
    if slot == "amount":
        number = next(iter(_whole(readings(said))), None)
        if number is None:
            return None
        said = str(number)
    return Intent(IntentKind.CONTROL, control=Control.CHOOSE,
                  choice=Choice(str(match.block.value), said))


def _check(ctx: BettingContext) -> Intent:
    """A check facing a bet stays a check (never a fold) and says why it can't be."""
    if ctx.can_check:
        return Intent(IntentKind.CHECK)
    error = (f"You can't check: {chip_text(ctx.to_call)} to call" if ctx.to_call > 0
             else "You can't check now")
    return Intent(IntentKind.CHECK, error=error)


def _allin(ctx: BettingContext) -> Intent:
    """All in: a call when the stack does not cover the bet; otherwise a bet or raise,
    which is not possible everywhere (everyone else all in, raising not reopened)."""
    if ctx.can_raise or ctx.all_in_to <= ctx.current_bet:
        return Intent(IntentKind.ALLIN)
    return Intent(IntentKind.ALLIN, error=no_raise_error(ctx))


def _call(amount: str | None, ctx: BettingContext) -> Intent | None:
    """"call" with nothing to call is a check; a named amount must be the call's."""
    said: list[int] = []
    if amount is not None:
        said = _whole(readings(amount))
        if not said:
            return None
    if ctx.to_call == 0:
        if said:
            return Intent(IntentKind.CHECK, error="There's nothing to call: say check, or bet")
        return _check(ctx)
    if said and not {ctx.to_call, ctx.current_bet, min(ctx.to_call, ctx.stack)} & set(said):
        return Intent(IntentKind.CALL, error=f"It's {chip_text(ctx.to_call)} to call")
    return Intent(IntentKind.CALL)


def _wager(match: Match, ctx: BettingContext) -> Intent | None:
    """A bet on an unopened street, a raise facing a bet; sized from slot or block.
    Where no bet or raise is possible, one says so (a spoken amount is kept)."""
    kind = IntentKind.BET if ctx.unopened else IntentKind.RAISE
    slots, value = match.slots, match.block.value
    spoken = bool(NUMBER_SLOTS & set(slots))
    to = _said_to(slots, ctx) if spoken else None
    if spoken and to is None:
        return None
    legal = ctx.raise_range
    if legal is None:
        if value == "bare" and kind is IntentKind.RAISE and to in (ctx.to_call, ctx.current_bet):
            return Intent(kind, to=to, error=f"To call {chip_text(ctx.to_call)}, say call")
        return Intent(kind, to=to, error=no_raise_error(ctx))
    if not spoken:
        to = _sized(slots.get("fraction"), value, legal[0], ctx)
    if to is None:
        return Intent(kind, error="Bet how much?" if kind is IntentKind.BET else
                      "Raise to how much?")
    error = _bare_error(kind, to, legal, ctx) if value == "bare" else \
        _size_error(kind, to, legal, ctx)
    return Intent(kind, to=to, error=error)


def _sized(fraction: str | None, value: str | None, low: int,
           ctx: BettingContext) -> int | None:
    """The street total of a size without a number (a pot fraction, the minimum ``low``,
    a multiple of the bet); None when the wager names no size."""
    if fraction is not None:
        return sized_to(POT_FRACTIONS[fraction], ctx)
    if value == "min":
        return clamp_to(low, ctx)
    if value is not None and value in POT_FRACTIONS:
        return sized_to(POT_FRACTIONS[value], ctx)
    times = wager_multiple(value)
    return None if times is None else multiple_to(times, ctx)


def _said_to(slots: Mapping[str, str], ctx: BettingContext) -> int | None:
    """The street total a spoken number comes to; None if it does not read."""
    if "amount" in slots:
        return next(iter(_whole(readings(slots["amount"]))), None)
    if "increment" in slots:
        by = next(iter(_whole(readings(slots["increment"]))), None)
        return None if by is None else ctx.current_bet + by
    if "multiple" in slots:
        times = _positive(readings(slots["multiple"], lone_to_is_two=True))
        return None if times is None else multiple_to(times, ctx)
    blinds = _positive(readings(slots["blinds"], lone_to_is_two=True))
    return None if blinds is None else round_chips(blinds * ctx.big_blind)


def _size_error(kind: IntentKind, to: int, legal: tuple[int, int],
                ctx: BettingContext) -> str | None:
    """Why a street total can't be bet or raised to within the ``legal`` range; None if
    it can. An all-in for less than the minimum is allowed."""
    noun = "bet is" if kind is IntentKind.BET else "raise is to"
    low, high = legal
    if to > high:
        if to > ctx.all_in_to:
            return f"You have {chip_text(ctx.stack)} behind"
        return f"Maximum {noun} {chip_text(high)}"
    if to < low and to != high:
        return f"Minimum {noun} {chip_text(low)}"
    return None


def _bare_error(kind: IntentKind, to: int, legal: tuple[int, int],
                ctx: BettingContext) -> str:
    """A number alone is never acted on: say what it would take."""
    if kind is IntentKind.RAISE and to in (ctx.to_call, ctx.current_bet):
        return f"To call {chip_text(ctx.to_call)}, say call"
    if error := _size_error(kind, to, legal, ctx):
        return error
    return (f"Say bet {chip_text(to)} to bet that" if kind is IntentKind.BET
            else f"Say raise to {chip_text(to)} to raise")


def as_said_whole(intent: Intent) -> Intent | None:
    """A bare amount that could be bet or raised to now ("four hundred" facing a bet:
    "Say raise to 400 to raise"), as that bet or raise; None for anything else."""
    if intent.intent not in (IntentKind.BET, IntentKind.RAISE) or intent.to is None \
            or intent.error is None:
        return None
    hint = (f"Say bet {chip_text(intent.to)} to bet that" if intent.intent is IntentKind.BET
            else f"Say raise to {chip_text(intent.to)} to raise")
    return replace(intent, error=None) if intent.error == hint else None


def _whole(values: Sequence[Fraction]) -> list[int]:
    return [int(v) for v in values if v.denominator == 1]


def _positive(values: Sequence[Fraction]) -> Fraction | None:
    return next((v for v in values if v > 0), None)
