"""What a Sit & Go hand adds to its PokerStars text: the tournament header ("Tournament
#12, Freeroll Hold'em No Limit - Level III (25/50)"), the table named for the tournament,
and who finished where. A Sit & Go's table is stored under the name ``Sit & Go #N``; the
level is read back from the hand's blinds. Prizes are tournament points, not money: the
buy-in is written as PokerStars writes a freeroll."""

from __future__ import annotations

import re

from engine.state import HandState
from engine.tournament import level_of, roman

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
                     f"{PLACE_WORDS.get(place, f'{place}th')} place")
    if busted and len(alive) == 1:
        lines.append(f"{names[alive[0]]} wins the tournament - congratulations!")
    return lines
