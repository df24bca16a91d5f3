"""Seats a table: a new one from settings, or the saved one continued (the app wraps the
result in the table scene). Every way in (the start screen, ``--hands``, ``--autoplay``)
continues the saved table of its kind; a new table replaces it only when asked for, and
the save file cashes the old one out first (``SaveGame.new_table``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.chips import chip_text
from engine.table import Table
from game.persistence.recovery import Recovery
from game.persistence.saving import SaveGame
from game.persistence.store import CorruptRecord, StoreError
from game.records.sitting import stack_history, table_hands
from game.settings.model import HUMAN_SEAT, GameSettings, level_of
from game.table.players import Seats
from game.table.session import TableSession

SEED_RANGE = 2**63  # ``--seed`` takes 0 .. 2**63 - 1


def table_seed(given: int | None) -> int:
    """The seed of a table's one source of randomness (deck and bots): the one given
    (``--seed``), so a table can be dealt again, else a fresh one from the operating
    system's entropy, so no two tables deal alike."""
    return given if given is not None else random.SystemRandom().randrange(SEED_RANGE)


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
    me = table.seats[HUMAN_SEAT]
    if (me is not None and table.hand is None and me.stack > 0
            and table.sit_out_hands_left(HUMAN_SEAT) == 0):
        session.set_sitting_out(HUMAN_SEAT, False)  # left after sitting out: back now
    graph_from_save(session, save)
    told = found.report.message if found.report.kind != "none" else ""
    return SeatedTable(session, seats, autopilot=autopilot, told=told)


def graph_from_save(session: TableSession, save: SaveGame) -> None:
    """The stack graph of a continued table (cash or Sit & Go) goes on from where the
    last run left it: its rows rebuilt from the hands in the save file."""
    if save.store is None:
        return
    try:
        played = table_hands(save.store)
    except (CorruptRecord, StoreError, ValueError):
        played = []
    session.history, session.moved = stack_history(played, session.stacks())
    session.trim_history()
    if played:
        session.last_saved_hand = played[-1].id


@dataclass(frozen=True, slots=True)
class Arrival:
    """The table a run sits down at, how it was found (a recovery kind, ``"none"`` for a
    new table) and sentences for the terminal (a save left alone, a table cashed out)."""

    seated: SeatedTable
    recovery: str
    notices: tuple[str, ...] = ()


def arrive(settings: GameSettings, seed: int, save: SaveGame, *,
           autopilot_kind: str | None = None, fresh: bool = False) -> Arrival:
    """The saved table of this run's kind continued, else a new one. ``fresh`` (the
    player's ``--new-table``) starts a new table, the saved one cashed out into the
    record. A saved table of the other kind (the player's, for autoplay; autoplay's, for
    the player) is never replaced unasked: this run plays unsaved instead."""
    autopilot = autopilot_kind is not None
    table, bots = save.peek()
    notices: list[str] = []
    found = None
    if table is not None and not fresh:
        if continuable(table, bots, autopilot=autopilot):
            found = save.saved_table()
        else:
            save.detach("The save file holds your own table: autoplay leaves it alone and "
                        "plays unsaved (it continues only an autoplay table)."
                        if autopilot else
                        "The save file holds another table (autoplay's): this run plays "
                        "unsaved; --new-table replaces it.")
    elif table is not None:
        notices.append("Your saved table was cashed out: "
                       + ", ".join(f"{p.name} {chip_text(p.stack)}" for p in table.seats if p)
                       + ".")
    notices[:0] = save.take_notices()
    if found is not None:
        seated = continued_table(settings, seed, found, save, autopilot=autopilot)
        return Arrival(seated, found.report.kind,  # the recovery is the table's to tell
                       tuple(n for n in notices if n != found.report.message))
    seated = new_table(settings, seed, autopilot_kind=autopilot_kind, save=save)
    return Arrival(seated, "none", tuple(notices))
