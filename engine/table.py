"""A cash-game table: seats, buy-ins, rebuys, sitting out, and hands in sequence.

Table life follows seed 001 (§11-13): buy-ins of 20-100 big blinds; rebuys and top-ups
between hands only, optionally automatic (none at a freeze-out); a busted player rebuys
or leaves; a player who sits out is not dealt, and once ``sit_out_limit`` hands have been
dealt without them the table says their time is up (``SitOutOver``: whoever runs the
table stands them up); new players, and returning ones who missed a hand, wait for the
big blind; the button moves to the next seat that is dealt in, skipping empty seats.
Under tournament rules (``blinded_away``) a player sitting out is dealt in, posts the
blinds and antes and folds (``HandConfig.away``), is never removed and never waits.
Chips only enter through buy-ins and leave through cash-outs and rake, so
``bought_in - cashed_out - rake == chips on the table`` always holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.cards import Card
from engine.chips import chip_text
from engine.config import HandConfig, Structure
from engine.events import RakeTaken
from engine.pots import clockwise_from
from engine.state import HandState

BLIND_LEVELS: tuple[tuple[int, int], ...] = ((5, 10), (10, 20), (25, 50), (50, 100), (100, 200))


class TableError(ValueError):
    """A table request refused, with a sentence a player can hear."""


FREEZE_OUT = "No rebuys or top-ups in a freeze-out: the chips in play are the starting stacks"


@dataclass(frozen=True, slots=True)
class TableConfig:
    seats: int = 4
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    structure: Structure = Structure.NO_LIMIT
    min_buy_in_bb: int = 20
    max_buy_in_bb: int = 100
    rake_percent: Fraction = Fraction(0)
    rake_cap: int = 0
    sit_out_limit: int = 3
    muck_losers: bool = False
    auto_rebuy_below_bb: int = 20
    rebuys: bool = True  # False: a freeze-out (a Sit & Go), no chips added after the start
    blinded_away: bool = False  # tournament rules: sitting out, a seat posts and folds

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise TableError("A table has 2 to 10 seats")
        if not 0 < self.small_blind <= self.big_blind:
            raise TableError("Blinds must be positive, the small one no larger than the big")
        if not 0 < self.min_buy_in_bb <= self.max_buy_in_bb:
            raise TableError("The buy-in range must be positive and in order")
        if self.sit_out_limit < 1:
            raise TableError("Players must be allowed to sit out at least one hand")

    @classmethod
    def level(cls, level: int, **options: object) -> TableConfig:
        """One of the five blind levels of seed 001 (1-5)."""
        if not 1 <= level <= len(BLIND_LEVELS):
            raise TableError(f"Blind levels go from 1 to {len(BLIND_LEVELS)}")
        sb, bb = BLIND_LEVELS[level - 1]
        return cls(small_blind=sb, big_blind=bb, **options)  # type: ignore[arg-type]

    @property
    def min_buy_in(self) -> int:
        return self.min_buy_in_bb * self.big_blind

    @property
    def max_buy_in(self) -> int:
        return self.max_buy_in_bb * self.big_blind


@dataclass(slots=True)
class Seat:
    name: str
    stack: int
    auto_rebuy: bool = False
    sitting_out: bool = False
    hands_sat_out: int = 0
    waiting_for_big_blind: bool = False
    bought_in: int = 0
    posting: bool = False  # asked to post a big blind now rather than wait for it


@dataclass(frozen=True, slots=True)
class PlayerSat:
    seat: int
    name: str
    buy_in: int


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    seat: int
    name: str
    cashed_out: int
    reason: str


@dataclass(frozen=True, slots=True)
class ChipsAdded:
    seat: int
    amount: int
    stack: int
    automatic: bool


@dataclass(frozen=True, slots=True)
class PlayerBusted:
    seat: int


@dataclass(frozen=True, slots=True)
class SittingOutChanged:
    seat: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class SitOutOver:
    """The seat has sat out ``hands`` hands, the most the table allows: its time is up."""

    seat: int
    hands: int


TableEvent = (PlayerSat | PlayerLeft | ChipsAdded | PlayerBusted | SittingOutChanged
              | SitOutOver)


@dataclass(slots=True)
class Table:
    """Seats and the hands played at them. Use ``start_hand`` then ``end_hand``."""

    config: TableConfig
    seats: list[Seat | None] = field(default_factory=list)
    button: int | None = None
    hand: HandState | None = None
    hands_played: int = 0
    cashed_out: int = 0
    rake: int = 0
    left_bought_in: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.config.seats

    # ------------------------------------------------------------- queries

    @property
    def in_hand(self) -> bool:
        return self.hand is not None

    def seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise TableError(f"There is no seat {index + 1}")
        player = self.seats[index]
        if player is None:
            raise TableError(f"Seat {index + 1} is empty")
        return player

    @property
    def bought_in(self) -> int:
        return sum(p.bought_in for p in self.seats if p) + self.left_bought_in

    def chips_on_table(self) -> int:
        """Every chip at the table, including those in a hand being played."""
        hand = self.hand
        if hand is None:
            return sum(p.stack for p in self.seats if p)
        dealt = hand.config.players
        behind = sum(hand.stacks[i] if dealt[i] else p.stack
                     for i, p in enumerate(self.seats) if p is not None)
        return behind + (0 if hand.finished else sum(hand.totals))

    def _eligible(self, index: int) -> bool:
        """The seat is dealt the next hand (waiting for the big blind aside)."""
        p = self.seats[index]
        return (p is not None and p.stack > 0
                and (not p.sitting_out or self.config.blinded_away))

    def can_deal(self) -> bool:
        """At least two seats would be dealt the next hand."""
        return sum(1 for i in range(len(self.seats)) if self._eligible(i)) >= 2

    def sit_out_hands_left(self, index: int) -> int | None:
        """Hands the seat may still be dealt without it before its time is up (None when
        it is empty, not sitting out, or sitting out costs it nothing but blinds)."""
        player = self.seats[index] if 0 <= index < len(self.seats) else None
        if player is None or not player.sitting_out or self.config.blinded_away:
            return None
        return max(0, self.config.sit_out_limit - player.hands_sat_out)

    def _dealt_between_hands(self) -> None:
        if self.hand is not None:
            raise TableError("That has to wait until this hand is over")

    # ------------------------------------------------------- seats & chips

    def sit(self, index: int, name: str, buy_in: int, *, auto_rebuy: bool = False) -> PlayerSat:
        """Take an empty seat with a buy-in in range; waits for the big blind once play
        has started."""
        if not 0 <= index < len(self.seats):
            raise TableError(f"There is no seat {index + 1}")
        if self.seats[index] is not None:
            raise TableError(f"Seat {index + 1} is taken")
        if self.hand is not None and self.hand.config.players[index]:
            raise TableError(f"Seat {index + 1} is free after this hand")
        self._check_stack(buy_in, buy_in)
        playing = sum(1 for i in range(len(self.seats)) if self._eligible(i))
        self.seats[index] = Seat(name=name, stack=buy_in, auto_rebuy=auto_rebuy,
                                 waiting_for_big_blind=self.hands_played > 0 and playing >= 2,
                                 bought_in=buy_in)
        return PlayerSat(index, name, buy_in)

    def leave(self, index: int, reason: str = "left") -> PlayerLeft:
        """Cash out and free the seat; during a hand only once folded (or the hand is
        over), taking what is behind now: chips already bet stay in the pot."""
        player = self.seat(index)
        hand = self.hand
        if hand is not None and hand.config.players[index]:
            if not hand.finished and not hand.folded[index]:
                raise TableError("You can leave when this hand is over")
            player.stack = hand.stacks[index]
        self.cashed_out += player.stack
        self.left_bought_in += player.bought_in
        self.seats[index] = None
        return PlayerLeft(index, player.name, player.stack, reason)

    def _check_stack(self, amount: int, new_stack: int) -> None:
        cfg = self.config
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise TableError("Chips come in whole positive amounts")
        if new_stack < cfg.min_buy_in:
            raise TableError(f"The minimum is {chip_text(cfg.min_buy_in)} in front of you")
        if new_stack > cfg.max_buy_in:
            raise TableError(f"The maximum is {chip_text(cfg.max_buy_in)} in front of you")

    def verify_add_chips(self) -> None:
        """``TableError`` when no chips may be added here at all (a freeze-out)."""
        if not self.config.rebuys:
            raise TableError(FREEZE_OUT)

    def can_add_chips(self) -> bool:
        return self.config.rebuys

    def add_chips(self, index: int, amount: int, *, automatic: bool = False) -> ChipsAdded:
        """Rebuy or top up between hands, keeping the stack within the buy-in range."""
        self.verify_add_chips()
        self._dealt_between_hands()
        player = self.seat(index)
        self._check_stack(amount, player.stack + amount)
        player.stack += amount
        player.bought_in += amount
        return ChipsAdded(index, amount, player.stack, automatic)

    def top_up(self, index: int) -> ChipsAdded:
        """Top up to the maximum buy-in."""
        player = self.seat(index)
        if player.stack >= self.config.max_buy_in:
            raise TableError("You already have the maximum in front of you")
        return self.add_chips(index, self.config.max_buy_in - player.stack)

    def set_auto_rebuy(self, index: int, on: bool) -> None:
        self.seat(index).auto_rebuy = on

    def sit_out(self, index: int) -> SittingOutChanged:
        player = self.seat(index)
        player.sitting_out = True
        player.hands_sat_out = 0
        return SittingOutChanged(index, True)

    def sit_in(self, index: int) -> SittingOutChanged:
        """Back in; a returning player who missed a hand waits for the big blind when a
        game is running (one back before a hand was dealt without them just plays on)."""
        player = self.seat(index)
        if player.stack == 0:
            raise TableError("Rebuy first: you have no chips")
        missed = player.hands_sat_out > 0 and not self.config.blinded_away
        player.sitting_out = False
        player.hands_sat_out = 0
        others = sum(1 for i in range(len(self.seats)) if i != index and self._eligible(i))
        player.waiting_for_big_blind = missed and self.hands_played > 0 and others >= 2
        return SittingOutChanged(index, False)

    def post_now(self, index: int) -> None:
        """A seat waiting for the big blind posts one out of turn and is dealt the next
        hand (commercial clients' "Post now"). Not kept in the save file: after a
        restart the seat waits for the big blind again, paying nothing unasked."""
        refusal = self.post_now_refusal(index)
        if refusal is not None:
            raise TableError(refusal)
        self.seat(index).posting = True

    def post_now_refusal(self, index: int) -> str | None:
        """Why the seat may not post a big blind now, or None. As in commercial rooms, a
        big blind is never posted from the button or the small blind: there the seat waits
        for the big blind to reach it."""
        player = self.seat(index)
        if self.config.blinded_away:
            return "In a tournament every seat is dealt every hand: nothing to post"
        if not player.waiting_for_big_blind:
            return "You are not waiting for the big blind"
        if player.posting:
            return None
        player.posting = True  # where would the next hand put the seat?
        try:
            _, dealt = self._positions()
        except TableError:
            return None  # no game to wait for: the seat is dealt in anyway
        finally:
            player.posting = False
        if index not in dealt:
            return ("You can't post on the button or in the small blind: you are dealt in "
                    "when the big blind reaches you")
        return None

    def can_post_now(self, index: int) -> bool:
        return self.post_now_refusal(index) is None

    # --------------------------------------------------------------- hands

    def _positions(self) -> tuple[int, list[int]]:
        """The next button and the seats dealt in."""
        n = len(self.seats)
        ready = [i for i in range(n) if self._eligible(i)]
        waiting = {i for i in ready if _waits(self.seats[i])}
        if len(ready) - len(waiting) < 2:
            waiting = set()  # no game to wait for: everyone plays now
        while True:
            playing = [i for i in ready if i not in waiting]
            if len(playing) < 2:
                raise TableError("Waiting for players: at least two need chips and a seat")
            start = 0 if self.button is None else self.button + 1
            button = next(i for i in clockwise_from(start, n) if i in playing)
            small_blind = next(i for i in clockwise_from(button + 1, n) if i in playing)
            # A seat posting now that would land on the button or the small blind waits
            # for the big blind instead (a big blind is never posted from there).
            early = {button, small_blind} & {i for i in playing if _posts(self.seats[i])}
            if not early or len(playing) - len(early) < 2:
                break
            waiting |= early
        # The big blind falls on the next seat after the small blind, waiting or not: a
        # waiting player whose turn it is joins by posting it.
        big_blind = next(i for i in clockwise_from(small_blind + 1, n)
                         if i in playing or i in waiting)
        dealt = sorted(set(playing) | ({big_blind} & waiting))
        return button, dealt

    def start_hand(self, rng: random.Random, deck: Sequence[Card] | None = None) -> HandState:
        """Move the button and deal the next hand."""
        if self.hand is not None:
            raise TableError("A hand is already being played")
        button, dealt = self._positions()
        posts = []
        for i in dealt:
            player = self.seats[i]
            assert player is not None
            if player.posting and player.waiting_for_big_blind:
                posts.append(i)  # the hand skips it when the seat is a blind anyway
            player.waiting_for_big_blind = player.posting = False
        cfg = self.config
        n = len(self.seats)
        names = tuple(p.name if p else "" for p in self.seats)
        hand_config = HandConfig(
            stacks=tuple(p.stack if p else 0 for p in self.seats), button=button,
            small_blind=cfg.small_blind, big_blind=cfg.big_blind, ante=cfg.ante,
            structure=cfg.structure, dealt_in=tuple(i in dealt for i in range(n)),
            rake_percent=cfg.rake_percent, rake_cap=cfg.rake_cap,
            muck_losers=cfg.muck_losers, names=names, posts=tuple(posts),
            away=tuple(i for i in dealt if (p := self.seats[i]) is not None and p.sitting_out),
        )
        self.button = button
        self.hand = HandState.deal(hand_config, deck=deck, rng=rng)
        return self.hand

    def end_hand(self) -> list[TableEvent]:
        """Settle a finished hand: stacks, rake, sitting-out clocks (a hand counts for a
        seat that sat it out, not for one that sits out from the next), bust-outs,
        rebuys."""
        hand = self.hand
        if hand is None:
            raise TableError("No hand is being played")
        if not hand.finished:
            raise TableError("The hand is not over yet")
        events: list[TableEvent] = []
        for i, player in enumerate(self.seats):
            if player is not None and hand.config.players[i]:
                player.stack = hand.stacks[i]
        self.rake += sum(e.amount for e in hand.events if isinstance(e, RakeTaken))
        self.hand = None
        self.hands_played += 1
        cfg = self.config
        for i, player in enumerate(self.seats):
            if player is None:
                continue
            if player.sitting_out and not hand.config.players[i]:
                player.hands_sat_out += 1
                if player.hands_sat_out >= cfg.sit_out_limit:
                    events.append(SitOutOver(i, player.hands_sat_out))
                continue
            if (cfg.rebuys and player.auto_rebuy
                    and player.stack < cfg.auto_rebuy_below_bb * cfg.big_blind):
                events.append(self.add_chips(i, cfg.max_buy_in - player.stack, automatic=True))
            elif player.stack == 0:
                events.append(PlayerBusted(i))
        return events


def _posts(player: Seat | None) -> bool:
    """Back from sitting out and asked to post a big blind now."""
    return player is not None and player.waiting_for_big_blind and player.posting


def _waits(player: Seat | None) -> bool:
    """Sits out the next hand waiting for the big blind (unless posting one now)."""
    return player is not None and player.waiting_for_big_blind and not player.posting
