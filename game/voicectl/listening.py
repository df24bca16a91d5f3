"""The audio thread's loop: source blocks -> (echo cancelled) -> gate -> recognizer.

Three ways to listen while the game talks (``VoiceController.duplex``):

* **headphones**: the microphone cannot hear the game; the gate never mutes;
* **speakers**: the game's own voice (``voice.listen.echo.Playback``, what the narrator plays)
  is cancelled from the microphone signal (``voice.listen.echo.EchoCanceller``) and the gate
  listens to what remains; with ``--voice-from`` the files are the microphone and the
  game's voice reaches them through a simulated room (``voice.listen.echo.RoomEcho``), so the
  canceller is exercised as it would be in play;
* **half-duplex** (no reference: the game's output can't be tapped): nothing is heard
  while the game talks, as before.

When the player starts speaking while the game talks (barge-in), the game stops
talking. An utterance the game talked over in half-duplex is answered ("say that
again"), never lost in silence. Each utterance carries the lines the game was saying
meanwhile, so that its own words can be told from the player's.
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from engine.sizing import BettingContext
from game.settings.model import VoiceSettings
from game.voicectl.panel import MicState
from game.voicectl.room_options import may_barge_in, set_aside, woken
from game.voicectl.scripted import ScriptedSource
from game.voicectl.talk_gate import PushToTalkGate
from game.voicectl.voice_check import level_db
from voice.listen.audio import AudioSource, Resampler
from voice.listen.echo import RATE, EchoCanceller, Playback, RoomEcho, pcm_array
from voice.recognize.pair import hear_screens
from voice.understand.intent import Control, Intent, IntentKind
from voice.understand.numbers import number_to_words


class ListeningController(Protocol):
    """What the listening thread reads and calls of the controller (which imports this
    module, so it is described here rather than imported)."""

    settings: VoiceSettings
    files: tuple[Path, ...]
    ptt_held: bool
    turn: int | None
    context: BettingContext | None
    @property
    def on_screens(self) -> bool: ...  # a screen other than the table listens
    @property
    def asked(self) -> int: ...  # the number of what waits for an answer
    partial: str
    level_db: float
    heard_text: str
    transcript: list[str]
    user_speaking: bool
    following: float
    mic: MicState
    switch_model: Path | None
    playback: Playback | None
    reopen: bool

    @property
    def duplex(self) -> str: ...
    @property
    def stopping(self) -> bool: ...
    def speaking(self) -> bool: ...
    def gate_muted(self) -> bool: ...
    def captured(self, got: Captured) -> None: ...
    def load_model(self, path: Path) -> Any: ...
    def post(self, call: Callable[[], None]) -> None: ...
    def talked_over(self) -> None: ...
    def barge_in(self) -> None: ...
    def answer_waits(self) -> bool: ...

_log = logging.getLogger(__name__)

RESYNC_SECONDS = 0.3
"""How far the reference's clock may drift from the wall clock before it jumps."""

SLEW_SECONDS = 0.001
"""The most the reference's clock is moved towards the wall clock a block."""

BARGE_IN_SECONDS = 0.25
"""Speech this long over the game's voice stops the game talking."""


@dataclass(frozen=True, slots=True)
class Captured:
    """One utterance as the audio thread heard it, with the turn it was said in and the
    game's lines audible meanwhile (``over``)."""

    intent: Intent
    confidence: float
    text: str
    turn: int | None
    context: Any
    over: tuple[str, ...] = ()
    overlap: float = 0.0  # seconds of the utterance the game was talking over
    readings: tuple[Intent, ...] = ()  # distinct actions among the recognizer's paths
    seconds: float = 0.0  # how long the utterance was
    after: float = math.inf  # seconds since the previous utterance ended (a short pause:
    # the same command going on)
    latency_ms: float = 0.0  # from the end of speech to the intent (0: not timed)
    asked: int = -1  # what waited for an answer when it began (QuestionWatch.asked)
    instead: str = ""  # decided a yes or no while another ear heard this command
    question: Intent | None = None  # an unsure action while another ear heard this question


def from_the_game(got: Captured) -> bool:
    """Whether an utterance is (most likely) the game's own voice through speakers: its
    words are the game's, or it has no words and the game talked over nearly all of it
    (what the canceller left of the echo opened the gate)."""
    if not got.over:
        return False
    if not got.text.strip():
        return got.overlap >= 0.8 * got.seconds > 0
    return is_own_voice(got.text, got.over)


def _joined(text: str) -> str:
    return "".join(_words(text))


def _words(text: str) -> list[str]:
    """Lower-case words, numbers spelt out, a plural or third-person ``s`` dropped."""
    spelt = re.sub(r"\d+", lambda m: f" {number_to_words(int(m.group()))} ",
                   text.lower().replace(",", ""))
    return [w[:-1] if len(w) > 3 and w.endswith("s") else w
            for w in re.findall(r"[a-z']+", spelt)]


def is_own_voice(heard: str, said: Sequence[str]) -> bool:
    """Whether ``heard`` is (most likely) the game's own voice: three quarters or more
    of its words are in the lines the game was saying meanwhile."""
    words = _words(heard)
    if not words or not said:
        return False
    vocabulary = {w for line in said for w in _words(line)}
    if sum(w in vocabulary for w in words) >= 0.75 * len(words):
        return True
    return any(_joined(heard) in _joined(line) for line in said)  # "allin" in "all in"


class EchoFront:
    """Brings source blocks to 16 kHz and, with speakers, takes the game's echo out
    (adding the simulated room's echo first for scripted files)."""

    def __init__(self, source: AudioSource, playback: Playback | None,
                 cancel: Callable[[], bool]):
        self._resampler = Resampler(source.sample_rate, RATE)
        self._playback = playback
        self._wanted = cancel  # read each block: the setting may change in play
        self._cancel = EchoCanceller() if playback is not None else None
        scripted = isinstance(source, ScriptedSource)
        self._room = RoomEcho() if playback is not None and scripted else None
        self._far_at: float | None = None

    def _far_clock(self, frames: int) -> float:
        """When the block just read began, on the playback clock: the stream's own
        count of samples, kept within :data:`RESYNC_SECONDS` of the wall clock by small
        steps (a block read late or early must not cut or repeat the reference the
        canceller learns from; a real stall makes it jump)."""
        assert self._playback is not None
        wall = self._playback.now() - frames / RATE
        at = self._far_at
        if at is None or abs(wall - at) > RESYNC_SECONDS:
            at = wall
        else:
            at += max(-SLEW_SECONDS, min(SLEW_SECONDS, 0.1 * (wall - at)))
        self._far_at = at + frames / RATE
        return at

    def process(self, block: bytes, talking: bool = False, player: bool = False) -> bytes:
        """``block`` (source rate), just read: it ended now on the playback clock.
        ``talking``: the gate is open; ``player``: on the player (see ``EchoCanceller``)."""
        pcm = self._resampler.process(block)
        if self._cancel is None or self._playback is None or not pcm or not self._wanted():
            return pcm
        frames = len(pcm) // 2
        played = self._playback.window(self._far_clock(frames), frames)
        if self._room is not None:
            mixed = pcm_array(pcm) + self._room.apply(played)
            pcm = np.clip(np.round(mixed), -32768, 32767).astype("<i2").tobytes()
        far = np.clip(np.round(played), -32768, 32767).astype("<i2").tobytes()
        return self._cancel.process(pcm, far, talking, player)


def listen(voice: ListeningController, source: AudioSource, recognizer: Any) -> Any:
    """Stream ``source`` through the front, gate, recognizer and parser until it ends,
    queueing what is heard on ``voice``; returns the recognizer in use (it may switch
    to a downloaded model)."""
    from voice.listen.gate import SpeechGate
    from voice.pipeline import Listener

    def make(rec: Any) -> Any:
        gate = SpeechGate(rec.sample_rate, speaking=voice.gate_muted)
        whisper = getattr(rec, "second", None)
        if whisper is not None and hasattr(whisper, "answers"):
            # Whisper scores "yes" and "no" only while a question waits for them.
            whisper.answers = voice.answer_waits
        return Listener(rec, RATE, gate=gate, context=lambda: voice.context)

    listener = make(recognizer)
    front = EchoFront(source, voice.playback, cancel=lambda: voice.duplex == "speakers")
    talk = PushToTalkGate(RATE)
    position = 0
    last_ctx: object = object()
    screens: bool | None = None
    resets = 0
    opened: float | None = None
    asked = -1  # what waited for an answer when the utterance in progress began
    barged = False
    for block in source:
        if voice.stopping or voice.reopen:
            break
        if voice.switch_model is not None:
            loaded = voice.load_model(voice.switch_model)
            if loaded is not None:
                with contextlib.suppress(Exception):
                    recognizer.close()  # the fallback and its decode worker
                recognizer = loaded
            voice.switch_model = None
            listener = make(recognizer)
            screens = None  # the new ears are told which model to hear with
        position += len(block) // 2
        voice.level_db = level_db(block)  # the voice check's meter
        # The gate times the signal by audio time: blocks that arrive late or bunched
        # (a busy machine) must not shorten an utterance.
        now = position / source.sample_rate
        if voice.on_screens is not screens:
            screens = voice.on_screens
            hear_screens(recognizer, screens)
        ctx = voice.context
        if ctx is not last_ctx:
            last_ctx = ctx
            for target in (listener, recognizer):
                if hasattr(target, "set_context"):
                    target.set_context(ctx)
                    break
        # The path is not learnt while the player talks: once they barged in, or
        # whenever the game is quiet (an utterance the echo opened is learnt from).
        pcm = front.process(block, listener.gate.in_speech,
                            listener.gate.in_speech and (barged or not voice.speaking()))
        ended = False
        if voice.settings.push_to_talk and not voice.files:  # the files are never held
            pcm, ended = talk.process(pcm, now, voice.ptt_held)
        if ended:  # let go, and the tail has passed: what was said is complete
            done = listener.flush(now)
            listener.partial = ""
        else:
            done = listener.push_resampled(pcm, now) if pcm else []
        if listener.gate.in_speech:
            if opened is None:
                opened, asked = now, voice.asked
            if (not barged and now - opened >= BARGE_IN_SECONDS and voice.speaking()
                    and voice.duplex != "half" and _not_the_game(voice, listener.partial)
                    and may_barge_in(voice.settings, listener.partial)):
                barged = True
                voice.barge_in()  # at once: every 100 ms of talk-over costs words
        talked_over = listener.resets > resets
        resets = listener.resets
        if isinstance(source, ScriptedSource):
            if done:
                source.heard()
            if voice.gate_muted():
                source.drowned()
        voice.mic = _mic_state(voice)
        voice.partial = listener.partial
        if talked_over:
            voice.post(voice.talked_over)
        for utterance in done:
            _deliver(voice, _captured(voice, utterance, opened, now, asked))
        # Only once what was said is queued: the player stays talking until then, so a
        # question never lapses between the end of its answer and the answer heard.
        voice.user_speaking = listener.gate.in_speech or getattr(source, "playing", False)
        # After delivering: an utterance that followed the last one closely holds that
        # one's grace window until it is heard (the player may still be mid-command).
        voice.following = listener.following()
        if not listener.gate.in_speech:
            opened, barged = None, False
    now = position / max(1, source.sample_rate)
    for utterance in listener.flush(now):
        _deliver(voice, _captured(voice, utterance, opened, now, asked))
    voice.partial = ""
    voice.user_speaking = False
    voice.following = math.inf
    return recognizer


def _deliver(voice: ListeningController, got: Captured | None) -> None:
    if got is not None:
        voice.captured(got)


def _not_the_game(voice: ListeningController, partial: str) -> bool:
    """Whether the words heard so far are the player's, not the echo of the game's
    current line (with headphones there is no echo)."""
    playback = voice.playback
    if voice.duplex == "headphones" or playback is None:
        return True
    wall = playback.now()
    return bool(partial) and not is_own_voice(partial, playback.said_between(wall - 3, wall))


def _captured(voice: ListeningController, utterance: Any, opened: float | None,
              now: float, asked: int = -1) -> Captured | None:
    """What the controller is given of an utterance (None: nothing, it was set aside
    for lack of the wake word)."""
    over: tuple[str, ...] = ()
    overlap = 0.0
    playback = voice.playback
    if playback is not None and voice.duplex == "speakers":
        began = opened if opened is not None else utterance.speech_end - 1.0
        wall = playback.now()
        said_from = wall - (now - began)
        over = tuple(playback.said_between(said_from - 0.5, wall))  # and its ring
        overlap = playback.overlap(said_from, wall - (now - utterance.speech_end))
    _log.info("voice: utterance %r (%s, %.2f) turn %s, %.2f s over the game's talk",
              utterance.text, utterance.intent.intent.value, utterance.confidence,
              voice.turn, overlap)
    began = opened if opened is not None else utterance.speech_end - 1.0
    result, intent, text = utterance.result, utterance.intent, utterance.text
    confidence = utterance.confidence
    if voice.settings.wake_word:
        woke = woken(result, voice.context)
        if woke is None:  # not for the game: noted quietly, never answered
            voice.post(lambda: set_aside(voice, result.text))
            return None
        result, intent, text, confidence = woke
    decision = getattr(utterance, "decision", None)
    offered = readings(result, voice.context) if decision is None else decision.offered
    return Captured(intent, confidence, text, voice.turn, voice.context, over, overlap,
                    offered, max(0.0, utterance.speech_end - began),
                    getattr(utterance, "after", math.inf),
                    float(getattr(utterance, "latency_ms", 0.0)),
                    asked if asked >= 0 else voice.asked, heard_instead(decision, intent),
                    asked_instead(decision, intent))


def asked_instead(decision: Any, intent: Intent) -> Intent | None:
    """A question an ear heard where the ears decided an action, to be answered instead:
    a question said must never become a bet ("what's the minimum raise" heard as "min
    raise", "Raise to 20? Say yes or no"; "repeat that" heard as "repeat the pot" and
    "pot" by the other two ears, and raised to 35). Whisper hears whole phrases: its
    question of two words or more stands against any action (a lone "what?" does not);
    an action the ears were unsure of (it would be asked or offered) gives way to
    pocketsphinx's question too. None: none heard."""
    if decision is None or intent.intent not in ACTIONS:
        return None
    unsure = str(getattr(decision, "kind", "")) in ("ask", "offer")
    for reading in getattr(decision, "readings", ()):
        ear = reading.recognizer
        phrase = len(str(reading.text).split()) >= 2
        if reading.usable and reading.intent.intent is IntentKind.QUERY \
                and ((ear == "whisper" and phrase) or (unsure and ear != "spotter")):
            return reading.intent  # type: ignore[no-any-return]
    return None


def heard_instead(decision: Any, intent: Intent) -> str:
    """When the ears decided a yes or no, the words of a command another ear heard (an
    action, a question or a table command), else "": a command said while a question
    waits must not become its answer."""
    if decision is None or intent.intent not in (IntentKind.CONFIRM, IntentKind.DENY):
        return ""
    for reading in getattr(decision, "readings", ()):
        heard = reading.intent
        if reading.usable and heard.intent not in (IntentKind.CONFIRM, IntentKind.DENY) \
                and heard.control is not Control.CANCEL and reading.text:
            return str(reading.text)
    return ""


ACTIONS = frozenset({IntentKind.FOLD, IntentKind.CHECK, IntentKind.CALL, IntentKind.BET,
                     IntentKind.RAISE, IntentKind.ALLIN})


def readings(result: Any, ctx: Any) -> tuple[Intent, ...]:
    """The first two different actions the recognizer's best paths mean (for "1 call ·
    2 all in" when it is unsure)."""
    from voice.understand.parse import parse

    found: dict[object, Intent] = {}
    for text in (getattr(result, "alternatives", ()) or (getattr(result, "text", ""),))[:10]:
        if not text:
            continue
        intent = parse(text, ctx)
        if intent.intent in ACTIONS and intent.error is None:
            found.setdefault(intent.meaning, intent)
        if len(found) == 2:
            break
    return tuple(found.values())


def _mic_state(voice: ListeningController) -> MicState:
    if voice.files or not voice.settings.push_to_talk:
        if voice.gate_muted():
            return MicState.MUTED
        return MicState.FILES if voice.files else MicState.LISTENING
    return MicState.HELD if voice.ptt_held else MicState.PUSH_TO_TALK
