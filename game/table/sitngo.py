"""A Sit & Go at the table: seating one, and the sentences it shows and says (the level
line, a new level, a knockout, the results). Pure Python, no pygame."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.chatter import KnockedOut
from engine.tournament import Finished, Knockout, LevelUp, SitAndGo, SitAndGoConfig, Speed
from game.persistence.saving import SaveGame
from game.settings.model import HUMAN_SEAT, GameSettings
from game.table.factory import SeatedTable
from game.table.players import Seats
from game.table.session import TableSession

PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(place: int) -> str:
    return PLACES.get(place, f"{place}th")


def new_sit_and_go(settings: GameSettings, seed: int, *, speed: Speed = Speed.STANDARD,
                   minutes_per_level: float | None = None,
                   autopilot_kind: str | None = None, think_scale: float = 1.0,
                   save: SaveGame | None = None) -> SeatedTable:
    """Four players with equal stacks at level 1; ``autopilot_kind`` seats a bot in the
    player's chair. Its bots play the short stack from the push-or-fold chart."""
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
    config = SitAndGoConfig(speed=speed, minutes_per_level=minutes_per_level)
    sng = SitAndGo.create(config, names)
    session = TableSession(settings, sng.table, random.Random(rng.getrandbits(64)), names,
                           save=save or SaveGame(), tournament=sng)
    session.history.append(session.stacks())
    return SeatedTable(session, seats, autopilot=autopilot_kind is not None)


def level_line(sng: SitAndGo) -> str:
    """"Level 4 · 50/100 ante 10 · next in 3 hands" (or "next in 4:10" by the clock)."""
    level = sng.level
    text = f"Level {level.number} · {level.describe()}"
    if sng.finished:
        return text
    hands = sng.hands_to_next()
    if hands is not None:
        when = "next hand" if hands == 0 else f"next in {hands} hand{'s' * (hands != 1)}"
    else:
        seconds = int(sng.seconds_to_next() or 0)
        when = f"next in {seconds // 60}:{seconds % 60:02d}"
    return f"{text} · {when}"


def level_up_line(up: LevelUp) -> str:
    level = up.level
    ante = f", ante {level.ante}" if level.ante else ""
    fresh = " Antes start now." if level.ante and not up.previous.ante else ""
    return (f"Blinds up: level {level.number}, {level.small_blind}/{level.big_blind}"
            f"{ante}.{fresh}")


def knockout_line(k: Knockout, me: int) -> str:
    who = "You are" if k.seat == me else f"{k.name} is"
    by = f" by {'you' if k.by == me else k.by_name}" if k.by_name else ""
    points = f", {k.points} points" if k.points else ""
    return f"{who} knocked out{by} in {ordinal(k.place)} place{points}"


def finished_line(f: Finished, me: int) -> str:
    who = "You win" if f.winner == me else f"{f.name} wins"
    return f"{who} the Sit & Go! {f.points} points"


def results_lines(sng: SitAndGo) -> list[str]:
    """"1st  Ann  65 points", one a place, first place first."""
    lines = []
    for seat in sng.places:
        place = sng.place_of(seat)
        assert place is not None
        name = next((k.name for k in sng.knockouts if k.seat == seat), None)
        if name is None:
            player = sng.table.seats[seat]
            name = player.name if player is not None else f"Seat {seat + 1}"
        lines.append(f"{ordinal(place)}  {name}  {sng.config.points(place)} points")
    return lines


def big_blinds(chips: int, sng: SitAndGo) -> str:
    """A stack in big blinds at the current level ("12.5 big blinds")."""
    bb = chips / sng.level.big_blind
    text = f"{bb:.0f}" if bb >= 10 or bb == int(bb) else f"{bb:.1f}"
    return f"{text} big blind{'s' * (text != '1')}"


def report(sng: SitAndGo) -> dict[str, object]:
    """The closing report's ``tournament`` object (contract 5)."""
    return {"finished": sng.finished, "places": sng.places,
            "levels": [lv.as_list() for lv in sng.levels_played], "hands": sng.hands,
            "speed": sng.config.speed.value}


@dataclass(slots=True)
class SitAndGoDesk:
    """What the table scene shows and says of a Sit & Go (``me``: the player's seat)."""

    sng: SitAndGo
    me: int

    def title(self, hand: int) -> str:
        return f"Sit & Go · {level_line(self.sng)} · Hand #{hand}"

    def level_up(self, up: LevelUp) -> str:
        return level_up_line(up)

    def news(self, items: list[Knockout | Finished]) -> list[str]:
        """The sentences for a hand's knockouts and the end, in order."""
        lines = []
        for item in items:
            if isinstance(item, Knockout):
                lines.append(knockout_line(item, self.me))
            else:
                lines.append(finished_line(item, self.me))
                lines.append("Results: " + "; ".join(results_lines(self.sng)))
        return lines

    def chat_facts(self, items: list[Knockout | Finished]) -> list[object]:
        """Facts the bots banter about: who went out, and by whose hand."""
        return [KnockedOut(k.seat, k.by) for k in items if isinstance(k, Knockout)]
