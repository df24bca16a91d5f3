"""Stored rows as records, and the text encodings of configs, decks and results.

Every decoder raises ``CorruptRecord`` (never anything else) for a malformed value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import Card, CardError, card_str, parse_card
from engine.config import ConfigError, HandConfig, Structure
from engine.events import PotAwarded, RakeTaken
from engine.state import HandState
from engine.table import TableConfig
from game.persistence.errors import CorruptRecord


class HandStatus(StrEnum):
    PLAYING = "playing"
    COMPLETE = "complete"
    VOIDED = "voided"


class ChipKind(StrEnum):
    """Ledger row kinds: chips entering (buy-in, rebuys, top-ups) or leaving the table."""

    BUY_IN = "buy_in"
    REBUY = "rebuy"
    TOP_UP = "top_up"
    AUTO_REBUY = "auto_rebuy"
    CASH_OUT = "cash_out"


CHIPS_IN = (ChipKind.BUY_IN, ChipKind.REBUY, ChipKind.TOP_UP, ChipKind.AUTO_REBUY)
REBUY_KINDS = (ChipKind.REBUY, ChipKind.TOP_UP, ChipKind.AUTO_REBUY)


# --------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One stored hand: enough to replay it exactly (config, full deck, actions)."""

    id: int
    session_id: int
    table_id: int
    number: int
    table_name: str
    started_at: str
    ended_at: str | None
    status: HandStatus
    config: HandConfig
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    result: Mapping[str, Any] | None
    void_reason: str | None

    def replay(self, upto: int | None = None) -> HandState:
        """Deal from the stored deck and apply the journal (the first ``upto`` actions).

        Raises ``IllegalAction`` when the journal does not fit the hand.
        """
        state = HandState.deal(self.config, deck=self.deck)
        for action in self.actions[:upto]:
            state.apply(action)
        return state

    @property
    def started(self) -> datetime:
        return datetime.fromisoformat(self.started_at)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the save file knows about the current table besides the engine's ``Table``."""

    id: int
    name: str
    bots: Mapping[int, str]
    session_id: int | None


@dataclass(frozen=True, slots=True)
class LedgerRow:
    seat: int | None
    name: str
    kind: ChipKind
    amount: int
    session_id: int | None
    hand_id: int | None
    at: str


# ----------------------------------------------------------- (de)serialisation


def _fraction_json(value: Fraction) -> list[int]:
    return [value.numerator, value.denominator]


def _want(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = obj.get(key)
    if isinstance(value, bool) and kind is int:
        raise CorruptRecord(f"'{key}' should be a number")
    if not isinstance(value, kind):
        raise CorruptRecord(f"'{key}' is missing or has the wrong type")
    return value


def _int_list(obj: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _want(obj, key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise CorruptRecord(f"'{key}' should list whole numbers")
    return tuple(values)


def config_to_json(config: HandConfig) -> str:
    return json.dumps({
        "stacks": list(config.stacks),
        "button": config.button,
        "small_blind": config.small_blind,
        "big_blind": config.big_blind,
        "ante": config.ante,
        "structure": config.structure.value,
        "dealt_in": list(config.players),
        "rake_percent": _fraction_json(config.rake_percent),
        "rake_cap": config.rake_cap,
        "muck_losers": config.muck_losers,
        "names": list(config.names) if config.names is not None else None,
        "fixed_limit_cap": config.fixed_limit_cap,
        **({"posts": list(config.posts)} if config.posts else {}),
        **({"away": list(config.away)} if config.away else {}),
    })


def config_from_json(text: str) -> HandConfig:
    """The stored hand config; ``CorruptRecord`` for anything malformed."""
    try:
        obj = json.loads(text)
        if not isinstance(obj, dict):
            raise CorruptRecord("the hand config is not an object")
        names = obj.get("names")
        if names is not None and not (isinstance(names, list)
                                      and all(isinstance(n, str) for n in names)):
            raise CorruptRecord("'names' should list strings")
        num, den = _int_list(obj, "rake_percent")
        dealt = _want(obj, "dealt_in", list)
        if not all(isinstance(d, bool) for d in dealt):
            raise CorruptRecord("'dealt_in' should list true/false")
        return HandConfig(
            stacks=_int_list(obj, "stacks"), button=_want(obj, "button", int),
            small_blind=_want(obj, "small_blind", int), big_blind=_want(obj, "big_blind", int),
            ante=_want(obj, "ante", int), structure=Structure(_want(obj, "structure", str)),
            dealt_in=tuple(dealt), rake_percent=Fraction(num, den),
            rake_cap=_want(obj, "rake_cap", int), muck_losers=_want(obj, "muck_losers", bool),
            names=tuple(names) if names is not None else None,
            fixed_limit_cap=_want(obj, "fixed_limit_cap", int),
            posts=tuple(_int_list(obj, "posts")) if "posts" in obj else (),
            away=tuple(_int_list(obj, "away")) if "away" in obj else (),
        )
    except CorruptRecord:
        raise
    except (ValueError, TypeError, ZeroDivisionError, ConfigError) as err:
        raise CorruptRecord(f"unreadable hand config: {err}") from None


def table_config_to_json(config: TableConfig) -> str:
    out: dict[str, Any] = {}
    for f in fields(config):
        value = getattr(config, f.name)
        if isinstance(value, Fraction):
            value = _fraction_json(value)
        elif isinstance(value, Structure):
            value = value.value
        out[f.name] = value
    return json.dumps(out)


def table_config_from_json(text: str) -> TableConfig:
    """Known keys only, so an older or newer config still loads with defaults."""
    try:
        obj = json.loads(text)
        if not isinstance(obj, dict):
            raise CorruptRecord("the table config is not an object")
        known = {f.name for f in fields(TableConfig)}
        kwargs: dict[str, Any] = {k: v for k, v in obj.items() if k in known}
        if "rake_percent" in kwargs:
            kwargs["rake_percent"] = Fraction(*kwargs["rake_percent"])
        if "structure" in kwargs:
            kwargs["structure"] = Structure(kwargs["structure"])
        return TableConfig(**kwargs)
    except CorruptRecord:
        raise
    except (ValueError, TypeError, ZeroDivisionError) as err:
        raise CorruptRecord(f"unreadable table config: {err}") from None


def deck_to_text(deck: Sequence[Card]) -> str:
    return "".join(card_str(c) for c in deck)


def deck_from_text(text: str) -> tuple[Card, ...]:
    """A full 52-card deck, or ``CorruptRecord``."""
    if not isinstance(text, str) or len(text) != 104:
        raise CorruptRecord("the stored deck is not 52 cards")
    try:
        cards = tuple(parse_card(text[i:i + 2]) for i in range(0, 104, 2))
    except CardError as err:
        raise CorruptRecord(f"the stored deck has a bad card: {err}") from None
    if len(set(cards)) != 52:
        raise CorruptRecord("the stored deck repeats a card")
    return cards


def action_from_row(seat: Any, kind: Any, amount: Any) -> Action:
    try:
        action_kind = ActionKind(kind)
    except ValueError:
        raise CorruptRecord(f"unknown action kind {kind!r}") from None
    if not isinstance(seat, int) or (amount is not None and not isinstance(amount, int)):
        raise CorruptRecord("an action row has a bad seat or amount")
    return Action(seat, action_kind, amount)


def hand_result(state: HandState) -> dict[str, Any]:
    """The result stored with a complete hand (and checked against every replay)."""
    start = state.config.stacks
    awards = [e for e in state.events if isinstance(e, PotAwarded)]
    won = [0] * state.n
    for award in awards:
        for seat, chips in award.shares:
            won[seat] += chips
    return {
        "final_stacks": list(state.stacks),
        "net": [f - s for f, s in zip(state.stacks, start, strict=True)],
        "board": [card_str(c) for c in state.board],
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in state.pots],
        "awards": [{"pot": a.pot_index, "amount": a.amount,
                    "shares": [list(s) for s in a.shares], "description": a.description}
                   for a in awards],
        "rake": sum(e.amount for e in state.events if isinstance(e, RakeTaken)),
        "showdown": [{"seat": e.seat, "cards": [card_str(c) for c in e.cards],
                      "description": e.hand.description, "mucked": e.mucked}
                     for e in state.showdown],
        "winners": [s for s in range(state.n) if won[s] > 0],
    }
