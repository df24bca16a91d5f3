"""The settings file: ``settings.toml`` in the user's config folder (``$HOLDEM_CONFIG_DIR``
overrides it), read with ``tomllib``.

Every key is checked. An unknown key or a bad value is named in a sentence and the
default used instead, so a typo never stops the game. The start screen's choices are
written back; ``holdem --reset-settings`` writes the defaults.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.paths import config_dir
from game.settings.model import (
    BANK_CHOICES,
    BOT_KINDS,
    BUY_IN_CHOICES_BB,
    CLOCK_CHOICES,
    MAX_LEVEL_MINUTES,
    MAX_SIT_OUT_HANDS,
    MAX_SPEED,
    MIN_SPEED,
    PTT_BUTTONS,
    PTT_KEYS,
    GameSettings,
    VoiceSettings,
)

FILE_NAME = "settings.toml"
MAX_GRACE = 5.0


class BadValue(ValueError):
    """A settings value out of range; the message says what is allowed."""


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# ------------------------------------------------------------------ validators

Check = Callable[[Any], Any]


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue("must be a whole number")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BadValue("must be a number")
    return float(value)


def _int_range(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        number = _integer(value)
        if not low <= number <= high:
            raise BadValue(f"must be from {low} to {high}")
        return number
    return check


def _one_of(choices: tuple[int, ...]) -> Check:
    def check(value: Any) -> int:
        number = _integer(value)
        if number not in choices:
            raise BadValue(f"must be one of {', '.join(map(str, choices))}")
        return number
    return check


def _float_range(low: float, high: float) -> Check:
    def check(value: Any) -> float:
        number = _number(value)
        if not low <= number <= high:
            raise BadValue(f"must be from {low:g} to {high:g}")
        return number
    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadValue("must be true or false")
    return value


def _text(limit: int) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise BadValue("must be text in quotes")
        if len(value) > limit or not value.isprintable():
            raise BadValue(f"must be printable text of at most {limit} characters")
        return value
    return check


def _word_of(choices: tuple[str, ...]) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value.lower() not in choices:
            raise BadValue("must be one of " + ", ".join(f'"{c}"' for c in choices))
        return value.lower()
    return check


def _bots(value: Any) -> tuple[str, str, str]:
    if not isinstance(value, list) or len(value) != 3:
        raise BadValue("must list three bots, e.g. [\"shark\", \"maniac\", \"station\"]")
    for kind in value:
        if kind not in BOT_KINDS:
            raise BadValue(f"has {kind!r}; the bots are {', '.join(BOT_KINDS)}")
    return (value[0], value[1], value[2])


@dataclass(frozen=True, slots=True)
class Key:
    """One settings key: its section, the field it sets, and its check."""

    section: str
    name: str
    check: Check
    voice: bool = False
    field_name: str = ""  # the settings field, when not ``name``

    @property
    def dotted(self) -> str:
        return f"{self.section}.{self.name}"

    @property
    def attr(self) -> str:
        return self.field_name or self.name


KEYS: tuple[Key, ...] = (
    Key("table", "level", _int_range(1, 5)),
    Key("table", "buy_in_bb", _one_of(BUY_IN_CHOICES_BB)),
    Key("table", "bots", _bots),
    Key("table", "turn_seconds", _one_of(CLOCK_CHOICES)),
    Key("table", "bank_seconds", _one_of(BANK_CHOICES)),
    Key("table", "auto_rebuy", _boolean),
    Key("table", "muck_losers", _boolean),
    Key("table", "confirm_free_fold", _boolean, voice=True),  # keys, clicks and voice
    Key("table", "strength", _int_range(1, 5)),
    Key("table", "level_minutes", _int_range(0, MAX_LEVEL_MINUTES)),
    Key("table", "sit_out_hands", _int_range(1, MAX_SIT_OUT_HANDS)),
    Key("display", "four_color", _boolean),
    Key("display", "speed", _float_range(MIN_SPEED, MAX_SPEED)),
    Key("display", "walkthrough_done", _boolean),
    Key("sound", "effects_volume", _float_range(0.0, 1.0)),
    Key("sound", "voice_volume", _float_range(0.0, 1.0)),
    Key("histories", "write", _boolean, field_name="hand_histories"),
    Key("histories", "folder", _text(1000), field_name="hand_history_folder"),
    Key("histories", "phh", _boolean, field_name="hand_history_phh"),
    Key("voice", "microphone", _text(200), voice=True),
    Key("voice", "push_to_talk", _boolean, voice=True),
    Key("voice", "confirm_all_in", _boolean, voice=True),
    Key("voice", "grace_seconds", _float_range(0.0, MAX_GRACE), voice=True),
    Key("voice", "bots_muted", _boolean, voice=True),
    Key("voice", "headphones", _boolean, voice=True),
    Key("voice", "push_to_talk_key", _word_of(PTT_KEYS), voice=True),
    Key("voice", "push_to_talk_button", _word_of(PTT_BUTTONS), voice=True),
    Key("voice", "wake_word", _boolean, voice=True),
)
SECTIONS = ("table", "display", "sound", "voice", "histories")


# ---------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class LoadedSettings:
    """The settings to play with and a sentence per problem found in the file."""

    settings: GameSettings
    problems: tuple[str, ...]
    path: Path


def parse_settings(data: Mapping[str, Any], where: str = FILE_NAME
                   ) -> tuple[GameSettings, list[str]]:
    """Checked settings from parsed TOML; every unknown key or bad value is named."""
    problems: list[str] = []
    game: dict[str, Any] = {}
    voice: dict[str, Any] = {}
    by_section = {(k.section, k.name): k for k in KEYS}
    defaults, voice_defaults = GameSettings(), VoiceSettings()
    for section, body in data.items():
        if section not in SECTIONS:
            problems.append(f"{where}: unknown section [{section}] ignored "
                            f"(the sections are {', '.join(SECTIONS)})")
            continue
        if not isinstance(body, dict):
            problems.append(f"{where}: '{section}' should be a [{section}] section; ignored")
            continue
        for name, value in body.items():
            key = by_section.get((section, name))
            if key is None:
                known = ", ".join(k.name for k in KEYS if k.section == section)
                problems.append(f"{where}: unknown key '{section}.{name}' ignored "
                                f"(known keys: {known})")
                continue
            default = getattr(voice_defaults if key.voice else defaults, key.attr)
            try:
                checked = key.check(value)
            except BadValue as why:
                problems.append(f"{where}: {key.dotted} = {_toml(value)} {why}; "
                                f"using {_toml(default)}")
                continue
            (voice if key.voice else game)[key.attr] = checked
    settings = replace(defaults, **game, voice=replace(voice_defaults, **voice))
    return settings, problems


def load_settings(path: Path | None = None) -> LoadedSettings:
    """The settings file read and checked; defaults (and a sentence) when it is missing
    parts, unreadable or not TOML. A missing file is not a problem."""
    path = path if path is not None else settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LoadedSettings(GameSettings(), (), path)
    except OSError as err:
        return LoadedSettings(GameSettings(), (
            f"Can't read the settings file {path} ({err.strerror or err}); using the "
            "defaults.",), path)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        return LoadedSettings(GameSettings(), (
            f"The settings file {path} is not valid TOML ({err}); using the defaults.",), path)
    settings, problems = parse_settings(data, path.name)
    return LoadedSettings(settings, tuple(problems), path)


# ---------------------------------------------------------------- writing


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def settings_toml(settings: GameSettings) -> str:
    """The settings file's text for ``settings`` (every key, so it documents itself)."""
    lines = ["# Hold'em settings. Delete a line to use its default; "
             "`holdem --reset-settings` rewrites this file."]
    for section in SECTIONS:
        lines += ["", f"[{section}]"]
        for key in (k for k in KEYS if k.section == section):
            source: Any = settings.voice if key.voice else settings
            lines.append(f"{key.name} = {_toml(getattr(source, key.attr))}")
    return "\n".join(lines) + "\n"


def save_settings(settings: GameSettings, path: Path | None = None) -> str | None:
    """Write the file (atomically); a sentence when that fails, else None."""
    path = path if path is not None else settings_path()
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(settings_toml(settings), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        return f"Can't save the settings to {path} ({err.strerror or err})."
    return None


def reset_settings(path: Path | None = None) -> tuple[Path, str | None]:
    """Rewrite the file with the defaults; the path and an error sentence, if any."""
    path = path if path is not None else settings_path()
    return path, save_settings(GameSettings(), path)
