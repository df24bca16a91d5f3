"""What a Sit & Go adds to PokerStars text: each hand's tournament header ("Tournament
#12, Freeroll Hold'em No Limit - Level III (25/50)"), the table named for the tournament,
and who finished where; and the tournament summary written beside its hand history when
it ends. A Sit & Go's table is stored under the name ``Sit & Go #N``; the level is read
back from the hand's blinds. Prizes are tournament points, not money: the buy-in is
written as PokerStars writes a freeroll."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, tzinfo

from engine.state import HandState
from engine.tournament import level_of, roman
from game.persistence.codec import HandRecord

PREFIX = "Sit & Go #"
_NAME = re.compile(r"^Sit & Go #(\d+)$")
PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd"}


def table_name(number: int) -> str:
    return f"{PREFIX}{number}"


def tournament_number(name: str) -> int | None:
    """The tournament's number when ``name`` is a Sit & Go's table name."""
    found = _NAME.match(name)
    return int(found.group(1)) if found else None


def stars_header(hand_id: int, name: str, game: str, small_blind: int, big_blind: int,
                 started: str) -> str | None:
    """The first line of a Sit & Go hand (None for a cash table's hand)."""
    number = tournament_number(name)
    if number is None:
        return None
    level = level_of(small_blind, big_blind)
    level_text = roman(level) if level is not None else "?"
    return (f"PokerStars Hand #{hand_id}: Tournament #{number}, Freeroll {game} - "
            f"Level {level_text} ({small_blind}/{big_blind}) - {started} ET")


def stars_table(name: str) -> str | None:
    """The tournament table's name as PokerStars writes it ("12 1"), if a Sit & Go."""
    number = tournament_number(name)
    return None if number is None else f"{number} 1"


def finish_lines(state: HandState, names: list[str]) -> list[str]:
    """"Ann finished the tournament in 3rd place" for each player this hand knocked out
    (a bigger stack at the start finishes higher), and the winner's line when one
    player is left with every chip."""
    cfg = state.config
    dealt = [s for s in range(state.n) if cfg.players[s]]
    busted = sorted((s for s in dealt if state.stacks[s] == 0),
                    key=lambda s: (cfg.stacks[s], -s), reverse=True)
    alive = [s for s in dealt if state.stacks[s] > 0]
    lines = []
    for k, seat in enumerate(busted):
        place = len(alive) + k + 1
        lines.append(f"{names[seat]} finished the tournament in "
                     f"{place_word(place)} place")
    if busted and len(alive) == 1:
        lines.append(f"{names[alive[0]]} wins the tournament - congratulations!")
    return lines


def place_word(place: int) -> str:
    return PLACE_WORDS.get(place, f"{place}th")


def summary_text(records: Sequence[HandRecord], places: Sequence[int],
                 prizes: Sequence[int], me: int, eastern: tzinfo, *,
                 game: str = "No Limit Hold'em") -> str:
    """The tournament summary laid out as PokerStars writes one (``TS….txt``): number,
    game, buy-in (none: a freeroll), players, prize pool, start and finish, each place
    with its name, points, and when and in which hand the player went out; then the
    player's own place. ``records``: the finished tournament's hands in order;
    ``places``: every seat, first place first; times in US Eastern (``eastern``), as
    the hands'."""
    first, last = records[0], records[-1]
    number = tournament_number(first.table_name)
    names = first.config.names or ()
    out_in: dict[int, HandRecord] = {}
    for record in records:
        final = (record.result or {}).get("final_stacks") or []
        for seat, chips in enumerate(final):
            if chips == 0 and record.config.players[seat] and seat not in out_in:
                out_in[seat] = record

    def when(iso: str) -> str:
        return datetime.fromisoformat(iso).astimezone(eastern).strftime("%Y/%m/%d %H:%M:%S")

    pool = sum(prizes)
    lines = [f"PokerStars Tournament #{number}, {game}",
             "Buy-In: 0/0",
             f"{len(places)} players",
             f"Total Prize Pool: {pool} points",
             f"Tournament started {when(first.started_at)} ET",
             f"Tournament finished {when(last.ended_at or last.started_at)} ET"]
    for k, seat in enumerate(places):
        name = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
        points = prizes[k] if k < len(prizes) else 0
        parts = [name]
        if points and pool:
            parts.append(f"{points} points ({100 * points / pool:.0f}%)")
        if seat in out_in:
            hand = out_in[seat]
            parts.append(f"eliminated {when(hand.ended_at or hand.started_at)} ET at hand "
                         f"#{hand.id}")
        lines.append(f"{k + 1:>3}: " + ", ".join(parts))
    lines.append("")
    if me in places:
        gone = f" (eliminated at hand #{out_in[me].id})" if me in out_in else ""
        lines.append(f"You finished in {place_word(places.index(me) + 1)} place{gone}.")
    return "\n".join(lines) + "\n"
