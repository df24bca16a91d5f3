"""Settings changed by voice: a value chosen on a screen ("level three", "voice volume
fifty", "seat two maniac") applied to the settings, with the sentence said back.

One implementation for the start screen and the settings overlay: each screen names
the rows it has, and a row it does not have is answered as such.
"""

from __future__ import annotations

from dataclasses import replace

from bots.levels import LEVELS
from engine.table import BLIND_LEVELS
from game.settings.model import (
    BOT_KINDS,
    BUY_IN_CHOICES_BB,
    CLOCK_CHOICES,
    MAX_SPEED,
    MIN_SPEED,
    GameSettings,
    strength_words,
)
from voice.understand.intent import Choice


class NotHere(ValueError):
    """The value cannot be set as said (out of range, or not on this screen): the
    message says why, in a sentence for the ear."""


def _switch(value: str) -> bool:
    return value == "on"


def _number(choice: Choice) -> int:
    if not choice.value.isdigit():
        raise NotHere("Say a number")
    return int(choice.value)


def apply_choice(settings: GameSettings, choice: Choice,
                 rows: frozenset[str]) -> tuple[GameSettings, str]:
    """``settings`` with ``choice`` applied, and what to say back; NotHere when this
    screen (its ``rows``, :data:`voice.understand.templates.CHOICE_ROWS` names) has no
    such row or the value is out of range."""
    row, value = choice.row, choice.value
    if row not in rows:
        raise NotHere("That can't be changed here")
    s, v = settings, settings.voice
    if row == "blinds":
        level = _number(choice)
        if not 1 <= level <= len(BLIND_LEVELS):
            raise NotHere(f"The blind level is 1 to {len(BLIND_LEVELS)}")
        sb, bb = BLIND_LEVELS[level - 1]
        return s.with_(level=level), f"Blinds: level {level}, {sb} and {bb}"
    if row in ("buy_in_bb", "chips"):
        bb = _number(choice) if row == "buy_in_bb" else _chips_in_big_blinds(s, choice)
        if bb not in BUY_IN_CHOICES_BB:
            raise NotHere(f"The buy-in is {BUY_IN_CHOICES_BB[0]} to {BUY_IN_CHOICES_BB[-1]} "
                          "big blinds, in tens")
        return s.with_(buy_in_bb=bb), f"Buy-in: {bb} big blinds, {bb * s.big_blind:,} chips"
    if row.startswith("bot"):
        seat = int(row[-1])
        if value not in BOT_KINDS:
            raise NotHere(f"The bots are {', '.join(BOT_KINDS)}")
        bots = list(s.bots)
        bots[seat - 2] = value
        return s.with_(bots=tuple(bots)), f"Seat {seat}: {value}"
    if row == "strength":
        level = _number(choice)
        if not 1 <= level <= len(LEVELS):
            raise NotHere(f"The table strength is 1 to {len(LEVELS)}")
        return s.with_(strength=level), f"Table strength: {strength_words(level)}"
    if row == "clock":
        seconds = 0 if value == "off" else _number(choice) if value != "on" else 30
        if seconds not in CLOCK_CHOICES:
            raise NotHere("The turn clock is off, or "
                          + ", ".join(str(c) for c in CLOCK_CHOICES if c) + " seconds")
        return s.with_(turn_seconds=seconds), ("Turn clock off" if not seconds else
                                              f"Turn clock: {seconds} seconds")
    if row == "speed":
        speed = _number(choice)
        if not MIN_SPEED <= speed <= MAX_SPEED:
            raise NotHere(f"The speed is 1 to {MAX_SPEED:g}")
        return s.with_(speed=float(speed)), f"Speed {speed}"
    if row in ("voice_volume", "effects_volume"):
        percent = _number(choice)
        if percent > 100:
            raise NotHere("A volume is 0 to 100 percent")
        volume = round(percent / 10) / 10
        name = "Voice" if row == "voice_volume" else "Effects"
        said = f"{name} volume {round(volume * 100)} percent" if volume else f"{name} off"
        return s.with_(**{row: volume}), said
    if row == "push_to_talk":
        on = _switch(value)
        return (s.with_(voice=replace(v, push_to_talk=on)),
                "Push to talk on" if on else "Push to talk off")
    if row == "wake_word":
        on = _switch(value)
        return (s.with_(voice=replace(v, wake_word=on)),
                "Wake word on: start with dealer" if on else "Wake word off")
    if row == "sound_out":
        phones = value == "headphones"
        return (s.with_(voice=replace(v, headphones=phones)),
                "Sound out: headphones" if phones else "Sound out: speakers")
    if row == "four_color":
        on = _switch(value)
        return s.with_(four_color=on), ("Four colour deck" if on else "Two colour deck")
    if row == "auto_rebuy":
        on = _switch(value)
        return s.with_(auto_rebuy=on), ("Auto rebuy on" if on else "Auto rebuy off")
    raise NotHere("That can't be changed here")


def _chips_in_big_blinds(settings: GameSettings, choice: Choice) -> int:
    chips = _number(choice)
    if chips % settings.big_blind:
        raise NotHere(f"Say the buy-in in big blinds, or in chips that are a multiple "
                      f"of {settings.big_blind}")
    return chips // settings.big_blind
