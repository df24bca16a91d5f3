"""Helpers for engine tests: stacked decks and compact action scripts."""

from __future__ import annotations

from engine.actions import Action, ActionKind
from engine.cards import FULL_DECK, parse_card, parse_cards
from engine.pots import clockwise_from
from engine.state import HandConfig, HandState, Structure


def stacked_deck(n: int, button: int, holes: dict[int, str], board: str = "") -> list[int]:
    """A deck in dealing order giving ``holes`` (seat -> "AhKd") and ``board``.

    Seats without named cards and the burn cards get unused cards.
    """
    named = [c for h in holes.values() for c in parse_cards([h[:2], h[2:]])]
    board_cards = parse_cards(board.split()) if board else []
    spare = iter(c for c in FULL_DECK if c not in named and c not in board_cards)
    order = clockwise_from(button + 1, n)
    hole = {s: parse_cards([h[:2], h[2:]]) for s, h in holes.items()}
    deck = [hole[s][0] if s in hole else next(spare) for s in order]
    deck += [hole[s][1] if s in hole else next(spare) for s in order]
    cards = iter(board_cards)
    for count in (3, 1, 1):
        deck.append(next(spare))  # burn
        for _ in range(count):
            c = next(cards, None)
            deck.append(c if c is not None else next(spare))
    return deck


def deal(stacks: list[int], button: int = 0, sb: int = 5, bb: int = 10, *, ante: int = 0,
         holes: dict[int, str] | None = None, board: str = "",
         structure: Structure = Structure.NO_LIMIT, **extra: object) -> HandState:
    cfg = HandConfig(stacks=tuple(stacks), button=button, small_blind=sb, big_blind=bb,
                     ante=ante, structure=structure, **extra)  # type: ignore[arg-type]
    deck = stacked_deck(len(stacks), button, holes or {}, board)
    return HandState.deal(cfg, deck=deck)


def act(state: HandState, *script: str) -> HandState:
    """Apply actions for whoever is to act: "call", "raise 60", "bet 40", "allin"."""
    for line in script:
        word, *amount = line.split()
        assert state.to_act is not None, f"nobody to act for {line!r}"
        state.apply(Action(state.to_act, ActionKind(word), int(amount[0]) if amount else None))
    return state


def card(text: str) -> int:
    return parse_card(text)
