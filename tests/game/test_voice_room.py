# ruff: noqa: F401, F811 (pytest fixtures are imported from test_voice and named as parameters)
"""Voice in a noisy room: push-to-talk (its key and button, pre-roll and tail), the wake
word ("dealer, ..."), and the start screen's voice check (a live meter from the audio
source, "say 'check'", no microphone, the voice files as the source)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.app import App
from game.input.actionbar import table_bindings
from game.input.talk_keys import BUTTON_CODES, KEY_CODES, binding, hold_words
from game.scenes.settings import SettingsScene
from game.scenes.start import ROWS, StartScene
from game.scenes.table import TableScene
from game.settings.model import PTT_BUTTONS, PTT_KEYS, VoiceSettings
from game.voicectl.controller import VoiceController
from game.voicectl.devices import Loaded
from game.voicectl.listening import Captured
from game.voicectl.panel import MicState, heard_line, mic_line
from game.voicectl.talk_gate import PushToTalkGate
from game.voicectl.voice_check import SILENT_DB, VoiceCheck, level_db, meter_share
from tests.game.helpers import FRAME, my_actions
from tests.game.test_voice import recognizer, speech  # the fixtures, shared
from tests.game.voice_fakes import Clock, FakeNarrator, wait_grace
from voice.listen.audio import AudioSource, AudioUnavailable, WavFileSource, read_wav
from voice.listen.wake import after_wake, wake_result
from voice.recognize.base import Result
from voice.understand.intent import Intent, IntentKind

RATE = 16_000


# ------------------------------------------------------------------ push-to-talk


def test_the_push_to_talk_keys_and_buttons_match_the_settings_and_collide_with_nothing(
        app: App, facing_limp: TableScene) -> None:
    assert set(KEY_CODES) == set(PTT_KEYS)
    assert set(BUTTON_CODES) | {"off"} == set(PTT_BUTTONS)
    taken = set(table_bindings(facing_limp.layout, facing_limp.model, 0,
                               facing_limp.voice_panel).keys)
    for scene in (StartScene(app), SettingsScene(app)):
        taken |= set(scene.bindings().keys)
    assert not taken & set(KEY_CODES.values())
    assert 1 not in BUTTON_CODES.values() and 3 not in BUTTON_CODES.values()
    on = VoiceSettings(push_to_talk=True, push_to_talk_key="right ctrl",
                       push_to_talk_button="off")
    assert binding(on).key == pygame.K_RCTRL and binding(on).button is None
    assert binding(replace(on, push_to_talk=False)).key is None
    assert hold_words(on) == "Right Ctrl"
    assert hold_words(VoiceSettings()) == "V or the middle button"


def _block(value: int, seconds: float = 0.1) -> bytes:
    return np.full(round(RATE * seconds), value, dtype="<i2").tobytes()


def test_push_to_talk_passes_a_pre_roll_on_the_press_and_a_tail_after_the_release() -> None:
    gate = PushToTalkGate(RATE, preroll=0.3, tail=0.35)
    t = 0.0
    for k in range(10):  # one second released: nothing passes
        t += 0.1
        out, ended = gate.process(_block(k), t, held=False)
        assert out == b"" and not ended and not gate.open
    t += 0.1
    out, ended = gate.process(_block(100), t, held=True)  # pressed
    samples = np.frombuffer(out, dtype="<i2")
    assert samples.size == round(RATE * 0.4)  # 0.3 s from before the press, then the block
    assert set(samples[:RATE // 10]) == {7} and set(samples[-RATE // 10:]) == {100}
    t += 0.1
    assert gate.process(_block(101), t, held=True) == (_block(101), False)
    passed = []
    for k in range(6):  # let go: 0.35 s more pass, then the talk ends once
        t += 0.1
        passed.append(gate.process(_block(200 + k), t, held=False))
    assert [bool(out) for out, _ in passed] == [True, True, True, True, False, False]
    assert [ended for _, ended in passed] == [False, False, False, False, True, False]
    t += 0.1
    out, _ = gate.process(_block(300, 0.05), t, held=True)  # pressed again: a fresh pre-roll
    samples = np.frombuffer(out, dtype="<i2")  # of the 0.2 s heard since it closed
    assert samples.size == round(RATE * 0.25) and samples[0] == 204


def test_push_to_talk_keeps_only_the_last_pre_roll_whatever_the_block_size() -> None:
    gate = PushToTalkGate(RATE, preroll=0.3)
    for k in range(50):
        gate.process(_block(k, 0.037), 0.037 * (k + 1), held=False)
    out, _ = gate.process(b"", 2.0, held=True)
    assert len(out) == 2 * round(RATE * 0.3)


@dataclass
class HeldSource(AudioSource):
    """A WAV file with silence around it, holding push-to-talk from ``press`` to
    ``release`` seconds (as the key would, read by the audio thread)."""

    pcm: bytes
    voice: VoiceController
    press: float
    release: float
    sample_rate: int = RATE
    block_frames: int = 0
    at: int = 0

    def read(self, timeout: float | None = None) -> bytes | None:
        self.block_frames = self.sample_rate // 50
        if self.at * 2 >= len(self.pcm):
            raise EOFError
        t = self.at / self.sample_rate
        self.voice.ptt_held = self.press <= t < self.release
        block = self.pcm[2 * self.at:2 * (self.at + self.block_frames)]
        self.at += self.block_frames
        return block


def _padded(path: Path, before: float = 1.0, after: float = 1.0
            ) -> tuple[bytes, int, float, float]:
    """The file's speech with silence around it, its rate, and when the speech starts
    and ends (seconds)."""
    pcm, rate = read_wav(path)
    speech = np.frombuffer(pcm, dtype="<i2")
    loud = np.flatnonzero(np.abs(speech) > 500)
    padded = np.concatenate([np.zeros(round(before * rate), "<i2"), speech,
                             np.zeros(round(after * rate), "<i2")])
    return padded.tobytes(), rate, before + loud[0] / rate, before + loud[-1] / rate


def wait_for(app: App, done: Callable[[], bool], seconds: float = 60.0) -> None:
    """Frames until ``done`` (the audio thread runs in real time)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "state not reached"
        app.step(FRAME)
        time.sleep(0.005)


@pytest.fixture
def push_to_talk(voice: VoiceController) -> VoiceController:
    voice.configure(replace(voice.settings, push_to_talk=True))
    return voice


def test_with_push_to_talk_nothing_is_heard_unless_held(
        app: App, push_to_talk: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene, speech: Callable[[str], Path], recognizer: object) -> None:
    pcm, rate, _, _ = _padded(speech("raise to two hundred"))
    said = len(narrator.said)
    push_to_talk.listen(HeldSource(pcm, push_to_talk, press=99, release=99, sample_rate=rate),
                        recognizer)
    app.step(FRAME)
    assert narrator.said[said:] == [] and push_to_talk.stats.heard == 0
    assert push_to_talk.panel.mic is MicState.PUSH_TO_TALK


def test_a_press_just_after_the_first_word_began_still_hears_all_of_it(
        app: App, push_to_talk: VoiceController, clock: Clock, facing_limp: TableScene,
        speech: Callable[[str], Path], recognizer: object) -> None:
    pcm, rate, onset, end = _padded(speech("raise to two hundred"))
    # Pressed 150 ms into "raise", let go 100 ms before the phrase ends: the pre-roll has
    # its start, the tail its end.
    push_to_talk.listen(HeldSource(pcm, push_to_talk, press=onset + 0.15, release=end - 0.1,
                                   sample_rate=rate), recognizer)
    app.step(FRAME)
    assert push_to_talk.heard_text == "raise to two hundred", push_to_talk.transcript
    assert "Raise to 200" in push_to_talk.panel.say_back  # said back, or offered first


def test_the_panel_says_what_to_hold_and_when_it_is_listening(
        app: App, push_to_talk: VoiceController, facing_limp: TableScene) -> None:
    push_to_talk.mic, push_to_talk.mic_note = MicState.PUSH_TO_TALK, ""
    app.step(FRAME)
    assert mic_line(push_to_talk.panel) == "Mic: hold V or the middle button to talk"
    push_to_talk.mic = MicState.HELD
    app.step(FRAME)
    assert mic_line(push_to_talk.panel) == "Mic: listening (push-to-talk)"
    app.draw()


# ------------------------------------------------------------------ the wake word


@pytest.mark.parametrize("text, rest", [
    ("dealer raise to two hundred", "raise to two hundred"),
    ("Dealer, raise to 1.5k", "raise to 1.5k"),
    ("hey dealer call", "call"),
    ("ok dealer", ""),
    ("raise to two hundred", None),
    ("i told the dealer to call", None),
    ("dealers call", None),
    ("", None),
])
def test_an_utterance_counts_only_when_it_starts_with_the_wake_word(
        text: str, rest: str | None) -> None:
    assert after_wake(text) == rest


def test_the_wake_word_is_taken_off_every_reading() -> None:
    result = Result("dealer call", ("dealer call", "dealer all in", "call"), 0.6,
                    paths=("dealer call", "call", "dealer fold"))
    woke = wake_result(result)
    assert woke is not None
    assert (woke.text, woke.alternatives, woke.paths) == (
        "call", ("call", "all in"), ("call", "", "fold"))
    assert woke.confidence == 0.6
    assert wake_result(Result("call", ("call",), 0.9)) is None


@pytest.fixture
def wake(voice: VoiceController) -> VoiceController:
    voice.configure(replace(voice.settings, wake_word=True))
    return voice


def test_with_the_wake_word_on_dealer_raise_is_heard_without_it(
        app: App, wake: VoiceController, facing_limp: TableScene,
        speech: Callable[[str], Path], recognizer: object) -> None:
    with WavFileSource(speech("dealer, raise to two hundred")) as source:
        wake.listen(source, recognizer)
    app.step(FRAME)
    assert "Raise to 200" in wake.panel.say_back, wake.transcript  # done, or offered
    assert wake.panel.heard.startswith("raise") and wake.stats.heard == 1
    wake.heard_text = ""
    app.step(FRAME)
    assert heard_line(wake.panel) == "heard: — · start with “dealer, …”"


def test_the_voice_check_says_when_the_wake_word_was_missing(
        app: App, wake: VoiceController, start_screen: StartScene,
        speech: Callable[[str], Path], recognizer: object) -> None:
    app.step(FRAME)
    with WavFileSource(speech("check")) as source:
        wake.listen(source, recognizer)
    app.step(FRAME)
    app.step(FRAME)
    assert start_screen.check_view.line.startswith("Heard: “")  # "check", or "czech it"
    assert start_screen.check_view.line.endswith("— start with “dealer”")
    with WavFileSource(speech("dealer, check")) as source:
        wake.listen(source, recognizer)
    app.step(FRAME)
    app.step(FRAME)
    assert start_screen.check_view.good is True, start_screen.check_view


def test_without_the_wake_word_an_utterance_is_set_aside_quietly(
        app: App, wake: VoiceController, narrator: FakeNarrator, clock: Clock,
        facing_limp: TableScene, speech: Callable[[str], Path], recognizer: object) -> None:
    said = len(narrator.said)
    with WavFileSource(speech("raise to two hundred")) as source:
        wake.listen(source, recognizer)
    app.step(FRAME)
    wait_grace(app, clock)
    assert narrator.said[said:] == []  # no spoken answer: background talk stays unanswered
    assert wake.panel.heard.startswith("ignored, no “dealer”: raise")
    assert wake.stats.heard == 0 and wake.confirm.pending is None
    assert my_actions(facing_limp) == []


# ------------------------------------------------------------------ the voice check


def test_the_meter_reads_the_block_level() -> None:
    assert level_db(b"") == SILENT_DB and level_db(_block(0)) == SILENT_DB
    assert level_db(_block(32767)) == pytest.approx(0.0, abs=0.01)
    assert level_db(_block(3277)) == pytest.approx(-20.0, abs=0.1)
    assert meter_share(-120) == 0 and meter_share(0) == 1
    check = VoiceCheck()
    assert check.ease(-20, 0.016) == meter_share(-20)  # up at once
    assert 0 < check.ease(SILENT_DB, 0.1) < meter_share(-20)  # down slowly
    assert check.ease(SILENT_DB, 5) == 0


@dataclass
class FakeMicrophone(AudioSource):
    """A microphone in real time: noise at ``amplitude`` (the test changes it) in 20 ms
    blocks, until closed."""

    amplitude: float = 0.0
    sample_rate: int = RATE
    block_frames: int = RATE // 50
    closed: bool = False
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(1))

    def read(self, timeout: float | None = None) -> bytes | None:
        if self.closed:
            raise EOFError
        time.sleep(0.02)
        noise = self.rng.uniform(-1, 1, self.block_frames) * self.amplitude * 32767
        return noise.astype("<i2").tobytes()

    def close(self) -> None:
        self.closed = True


class QuietRecognizer:
    """Hears nothing in noise (what a recognizer makes of a fan)."""

    name = "test"
    sample_rate = RATE

    def feed(self, pcm: bytes) -> str:
        return ""

    def finish(self) -> Result:
        return Result("")

    def reset(self) -> None: ...
    def settle(self) -> None: ...
    def close(self) -> None: ...


def _controller(clock: Clock, narrator: FakeNarrator, microphone: Callable[[str], AudioSource],
                **options: object) -> VoiceController:
    return VoiceController(VoiceSettings(), clock=clock,
                           narrator=narrator,  # type: ignore[arg-type]
                           recognizer_factory=lambda: Loaded(QuietRecognizer(), "test", "fake"),
                           microphone_factory=microphone, **options)  # type: ignore[arg-type]


@pytest.fixture
def start_screen(app: App) -> Iterator[StartScene]:
    scene = StartScene(app, seed=1)
    app.push(scene)
    yield scene
    if app.voice is not None:
        app.voice.close()


def test_the_start_screen_meter_follows_the_microphone_and_check_is_heard(
        app: App, clock: Clock, narrator: FakeNarrator, start_screen: StartScene) -> None:
    mic = FakeMicrophone()
    app.voice = _controller(clock, narrator, lambda name: mic)
    app.voice.start()
    wait_for(app, lambda: app.voice is not None and app.voice.mic is MicState.LISTENING)
    app.step(FRAME)
    assert start_screen.check_view.line == "Say “check” to test"
    assert start_screen.check_view.meter == 0
    mic.amplitude = 0.3  # about -15 dBFS
    wait_for(app, lambda: (start_screen.check_view.meter or 0) > 0.7)
    mic.amplitude = 0.0
    wait_for(app, lambda: start_screen.check_view.meter == 0)
    voice = app.voice
    opening = list(narrator.texts())  # the start screen says itself when it opens
    assert opening and opening[0].startswith("Hold'em")
    voice.captured(Captured(Intent(IntentKind.CHECK), 0.8, "check it", None, None))
    app.step(FRAME)
    assert start_screen.check_view.line == "Heard: check it ✓"
    assert start_screen.check_view.good is True
    voice.captured(Captured(Intent(IntentKind.CHECK), 0.8, "call", None, None))
    app.step(FRAME)  # what "call" means here is check, but it is not the word asked for
    assert start_screen.check_view.line == "Heard: “call” — try again"
    assert narrator.texts() == opening  # the check answers on screen; nothing is said
    voice.captured(Captured(Intent(IntentKind.UNKNOWN), 0.2, "chair", None, None))
    app.step(FRAME)  # any other words go on to the screen, which says what it can do
    assert start_screen.check_view.line == "Heard: “chair” — try again"
    assert narrator.texts()[len(opening):][0].startswith("Sorry, I didn't catch that")
    app.draw()
    start_screen.focus = ROWS.index("check")
    app.draw()


def test_the_check_asks_for_the_wake_word_and_push_to_talk_when_they_are_on(
        app: App, start_screen: StartScene) -> None:
    start_screen.focus = ROWS.index("wake")
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        app.step(FRAME)
        start_screen.focus = ROWS.index("ptt")
    assert app.settings.voice.wake_word and app.settings.voice.push_to_talk
    from game.voicectl.voice_check import prompt
    assert prompt(app.settings.voice) == "Hold V or the middle button, say “dealer, check”"


def test_without_a_microphone_the_check_says_voice_is_off_and_nothing_breaks(
        app: App, clock: Clock, narrator: FakeNarrator, start_screen: StartScene) -> None:
    def none(name: str) -> AudioSource:
        raise AudioUnavailable("Voice control is off: no microphone was found.")

    app.voice = _controller(clock, narrator, none)
    app.voice.start()
    wait_for(app, lambda: start_screen.check_view.line.startswith("No microphone"))
    assert start_screen.check_view.line == "No microphone found — voice is off"
    assert start_screen.check_view.meter is None
    for size in ((960, 540), (1280, 720)):
        app.resize(size)
        app.draw()


def test_with_no_voice_the_check_says_so(app: App, start_screen: StartScene) -> None:
    app.step(FRAME)
    assert start_screen.check_view.line.startswith("Voice is off (--no-voice)")
    app.draw()


def test_with_voice_files_the_check_says_they_are_the_source(
        app: App, clock: Clock, narrator: FakeNarrator, start_screen: StartScene,
        tmp_path: Path) -> None:
    from voice.listen.audio import write_wav
    path = tmp_path / "check.wav"
    write_wav(path, bytes(RATE), RATE)
    app.voice = _controller(clock, narrator, lambda name: FakeMicrophone(),
                            files=(path,), sleep=lambda s: time.sleep(0.005))
    app.voice.start()
    wait_for(app, lambda: "voice-from" in start_screen.check_view.line)
    assert start_screen.check_view.line == (
        "Source: the --voice-from files")


def test_the_check_hears_only_while_the_start_screen_is_on_top(
        app: App, voice: VoiceController, start_screen: StartScene) -> None:
    app.step(FRAME)
    assert voice.check is start_screen.voice_check
    start_screen.sit_down()
    app.step(FRAME)
    assert voice.check is None


def test_choosing_another_microphone_listens_to_it_at_once(
        app: App, clock: Clock, narrator: FakeNarrator, start_screen: StartScene) -> None:
    opened: list[str] = []
    mics: dict[str, FakeMicrophone] = {}

    def microphone(name: str) -> AudioSource:
        opened.append(name)
        mics[name] = FakeMicrophone(amplitude=0.3 if name == "USB" else 0.0)
        return mics[name]

    voice = app.voice = _controller(clock, narrator, microphone)
    voice.start()
    wait_for(app, lambda: start_screen.check_view.meter is not None)
    assert opened == [""] and start_screen.check_view.meter == 0
    voice.configure(replace(voice.settings, microphone="USB"))
    wait_for(app, lambda: (start_screen.check_view.meter or 0) > 0.7)  # the new one's level
    assert opened == ["", "USB"] and mics[""].closed


def test_the_help_names_the_players_own_push_to_talk_key(app: App) -> None:
    from game.help.content import keys
    from game.scenes.base import SceneName
    rows = dict(keys(VoiceSettings()))
    assert "V or middle button (hold)" in rows
    chosen = VoiceSettings(push_to_talk_key="right ctrl", push_to_talk_button="back")
    assert "Right Ctrl or back side button (hold)" in dict(keys(chosen))
    app.settings = app.settings.with_(voice=chosen)
    app.open(SceneName.HELP)
    app.draw()
