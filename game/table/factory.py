"""Seats a table: a new one from settings, or the saved one continued (the app wraps the
result in the table scene)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.table import Table
from game.persistence.recovery import Recovery
from game.persistence.saving import SaveGame
from game.persistence.store import CorruptRecord, StoreError
from game.records.sitting import stack_history, table_hands
from game.settings.model import HUMAN_SEAT, GameSettings, level_of
from game.table.players import Seats
from game.table.session import TableSession


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """A table ready to play: its session, the seats' players, whether a bot sits in the
    player's chair, and a sentence to tell at the table (a recovered hand)."""

    session: TableSession
    seats: Seats
    autopilot: bool = False
    told: str = ""


def new_table(settings: GameSettings, seed: int, *, autopilot_kind: str | None = None,
              think_scale: float = 1.0, stacks: tuple[int, ...] | None = None,
              save: SaveGame | None = None) -> SeatedTable:
    """A fresh table (saved as the current one when ``save`` is given);
    ``autopilot_kind`` seats a bot of that kind in the human's chair."""
    rng = random.Random(seed)
    kinds = {seat: kind for seat, kind in enumerate(settings.seat_kinds, start=1)}
    if autopilot_kind is not None:
        kinds[HUMAN_SEAT] = autopilot_kind
    seats = Seats.create(kinds, random.Random(rng.getrandbits(64)), human=HUMAN_SEAT,
                         human_name=settings.player_name)
    seats.think_scale = think_scale
    names = tuple(settings.player_name if s == HUMAN_SEAT and autopilot_kind is None
                  else seats.name(s) for s in range(4))
    if seats.chatter is not None:
        seats.chatter.names = list(names)
    session = TableSession.create(settings, names, random.Random(rng.getrandbits(64)),
                                  human_auto_rebuy=autopilot_kind is not None or
                                  settings.auto_rebuy, stacks=stacks, save=save, bots=kinds)
    return SeatedTable(session, seats, autopilot=autopilot_kind is not None)


def continuable(table: Table | None, bots: dict[int, str], *, autopilot: bool) -> bool:
    """Whether the saved table can be continued: the player's chair is taken (by a bot
    for autoplay, by the player otherwise) and every other seated player is a bot."""
    if table is None or table.seats[HUMAN_SEAT] is None:
        return False
    if (HUMAN_SEAT in bots) != autopilot:
        return False
    return all(seat in bots for seat, p in enumerate(table.seats)
               if p is not None and seat != HUMAN_SEAT)


def continued_table(settings: GameSettings, seed: int, found: Recovery, save: SaveGame, *,
                    autopilot: bool = False) -> SeatedTable:
    """The saved table (``found``, from ``save.saved_table()``), its interrupted hand
    resuming where it stopped; the recovery report is told at the table."""
    table = found.table
    assert table is not None
    info = save.table_info()
    bots = dict(info.bots) if info is not None else {}
    rng = random.Random(f"{seed}/{table.hands_played}")  # a new deal per restart
    names = {seat: p.name for seat, p in enumerate(table.seats) if p is not None}
    seats = Seats.named(bots, names, random.Random(rng.getrandbits(64)), human=HUMAN_SEAT)
    if seats.chatter is not None:
        seats.chatter.names = [p.name if p else "" for p in table.seats]
    level = level_of(table.config.big_blind) or settings.level
    kept = settings.with_(level=level)
    session = TableSession.adopt(kept, table, random.Random(rng.getrandbits(64)), save)
    if save.store is not None:
        try:  # the graph goes on from where the last run left it
            played = table_hands(save.store)
        except (CorruptRecord, StoreError, ValueError):
            played = []
        session.history = stack_history(played, session.stacks())
        session.trim_history()
        if played:
            session.last_saved_hand = played[-1].id
    told = found.report.message if found.report.kind != "none" else ""
    return SeatedTable(session, seats, autopilot=autopilot, told=told)
