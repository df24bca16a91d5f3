"""Voice out: every line rendered to a WAV by one pyttsx3 engine, played by the game.

* :class:`Pyttsx3Renderer` turns a line into a WAV file in a speaker's voice
  (espeak-ng through pyttsx3), checking the file isn't empty.
* :class:`SpeechQueue` orders lines: table events before bot banter, banter that has
  waited too long dropped; ``interrupt`` empties it.
* :class:`Narrator` is the worker thread that owns the one engine, renders queued lines
  and hands them to a :class:`Player` (``PygameMixerPlayer`` in the game). Its
  ``is_speaking`` feeds the half-duplex gate.
* The ``say_*`` functions and :func:`answer` write what a player who can't see the
  screen needs to hear, from engine events and a ``PlayerView``.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from pathlib import Path
from typing import Any, Protocol

from engine.actions import ActionKind
from engine.cards import Card, card_name
from engine.events import (
    ActionTaken,
    Event,
    HandShown,
    PotAwarded,
    StreetDealt,
)
from engine.sizing import BettingContext
from engine.view import PlayerView
from voice.speak.ear import for_the_ear
from voice.understand.intent import Query


class SpeechError(RuntimeError):
    """A line could not be rendered to audio."""


@dataclass(frozen=True, slots=True)
class VoiceSpec:
    """How one speaker sounds: an espeak-ng voice id (with an optional ``+variant``),
    words per minute and pitch (0-99)."""

    voice: str = "gmw/en-us"
    rate: int = 170
    pitch: int = 50
    volume: float = 1.0


def _quiet(*args: object, **kwargs: object) -> None:
    """Stands in for ``print`` inside pyttsx3's espeak driver (see ``_engine``)."""


class Pyttsx3Renderer:
    """One pyttsx3 engine (espeak-ng on Linux) rendering lines to WAV files.

    Not thread-safe: create and use it on one thread (the narrator's worker). espeak-ng
    can only be initialised once per process, so the engine is made on first use and
    kept; ``save_to_file`` + ``runAndWait`` is the only call pattern used, one line at a
    time, because queueing several lines in one ``runAndWait`` loses all but the last
    with the 2.99 espeak driver.
    """

    def __init__(self, driver: str = "espeak", retries: int = 1):
        self._driver = driver
        self._retries = retries
        self._engine: Any = None

    def _get_engine(self) -> Any:
        if self._engine is None:
            import pyttsx3

            try:
                self._engine = pyttsx3.init(self._driver)
            except Exception as err:  # RuntimeError, OSError from a missing libespeak
                raise SpeechError(f"The speech engine could not start ({err})") from None
            # The 2.99 espeak driver prints a line per saved file; keep stdout for the
            # JSON tools and the terminal progress bar.
            module = sys.modules.get("pyttsx3.drivers.espeak")
            if module is not None:
                module.print = _quiet  # type: ignore[attr-defined]
        return self._engine

    def voices(self) -> list[str]:
        """Voice ids the engine offers."""
        return [str(v.id) for v in self._get_engine().getProperty("voices")]

    def render(self, text: str, spec: VoiceSpec, path: str | Path) -> Path:
        """Render ``text`` in ``spec``'s voice to ``path``; SpeechError if the file comes
        out empty after the retries."""
        if not text.strip():
            raise SpeechError("Nothing to say")
        engine = self._get_engine()
        path = Path(path)
        for _attempt in range(self._retries + 1):
            try:
                engine.setProperty("voice", spec.voice)
                engine.setProperty("rate", spec.rate)
                engine.setProperty("volume", spec.volume)
                with contextlib.suppress(KeyError, ValueError):  # drivers without pitch
                    engine.setProperty("pitch", spec.pitch)
                path.unlink(missing_ok=True)
                engine.save_to_file(text, str(path))
                engine.runAndWait()
            except (RuntimeError, ValueError, OSError) as err:
                last = str(err)
                continue
            frames = wav_frames(path)
            if frames > 0:
                return path
            last = "the audio file was empty"
        raise SpeechError(f"Could not render {text[:40]!r}: {last}")


def wav_frames(path: Path) -> int:
    """Frames in a WAV file, 0 when missing or unreadable."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes()
    except (OSError, wave.Error, EOFError):
        return 0


# --- voices -------------------------------------------------------------------------------

DEALER = "dealer"
NARRATOR_VOICE = VoiceSpec("gmw/en-us", 175, 45)
BOT_VOICES: tuple[VoiceSpec, ...] = (
    VoiceSpec("gmw/en-gb-x-rp+m3", 165, 35),
    VoiceSpec("gmw/en-us+f3", 180, 65),
    VoiceSpec("gmw/en-gb-scotland+m1", 155, 50),
    VoiceSpec("gmw/en-us-nyc+f2", 190, 58),
    VoiceSpec("gmw/en-029+m5", 160, 42),
)
"""Distinct voices for the bots (variant, rate and pitch all differ)."""


def voice_for(speaker: str, bot_index: int | None = None) -> VoiceSpec:
    """The dealer's voice, or the ``bot_index``-th bot's."""
    if speaker == DEALER or bot_index is None:
        return NARRATOR_VOICE
    return BOT_VOICES[bot_index % len(BOT_VOICES)]


# --- the queue ----------------------------------------------------------------------------


class Priority(IntEnum):
    """Lower plays first."""

    URGENT = 0    # answers to the player, "your turn", errors
    TABLE = 1     # actions, cards, pots, results
    BANTER = 2    # bot chatter


@dataclass(frozen=True, slots=True)
class Line:
    """One thing to say: ``speaker`` names a voice (see :class:`Narrator` ``voices``)."""

    text: str
    speaker: str = DEALER
    priority: Priority = Priority.TABLE
    created: float = 0.0
    topic: str = ""  # "action": a seat's action, stale once the player's turn comes
    scene: str = ""  # the screen it belongs to ("table", "start", "rebuy", ...)


Fate = Callable[[Line, bool, str], None]
"""Told once per line when its fate is known: ``(line, spoken, why)``; ``spoken`` is
true once it was said to the end, else ``why`` says what became of it ("dropped": never
started, "interrupted": cut off, "replaced": folded into a shorter line, "failed": it
could not be rendered). The speech log (``--speech-log``) is one such listener."""


def _no_fate(line: Line, spoken: bool, why: str) -> None:
    """The default :data:`Fate`: nobody listens."""


class SpeechQueue:
    """Lines by priority then age; banter older than ``banter_max_age`` is dropped.

    Thread-safe; ``pop`` blocks up to ``timeout``. Time is injected (``clock``).
    """

    def __init__(self, banter_max_age: float = 4.0, clock: Callable[[], float] = time.monotonic,
                 max_banter: int = 3):
        self._heap: list[tuple[int, float, int, Line]] = []
        self._counter = itertools.count()
        self._cv = threading.Condition()
        self._clock = clock
        self.banter_max_age = banter_max_age
        self.max_banter = max_banter
        self.dropped = 0
        self.fate: Fate = _no_fate  # told of every line that is not said

    def put(self, line: Line) -> None:
        """Queue a line (its ``created`` time is filled in when 0)."""
        if not line.created:
            line = replace(line, created=self._clock())
        with self._cv:
            if line.priority is Priority.BANTER and self._banter() >= self.max_banter:
                self.dropped += 1
                self.fate(line, False, "dropped")
                return
            heapq.heappush(self._heap, (int(line.priority), line.created,
                                        next(self._counter), line))
            self._cv.notify()

    def _banter(self) -> int:
        return sum(1 for entry in self._heap if entry[3].priority is Priority.BANTER)

    def pop(self, timeout: float | None = 0.0) -> Line | None:
        """The next line still worth saying, or None when there is none in time."""
        deadline = None if timeout is None else self._clock() + timeout
        with self._cv:
            while True:
                while self._heap:
                    line = heapq.heappop(self._heap)[3]
                    if (line.priority is Priority.BANTER
                            and self._clock() - line.created > self.banter_max_age):
                        self.dropped += 1
                        self.fate(line, False, "dropped")
                        continue
                    return line
                remaining = None if deadline is None else deadline - self._clock()
                if remaining is not None and remaining <= 0:
                    return None
                self._cv.wait(remaining if remaining is None else min(remaining, 0.1))

    def interrupt(self, keep: Priority | None = None) -> int:
        """Drop queued lines (those less urgent than ``keep`` when given); returns how
        many."""
        with self._cv:
            gone = [e[3] for e in self._heap if keep is None or e[3].priority > keep]
            self._heap = [] if keep is None else [e for e in self._heap
                                                  if e[3].priority <= keep]
            heapq.heapify(self._heap)
        for line in sorted(gone, key=lambda line: line.created):
            self.fate(line, False, "dropped")
        return len(gone)

    def drop(self, stale: Callable[[Line], bool]) -> int:
        """Drop the queued lines ``stale`` picks (news the player no longer needs);
        returns how many."""
        with self._cv:
            gone = [e[3] for e in self._heap if stale(e[3])]
            self._heap = [e for e in self._heap if not stale(e[3])]
            heapq.heapify(self._heap)
            self.dropped += len(gone)
        for line in sorted(gone, key=lambda line: line.created):
            self.fate(line, False, "dropped")
        return len(gone)

    def __len__(self) -> int:
        with self._cv:
            return len(self._heap)


# --- playing ------------------------------------------------------------------------------


class Player(Protocol):
    """Plays rendered lines; the game's mixer, or a fake in tests."""

    def play(self, path: Path, line: Line) -> None:
        """Start playing ``path`` (returns at once)."""
        ...

    def is_busy(self) -> bool:
        """True while anything the game plays is audible."""
        ...

    def stop(self) -> None:
        """Cut off whatever is playing."""
        ...


class PygameMixerPlayer:
    """Plays lines on a reserved ``pygame.mixer`` channel; ``is_busy`` is true while
    any mixer channel plays (sound effects too: the microphone must not hear them).

    Works with ``SDL_AUDIODRIVER=dummy``. The mixer must be initialised by the game.
    """

    def __init__(self, channel: int = 0):
        import pygame

        self._pygame = pygame
        if not pygame.mixer.get_init():
            raise SpeechError("pygame.mixer is not initialised")
        if pygame.mixer.get_num_channels() <= channel:
            pygame.mixer.set_num_channels(channel + 1)
        pygame.mixer.set_reserved(channel + 1)
        self._channel = pygame.mixer.Channel(channel)
        self._sound: Any = None

    def play(self, path: Path, line: Line) -> None:
        self._sound = self._pygame.mixer.Sound(str(path))
        self._channel.play(self._sound)

    def is_busy(self) -> bool:
        return bool(self._pygame.mixer.get_busy())

    def stop(self) -> None:
        self._channel.stop()


# --- the worker ---------------------------------------------------------------------------


class Narrator:
    """A thread that owns the TTS engine: renders queued lines and plays them in turn.

    ``voices`` maps speaker names to voices (the dealer's by default). ``is_speaking``
    is true from the moment a line is taken for playing until the player goes quiet,
    so the gate can discard what the microphone hears meanwhile.
    """

    def __init__(self, player: Player, voices: dict[str, VoiceSpec] | None = None,
                 renderer: Pyttsx3Renderer | None = None, speech_queue: SpeechQueue | None = None,
                 workdir: str | Path | None = None, on_error: Callable[[str], None] | None = None,
                 fate: Fate | None = None):
        self.player = player
        self.voices = {DEALER: NARRATOR_VOICE, **(voices or {})}
        self.queue = speech_queue or SpeechQueue()
        self._listener: Fate = fate or _no_fate
        self._open = 0  # lines queued whose fate is not yet told
        self._open_lock = threading.Lock()
        self.queue.fate = self._told
        self._renderer = renderer
        self._tmp = tempfile.TemporaryDirectory(prefix="holdem-speech-") if workdir is None \
            else None
        self._workdir = Path(workdir) if workdir is not None else Path(self._tmp.name)  # type: ignore[union-attr]
        self._on_error = on_error
        self._stop = threading.Event()
        self._busy = threading.Event()
        self._cut = threading.Event()  # the line playing was stopped before its end
        self._thread: threading.Thread | None = None
        self._count = 0
        self.last_line: Line | None = None
        self.errors: list[str] = []

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="narrator", daemon=True)
            self._thread.start()

    @property
    def fate(self) -> Fate:
        """Who is told each line's fate (the speech log)."""
        return self._listener

    @fate.setter
    def fate(self, listener: Fate) -> None:
        self._listener = listener

    def _told(self, line: Line, spoken: bool, why: str) -> None:
        with self._open_lock:
            self._open = max(0, self._open - 1)
        self._listener(line, spoken, why)

    def say(self, text: str, speaker: str = DEALER, priority: Priority = Priority.TABLE,
            topic: str = "", scene: str = "") -> None:
        """Queue a line, said for the ear (:func:`voice.speak.ear.for_the_ear`)."""
        text = for_the_ear(text)
        if text:
            with self._open_lock:
                self._open += 1
            self.queue.put(Line(text, speaker, priority, topic=topic, scene=scene))

    def quiet(self) -> bool:
        """Nothing queued, being rendered or playing: every line said has its fate."""
        with self._open_lock:
            return self._open == 0 and not self.player.is_busy()

    def interrupt(self) -> None:
        """Stop talking now and forget what was queued."""
        self.queue.interrupt()
        if self._busy.is_set():
            self._cut.set()
        self.player.stop()

    def is_speaking(self) -> bool:
        return self._busy.is_set() or self.player.is_busy()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the worker (waits for the line being rendered) and remove the files; the
        lines still queued are told as dropped."""
        self._stop.set()
        if self._busy.is_set():
            self._cut.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.queue.interrupt()
        if self._tmp is not None:
            self._tmp.cleanup()

    def wait_quiet(self, timeout: float) -> bool:
        """Block until nothing is queued or playing (the goodbye said before the game
        closes); False when ``timeout`` seconds passed first."""
        deadline = time.monotonic() + timeout
        while not self.quiet():
            if time.monotonic() >= deadline or self._thread is None:
                return False
            time.sleep(0.02)
        return True

    def _run(self) -> None:
        renderer = self._renderer or Pyttsx3Renderer()
        while not self._stop.is_set():
            line = self.queue.pop(timeout=0.1)
            if line is None:
                continue
            self._cut.clear()
            self._busy.set()
            spoken, why = False, "failed"
            try:
                self._count += 1
                path = self._workdir / f"line-{self._count % 64}.wav"
                spec = self.voices.get(line.speaker, NARRATOR_VOICE)
                renderer.render(line.text, spec, path)
                if self._cut.is_set() or self._stop.is_set():
                    spoken, why = False, "interrupted"
                    continue
                self.player.play(path, line)
                self.last_line = line if line.priority is not Priority.BANTER else self.last_line
                while self.player.is_busy() and not self._stop.is_set():
                    time.sleep(0.02)
                cut = self._cut.is_set() or self.player.is_busy()
                spoken, why = not cut, "interrupted" if cut else ""
            except SpeechError as err:
                self.errors.append(str(err))
                if self._on_error is not None:
                    self._on_error(str(err))
            finally:
                self._busy.clear()
                self._told(line, spoken, why)


# --- what to say --------------------------------------------------------------------------

_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK: "checks", ActionKind.CALL: "calls",
          ActionKind.BET: "bets", ActionKind.RAISE: "raises to", ActionKind.ALLIN: "goes all in"}


def cards_text(cards: Sequence[Card]) -> str:
    """ "Ace of hearts, King of spades and Ten of clubs"."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _name(view: PlayerView, seat: int) -> str:
    return "You" if seat == view.seat else view.names[seat]


def say_action(event: ActionTaken, view: PlayerView) -> str:
    """ "Maniac raises to 60", "You call 20", "Rock goes all in for 340"."""
    who = _name(view, event.seat)
    you = event.seat == view.seat
    kind = event.kind
    if kind is ActionKind.ALLIN or (event.all_in and kind is not ActionKind.FOLD):
        return f"{who} {'go' if you else 'goes'} all in for {event.to}"
    verb = _VERBS[kind]
    if you:
        verb = verb.replace("folds", "fold").replace("checks", "check").replace(
            "calls", "call").replace("bets", "bet").replace("raises", "raise")
    if kind is ActionKind.CALL:
        return f"{who} {verb} {event.added}"
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return f"{who} {verb} {event.to}"
    return f"{who} {verb}"


def say_street(event: StreetDealt, pot: int) -> str:
    """ "The flop: Ace of hearts, Seven of clubs and Two of spades. Pot 60"."""
    return f"The {event.street.value}: {cards_text(event.cards)}. Pot {pot}"


def say_shown(event: HandShown, view: PlayerView) -> str:
    return f"{_name(view, event.seat)} {'show' if event.seat == view.seat else 'shows'} " \
           f"{cards_text(event.cards)}: {event.description}"


def say_award(event: PotAwarded, view: PlayerView) -> str:
    winners = [f"{_name(view, seat)} {'win' if seat == view.seat else 'wins'} {chips}"
               for seat, chips in event.shares]
    tail = f" with {event.description}" if event.description else ""
    return " and ".join(winners) + tail


def say_turn(view: PlayerView) -> str:
    """Whose turn it is; for the player: "Your turn: 40 to call, pot 135"."""
    if view.finished or view.to_act is None:
        return "The hand is over"
    if view.to_act != view.seat:
        return f"{view.names[view.to_act]} to act"
    ctx = view.context
    if ctx is None:
        return "Your turn"
    owe = f"{min(ctx.to_call, ctx.stack)} to call" if ctx.to_call else "you can check"
    return f"Your turn: {owe}, pot {ctx.pot}"


def say_event(event: Event, view: PlayerView) -> str | None:
    """The line announcing an engine event for ``view``'s player, None for silent ones."""
    if isinstance(event, ActionTaken):
        return say_action(event, view)
    if isinstance(event, StreetDealt):
        return say_street(event, view.pot)
    if isinstance(event, HandShown):
        return say_shown(event, view) if not event.mucked else None
    if isinstance(event, PotAwarded):
        return say_award(event, view)
    return None


@dataclass(frozen=True, slots=True)
class TournamentStatus:
    """What a Sit & Go's questions are answered from (``stack`` None once the player is
    out; ``hands_to_next`` None when levels rise by the clock)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    next_small_blind: int
    next_big_blind: int
    next_ante: int
    hands_to_next: int | None
    seconds_to_next: float | None
    stack: int | None


TOURNAMENT_QUERIES = frozenset({Query.LEVEL, Query.NEXT_LEVEL, Query.BIG_BLINDS})


def _blinds(small: int, big: int, ante: int) -> str:
    return f"{small} {big}" + (f", ante {ante}" if ante else "")


def _big_blinds(chips: int, big_blind: int) -> str:
    bb = round(chips / big_blind, 1)
    text = f"{bb:.0f}" if bb >= 20 or bb == int(bb) else f"{bb:.1f}"
    return f"{text} big blind{'' if text == '1' else 's'}"


def answer_tournament(query: Query, status: TournamentStatus | None,
                      view: PlayerView | None = None) -> str:
    """The answer to a Sit & Go question ("what level is it", "when do the blinds go up",
    "how many big blinds do I have"); at the cash table, what can be said there."""
    if status is None:
        if query is Query.BIG_BLINDS and view is not None:
            chips = view.stacks[view.seat] + view.street_bets[view.seat]
            return f"You have {_big_blinds(view.stacks[view.seat], view.big_blind)}" \
                if chips else "You have no chips"
        return "This is a cash table: the blinds don't go up"
    if query is Query.LEVEL:
        return (f"Level {status.level}: blinds "
                f"{_blinds(status.small_blind, status.big_blind, status.ante)}")
    if query is Query.NEXT_LEVEL:
        to = _blinds(status.next_small_blind, status.next_big_blind, status.next_ante)
        if status.hands_to_next is not None:
            hands = status.hands_to_next
            when = "next hand" if hands == 0 else \
                f"in {hands} hand{'' if hands == 1 else 's'}"
        else:
            seconds = int(status.seconds_to_next or 0)
            minutes = seconds // 60
            when = (f"in {minutes} minute{'' if minutes == 1 else 's'}" if minutes
                    else f"in {seconds} seconds")
        return f"The blinds go up {when}, to {to}"
    if status.stack is None:
        return "You're out of this Sit & Go"
    return f"You have {_big_blinds(status.stack, status.big_blind)}"


def answer(query: Query, view: PlayerView, *, last_line: str | None = None,
           odds: Callable[[PlayerView], str] | None = None,
           help_text: Callable[[BettingContext], str] | None = None) -> str:
    """The spoken answer to a query intent from ``view`` (nothing changes).

    ``odds`` is the coach's hook (a sentence about the player's chances); ``last_line``
    is what was said last, for "repeat".
    """
    ctx = view.context
    if query in TOURNAMENT_QUERIES:
        return answer_tournament(query, None, view)
    match query:
        case Query.POT:
            if len(view.pots) > 1:
                pots = ", ".join(f"{p.amount}" for p in view.pots)
                return f"The pot is {view.pot}: pots of {pots}"
            return f"The pot is {view.pot}"
        case Query.TO_CALL:
            if ctx is None:
                return "It's not your turn"
            return f"{min(ctx.to_call, ctx.stack)} to call" if ctx.to_call else \
                "Nothing to call: you can check"
        case Query.MY_CARDS:
            return f"You have {cards_text(view.hole)}" if view.hole else "You have no cards"
        case Query.BOARD:
            if not view.board:
                return "No cards on the board yet"
            return f"The board: {cards_text(view.board)}"
        case Query.STACKS:
            stacks = [f"{_name(view, s)} {'have' if s == view.seat else 'has'} {view.stacks[s]}"
                     for s in range(len(view.stacks)) if view.dealt_in[s]]
            return ", ".join(stacks)
        case Query.ODDS:
            if odds is None:
                return "The coach is not available"
            return odds(view)
        case Query.WHOSE_TURN:
            return say_turn(view)
        case Query.LAST_ACTION:
            if not view.actions:
                return "No one has acted yet"
            return say_action(view.actions[-1], view)
        case Query.HELP:
            if ctx is None:
                return "Wait for your turn, or ask about the pot, the board or your cards"
            if help_text is None:
                from voice.understand.parse import help_text as parser_help

                help_text = parser_help
            return help_text(ctx)
        case Query.REPEAT:
            return last_line or "Nothing to repeat"
    return "Sorry, I can't answer that"

