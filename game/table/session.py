"""Table life for one player against bots: the engine ``Table``, the hand in play, and
the history the screen shows (stacks per hand). Pure Python, no pygame.

Everything that changes the table goes through here, so the save file (``SaveGame``)
sees every hand, action and chip movement in order."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine.actions import Action, IllegalAction
from engine.cards import Card
from engine.chips import chip_text
from engine.events import Event
from engine.state import HandState
from engine.table import ChipsAdded, PlayerLeft, SitOutOver, Table, TableConfig, TableEvent
from engine.tournament import Finished, Knockout, LevelUp, SitAndGo
from engine.view import PlayerView, view_of
from game.persistence.saving import SaveGame
from game.settings.model import HUMAN_SEAT, GameSettings

log = logging.getLogger(__name__)

HISTORY_KEEP = 1000  # stack rows kept for the graph: the latest hands, not every hand


@dataclass(slots=True)
class TableSession:
    """A table seated with the player at seat 0 and bots elsewhere."""

    settings: GameSettings
    table: Table
    rng: random.Random
    names: tuple[str, ...]
    history: list[tuple[int, ...]] = field(default_factory=list)  # the graph's rows
    history_dropped: int = 0  # rows trimmed from the front of ``history``
    moved: list[int] = field(default_factory=list)  # per seat: chips added less cashed out
    hand_number: int = 0
    save: SaveGame = field(default_factory=SaveGame)
    last_saved_hand: int | None = None  # the save file's number of the last hand played
    tournament: SitAndGo | None = None  # a Sit & Go: its levels and knockouts
    level_up: LevelUp | None = None  # the blinds went up for the hand just dealt
    knockouts: list[Knockout | Finished] = field(default_factory=list)  # the last hand's
    after_hand: Callable[[], None] | None = None  # keeps a Sit & Go's state, hand by hand

    @classmethod
    def create(cls, settings: GameSettings, names: tuple[str, ...], rng: random.Random,
               *, human_auto_rebuy: bool = False,
               stacks: tuple[int, ...] | None = None, save: SaveGame | None = None,
               bots: dict[int, str] | None = None) -> TableSession:
        """Everyone buys in for the chosen amount (or ``stacks``, seat by seat); the new
        table is saved with its ``bots`` (seat: kind) when ``save`` is given."""
        table = Table(TableConfig.level(settings.level, sit_out_limit=settings.sit_out_hands))
        for seat, name in enumerate(names):
            table.sit(seat, name, stacks[seat] if stacks else settings.buy_in,
                      auto_rebuy=seat != HUMAN_SEAT or human_auto_rebuy)
        session = cls(settings, table, rng, names, save=save or SaveGame())
        session.save.new_table(table, "Hold'em", bots or {})
        session.add_point()
        return session

    @classmethod
    def adopt(cls, settings: GameSettings, table: Table, rng: random.Random,
              save: SaveGame) -> TableSession:
        """Play on at a saved table; a hand in play (``table.hand``, recovered from the
        journal) continues where it stopped."""
        names = tuple(p.name if p else "" for p in table.seats)
        session = cls(settings, table, rng, names, save=save)
        session.add_point()
        if table.hand is not None:
            session.hand_number = 1
        return session

    @property
    def number(self) -> int:
        """The hand number the player sees (the one in play, else the last): the save
        file's, which the resume notice and ``holdem replay`` use, while saving; else the
        table's count. ``hand_number`` counts the hands dealt since this session began."""
        if self.save.hand_id is not None:
            return self.save.hand_id
        if self.last_saved_hand is not None and self.table.hand is None:
            return self.last_saved_hand
        return self.table.hands_played + (self.table.hand is not None)

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
        if self.tournament is not None and self.tournament.finished:
            return False
        return self.table.can_deal()

    def start_hand(self, deck: list[Card] | None = None) -> list[Event]:
        """Deal the next hand (``deck``: cards from the top, for scripted hands)."""
        config, settings = self.table.config, self.settings
        if (config.muck_losers, config.sit_out_limit) != (settings.muck_losers,
                                                           settings.sit_out_hands):
            self.table.config = replace(config, muck_losers=settings.muck_losers,  # now
                                        sit_out_limit=settings.sit_out_hands)
        if self.tournament is not None:
            hand, self.level_up = self.tournament.start_hand(self.rng, deck)
        else:
            hand = self.table.start_hand(self.rng, deck)
        self.hand_number += 1
        self.save.begin_hand(self.table, hand)
        return list(hand.events)

    def submit(self, action: Action) -> list[Event]:
        """Apply ``action`` to the hand; ``IllegalAction`` (with the engine's sentence)
        when refused, in which case nothing changes."""
        hand = self.table.hand
        if hand is None:
            raise IllegalAction("Wait for the next hand")
        return self.save.apply(hand, action)

    def end_hand(self) -> list[TableEvent]:
        """Settle the hand and save it, once the chips are checked: a table whose chips
        don't add up is no longer saved, and nothing from it is recorded as a result."""
        hand = self.table.hand
        if self.tournament is not None:
            events, self.knockouts = self.tournament.end_hand()
        else:
            events = self.table.end_hand()
            events += [self.table.leave(e.seat, reason="sat out too long") for e in events
                       if isinstance(e, SitOutOver) and e.seat != HUMAN_SEAT]
        assert hand is not None
        self.last_saved_hand = self.save.hand_id
        problem = self.chips_problem()
        if problem is not None and self.save.store is not None:
            log.error("%s (hand %s)", problem, self.save.hand_id)
            self.save.detach(f"{problem}: this table is no longer saved, and nothing from it "
                             "counts as a result.")
        self.save.finish_hand(self.table, hand, events)
        if self.after_hand is not None and problem is None:
            self.after_hand()
        self._moved_by(events)
        self.add_point()
        self.trim_history()
        return events

    def graph_row(self) -> tuple[int, ...]:
        """Each stack less the chips moved in between hands (see
        :func:`game.records.sitting.stack_history`): the stack graph shows results."""
        stacks = self.stacks()
        if len(self.moved) != len(stacks):
            self.moved = [0] * len(stacks)
        return tuple(s - m for s, m in zip(stacks, self.moved, strict=True))

    def add_point(self) -> None:
        self.history.append(self.graph_row())

    def _moved_by(self, events: list[TableEvent]) -> None:
        if len(self.moved) != len(self.table.seats):
            self.moved = [0] * len(self.table.seats)
        for event in events:
            if isinstance(event, ChipsAdded):
                self.moved[event.seat] += event.amount
            elif isinstance(event, PlayerLeft):
                self.moved[event.seat] -= event.cashed_out

    def trim_history(self) -> None:
        """Keep the latest :data:`HISTORY_KEEP` rows: bounded memory however long the
        session, while :attr:`graph_hands` still counts every hand."""
        extra = len(self.history) - HISTORY_KEEP
        if extra > 0:
            del self.history[:extra]
            self.history_dropped += extra

    @property
    def graph_hands(self) -> int:
        """Hands the stack graph covers, counting the rows trimmed off its front."""
        return max(0, len(self.history) - 1) + self.history_dropped

    def add_chips(self, seat: int, amount: int) -> ChipsAdded:
        """A rebuy or top-up between hands (``TableError`` when out of range)."""
        event = self.table.add_chips(seat, amount)
        self.save.record(self.table, [event])
        self._moved_by([event])
        return event

    def set_sitting_out(self, seat: int, out: bool) -> None:
        """Sit out or back in (``TableError`` when refused)."""
        if out:
            self.table.sit_out(seat)
        else:
            self.table.sit_in(seat)
        self.save.save_table(self.table)

    def post_now(self, seat: int) -> None:
        """Post a big blind at the next hand instead of waiting for it (``TableError``
        when the seat is not waiting)."""
        self.table.post_now(seat)

    def standing(self, seat: int) -> str:
        """The seat's standing between its hands, in words ("" when it simply plays)."""
        player = self.table.seats[seat]
        if player is None:
            return ""
        if player.sitting_out:
            hand = self.table.hand
            if (hand is not None and not hand.finished and hand.config.players[seat]
                    and seat not in hand.config.away):
                return "Sits out next hand"  # this hand is theirs to play
            return "Sitting out"
        if player.posting:
            return "Posts the big blind next hand"
        return "Waiting for the big blind" if player.waiting_for_big_blind else ""

    def view(self, seat: int) -> PlayerView | None:
        hand = self.table.hand
        return view_of(hand, seat) if hand is not None else None

    def chips_problem(self) -> str | None:
        """Why the chips don't add up, in a sentence (None when they do). A Sit & Go's
        chips are always the starting stacks added up; at a cash table, the chips on it
        plus those cashed out and raked are those bought in."""
        t = self.table
        on_table = t.chips_on_table()
        if self.tournament is not None:
            total = self.tournament.total_chips
            if on_table == total:
                return None
            return (f"The chips don't add up: {chip_text(on_table)} in play in a Sit & Go "
                    f"of {chip_text(total)}")
        if on_table + t.cashed_out + t.rake == t.bought_in:
            return None
        return (f"The chips don't add up: {chip_text(on_table)} on the table and "
                f"{chip_text(t.cashed_out + t.rake)} cashed out or raked, "
                f"{chip_text(t.bought_in)} bought in")

    def chips_accounted(self) -> bool:
        """The chips add up (see :meth:`chips_problem`)."""
        return self.chips_problem() is None
