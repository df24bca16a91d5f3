"""Listening while the game talks, through speakers: the game's own speech, played
through a simulated room into the microphone, never becomes the player's action or a
question; the player talking over it is heard and stops the game (barge-in); the
canceller takes the echo well down."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from tests.game.voice_fakes import FakeNarrator
from voice.confirm import Phase
from voice.listen.audio import AudioSource
from voice.listen.echo import RATE, EchoCanceller, Playback, RoomEcho, erle_db, read_wav
from voice.speak.line import Priority
from voice.speak.narrator import VoiceSpec
from voice.speak.synth import Synthesizer

GAME_LINES = ("Your turn: 10 to call, pot 25", "Call 10? Say yes or no", "I call",
              "Fold", "Raise to 40", "All in", "Doris calls 10")


@dataclass
class StreamClock:
    """The playback clock, driven by the audio read (tests stream faster than real
    time)."""

    t: float = 0.0

    def __call__(self) -> float:
        return self.t


@dataclass
class RoomSource(AudioSource):
    """A microphone in a room: the player's ``near`` audio plus the echo of what the
    game plays (``playback``, so a line cut off stops echoing), 100 ms blocks."""

    near: np.ndarray
    playback: Playback
    clock: StreamClock
    sample_rate: int = RATE
    block_frames: int = RATE // 10
    room: RoomEcho = field(default_factory=RoomEcho)
    _at: int = 0

    def read(self, timeout: float | None = None) -> bytes | None:
        if self._at >= self.near.size:
            raise EOFError
        n = min(self.block_frames, self.near.size - self._at)
        far = self.playback.window(self._at / RATE, n)
        mic = self.near[self._at:self._at + n] + self.room.apply(far)
        self._at += n
        self.clock.t = self._at / RATE
        pcm: bytes = np.clip(np.round(mic), -32768, 32767).astype("<i2").tobytes()
        return pcm


@pytest.fixture(scope="module")
def voices(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str, str], Path]]:
    folder = tmp_path_factory.mktemp("echo")
    made: dict[tuple[str, str], Path] = {}
    with Synthesizer(folder, isolated=True) as synth:
        def make(text: str, voice: str = "gmw/en-us") -> Path:
            if (text, voice) not in made:
                utt = synth.espeak(text, VoiceSpec(voice, 170, 50))
                made[text, voice] = utt.save(folder / f"{len(made)}.wav")
            return made[text, voice]
        yield make


@pytest.fixture(scope="module")
def recognizer() -> object:
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer
    return PocketSphinxRecognizer()


def game_speech(voices: Callable[[str, str], Path], playback: Playback,
                clock: StreamClock) -> np.ndarray:
    """The game's lines back to back from time 0, registered as played."""
    parts: list[np.ndarray] = []
    at = 0.0
    for text in GAME_LINES:
        samples = read_wav(voices(text, "gmw/en-us"))
        clock.t = at
        playback.started(samples, text)
        parts += [samples, np.zeros(RATE // 4)]
        at += (samples.size + RATE // 4) / RATE
    clock.t = 0.0
    return np.concatenate(parts)


def controller(clock: StreamClock, playback: Playback, narrator: FakeNarrator
               ) -> VoiceController:
    voice = VoiceController(VoiceSettings(), narrator=narrator,  # type: ignore[arg-type]
                            playback=playback)
    voice.update(_Host(), _Table())  # the player's turn: actions count
    return voice


def test_the_game_through_speakers_never_becomes_the_players_action(
        voices: Callable[[str, str], Path], recognizer: object) -> None:
    clock = StreamClock()
    playback = Playback(clock)
    narrator = FakeNarrator(speaking=True)
    voice = controller(clock, playback, narrator)
    assert voice.duplex == "speakers"
    far = game_speech(voices, playback, clock)
    with RoomSource(np.zeros(far.size), playback, clock) as source:
        voice.listen(source, recognizer)
    voice.update(_Host(), _Table())
    assert voice.applied == [] and voice.stats.applied == 0
    assert voice.confirm.phase is not Phase.QUESTION
    assert voice.stats.asked == 0


OPENING = (("New hand. You have Ace of clubs, Six of diamonds", "gmw/en-us"),
           ("BLAZE IS IN THE BUILDING! Who's ready to gamble?", "gmw/en-us+m3"),
           ("Vera posts small blind 5", "gmw/en-us"),
           ("Thinking is good. Thinking for 15 seconds is a tell.", "gmw/en-us+f3"),
           ("Your turn: 10 to call, pot 25", "gmw/en-us"))


def test_the_games_first_lines_are_not_heard_before_the_canceller_has_learnt_the_room(
        voices: Callable[[str, str], Path], recognizer: object) -> None:
    """A session's first lines (the dealer and the bots in their voices) reach a
    canceller that knows nothing of the room yet: none of it may be taken for the
    player (it was answered "It's not your turn", and its residue opened utterances
    that stopped the game talking)."""
    clock = StreamClock()
    playback = Playback(clock)
    narrator = FakeNarrator(speaking=True)
    voice = controller(clock, playback, narrator)
    parts: list[np.ndarray] = [np.zeros(RATE // 2)]
    for text, name in OPENING:
        samples = read_wav(voices(text, name))
        clock.t = sum(p.size for p in parts) / RATE
        playback.started(samples, text)
        parts += [samples, np.zeros(RATE // 3)]
    clock.t = 0.0
    far = np.concatenate(parts)
    with RoomSource(np.zeros(far.size), playback, clock) as source:
        voice.listen(source, recognizer)
    voice.update(_Host(), _Table())
    assert voice.stats.heard == 0 and voice.stats.barge_ins == 0, voice.transcript
    assert narrator.said == []


def test_the_player_talking_over_the_game_is_heard_and_stops_it(
        voices: Callable[[str, str], Path], recognizer: object) -> None:
    clock = StreamClock()
    playback = Playback(clock)
    narrator = FakeNarrator(speaking=True)
    interrupted: list[bool] = []
    def interrupt(keep_table: bool = False) -> None:  # as the tapped player: it stops
        interrupted.append(True)
        playback.stopped()
        narrator.speaking = False
    narrator.interrupt = interrupt  # type: ignore[method-assign]
    voice = controller(clock, playback, narrator)
    far = game_speech(voices, playback, clock)
    player = read_wav(voices("raise to forty", "gmw/en-us+klatt"))
    near = np.zeros(far.size)
    at = far.size - player.size - RATE  # near the end: the canceller has learnt the room
    near[at:at + player.size] = player * 1.5
    with RoomSource(near, playback, clock) as source:
        voice.listen(source, recognizer)
    voice.update(_Host(), _Table())
    assert voice.stats.barge_ins == 1 and interrupted  # the game stopped talking
    said = [text for text, _, priority in narrator.said if priority is Priority.URGENT]
    # Heard as a raise, and, said over the game's voice through speakers, asked before it
    # is done (the amount is the recognizer's to get right: the benchmark measures that).
    assert any(s.startswith(("Raise", "Bet")) and s.endswith("? Say yes or no")
               for s in said), (voice.transcript, said)


def test_the_canceller_takes_the_games_echo_well_down(
        voices: Callable[[str, str], Path]) -> None:
    clock = StreamClock()
    far = game_speech(voices, Playback(clock), clock)
    far = np.concatenate([far, far])
    echo = RoomEcho().apply(far)
    cancel = EchoCanceller()
    block = RATE // 100
    out = b"".join(cancel.process(
        np.clip(echo[i:i + block], -32768, 32767).astype("<i2").tobytes(),
        np.clip(far[i:i + block], -32768, 32767).astype("<i2").tobytes())
        for i in range(0, far.size - block + 1, block))
    residual = np.frombuffer(out, "<i2").astype(float)[block:]
    half = residual.size // 2
    assert erle_db(echo[half:residual.size], residual[half:]) > 15


class _Host:
    def __init__(self) -> None:
        self.submitted: list[object] = []

    def submit(self, command: object) -> None:
        self.submitted.append(command)

    def paused(self) -> bool:
        return False

    def remember_voice(self, **changes: object) -> str | None:
        return None


class _Table:
    """The player's turn 1, no hand view (nothing here reads one)."""

    def voice_turn(self) -> tuple[int | None, None]:
        return 1, None

    def voice_view(self) -> None:
        return None

    def sitting_out_now(self) -> bool:
        return False

    def show(self, text: str, error: bool = False) -> None: ...
