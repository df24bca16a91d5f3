"""A Sit & Go kept beside the cash table: its own save file (``sitngo.sqlite3``: the
table, every hand and the action journal, so an interrupted hand resumes as at the cash
table) and its tournament state (``sitngo.json``: level, places, knockouts), written after
every hand. Finished Sit & Gos are listed in ``sitngo-results.json`` for the career.

Starting a Sit & Go never touches the cash table's file, and the other way round.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.chips import chip_text
from engine.table import Table
from engine.tournament import Knockout, Level, SitAndGo, SitAndGoConfig, Speed
from game.persistence.errors import StoreError
from game.persistence.numbering import SITNGO_DB, ids_in, shift_for
from game.persistence.paths import DB_NAME, data_dir
from game.persistence.saving import HandArchive, SaveGame
from game.persistence.store import Store

log = logging.getLogger(__name__)

DB_FILE = SITNGO_DB
STATE_FILE = "sitngo.json"
RESULTS_FILE = "sitngo-results.json"
VERSION = 1


class SitAndGoStateError(ValueError):
    """The saved Sit & Go state can't be used (with a sentence saying why)."""


def open_save(folder: Path | None = None, archive: HandArchive | None = None) -> SaveGame:
    """The Sit & Go's save file (unsaved, with the reason as a notice, if it can't be
    opened). Its hand numbers are moved above the cash table's when a save from before
    one numbering shares some (``numbering``). With ``archive`` (the hand-history
    folder) each finished hand is written there too, and a damaged file gets back the
    Sit & Go hands the folder holds."""
    folder = folder or data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        store = Store.open(folder / DB_FILE, histories=archive)
    except (OSError, StoreError) as err:
        return SaveGame.unsaved(f"The Sit & Go can't be saved ({err}); playing unsaved.")
    try:
        by = shift_for(ids_in(folder / DB_NAME), store.hand_ids())
        if by:
            store.shift_hand_numbers(by)
            log.info("Sit & Go hand numbers moved up by %d past the cash table's", by)
    except (StoreError, sqlite3.Error) as err:
        notices = store.notices
        store.close()
        return SaveGame(notices=[*notices, f"The Sit & Go's hand numbers can't be moved past "
                                 f"the cash table's ({err}); its file is left as it was "
                                 "and this Sit & Go plays unsaved."])
    return SaveGame.open(store, archive=archive)


def _atomic_write(path: Path, data: object) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def state_of(sng: SitAndGo, bots: dict[int, str], *, autopilot: bool) -> dict[str, Any]:
    """What the table file lacks: the format, the level clock, places and knockouts."""
    cfg = sng.config
    return {
        "version": VERSION, "number": sng.number, "autopilot": autopilot,
        "bots": {str(s): k for s, k in bots.items()},
        "config": {"players": cfg.players, "stack": cfg.stack, "speed": cfg.speed.value,
                   "hands_per_level": cfg.hands_per_level,
                   "minutes_per_level": cfg.minutes_per_level, "antes_from": cfg.antes_from,
                   "prizes": list(cfg.prizes)},
        "level_number": sng.level_number, "hands_at_level": sng.hands_at_level,
        "seconds_at_level": sng.seconds_at_level, "hands": sng.hands,
        "finishers": sng.finishers,
        "levels_played": [[*lv.as_list(), lv.number] for lv in sng.levels_played],
        "knockouts": [[k.seat, k.name, k.place, k.points, k.by, k.by_name]
                      for k in sng.knockouts],
    }


def write_state(sng: SitAndGo, bots: dict[int, str], *, autopilot: bool,
                folder: Path | None = None) -> str | None:
    """Keep the tournament state (a sentence if it could not be written)."""
    try:
        _atomic_write((folder or data_dir()) / STATE_FILE,
                      state_of(sng, bots, autopilot=autopilot))
    except OSError as err:
        return f"The Sit & Go's progress could not be saved: {err.strerror or err}"
    return None


@dataclass(frozen=True, slots=True)
class SavedState:
    """A saved Sit & Go's state, read back."""

    data: dict[str, Any]

    @property
    def autopilot(self) -> bool:
        return bool(self.data.get("autopilot"))

    @property
    def bots(self) -> dict[int, str]:
        return {int(s): str(k) for s, k in self.data.get("bots", {}).items()}

    @property
    def number(self) -> int | None:
        """The tournament's number, if it can be read."""
        number = self.data.get("number")
        return number if isinstance(number, int) and number > 0 else None

    def config(self) -> SitAndGoConfig:
        """The tournament's format (``SitAndGoStateError`` when it can't be read)."""
        try:
            c = self.data["config"]
            return SitAndGoConfig(players=int(c["players"]), stack=int(c["stack"]),
                                  speed=Speed(c["speed"]),
                                  hands_per_level=c["hands_per_level"],
                                  minutes_per_level=c["minutes_per_level"],
                                  antes_from=int(c["antes_from"]),
                                  prizes=tuple(int(p) for p in c["prizes"]))
        except (KeyError, TypeError, ValueError) as err:
            raise SitAndGoStateError(f"The saved Sit & Go's progress is damaged ({err})") \
                from None

    def restore(self, table: Table) -> SitAndGo:
        """The Sit & Go at ``table`` (from its save file) as it stood."""
        d = self.data
        config = self.config()
        try:
            sng = SitAndGo(config, table, level_number=int(d["level_number"]),
                           hands_at_level=int(d["hands_at_level"]),
                           seconds_at_level=float(d["seconds_at_level"]),
                           hands=int(d["hands"]), finishers=[int(s) for s in d["finishers"]],
                           levels_played=[Level(int(n), int(sb), int(bb), int(a))
                                          for sb, bb, a, n in d["levels_played"]],
                           knockouts=[Knockout(int(s), str(n), int(p), int(pts),
                                               None if by is None else int(by), str(byn))
                                      for s, n, p, pts, by, byn in d["knockouts"]],
                           number=int(d["number"]))
        except (KeyError, TypeError, ValueError) as err:
            raise SitAndGoStateError(f"The saved Sit & Go's progress is damaged ({err})") \
                from None
        if not sng.chips_conserved():
            raise SitAndGoStateError(
                f"The saved Sit & Go's chips don't add up ({chip_text(table.chips_on_table())}"
                f" in play, {chip_text(sng.total_chips)} at the start): it can't count")
        behind = table.hands_played - sng.hands  # a hand finished after the last write
        if behind < 0 or behind > 1:
            raise SitAndGoStateError("The saved Sit & Go's progress doesn't match its table")
        if behind:
            sng.hands += 1
            sng.hands_at_level += 1
            gone = [s for s in range(len(table.seats)) if table.seats[s] is None
                    and s not in sng.finishers]
            sng.finishers.extend(gone)  # knocked out in that hand (order by seat)
        return sng


def read_state(folder: Path | None = None) -> SavedState | None:
    """The saved Sit & Go's state, or None when there is none (``SitAndGoStateError``
    when there is one that can't be read)."""
    path = (folder or data_dir()) / STATE_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as err:
        raise SitAndGoStateError(f"The saved Sit & Go can't be read: {err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise SitAndGoStateError("The saved Sit & Go's progress is damaged") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise SitAndGoStateError("The saved Sit & Go was written by another version")
    return SavedState(data)


def finish(sng: SitAndGo, me: int, name: str, *, autopilot: bool,
           folder: Path | None = None) -> str | None:
    """The Sit & Go is over: add it to the results and forget its state. One whose
    chips are not the starting stacks added up is never recorded (the sentence says so)."""
    if not sng.chips_conserved():
        return ("The Sit & Go's result was not recorded: its chips are not the starting "
                "stacks added up")
    folder = folder or data_dir()
    path = folder / RESULTS_FILE
    try:
        results = load_results(folder)
        results.append({"number": sng.number, "places": sng.places, "hands": sng.hands,
                        "me": me, "name": name, "place": sng.place_of(me),
                        "points": sng.config.points(sng.place_of(me) or len(sng.places)),
                        "speed": sng.config.speed.value, "autoplay": autopilot})
        _atomic_write(path, results)
        (folder / STATE_FILE).unlink(missing_ok=True)
    except OSError as err:
        return f"The Sit & Go's result could not be saved: {err.strerror or err}"
    return None


def load_results(folder: Path | None = None) -> list[dict[str, Any]]:
    """Finished Sit & Gos, oldest first ([] when none or unreadable)."""
    try:
        data = json.loads(((folder or data_dir()) / RESULTS_FILE).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return []
    return [r for r in data if isinstance(r, dict)] if isinstance(data, list) else []


@dataclass(frozen=True, slots=True)
class TournamentCareer:
    """The player's Sit & Gos: how many, each place's count, the average finish."""

    played: int
    places: dict[int, int]
    average_finish: float | None
    points: int
    hands: int = 0

    def as_json(self) -> dict[str, Any]:
        """``holdem stats --json``'s object for these Sit & Gos."""
        return {"played": self.played, "places": {str(p): n for p, n in self.places.items()},
                "average_finish": self.average_finish, "points": self.points,
                "hands": self.hands}


def tournament_career(results: list[dict[str, Any]], *, autoplay: bool = False
                      ) -> TournamentCareer:
    """Over the player's own Sit & Gos (autoplay's are left out unless asked for)."""
    mine = [r for r in results if bool(r.get("autoplay")) == autoplay
            and isinstance(r.get("place"), int)]
    places: dict[int, int] = {}
    for r in mine:
        places[r["place"]] = places.get(r["place"], 0) + 1
    average = sum(r["place"] for r in mine) / len(mine) if mine else None
    return TournamentCareer(len(mine), dict(sorted(places.items())), average,
                            sum(int(r.get("points", 0)) for r in mine),
                            sum(int(r.get("hands", 0)) for r in mine))


def sit_and_go_rows(c: TournamentCareer) -> list[tuple[str, str]]:
    """The career page's and ``holdem stats``'s lines for the Sit & Gos."""
    if not c.played:
        return [("Sit & Gos played", "0")]
    places = " · ".join(f"{n} × {_PLACE.get(p, f'{p}th')}" for p, n in c.places.items())
    average = f"{c.average_finish:.2f}" if c.average_finish is not None else "—"
    return [("Sit & Gos played", f"{c.played:,} ({c.points:,} points)"),
            ("Places", places), ("Average finish", average),
            ("Sit & Go hands", f"{c.hands:,}")]


_PLACE = {1: "1st", 2: "2nd", 3: "3rd"}
