"""What the voice panel shows: the microphone's state and the frame's panel model.

Built once a frame on the main thread by the controller (:func:`build_panel`), read by
the drawing code and the bindings; nothing here draws or changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from voice.confirm import Pending, Phase

SHOWN_SECONDS = 3.0
"""How long a say-back or answer stays in the panel after it is done."""


class MicState(StrEnum):
    """What the microphone is doing, for the panel."""

    STARTING = "starting"
    LISTENING = "listening"
    FILES = "the --voice-from files are the source"
    MUTED = "muted while the game speaks"
    PUSH_TO_TALK = "push-to-talk: waiting for the key"
    HELD = "push-to-talk held"
    OFF = "off"
    DISABLED = "voice off"
    FINISHED = "voice files done"


@dataclass(frozen=True, slots=True)
class VoicePanel:
    """What the voice panel shows this frame (built in update, read by drawing and the
    bindings). ``countdown`` is the share of the grace window left; ``progress`` a model
    download's share done (None: no download)."""

    mic: MicState
    mic_note: str = ""
    heard: str = ""
    say_back: str = ""
    countdown: float | None = None
    cancellable: bool = False
    question: bool = False
    listening: str = ""
    progress: float | None = None
    downloading: str = ""
    readings: tuple[str, ...] = ()  # the numbered readings on offer ("Call 10", "All in")
    hold: str = ""  # push-to-talk's key and button ("V or the middle button"), when on
    wake: str = ""  # the wake word, when an utterance must start with it


def mic_line(m: VoicePanel) -> str:
    """The panel's first row: "Mic: hold V to talk", "Mic: listening (push-to-talk)"."""
    if m.mic is MicState.PUSH_TO_TALK:
        state = f"hold {m.hold or 'the push-to-talk key'} to talk"
    elif m.mic is MicState.HELD:
        state = "listening (push-to-talk)"
    else:
        state = m.mic.value
    return f"Mic: {state}" + (f" · {m.mic_note}" if m.mic_note else "")


def heard_line(m: VoicePanel) -> str:
    """The panel's second row: what is being heard, else a reminder of the wake word."""
    if m.heard:
        return f"heard: {m.heard}…"
    if m.wake and m.mic not in (MicState.OFF, MicState.DISABLED):
        return f"heard: — · start with “{m.wake}, …”"
    return "heard: —"


def recognizer_line(m: VoicePanel) -> str:
    """The panel's last row: "Listening: Whisper + pocketsphinx", or the fallback with
    why in a few words ("Listening: pocketsphinx (Whisper model damaged)")."""
    return f"Listening: {m.listening or '—'}"


_NAMES = {"whisper": "Whisper", "vosk": "Vosk", "pocketsphinx": "pocketsphinx"}


def listening_words(backend: str, note: str = "") -> str:
    """Which recognizers listen ("whisper+pocketsphinx" reads "Whisper + pocketsphinx")
    and, when a better one is not listening, why in a few words: "pocketsphinx (Whisper
    model damaged)". The whole reason is a sentence for the log; it fits the panel at
    no window size, these words fit it at every one."""
    names = " + ".join(_NAMES.get(name, name) for name in backend.split("+") if name)
    return f"{names} ({note})" if names and note else names


OFF_PANEL = VoicePanel(MicState.DISABLED, "mouse and keyboard only")


@dataclass(frozen=True, slots=True)
class PanelState:
    """The controller's state a panel is built from (one frame's snapshot)."""

    mic: MicState
    mic_note: str
    partial: str
    heard_text: str
    shown: str
    shown_until: float
    backend: str
    note: str  # why a better recognizer is not listening, in a few words
    progress: float | None
    asking: str = ""  # what was said for the pending action or question
    downloading: str = ""  # the model being downloaded ("Whisper", "Vosk")


def build_panel(state: PanelState, pending: Pending | None, grace: float,
                now: float, readings: tuple[str, ...] = (), hold: str = "",
                wake: str = "") -> VoicePanel:
    """The panel for this frame: the say-back stays while a command is pending (with the
    grace window's share left) or for :data:`SHOWN_SECONDS` after an answer; an answer
    given meanwhile ("The pot is 15") is shown with it, so Yes/No or Cancel always say
    what they are for."""
    say, countdown = "", None
    if pending is not None:
        say = state.shown
        if state.asking and state.shown != state.asking:
            say = f"{state.shown} · {state.asking}" if now < state.shown_until \
                else state.asking
        if pending.phase is Phase.GRACE and grace > 0:
            countdown = max(0.0, min(1.0, (pending.deadline - now) / grace))
    elif now < state.shown_until:
        say = state.shown
    return VoicePanel(
        mic=state.mic, mic_note=state.mic_note, heard=state.partial or state.heard_text,
        say_back=say, countdown=countdown,
        cancellable=pending is not None and pending.phase is Phase.GRACE,
        question=pending is not None and pending.phase is Phase.QUESTION,
        listening=listening_words(state.backend, state.note), progress=state.progress,
        downloading=state.downloading, readings=readings if pending is None else (), hold=hold,
        wake=wake)
