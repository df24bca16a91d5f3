"""One hand of hold'em: forced bets, dealing, betting rounds, run-outs, showdown, payouts.

Every operation follows verify / can / apply: ``verify`` raises ``IllegalAction`` with a
sentence a player can hear and changes nothing, ``can`` is its boolean twin, ``apply``
changes the state and returns the events it produced. ``legal()`` is the one place that
answers "what may the seat to act do now"; the mouse, the voice and the bots all ask it.

Rules (the choices made where rule books differ):
- heads-up the button posts the small blind, acts first preflop and last after;
- a short blind or ante is posted all-in; the minimum raise stays the scheduled big blind;
- a seat joining out of turn (``HandConfig.posts``) posts a live big blind: it may check
  when nobody raised, as the big blind may;
- a seat away from the table (``HandConfig.away``: sitting out a tournament) posts its
  blinds and antes, checks when checking is free and otherwise may only fold (it is
  folded only to a bet, as tournament rooms do);
- ``current_bet`` is the largest street contribution; ``last_full_raise`` starts each
  street at the big blind and grows only with full raises;
- a seat that has acted may raise again only when the bet has risen by a full raise since
  it last acted (so one or more incomplete all-ins do not reopen raising for it);
- raising is refused when nobody left could call more;
- fixed-limit: bets and raises of one small bet (preflop, flop) or big bet (turn, river),
  capped at four wagers a street, the big blind counting as the first;
- pot-limit: the most is a call plus the pot after the call;
- odd chips go to the winners nearest clockwise from the button.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import (
    ALLIN,
    BET,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    Action,
    IllegalAction,
    LegalActions,
)
from engine.cards import Card, complete_deck, shuffled_deck
from engine.chips import chip_text
from engine.config import HandConfig, Structure
from engine.evaluator import HandInfo, describe
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
from engine.pots import build_pots, clockwise_from, split, take_rake, uncalled_refund
from engine.sizing import BettingContext

STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
BOARD_CARDS = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_NEXT_STREET = dict(itertools.pairwise(STREETS))
# _CLOCKWISE[n][start]: the seats of an n-seat table in order from ``start``.
_CLOCKWISE = tuple(tuple(tuple(clockwise_from(start, n)) for start in range(n))
                   for n in range(11))


# Enum members read on every action as plain names (3.11's enum member lookup is slow).
_NO_LIMIT, _FIXED_LIMIT = Structure.NO_LIMIT, Structure.FIXED_LIMIT
_PREFLOP, _FLOP, _RIVER = Street.PREFLOP, Street.FLOP, Street.RIVER


@dataclass(slots=True)
class HandState:
    """A hand in progress. Build with ``HandState.deal(config, deck=…, rng=…)``."""

    config: HandConfig
    n: int
    stacks: list[int]
    street_bets: list[int]
    totals: list[int]
    folded: list[bool]
    hole: list[tuple[Card, Card] | None]
    deck: list[Card]
    board: list[Card] = field(default_factory=list)
    street: Street = Street.PREFLOP
    current_bet: int = 0
    last_full_raise: int = 0
    wagers: int = 0
    acted_level: list[int | None] = field(default_factory=list)
    to_act: int | None = None
    last_aggressor: int | None = None
    small_blind_seat: int = 0
    big_blind_seat: int = 0
    finished: bool = False
    events: list[Event] = field(default_factory=list)
    pots: list[Pot] = field(default_factory=list)
    showdown: list[HandShown] = field(default_factory=list)
    _next_card: int = 0
    _legal: LegalActions | None = None
    _pot: int = 0

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, config: HandConfig, deck: Sequence[Card] | None = None,
             rng: random.Random | None = None) -> HandState:
        """Post forced bets and deal hole cards.

        ``deck`` lists cards from the top in dealing order; cards it leaves out follow
        in an order shuffled by ``rng``. Without a deck the whole deck is shuffled.
        """
        rng = rng if rng is not None else random.Random()
        n = len(config.stacks)
        full = (complete_deck(list(deck), rng) if deck is not None
                else shuffled_deck(rng, needed=2 * n + 8))
        players = config.players
        state = cls(
            config=config, n=n, stacks=list(config.stacks), street_bets=[0] * n,
            totals=[0] * n, folded=[not p for p in players], hole=[None] * n, deck=full,
            acted_level=[None] * n,
        )
        state._start()
        return state

    def _start(self) -> None:
        cfg, folded, events = self.config, self.folded, self.events
        order = [s for s in _CLOCKWISE[self.n][(cfg.button + 1) % self.n] if not folded[s]]
        if len(order) == 2:
            sb, bb = cfg.button, order[0]
        else:
            sb, bb = order[0], order[1]
        self.small_blind_seat, self.big_blind_seat = sb, bb
        stacks = self.stacks
        events.append(HandStarted(cfg.button, sb, bb, tuple(order), tuple(stacks)))
        if cfg.ante:
            for s in order:
                paid = min(cfg.ante, stacks[s])
                stacks[s] -= paid
                self.totals[s] += paid
                self._pot += paid
                events.append(BlindPosted(s, BlindKind.ANTE, paid, stacks[s] == 0))
        posted = [(s, cfg.big_blind, BlindKind.BIG) for s in order
                  if s in cfg.posts and s not in (sb, bb)]
        for seat, amount, kind in ((sb, cfg.small_blind, BlindKind.SMALL),
                                   (bb, cfg.big_blind, BlindKind.BIG), *posted):
            paid = min(amount, stacks[seat])
            self._put(seat, paid)
            events.append(BlindPosted(seat, kind, paid, stacks[seat] == 0))
        self.current_bet = max(self.street_bets)
        self.last_full_raise = cfg.big_blind
        self.wagers = 1
        # One card at a time round the table, twice.
        k = len(order)
        firsts, seconds = self._draw(k), self._draw(k)
        hole = self.hole
        for s, c1, c2 in zip(order, firsts, seconds, strict=True):
            hole[s] = cards = (c1, c2)
            events.append(HoleCardsDealt(s, cards))
        self._begin_betting(start=bb + 1)

    def _draw(self, count: int) -> list[Card]:
        """The next ``count`` cards from the top of the deck."""
        top = self._next_card
        self._next_card = top + count
        return self.deck[top:top + count]

    def _put(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.street_bets[seat] += chips
        self.totals[seat] += chips
        self._pot += chips

    # --------------------------------------------------------------- queries

    def name(self, seat: int) -> str:
        names = self.config.names
        return names[seat] if names is not None else f"seat {seat}"

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, this street's bets included (until the payout)."""
        return self._pot

    def live(self, seat: int) -> bool:
        """Dealt in and not folded."""
        return not self.folded[seat]

    def _wager_unit(self) -> int:
        bb = self.config.big_blind
        return bb if self.street in (_PREFLOP, _FLOP) else 2 * bb

    def _raise_refusal(self, seat: int) -> str | None:
        """Why the seat may not bet or raise now, or None when it may."""
        current, folded, stacks, bets = self.current_bet, self.folded, self.stacks, self.street_bets
        to_call = current - bets[seat]
        stack = stacks[seat]
        if stack <= to_call:
            return f"You only have {chip_text(stack)}: call all in or fold"
        for s in range(self.n):
            if s != seat and not folded[s] and stacks[s] + bets[s] > current:
                break
        else:
            return f"Everyone else is all in: call {chip_text(to_call)} or fold"
        level = self.acted_level[seat]
        if level is not None and current - level < self.last_full_raise:
            return (f"You can't raise: the all-in was less than a full raise. "
                    f"Call {chip_text(to_call)} or fold")
        if (self.config.structure is _FIXED_LIMIT
                and self.wagers >= self.config.fixed_limit_cap):
            return f"Betting is capped: call {chip_text(to_call)} or fold"
        return None

    def _wager_range(self, seat: int) -> tuple[int, int]:
        """``(min_to, max_to)`` of a bet or raise, for a seat that may make one."""
        current, bet = self.current_bet, self.street_bets[seat]
        all_in_to = bet + self.stacks[seat]
        structure = self.config.structure
        if structure is _NO_LIMIT:
            low = current + self.last_full_raise
            return (all_in_to, all_in_to) if all_in_to <= low else (low, all_in_to)
        if structure is _FIXED_LIMIT:
            low = high = current + self._wager_unit()
        else:  # pot limit: a call plus the pot after the call
            low = current + self.last_full_raise
            high = max(low, current + self._pot + (current - bet))
        if all_in_to <= low:
            return (all_in_to, all_in_to)
        return (low, min(high, all_in_to))

    def legal(self) -> LegalActions | None:
        """What the seat to act may do, or None when nobody is to act."""
        seat = self.to_act
        if seat is None:
            return None
        cached = self._legal
        if cached is not None and cached.seat == seat:
            return cached
        current, bet, stack = self.current_bet, self.street_bets[seat], self.stacks[seat]
        to_call = current - bet
        all_in_to = bet + stack
        if seat in self.config.away:  # sitting out: a free check, else fold
            legal = LegalActions(seat, True, to_call == 0, None, None, None, all_in_to, False)
            self._legal = legal
            return legal
        wager = None if self._raise_refusal(seat) is not None else self._wager_range(seat)
        allin = all_in_to <= current or (wager is not None and wager[1] == all_in_to)
        # seat, fold, check, call, bet, raise_, all_in_to, allin (positional: this is hot)
        if current == 0:  # nothing to call: a wager is a bet
            legal = LegalActions(seat, True, True, None, wager, None, all_in_to, allin)
        else:
            legal = LegalActions(seat, True, to_call == 0, min(to_call, stack) if to_call else None,
                                 None, wager, all_in_to, allin)
        self._legal = legal
        return legal

    def betting_context(self, seat: int | None = None) -> BettingContext:
        """A seat's betting view (voice parser, sizing); no range when it may not raise."""
        seat = self.to_act if seat is None else seat
        if seat is None:
            raise IllegalAction("The hand is over")
        to_call = max(0, min(self.current_bet - self.street_bets[seat], self.stacks[seat]))
        all_in_to = self.street_bets[seat] + self.stacks[seat]
        if seat == self.to_act:  # the legal range or none: what the parser accepts we accept
            wager = None if (legal := self.legal()) is None else legal.wager
        else:
            wager = (min(self.current_bet + self.last_full_raise, all_in_to), all_in_to)
        low, high = wager if wager is not None else (None, None)
        return BettingContext(
            big_blind=self.config.big_blind, pot=self.pot_total,
            current_bet=self.current_bet, my_street_bet=self.street_bets[seat],
            to_call=to_call, stack=self.stacks[seat], can_check=to_call == 0,
            min_raise_to=low, max_raise_to=high, street=self.street.value,
        )

    def timeout_action(self) -> Action:
        """What the clock does for the seat to act: check if it may, else fold."""
        legal = self.legal()
        if legal is None:
            raise IllegalAction("The hand is over")
        kind = CHECK if legal.check else FOLD
        return Action(legal.seat, kind)

    # ------------------------------------------------------------ validation

    def verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` if ``action`` would be refused; change nothing."""
        if self.finished or self.to_act is None:
            raise IllegalAction("The hand is over")
        seat = self.to_act
        if action.seat != seat:
            raise IllegalAction(f"It's {self.name(seat)}'s turn")
        kind = action.kind
        to_call = self.current_bet - self.street_bets[seat]
        if kind is FOLD:
            return
        if seat in self.config.away and not (kind is CHECK and to_call <= 0):
            raise IllegalAction("Sitting out this hand: it can only be checked or folded")
        if kind is CHECK:
            if to_call > 0:
                raise IllegalAction(f"You can't check: {min(to_call, self.stacks[seat])} to call")
            return
        if kind is CALL:
            if to_call <= 0:
                raise IllegalAction("There's nothing to call: you can check")
            return
        all_in_to = self.street_bets[seat] + self.stacks[seat]
        if kind is ALLIN:
            if all_in_to <= self.current_bet:
                return
            self._verify_wager(seat, all_in_to, bet=self.current_bet == 0)
            return
        if kind is BET:
            if self.current_bet > 0:
                raise IllegalAction(
                    f"There's already a bet: call {min(to_call, self.stacks[seat])} or raise"
                    if to_call > 0 else "You can't bet now: check or raise")
            self._verify_wager(seat, action.to, bet=True)
            return
        if kind is RAISE:
            if self.current_bet == 0:
                raise IllegalAction("There's no bet to raise: bet instead")
            self._verify_wager(seat, action.to, bet=False)
            return
        raise IllegalAction(f"Unknown action {kind!r}")

    def _verify_wager(self, seat: int, to: int | None, *, bet: bool) -> None:
        word = "bet" if bet else "raise"
        if to is None:
            raise IllegalAction("Bet how much?" if bet else "Raise to how much?")
        if isinstance(to, bool) or not isinstance(to, int):
            raise IllegalAction("An amount must be a whole number of chips")
        refusal = self._raise_refusal(seat)
        if refusal is not None:
            raise IllegalAction(refusal)
        low, high = self._wager_range(seat)
        if to < low:
            if low == high:
                raise IllegalAction(f"You can only {word} all in, to {chip_text(high)}")
            raise IllegalAction(f"Minimum bet is {chip_text(low)}" if bet
                                else f"Minimum raise is to {chip_text(low)}")
        if to > high:
            if to > self.street_bets[seat] + self.stacks[seat]:
                raise IllegalAction(f"You have {chip_text(self.stacks[seat])} behind: "
                                    f"the most is {chip_text(high)}")
            limit = " (pot limit)" if self.config.structure is Structure.POT_LIMIT else ""
            raise IllegalAction(
                (f"Maximum bet is {high}" if bet else f"Maximum raise is to {high}") + limit)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; returns the events it produced."""
        legal = self.legal()
        if legal is None or legal.seat != action.seat or not legal.allows(action):
            self.verify(action)  # raises the sentence saying why
        self._legal = None
        events = self.events
        mark = len(events)
        seat, kind = action.seat, action.kind
        stacks, bets = self.stacks, self.street_bets
        chips = 0
        if kind is FOLD:
            self.folded[seat] = True
        elif kind is not CHECK:
            current, bet, stack = self.current_bet, bets[seat], stacks[seat]
            if kind is CALL or (kind is ALLIN and bet + stack <= current):
                kind = CALL  # as recorded: an all-in that does not top the bet calls
                chips = min(current - bet, stack)
            else:
                target = bet + stack if kind is ALLIN else action.to
                assert target is not None
                if target - current >= self.last_full_raise:
                    self.last_full_raise = target - current
                kind = BET if current == 0 else RAISE
                chips = target - bet
                self.current_bet = target
                self.wagers += 1
                self.last_aggressor = seat
            self._put(seat, chips)
        # seat, street, kind, to, added, all_in, pot_after (positional: this is hot)
        events.append(ActionTaken(seat, self.street, kind, bets[seat], chips,
                                  stacks[seat] == 0 and kind is not FOLD, self._pot))
        if kind is FOLD and self.folded.count(False) == 1:
            self._finish()
        else:
            self.acted_level[seat] = self.current_bet
            self._begin_betting(seat + 1)
        return events[mark:]

    def _next_actor(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that must act, or None.

        A lone seat with chips that has matched the bet has nobody to bet against, so it
        does not act (the board is run out).
        """
        n, folded, stacks, bets = self.n, self.folded, self.stacks, self.street_bets
        current, acted = self.current_bet, self.acted_level
        able = 0
        behind = False
        first = None
        for s in _CLOCKWISE[n][start % n]:
            if folded[s] or stacks[s] == 0:
                continue
            able += 1
            if bets[s] < current:
                behind = True
                if first is None:
                    first = s
            elif first is None and acted[s] is None:
                first = s
            if first is not None and able > 1:
                return first  # the seats after cannot change the answer
        # At most one seat can act, or nobody owes an action: it acts only if it is behind.
        return first if behind else None

    def _begin_betting(self, start: int) -> None:
        self.to_act = self._next_actor(start)
        if self.to_act is None:
            self._end_street()

    def _end_street(self) -> None:
        """Close the betting round; deal on (running out when nobody can bet) or show down."""
        while True:
            if sum(self.street_bets) or self.street is _PREFLOP:
                self.events.append(PotsChanged(tuple(self.contested_pots())))
            if self.street is _RIVER:
                self._finish()
                return
            self._table_all_in()
            self.street = street = _NEXT_STREET[self.street]
            self.street_bets = [0] * self.n
            self.current_bet = 0
            self.last_full_raise = self.config.big_blind
            self.wagers = 0
            self.acted_level = [None] * self.n
            self.last_aggressor = None
            self._next_card += 1  # burn
            cards = tuple(self._draw(BOARD_CARDS[street]))
            self.board.extend(cards)
            self.events.append(StreetDealt(street, cards, tuple(self.board)))
            self.to_act = self._next_actor(self.config.button + 1)
            if self.to_act is not None:
                return

    def _table_all_in(self) -> None:
        """Before a run-out (two or more hands live, at most one with chips to bet), once
        a hand: every live hand face up, in showdown order (:class:`HandsTabled`)."""
        live = [s for s in range(self.n) if not self.folded[s]]
        if (len(live) < 2 or sum(1 for s in live if self.stacks[s] > 0) > 1
                or any(isinstance(e, HandsTabled) for e in self.events)):
            return
        start = self.last_aggressor if self.last_aggressor is not None \
            else self.config.button + 1
        order = [s for s in _CLOCKWISE[self.n][start % self.n] if s in live]
        hands = []
        for s in order:
            cards = self.hole[s]
            assert cards is not None
            hands.append((s, cards))
        self.events.append(HandsTabled(tuple(hands)))

    def contested_pots(self) -> list[Pot]:
        """The pots as they stand, uncalled chips set aside."""
        totals = list(self.totals)
        refund = uncalled_refund(totals)
        if refund is not None:
            totals[refund[0]] -= refund[1]
        live = [not f for f in self.folded]
        if all(itertools.compress(self.stacks, live)):
            return build_pots(totals, live, live)  # nobody is all in: every live seat can add
        can_add = [alive and chips > 0 for alive, chips in zip(live, self.stacks, strict=True)]
        return build_pots(totals, live, can_add)

    # --------------------------------------------------------------- payouts

    def _finish(self) -> None:
        self.to_act = None
        refund = uncalled_refund(self.totals)
        if refund is not None:
            seat, amount = refund
            self.totals[seat] -= amount
            self._pot -= amount
            self.stacks[seat] += amount
            self.events.append(UncalledBetReturned(seat, amount))
        live = [not f for f in self.folded]
        pots = build_pots(self.totals, live)
        cfg = self.config
        if cfg.rake_percent and self.board:
            total = sum(p.amount for p in pots)
            rake = int(total * cfg.rake_percent / 100)
            if cfg.rake_cap:
                rake = min(rake, cfg.rake_cap)
            if rake:
                pots = take_rake(pots, rake)
                self.events.append(RakeTaken(rake))
        self.pots = pots
        contenders = [s for s in range(self.n) if live[s]]
        went_to_showdown = len(contenders) > 1
        hands: dict[int, HandInfo] = {}
        if went_to_showdown:
            board = self.board
            for s in contenders:
                cards = self.hole[s]
                assert cards is not None
                hands[s] = describe((*cards, *board), checked=True)
        winnings = [0] * self.n
        awards: list[PotAwarded] = []
        for index, pot in enumerate(pots):
            if pot.amount == 0:
                continue
            if len(pot.eligible) == 1:
                winners: list[int] = list(pot.eligible)
            else:
                best = max(hands[s].value for s in pot.eligible)
                winners = [s for s in pot.eligible if hands[s].value == best]
            shares = split(pot.amount, winners, cfg.button, self.n)
            for s, chips in shares:
                winnings[s] += chips
            text = hands[winners[0]].description if went_to_showdown else "uncontested"
            awards.append(PotAwarded(index, pot.amount, tuple(shares), text))
        if went_to_showdown:
            self._show(contenders, hands, winnings)
        self.events.extend(awards)
        stacks = self.stacks
        for s, chips in enumerate(winnings):
            stacks[s] += chips
        self.finished = True
        self.events.append(HandEnded(tuple(self.stacks), went_to_showdown))

    def _show(self, contenders: list[int], hands: dict[int, HandInfo],
              winnings: list[int]) -> None:
        """Reveal in showdown order: the river's last aggressor first, else the first seat
        left of the button; losers muck only if asked and betting was still possible."""
        river_aggressor = self.last_aggressor if self.street is _RIVER else None
        start = river_aggressor if river_aggressor is not None else self.config.button + 1
        order = [s for s in _CLOCKWISE[self.n][start % self.n] if s in hands]
        may_muck = (self.config.muck_losers
                    and sum(1 for s in contenders if self.stacks[s] > 0) >= 2)  # could bet
        best_shown = -1
        for s in order:
            hand = hands[s]
            mucked = may_muck and winnings[s] == 0 and hand.value < best_shown
            best_shown = max(best_shown, hand.value)
            cards = self.hole[s]
            assert cards is not None
            shown = HandShown(s, cards, hand, mucked)
            self.showdown.append(shown)
            self.events.append(shown)
