"""A Sit & Go rebuilt from its own hands: when its save can't be read (the file damaged,
its table lost, its progress file gone or out of step), the tournament is not thrown
away. Its hands, as the save file still holds them or as they came back from the
tournament's hand-history file, say everything that matters: the stacks at the end of
the last hand (the next hand's starting stacks), the button, the level and how many
hands were played at it, who went out in which place and by whose hand.

Pure: hand records in, an engine :class:`~engine.tournament.SitAndGo` out (with the
sentence that tells the player what was recovered). The progress file, when it can be
read and agrees with the hands, gives what the hands cannot: the format (Standard,
Turbo, minutes a level) and the seconds spent at a level by the clock.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.chips import chip_text
from engine.table import Table, TableConfig
from engine.tournament import (
    HANDS_PER_LEVEL,
    Knockout,
    Level,
    SitAndGo,
    SitAndGoConfig,
    Speed,
    knocked_out_by,
    level_of,
)
from game.persistence.codec import HandRecord
from game.records.tournament import place_word, tournament_number


class RebuildError(ValueError):
    """The hands can't be made into the tournament they came from (the sentence says why)."""


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """The tournament as its hands leave it, and the sentence for the player."""

    sng: SitAndGo
    message: str


def tournament_hands(records: Iterable[HandRecord]) -> dict[int, list[HandRecord]]:
    """The finished hands of every tournament by its number, in the order played."""
    found: dict[int, list[HandRecord]] = {}
    for record in records:
        number = tournament_number(record.table_name)
        if number is not None and record.result is not None:
            found.setdefault(number, []).append(record)
    for hands in found.values():
        hands.sort(key=lambda r: r.id)
    return found


def _final(record: HandRecord) -> list[int]:
    result = record.result or {}
    final = result.get("final_stacks")
    if not isinstance(final, list) or len(final) != len(record.config.stacks) \
            or not all(isinstance(c, int) and c >= 0 for c in final):
        raise RebuildError(f"hand {record.id}'s result has no finishing stacks")
    return final


def unfinished(by_number: Mapping[int, Sequence[HandRecord]],
               finished: Iterable[int]) -> int | None:
    """The latest tournament whose hands stop before one player holds every chip and
    that is not among the finished ones (None when there is none)."""
    done = set(finished)
    for number in sorted(by_number, reverse=True):
        if number in done:
            return None
        hands = by_number[number]
        if hands and sum(1 for c in _final(hands[-1]) if c > 0) > 1:
            return number
        return None
    return None


def _speed(levels: Sequence[tuple[int, int]], default: Speed) -> Speed:
    """The schedule's pace as the hands show it (the hand the blinds first went up), or
    ``default`` while they have not gone up yet."""
    for k in range(1, len(levels)):
        if levels[k] != levels[k - 1]:
            return Speed.TURBO if k == HANDS_PER_LEVEL[Speed.TURBO] else Speed.STANDARD
    return default


def rebuild(hands: Sequence[HandRecord], number: int, *,
            config: SitAndGoConfig | None = None, seconds_at_level: float = 0.0,
            speed: Speed = Speed.STANDARD) -> Rebuilt:
    """The tournament ``number`` as its ``hands`` (finished, in order) leave it.
    ``config``: its format, when known (else a Standard or Turbo one, as the blinds rose,
    ``speed`` while they have not); ``seconds_at_level``: the level clock, when known.
    ``RebuildError`` when the hands do not make one tournament."""
    if not hands:
        raise RebuildError(f"Sit & Go #{number} has no hands to rebuild it from")
    first, last = hands[0], hands[-1]
    n = len(first.config.stacks)
    names = tuple(first.config.names or ("",) * n)
    blinds = [(h.config.small_blind, h.config.big_blind) for h in hands]
    levels = [level_of(sb, bb) or 0 for sb, bb in blinds]
    if 0 in levels:
        raise RebuildError(f"Sit & Go #{number}'s blinds are not on its ladder")
    if any(b < a for a, b in itertools.pairwise(levels)):
        raise RebuildError(f"Sit & Go #{number}'s blinds fall back between hands")
    start = first.config.stacks
    total = sum(start)
    if config is None:
        config = SitAndGoConfig(players=n, stack=max(start), speed=_speed(blinds, speed))
    if config.players != n or total != config.players * config.stack:
        raise RebuildError(f"Sit & Go #{number}'s first hand is not its starting stacks")
    previous: list[int] | None = None
    knockouts: list[Knockout] = []
    finishers: list[int] = []
    played: list[Level] = []
    for record in hands:
        cfg = record.config
        stacks = list(cfg.stacks)
        if previous is not None and stacks != previous:
            raise RebuildError(f"hand {record.id} does not start where the hand before "
                               "it ended")
        final = _final(record)
        if sum(final) != total:
            raise RebuildError(f"hand {record.id}'s chips don't add up")
        level = config.level(level_of(cfg.small_blind, cfg.big_blind) or 1)
        if not played or played[-1] != level:
            played.append(level)
        busted = sorted((s for s in range(n) if cfg.players[s] and final[s] == 0),
                        key=lambda s: (stacks[s], -s))  # lowest place first
        if busted:
            state = record.replay()
            for seat in busted:
                place = n - len(finishers)
                by = knocked_out_by(state, seat)
                knockouts.append(Knockout(seat, names[seat], place, config.points(place), by,
                                          names[by] if by is not None else ""))
                finishers.append(seat)
        previous = final
    assert previous is not None
    if sum(1 for c in previous if c > 0) < 2:
        raise RebuildError(f"Sit & Go #{number} is over: nothing to continue")
    table = Table(TableConfig(seats=n, small_blind=last.config.small_blind,
                              big_blind=last.config.big_blind, ante=last.config.ante,
                              min_buy_in_bb=1, max_buy_in_bb=10**9, auto_rebuy_below_bb=0,
                              rebuys=False, blinded_away=True))
    for seat in range(n):
        table.sit(seat, names[seat] or f"Seat {seat + 1}", config.stack)
    for seat in finishers:
        table.seat(seat).stack = 0
        table.leave(seat, reason="knocked out")
    for seat, chips in enumerate(previous):
        if (alive := table.seats[seat]) is not None:
            alive.stack = chips
    table.button = last.config.button
    table.hands_played = len(hands)
    now = played[-1]
    at_level = next((k for k, lv in enumerate(reversed(levels)) if lv != now.number),
                    len(levels))  # hands played at the level in play
    sng = SitAndGo(config, table, level_number=now.number, hands_at_level=at_level,
                   seconds_at_level=seconds_at_level, hands=len(hands), finishers=finishers,
                   levels_played=played, knockouts=knockouts, number=number)
    if not sng.chips_conserved():
        raise RebuildError(f"Sit & Go #{number}'s chips don't add up")
    return Rebuilt(sng, _told(sng, names))


def _told(sng: SitAndGo, names: Sequence[str]) -> str:
    """"Sit & Go #3 was rebuilt from its 24 hands and goes on at level III (25/50): You
    1,285, Blaze 3,617 (out: Vera 4th)" (a clause: the caller says why, and ends it)."""
    level = sng.level
    stacks = ", ".join(f"{p.name} {chip_text(p.stack)}" for p in sng.table.seats
                       if p is not None)
    out = ", ".join(f"{names[k.seat]} {place_word(k.place)}" for k in sng.knockouts)
    hands = f"{sng.hands} hand{'' if sng.hands == 1 else 's'}"
    return (f"Sit & Go #{sng.number} was rebuilt from its {hands} and goes on at level "
            f"{level.roman} ({level.describe()}): {stacks}"
            + (f" (out: {out})" if out else ""))
