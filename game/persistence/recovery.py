"""Crash recovery: an interrupted hand is resumed exactly from its journal, or voided.

On start the game calls ``recover(store)``. A hand left ``playing`` is dealt again from
its stored config and full deck and every journaled action is applied, which rebuilds
the exact state (the engine is deterministic given the deck). If that fails in any way
(an unreadable row, an action the engine refuses, a config that does not match the
saved table) the hand is voided: the seats keep the start-of-hand stacks the database
has held throughout the hand, so no chip is lost or created either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.actions import IllegalAction
from engine.cards import CardError
from engine.config import ConfigError
from engine.state import HandState
from engine.table import Table, TableError
from game.persistence.store import CorruptRecord, HandRecord, Store

RecoveryKind = Literal["resumed", "voided", "none"]


@dataclass(frozen=True, slots=True)
class RecoveryReport:
    """What happened to the interrupted hand, in a sentence the player can be told."""

    kind: RecoveryKind
    hand_id: int | None
    message: str


@dataclass(slots=True)
class Recovery:
    """The report, the table to play on (``table.hand`` is the resumed hand while it is
    still being played) and the journal position to continue from."""

    report: RecoveryReport
    table: Table | None
    next_seq: int = 0

    @property
    def hand(self) -> HandState | None:
        return self.table.hand if self.table is not None else None


class _CannotResume(Exception):
    pass


def recover(store: Store) -> Recovery:
    """Resume or void the hand left in play, if any; writes go through ``store``.

    ``StoreUnavailable`` (the file can't be written) passes through: the game then plays
    on without saving, and the hand stays in the file for the next start.
    """
    hand_id = store.playing_hand_id()
    if hand_id is None:
        table, trouble = _saved_table(store)
        return Recovery(RecoveryReport("none", None, "No hand was interrupted." + trouble),
                        table)
    try:
        table = store.load_table()
        record = store.hand(hand_id)
        state = _resume(record, table)
    except (_CannotResume, CorruptRecord, IllegalAction, ConfigError, CardError,
            TableError) as err:
        reason = str(err) or err.__class__.__name__
        store.void_hand(hand_id, reason)
        message = (f"Hand {hand_id} was interrupted and could not be resumed ({reason}). "
                   "It has been cancelled: every stack is back to what it was before the "
                   "hand.")
        table, trouble = _saved_table(store)
        return Recovery(RecoveryReport("voided", hand_id, message + trouble), table)
    assert table is not None
    table.button = record.config.button
    table.hand = state
    for seat, dealt in enumerate(record.config.players):
        player = table.seats[seat]
        if dealt and player is not None:
            player.waiting_for_big_blind = False
    if state.finished:
        events = table.end_hand()
        store.finish_hand(hand_id, table, state, events)
        message = (f"Hand {hand_id} was interrupted after its last action; it has been "
                   f"settled from its journal. {_summary(state)}")
        return Recovery(RecoveryReport("resumed", hand_id, message), table,
                        len(record.actions))
    who = state.name(state.to_act) if state.to_act is not None else "nobody"
    who = "you" if who == "You" else who
    replayed = f"{len(record.actions)} action{'' if len(record.actions) == 1 else 's'}"
    message = (f"Hand {hand_id} was interrupted; it resumes exactly where it stopped, "
               f"with {replayed} replayed and {who} to act.")  # said as it is written
    return Recovery(RecoveryReport("resumed", hand_id, message), table, len(record.actions))


def _saved_table(store: Store) -> tuple[Table | None, str]:
    """The saved table, or None with a sentence when its row can't be read."""
    try:
        return store.load_table(), ""
    except CorruptRecord as err:
        return None, f" The saved table could not be read ({err}); a new one is needed."


def _resume(record: HandRecord, table: Table | None) -> HandState:
    """Replay the journal after checking the hand belongs to the saved table."""
    if table is None:
        raise _CannotResume("no saved table")
    config = record.config
    if len(config.stacks) != len(table.seats):
        raise _CannotResume("the hand has a different number of seats than the table")
    for seat, dealt in enumerate(config.players):
        player = table.seats[seat]
        if not dealt:
            continue
        if player is None:
            raise _CannotResume(f"seat {seat + 1} is empty now")
        if player.stack != config.stacks[seat]:
            raise _CannotResume(f"seat {seat + 1}'s stack does not match the hand's start")
    return record.replay()  # an action after the hand ended is refused as illegal


def _summary(state: HandState) -> str:
    winners = sorted({seat for seat in range(state.n) if state.stacks[seat]
                      > state.config.stacks[seat]})
    if not winners:
        return "Nobody won chips."
    return "; ".join(f"{state.name(s)} won {state.stacks[s] - state.config.stacks[s]}"
                     for s in winners) + "."

