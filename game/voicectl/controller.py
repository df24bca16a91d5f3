"""Hands-free play: the microphone (or scripted WAV files) to commands, and the narrator.

:class:`VoiceController` is owned by the application and started after the first frame
(the recognizer loads in the background). It owns

* an audio thread: source -> :class:`voice.recognize.Listener` (gate with half-duplex:
  nothing is heard while the narrator or any mixer channel plays) -> heard utterances,
  stamped with the player's turn and betting context at the time they were said;
* the :class:`voice.narrator.Narrator` (table events, answers, refusals, each bot's banter
  in its own voice) playing through ``pygame.mixer``;
* the :class:`voice.confirm.ConfirmController` (say-back, grace window, yes/no questions).

Everything that changes the game happens on the main thread in :meth:`update`: a heard
action becomes ``ActCommand(seat, action, "voice")`` only once the confirm machine says
APPLY; queries are answered (spoken and shown); controls become the table's own
``UiCommand``s. A missing microphone turns voice off with a visible and spoken notice and
is tried again between hands.

The pieces live beside it: ``scripted`` (the ``--voice-from`` source), ``speech`` (the
narrator's players and bot voices), ``requests`` (spoken queries and table requests),
``panel`` (what the voice panel shows) and ``devices`` (recognizer and microphone).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import ActionKind
from engine.events import Event, HoleCardsDealt
from engine.sizing import BettingContext
from engine.view import PlayerView
from game.input.commands import ActCommand
from game.settings.model import HUMAN_SEAT, VoiceSettings
from game.voicectl.devices import (
    default_microphone,
    default_recognizer,
    list_microphones,
    unavailable,
)
from game.voicectl.panel import (
    OFF_PANEL,
    SHOWN_SECONDS,
    MicState,
    PanelState,
    VoicePanel,
    build_panel,
)
from game.voicectl.requests import VoiceHost, VoiceTable, answer_query, run_control
from game.voicectl.scripted import QUIET_BEFORE_SCRIPT, ScriptedSource
from game.voicectl.speech import CountingPlayer, CourteousQueue, bot_voice, mixer_player
from voice.audio import AudioSource, AudioUnavailable
from voice.confirm import ConfirmController, ConfirmPolicy, EffectKind, Heard, Phase
from voice.intent import Intent, IntentKind
from voice.narrator import Narrator, Priority, cards_text, say_event, say_turn

__all__ = ["OFF_PANEL", "Captured", "MicState", "VoiceController", "VoicePanel",
           "list_microphones"]  # the panel names are re-exported for the scenes

@dataclass(frozen=True, slots=True)
class Captured:
    """One utterance as the audio thread heard it, with the turn it was said in."""

    intent: Intent
    confidence: float
    text: str
    turn: int | None
    context: BettingContext | None


class VoiceController:
    """Voice in and out for the player at ``seat`` (see the module docstring)."""

    def __init__(self, settings: VoiceSettings, *, seat: int = HUMAN_SEAT,
                 files: Sequence[Path] = (), clock: Callable[[], float] = time.monotonic,
                 narrator: Narrator | None = None,
                 recognizer_factory: Callable[[], tuple[Any, str, str]] | None = None,
                 microphone_factory: Callable[[str], AudioSource] | None = None,
                 sleep: Callable[[float], None] = time.sleep):
        self.settings = settings
        self.seat = seat
        self.files = tuple(files)
        self.clock = clock
        self._sleep = sleep  # the pause between scripted blocks of silence
        self.confirm = ConfirmController(seat, ConfirmPolicy(
            grace=settings.grace_seconds, confirm_allin=settings.confirm_all_in))
        self.narrator = narrator
        self._recognizer_factory = recognizer_factory or default_recognizer
        self._microphone_factory = microphone_factory or default_microphone
        self._heard: queue.Queue[Captured] = queue.Queue()
        self._main: queue.Queue[Callable[[], None]] = queue.Queue()
        self._stop = threading.Event()
        self._retry = threading.Event()
        self._thread: threading.Thread | None = None
        self.started = False
        self.bots_muted = settings.bots_muted
        self.ptt_held = False
        # Published by the main thread, read by the audio thread (single assignments).
        self.turn: int | None = None
        self.context: BettingContext | None = None
        # Written by the audio thread, read for the panel.
        self.partial = ""
        self.user_speaking = False
        self._source: AudioSource | None = None
        self._quiet_since = 0.0
        self.mic = MicState.STARTING
        self.mic_note = "loading the recognizer…"
        self.backend = ""
        self.reason = ""
        self.progress: float | None = None
        self._mic_error: str | None = None
        self._told_error: str | None = None
        self._switch_model: Path | None = None
        # Main thread only.
        self.shown = ""
        self.shown_until = 0.0
        self.heard_text = ""
        self.applied: list[str] = []
        self.transcript: list[str] = []  # heard and said back, for reports
        self._notices: list[tuple[str, bool]] = []
        self._voices: dict[int, tuple[str, int, float]] = {}
        self.panel = VoicePanel(MicState.STARTING, self.mic_note)

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start the narrator and the audio thread (call after the first frame)."""
        if self.started:
            return
        self.started = True
        if self.narrator is None:
            self.narrator = Narrator(CountingPlayer(mixer_player()),
                                     speech_queue=CourteousQueue(self._player_has_floor))
        self.set_voices(self._voices)
        self.narrator.start()
        self._thread = threading.Thread(target=self._audio_main, name="voice-in", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop listening and talking (before ``pygame.quit``)."""
        self._stop.set()
        self._retry.set()
        if self._thread is not None:
            self._thread.join(timeout=3)
            self._thread = None
        if self.narrator is not None:
            self.narrator.interrupt()
            self.narrator.close()

    def configure(self, settings: VoiceSettings) -> None:
        """New choices from the start screen (a new microphone is tried at once)."""
        changed = settings.microphone != self.settings.microphone
        self.settings = settings
        self.confirm.policy = ConfirmPolicy(grace=settings.grace_seconds,
                                            confirm_allin=settings.confirm_all_in)
        self.bots_muted = settings.bots_muted
        if changed and self._mic_error is not None:
            self._retry.set()

    @property
    def lines_played(self) -> int:
        player = self.narrator.player if self.narrator is not None else None
        return player.played if isinstance(player, CountingPlayer) else 0

    def _player_has_floor(self) -> bool:
        """The narrator waits: the player is talking, or a scripted file has started (read
        live from the source, so a line can't slip in before the first block is heard)."""
        return self.user_speaking or bool(getattr(self._source, "playing", False))

    def speaking(self) -> bool:
        """Half-duplex: true while the game is talking."""
        return self.narrator is not None and self.narrator.is_speaking()

    # ------------------------------------------------------------ the audio thread

    def _audio_main(self) -> None:
        try:
            recognizer, self.backend, self.reason = self._recognizer_factory()
        except Exception as err:  # no recognizer at all: mouse only, say why
            message = f"Voice control is off: no speech recognizer could be loaded ({err})."
            self.post(lambda: self._voice_off(message))
            return
        if self.backend != "vosk":
            self._start_download()
        try:
            recognizer = self._listen_while_running(recognizer)
        finally:
            with contextlib.suppress(Exception):
                recognizer.close()

    def _listen_while_running(self, recognizer: Any) -> Any:
        """Open the microphone (or the voice files) and listen until stopped, going
        mouse-only with a notice, and retrying, whenever the device fails; returns the
        recognizer in use at the end."""
        while not self._stop.is_set():
            try:
                source = self._open_source()
            except (AudioUnavailable, Exception) as err:
                message = unavailable(err)
                self.post(lambda m=message: self._voice_off(m))  # type: ignore[misc]
                self._retry.wait()
                self._retry.clear()
                continue
            self._source = source
            try:
                with source:
                    self.mic = MicState.LISTENING
                    self._mic_error = None
                    self.post(self._voice_on)
                    recognizer = self.listen(source, recognizer)
            except (AudioUnavailable, Exception) as err:  # a device error must not end voice
                message = unavailable(err)
                self.post(lambda m=message: self._voice_off(m))  # type: ignore[misc]
                self._retry.wait()
                self._retry.clear()
                continue
            if self.files:
                self.mic, self.mic_note = MicState.FINISHED, "the voice files have played"
                return recognizer
        return recognizer

    def _start_download(self) -> None:
        """Fetch the Vosk model in the background when allowed (never offline)."""
        from voice.models import start_download_if_needed

        with contextlib.suppress(Exception):  # no network, no cache dir: stay on the fallback
            if start_download_if_needed(on_progress=self.download_progress,
                                        on_done=self.model_downloaded) is not None:
                self.progress = 0.0

    def _open_source(self) -> AudioSource:
        if self.files:
            return ScriptedSource(self.files, self._script_ready, sleep=self._sleep,
                                  on_skip=self._file_skipped)
        return self._microphone_factory(self.settings.microphone)

    def _file_skipped(self, message: str) -> None:
        """A ``--voice-from`` file failed (audio thread): tell the player, go on."""
        def tell() -> None:
            self.transcript.append(message)
            self.notices.append((message, True))
        self.post(tell)

    def _script_ready(self) -> bool:
        """A scripted file may play: the player is prompted and the game is quiet."""
        prompted = self.turn is not None or self.confirm.phase is Phase.QUESTION
        now = time.monotonic()
        if self.speaking():
            self._quiet_since = now
        # Quiet for longer than the gate's half-duplex tail and preroll, so the
        # first sound of the phrase isn't cut.
        return prompted and now - self._quiet_since >= QUIET_BEFORE_SCRIPT

    def listen(self, source: AudioSource, recognizer: Any) -> Any:
        """Stream ``source`` through gate, recognizer and parser until it ends, queueing
        what is heard; returns the recognizer in use (it may switch to Vosk). Tests call
        it directly with a WAV source."""
        from voice.gate import SpeechGate
        from voice.recognize import Listener

        def make(rec: Any) -> Any:
            gate = SpeechGate(rec.sample_rate, speaking=self.speaking)
            return Listener(rec, source.sample_rate, gate=gate, context=lambda: self.context)

        listener = make(recognizer)
        position = 0
        last_ctx: object = object()
        for block in source:
            if self._stop.is_set():
                break
            if self._switch_model is not None:
                vosk = self._load_vosk(self._switch_model)
                if vosk is not None:
                    with contextlib.suppress(Exception):
                        recognizer.close()  # the fallback and its decode worker
                    recognizer = vosk
                self._switch_model = None
                listener = make(recognizer)
            position += len(block) // 2
            # The gate times the signal by audio time: blocks that arrive late or bunched
            # (a busy machine) must not shorten an utterance.
            now = position / source.sample_rate
            ctx = self.context
            if ctx is not last_ctx:
                last_ctx = ctx
                for target in (listener, recognizer):
                    if hasattr(target, "set_context"):
                        target.set_context(ctx)
                        break
            if self.settings.push_to_talk and not self.files and not self.ptt_held:
                done = listener.flush(now) if listener.gate.in_speech else []
                listener.partial = ""
            else:
                done = listener.push(block, now)
            if isinstance(source, ScriptedSource):
                if done:
                    source.heard()
                if self.speaking():
                    source.drowned()
            if self.files or not self.settings.push_to_talk:
                self.mic = MicState.MUTED if self.speaking() else MicState.LISTENING
            else:
                self.mic = MicState.HELD if self.ptt_held else MicState.PUSH_TO_TALK
            self.partial = listener.partial
            self.user_speaking = listener.gate.in_speech or getattr(source, "playing", False)
            for utterance in done:
                self._heard.put(Captured(utterance.intent, utterance.confidence,
                                         utterance.text, self.turn, self.context))
        now = position / max(1, source.sample_rate)
        for utterance in listener.flush(now):
            self._heard.put(Captured(utterance.intent, utterance.confidence,
                                     utterance.text, self.turn, self.context))
        self.partial = ""
        self.user_speaking = False
        return recognizer

    def _load_vosk(self, path: Path) -> Any:
        try:
            from voice.recognize import VoskRecognizer
            recognizer = VoskRecognizer(str(path))
        except Exception as err:  # a broken model: keep the fallback
            self.reason = f"The downloaded Vosk model failed to load ({err})"
            return None
        self.backend, self.reason, self.progress = "vosk", f"Using the Vosk model at {path}.", None
        return recognizer

    def model_downloaded(self, path: Path | None, error: str | None) -> None:
        """The downloader's ``on_done`` (its worker thread): switch when it worked."""
        self.progress = None
        if path is not None:
            self._switch_model = path
        elif error:
            self.reason = f"{self.reason} ({error})"

    def download_progress(self, done: int, total: int | None) -> None:
        self.progress = done / total if total else None

    def post(self, call: Callable[[], None]) -> None:
        self._main.put(call)

    # ------------------------------------------------------------ main thread

    def hear(self, intent: Intent, confidence: float = 1.0, text: str = "", *,
             turn: int | str | None = "now") -> None:
        """A recognizer result from outside the audio thread (tests, scripts): stamped
        with the current turn unless ``turn`` is given."""
        stamped = self.turn if turn == "now" else turn
        self._heard.put(Captured(intent, confidence, text, stamped,  # type: ignore[arg-type]
                                 self.context))

    def update(self, host: VoiceHost, table: VoiceTable | None) -> None:
        """One frame: publish the turn, act on what was heard, run the grace window."""
        now = self.clock()
        while True:
            try:
                self._main.get_nowait()()
            except queue.Empty:
                break
        if table is not None:
            turn, ctx = table.voice_turn()
        else:
            turn, ctx = None, None
        if turn != self.turn:
            self.confirm.set_turn(turn)
        self.turn, self.context = turn, ctx
        while True:
            try:
                got = self._heard.get_nowait()
            except queue.Empty:
                break
            if got.text:
                self.heard_text = got.text
                self.transcript.append(f"heard: {got.text}")
            heard = Heard(self.seat, got.turn if got.turn is not None else -1, got.intent,
                          got.confidence, got.context, got.text)
            self._effects(self.confirm.hear(heard, now), host, table, now)
        self._effects(self.confirm.tick(now), host, table, now)
        self.panel = self._panel(now)

    def click(self) -> bool:
        """A click or key during the grace window or a question cancels it; True if it
        did."""
        effects = self.confirm.click(self.clock())
        for effect in effects:
            self._show(effect.text, self.clock())
            self._say(effect.text, Priority.URGENT)
        return bool(effects)

    def answer_yes(self, host: VoiceHost, table: VoiceTable | None) -> None:
        """The Yes button: as if "yes" was said."""
        self.hear(Intent(IntentKind.CONFIRM))
        self.update(host, table)

    def set_push_to_talk(self, held: bool) -> None:
        self.ptt_held = held

    def between_hands(self) -> None:
        """Try the microphone again if it was missing."""
        if self._mic_error is not None and not self.files:
            self._retry.set()

    def _effects(self, effects: list[Any], host: VoiceHost, table: VoiceTable | None,
                 now: float) -> None:
        for effect in effects:
            if effect.kind is EffectKind.SAY:
                text = self._question_text(effect.text)
                self._show(text, now)
                self._say(text, Priority.URGENT)
            elif effect.kind is EffectKind.APPLY and effect.action is not None:
                self.applied.append(f"{effect.action.kind.value}"
                                    + (f" {effect.action.to}" if effect.action.to else ""))
                host.submit(ActCommand(self.seat, effect.action, "voice"))
            elif effect.kind is EffectKind.PASS and effect.heard is not None:
                self._pass(effect.heard.intent, host, table, now)

    def _question_text(self, text: str) -> str:
        """ "All in? Say yes or no" names the amount: "All in for 980? ..."."""
        pending = self.confirm.pending
        if (pending is not None and pending.phase is Phase.QUESTION
                and pending.action.kind is ActionKind.ALLIN and text.startswith("All in?")
                and pending.heard.context is not None):
            return f"All in for {pending.heard.context.all_in_to}?{text[len('All in?'):]}"
        return text

    def _pass(self, intent: Intent, host: VoiceHost, table: VoiceTable | None,
              now: float) -> None:
        if intent.intent is IntentKind.QUERY and intent.query is not None:
            answer_query(self, intent.query, table, now)
        elif intent.intent is IntentKind.CONTROL and intent.control is not None:
            run_control(self, intent.control, host, table, now)

    def reply(self, text: str, now: float) -> None:
        self._show(text, now)
        self._say(text, Priority.URGENT)

    def _show(self, text: str, now: float) -> None:
        self.shown, self.shown_until = text, now + SHOWN_SECONDS
        self.transcript.append(f"said: {text}")

    def _say(self, text: str, priority: Priority, speaker: str = "dealer") -> None:
        if self.narrator is not None:
            self.narrator.say(text, speaker, priority)

    def _voice_off(self, message: str) -> None:
        first = self._told_error != message
        self.mic, self.mic_note = MicState.OFF, "mouse and keyboard only"
        self._mic_error = message
        self._told_error = message
        self.notices.append((message, first))

    def _voice_on(self) -> None:
        if self._told_error is not None:
            self.notices.append(("Voice control is on again.", True))
        self._told_error = None
        self.mic_note = ""

    @property
    def notices(self) -> list[tuple[str, bool]]:
        """Sentences for the table to show (and to say when the flag is true); the
        table takes them with :meth:`take_notices`."""
        return self._notices

    def take_notices(self) -> list[tuple[str, bool]]:
        out, self._notices[:] = list(self._notices), []
        return out

    # ------------------------------------------------------------ narration

    def set_voices(self, voices: dict[int, tuple[str, int, float]]) -> None:
        """Each bot seat's voice (hint, rate, relative pitch) from ``bot.voice``."""
        self._voices = dict(voices)
        if self.narrator is None:
            return
        for index, (seat, (hint, rate, pitch)) in enumerate(sorted(voices.items())):
            self.narrator.voices[f"seat{seat}"] = bot_voice(hint, rate, pitch, index)

    def narrate(self, event: Event, view: PlayerView | None) -> None:
        """Announce an engine event as it is shown."""
        if view is None:
            return
        if isinstance(event, HoleCardsDealt):
            if event.seat == self.seat:
                self._say(f"New hand. You have {cards_text(event.cards)}", Priority.TABLE)
            return
        line = say_event(event, view)
        if line:
            self._say(line, Priority.TABLE)

    def your_turn(self, view: PlayerView) -> None:
        self._say(say_turn(view), Priority.URGENT)

    def notice(self, text: str) -> None:
        """A refusal, a warning or a recovery report: said before anything else."""
        self._say(text, Priority.URGENT)

    def banter(self, seat: int, text: str) -> None:
        """A bot's table talk in its own voice (nothing when the bots are muted)."""
        if not self.bots_muted:
            self._say(text, Priority.BANTER, f"seat{seat}")

    # ------------------------------------------------------------ the panel

    def _panel(self, now: float) -> VoicePanel:
        state = PanelState(self.mic, self.mic_note, self.partial, self.heard_text,
                           self.shown, self.shown_until, self.backend, self.reason,
                           self.progress)
        return build_panel(state, self.confirm.pending, self.confirm.policy.grace, now)
