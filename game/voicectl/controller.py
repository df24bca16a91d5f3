"""Hands-free play: the microphone (or scripted WAV files) to commands, and the narrator.

:class:`VoiceController` is owned by the application and started after the first frame
(the recognizer loads in the background). It owns

* an audio thread (``listening``: echo cancelled, gate, recognizer) -> utterances stamped
  with the player's turn and betting context at the time they were said;
* the :class:`voice.speak.narrator.Narrator` (table events, answers, each bot's banter);
* the :class:`voice.confirm.ConfirmController` (say-back, grace window, yes/no questions).

Everything that changes the game happens on the main thread in :meth:`update`: a heard
action becomes ``ActCommand(seat, action, "voice")`` only once the confirm machine says
APPLY; queries are answered (spoken and shown); controls become the table's own
``UiCommand``s. A missing microphone turns voice off with a visible and spoken notice and
is tried again between hands.

Beside it: ``scripted`` (``--voice-from``), ``speech`` (players, bot voices), ``questions``
(when to ask), ``requests`` (queries), ``panel``, ``devices``, ``model_switch`` (the Vosk
download), ``talk_gate`` and ``room_options`` (push-to-talk, the wake word).
"""

from __future__ import annotations

import math
import queue
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.sizing import BettingContext
from game.input.commands import ActCommand
from game.settings.model import HUMAN_SEAT, VoiceSettings
from game.voicectl.audio_thread import AudioThread
from game.voicectl.devices import (
    Loaded,
    default_microphone,
    default_recognizer,
    list_microphones,
)
from game.voicectl.listening import ACTIONS, Captured, from_the_game, listen
from game.voicectl.model_switch import ModelSwitch
from game.voicectl.narration import Narration
from game.voicectl.panel import (
    OFF_PANEL,
    SHOWN_SECONDS,
    MicState,
    PanelState,
    VoicePanel,
    build_panel,
)
from game.voicectl.questions import (
    NUMBER_WORDS,
    QuestionWatch,
    before_confirm,
    labels,
    offer,
    picked,
    question_text,
)
from game.voicectl.requests import VoiceHost, VoiceTable, answer_query, run_control
from game.voicectl.room_options import panel_extras
from game.voicectl.screens import (
    ABOUT,
    FOCUS,
    Screen,
    ScreenQuestion,
    ScreenReader,
    hear_on_screen,
    read_aloud,
)
from game.voicectl.speech import (
    CountingPlayer,
    CourteousQueue,
    TappedPlayer,
    mixer_player,
)
from game.voicectl.stats import Transcript, VoiceStats
from game.voicectl.turn_time import TurnTime
from game.voicectl.voice_check import SILENT_DB, VoiceCheck
from voice.confirm import ConfirmController, ConfirmPolicy, EffectKind, Heard, Phase
from voice.listen.audio import AudioSource
from voice.listen.echo import Playback
from voice.speak.line import Fate, Priority
from voice.speak.lines import say_turn
from voice.speak.narrator import Narrator
from voice.understand.intent import Control, Intent, IntentKind

__all__ = ["OFF_PANEL", "Captured", "MicState", "VoiceController", "VoicePanel",
           "list_microphones"]  # re-exported for the scenes

OVERLAP_SECONDS = 0.2
"""Speech said over this much of the game's own (through speakers) is asked, not done."""



class VoiceController(AudioThread, ModelSwitch, Narration, TurnTime):
    """Voice in and out for the player at ``seat`` (see the module docstring)."""

    def __init__(self, settings: VoiceSettings, *, seat: int = HUMAN_SEAT,
                 files: Sequence[Path] = (), clock: Callable[[], float] = time.monotonic,
                 narrator: Narrator | None = None,
                 recognizer_factory: Callable[[], Loaded] | None = None,
                 microphone_factory: Callable[[str], AudioSource] | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 playback: Playback | None = None,
                 report: Callable[[str], None] | None = None,
                 listens: bool = True, speech_log: Fate | None = None):
        self.settings = settings
        self.listens = listens  # False: narration only (autoplay with --speech-log)
        self.speech_log = speech_log
        self.scene = "table"  # the screen on top, for the lines said there
        self.seat = seat
        self.files = tuple(files)
        self.clock = clock
        self._sleep = sleep  # the pause between scripted blocks of silence
        self.confirm = ConfirmController(seat, ConfirmPolicy(
            grace=settings.grace_seconds, confirm_allin=settings.confirm_all_in,
            confirm_free_fold=settings.confirm_free_fold))
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
        self.following = math.inf  # the open utterance began this soon after the last
        self.level_db = SILENT_DB  # the last block's level, for the voice check's meter
        self._source: AudioSource | None = None
        self._quiet_since = 0.0
        self.mic = MicState.STARTING
        self.mic_note = "loading the recognizer…"
        self.backend = ""
        self.reason = ""
        self.note = ""
        self.progress: float | None = None
        self.downloading = ""
        self._mic_error: str | None = None
        self._told_error: str | None = None  # told voice is off: "on again" is owed
        self._told: set[str] = set()  # why voice went off, each told once a session
        self._back_at: float | None = None  # the microphone reopened (main-thread clock)
        self.switch_model: Path | None = None
        # The game's own output (the echo canceller's reference); None: half-duplex.
        self.playback = playback
        self._report = report  # where --voice-from news also goes (stderr in headless)
        # Main thread only.
        self.stats = VoiceStats()
        self._last_update: float | None = None
        self._held = 0.0  # clock seconds held for the game's talk this turn
        self._answer_held = 0.0  # and while the player was heard and answered
        self._timed_turn: int | None = None
        self._last_turn_line = ""
        self._last_notice = ""  # the last notice said, none since (said once)
        self._cards_told: tuple[int, ...] = ()  # the player's cards last said
        self.choices: tuple[Intent, ...] = ()  # numbered readings offered, this turn
        self._choices_turn: int | None = None
        self.shown, self.shown_until, self.asking = "", 0.0, ""  # asking: what is pending
        self.heard_text = ""
        self.applied: list[str] = []
        self.transcript: list[str] = Transcript()  # heard and said back, for reports
        self._notices: list[tuple[str, bool]] = []
        self._voices: dict[int, tuple[str, int, float]] = {}
        self.panel = VoicePanel(MicState.STARTING, self.mic_note)
        self.check: VoiceCheck | None = None  # the start screen's voice check, when shown
        self.screen: Screen | None = None  # the screen on top when it is not the table
        self._reader = ScreenReader()
        self._screen_question: ScreenQuestion | None = None
        self.questions = QuestionWatch()  # what waits for a yes or no, numbered
        self.reopen = False  # another microphone was chosen: the audio thread switches

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start the narrator and the audio thread (call after the first frame)."""
        if self.started:
            return
        self.started = True
        if self.narrator is None:
            self.playback = self.playback or Playback(time.monotonic)
            player = TappedPlayer(CountingPlayer(mixer_player()), self.playback)
            self.narrator = Narrator(player,
                                     speech_queue=CourteousQueue(self._player_has_floor))
        if self.speech_log is not None:
            self.narrator.fate = self.speech_log
        self.set_voices(self._voices)
        self.narrator.start()
        if not self.listens:
            self.mic, self.mic_note = MicState.OFF, "narration only"
            return
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
        """New choices from the start screen (a new microphone is opened at once)."""
        changed = settings.microphone != self.settings.microphone
        self.settings = settings
        self.confirm.policy = ConfirmPolicy(grace=settings.grace_seconds,
                                            confirm_allin=settings.confirm_all_in,
                                            confirm_free_fold=settings.confirm_free_fold)
        self.bots_muted = settings.bots_muted
        self.ptt_held = self.ptt_held and settings.push_to_talk
        self.reopen = self.reopen or (changed and not self.files)  # listen to the new one
        if changed and self._mic_error is not None:
            self._retry.set()

    @property
    def lines_played(self) -> int:
        player = self.narrator.player if self.narrator is not None else None
        return player.played if isinstance(player, (CountingPlayer, TappedPlayer)) else 0

    @property
    def on_screens(self) -> bool:
        """A screen other than the table is on top: it listens, with its own words."""
        return self.screen is not None

    def read_screen(self, scene: Screen) -> None:
        """Say what is new on the screen on top (its opening, its focused item)."""
        describe = getattr(scene, "describe", None)
        desc = describe() if describe is not None else None
        if desc is not None:
            self.scene = desc.scene
        if self.narrator is None:  # read once there is a voice to read with
            return
        was = self._reader.name
        read_aloud(self, self._reader.read(scene, desc))
        if desc is None or was in ("", desc.scene):
            return
        if desc.scene == "start" and was == "table":  # left: the table's news is moot
            self.narrator.queue.drop(lambda line: line.scene == "table")
        # A screen left before it was read out: what it is and what to say there is moot.
        self.narrator.queue.drop(lambda line: line.scene == was and line.topic in (ABOUT, FOCUS))
        view_of = getattr(scene, "voice_view", None)
        view = view_of() if view_of is not None else None
        if desc.scene == "table" and self.turn is not None and view is not None:
            self._say(f"Back at the table. {say_turn(view)}", Priority.URGENT, scene="table")

    def say_out(self, timeout: float) -> None:
        """Let what is queued be said (up to ``timeout`` seconds) before the game closes
        at the end of a run: the last hand's lines are heard, and logged as said."""
        if self.narrator is not None and self.started:
            self.narrator.wait_quiet(timeout)

    def say_goodbye(self, line: str) -> bool:
        """Say the goodbye before the game closes, the last line (what still waits to be
        said is dropped); False when there is no voice out."""
        if self.narrator is None:
            return False
        self.narrator.queue.interrupt()  # what waits is moot: the goodbye is the last line
        self._say(line, Priority.URGENT)
        return True

    def _player_has_floor(self) -> bool:
        """The narrator waits: the player is talking, or a scripted file has started (read
        live from the source, so a line can't slip in before the first block is heard)."""
        return self.user_speaking or bool(getattr(self._source, "playing", False))

    def speaking(self) -> bool:
        """True while the game is talking."""
        return self.narrator is not None and self.narrator.is_speaking()

    def answering(self) -> bool:
        """The player is heard and answered: they are talking, what they said waits to
        be handled, or a line for them is queued or being said (the turn clock waits)."""
        if self.answer_coming():
            return True
        return self.narrator is not None and self.narrator.answering()

    def has_more_to_say(self) -> bool:
        """Lines are queued, being made or playing: the game is not done talking (a line
        queued is not yet being spoken, so :meth:`speaking` is False for it)."""
        return self.narrator is not None and not self.narrator.quiet()

    @property
    def duplex(self) -> str:
        """How the microphone listens while the game talks: "headphones" (it can't hear
        the game), "speakers" (the game's voice is cancelled from it) or "half" (no
        reference to cancel: nothing is heard while the game talks)."""
        if self.settings.headphones:
            return "headphones"
        return "speakers" if self.playback is not None else "half"

    def gate_muted(self) -> bool:
        """Half-duplex only: the gate discards what it hears while the game talks."""
        return self.duplex == "half" and self.speaking()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def listen(self, source: AudioSource, recognizer: Any) -> Any:
        """Stream ``source`` through gate, recognizer and parser until it ends, queueing
        what is heard; returns the recognizer in use (it may switch to Vosk). Tests call
        it directly with a WAV source."""
        return listen(self, source, recognizer)

    # ------------------------------------------------------------ main thread

    @property
    def asked(self) -> int:
        """The number of what waits for an answer now (read by the audio thread)."""
        return self.questions.asked

    def hear(self, intent: Intent, confidence: float = 1.0, text: str = "", *,
             turn: int | str | None = "now", asked: int | None = None) -> None:
        """A recognizer result from outside the audio thread (tests, scripts): stamped
        with the current turn and question unless ``turn`` or ``asked`` is given."""
        stamped = self.turn if turn == "now" else turn
        self._heard.put(Captured(intent, confidence, text, stamped,  # type: ignore[arg-type]
                                 self.context,
                                 asked=self.asked if asked is None else asked))

    def update(self, host: VoiceHost, table: VoiceTable | None) -> None:
        """One frame: publish the turn, act on what was heard, run the grace window."""
        now = self.clock()
        while True:
            try:
                self._main.get_nowait()()
            except queue.Empty:
                break
        self._back_on(now)
        if table is not None:
            turn, ctx = table.voice_turn()
        else:
            turn, ctx = None, None
        if turn != self.turn:
            self.confirm.set_turn(turn)
        self.turn, self.context = turn, ctx
        self._time_turn(now)
        self._watch(now)
        while True:
            try:
                got = self._heard.get_nowait()
            except queue.Empty:
                break
            self._handle(got, host, table, now)
            self._watch(now)
        if self.answer_coming() or self.has_more_to_say():
            self.confirm.keep_asking(now)  # a question lapses only after quiet
        hold = self.confirm.policy.continues(self.following)
        self._effects(self.confirm.tick(now, hold=hold), host, table, now)
        self._watch(now)
        self.panel = self._panel(now)

    def _watch(self, now: float) -> None:
        """Number what waits for an answer now (see :class:`QuestionWatch`)."""
        self.questions.update(self.confirm.pending, self.screen, self._screen_question, now)

    def _handle(self, got: Captured, host: VoiceHost, table: VoiceTable | None,
                now: float) -> None:
        """One utterance: the game's own voice is set aside; anything else is heard and
        gets an answer (said back, asked, answered or told why not)."""
        if self.check is not None and self.check.take(got.text, got.intent):
            return  # the start screen's voice check: nothing acts there
        if from_the_game(got):
            self.transcript.append(f"not the player (the game's own voice): {got.text}")
            self._notices.append((f"Ignored the game's own voice: “{got.text}”", False))
            return
        self.stats.heard += 1
        if got.latency_ms > 0:
            self.stats.latencies_ms.append(got.latency_ms)
        if got.text:
            self.heard_text = got.text
            self.transcript.append(f"heard: {got.text}")
        late = self.questions.late(got.intent, got.text, got.asked, self.confirm.pending, now)
        if late is not None:  # a yes or no never answers another question than its own
            self.stats.answered += 1
            self.reply(late, now)
            return
        if self.screen is not None:  # a screen around the table listens
            self.stats.answered += 1
            self._screen_question = hear_on_screen(
                self, self.screen, host, got.intent, got.confidence,
                self.confirm.policy.min_confidence, self._screen_question, now,
                lambda query: answer_query(self, query, table, now))
            return
        self._screen_question = None
        refusal = getattr(table, "rebuy_refusal", None)
        why = refusal() if refusal is not None and got.intent.control is Control.REBUY \
            else None
        if why:  # a rebuy the table refuses (a freeze-out): the reason, never a question
            self.stats.answered += 1
            self.reply(why, now)
            return
        if got.intent.control in (Control.LEAVE, Control.QUIT) \
                and self.confirm.pending is None:  # always asked, by a dialog of its own
            self.stats.answered += 1
            if got.intent.control is Control.LEAVE:
                host.ask_to_leave()
            else:
                host.ask_to_quit()
            return
        confidence = got.confidence
        talked_over = got.overlap >= OVERLAP_SECONDS and self.duplex == "speakers"
        if talked_over and got.intent.intent is IntentKind.CONFIRM:
            # A "yes" over the game's own "say yes or no" could be its echo: not taken.
            self.stats.answered += 1
            self.reply("I was talking: say that again", now)
            return
        if talked_over and got.intent.intent in ACTIONS:
            # Said over the game's voice through speakers: what the canceller left
            # could still be the game's own, so an action is asked, never just done.
            confidence = min(confidence, self.confirm.policy.min_confidence / 2)
        intent = got.intent
        if got.question is not None:  # unsure of an action, sure another ear heard a question
            intent, confidence = got.question, 1.0
        if self.choices and self._choices_turn == self.turn:
            index = picked(got.text)
            if index is not None:  # "one" / "two": the reading the player means
                intent, confidence = self.choices[index], 1.0
            self.choices = ()
        elif (intent.intent in ACTIONS and confidence < self.confirm.policy.min_confidence
              and len(got.readings) == 2 and not talked_over and got.turn == self.turn
              and self.turn is not None):
            self._offer(got, now)
            return
        intent, confidence, again = before_confirm(
            self.confirm.pending, intent, confidence, self.confirm.policy, got.context,
            got.text, talked_over, got.instead)
        if again:  # a weak yes to a fold or an all-in: the question again
            self.stats.answered += 1
            self.reply(again, now)
            return
        heard = Heard(self.seat, got.turn if got.turn is not None else -1, intent,
                      confidence, got.context, got.text, got.after)
        effects = self.confirm.hear(heard, now)
        if any(e.kind is not EffectKind.DROP for e in effects):
            self.stats.answered += 1
            self._effects(effects, host, table, now)
        elif effects:  # a turn that is over, or not the player's: say so
            self.stats.answered += 1
            self.reply("It's not your turn: say it again when it is" if self.turn is None
                       else "That was for an earlier turn: say it again", now)
        else:
            self.stats.dropped += 1

    def _offer(self, got: Captured, now: float) -> None:
        """Unsure between two readings: shown numbered, "one or two?" asked."""
        self.confirm.replace_said_back()
        self.choices, self._choices_turn = got.readings, self.turn
        self.stats.asked_in(self.turn, offered=True)
        self.stats.answered += 1
        shown, said = offer(got.readings, got.context)
        self._show(shown, now)
        self._say(said, Priority.URGENT)

    def answer_coming(self) -> bool:
        """The player is talking, or something they said waits to be handled (read in
        this order: the audio thread queues an utterance before it marks the player
        quiet, so one in between is never missed)."""
        talking = self.user_speaking
        return talking or not self._heard.empty()

    def answer_waits(self) -> bool:
        """Whether a yes or no may answer something now: a question at the table, or a
        screen on top (a dialog's "Leave the table?", the rebuy's "yes"; Whisper then also
        listens for them, and the ears take a sure yes: over the player's turn, with the
        table's commands as Whisper's choices, "yes" was decided as nothing). Read on the
        recognizer's thread: attribute reads, no lock needed."""
        return self.confirm.phase is Phase.QUESTION or self.screen is not None

    def talked_over(self) -> None:
        """Half-duplex: the game began talking while the player was (their words were
        thrown away); ask them to say it again rather than stay silent."""
        self.stats.heard += 1
        self.stats.talked_over += 1
        self.stats.answered += 1
        self.reply("Sorry, I was talking. Say that again", self.clock())

    def barge_in(self) -> None:
        """The player started talking over the game: it stops and listens (called on
        the audio thread; the queue and the mixer's stop are thread-safe)."""
        if self.narrator is not None and self.speaking():
            self.stats.barge_ins += 1
            self.narrator.interrupt(keep_table=True)  # the table's news is still owed

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

    def pick(self, index: int, host: VoiceHost, table: VoiceTable | None) -> None:
        """A click on the numbered reading ``index``: as if its number was said (the
        same path as the spoken "one" / "two")."""
        if self.choices and self._choices_turn == self.turn and 0 <= index < len(self.choices):
            self.hear(Intent(IntentKind.UNKNOWN), 1.0, NUMBER_WORDS[index])
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
                text = question_text(effect.text, self.confirm.pending)
                if text.endswith("Say yes or no"):
                    self.stats.asked_in(self.turn)
                self._show(text, now)
                self.asking = text if self.confirm.pending is not None else ""
                self._say(text, Priority.URGENT)
            elif effect.kind is EffectKind.APPLY and effect.action is not None:
                self.stats.applied_in(self.turn)
                self.applied.append(f"{effect.action.kind.value}"
                                    + (f" {effect.action.to}" if effect.action.to else ""))
                host.submit(ActCommand(self.seat, effect.action, "voice"))
                self.turn = None  # over: no voice file may start before the table acts
            elif effect.kind is EffectKind.PASS and effect.heard is not None:
                self._pass(effect.heard.intent, host, table, now)

    def _pass(self, intent: Intent, host: VoiceHost, table: VoiceTable | None,
              now: float) -> None:
        if intent.intent is IntentKind.QUERY and intent.query is not None:
            answer_query(self, intent.query, table, now)
        elif intent.intent is IntentKind.CONTROL and intent.control is not None:
            run_control(self, intent.control, host, table, now)

    def reply(self, text: str, now: float, topic: str = "") -> None:
        """Answer the player: shown on the panel and said before the table's lines."""
        self._last_notice = ""
        self._show(text, now)
        self._say(text, Priority.URGENT, topic=topic)

    def _show(self, text: str, now: float) -> None:
        self.shown, self.shown_until = text, now + SHOWN_SECONDS
        self.transcript.append(f"said: {text}")

    def _say(self, text: str, priority: Priority, speaker: str = "dealer",
             topic: str = "", scene: str = "", brief: str = "") -> None:
        if self.narrator is not None:
            self.narrator.say(text, speaker, priority, topic, scene or self.scene, brief)

    @property
    def notices(self) -> list[tuple[str, bool]]:
        """Sentences for the table to show (said when the flag is true)."""
        return self._notices

    def take_notices(self) -> list[tuple[str, bool]]:
        out, self._notices[:] = list(self._notices), []
        return out

    # ------------------------------------------------------------ the panel

    def _panel(self, now: float) -> VoicePanel:
        state = PanelState(self.mic, self.mic_note, self.partial, self.heard_text,
                           self.shown, self.shown_until, self.backend, self.note,
                           self.progress, self.asking, self.downloading)
        offered = self.choices if self._choices_turn == self.turn else ()
        return build_panel(state, self.confirm.pending, self.confirm.policy.grace, now,
                           labels(offered, self.context), **panel_extras(self.settings))
