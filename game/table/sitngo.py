"""A Sit & Go at the table: seating one, and the sentences it shows and says (the level
line, a new level, a knockout, the results). Pure Python, no pygame."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from bots.chatter import KnockedOut
from bots.shortstack import with_chart
from engine.tournament import Finished, Knockout, LevelUp, SitAndGo, SitAndGoConfig, Speed
from game.persistence.recovery import Recovery
from game.persistence.saving import SaveGame
from game.persistence.sitngo import (
    SavedState,
    SitAndGoStateError,
    finish,
    load_results,
    open_save,
    read_state,
    write_state,
)
from game.persistence.store import StoreError
from game.records.histories import HistoryWriter
from game.records.sitngo_rebuild import (
    RebuildError,
    Rebuilt,
    rebuild,
    tournament_hands,
    unfinished,
)
from game.records.sitting import stack_history
from game.records.tournament import table_name, tournament_number
from game.settings.model import HUMAN_SEAT, GameSettings
from game.table.factory import SeatedTable, graph_from_save
from game.table.players import Seats
from game.table.session import TableSession
from voice.speak.answers import TournamentStatus, blinds_text

PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(place: int) -> str:
    return PLACES.get(place, f"{place}th")


def new_sit_and_go(settings: GameSettings, seed: int, *, speed: Speed = Speed.STANDARD,
                   minutes_per_level: float | None = None,
                   autopilot_kind: str | None = None, think_scale: float = 1.0,
                   save: SaveGame | None = None, folder: Path | None = None) -> SeatedTable:
    """Four players with equal stacks at level 1; ``autopilot_kind`` seats a bot in the
    player's chair. Its bots play the short stack from the push-or-fold chart. With
    ``save`` (the Sit & Go's own file) it is kept hand by hand, its state in ``folder``."""
    rng = random.Random(seed)
    kinds = {seat: kind for seat, kind in enumerate(settings.bots, start=1)}
    if autopilot_kind is not None:
        kinds[HUMAN_SEAT] = autopilot_kind
    seats = Seats.create(kinds, random.Random(rng.getrandbits(64)), human=HUMAN_SEAT,
                         human_name=settings.player_name)
    names = tuple(settings.player_name if s == HUMAN_SEAT and autopilot_kind is None
                  else seats.name(s) for s in range(4))
    config = SitAndGoConfig(speed=speed, minutes_per_level=minutes_per_level)
    sng = SitAndGo.create(config, names)
    sng.number = _next_number(folder, save) if save is not None and save.active else 0
    seated = _seated(settings, sng, seats, rng, kinds, save or SaveGame(),
                     autopilot=autopilot_kind is not None, think_scale=think_scale,
                     folder=folder)
    seated.session.save.new_table(sng.table, table_name(sng.number), kinds)
    seated.session.add_point()
    if seated.session.after_hand is not None:
        seated.session.after_hand()  # the state is there before the first hand
    return seated


def seat_sit_and_go(settings: GameSettings, seed: int, *, speed: str = "standard",
                    autoplay: bool = False, think_scale: float = 1.0,
                    minutes_per_level: float | None = None,
                    folder: Path | None = None) -> tuple[SeatedTable, list[str], str]:
    """The saved Sit & Go of this kind (the player's, or autoplay's) continued, or a new
    one (``speed`` "standard" or "turbo"); the sentences to tell on the way and the
    recovery kind. A saved Sit & Go of the other kind is left alone: this one plays
    unsaved."""
    minutes_per_level = minutes_per_level or settings.level_minutes or None
    save = open_save(folder, HistoryWriter.for_settings(settings, tournaments=True,
                                                        data=folder))
    notices = save.take_notices()
    problem = ""
    try:
        state = read_state(folder)
    except SitAndGoStateError as err:
        problem, state = str(err), None
    kind = "shark" if autoplay else None

    def unsaved(whose: str) -> tuple[SeatedTable, list[str], str]:
        save.close()
        notices.append(f"The saved Sit & Go is {whose}: this one plays unsaved.")
        return (new_sit_and_go(settings, seed, speed=Speed(speed), autopilot_kind=kind,
                               think_scale=think_scale, minutes_per_level=minutes_per_level),
                notices, "none")

    if state is not None and state.autopilot != autoplay:
        return unsaved("yours" if autoplay else "autoplay's")
    if state is not None:
        found = save.saved_table()
        if found is not None and found.table is not None:
            try:
                seated = continued_sit_and_go(settings, seed, found, save, state,
                                              think_scale=think_scale, folder=folder)
                told = [n for n in notices if n != found.report.message]  # said once:
                return seated, told, found.report.kind  # the table tells it (told)
            except SitAndGoStateError as err:
                problem = str(err)
        else:
            problem = "The saved Sit & Go's table can't be read"
    rebuilt = rebuilt_from_hands(save, state, folder, Speed(speed))
    if isinstance(rebuilt, Rebuilt):
        mine = _autopilot_of(rebuilt.sng, state, settings)
        if mine != autoplay:
            return unsaved("yours" if autoplay else "autoplay's")
        # One notice: why, where the player stands, and the hand that was in play (only
        # finished hands are kept: one in play is voided, its chips back where they were).
        cause = ("The Sit & Go's save file was damaged and set aside" if notices
                 else problem.rstrip(".") or "The saved Sit & Go could not be read")
        notices[:] = [f"{cause}. {rebuilt.message}; a hand in play when it stopped was "
                      "voided, its chips returned."]
        return (_continue_rebuilt(settings, seed, rebuilt.sng, save, state, autopilot=mine,
                                  think_scale=think_scale, folder=folder),
                notices, "rebuilt")
    if problem or rebuilt:
        notices.append(" ".join(t for t in (problem, rebuilt) if t) + ": a new Sit & Go "
                       "starts.")
    return (new_sit_and_go(settings, seed, speed=Speed(speed), autopilot_kind=kind,
                           think_scale=think_scale, minutes_per_level=minutes_per_level,
                           save=save, folder=folder),
            notices, "none")


def rebuilt_from_hands(save: SaveGame, state: SavedState | None, folder: Path | None,
                       speed: Speed = Speed.STANDARD) -> Rebuilt | str:
    """The unfinished Sit & Go its hands leave (the save file's, or those brought back from
    the tournament's hand-history file when the file was damaged), or why there is none
    to rebuild ("" when there simply is none). ``speed``: the pace asked for, when neither
    the progress file nor the blinds tell the tournament's own."""
    store = save.store
    if store is None:
        return ""
    try:
        by_number = tournament_hands(store.hands())
        finished = [int(r.get("number", 0)) for r in load_results(folder)]
        number = unfinished(by_number, finished)
        if number is None or (state is not None and state.number not in (None, number)):
            return ""
        known = state.config() if state is not None else None
        seconds = float(state.data.get("seconds_at_level", 0.0)) if state is not None else 0.0
        return rebuild(by_number[number], number, config=known, seconds_at_level=seconds,
                       speed=speed)
    except (StoreError, RebuildError, SitAndGoStateError, TypeError, ValueError) as err:
        return f"The Sit & Go can't be rebuilt from its hands ({err})"


def _autopilot_of(sng: SitAndGo, state: SavedState | None, settings: GameSettings) -> bool:
    """Whose the tournament was: the progress file says, else the name in the chair."""
    if state is not None:
        return state.autopilot
    chair = sng.table.seats[HUMAN_SEAT]
    name = chair.name if chair is not None else next(
        (k.name for k in sng.knockouts if k.seat == HUMAN_SEAT), "")
    return name != settings.player_name


def _continue_rebuilt(settings: GameSettings, seed: int, sng: SitAndGo, save: SaveGame,
                      state: SavedState | None, *, autopilot: bool, think_scale: float,
                      folder: Path | None) -> SeatedTable:
    """Play on at a rebuilt Sit & Go: its table saved again under its own name, its
    progress written at once."""
    kinds = state.bots if state is not None else {
        seat: kind for seat, kind in enumerate(settings.bots, start=1)}
    if autopilot:
        kinds.setdefault(HUMAN_SEAT, "shark")
    rng = random.Random(f"{seed}/sitngo/{sng.table.hands_played}")
    names = {s: p.name for s, p in enumerate(sng.table.seats) if p is not None}
    names |= {k.seat: k.name for k in sng.knockouts}
    seats = Seats.named({s: k for s, k in kinds.items() if s in names}, names,
                        random.Random(rng.getrandbits(64)), human=HUMAN_SEAT)
    seated = _seated(settings, sng, seats, rng, kinds, save, autopilot=autopilot,
                     think_scale=think_scale, folder=folder)
    save.new_table(sng.table, table_name(sng.number), kinds, close_old=False)
    store = save.store
    played = [] if store is None else tournament_hands(store.hands()).get(sng.number, [])
    if played:  # the stack graph goes on over the tournament's hands, not from 0
        session = seated.session
        session.history, session.moved = stack_history(played, session.stacks())
        session.trim_history()
        session.last_saved_hand = played[-1].id
    else:
        seated.session.add_point()
    if seated.session.after_hand is not None:
        seated.session.after_hand()
    return SeatedTable(seated.session, seated.seats, autopilot,
                       f"Sit and Go resumed at {level_said(sng)}")


def continued_sit_and_go(settings: GameSettings, seed: int, found: Recovery, save: SaveGame,
                         state: SavedState, *, think_scale: float = 1.0,
                         folder: Path | None = None) -> SeatedTable:
    """The saved Sit & Go (``found`` from its file's ``saved_table()``), an interrupted
    hand resuming where it stopped (``SitAndGoStateError`` when its state doesn't fit)."""
    table = found.table
    assert table is not None
    sng = state.restore(table)
    rng = random.Random(f"{seed}/sitngo/{table.hands_played}")  # a new deal per restart
    names = {s: p.name for s, p in enumerate(table.seats) if p is not None}
    names |= {k.seat: k.name for k in sng.knockouts}
    kinds = state.bots
    seats = Seats.named({s: k for s, k in kinds.items() if s in names}, names,
                        random.Random(rng.getrandbits(64)), human=HUMAN_SEAT)
    seated = _seated(settings, sng, seats, rng, kinds, save, autopilot=state.autopilot,
                     think_scale=think_scale, folder=folder)
    graph_from_save(seated.session, save)  # not "0 hands" after a resume
    if table.hand is not None:
        seated.session.hand_number = 1
    told = found.report.message if found.report.kind != "none" else ""
    return SeatedTable(seated.session, seated.seats, seated.autopilot,
                       " ".join(t for t in (told, f"Sit and Go resumed at {level_said(sng)}")
                                if t))


def _seated(settings: GameSettings, sng: SitAndGo, seats: Seats, rng: random.Random,
            kinds: dict[int, str], save: SaveGame, *, autopilot: bool, think_scale: float,
            folder: Path | None) -> SeatedTable:
    seats.think_scale = think_scale
    chart_rng = random.Random(rng.getrandbits(64))
    seats.bots = {seat: with_chart(bot, random.Random(chart_rng.getrandbits(64)),
                                   sng.config.prizes) for seat, bot in seats.bots.items()}
    names = tuple(p.name if p is not None else "" for p in sng.table.seats)
    names = tuple(n or next((k.name for k in sng.knockouts if k.seat == s), f"Seat {s + 1}")
                  for s, n in enumerate(names))
    if seats.chatter is not None:
        seats.chatter.names = list(names)
    session = TableSession(settings, sng.table, random.Random(rng.getrandbits(64)), names,
                           save=save, tournament=sng)
    if save.active:
        def keep() -> None:
            problem = write_state(sng, kinds, autopilot=autopilot, folder=folder)
            if problem is None and sng.finished:
                problem = finish(sng, HUMAN_SEAT, names[HUMAN_SEAT], autopilot=autopilot,
                                 folder=folder) or _write_summary(save, sng)
            if problem is not None:
                save.notices.append(problem)
        session.after_hand = keep
    return SeatedTable(session, seats, autopilot=autopilot)


def _next_number(folder: Path | None, save: SaveGame) -> int:
    """The next tournament number: one more than any finished one's, any in the save file
    (its tables and its hands) and any in the hand-history folder, so a new tournament is
    never numbered like an old one, nor written into an old one's file."""
    numbers = [int(r.get("number", 0)) for r in load_results(folder)]
    if save.store is not None:
        try:
            numbers += [n for name in save.store.table_names()
                        if (n := tournament_number(name.removesuffix(" (recovered)")))
                        is not None]
            numbers += list(tournament_hands(save.store.hands()))
        except StoreError:
            pass
    archive = save.archive
    if isinstance(archive, HistoryWriter):
        numbers += archive.tournament_numbers()
    return max(numbers, default=0) + 1


def _write_summary(save: SaveGame, sng: SitAndGo) -> str | None:
    """The finished tournament's summary beside its hands in the hand-history folder."""
    archive, store = save.archive, save.store
    if not isinstance(archive, HistoryWriter) or store is None:
        return None
    name = table_name(sng.number)
    try:
        records = [r for r in store.hands() if r.table_name == name]
    except StoreError as err:
        return f"The tournament summary can't be written: {err}"
    return archive.write_summary(records, sng.places, sng.config.prizes)


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


def level_said(sng: SitAndGo) -> str:
    """The level for the ear: "level 4, blinds 50 and 100, ante 10, the next in 3
    hands" (what :func:`level_line` shows)."""
    level = sng.level
    blinds = blinds_text(level.small_blind, level.big_blind, level.ante)
    text = f"level {level.number}, blinds {blinds}"
    if sng.finished:
        return text
    hands = sng.hands_to_next()
    if hands is not None:
        return text + (", the next hand" if hands == 0 else
                       f", the next in {hands} hand{'s' * (hands != 1)}")
    seconds = int(sng.seconds_to_next() or 0)
    minutes = seconds // 60
    return text + (f", the next in {minutes} minute{'s' * (minutes != 1)}" if minutes
                   else f", the next in {seconds} seconds")


def level_up_line(up: LevelUp) -> str:
    """ "Blinds up: level 4, 50 and 100, ante 10. Antes start now."."""
    level = up.level
    fresh = " Antes start now." if level.ante and not up.previous.ante else ""
    return (f"Blinds up: level {level.number}, "
            f"{blinds_text(level.small_blind, level.big_blind, level.ante)}.{fresh}")


def knockout_line(k: Knockout, me: int) -> str:
    who = "You are" if k.seat == me else f"{k.name} is"
    by = f" by {'you' if k.by == me else k.by_name}" if k.by_name else ""
    points = f", {k.points} points" if k.points else ""
    return f"{who} knocked out{by} in {ordinal(k.place)} place{points}"


def finished_line(f: Finished, me: int) -> str:
    who = "You win" if f.winner == me else f"{f.name} wins"
    return f"{who} the Sit and Go! {f.points} points"


def title_line(sng: SitAndGo, hand: int) -> str:
    """"Sit & Go #3 · Level 2 · 15/30 · next in 4 hands · Hand #6" (no number when it
    is played unsaved)."""
    name = f"Sit & Go #{sng.number}" if sng.number else "Sit & Go"
    if sng.finished:
        return f"{name} over · Hand #{hand}"
    return f"{name} · {level_line(sng)} · Hand #{hand}"


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
        lines.append(f"{ordinal(place)} {name} {sng.config.points(place)} points")
    return lines


def report(sng: SitAndGo) -> dict[str, object]:
    """The closing report's ``tournament`` object (contract 5)."""
    return {"number": sng.number, "finished": sng.finished, "places": sng.places,
            "levels": [lv.as_list() for lv in sng.levels_played], "hands": sng.hands,
            "speed": sng.config.speed.value}


@dataclass(slots=True)
class SitAndGoDesk:
    """What the table scene shows and says of a Sit & Go (``me``: the player's seat)."""

    sng: SitAndGo
    me: int

    def title(self, hand: int) -> str:
        return title_line(self.sng, hand)

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

    def knocked_out_me(self, items: list[Knockout | Finished]) -> bool:
        return any(isinstance(k, Knockout) and k.seat == self.me for k in items)

    def won_me(self, items: list[Knockout | Finished]) -> bool:
        return any(isinstance(f, Finished) and f.winner == self.me for f in items)

    def results_notice(self) -> str:
        """The results in a line: "Sit & Go #3 is over · 1st Ann 65 points · ..."."""
        return f"{self.results_title()} · " + " · ".join(results_lines(self.sng))

    def results_title(self) -> str:
        """ "Sit & Go #3 is over"."""
        number = f" #{self.sng.number}" if self.sng.number else ""
        return f"Sit & Go{number} is over"

    def results_lines(self) -> tuple[str, ...]:
        """ "1st Ann 65 points", one a place, first place first."""
        return tuple(results_lines(self.sng))

    def status(self) -> TournamentStatus:
        """What the voice answers the Sit & Go's questions from."""
        sng, level, up = self.sng, self.sng.level, self.sng.next_level
        player = sng.table.seats[self.me] if self.me < len(sng.table.seats) else None
        hand = sng.table.hand
        stack = None
        if player is not None:
            stack = hand.stacks[self.me] if hand is not None and not hand.finished \
                and hand.config.players[self.me] else player.stack
        return TournamentStatus(level.number, level.small_blind, level.big_blind, level.ante,
                                up.small_blind, up.big_blind, up.ante, sng.hands_to_next(),
                                sng.seconds_to_next(), stack)

    def chat_facts(self, items: list[Knockout | Finished]) -> list[object]:
        """Facts the bots banter about: who went out, and by whose hand."""
        return [KnockedOut(k.seat, k.by) for k in items if isinstance(k, Knockout)]
