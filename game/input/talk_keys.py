"""Push-to-talk's key and mouse button: the setting's names (``voice.push_to_talk_key``,
``voice.push_to_talk_button``) as pygame codes, and as the words the panel and menus
show ("Hold V or the middle button to talk")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from game.settings.model import VoiceSettings

KEY_CODES: dict[str, int] = {
    "v": pygame.K_v, "g": pygame.K_g, "j": pygame.K_j, "m": pygame.K_m, "z": pygame.K_z,
    "left ctrl": pygame.K_LCTRL, "right ctrl": pygame.K_RCTRL,
    "left alt": pygame.K_LALT, "right alt": pygame.K_RALT,
}
"""Every name in ``game.settings.model.PTT_KEYS`` (a test keeps the two in step)."""

BUTTON_CODES: dict[str, int] = {"middle": 2, "back": 6, "forward": 7}
"""pygame 2's numbers for the middle button and the two side buttons (4 and 5 are the
wheel); "off" has none."""

BUTTON_NAMES = {"middle": "Middle", "back": "Back (side)", "forward": "Forward (side)",
                "off": "None"}
"""The settings overlay's names for ``voice.push_to_talk_button``."""
_BUTTON_WORDS = {"middle": "the middle button", "back": "the back side button",
                 "forward": "the forward side button"}


@dataclass(frozen=True, slots=True)
class TalkBinding:
    """What the input mapper treats as push-to-talk; ``None``: nothing (it is off)."""

    key: int | None = None
    button: int | None = None


OFF = TalkBinding()


def key_label(name: str) -> str:
    """ "v" -> "V", "right ctrl" -> "Right Ctrl"."""
    return name.upper() if len(name) == 1 else name.title()


def hold_words(voice: VoiceSettings) -> str:
    """What to hold: "V or the middle button" (just the key when the button is off)."""
    key = key_label(voice.push_to_talk_key)
    button = _BUTTON_WORDS.get(voice.push_to_talk_button)
    return f"{key} or {button}" if button else key


@cache
def _binding(key: str, button: str) -> TalkBinding:
    return TalkBinding(KEY_CODES.get(key, pygame.K_v), BUTTON_CODES.get(button))


def binding(voice: VoiceSettings) -> TalkBinding:
    """The key and button held for push-to-talk (nothing when it is off)."""
    if not voice.push_to_talk:
        return OFF
    return _binding(voice.push_to_talk_key, voice.push_to_talk_button)
