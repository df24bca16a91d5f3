"""The hand loop, without pygame: deals hands, waits for the animations, lets the seat to
act decide (the player, a bot after its thinking time, or the turn clock) and applies
every decision to the session. What the player should see or hear goes to a
:class:`LoopListener` (the table scene)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.actions import Action, IllegalAction
from engine.cards import Card
from engine.chips import chip_text
from engine.events import ActionTaken, Event, HandStarted
from engine.state import HandState
from engine.table import ChipsAdded, PlayerBusted, PlayerLeft, SitOutOver, TableEvent
from engine.view import PlayerView
from game.input.commands import ActCommand
from game.settings.model import HUMAN_SEAT
from game.table.clock import TurnClock
from game.table.players import Seats
from game.table.presenter import Presenter
from game.table.session import TableSession

BETWEEN_HANDS = 0.8
LONG_THINK = 15.0


def last_hand_out(hears: bool) -> str:
    """The warning as the last hand sat out is dealt (the phrase to say only when the
    game listens)."""
    return ("You'll leave the table after this hand: you have sat out as long as the table "
            "allows. Press S" + (" or say I'm back" if hears else "") + " to stay")


class LoopListener(Protocol):
    """What the loop tells the table scene."""

    def shown(self, event: Event) -> None:
        """An event has finished animating (log it, narrate it, let the bots react)."""

    def say(self, text: str, error: bool = False) -> None:
        """A short notice for the player."""

    def tell(self, text: str, error: bool = False) -> None:
        """A sentence the player must not miss: shown, said (in the table's order) and
        logged."""

    def announce(self, text: str, error: bool = False) -> None:
        """The table's news for the player: shown, and said in the table's order (after
        the lines of the hand that led to it)."""

    def note(self, line: str) -> None:
        """A line for the hand log only."""

    def chat(self, facts: list[Any]) -> None:
        """Table facts the bots may banter about."""

    def my_action(self) -> None:
        """The player's seat acted (the message line is cleared)."""

    def your_turn(self, view: PlayerView) -> Action | None:
        """The player's turn begins; a pre-selected action to take at once, if any."""

    def hears(self) -> bool:
        """The game listens to the player (voice on): lines may say what to say."""

    def clock_waits(self, dt: float) -> bool:
        """True when the player's clock should not run for these ``dt`` seconds (the
        game is talking to the player on their turn: that time is given back)."""

    def clock_ran_out(self) -> None:
        """The player's turn clock ran out (before the timeout action is applied)."""

    def wants_rebuy(self) -> bool:
        """Between hands: True when the rebuy dialog was opened instead of dealing."""

    def hand_over(self) -> None:
        """A hand has ended and the table has been settled (the result stays on screen
        through the break: the seats are refreshed by ``break_over``)."""

    def break_over(self, lines: list[str]) -> None:
        """The hand break has run its time: show the settled seats (top-ups, seats left)
        and log ``lines`` (each top-up or rebuy) before any dialog or the next deal."""

    def left_table(self, event: PlayerLeft) -> None:
        """The player's seat left the table."""

    def sat_out_too_long(self, event: SitOutOver) -> None:
        """The player sat out as many hands as the table allows: they leave it (their
        seat and chips kept for their return)."""

    def save_trouble(self) -> None:
        """Between hands the save file refuses writes: stop, or ask the player."""


@dataclass(slots=True)
class HandLoop:
    """Whose turn it is and when things happen, in game seconds (``update``)."""

    session: TableSession
    seats: Seats
    out: LoopListener
    presenter: Presenter
    clock: TurnClock
    me: int = HUMAN_SEAT
    autopilot: bool = False
    between: float = 0.3
    decision: tuple[int, int] | None = None
    bot_wait: float = 0.0
    thought: float = 0.0
    long_think_told: bool = False
    held_chat: list[Any] = field(default_factory=list)  # banter about the player's turn
    settled: list[str] | None = None  # the break's log lines, until it has run its time
    next_deck: list[Card] | None = None  # scripted hands (tests, screenshots)
    timed_out: Event | None = None  # the player's last action the turn clock took

    # ------------------------------------------------------------ queries

    @property
    def hand(self) -> HandState | None:
        return self.session.hand

    def human_turn(self) -> bool:
        """The player is to act, with the table at rest."""
        hand = self.session.hand
        return (hand is not None and not hand.finished and hand.to_act == self.me
                and not self.presenter.busy and not self.autopilot
                and self.me not in hand.config.away)

    def acting(self) -> int | None:
        """The seat whose decision is awaited now (None while animating or between)."""
        hand = self.session.hand
        if hand is None or hand.finished or self.presenter.busy:
            return None
        return hand.to_act

    def my_view(self) -> PlayerView | None:
        return self.session.view(self.me) if self.human_turn() else None

    # ------------------------------------------------------------ commands

    def act(self, command: ActCommand) -> bool:
        """Apply one decision; a refusal is told and nothing changes."""
        refusal = self.attempt(command)
        if refusal is not None:
            self.out.say(refusal, error=True)
        return refusal is None

    def attempt(self, command: ActCommand) -> str | None:
        """Apply one decision; the refusal's sentence (nothing changed), or None."""
        hand = self.session.hand
        if hand is not None and hand.to_act == command.seat == self.me and self.presenter.busy:
            return "Wait for your turn"
        try:
            events = self.session.submit(command.action)
        except IllegalAction as refusal:
            return str(refusal)
        if command.source == "clock":  # the hand log says so, not a plain "You fold"
            self.timed_out = next((e for e in events if isinstance(e, ActionTaken)), None)
        if command.seat == self.me:
            self.clock.stop()
            self.out.my_action()
        self.decision = None
        self.presenter.push(events)  # the display keeps only our own hole cards
        if command.seat == self.me and self.held_chat:  # the turn is over: now they may
            held, self.held_chat = self.held_chat, []
            self.out.chat(held)
        return None

    def deal_now(self) -> bool:
        """Deal the next hand without the pause; False while a hand is on."""
        if self.session.hand is None and not self.presenter.busy:
            self.between = min(self.between, 0.0)
            return True
        return False

    def at_rest(self) -> bool:
        """Between hands with nothing animating (dialogs may open)."""
        return self.session.hand is None and not self.presenter.busy

    # ------------------------------------------------------------ time

    def update(self, dt: float, real_dt: float | None = None) -> None:
        """Advance ``dt`` game seconds (animations, bots' thinking, the break), which
        took ``real_dt`` seconds of real time (the player's turn clock; ``dt`` when not
        given: at speed 1 they are the same)."""
        real = dt if real_dt is None else real_dt
        for event in self.presenter.update(dt):
            self.out.shown(event)
            if isinstance(event, HandStarted) and not self.autopilot \
                    and self.session.table.sit_out_hands_left(self.me) == 1:
                # dealt without them: their last
                self.out.tell(last_hand_out(self.out.hears()), error=True)
        hand = self.session.hand
        if hand is None:
            self._between(dt)
        elif not self.presenter.busy:
            if hand.finished:
                self._finish_hand(hand)
            elif hand.to_act is not None:
                self._decide(hand, hand.to_act, dt, real)

    def _between(self, dt: float) -> None:
        if self.presenter.busy:
            return
        self.between -= dt
        if self.between > 0:
            return
        if self.settled is not None:  # the result was on screen its full time
            lines, self.settled = self.settled, None
            self.out.break_over(lines)
        if self.session.save.needs_decision:  # never play on unsaved silently
            self.between = BETWEEN_HANDS
            self.out.save_trouble()
            return
        if self.session.seated(self.me) and not self.autopilot and self.out.wants_rebuy():
            self.between = BETWEEN_HANDS
            return
        if not self.session.can_deal():
            self.out.say("Waiting for players", error=True)
            self.between = 1.0
            return
        events = self.session.start_hand(self.next_deck)
        self.next_deck = None
        self.clock.new_hand()
        self.decision = None
        self.presenter.push(events)

    def _finish_hand(self, hand: HandState) -> None:
        self.seats.hand_over(hand)
        self._table_events(self.session.end_hand())
        self.between = BETWEEN_HANDS
        self.out.hand_over()

    def _table_events(self, events: list[TableEvent]) -> None:
        self.settled = []
        names = self.session.names
        for e in events:
            if isinstance(e, ChipsAdded):
                self.settled.append(added_line(names[e.seat], e.amount, e.stack))
            if isinstance(e, PlayerLeft) and e.seat == self.me:
                self.out.left_table(e)
                return
            if isinstance(e, SitOutOver) and e.seat == self.me:
                self.out.sat_out_too_long(e)
                return
            if isinstance(e, PlayerBusted) and e.seat == self.me:
                if self.session.tournament is None:  # a Sit & Go's knockout line says it
                    self.out.announce("You're out of chips: rebuy to keep playing",
                                      error=True)
            elif isinstance(e, PlayerLeft):
                self.out.note(f"{e.name} left the table ({e.reason})")

    def _decide(self, hand: HandState, seat: int, dt: float, real: float) -> None:
        if seat in hand.config.away:  # sitting out a tournament: checked, or folded to a bet
            self.act(ActCommand(seat, hand.timeout_action(), "sitting out"))
            return
        key = (self.session.hand_number, len(hand.events))
        human = seat == self.me and not self.autopilot
        if self.decision != key:
            self.decision = key
            self.thought = 0.0
            self.long_think_told = False
            view = self.session.view(seat)
            assert view is not None
            if human:
                pre = self.out.your_turn(view)
                if pre is not None:
                    self.act(ActCommand(self.me, pre, "pre-action"))
                    return
                self.clock.start()
            else:
                self.bot_wait = self.seats.think_seconds(seat, view)
        if human:  # the player's time is real time, whatever the animation speed
            self.thought += real
            self._tick_clock(hand, seat, real)
            return
        self.thought += dt
        self.bot_wait -= dt
        if self.bot_wait <= 0:
            view = self.session.view(seat)
            assert view is not None
            action = self.seats.decide(seat, view)
            if not hand.can(action):  # a bot bug must not stall the table
                player = self.session.table.seats[seat]
                name = player.name if player is not None else f"Seat {seat + 1}"
                self.out.note(f"{name} chose an illegal action")
                action = hand.timeout_action()
            self.act(ActCommand(seat, action, "bot"))

    def _tick_clock(self, hand: HandState, seat: int, real: float) -> None:
        """``real`` seconds of the player's turn have passed."""
        self.clock.paused = self.out.clock_waits(real)
        if self.clock.tick(0.0 if self.clock.paused else real):
            self.out.clock_ran_out()
            self.act(ActCommand(self.me, hand.timeout_action(), "clock"))
            self.out.say("Time's up", error=True)
        elif self.clock.warning and not self.clock.warned:
            self.clock.warned = True
            self.out.say(self.clock.warning_text(), error=True)
        elif self.thought > LONG_THINK and not self.long_think_told:
            self.long_think_told = True
            fact = self.seats.long_think(seat, self.thought)
            if fact is not None:  # the bots needle a slow player once they have acted:
                self.held_chat.append(fact)  # nothing is said over the player's turn


def added_line(name: str, amount: int, stack: int) -> str:
    """The log line for chips added between hands: "Blaze tops up to 1,000", "You rebuy
    to 400" (a rebuy when the seat had nothing left)."""
    verb = "rebuy" if amount == stack else "top up"
    if name != "You":
        verb = "rebuys" if amount == stack else "tops up"
    return f"{name} {verb} to {chip_text(stack)}"
