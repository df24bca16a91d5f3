"""``python -m engine.replay``: play hands described as JSON Lines (contract 1).

Each input line describes one hand (stacks, button, blinds, optional deck or seed, and
the actions in turn); each output line reports every step's legal actions, the first
refused action if any, the board, the pots, the final stacks and the showdown.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from engine import jsonlines
from engine.actions import Action, ActionKind, IllegalAction
from engine.cards import CardError, cards_str, parse_cards
from engine.config import ConfigError, HandConfig, Structure
from engine.state import HandState

USAGE = """usage: python -m engine.replay < hands.jsonl

Reads one hand per line (JSON) and writes one result per line (JSON).
Input keys: structure ("no-limit" | "pot-limit" | "fixed-limit"), small_blind, big_blind,
ante, stacks (2-10 seats), button, deck (cards from the top, optional), seed,
actions ([["call"], ["raise", 60], ["fold"], ["allin"], ["check"], ["bet", 40], ...]).
Amounts are "to" amounts: the street total after the action.
"""


class InputError(ValueError):
    """A hand description that cannot be read."""


def _int(obj: dict[str, Any], key: str, default: int | None = None) -> int:
    value = obj.get(key)
    if value is None:
        if default is None:
            raise InputError(f"'{key}' is required")
        value = default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"'{key}' must be a whole number, not {json.dumps(value)}")
    return value


def parse_hand(obj: Any) -> tuple[HandConfig, list[int] | None, int, list[Any]]:
    """Validate one input object; returns the config, deck, seed and raw actions."""
    if not isinstance(obj, dict):
        raise InputError("each line must be a JSON object")
    structure_name = obj.get("structure", "no-limit")
    try:
        structure = Structure(structure_name)
    except ValueError:
        raise InputError(
            f"unknown structure {json.dumps(structure_name)}: "
            "use no-limit, pot-limit or fixed-limit") from None
    stacks = obj.get("stacks")
    if not isinstance(stacks, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in stacks):
        raise InputError("'stacks' must be a list of whole numbers")
    deck_raw = obj.get("deck")
    deck: list[int] | None = None
    if deck_raw is not None:
        if not isinstance(deck_raw, list):
            raise InputError("'deck' must be a list of cards like \"As\"")
        try:
            deck = parse_cards(deck_raw)
        except CardError as err:
            raise InputError(str(err)) from None
    actions = obj.get("actions", [])
    if not isinstance(actions, list):
        raise InputError("'actions' must be a list like [[\"call\"], [\"raise\", 60]]")
    try:
        config = HandConfig(
            stacks=tuple(stacks), button=_int(obj, "button", 0),
            small_blind=_int(obj, "small_blind"), big_blind=_int(obj, "big_blind"),
            ante=_int(obj, "ante", 0), structure=structure,
        )
    except ConfigError as err:
        raise InputError(str(err)) from None
    return config, deck, _int(obj, "seed", 0), actions


def parse_action(raw: Any, seat: int) -> Action:
    """``["raise", 60]`` -> Action; IllegalAction with a readable message if malformed."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise IllegalAction(f"Not an action: {_shown(raw)}")
    try:
        kind = ActionKind(raw[0].lower())
    except ValueError:
        raise IllegalAction(
            f"Unknown action {json.dumps(raw[0])}: use fold, check, call, bet, raise or allin"
        ) from None
    if kind not in (ActionKind.BET, ActionKind.RAISE):
        if len(raw) > 1:
            raise IllegalAction(f"\"{kind.value}\" takes no amount: {_shown(raw)}")
        return Action(seat, kind, None)
    if len(raw) < 2:
        raise IllegalAction("Bet how much?" if kind is ActionKind.BET else "Raise to how much?")
    if len(raw) > 2:
        raise IllegalAction(f"Not an action: {_shown(raw)}")
    amount = raw[1]
    if isinstance(amount, bool) or not isinstance(amount, int | float) or (
            isinstance(amount, float) and not amount.is_integer()):
        raise IllegalAction("An amount must be a whole number of chips")
    return Action(seat, kind, int(amount))


def _echo(raw: Any) -> Any:
    """``raw`` to show back: itself, or its Python text when strict JSON can't hold it
    (NaN, Infinity, a number of thousands of digits)."""
    try:
        json.dumps(raw, allow_nan=False)
        return raw
    except ValueError:
        pass
    try:
        return repr(raw)
    except ValueError:
        return "(a number too long to show)"


def _shown(raw: Any) -> str:
    return json.dumps(_echo(raw))


def replay(obj: Any) -> dict[str, Any]:
    """Play one described hand; the contract's output object."""
    config, deck, seed, actions = parse_hand(obj)
    state = HandState.deal(config, deck=deck, rng=random.Random(seed))
    steps: list[dict[str, Any]] = []
    error = None
    for i, raw in enumerate(actions):
        legal = state.legal()
        step: dict[str, Any] = {
            "seat": state.to_act,
            "street": state.street.value if not state.finished else None,
            "legal": legal.to_json() if legal else None,
            "action": _echo(raw),
        }
        steps.append(step)
        try:
            if state.to_act is None:
                raise IllegalAction("The hand is over")
            state.apply(parse_action(raw, state.to_act))
        except IllegalAction as err:
            error = {"step": i, "message": str(err)}
            break
    legal = state.legal()
    pots = state.pots if state.finished else state.contested_pots()
    return {
        "complete": state.finished,
        "steps": steps,
        "error": error,
        "board": cards_str(state.board),
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots if p.amount],
        "final_stacks": state.stacks,
        "showdown": [
            {
                "seat": e.seat,
                "cards": cards_str(e.cards),
                "best_five": cards_str(e.hand.best_five),
                "category": e.hand.category,
                "description": e.hand.description,
            }
            for e in state.showdown
        ],
        "to_act": {"seat": legal.seat, "legal": legal.to_json()} if legal else None,
    }


def handle(obj: Any) -> dict[str, Any]:
    """One decoded input line's output object; unreadable descriptions give an error."""
    try:
        return replay(obj)
    except InputError as err:
        return jsonlines.error(str(err))


def process(lines: Iterable[str | bytes]) -> Iterator[dict[str, Any]]:
    """One output object per input line; malformed lines give an error object."""
    for line in lines:
        yield jsonlines.answer(line, handle)


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = stdout or sys.stdout
    if args and args[0] in ("-h", "--help"):
        out.write(USAGE)
        return 0
    if args:
        sys.stderr.write(f"engine.replay takes no arguments (got {args[0]!r})\n{USAGE}")
        return 2
    return jsonlines.serve(handle, stdin, out)


if __name__ == "__main__":
    sys.exit(main())
