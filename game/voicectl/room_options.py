"""The noisy-room options as the voice controller applies them: push-to-talk's words for
the panel, and the wake word (``voice.wake_word``) on each heard utterance.

With the wake word on, an utterance whose best reading does not start with "dealer" is
not for the game: it is set aside quietly (shown in the panel, never answered aloud, so
talk around the table does not make the game chatter). One that does is read again
without it, by the same :func:`voice.pipeline.understand` as any other.
"""

from __future__ import annotations

from typing import Any

from engine.sizing import BettingContext
from game.input.talk_keys import hold_words
from game.settings.model import VoiceSettings
from voice.listen.wake import WAKE_WORD, after_wake, wake_result
from voice.recognize.base import Result
from voice.understand.intent import Intent


def panel_extras(settings: VoiceSettings) -> dict[str, str]:
    """What the panel's microphone row adds: what to hold, and the wake word."""
    return {"hold": hold_words(settings) if settings.push_to_talk else "",
            "wake": WAKE_WORD if settings.wake_word else ""}


def push_to_talk_words(settings: VoiceSettings) -> str:
    """The menus' value for push-to-talk: "On: hold V or the middle button"."""
    if not settings.push_to_talk:
        return "Off: always listening"
    return f"On: hold {hold_words(settings)}"


def wake_words(settings: VoiceSettings) -> str:
    """The menus' value for the wake word."""
    return f"On: start with “{WAKE_WORD}, …”" if settings.wake_word else "Off"


def woken(result: Result, ctx: BettingContext | None
          ) -> tuple[Result, Intent, str, float] | None:
    """The utterance without the wake word (its result, intent, text and confidence),
    or None when it does not start with it."""
    from voice.pipeline import understand

    stripped = wake_result(result, WAKE_WORD)
    if stripped is None:
        return None
    intent, text, confidence = understand(stripped, ctx)
    return stripped, intent, text, confidence


def may_barge_in(settings: VoiceSettings, partial: str) -> bool:
    """Whether speech heard so far may stop the game talking: with the wake word on,
    only once it has been said (background talk never interrupts the game)."""
    return not settings.wake_word or after_wake(partial, WAKE_WORD) is not None


def set_aside(voice: Any, text: str) -> None:
    """An utterance without the wake word (main thread): the panel's heard line (and the
    start screen's voice check) says so quietly and the transcript keeps it; nothing is
    said, nothing counted as heard."""
    voice.heard_text = (f"ignored, no “{WAKE_WORD}”: {text}" if text
                        else f"ignored, no “{WAKE_WORD}”")
    voice.transcript.append(f"not for the game (no wake word): {text}")
    check = getattr(voice, "check", None)  # the start screen's voice check says why
    if check is not None:
        check.take_unwoken(text)
