"""Bots play a whole Sit & Go headless: the benchmark's and the chart experiment's runner.

Every hand is checked as it is played: chips conserved, and the blinds and ante the ones
the schedule names for that hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bots.api import Bot
from engine.events import BlindKind, BlindPosted
from engine.state import HandState
from engine.tournament import Level, SitAndGo, SitAndGoConfig
from engine.view import view_of


@dataclass(frozen=True, slots=True)
class SitAndGoResult:
    """How one Sit & Go went (``places`` first place first)."""

    finished: bool
    places: tuple[int, ...]
    levels: tuple[Level, ...]
    hands: int
    chips_conserved: bool
    schedule_kept: bool
    problems: tuple[str, ...]


def blinds_as_scheduled(hand: HandState, level: Level) -> str | None:
    """Why the hand's posted blinds and antes differ from ``level`` (None when they match:
    a short stack may post less, all in)."""
    cfg = hand.config
    if (cfg.small_blind, cfg.big_blind, cfg.ante) != (level.small_blind, level.big_blind,
                                                       level.ante):
        return (f"hand dealt at {cfg.small_blind}/{cfg.big_blind} ante {cfg.ante}, "
                f"level {level.number} is {level.describe()}")
    for e in hand.events:
        if isinstance(e, BlindPosted):
            want = {BlindKind.SMALL: level.small_blind, BlindKind.BIG: level.big_blind,
                    BlindKind.ANTE: level.ante}[e.kind]
            if e.amount != want and not e.all_in:
                return f"seat {e.seat} posted {e.amount} as {e.kind.value}, not {want}"
    return None


def play_sit_and_go(config: SitAndGoConfig, bots: Sequence[Bot], rng: random.Random, *,
                    max_hands: int = 2000,
                    after_hand: Callable[[SitAndGo], None] | None = None) -> SitAndGoResult:
    """Seat ``bots`` (one a seat) and play to the end or ``max_hands`` (levels by hands:
    the level each hand should have is worked out from its number, not asked of ``sng``)."""
    sng = SitAndGo.create(config, [b.name for b in bots])
    problems: list[str] = []
    conserved = scheduled = True
    while not sng.finished and sng.hands < max_hands:
        level = config.level(1 + sng.hands // config.level_hands)  # the schedule's own
        hand, _ = sng.start_hand(rng)
        while not hand.finished:
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].decide(view_of(hand, seat))
            if not hand.can(action):
                problems.append(f"hand {sng.hands + 1}: seat {seat} chose {action}")
                action = hand.timeout_action()
            hand.apply(action)
        why = blinds_as_scheduled(hand, level)
        if why is not None:
            scheduled = False
            problems.append(f"hand {sng.hands + 1}: {why}")
        for seat, bot in enumerate(bots):
            if hand.config.players[seat]:
                bot.hand_over(view_of(hand, seat))
        sng.end_hand()
        if not sng.chips_conserved():
            conserved = False
            problems.append(f"hand {sng.hands}: chips not conserved")
        if after_hand is not None:
            after_hand(sng)
    return SitAndGoResult(sng.finished, tuple(sng.places), tuple(sng.levels_played),
                          sng.hands, conserved, scheduled, tuple(problems))
