"""Table life for one player against bots: the engine ``Table``, the hand in play, and
the history the screen shows (stacks per hand). Pure Python, no pygame."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.actions import Action, IllegalAction
from engine.cards import Card
from engine.events import Event
from engine.state import HandState
from engine.table import Table, TableConfig, TableEvent
from engine.view import PlayerView, view_of
from game.settings import HUMAN_SEAT, GameSettings


@dataclass(slots=True)
class TableSession:
    """A table seated with the player at seat 0 and bots elsewhere."""

    settings: GameSettings
    table: Table
    rng: random.Random
    names: tuple[str, ...]
    history: list[tuple[int, ...]] = field(default_factory=list)
    hand_number: int = 0

    @classmethod
    def create(cls, settings: GameSettings, names: tuple[str, ...], rng: random.Random,
               *, human_auto_rebuy: bool = False,
               stacks: tuple[int, ...] | None = None) -> TableSession:
        """Everyone buys in for the chosen amount (or ``stacks``, seat by seat)."""
        table = Table(TableConfig.level(settings.level))
        for seat, name in enumerate(names):
            table.sit(seat, name, stacks[seat] if stacks else settings.buy_in,
                      auto_rebuy=seat != HUMAN_SEAT or human_auto_rebuy)
        session = cls(settings, table, rng, names)
        session.history.append(session.stacks())
        return session

    @property
    def hand(self) -> HandState | None:
        return self.table.hand

    @property
    def config(self) -> TableConfig:
        return self.table.config

    def stacks(self) -> tuple[int, ...]:
        """Chips in front of each seat (0 for an empty seat), between hands."""
        return tuple(p.stack if p else 0 for p in self.table.seats)

    def seated(self, seat: int) -> bool:
        return self.table.seats[seat] is not None

    def sitting_out(self, seat: int) -> bool:
        player = self.table.seats[seat]
        return player is not None and player.sitting_out

    def can_deal(self) -> bool:
        ready = [p for p in self.table.seats if p and not p.sitting_out and p.stack > 0]
        return len(ready) >= 2

    def start_hand(self, deck: list[Card] | None = None) -> list[Event]:
        """Deal the next hand (``deck``: cards from the top, for scripted hands)."""
        hand = self.table.start_hand(self.rng, deck)
        self.hand_number += 1
        return list(hand.events)

    def submit(self, action: Action) -> list[Event]:
        """Apply ``action`` to the hand; ``IllegalAction`` (with the engine's sentence)
        when refused, in which case nothing changes."""
        hand = self.table.hand
        if hand is None:
            raise IllegalAction("Wait for the next hand")
        return hand.apply(action)

    def end_hand(self) -> list[TableEvent]:
        events = self.table.end_hand()
        self.history.append(self.stacks())
        return events

    def view(self, seat: int) -> PlayerView | None:
        hand = self.table.hand
        return view_of(hand, seat) if hand is not None else None

    def chips_accounted(self) -> bool:
        """Chips on the table equal those bought in minus cashed out and rake."""
        t = self.table
        return t.chips_on_table() == t.bought_in - t.cashed_out - t.rake
