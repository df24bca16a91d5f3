"""What the player chooses on the start screen (and in the settings file), and the fixed
menu choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from bots.api import KINDS, PERSONALITIES
from bots.levels import DEFAULT_LEVEL, LEVELS, with_level
from engine.table import BLIND_LEVELS

BOT_KINDS: tuple[str, ...] = KINDS
BUY_IN_CHOICES_BB: tuple[int, ...] = (20, 30, 40, 50, 60, 70, 80, 90, 100)
CLOCK_CHOICES: tuple[int, ...] = (0, 15, 20, 30, 45, 60)
BANK_CHOICES: tuple[int, ...] = (0, 15, 30, 60)
SPEED_CHOICES: tuple[float, ...] = (0.75, 1.0, 1.5, 2.0)
MIN_SPEED, MAX_SPEED = 0.25, 100.0
"""Animation and bot speed, in the settings file and on the command line."""
VOLUME_CHOICES: tuple[float, ...] = tuple(k / 10 for k in range(11))
MIN_SIZE = (960, 540)
"""The smallest window, width and height."""
HUMAN_SEAT = 0
LEVEL_MINUTE_CHOICES: tuple[int, ...] = (0, 3, 5, 8, 10, 15, 20)
"""The settings overlay's choices of minutes a Sit & Go level lasts (0: by hands); the
settings file and ``--level-minutes`` take any from 1 to :data:`MAX_LEVEL_MINUTES`."""
MAX_LEVEL_MINUTES = 120
SIT_OUT_CHOICES: tuple[int, ...] = (3, 6, 12, 24)
"""Hands a player may sit out at a cash table before leaving it (seed 001's house rule
is 3; commercial tables allow about three orbits, 12 hands at four seats, the default);
the settings file takes any from 1 to :data:`MAX_SIT_OUT_HANDS`."""
MAX_SIT_OUT_HANDS = 100
PTT_KEYS: tuple[str, ...] = ("v", "g", "j", "m", "z", "left ctrl", "right ctrl", "left alt",
                             "right alt")
"""Keys push-to-talk may be held on: none of them does anything else in the game."""
PTT_BUTTONS: tuple[str, ...] = ("middle", "back", "forward", "off")
"""Mouse buttons push-to-talk may be held on ("back"/"forward": the side buttons)."""


@dataclass(frozen=True, slots=True)
class VoiceSettings:
    """Voice options as plain data (the voice package reads them; nothing here listens).

    ``microphone`` "" is the system default; ``grace_seconds`` is how long a spoken
    decision may still be taken back. ``headphones``: the microphone cannot hear the
    game, so it listens while the game talks without cancelling any echo (with
    speakers, the game's own voice is cancelled from the microphone signal).
    ``push_to_talk``: heard only while ``push_to_talk_key`` (one of :data:`PTT_KEYS`)
    or ``push_to_talk_button`` (:data:`PTT_BUTTONS`) is held. ``wake_word``: an
    utterance counts only when it starts with the wake word (``voice.listen.wake.WAKE_WORD``:
    "dealer, call")."""

    microphone: str = ""
    push_to_talk: bool = False
    confirm_all_in: bool = True
    grace_seconds: float = 1.0
    bots_muted: bool = False
    headphones: bool = False
    push_to_talk_key: str = "v"
    push_to_talk_button: str = "middle"
    wake_word: bool = False
    confirm_free_fold: bool = True  # by key, click or voice: ask before folding a free check


@dataclass(frozen=True, slots=True)
class GameSettings:
    """One table's options; ``turn_seconds`` 0 turns the clock off."""

    level: int = 1
    buy_in_bb: int = 100
    bots: tuple[str, str, str] = ("shark", "maniac", "station")
    turn_seconds: int = 30
    bank_seconds: int = 15
    four_color: bool = False
    speed: float = 1.0
    player_name: str = "You"
    auto_rebuy: bool = False
    muck_losers: bool = False  # at showdown, a hand that loses is not shown unless it must be
    effects_volume: float = 0.7  # sound effects, 0 (off) to 1
    voice_volume: float = 1.0  # the narrator's and the bots' voices, 0 to 1
    walkthrough_done: bool = False  # the first-run tour was finished or skipped
    hand_histories: bool = True  # each finished hand appended to the hand-history folder
    hand_history_folder: str = ""  # "": hand-histories/ in the data folder
    hand_history_phh: bool = False  # a PHH file beside each PokerStars one
    voice: VoiceSettings = field(default_factory=VoiceSettings)
    strength: int = DEFAULT_LEVEL  # the bots' level (bots.levels), 1 Beginner .. 5 Shark
    level_minutes: int = 0  # a new Sit & Go's blinds rise every N minutes (0: by hands)
    sit_out_hands: int = 12  # hands a player may sit out at a cash table, then leaves it

    @property
    def seat_kinds(self) -> tuple[str, str, str]:
        """The three bots as seat specs at the table's strength (``"shark@5"``; the
        reference bots have one way to play)."""
        a, b, c = (with_level(k, self.strength) if k in PERSONALITIES else k for k in self.bots)
        return a, b, c

    @property
    def blinds(self) -> tuple[int, int]:
        return BLIND_LEVELS[self.level - 1]

    @property
    def big_blind(self) -> int:
        return self.blinds[1]

    @property
    def buy_in(self) -> int:
        return self.buy_in_bb * self.big_blind

    def with_(self, **changes: object) -> GameSettings:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SessionFlags:
    """Settings given on the command line (``holdem --speed 4``): for this session only.
    ``given`` maps each to its value; ``file`` is the settings file's own settings."""

    given: tuple[tuple[str, object], ...] = ()
    file: GameSettings | None = None

    def to_keep(self, settings: GameSettings) -> GameSettings:
        """What goes into the settings file: ``settings`` with each command-line value
        the player has not changed in the game put back to the file's own."""
        if self.file is None:
            return settings
        return settings.with_(**{name: getattr(self.file, name) for name, value in self.given
                                 if getattr(settings, name) == value})


_T = TypeVar("_T")


def cycle(options: Sequence[_T], current: _T, step: int) -> _T:
    """The choice ``step`` places from ``current`` in ``options``, wrapping round (from
    the first when ``current`` is not one of them)."""
    i = options.index(current) if current in options else 0
    return options[(i + step) % len(options)]


def strength_words(number: int) -> str:
    """``"Strong (level 4)"``: a strength level as the menus show it."""
    return f"{LEVELS[number - 1].name} (level {number})"


def level_of(big_blind: int) -> int | None:
    """The blind level (1-5) whose big blind this is, if any."""
    return next((i + 1 for i, (_, bb) in enumerate(BLIND_LEVELS) if bb == big_blind), None)


def level_minutes_words(minutes: int) -> str:
    """``"Every 5 minutes"``, or by hands (10 a level; Turbo 5): as the overlay shows it."""
    if not minutes:
        return "Every 10 hands (Turbo 5)"
    return f"Every {minutes} minute{'s' if minutes != 1 else ''}"
