"""Hand-log lines from engine events, as the player may see them."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.cards import card_str
from engine.chips import chip_text
from engine.events import (
    ActionTaken,
    BlindKind,
    BlindPosted,
    Event,
    HandShown,
    HandsTabled,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
    UncalledBetReturned,
)
from game.table.view import award_text


def verb(name: str, third_person: str) -> str:
    """"Ann calls" but "You call"."""
    if name != "You":
        return third_person
    return {"has": "have", "is": "are"}.get(third_person, third_person[:-1])


def log_line(event: Event, names: tuple[str, ...], me: int, hand_number: int) -> str | None:
    """One readable line for ``event`` (None for events not worth a line)."""
    if isinstance(event, HandStarted):
        return f"— Hand #{hand_number} · button {names[event.button]} —"
    if isinstance(event, BlindPosted):
        word = {BlindKind.SMALL: "small blind", BlindKind.BIG: "big blind",
                BlindKind.ANTE: "ante"}[event.kind]
        who = names[event.seat]
        return f"{who} {verb(who, 'posts')} {word} {chip_text(event.amount)}"
    if isinstance(event, HoleCardsDealt):
        if event.seat != me:
            return None
        return f"Dealt to {names[me]}: {' '.join(card_str(c) for c in event.cards)}"
    if isinstance(event, ActionTaken):
        who = names[event.seat]
        tail = " (all-in)" if event.all_in else ""
        if event.kind is ActionKind.FOLD:
            return f"{who} {verb(who, 'folds')}"
        if event.kind is ActionKind.CHECK:
            return f"{who} {verb(who, 'checks')}"
        if event.kind is ActionKind.CALL:
            return f"{who} {verb(who, 'calls')} {chip_text(event.added)}{tail}"
        if event.kind is ActionKind.BET:
            return f"{who} {verb(who, 'bets')} {chip_text(event.to)}{tail}"
        return f"{who} {verb(who, 'raises')} to {chip_text(event.to)}{tail}"
    if isinstance(event, StreetDealt):
        board = " ".join(card_str(c) for c in event.board)
        return f"{event.street.value.capitalize()}: {board}"
    if isinstance(event, UncalledBetReturned):
        return f"{chip_text(event.amount)} returned to {names[event.seat]}"
    if isinstance(event, HandsTabled):
        return "All in, hands face up: " + " · ".join(
            f"{names[s]} {' '.join(card_str(c) for c in cards)}" for s, cards in event.hands)
    if isinstance(event, HandShown) and event.mucked:
        who = names[event.seat]
        return f"{who} {verb(who, 'mucks')}"
    if isinstance(event, HandShown):
        cards = " ".join(card_str(c) for c in event.cards)
        who = names[event.seat]
        return f"{who} {verb(who, 'shows')} {cards}: {event.description}"
    if isinstance(event, PotAwarded):
        return award_text(event, [names[s] for s, _ in event.shares])
    return None
