"""Personalities as data: who a bot is, how it sounds and how it plays.

The numbers live in ``bots/data/personalities.json``; this module only reads and
checks them, so a designer can retune a character without touching a policy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from engine.sizing import POT_FRACTIONS

DATA: Traversable = files("bots") / "data"
"""The package's data folder (shipped in the wheel, read through importlib.resources)."""
PERSONALITIES_FILE = DATA / "personalities.json"


@dataclass(frozen=True, slots=True)
class VoiceSpec:
    """Data for the narrator's TTS: a voice id hint, words per minute, relative pitch."""

    hint: str
    rate: int
    pitch: float


@dataclass(frozen=True, slots=True)
class Think:
    """Human-like thinking time: ``base`` seconds plus up to ``spread`` at random, plus
    ``hard`` more for close decisions; never more than ``cap``."""

    base: float
    spread: float
    hard: float
    cap: float


@dataclass(frozen=True, slots=True)
class Personality:
    """How one character plays. Fractions are of all 1326 starting combos.

    ``open_range``: hands raised first in from the button (narrower earlier);
    ``limp_range``: further hands just called when unopened;
    ``call_range``: widest hand that continues against a raise;
    ``three_bet``: hands re-raised for value; ``call_slack``: equity a call may lack
    against pot odds (negative means demanding); ``value_threshold``: equity to bet for
    value; ``aggression``: chance of betting or raising when the cards say so;
    ``bluff``/``semi_bluff``: rates of betting with nothing / with a draw;
    ``tilt_per_loss``: how much a big loss loosens play, up to ``tilt_max``, decaying by
    ``tilt_decay`` a hand; ``reads``: whether the bot learns opponents' habits.
    """

    kind: str
    name: str
    style: str
    voice: VoiceSpec
    vpip_band: tuple[float, float]
    pfr_band: tuple[float, float]
    open_range: float
    limp_range: float
    call_range: float
    three_bet: float
    call_slack: float
    value_threshold: float
    aggression: float
    bluff: float
    semi_bluff: float
    bet_sizes: tuple[str, ...]
    open_multiple: float
    tilt_per_loss: float
    tilt_max: float
    tilt_decay: float
    think: Think
    reads: bool


def _fraction(data: dict[str, Any], key: str, low: float = 0.0, high: float = 1.0) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"{key} must be a number from {low} to {high}, got {value!r}")
    return float(value)


def _band(data: dict[str, Any], key: str) -> tuple[float, float]:
    value = data.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) for v in value) or not value[0] < value[1]):
        raise ValueError(f"{key} must be [low, high] with low < high, got {value!r}")
    return float(value[0]), float(value[1])


def personality_from_json(kind: str, data: dict[str, Any]) -> Personality:
    """Build and check one personality; ValueError names the bad field."""
    try:
        voice = data["voice"]
        think = data["think"]
        sizes = tuple(data["bet_sizes"])
        unknown = [s for s in sizes if s not in POT_FRACTIONS]
        if not sizes or unknown:
            raise ValueError(f"bet_sizes must name pot fractions {sorted(POT_FRACTIONS)}")
        return Personality(
            kind=kind,
            name=str(data["name"]),
            style=str(data["style"]),
            voice=VoiceSpec(str(voice["hint"]), int(voice["rate"]), float(voice["pitch"])),
            vpip_band=_band(data, "vpip_band"),
            pfr_band=_band(data, "pfr_band"),
            open_range=_fraction(data, "open_range"),
            limp_range=_fraction(data, "limp_range"),
            call_range=_fraction(data, "call_range"),
            three_bet=_fraction(data, "three_bet"),
            call_slack=_fraction(data, "call_slack", -0.5, 0.5),
            value_threshold=_fraction(data, "value_threshold"),
            aggression=_fraction(data, "aggression"),
            bluff=_fraction(data, "bluff"),
            semi_bluff=_fraction(data, "semi_bluff"),
            bet_sizes=sizes,
            open_multiple=_fraction(data, "open_multiple", 2.0, 6.0),
            tilt_per_loss=_fraction(data, "tilt_per_loss"),
            tilt_max=_fraction(data, "tilt_max"),
            tilt_decay=_fraction(data, "tilt_decay"),
            think=Think(float(think["base"]), float(think["spread"]), float(think["hard"]),
                        float(think["cap"])),
            reads=bool(data.get("reads", False)),
        )
    except KeyError as missing:
        raise ValueError(f"personality {kind!r} lacks {missing}") from None


def load_personalities(path: Traversable = PERSONALITIES_FILE) -> dict[str, Personality]:
    """Every personality in the data file, by kind."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {kind: personality_from_json(kind, data) for kind, data in raw["personalities"].items()}
