"""Builds a table scene from settings: the session, the bots, the scene."""

from __future__ import annotations

import random

from game.scenes.base import Host
from game.scenes.players import Seats
from game.scenes.table import TableScene
from game.session import TableSession
from game.settings import HUMAN_SEAT, GameSettings


def table_scene(host: Host, settings: GameSettings, seed: int, *,
                autopilot_kind: str | None = None, think_scale: float = 1.0,
                stacks: tuple[int, ...] | None = None) -> TableScene:
    """A fresh table; ``autopilot_kind`` seats a bot of that kind in the human's chair."""
    rng = random.Random(seed)
    kinds = {seat: kind for seat, kind in enumerate(settings.bots, start=1)}
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
                                  human_auto_rebuy=autopilot_kind is not None, stacks=stacks)
    return TableScene(host, session, seats, autopilot=autopilot_kind is not None)
