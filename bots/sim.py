"""``python -m bots.sim``: bots play each other headless (contract 4, JSON Lines).

Input line: ``{"hands": 2000, "seed": 1, "seats": ["shark", "station", "maniac", "rock"],
"small_blind": 5, "big_blind": 10, "stack": 1000}``; one output line per input line with
``hands, bb_per_100, ci95, decision_ms_p50, decision_ms_p99, chat_lines,
distinct_chat_lines, seconds`` and, as optional extras, ``vpip``, ``pfr`` and
``illegal_actions``. Every seat starts each hand with ``stack`` (the button moves one
seat a hand), so results are per hand. A seat may name a level, ``"maniac@1"`` ..
``"maniac@5"`` (plain: 3). ``"duplicate": true`` deals each deck once per seat with the
button moved on, so every seat holds every hand from every position (the cards' luck
cancels out of the comparison; the intervals are computed over whole decks). A bad line
answers ``{"error": {"message": ...}}``.
Decisions are deterministic for a seed; the timings and ``seconds`` are not.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bots.api import PERSONALITIES, create_bot, parse_kind
from bots.chatter import Chatter
from engine import jsonlines
from engine.actions import ActionKind
from engine.cards import Card, shuffled_deck
from engine.config import HandConfig
from engine.events import Street
from engine.state import HandState
from engine.view import view_of

MAX_HANDS = 1_000_000
SECONDS_PER_HAND = 25.0  # the game-clock pace the chatter's per-minute budget assumes


@dataclass(frozen=True, slots=True)
class SimRequest:
    hands: int
    seed: int
    seats: tuple[str, ...]
    small_blind: int
    big_blind: int
    stack: int
    chatter: bool = True
    duplicate: bool = False


def _whole(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        raise ValueError(f"'{key}' is required")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"'{key}' must be a whole number, got {value!r}")
    return value


def parse_request(data: Any) -> SimRequest:
    """Check one input object; ValueError with a sentence saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("Each line must be a JSON object like {\"hands\": 1000, \"seats\": [...]}")
    hands = _whole(data, "hands")
    if hands <= 0:
        raise ValueError(f"'hands' must be at least 1, got {hands}")
    if hands > MAX_HANDS:
        raise ValueError(f"'hands' may be at most {MAX_HANDS:,}, got {hands:,}")
    seed = _whole(data, "seed", 0)
    seats = data.get("seats", list(PERSONALITIES))
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("'seats' must be a list of bot kinds such as [\"shark\", \"rock\"]")
    if not 2 <= len(seats) <= 10:
        raise ValueError(f"'seats' must list 2 to 10 bots, got {len(seats)}")
    for spec in seats:
        parse_kind(spec)  # ValueError names an unknown kind or a bad level
    small_blind = _whole(data, "small_blind", 5)
    big_blind = _whole(data, "big_blind", 10)
    if big_blind <= 0 or small_blind <= 0:
        raise ValueError("The blinds must be at least one chip")
    if small_blind > big_blind:
        raise ValueError(f"The small blind ({small_blind}) cannot exceed the big blind "
                         f"({big_blind})")
    stack = _whole(data, "stack", 100 * big_blind)
    if stack < 2 * big_blind:
        raise ValueError(f"'stack' must be at least two big blinds ({2 * big_blind})")
    chatter = data.get("chatter", True)
    if not isinstance(chatter, bool):
        raise ValueError("'chatter' must be true or false")
    duplicate = data.get("duplicate", False)
    if not isinstance(duplicate, bool):
        raise ValueError("'duplicate' must be true or false")
    if duplicate and hands % len(seats):
        raise ValueError(f"With 'duplicate', 'hands' must be a multiple of the {len(seats)} "
                         f"seats (each deck is dealt once per seat), got {hands}")
    return SimRequest(hands, seed, tuple(seats), small_blind, big_blind, stack, chatter,
                      duplicate)


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


@dataclass(frozen=True, slots=True)
class Played:
    """What a simulation saw, before it is summarised: each hand's net chips per seat,
    each decision's seconds, and the table talk."""

    nets: tuple[tuple[int, ...], ...]
    times: tuple[float, ...]
    vpip: tuple[int, ...]
    pfr: tuple[int, ...]
    illegal: int
    chat_lines: int
    distinct_chat_lines: int
    seconds: float


def play(req: SimRequest) -> Played:
    """Play ``req.hands`` hands; every seat starts each hand with ``req.stack``."""
    started = time.perf_counter()
    master = random.Random(req.seed)
    deck_rng = random.Random(master.getrandbits(64))
    n = len(req.seats)
    bots = [create_bot(kind, random.Random(master.getrandbits(64)), think=False)
            for kind in req.seats]
    seat_kinds = [b.kind for b in bots]
    names = tuple(f"{b.name}" if seat_kinds.count(b.kind) == 1 else f"{b.name} {i + 1}"
                  for i, b in enumerate(bots))
    chatter = Chatter({s: b.kind for s, b in enumerate(bots) if b.kind in PERSONALITIES},
                      random.Random(master.getrandbits(64)), names=names)
    nets: list[tuple[int, ...]] = []
    deck: list[Card] = []
    vpip = [0] * n
    pfr = [0] * n
    times: list[float] = []
    illegal = 0
    chat_lines = 0
    distinct: set[str] = set()
    for hand in range(req.hands):
        config = HandConfig(stacks=(req.stack,) * n, button=hand % n,
                            small_blind=req.small_blind, big_blind=req.big_blind, names=names)
        if req.duplicate and hand % n == 0:
            deck = shuffled_deck(deck_rng, needed=2 * n + 8)[:2 * n + 8]
        state = (HandState.deal(config, deck=deck, rng=deck_rng) if req.duplicate
                 else HandState.deal(config, rng=deck_rng))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            t0 = time.perf_counter()
            action = bots[seat].decide(view)
            times.append(time.perf_counter() - t0)
            if not state.can(action):
                illegal += 1
                action = state.timeout_action()
            state.apply(action)
        nets.append(tuple(state.stacks[seat] - req.stack for seat in range(n)))
        for seat in range(n):
            bots[seat].hand_over(view_of(state, seat))
            mine = [a for a in state.events if getattr(a, "seat", None) == seat
                    and getattr(a, "street", None) is Street.PREFLOP]
            kinds = {getattr(a, "kind", None) for a in mine}
            if kinds & {ActionKind.CALL, ActionKind.BET, ActionKind.RAISE}:
                vpip[seat] += 1
            if kinds & {ActionKind.BET, ActionKind.RAISE}:
                pfr[seat] += 1
        if req.chatter:
            lines = chatter.observe(state.events, view_of(state, 0),
                                    now=hand * SECONDS_PER_HAND)
            chat_lines += len(lines)
            distinct.update(line.text for line in lines)
    return Played(tuple(nets), tuple(sorted(times)), tuple(vpip), tuple(pfr), illegal,
                  chat_lines, len(distinct), time.perf_counter() - started)


def units(req: SimRequest, nets: Sequence[float]) -> list[float]:
    """The independent samples of one seat's per-hand ``nets``: each hand, or with
    duplicate dealing each deck's total over its ``len(seats)`` hands."""
    if not req.duplicate:
        return list(nets)
    n = len(req.seats)
    return [sum(nets[i:i + n]) for i in range(0, len(nets) - n + 1, n)]


def bb_interval(samples: Sequence[float], hands_each: int, big_blind: int) -> float | None:
    """The 95% interval (bb/100) of the mean of independent ``samples`` of
    ``hands_each`` hands (None with fewer than two)."""
    k = len(samples)
    if k < 2:
        return None
    mean = sum(samples) / k
    var = max(0.0, sum((x - mean) ** 2 for x in samples) / (k - 1))
    return round(1.96 * math.sqrt(var / k) / hands_each * 100 / big_blind, 2)


def run(req: SimRequest) -> dict[str, Any]:
    """Play ``req.hands`` hands and summarise them."""
    return summary(req, play(req))


def summary(req: SimRequest, played: Played) -> dict[str, Any]:
    """The output object for ``req`` (contract 4) from what was played."""
    n, h, bb = len(req.seats), req.hands, req.big_blind
    per = n if req.duplicate else 1
    seat_nets = [[hand[s] for hand in played.nets] for s in range(n)]
    return {
        "hands": h,
        "bb_per_100": {str(s): round(sum(seat_nets[s]) / h * 100 / bb, 2) for s in range(n)},
        "ci95": {str(s): bb_interval(units(req, seat_nets[s]), per, bb) for s in range(n)},
        "decision_ms_p50": round(_percentile(played.times, 0.50) * 1000, 3),
        "decision_ms_p99": round(_percentile(played.times, 0.99) * 1000, 3),
        "chat_lines": played.chat_lines,
        "distinct_chat_lines": played.distinct_chat_lines,
        "seconds": round(played.seconds, 2),
        "vpip": {str(s): round(played.vpip[s] / h, 4) for s in range(n)},
        "pfr": {str(s): round(played.pfr[s] / h, 4) for s in range(n)},
        "illegal_actions": played.illegal,
    }


def handle(data: Any) -> dict[str, Any]:
    """One decoded input line's output object; a bad request gives an error object."""
    try:
        return run(parse_request(data))
    except ValueError as exc:
        return jsonlines.error(str(exc))


def answer(line: str) -> dict[str, Any]:
    """One input line's output object (errors included, never raised)."""
    return jsonlines.answer(line, handle)


def main(argv: Sequence[str] | None = None) -> int:
    argparse.ArgumentParser(
        prog="python -m bots.sim",
        description='Read JSON Lines {"hands": 2000, "seed": 1, "seats": ["shark", '
                    '"station", "maniac", "rock"], "small_blind": 5, "big_blind": 10, '
                    '"stack": 1000} and write one result per line (bb/100 per seat with '
                    '95% intervals, decision times, chat counts). A seat may name a level, '
                    '"maniac@1" to "maniac@5" (plain: 3); "duplicate": true deals each deck '
                    'once per seat.').parse_args(argv)
    return jsonlines.serve(handle)


if __name__ == "__main__":
    raise SystemExit(main())
