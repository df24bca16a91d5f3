"""Helpers for engine tests: stacked decks and compact action scripts."""

from __future__ import annotations

from engine.actions import Action, ActionKind
from engine.cards import parse_card
from engine.cards import stacked_deck as cards_stacked_deck
from engine.config import HandConfig, Structure
from engine.state import HandState


def stacked_deck(n: int, button: int, holes: dict[int, str], board: str = "") -> list[int]:
    """A deck in dealing order giving ``holes`` (seat -> "AhKd") and ``board``."""
    return cards_stacked_deck(button, n, holes, board)


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
