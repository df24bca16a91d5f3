"""Hands-free play at the table: recognizer results (through the controller's seam) and
real synthesized speech become engine actions only after the say-back and grace window;
the game never hears itself; a missing microphone leaves mouse-only play with a notice;
every query is answered; the voice panel fits the window."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.input.commands import Ui, UiCommand
from game.render.layout import table_layout
from game.scenes.base import Opening, SceneName
from game.scenes.confirm import ConfirmScene
from game.scenes.table import TableScene
from game.settings.file import load_settings
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from game.voicectl.devices import Loaded
from game.voicectl.panel import MicState
from game.voicectl.scripted import ScriptedSource
from tests.game.helpers import FRAME, bot, click, my_actions, run_until, scripted_table, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say, wait_grace
from voice.confirm import Phase
from voice.listen.audio import AudioFileError, AudioUnavailable, WavFileSource, write_wav
from voice.speak.backlog import SpeechQueue
from voice.speak.line import Line, Priority
from voice.understand.intent import Control, Intent, IntentKind, Query

R, C, X, F = ActionKind.RAISE, ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD


# ------------------------------------------------------------------ whole hands


def test_a_whole_hand_is_played_by_voice_alone(app: App, voice: VoiceController,
                                               clock: Clock, facing_limp: TableScene) -> None:
    scene = facing_limp
    say(app, voice, IntentKind.CALL)
    wait_grace(app, clock)
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    for _street in ("flop", "turn", "river"):
        for seat in (1, 2, 3):
            bot(app, scene, seat, X)
        to_act(app, scene, 0)
        app.step(FRAME)
        say(app, voice, IntentKind.CHECK)
        wait_grace(app, clock)
    assert [a.kind for a in my_actions(scene)] == [C, X, X, X]
    assert voice.applied == ["call", "check", "check", "check"]
    run_until(app, lambda: scene.session.hand is None or scene.session.hand.finished)


def test_your_turn_and_table_events_are_narrated(app: App, voice: VoiceController,
                                                 narrator: FakeNarrator,
                                                 facing_limp: TableScene) -> None:
    texts = narrator.texts()
    assert any(t.startswith("New hand. You have") for t in texts)
    assert any(t.endswith("calls 10") for t in texts)  # the limp
    assert "Your turn: 10 to call, pot 25" in texts
    turn = next(p for t, _, p in narrator.said if t.startswith("Your turn"))
    assert turn is Priority.TABLE  # in the table's order, after the lines before it


def test_refusals_are_spoken(app: App, voice: VoiceController, narrator: FakeNarrator,
                             facing_limp: TableScene) -> None:
    facing_limp.handle(UiCommand(Ui.DEAL))  # a hand is in play
    assert "The next hand is dealt when this one is over" in narrator.texts()


def test_bot_banter_is_spoken_in_the_bots_voice_and_mute_bots_silences_it(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    voice.banter(1, "I call")  # the player's turn is theirs: no chat over it
    assert "I call" not in narrator.texts()
    voice.turn = None  # between the player's turns
    voice.banter(1, "I call")
    assert ("I call", "seat1", Priority.BANTER) in narrator.said
    say(app, voice, IntentKind.CONTROL, control=Control.MUTE_BOTS)
    voice.turn = None
    voice.banter(1, "Nice hand")
    assert "Nice hand" not in narrator.texts()
    assert voice.panel.say_back == "The bots are muted"


# ------------------------------------------------------------------ grace and confirm


def test_the_action_applies_only_after_the_grace_window(app: App, voice: VoiceController,
                                                        clock: Clock,
                                                        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.RAISE, 40)
    assert voice.panel.say_back == "Raise to 40" and voice.panel.cancellable
    assert voice.panel.countdown is not None and voice.panel.countdown > 0.9
    clock.t += 0.5
    app.step(FRAME)
    assert my_actions(facing_limp) == []
    assert 0.3 < voice.panel.countdown < 0.7  # type: ignore[operator]
    wait_grace(app, clock)
    assert [(a.kind, a.to) for a in my_actions(facing_limp)] == [(R, 40)]


def test_the_grace_window_waits_while_the_player_may_still_be_mid_command(
        app: App, voice: VoiceController, clock: Clock, facing_limp: TableScene) -> None:
    """An utterance began right after the one said back (the audio thread says how
    soon): the action waits until that one is heard, which may withdraw it."""
    say(app, voice, IntentKind.RAISE, 40)
    voice.following = 0.3
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []
    voice.following = float("inf")  # it was a cough: dropped, nothing more heard
    app.step(FRAME)
    app.step(FRAME)
    assert [(a.kind, a.to) for a in my_actions(facing_limp)] == [(R, 40)]


def test_saying_cancel_in_the_grace_window_cancels(app: App, voice: VoiceController,
                                                   clock: Clock, narrator: FakeNarrator,
                                                   facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CALL)
    say(app, voice, IntentKind.CONTROL, control=Control.CANCEL)
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []
    assert "Cancelled" in narrator.texts()


@pytest.mark.parametrize("word", [IntentKind.DENY])
def test_saying_no_in_the_grace_window_cancels(app: App, voice: VoiceController, clock: Clock,
                                               facing_limp: TableScene, word: IntentKind
                                               ) -> None:
    say(app, voice, IntentKind.CALL)
    say(app, voice, word)
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []


def test_clicking_cancel_in_the_voice_panel_cancels(app: App, voice: VoiceController,
                                                    clock: Clock,
                                                    facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CALL)
    click(app, "voice.cancel")
    assert voice.confirm.pending is None
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []


def test_any_click_in_the_grace_window_cancels_and_the_mouse_still_acts(
        app: App, voice: VoiceController, clock: Clock, facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CALL)
    click(app, "fold")
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [F]


def test_all_in_asks_and_yes_applies(app: App, voice: VoiceController, clock: Clock,
                                     facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.ALLIN)
    assert voice.panel.question
    assert voice.panel.say_back == "All in for 1,000? Say yes or no"
    clock.t += 3  # a question waits for the answer; no grace window
    app.step(FRAME)
    assert my_actions(facing_limp) == []
    say(app, voice, IntentKind.CONFIRM)
    app.step(FRAME)
    assert [(a.all_in, a.to) for a in my_actions(facing_limp)] == [(True, 1000)]


def test_all_in_asks_and_no_cancels(app: App, voice: VoiceController, clock: Clock,
                                    facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.ALLIN)
    say(app, voice, IntentKind.DENY)
    wait_grace(app, clock)
    assert my_actions(facing_limp) == [] and voice.confirm.phase is Phase.IDLE


def test_the_yes_button_answers_the_question(app: App, voice: VoiceController,
                                             facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.ALLIN)
    click(app, "voice.yes")
    app.step(FRAME)
    assert [(a.all_in, a.to) for a in my_actions(facing_limp)] == [(True, 1000)]


def test_a_stale_result_from_a_turn_that_has_passed_is_dropped(
        app: App, voice: VoiceController, clock: Clock, facing_limp: TableScene) -> None:
    old_turn = voice.turn
    say(app, voice, IntentKind.CALL)
    wait_grace(app, clock)
    bot(app, facing_limp, 1, C)
    bot(app, facing_limp, 2, X)
    for seat in (1, 2, 3):
        bot(app, facing_limp, seat, X)
    to_act(app, facing_limp, 0)
    app.step(FRAME)
    assert voice.turn is not None and voice.turn != old_turn
    voice.hear(Intent(IntentKind.CHECK), turn=old_turn)  # said during the old turn
    app.step(FRAME)
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [C]


def test_a_pending_action_is_dropped_when_the_turn_ends(app: App, voice: VoiceController,
                                                        clock: Clock,
                                                        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.RAISE, 40)
    click(app, "call")  # the mouse acts first
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [C]


def test_not_your_turn_does_nothing(app: App, voice: VoiceController, clock: Clock) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    say(app, voice, IntentKind.CALL)
    wait_grace(app, clock)
    assert my_actions(scene) == []


# ------------------------------------------------------------------ queries and controls


@pytest.mark.parametrize(("query", "expected"), [
    (Query.POT, "The pot is 25"),
    (Query.TO_CALL, "10 to call"),
    (Query.MY_CARDS, "You have "),
    (Query.BOARD, "No cards on the board yet"),
    (Query.HELP, "You can say fold, call 10"),
    (Query.LAST_ACTION, "calls 10"),
    (Query.STACKS, "You have 1,000. Vera 995"),
    (Query.WHOSE_TURN, "Your turn"),
])
def test_queries_are_answered_spoken_and_shown(app: App, voice: VoiceController,
                                               narrator: FakeNarrator, facing_limp: TableScene,
                                               query: Query, expected: str) -> None:
    say(app, voice, IntentKind.QUERY, query=query)
    assert expected in voice.panel.say_back
    assert narrator.said[-1][0] == voice.panel.say_back
    assert narrator.said[-1][2] is Priority.URGENT
    assert my_actions(facing_limp) == []


def test_repeat_says_the_last_line_again(app: App, voice: VoiceController,
                                         narrator: FakeNarrator,
                                         facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.QUERY, query=Query.POT)
    say(app, voice, IntentKind.QUERY, query=Query.REPEAT)
    assert narrator.texts()[-1] == "The pot is 25"


def test_odds_come_from_the_coach(app: App, voice: VoiceController, narrator: FakeNarrator,
                                  facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.QUERY, query=Query.ODDS)
    deadline = time.monotonic() + 60
    while not any("You have about" in t for t in narrator.texts()):
        assert time.monotonic() < deadline, narrator.texts()
        time.sleep(0.05)
        app.step(FRAME)
    assert "against two players" in narrator.texts()[-1] or "against" in narrator.texts()[-1]


def test_controls_use_the_tables_own_commands(app: App, voice: VoiceController,
                                              facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CONTROL, control=Control.SIT_OUT)
    app.step(FRAME)
    assert facing_limp.session.sitting_out(0)
    say(app, voice, IntentKind.CONTROL, control=Control.SIT_IN)
    app.step(FRAME)
    assert not facing_limp.session.sitting_out(0)
    say(app, voice, IntentKind.CONTROL, control=Control.PAUSE)
    app.step(FRAME)
    assert app.paused()
    say(app, voice, IntentKind.CONTROL, control=Control.RESUME)
    app.step(FRAME)
    assert not app.paused()
    say(app, voice, IntentKind.CONTROL, control=Control.RESUME)  # not paused: said so
    assert voice.panel.say_back == "The game is not paused"


def test_quit_by_voice_is_asked_and_a_yes_says_goodbye_with_the_chips(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CONTROL, control=Control.QUIT)
    app.step(FRAME)
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Quit the game?"
    assert app.running
    say(app, voice, IntentKind.CONFIRM)
    app.step(FRAME)
    app.step(FRAME)
    assert not app.running
    chips = f"{facing_limp.session.stacks()[facing_limp.me]:,}"
    assert narrator.texts()[-1].startswith("Goodbye") and chips in narrator.texts()[-1]


def test_quit_said_again_while_asked_is_the_yes(app: App, voice: VoiceController,
                                                facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CONTROL, control=Control.QUIT)
    app.step(FRAME)
    say(app, voice, IntentKind.CONTROL, control=Control.QUIT)
    app.step(FRAME)
    app.step(FRAME)
    assert not app.running


def test_no_to_the_quit_question_keeps_playing(app: App, voice: VoiceController,
                                               facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CONTROL, control=Control.QUIT)
    app.step(FRAME)
    say(app, voice, IntentKind.DENY)
    app.step(FRAME)
    assert app.running and app.top is facing_limp


# ------------------------------------------------------------------ the microphone


def test_a_missing_microphone_means_mouse_only_with_a_notice_and_a_retry(
        app: App, clock: Clock, narrator: FakeNarrator) -> None:
    attempts: list[str] = []

    def no_mic(name: str) -> WavFileSource:
        attempts.append(name)
        raise AudioUnavailable("Voice control is off: no microphone was found. Plug one in; "
                               "the game will try again after this hand.")

    voice = VoiceController(VoiceSettings(microphone="USB"), clock=clock,
                            narrator=narrator,  # type: ignore[arg-type]
                            recognizer_factory=lambda: Loaded(object(), "pocketsphinx", "offline"),
                            microphone_factory=no_mic)
    app.voice = voice
    scene = scripted_table(app)
    voice.start()
    try:
        run_until(app, lambda: voice.mic is MicState.OFF and bool(scene.log)
                  and "no microphone" in scene.message, limit=3000)
        assert "no microphone was found" in narrator.texts()[-1] or any(
            "no microphone was found" in t for t in narrator.texts())
        assert voice.panel.mic is MicState.OFF
        assert attempts == ["USB"]
        bot(app, scene, 3, F)
        to_act(app, scene, 0)
        click(app, "fold")  # the mouse still plays
        assert [a.kind for a in my_actions(scene)] == [F]
        assert attempts == ["USB"]  # not during the hand
        bot(app, scene, 1, F)  # the big blind wins: the hand is over
        run_until(app, lambda: len(attempts) >= 2, limit=20000)  # tried again after the hand
        for _ in range(30):
            app.step(FRAME)
        told = [t for t in narrator.texts() if "no microphone" in t]
        assert len(told) == 1  # said once, not at every retry
        shown = [line for line in scene.log if "no microphone" in line]
        assert len(shown) <= 1  # nor written again after every hand
    finally:
        voice.close()


def test_scripted_files_wait_for_the_prompt(tmp_path: Path) -> None:
    from voice.listen.audio import write_wav
    path = tmp_path / "a.wav"
    write_wav(path, bytes(3200), 16000)
    ready = [False]
    source = ScriptedSource([path], lambda: ready[0], sleep=lambda s: None)
    for _ in range(5):
        assert source.read() == bytes(3200)
    assert source.played == 0
    ready[0] = True
    source.read()
    assert source.played == 1
    with pytest.raises(EOFError):
        for _ in range(30):
            source.read()


def test_a_scripted_file_the_game_talked_over_is_said_again(tmp_path: Path) -> None:
    """Half-duplex throws away a file the game spoke over; like a player, the script
    says it again at the next prompt (not once it was heard, at most three times)."""
    from voice.listen.audio import write_wav
    path = tmp_path / "a.wav"
    write_wav(path, bytes(3200), 16000)
    source = ScriptedSource([path], lambda: True, sleep=lambda s: None)
    source.read()
    assert source.played == 1
    source.drowned()
    for _ in range(12):  # the file, then the silence closing it
        source.read()
    assert source.played == 2
    source.drowned()
    source.heard()  # talked over, but heard all the same: not repeated
    with pytest.raises(EOFError):
        for _ in range(30):
            source.read()
    assert source.played == 2

    told: list[str] = []
    always = ScriptedSource([path], lambda: True, sleep=lambda s: None, on_skip=told.append)
    with pytest.raises(EOFError):
        for _ in range(100):
            always.read()
            always.drowned()
    assert always.played == 4
    # Given up at last, and said so (never silently).
    assert always.given_up == [path]
    assert told == ["Gave up on the voice file a.wav: the game talked over it 4 times"]


class FailingWav(WavFileSource):
    """A WavFileSource whose ``bad.wav`` breaks after its first block (a disk error, a
    file replaced while it plays); records which files were opened to play."""

    opened: ClassVar[list[str]] = []

    def __init__(self, path: str | Path, *args: Any, **kwargs: Any) -> None:
        super().__init__(path, *args, **kwargs)
        self.blocks = 0
        if kwargs.get("realtime"):
            FailingWav.opened.append(Path(path).name)

    def read(self, timeout: float | None = None) -> bytes | None:
        self.blocks += 1
        if self.path.name == "bad.wav" and self.blocks > 1:
            raise AudioFileError(f"{self.path}: the audio data cannot be read (I/O error)")
        return super().read(timeout)


@pytest.fixture
def failing_wavs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """a.wav, bad.wav (fails partway through) and c.wav, 0.2 s of silence each."""
    monkeypatch.setattr("game.voicectl.scripted.WavFileSource", FailingWav)
    monkeypatch.setattr(FailingWav, "opened", [])
    paths = [tmp_path / name for name in ("a.wav", "bad.wav", "c.wav")]
    for path in paths:
        write_wav(path, bytes(6400), 16000)
    return paths


def test_a_scripted_file_that_fails_is_skipped_and_the_next_one_plays(
        failing_wavs: list[Path]) -> None:
    a, bad, c = failing_wavs
    gone = bad.with_name("gone.wav")
    write_wav(gone, bytes(3200), 16000)
    told: list[str] = []
    source = ScriptedSource([a, bad, gone, c], lambda: True, sleep=lambda s: None,
                            on_skip=told.append)
    gone.write_text("replaced by something else after the game checked it")
    with pytest.raises(EOFError):
        for _ in range(200):
            source.read()
    assert FailingWav.opened == ["a.wav", "bad.wav", "c.wav"]
    assert source.played == 3 and source.skipped == [bad, gone]
    assert told == ["Skipped the voice file bad.wav: the audio data cannot be read "
                    "(I/O error)",
                    "Skipped the voice file gone.wav: not a PCM WAV file (it has no "
                    "RIFF/WAVE header, so it is some other kind of file)"]


def test_unreadable_scripted_files_before_the_first_good_one_are_skipped(
        tmp_path: Path) -> None:
    broken, good = tmp_path / "broken.wav", tmp_path / "good.wav"
    broken.write_bytes(b"RIFF\x04\0\0\0WAVE")
    write_wav(good, bytes(3200), 22050)
    told: list[str] = []
    source = ScriptedSource([broken, good], lambda: True, sleep=lambda s: None,
                            on_skip=told.append)
    assert source.sample_rate == 22050 and source.skipped == [broken]
    assert told and told[0].startswith("Skipped the voice file broken.wav: ")
    with pytest.raises(AudioFileError, match="none of the voice files can be read"):
        ScriptedSource([broken], lambda: True, sleep=lambda s: None)


class DeafRecognizer:
    """Hears nothing (the scripted files here are silence)."""

    name = "test"
    sample_rate = 16000

    def feed(self, pcm: bytes) -> str:
        return ""

    def finish(self) -> object:
        raise AssertionError("no speech to finish")

    def reset(self) -> None: ...
    def settle(self) -> None: ...
    def close(self) -> None: ...


def test_voice_files_play_on_every_screen_that_listens(app: App, voice: VoiceController
                                                      ) -> None:
    """--voice-from plays on the start screen, a dialog, the pause menu, results: not
    only on the player's turn (and not while the bots act)."""
    scene = scripted_table(app)
    app.step(FRAME)
    assert voice.turn is None and not voice._script_ready()  # the bots' turn: no file
    app.open(SceneName.START)
    app.step(FRAME)
    assert voice.on_screens and voice._script_ready()
    app.replace_all(scene)
    app.open(SceneName.PAUSE, Opening(session=scene.session, seat=0))
    app.step(FRAME)
    assert voice._script_ready()


class _Queued:
    """A narrator with a line queued that it has not begun to say."""

    def is_speaking(self) -> bool:
        return False

    def quiet(self) -> bool:
        return False


def test_no_voice_file_plays_over_a_line_still_queued(app: App, voice: VoiceController
                                                      ) -> None:
    """The start screen's first line queued, not yet begun (a busy machine): a file
    played then cut it off ("Hold'em, the start screen." was never heard)."""
    app.open(SceneName.START)
    app.step(FRAME)
    voice._quiet_since = -1e9  # quiet for long before the line was queued
    narrator, voice.narrator = voice.narrator, _Queued()  # type: ignore[assignment]
    try:
        assert not voice._script_ready()
    finally:
        voice.narrator = narrator


def test_voice_from_skips_a_failing_file_with_a_notice_and_plays_the_rest(
        app: App, clock: Clock, narrator: FakeNarrator, failing_wavs: list[Path]) -> None:
    voice = VoiceController(VoiceSettings(), clock=clock, files=failing_wavs,
                            narrator=narrator,  # type: ignore[arg-type]
                            recognizer_factory=lambda: Loaded(DeafRecognizer(), "vosk", "test"),
                            sleep=lambda s: None)
    app.voice = voice
    scene = scripted_table(app)
    bot(app, scene, 3, C)
    to_act(app, scene, 0)  # the player is prompted: the files may play
    voice.start()
    try:
        deadline = time.monotonic() + 60
        while voice.mic is not MicState.FINISHED:
            assert voice.mic is not MicState.OFF, scene.log[-2:]  # voice must stay on
            assert time.monotonic() < deadline, (voice.mic, FailingWav.opened)
            time.sleep(0.01)
            app.step(FRAME)
        app.step(FRAME)  # the notice is passed on, and the panel follows
        app.step(FRAME)
    finally:
        voice.close()
    assert FailingWav.opened == ["a.wav", "bad.wav", "c.wav"]
    notice = "Skipped the voice file bad.wav: the audio data cannot be read (I/O error)"
    assert notice in scene.log and notice in narrator.texts()
    assert notice in voice.transcript
    assert not any("microphone" in line for line in scene.log)
    assert voice.panel.mic is MicState.FINISHED


# ------------------------------------------------------------------ real speech


@pytest.fixture(scope="module")
def speech(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Path]]:
    from voice.speak.narrator import VoiceSpec
    from voice.speak.synth import Synthesizer

    folder = tmp_path_factory.mktemp("said")
    counter = itertools.count()
    with Synthesizer(folder, isolated=True) as synth:
        def make(text: str) -> Path:
            utt = synth.espeak(text, VoiceSpec("gmw/en-us+klatt", 200, 50))
            return utt.save(folder / f"{next(counter)}.wav")
        yield make


@pytest.fixture(scope="module")
def recognizer() -> object:
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer
    return PocketSphinxRecognizer()


def test_the_game_never_hears_itself(app: App, voice: VoiceController, clock: Clock,
                                     narrator: FakeNarrator, facing_limp: TableScene,
                                     speech: Callable[[str], Path], recognizer: object) -> None:
    wav = speech("i call")
    narrator.speaking = True  # a bot is saying "I call" through the mixer
    voice.banter(1, "I call")
    with WavFileSource(wav) as source:
        voice.listen(source, recognizer)
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []
    narrator.speaking = False  # the same words from the player, once the game is quiet
    with WavFileSource(wav) as source:
        voice.listen(source, recognizer)
    app.step(FRAME)
    assert voice.panel.say_back.startswith("Call 10")
    if voice.panel.question:  # heard with low confidence: asked first
        say(app, voice, IntentKind.CONFIRM)
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [C]


def test_spoken_fold_through_the_real_recognizer(app: App, voice: VoiceController,
                                                 clock: Clock, facing_limp: TableScene,
                                                 speech: Callable[[str], Path],
                                                 recognizer: object) -> None:
    with WavFileSource(speech("fold")) as source:
        voice.listen(source, recognizer)
    app.step(FRAME)
    assert voice.panel.say_back.startswith("Fold")
    if voice.panel.question:
        say(app, voice, IntentKind.CONFIRM)
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [F]


@pytest.mark.slow
def test_voice_from_plays_a_hand_end_to_end(tmp_path: Path,
                                            speech: Callable[[str], Path]) -> None:
    from tests.game.test_autoplay import autoplay
    fold, yes = speech("fold"), speech("yes")
    report = autoplay("--headless", "--hands", "1", "--seed", "5", "--speed", "2",
                      "--voice-from", str(fold), str(yes), data=tmp_path)
    voice = report["voice"]
    assert isinstance(voice, dict)
    assert voice["applied_actions"] == ["fold"], voice
    assert voice["applied"] == 1 and voice["dropped"] == 0 and voice["heard"] >= 1
    assert 0 <= voice["turn_ms_not_listening"] <= voice["turn_ms"] and voice["turn_ms"] > 0
    assert voice["backend"] == "whisper+pocketsphinx+spotter"  # three ears, offline
    assert voice["lines_played"] > 3  # the narrator rendered and played through the mixer
    # timed from the end of speech: at least the gate's 200 ms of quiet that closes it
    # (the upper bound only says it is a duration in ms, not how fast: a busy machine
    # is slow, and speed is the benchmarks' business)
    assert 200 <= voice["latency_ms_p50"] <= voice["latency_ms_p95"] < 600_000
    assert report["hands"] == 1 and report["chips_conserved"]


def test_the_latency_figures_are_the_median_and_95th_percentile() -> None:
    from game.voicectl.stats import VoiceStats

    stats = VoiceStats()
    assert stats.latency() == (0, 0)
    stats.latencies_ms.append(420.4)
    assert stats.latency() == (420, 420)
    stats.latencies_ms[:] = [300.0, 100.0, 200.0, *[250.0] * 17, 900.0]
    assert stats.latency() == (250, 300)  # interpolated: 19 of 20 steps up the order
    stats.latencies_ms.append(1000.0)
    report = stats.report()
    assert (report["latency_ms_p50"], report["latency_ms_p95"]) == (250, 870)


# ------------------------------------------------------------------ on screen


SIZES = [(960, 540), (1280, 720), (1366, 768), (1920, 1080), (2560, 600), (1000, 1000)]


@pytest.mark.parametrize("size", SIZES)
def test_the_voice_panel_fits_without_overlaps(size: tuple[int, int]) -> None:
    L = table_layout(*size)
    V = L.voice
    assert L.side.contains(V.area)
    assert not V.area.colliderect(L.log) and not V.area.colliderect(L.graph)
    controls = V.controls()
    for name, rect in controls.items():
        assert V.area.contains(rect), name
        assert rect.w >= 20 and rect.h >= 2, name
    named = list(controls.items())
    for i, (a, ra) in enumerate(named):
        for b, rb in named[i + 1:]:
            assert not ra.colliderect(rb), (a, b)
    assert V.area.contains(V.cancel) and not V.cancel.colliderect(V.say)
    assert V.cancel.h >= 14 and V.status.h >= 12


def test_push_to_talk_follows_its_key_and_mouse_button_on_every_scene(
        app: App, voice: VoiceController, facing_limp: TableScene) -> None:
    def post(kind: int, **what: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **what))
        app.step(FRAME)

    post(pygame.KEYDOWN, key=pygame.K_v, mod=0)
    assert not voice.ptt_held  # push-to-talk is off: V is nothing
    app.settings = app.settings.with_(voice=replace(app.settings.voice, push_to_talk=True))
    voice.configure(app.settings.voice)
    post(pygame.KEYDOWN, key=pygame.K_v, mod=0)
    assert voice.ptt_held
    app.open(SceneName.SETTINGS)  # let go over the settings overlay: still heard
    post(pygame.KEYUP, key=pygame.K_v, mod=0)
    assert not voice.ptt_held
    post(pygame.MOUSEBUTTONDOWN, button=2, pos=(5, 5))
    assert voice.ptt_held
    post(pygame.MOUSEBUTTONUP, button=2, pos=(5, 5))
    assert not voice.ptt_held
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)  # Space is not push-to-talk
    assert not voice.ptt_held
    assert my_actions(facing_limp) == []


def test_drawing_the_voice_panel_changes_nothing(app: App, voice: VoiceController,
                                                 facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.ALLIN)
    before = (voice.panel, voice.confirm.pending, facing_limp.model)
    for size in SIZES[:3]:
        app.resize(size)
        app.draw()
    assert (voice.panel, voice.confirm.pending, facing_limp.model) == before


def test_no_voice_controller_means_the_panel_says_off(app: App) -> None:
    scene = scripted_table(app)
    assert scene.voice_panel.mic is MicState.DISABLED
    app.draw()





def test_muting_the_bots_by_voice_is_remembered_in_the_settings_file(
        app: App, voice: VoiceController, facing_limp: TableScene, tmp_path: Path) -> None:
    app.settings_file = tmp_path / "settings.toml"
    say(app, voice, IntentKind.CONTROL, control=Control.MUTE_BOTS)
    assert load_settings(app.settings_file).settings.voice.bots_muted is True
    say(app, voice, IntentKind.CONTROL, control=Control.UNMUTE_BOTS)
    assert load_settings(app.settings_file).settings.voice.bots_muted is False
    assert voice.panel.say_back == "The bots can talk again"


def test_muting_the_bots_when_the_settings_cannot_be_written_says_so(
        app: App, voice: VoiceController, facing_limp: TableScene, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app.settings_file = blocker / "settings.toml"
    say(app, voice, IntentKind.CONTROL, control=Control.MUTE_BOTS)
    assert voice.bots_muted and app.settings.voice.bots_muted
    assert voice.panel.say_back.startswith("The bots are muted for this game only. Can't save")


# ------------------------------------------------------------------ the player's turn


def test_the_turn_clock_waits_while_the_game_talks_to_the_player(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    app.step(FRAME)
    left = facing_limp.clock.left
    narrator.speaking = True
    for _ in range(60):
        app.step(FRAME)
    assert facing_limp.clock.left == left and facing_limp.clock.paused
    narrator.speaking = False
    for _ in range(60):
        app.step(FRAME)
    assert facing_limp.clock.left < left - 0.5 and not facing_limp.clock.paused


def test_the_turn_clock_gives_back_at_most_the_cap(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    narrator.speaking = True  # a narrator that never stops must not stop the clock
    voice.clock_held(1000.0)
    left = facing_limp.clock.left
    for _ in range(60):
        app.step(FRAME)
    assert facing_limp.clock.left < left


def test_the_turn_starts_with_one_short_line_and_bots_keep_quiet(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    turn_lines = [t for t in narrator.texts() if t.startswith("Your turn")]
    assert turn_lines == ["Your turn: 10 to call, pot 25"]
    view = facing_limp.session.view(0)
    assert view is not None
    voice.your_turn(view)  # the same again: shorter
    assert narrator.texts()[-1] == "Your turn"
    before = len(narrator.said)
    voice.banter(1, "Nice hand")
    assert len(narrator.said) == before


def test_stale_news_is_dropped_when_the_players_turn_begins() -> None:
    q = SpeechQueue(clock=lambda: 1.0)
    q.put(Line("Maniac raises to 60", priority=Priority.TABLE, topic="action"))
    q.put(Line("The flop: Ace of hearts", priority=Priority.TABLE))
    q.put(Line("I raise!", "seat1", Priority.BANTER))
    assert q.drop(lambda line: line.priority is Priority.BANTER or line.topic == "action") == 2
    line = q.pop()
    assert line is not None and line.text == "The flop: Ace of hearts"


def test_nothing_said_is_lost(app: App, voice: VoiceController, narrator: FakeNarrator,
                              clock: Clock, facing_limp: TableScene) -> None:
    voice.talked_over()  # half-duplex threw the player's words away
    assert narrator.texts()[-1] == "Sorry, I was talking. Say that again"
    voice.hear(Intent(IntentKind.CALL), turn=12345)  # for a turn that is over
    app.step(FRAME)
    assert narrator.texts()[-1] == "That was for an earlier turn: say it again"
    clock.t += 2.0
    app.step(FRAME)
    stats = voice.stats
    assert stats.heard == 2 and stats.answered == 2 and stats.dropped == 0
    assert stats.turn_ms > 0


def test_a_bet_that_puts_the_whole_stack_in_is_asked_as_an_all_in() -> None:
    from engine.actions import Action
    from engine.sizing import BettingContext
    from voice.confirm import ConfirmController, EffectKind, Heard
    short = BettingContext(big_blind=10, pot=300, current_bet=0, my_street_bet=0,
                           to_call=0, stack=120, can_check=True, min_raise_to=10,
                           max_raise_to=120)
    for said in (Intent(IntentKind.BET, 120), Intent(IntentKind.BET, 150)):  # "pot", clamped
        confirm = ConfirmController(0)
        confirm.set_turn(1)
        effects = confirm.hear(Heard(0, 1, said, 0.95, short), 0.0)
        assert [e.text for e in effects if e.kind is EffectKind.SAY] == [
            "All in? Say yes or no"]
        assert confirm.pending is not None
        assert confirm.pending.action == Action(0, ActionKind.ALLIN)
    facing = BettingContext(big_blind=10, pot=700, current_bet=300, my_street_bet=0,
                            to_call=290, stack=290, can_check=False, min_raise_to=None,
                            max_raise_to=None)
    confirm = ConfirmController(0)
    confirm.set_turn(1)
    effects = confirm.hear(Heard(0, 1, Intent(IntentKind.CALL), 0.95, facing), 0.0)
    assert effects[0].text == "All in? Say yes or no"  # calling with every chip


def test_the_voice_context_comes_from_the_legal_actions() -> None:
    from engine.actions import LegalActions
    from engine.sizing import BettingContext
    from game.voicectl.context import legal_context
    ctx = BettingContext(big_blind=10, pot=700, current_bet=300, my_street_bet=0,
                         to_call=290, stack=290, can_check=False, min_raise_to=290,
                         max_raise_to=290)

    @dataclass
    class View:
        context: BettingContext
        legal: LegalActions

    shove = LegalActions(0, True, False, 290, None, None, 290, True)
    got = legal_context(View(ctx, shove))  # type: ignore[arg-type]
    assert got is not None and got.min_raise_to is None and got.max_raise_to is None
    deep = LegalActions(0, True, False, 290, None, (600, 1000), 1000, True)
    got = legal_context(View(ctx, deep))  # type: ignore[arg-type]
    assert got is not None and (got.min_raise_to, got.max_raise_to) == (600, 1000)


def unsure_between_call_and_all_in(app: App, voice: VoiceController) -> None:
    """An unsure "call" whose best paths also read as an all-in, heard in this turn."""
    from game.voicectl.listening import Captured
    voice.captured(Captured(Intent(IntentKind.CALL), 0.3, "call", voice.turn, voice.context,
                            readings=(Intent(IntentKind.CALL), Intent(IntentKind.ALLIN))))
    app.step(FRAME)


def test_two_readings_are_offered_numbered_and_one_or_two_picks(
        app: App, voice: VoiceController, narrator: FakeNarrator, clock: Clock,
        facing_limp: TableScene) -> None:
    from game.voicectl.listening import Captured
    unsure_between_call_and_all_in(app, voice)
    assert voice.panel.say_back.startswith("1 Call 10 · 2 All in")
    assert narrator.texts()[-1].endswith("Say one or two")
    assert my_actions(facing_limp) == [] and voice.stats.offered == 1 and voice.stats.asked == 0
    voice.captured(Captured(Intent(IntentKind.UNKNOWN), 0.9, "one", voice.turn,
                            voice.context))
    app.step(FRAME)
    assert voice.panel.say_back == "Call 10"  # the first reading, through the grace window
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [C]


def test_an_offer_replaces_a_say_back_still_in_its_grace_window(
        app: App, voice: VoiceController, clock: Clock, facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.RAISE, 40)
    unsure_between_call_and_all_in(app, voice)
    assert voice.panel.say_back.startswith("1 Call 10 · 2 All in")
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []  # not the raise said back before the offer


def test_clicking_a_numbered_reading_picks_it_and_a_misclick_loses_nothing(
        app: App, voice: VoiceController, narrator: FakeNarrator, clock: Clock,
        facing_limp: TableScene) -> None:
    unsure_between_call_and_all_in(app, voice)
    assert voice.panel.readings == ("Call 10", "All in")
    bindings = facing_limp.bindings()
    first, second = bindings.named("voice.reading1"), bindings.named("voice.reading2")
    assert not first.rect.colliderect(second.rect)
    assert facing_limp.layout.voice.area.contains(first.rect.union(second.rect))
    app.draw()  # the readings are drawn as buttons where they are clicked
    # A click on the panel's empty status row does nothing and keeps the offer.
    click_at(app, facing_limp.layout.voice.status.center)
    assert voice.choices and my_actions(facing_limp) == []
    click(app, "voice.reading2")
    assert not voice.panel.readings
    pending = voice.confirm.pending
    assert pending is not None and pending.action.kind is ActionKind.ALLIN
    assert narrator.texts()[-1].startswith("All in")


def click_at(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at ``pos``, one frame each."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(FRAME)


def test_reading_hit_boxes_sit_in_the_panel_at_every_size() -> None:
    for size in SIZES:
        V = table_layout(*size).voice
        one, two = V.readings
        assert V.area.contains(one) and V.area.contains(two), size
        assert not one.colliderect(two) and one.w >= 60 and one.h >= 14, size
        assert not one.colliderect(V.status) and not two.colliderect(V.recognizer), size


# ------------------------------------------------------------------ fewer questions


def test_an_unsure_call_is_asked_and_a_sure_one_said_back(
        app: App, voice: VoiceController, narrator: FakeNarrator, clock: Clock,
        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.CALL, confidence=0.2)
    assert voice.panel.say_back == "Call 10? Say yes or no" and voice.stats.asked == 1
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []  # asked, not done
    say(app, voice, IntentKind.DENY)
    say(app, voice, IntentKind.CALL, confidence=0.8)
    assert voice.panel.say_back == "Call 10" and voice.stats.asked == 1
    wait_grace(app, clock)
    assert [a.kind for a in my_actions(facing_limp)] == [C]
    assert voice.stats.report()["applied_asked"] == 1  # its turn had a question


def test_an_unsure_fold_or_all_in_is_still_asked(app: App, voice: VoiceController,
                                                 clock: Clock,
                                                 facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.FOLD, confidence=0.2)
    assert voice.panel.say_back == "Fold? Say yes or no"
    wait_grace(app, clock)
    assert my_actions(facing_limp) == []
    say(app, voice, IntentKind.RAISE, 1000, confidence=0.2)  # the whole stack
    assert voice.panel.say_back == "All in for 1,000? Say yes or no"


def test_the_asked_action_said_again_is_the_yes(app: App, voice: VoiceController,
                                                clock: Clock,
                                                facing_limp: TableScene) -> None:
    voice.configure(VoiceSettings(grace_seconds=0.0))  # no grace window: unsure is asked
    say(app, voice, IntentKind.CALL, confidence=0.2)
    assert voice.panel.say_back == "Call 10? Say yes or no"
    say(app, voice, IntentKind.CALL, confidence=0.2)
    app.step(FRAME)
    assert [a.kind for a in my_actions(facing_limp)] == [C] and voice.stats.asked == 1
    assert voice.stats.report()["applied_asked"] == 1  # a right command that was asked


def test_a_weak_yes_does_not_fold_the_hand(app: App, voice: VoiceController,
                                          narrator: FakeNarrator,
                                          facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.FOLD, confidence=0.2)
    voice.hear(Intent(IntentKind.CONFIRM), 0.2, "do it")  # a "check" misheard
    app.step(FRAME)
    app.step(FRAME)
    assert my_actions(facing_limp) == []
    assert narrator.texts()[-1] == 'I heard "do it". Fold? Say yes or no'
    say(app, voice, IntentKind.CONFIRM, confidence=0.9)
    app.step(FRAME)
    assert [a.kind for a in my_actions(facing_limp)] == [F]
    assert voice.stats.dropped == 0


def test_a_call_asked_as_an_all_in_said_again_is_the_yes(
        app: App, voice: VoiceController, clock: Clock) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, R, 1000)  # under the gun shoves: calling takes the whole stack
    to_act(app, scene, 0)
    app.step(FRAME)
    say(app, voice, IntentKind.CALL)
    assert voice.panel.say_back == "All in for 1,000? Say yes or no"
    say(app, voice, IntentKind.ALLIN)  # a different command: asked about, not taken
    assert my_actions(scene) == []
    say(app, voice, IntentKind.CALL, confidence=0.3)
    say(app, voice, IntentKind.CALL, confidence=0.3)
    app.step(FRAME)
    assert [a.all_in for a in my_actions(scene)] == [True]


def test_no_scripted_file_plays_in_the_grace_window(app: App, voice: VoiceController,
                                                   clock: Clock,
                                                   facing_limp: TableScene) -> None:
    """The turn ends with the grace window: a file started in it was stamped with no
    turn and answered "It's not your turn" (a wasted command, seen in a real window)."""
    voice._quiet_since = -1e9  # the game has been quiet for long
    assert voice._script_ready()
    say(app, voice, IntentKind.CALL)
    assert voice.confirm.phase is Phase.GRACE and not voice._script_ready()
    say(app, voice, IntentKind.ALLIN)  # a question: the player is asked, a file may play
    assert voice.confirm.phase is Phase.QUESTION and voice._script_ready()
    say(app, voice, IntentKind.CALL)  # a call instead: said back, in the grace window
    clock.t += 1.5
    voice.update(app, facing_limp)  # the grace window closes: the call is submitted
    assert voice.confirm.phase is Phase.IDLE and not voice._script_ready()  # not yet taken


def test_the_panel_says_which_recognizers_listen_and_why() -> None:
    from game.voicectl.panel import listening_words

    assert listening_words("whisper+pocketsphinx") == "Whisper + pocketsphinx"
    assert listening_words("pocketsphinx", "Whisper model damaged") == \
        "pocketsphinx (Whisper model damaged)"
    assert listening_words("vosk", "Whisper model missing") == "Vosk (Whisper model missing)"
    assert listening_words("vosk") == "Vosk"
    assert listening_words("") == ""


LONGEST_LINES = ("Listening: Whisper + pocketsphinx + spotter",
                 "Listening: Whisper + pocketsphinx (no spotter)",
                 "Listening: pocketsphinx (Whisper model damaged)",
                 "Listening: pocketsphinx (Whisper model unreadable)",
                 "Listening: pocketsphinx (Whisper failed to load)",
                 "Listening: pocketsphinx (Whisper unavailable)")


def test_the_recognizer_line_is_whole_at_every_size(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.render.voice import voice_size
    from game.voicectl.panel import VoicePanel, listening_words, recognizer_line
    from voice.recognize import store
    from voice.recognize.models import choose_backend

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(store, "package_model_dir", lambda package="": tmp_path / "absent")
    choice = choose_backend(environ={"HOLDEM_OFFLINE": "1"})  # the fallback and its reason
    assert choice.name == "pocketsphinx" and choice.whisper_short == "Whisper model missing"
    line = recognizer_line(VoicePanel(MicState.LISTENING, "", listening=listening_words(
        choice.name, choice.whisper_short)))
    assert line == "Listening: pocketsphinx (Whisper model missing)"
    for size in SIZES:
        V = table_layout(*size).voice
        fs = voice_size(V)  # as draw_voice sizes the panel's rows
        room = V.recognizer.h // app.text.line_height(fs)
        for words in (line, *LONGEST_LINES):
            shown = app.text.lines(words, fs, V.recognizer.w, room)
            assert " ".join(shown) == words, (size, words)  # whole, wrapped


def test_a_damaged_whisper_model_is_named_on_the_panel(
        app: App, clock: Clock, narrator: FakeNarrator, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """The game's own recognizer choice with the packaged model's weights damaged: it
    listens with pocketsphinx alone and the panel says why in a few words."""
    import shutil

    from voice.recognize import store

    packaged = store.package_model_dir()
    assert packaged is not None
    damaged = tmp_path / "model"
    shutil.copytree(packaged, damaged)
    with (damaged / "model.bin").open("r+b") as weights:
        weights.write(b"\0" * 64)  # same size, other bytes
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(store, "package_model_dir", lambda package="": damaged)
    voice = VoiceController(VoiceSettings(), clock=clock, files=[],
                            narrator=narrator,  # type: ignore[arg-type]
                            microphone_factory=lambda name: WavFileSource(_silent_wav(tmp_path)))
    app.voice = voice
    scripted_table(app)
    voice.start()
    try:
        deadline = time.monotonic() + 60
        while not voice.backend:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        app.step(FRAME)
        assert voice.backend == "pocketsphinx"
        assert voice.panel.listening == "pocketsphinx (Whisper model damaged)"
        assert "model.bin" in voice.reason and "SHA-256" in voice.reason
        app.draw()
    finally:
        voice.close()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_settings_say_which_recognizers_listen(app: App, voice: VoiceController,
                                                   size: tuple[int, int]) -> None:
    from game.scenes.dialog import menu_layout
    from game.scenes.settings import ROWS, SettingsScene

    app.resize(size)
    scripted_table(app)
    app.open(SceneName.SETTINGS)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for words in ("Whisper + pocketsphinx + spotter", "pocketsphinx (Whisper model unreadable)"):
        voice.panel = replace(voice.panel, listening=words)
        row = scene.listening()
        assert (row.label, row.value) == ("Listening", words)
        app.draw()
        value, drawn = scene.listening_rect(menu_layout(app.size, len(ROWS) + 1, 1, 0.5))
        assert app.text.font(drawn).size(words)[0] <= value.w, size  # whole, full size
    app.voice = None
    assert scene.listening().value == "voice off"


@pytest.mark.slow
def test_out_of_the_box_whisper_and_pocketsphinx_both_listen(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The packaged model verifies and loads: the game's own recognizer choice has both
    ears, and the panel says so."""
    from game.voicectl.devices import default_recognizer
    from game.voicectl.panel import listening_words

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("HOLDEM_WHISPER_MODEL", raising=False)
    loaded = default_recognizer()
    try:
        assert (loaded.backend, loaded.note) == ("whisper+pocketsphinx+spotter", "")
        assert listening_words(loaded.backend, loaded.note) == \
            "Whisper + pocketsphinx + spotter"
    finally:
        loaded.recognizer.close()


@pytest.mark.slow
def test_without_the_packaged_model_whisper_is_downloaded_and_then_listens(
        app: App, clock: Clock, narrator: FakeNarrator, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, server: tuple[str, Path]) -> None:
    """No model installed: the game listens with pocketsphinx, fetches the pinned files
    in the background (from a local server here) with the panel's bar, and switches to
    both ears once they verify."""
    import functools

    from voice.recognize import store

    url, served = server
    packaged = store.package_model_dir()
    assert packaged is not None
    for item in store.WHISPER_FILES:
        (served / item.name).symlink_to(packaged / item.name)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(store, "package_model_dir", lambda package="": None)
    monkeypatch.setattr(store, "start_whisper_download_if_needed", functools.partial(
        store.start_whisper_download_if_needed, base_url=url,
        environ={"HOLDEM_OFFLINE": "0"}))
    progress: list[float | None] = []
    voice = VoiceController(VoiceSettings(), clock=clock, narrator=narrator,  # type: ignore[arg-type]
                            microphone_factory=lambda name: WavFileSource(
                                _silent_wav(tmp_path, 120), realtime=True))
    app.voice = voice
    scripted_table(app)
    voice.start()
    try:
        deadline = time.monotonic() + 60
        while voice.backend != "whisper+pocketsphinx+spotter":
            assert time.monotonic() < deadline, (voice.backend, voice.reason)
            progress.append(voice.progress)
            time.sleep(0.01)
        app.step(FRAME)
        assert voice.panel.listening == "Whisper + pocketsphinx + spotter"
        assert voice.progress is None and voice.downloading == ""
    finally:
        voice.close()
    assert any(p is not None for p in progress)  # the bar showed
    store.verify_whisper_dir(store.whisper_download_dir())


def _silent_wav(folder: Path, seconds: int = 1) -> Path:
    path = folder / "silence.wav"
    write_wav(path, b"\0\0" * 16_000 * seconds, 16_000)
    return path


def test_an_answer_during_a_question_keeps_the_question_on_the_panel(
        app: App, voice: VoiceController, clock: Clock, facing_limp: TableScene) -> None:
    from game.voicectl.panel import SHOWN_SECONDS

    say(app, voice, IntentKind.CALL, confidence=0.2)
    asked = voice.panel.say_back
    assert asked == "Call 10? Say yes or no" and voice.panel.question
    say(app, voice, IntentKind.QUERY, query=Query.POT)
    assert voice.panel.say_back.startswith("The pot is ")  # the answer, and what Yes is for
    assert voice.panel.say_back.endswith(f" · {asked}") and voice.panel.question
    clock.t += SHOWN_SECONDS + 0.1
    app.step(FRAME)
    assert voice.panel.say_back == asked  # the answer has had its time
