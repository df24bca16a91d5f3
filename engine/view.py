"""What one seat may see of a hand: its own cards, everything public, and its options.

Bots decide from it, the table draws from it, the narrator answers questions from it.
Other seats' hole cards appear only once shown at showdown.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import LegalActions
from engine.cards import Card
from engine.events import ActionTaken, Event, HandShown, HoleCardsDealt, Pot, Street
from engine.sizing import BettingContext
from engine.state import HandState


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    hole: tuple[Card, Card] | None
    board: tuple[Card, ...]
    street: Street
    button: int
    small_blind_seat: int
    big_blind_seat: int
    big_blind: int
    stacks: tuple[int, ...]
    street_bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    dealt_in: tuple[bool, ...]
    pot: int
    pots: tuple[Pot, ...]
    to_act: int | None
    legal: LegalActions | None
    context: BettingContext | None
    actions: tuple[ActionTaken, ...]
    shown: tuple[HandShown, ...]
    names: tuple[str, ...]
    finished: bool
    ante: int = 0

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def opponents(self) -> tuple[int, ...]:
        """Seats still in the hand other than this one."""
        return tuple(s for s in range(len(self.stacks))
                     if s != self.seat and self.dealt_in[s] and not self.folded[s])

    def street_actions(self, street: Street | None = None) -> tuple[ActionTaken, ...]:
        street = self.street if street is None else street
        return tuple(a for a in self.actions if a.street is street)


def public_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (None: a spectator sees no hole cards)."""
    return [e for e in events if not isinstance(e, HoleCardsDealt) or e.seat == seat]


def view_of(state: HandState, seat: int) -> PlayerView:
    """Build ``seat``'s view of ``state``."""
    legal = state.legal() if state.to_act == seat else None
    names = state.config.names or tuple(f"Seat {s + 1}" for s in range(state.n))
    return PlayerView(
        seat=seat,
        hole=state.hole[seat],
        board=tuple(state.board),
        street=state.street,
        button=state.config.button,
        small_blind_seat=state.small_blind_seat,
        big_blind_seat=state.big_blind_seat,
        big_blind=state.config.big_blind,
        stacks=tuple(state.stacks),
        street_bets=tuple(state.street_bets),
        contributed=tuple(state.totals),
        folded=tuple(state.folded),
        dealt_in=state.config.players,
        pot=state.pot_total,
        pots=tuple(state.pots if state.finished else state.contested_pots()),
        to_act=state.to_act,
        legal=legal,
        context=state.betting_context(seat) if legal is not None else None,
        actions=tuple(e for e in state.events if isinstance(e, ActionTaken)),
        shown=tuple(e for e in state.events if isinstance(e, HandShown) and not e.mucked),
        names=names,
        finished=state.finished,
        ante=state.config.ante,
    )
