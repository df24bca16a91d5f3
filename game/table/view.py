"""What the table shows, rebuilt from the engine's events one at a time.

The engine settles a whole all-in run-out in one call; the screen must show it street
by street. ``TableDisplay`` folds events in as the presenter reaches them, so what is on
screen always matches the events shown so far, and ``HandEnded`` pins every stack to
the engine's final figures. ``plan`` says how an event animates (``Beat``) without
changing anything; ``apply`` changes the display once the animation has played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import ActionKind
from engine.cards import Card
from engine.chips import chip_text
from engine.events import (
    ActionTaken,
    BlindKind,
    BlindPosted,
    Event,
    HandEnded,
    HandShown,
    HandsTabled,
    HandStarted,
    HoleCardsDealt,
    Pot,
    PotAwarded,
    PotsChanged,
    RakeTaken,
    Street,
    StreetDealt,
    UncalledBetReturned,
)

Anchor = tuple[str, int, int]  # ("seat"|"bet"|"pot"|"deck"|"board"|"hole", index, sub)
DECK: Anchor = ("deck", 0, 0)


@dataclass(frozen=True, slots=True)
class Flight:
    """Something moving from one anchor to another during a beat."""

    kind: str  # "chips" | "card"
    src: Anchor
    dst: Anchor
    amount: int = 0
    card: Card | None = None  # None: face down
    start: float = 0.0  # share of the beat before it leaves
    end: float = 1.0


@dataclass(frozen=True, slots=True)
class Beat:
    """How one event plays: for how long, what flies, what waits hidden meanwhile."""

    duration: float
    flights: tuple[Flight, ...] = ()
    hides: frozenset[Anchor] = frozenset()


@dataclass(slots=True)
class SeatShow:
    name: str = ""
    present: bool = False
    stack: int = 0
    bet: int = 0
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    has_cards: bool = False
    cards: tuple[Card, Card] | None = None
    last: str = ""
    shown: HandShown | None = None
    won: int = 0
    state: str = ""  # a seat's standing between its hands ("Waiting for the big blind")
    noted: bool = False  # the player has a note on this seat's player


@dataclass(slots=True)
class TableDisplay:
    me: int
    seats: list[SeatShow]
    board: list[Card] = field(default_factory=list)
    pots: list[Pot] = field(default_factory=list)
    dead: int = 0
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    street: Street | None = None
    best: frozenset[Card] = frozenset()
    banner: str = ""
    win: str = ""  # the winning hand named at a showdown, for the win moment
    hand_over: bool = True
    mismatch: bool = False

    @classmethod
    def empty(cls, me: int, n: int) -> TableDisplay:
        return cls(me=me, seats=[SeatShow() for _ in range(n)])

    @property
    def pot_total(self) -> int:
        return sum(p.amount for p in self.pots) + sum(s.bet for s in self.seats) + self.dead

    def seat_table(self, names: tuple[str, ...], stacks: tuple[int, ...],
                   present: tuple[bool, ...], sitting_out: tuple[bool, ...]) -> None:
        """Between hands: who sits where with what (after rebuys and sit-outs)."""
        for i, seat in enumerate(self.seats):
            seat.name, seat.stack = names[i], stacks[i]
            seat.present, seat.sitting_out = present[i], sitting_out[i]

    def seat_states(self, states: tuple[str, ...]) -> None:
        """Each seat's standing, shown while it is not in a hand (a new one any time)."""
        for seat, state in zip(self.seats, states, strict=False):
            seat.state = state

    # ------------------------------------------------------------ planning

    def plan(self, event: Event) -> Beat:
        """The animation for ``event`` given what is on screen now (changes nothing)."""
        if isinstance(event, HandStarted):
            return Beat(0.35)
        if isinstance(event, BlindPosted):
            return Beat(0.3, (Flight("chips", ("seat", event.seat, 0), ("bet", event.seat, 0),
                                     event.amount),), frozenset({("bet", event.seat, 0)}))
        if isinstance(event, HoleCardsDealt):
            s = event.seat
            mine = s == self.me
            flights = tuple(
                Flight("card", DECK, ("hole", s, k), card=event.cards[k] if mine else None,
                       start=0.45 * k, end=0.55 + 0.45 * k)
                for k in range(2))
            return Beat(0.22, flights, frozenset({("hole", s, 0), ("hole", s, 1)}))
        if isinstance(event, ActionTaken):
            return self._plan_action(event)
        if isinstance(event, StreetDealt):
            first = len(self.board)
            n = len(event.cards)
            flights = tuple(
                Flight("card", DECK, ("board", first + k, 0), card=c,
                       start=k * 0.18, end=min(1.0, k * 0.18 + 0.64))
                for k, c in enumerate(event.cards))
            hides = frozenset(("board", first + k, 0) for k in range(n))
            return Beat(0.3 + 0.15 * n, flights, hides)
        if isinstance(event, PotsChanged):
            flights = tuple(Flight("chips", ("bet", i, 0), ("pot", 0, 0), s.bet)
                            for i, s in enumerate(self.seats) if s.bet > 0)
            if not flights:
                return Beat(0.0)
            hides = frozenset(("bet", i, 0) for i, s in enumerate(self.seats) if s.bet > 0)
            return Beat(0.4, flights, hides)
        if isinstance(event, UncalledBetReturned):
            return Beat(0.35, (Flight("chips", ("bet", event.seat, 0),
                                      ("seat", event.seat, 0), event.amount),),
                        frozenset({("bet", event.seat, 0)}))
        if isinstance(event, HandsTabled):  # face up at once, then a moment to look
            spots = [(("hole", s, k), cards[k]) for s, cards in event.hands for k in range(2)]
            return Beat(0.9, tuple(Flight("card", spot, spot, card=card, end=0.0)
                                   for spot, card in spots),
                        frozenset(spot for spot, _ in spots))
        if isinstance(event, HandShown):
            return Beat(0.0 if event.seat == self.me or event.mucked else 0.45)
        if isinstance(event, PotAwarded):
            return self._plan_award(event)
        if isinstance(event, HandEnded):
            return Beat(1.6 if event.showdown else 0.9)
        return Beat(0.0)

    def _plan_action(self, e: ActionTaken) -> Beat:
        if e.kind is ActionKind.FOLD:
            flights = tuple(Flight("card", ("hole", e.seat, k), DECK) for k in range(2)
                            if self.seats[e.seat].has_cards)
            return Beat(0.3, flights, frozenset({("hole", e.seat, 0), ("hole", e.seat, 1)}))
        if e.added <= 0:
            return Beat(0.25)
        return Beat(0.35, (Flight("chips", ("seat", e.seat, 0), ("bet", e.seat, 0), e.added),),
                    frozenset({("bet", e.seat, 0)}))

    def _plan_award(self, e: PotAwarded) -> Beat:
        flights: list[Flight] = []
        for k, (seat, chips) in enumerate(e.shares):
            if chips > 0:
                flights.append(Flight("chips", ("pot", e.pot_index, 0), ("seat", seat, 0), chips,
                                      start=0.1 * k, end=min(1.0, 0.8 + 0.1 * k)))
        for i, s in enumerate(self.seats):
            if s.bet > 0:
                winner = e.shares[0][0]
                flights.append(Flight("chips", ("bet", i, 0), ("seat", winner, 0), s.bet))
        hides = {("pot", e.pot_index, 0)} | {("bet", i, 0) for i, s in enumerate(self.seats)
                                             if s.bet > 0}
        return Beat(0.85, tuple(flights), frozenset(hides))

    # ------------------------------------------------------------- applying

    def apply(self, event: Event) -> None:
        """Show ``event``'s outcome."""
        if isinstance(event, HandStarted):
            self._start(event)
        elif isinstance(event, BlindPosted):
            seat = self.seats[event.seat]
            seat.stack -= event.amount
            if event.kind is BlindKind.ANTE:
                self.dead += event.amount
            else:
                seat.bet += event.amount
                blind = "SB" if event.kind is BlindKind.SMALL else "BB"
                seat.last = f"{blind} {chip_text(event.amount)}"
            seat.all_in = event.all_in
        elif isinstance(event, HoleCardsDealt):
            seat = self.seats[event.seat]
            seat.has_cards = True
            if event.seat == self.me:
                seat.cards = event.cards
        elif isinstance(event, ActionTaken):
            self._act(event)
        elif isinstance(event, StreetDealt):
            self.board = list(event.board)
            self.street = event.street
            for seat in self.seats:
                if seat.in_hand and not seat.folded and not seat.all_in:
                    seat.last = ""
        elif isinstance(event, PotsChanged):
            for seat in self.seats:
                seat.bet = 0
            self.pots = list(event.pots)
            self.dead = 0
        elif isinstance(event, UncalledBetReturned):
            seat = self.seats[event.seat]
            seat.bet -= event.amount
            seat.stack += event.amount
        elif isinstance(event, HandsTabled):  # all in before the river: face up now
            for s, cards in event.hands:
                self.seats[s].cards = cards
        elif isinstance(event, HandShown):
            seat = self.seats[event.seat]
            if event.mucked:  # kept private: face down (the player still sees their own)
                seat.last = "Mucks"
            else:
                seat.shown = event
                seat.cards = event.cards
        elif isinstance(event, RakeTaken):
            self.banner = f"Rake {chip_text(event.amount)}"
        elif isinstance(event, PotAwarded):
            self._award(event)
        elif isinstance(event, HandEnded):
            for i, seat in enumerate(self.seats):
                if seat.in_hand and seat.stack != event.final_stacks[i]:
                    self.mismatch = True
                if seat.in_hand:
                    seat.stack = event.final_stacks[i]
                seat.bet = 0
            self.pots = []
            self.dead = 0
            self.hand_over = True

    def _start(self, e: HandStarted) -> None:
        self.board, self.pots, self.dead = [], [], 0
        self.button, self.small_blind, self.big_blind = (
            e.button, e.small_blind_seat, e.big_blind_seat)
        self.street = Street.PREFLOP
        self.best, self.banner, self.win, self.hand_over = frozenset(), "", "", False
        for i, seat in enumerate(self.seats):
            playing = i in e.seats
            seat.in_hand = playing
            seat.folded = seat.all_in = seat.has_cards = False
            seat.bet = seat.won = 0
            seat.cards = None
            seat.shown = None
            seat.last = ""
            if playing:
                seat.stack = e.stacks[i]

    def _act(self, e: ActionTaken) -> None:
        seat = self.seats[e.seat]
        seat.stack -= e.added
        seat.bet = e.to
        seat.all_in = e.all_in
        if e.kind is ActionKind.FOLD:
            seat.folded = True
            seat.has_cards = False
            seat.last = "Fold"
        elif e.kind is ActionKind.CHECK:
            seat.last = "Check"
        elif e.all_in:
            seat.last = f"All-in {chip_text(e.to)}"
        elif e.kind is ActionKind.CALL:
            seat.last = f"Call {chip_text(e.to)}"
        elif e.kind is ActionKind.BET:
            seat.last = f"Bet {chip_text(e.to)}"
        else:
            seat.last = f"Raise to {chip_text(e.to)}"

    def _award(self, e: PotAwarded) -> None:
        for seat in self.seats:
            seat.bet = 0
        if e.pot_index < len(self.pots):
            old = self.pots[e.pot_index]
            self.pots[e.pot_index] = Pot(0, old.eligible)
        for seat_index, chips in e.shares:
            seat = self.seats[seat_index]
            seat.stack += chips
            seat.won += chips
        winners = [s for s, chips in e.shares if chips > 0]
        best: set[Card] = set()
        for s in winners:
            shown = self.seats[s].shown
            if shown is not None:
                best.update(shown.best_five)
        self.best = frozenset(best)
        self.banner = award_text(e, [self.seats[s].name for s, _ in e.shares])
        if e.pot_index == 0 and e.description != "uncontested":
            self.win = e.description


def award_text(e: PotAwarded, names: list[str]) -> str:
    """"Ann wins 340 with Full House, Kings full of Fours" / "Split pot 340: …"."""
    side = "" if e.pot_index == 0 else f" side pot {e.pot_index}"
    if len(e.shares) == 1:
        wins = "win" if names[0] == "You" else "wins"
        text = f"{names[0]} {wins} {chip_text(e.amount)}" + (f" from{side}" if side else "")
        return text if e.description == "uncontested" else f"{text} with {e.description}"
    parts = ", ".join(f"{n} {chip_text(won)}" for n, (_, won) in zip(names, e.shares, strict=True))
    return f"Split{side} {chip_text(e.amount)}: {parts} · {e.description}"
