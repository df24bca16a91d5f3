"""A stored hand, step by step: the deal, then one step per journaled action, each with
what happened and the board, pots and stacks after it. Shared by ``holdem replay`` (text
in the terminal) and the replayer scene. Pure Python, no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from engine.cards import card_str
from engine.chips import chip_text
from engine.events import Event
from engine.state import HandState
from game.persistence.store import HandRecord
from game.records.handlog import log_line
from game.records.tournament import tournament_number


@dataclass(frozen=True, slots=True)
class Step:
    """The hand after ``index`` actions (0: dealt, blinds posted)."""

    index: int
    lines: tuple[str, ...]          # what this step did, as hand-log lines
    events: tuple[Event, ...]       # every event of the hand up to here
    board: tuple[str, ...]
    pot: int
    pots: tuple[int, ...]           # main pot then side pots (uncalled chips aside)
    stacks: tuple[int, ...]         # chips behind, per seat
    to_act: int | None
    finished: bool


def names_of(record: HandRecord) -> tuple[str, ...]:
    given = record.config.names or ()
    return tuple(given[s] if s < len(given) and given[s] else f"Seat {s + 1}"
                 for s in range(len(record.config.stacks)))


def _step(index: int, state: HandState, new: list[Event], names: tuple[str, ...],
          number: int, hero: int) -> Step:
    lines = tuple(line for e in new if (line := log_line(e, names, hero, number)))
    pots = tuple(p.amount for p in state.contested_pots()) if not state.finished else ()
    return Step(index=index, lines=lines, events=tuple(state.events),
                board=tuple(card_str(c) for c in state.board), pot=state.pot_total,
                pots=pots, stacks=tuple(state.stacks), to_act=state.to_act,
                finished=state.finished)


def steps(record: HandRecord, hero: int = 0) -> list[Step]:
    """Every step of the hand; ``IllegalAction`` if its journal does not fit it."""
    names = names_of(record)
    state = HandState.deal(record.config, deck=record.deck)
    out = [_step(0, state, list(state.events), names, record.id, hero)]
    for i, action in enumerate(record.actions, start=1):
        seen = len(state.events)
        state.apply(action)
        out.append(_step(i, state, state.events[seen:], names, record.id, hero))
    return out


def step_text(step: Step, names: tuple[str, ...], dealt: tuple[bool, ...]) -> str:
    """A step as terminal text: what happened, then the board, pots and stacks."""
    head = "Deal" if step.index == 0 else f"Step {step.index}"
    body = [f"{head}:", *(f"  {line}" for line in step.lines)]
    board = " ".join(step.board) if step.board else "(none)"
    pots = f"{chip_text(step.pot)}"
    if len(step.pots) > 1:
        pots += " (main " + ", side ".join(f"{chip_text(a)}" for a in step.pots) + ")"
    body.append(f"  board {board} · pot {pots}")
    stacks = "  ".join(f"{names[s]} {chip_text(step.stacks[s])}" for s in range(len(names))
                       if dealt[s])
    body.append(f"  stacks: {stacks}")
    if step.to_act is not None:
        body.append(f"  to act: {names[step.to_act]}")
    return "\n".join(body)


def local_time(stamp: str) -> str:
    """A stored time (ISO 8601, UTC) as the player's clock reads it: "2026-11-25 16:05".
    A stamp that can't be read is shown as stored."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def replay_text(record: HandRecord, hero: int = 0) -> str:
    """The whole hand, step by step, as ``holdem replay`` prints it."""
    names = names_of(record)
    head = (f"Hand #{record.id} (at {record.table_name}, "
            f"{local_time(record.started_at)}, {record.status.value})")
    parts = [head] + [step_text(s, names, record.config.players) for s in steps(record, hero)]
    if record.status.value == "voided":
        parts.append(f"Voided: {record.void_reason or 'interrupted'}; every stack went back "
                     "to its start-of-hand value.")
    return "\n".join(parts)


def hand_title(record: HandRecord) -> str:
    """One line for a list of hands: its number (the one the table, the hand histories and
    ``holdem replay`` use) and the Sit & Go's, time, board and who won."""
    result = record.result or {}
    names = names_of(record)
    winners = ", ".join(names[s] for s in result.get("winners", []) if 0 <= s < len(names))
    board = " ".join(result.get("board", [])) or "no flop"
    won = f" · won by {winners}" if winners else ""
    where = f" at {record.table_name}" if tournament_number(record.table_name) else ""
    return f"Hand #{record.id}{where} · {local_time(record.started_at)} · {board}{won}"
