"""A single-table Sit & Go: equal stacks, a rising blind schedule with antes from a named
level on, knockouts, and places 1st to last with a prize split in tournament points.

It drives an engine :class:`~engine.table.Table` (which deals the hands, heads-up included:
the button posts the small blind) and only adds what a tournament has and a cash table
lacks: before each hand the level due is put on the table; after it, players left with no
chips leave with their place. Pure Python, no I/O: the caller passes game seconds for
levels that rise by the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.cards import Card
from engine.state import HandState
from engine.table import PlayerBusted, Table, TableConfig, TableError, TableEvent

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")


class Speed(StrEnum):
    """The schedule's pace: how many hands (or minutes) a level lasts by default."""

    STANDARD = "standard"
    TURBO = "turbo"


# Small blind, big blind: the same ladder for both speeds (Turbo climbs it twice as fast).
BLINDS: tuple[tuple[int, int], ...] = (
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300),
    (200, 400), (300, 600), (400, 800), (600, 1200), (800, 1600), (1000, 2000),
)
HANDS_PER_LEVEL = {Speed.STANDARD: 10, Speed.TURBO: 5}
MINUTES_PER_LEVEL = {Speed.STANDARD: 10.0, Speed.TURBO: 5.0}


def ante_for(big_blind: int) -> int:
    """The ante once antes are on: a tenth of the big blind, rounded down to a multiple
    of 5 (at least 5)."""
    return max(5, big_blind // 10 // 5 * 5)


def level_of(small_blind: int, big_blind: int, *, top: int = 40) -> int | None:
    """The ladder's level number with these blinds (None when it has none)."""
    for number in range(1, top + 1):
        level = SitAndGoConfig().level(number)
        if (level.small_blind, level.big_blind) == (small_blind, big_blind):
            return number
    return None


def roman(number: int) -> str:
    return ROMAN[number - 1] if 1 <= number <= len(ROMAN) else str(number)


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the schedule (``number`` from 1)."""

    number: int
    small_blind: int
    big_blind: int
    ante: int

    @property
    def roman(self) -> str:
        return roman(self.number)

    def as_list(self) -> list[int]:
        return [self.small_blind, self.big_blind, self.ante]

    def describe(self) -> str:
        """"50/100 ante 10", "25/50"."""
        text = f"{self.small_blind}/{self.big_blind}"
        return f"{text} ante {self.ante}" if self.ante else text


@dataclass(frozen=True, slots=True)
class SitAndGoConfig:
    """The format. ``hands_per_level`` (default by speed) unless ``minutes_per_level`` is
    set; antes from level ``antes_from`` on; ``prizes`` are points for 1st, 2nd, ..."""

    players: int = 4
    stack: int = 1500
    speed: Speed = Speed.STANDARD
    hands_per_level: int | None = None
    minutes_per_level: float | None = None
    antes_from: int = 4
    prizes: tuple[int, ...] = (65, 35)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 10:
            raise TableError("A Sit & Go seats 2 to 10 players")
        if self.stack < 2 * BLINDS[0][1]:
            raise TableError(f"Starting stacks must be at least {2 * BLINDS[0][1]} chips")
        if self.hands_per_level is not None and self.hands_per_level < 1:
            raise TableError("A level lasts at least one hand")
        if self.minutes_per_level is not None and not self.minutes_per_level > 0:
            raise TableError("A level lasts more than zero minutes")
        if self.antes_from < 1:
            raise TableError("Antes start at level 1 or later")
        if len(self.prizes) > self.players or any(p < 0 for p in self.prizes):
            raise TableError("Prizes go to at most every player and are never negative")

    @property
    def by_time(self) -> bool:
        return self.minutes_per_level is not None

    @property
    def level_hands(self) -> int:
        return self.hands_per_level or HANDS_PER_LEVEL[self.speed]

    def level(self, number: int) -> Level:
        """Level ``number`` (from 1); past the ladder's top the blinds keep doubling, so a
        tournament always ends."""
        if number < 1:
            raise TableError("Levels are numbered from 1")
        top = len(BLINDS)
        sb, bb = BLINDS[min(number, top) - 1]
        if number > top:
            sb, bb = sb * 2 ** (number - top), bb * 2 ** (number - top)
        return Level(number, sb, bb, ante_for(bb) if number >= self.antes_from else 0)

    def points(self, place: int) -> int:
        """Tournament points for finishing in ``place`` (1 = first)."""
        return self.prizes[place - 1] if place <= len(self.prizes) else 0


@dataclass(frozen=True, slots=True)
class LevelUp:
    """The blinds went up before this hand."""

    level: Level
    previous: Level


@dataclass(frozen=True, slots=True)
class Knockout:
    """A player left with no chips: their place and who took the last of them."""

    seat: int
    name: str
    place: int
    points: int
    by: int | None
    by_name: str


@dataclass(frozen=True, slots=True)
class Finished:
    """One player holds every chip."""

    winner: int
    name: str
    points: int


def knocked_out_by(hand: HandState, seat: int) -> int | None:
    """Who knocked ``seat`` out: the seat that won the most chips from this hand."""
    start = hand.config.stacks
    gains = [(hand.stacks[s] - start[s], -s) for s in range(hand.n)
             if s != seat and hand.config.players[s]]
    if not gains:
        return None
    gain, minus_seat = max(gains)
    return -minus_seat if gain > 0 else None


@dataclass(slots=True)
class SitAndGo:
    """A Sit & Go in play: its table, the level, the seconds and hands at this level,
    and the places decided so far (``finishers``: last place first, as they fell)."""

    config: SitAndGoConfig
    table: Table
    level_number: int = 1
    hands_at_level: int = 0
    seconds_at_level: float = 0.0
    hands: int = 0
    finishers: list[int] = field(default_factory=list)
    levels_played: list[Level] = field(default_factory=list)
    knockouts: list[Knockout] = field(default_factory=list)
    number: int = 0  # the tournament's id in the history (0 until stored)

    def __post_init__(self) -> None:
        """A Sit & Go is a freeze-out under tournament rules (a seat sitting out posts
        and folds), its table too (one saved before these were kept)."""
        if self.table.config.rebuys or not self.table.config.blinded_away:
            self.table.config = replace(self.table.config, rebuys=False, blinded_away=True)

    @classmethod
    def create(cls, config: SitAndGoConfig, names: Sequence[str]) -> SitAndGo:
        """Everyone sits down with the starting stack; level 1 is on the table."""
        if len(names) != config.players:
            raise TableError(f"A {config.players}-player Sit & Go needs {config.players} names")
        first = config.level(1)
        table = Table(TableConfig(seats=config.players, small_blind=first.small_blind,
                                  big_blind=first.big_blind, ante=first.ante,
                                  min_buy_in_bb=1, max_buy_in_bb=10**9, auto_rebuy_below_bb=0,
                                  rebuys=False, blinded_away=True))
        for seat, name in enumerate(names):
            table.sit(seat, name, config.stack)
        return cls(config, table)

    # ------------------------------------------------------------ queries

    @property
    def level(self) -> Level:
        return self.config.level(self.level_number)

    @property
    def next_level(self) -> Level:
        return self.config.level(self.level_number + 1)

    @property
    def players_left(self) -> list[int]:
        return [s for s, p in enumerate(self.table.seats) if p is not None]

    @property
    def finished(self) -> bool:
        return len(self.players_left) <= 1 and self.table.hand is None

    @property
    def places(self) -> list[int]:
        """Seats whose place is decided, first place first."""
        done = list(reversed(self.finishers))
        if self.finished:
            done = self.players_left + done
        return done

    def place_of(self, seat: int) -> int | None:
        if seat in self.finishers:
            return self.config.players - self.finishers.index(seat)
        if self.finished and seat in self.players_left:
            return 1
        return None

    @property
    def total_chips(self) -> int:
        return self.config.players * self.config.stack

    def hands_to_next(self) -> int | None:
        """Hands until the blinds go up (None when they go up by the clock)."""
        if self.config.by_time:
            return None
        return max(0, self.config.level_hands - self.hands_at_level)

    def seconds_to_next(self) -> float | None:
        minutes = self.config.minutes_per_level
        if minutes is None:
            return None
        return max(0.0, minutes * 60 - self.seconds_at_level)

    def on_bubble(self) -> bool:
        """One more knockout and everyone left is paid."""
        return len(self.players_left) == len(self.config.prizes) + 1

    # ------------------------------------------------------------ time

    def tick(self, seconds: float) -> None:
        """Game time passes (levels by the clock rise at the next hand)."""
        if seconds > 0:
            self.seconds_at_level += seconds

    def _level_due(self) -> bool:
        minutes = self.config.minutes_per_level
        if minutes is not None:
            return self.seconds_at_level >= minutes * 60
        return self.hands_at_level >= self.config.level_hands

    def advance_level(self) -> LevelUp | None:
        """Before a hand: step up to the level due and put it on the table."""
        previous = self.level
        up = None
        if self._level_due():
            self.level_number += 1
            self.hands_at_level = 0
            self.seconds_at_level = 0.0
            up = LevelUp(self.level, previous)
        level = self.level
        self.table.config = replace(self.table.config, small_blind=level.small_blind,
                                    big_blind=level.big_blind, ante=level.ante)
        if not self.levels_played or self.levels_played[-1] != level:
            self.levels_played.append(level)
        return up

    # ------------------------------------------------------------ hands

    def start_hand(self, rng: random.Random, deck: Sequence[Card] | None = None
                   ) -> tuple[HandState, LevelUp | None]:
        """Deal the next hand at the level due (``TableError`` once it is over)."""
        if self.finished:
            raise TableError("The Sit & Go is over")
        up = self.advance_level()
        return self.table.start_hand(rng, deck), up

    def end_hand(self) -> tuple[list[TableEvent], list[Knockout | Finished]]:
        """Settle the hand: busted players leave with their places (a bigger stack at the
        start of the hand finishes higher; their ``PlayerLeft`` follow the table's events);
        the last one left wins."""
        hand = self.table.hand
        if hand is None:
            raise TableError("No hand is being played")
        events = self.table.end_hand()
        self.hands += 1
        self.hands_at_level += 1
        busted = [e.seat for e in events if isinstance(e, PlayerBusted)]
        busted.sort(key=lambda s: (hand.config.stacks[s], -s))  # lowest place first
        news: list[Knockout | Finished] = []
        for seat in busted:
            player = self.table.seat(seat)
            place = len(self.players_left)
            by = knocked_out_by(hand, seat)
            taker = self.table.seats[by] if by is not None else None
            by_name = taker.name if taker is not None else ""
            events.append(self.table.leave(seat, reason="knocked out"))
            self.finishers.append(seat)
            knockout = Knockout(seat, player.name, place, self.config.points(place), by,
                                by_name)
            self.knockouts.append(knockout)
            news.append(knockout)
        if self.finished and busted:
            winner = self.players_left[0]
            news.append(Finished(winner, self.table.seat(winner).name, self.config.points(1)))
        return events, news

    def chips_conserved(self) -> bool:
        return self.table.chips_on_table() == self.total_chips
