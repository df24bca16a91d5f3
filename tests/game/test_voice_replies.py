"""Voice replies that help: a miss says sorry and what can be said now, a yes or no with
nothing asked is a miss, and a microphone that keeps failing is told once, then shown as
an icon on the voice panel (issue 21, part 5)."""

from __future__ import annotations

import time

from engine.actions import ActionKind
from game.app import App
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from game.voicectl.devices import Loaded
from game.voicectl.panel import MicState
from tests.game.helpers import FRAME, bot, scripted_table, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.listen.audio import AudioSource, AudioUnavailable
from voice.understand.intent import IntentKind


class _Flaky(AudioSource):
    """Opens, then fails at once: a device that is there but gives no sound."""

    sample_rate, block_frames = 16000, 1600

    def __enter__(self) -> _Flaky:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    def read(self, timeout: float | None = None) -> bytes | None:
        raise AudioUnavailable("Voice control is off: the microphone stopped answering.")


def _voice(app: App, clock: Clock, narrator: FakeNarrator, **kw: object) -> VoiceController:
    voice = VoiceController(VoiceSettings(), clock=clock, narrator=narrator,  # type: ignore[arg-type]
                            recognizer_factory=lambda: Loaded(object(), "pocketsphinx", "offline"),
                            **kw)  # type: ignore[arg-type]
    app.voice = voice
    return voice


def test_a_yes_with_nothing_asked_is_a_miss_with_what_to_say(app: App) -> None:
    clock, narrator = Clock(), FakeNarrator()
    voice = _voice(app, clock, narrator)
    scene = scripted_table(app)
    try:
        to_act(app, scene, 3)  # not our turn
        say(app, voice, IntentKind.CONFIRM)
        said = narrator.texts()[-1]
        assert said.startswith("Sorry, I didn't catch that.") and "Nothing" not in said
        assert "what's the pot" in said and "help" in said
        bot(app, scene, 3, ActionKind.RAISE, 30)
        to_act(app, scene, 0)
        say(app, voice, IntentKind.UNKNOWN)
        said = narrator.texts()[-1]
        assert said == "Sorry, I didn't catch that. You can say fold, call 30, or raise to " \
                       "an amount"
    finally:
        voice.close()


def test_a_microphone_failing_every_hand_is_told_once(app: App) -> None:
    clock, narrator = Clock(), FakeNarrator()
    opened: list[str] = []

    def flaky(name: str) -> AudioSource:
        opened.append(name)
        return _Flaky()

    voice = _voice(app, clock, narrator, microphone_factory=flaky)
    scene = scripted_table(app)
    voice.start()
    try:
        for attempt in range(1, 4):  # three tries: at the start, then after hand breaks
            if attempt > 1:
                voice.between_hands()
            deadline = time.monotonic() + 60  # the audio thread's own pace, under load too
            while not (len(opened) >= attempt and voice.mic is MicState.OFF):
                assert time.monotonic() < deadline, "the microphone was not tried again"
                app.step(FRAME)
                time.sleep(0.005)
            for _ in range(5):
                app.step(FRAME)
                clock.t += 1.0
        told = [t for t in narrator.texts() if "Voice control is off" in t]
        assert len(told) == 1
        assert not any("on again" in line for line in scene.log[1:])
        assert voice.panel.mic is MicState.OFF  # the panel's icon says it from now on
    finally:
        voice.close()
