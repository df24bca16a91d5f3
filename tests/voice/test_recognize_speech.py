"""End to end with real speech: phrases synthesized by the game's own voice (pyttsx3 ->
espeak-ng) and by flite, at several speaking rates and with noise, written to WAV,
streamed through WavFileSource -> gate -> PocketSphinxRecognizer -> parser into actions
the engine accepts.

The phrase/voice pairs here are ones the offline recognizer gets reliably (synthesis and
seeded noise are deterministic); how often it gets *any* phrase right is measured by
benchmarks/bench_voice.py, not asserted here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.actions import ActionKind
from engine.state import HandState
from tests.engine.util import act, deal
from voice.audio import WavFileSource
from voice.confirm import ConfirmController, EffectKind, Heard
from voice.gate import SpeechGate
from voice.intent import IntentKind
from voice.narrator import VoiceSpec
from voice.recognize import Listener, PocketSphinxRecognizer
from voice.synth import Synthesizer, Utterance, add_noise, babble, cough, flite_available, silence
from voice.transcribe import listen

needs_flite = pytest.mark.skipif(not flite_available(), reason="flite is not installed")

FAST_KLATT = VoiceSpec("gmw/en-us+klatt", 200, 50)
PLAIN = VoiceSpec("gmw/en-us", 160, 50)
SLOW_F3 = VoiceSpec("gmw/en+f3", 130, 60)


@pytest.fixture(scope="module")
def recognizer() -> PocketSphinxRecognizer:
    return PocketSphinxRecognizer()


@pytest.fixture(scope="module")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synthesizer]:
    with Synthesizer(tmp_path_factory.mktemp("speech"), isolated=True) as s:
        yield s


@pytest.fixture(scope="module")
def crowd(synth: Synthesizer) -> bytes:
    """Babble: four voices talking over each other."""
    return babble(synth, random.Random(1))


def preflop() -> HandState:
    """Four seats, blinds 5/10: seat 3 first to act, 10 to call, 1000 behind."""
    return deal([1000] * 4)


def flop_unopened() -> HandState:
    """Flop after four limps, pot 40: seat 1 to act, may check or bet."""
    return act(deal([1000] * 4), "call", "call", "call", "check")


def stream(path: Path, state: HandState, recognizer: PocketSphinxRecognizer) -> tuple[
        IntentKind, object, str]:
    """A WAV file through the pipeline; (intent kind, engine action or None, text)."""
    ctx = state.betting_context()
    with WavFileSource(path) as source:
        text, intent, _, _, _ = listen(source, source.sample_rate, ctx, recognizer)
    assert state.to_act is not None
    return intent.intent, intent.to_action(state.to_act), text


def hear_and_apply(utt: Utterance, tmp_path: Path, state: HandState,
                   recognizer: PocketSphinxRecognizer) -> object:
    _, action, text = stream(utt.save(tmp_path / "said.wav"), state, recognizer)
    assert action is not None, f"{utt.text!r} ({utt.voice}) heard as {text!r}"
    assert state.can(action), action  # type: ignore[arg-type]
    state.apply(action)  # type: ignore[arg-type]
    return action


ESPEAK_CASES = [
    ("i call", FAST_KLATT, ActionKind.CALL, None, preflop),
    ("fold", FAST_KLATT, ActionKind.FOLD, None, preflop),
    ("raise to three hundred", FAST_KLATT, ActionKind.RAISE, 300, preflop),
    ("raise to four hundred", FAST_KLATT, ActionKind.RAISE, 400, preflop),
    ("all in", SLOW_F3, ActionKind.ALLIN, None, preflop),
    ("check", FAST_KLATT, ActionKind.CHECK, None, flop_unopened),
    ("bet half the pot", FAST_KLATT, ActionKind.BET, 20, flop_unopened),
    ("check it", SLOW_F3, ActionKind.CHECK, None, flop_unopened),
]


@pytest.mark.parametrize(("text", "voice", "kind", "to", "state"), ESPEAK_CASES,
                         ids=[f"{c[0]}@{c[1].rate}" for c in ESPEAK_CASES])
def test_the_games_own_voice_becomes_the_action_the_engine_accepts(
        text: str, voice: VoiceSpec, kind: ActionKind, to: int | None, state: object,
        synth: Synthesizer, recognizer: PocketSphinxRecognizer, tmp_path: Path) -> None:
    hand = state()  # type: ignore[operator]
    action = hear_and_apply(synth.espeak(text, voice), tmp_path, hand, recognizer)
    assert (action.kind, action.to) == (kind, to)  # type: ignore[attr-defined]


FLITE_CASES = [
    ("raise to two hundred", "slt", 1.0, ActionKind.RAISE, 200, preflop),
    ("call", "slt", 1.0, ActionKind.CALL, None, preflop),
    ("fold", "rms", 0.85, ActionKind.FOLD, None, preflop),
    ("i call", "rms", 0.85, ActionKind.CALL, None, preflop),
    ("bet sixty", "slt", 1.0, ActionKind.BET, 60, flop_unopened),
    ("check", "slt", 1.0, ActionKind.CHECK, None, flop_unopened),
]


@needs_flite
@pytest.mark.parametrize(("text", "voice", "stretch", "kind", "to", "state"), FLITE_CASES,
                         ids=[f"{c[0]}-{c[1]}@{c[2]}" for c in FLITE_CASES])
def test_flite_voices_become_actions(text: str, voice: str, stretch: float, kind: ActionKind,
                                     to: int | None, state: object, synth: Synthesizer,
                                     recognizer: PocketSphinxRecognizer, tmp_path: Path) -> None:
    hand = state()  # type: ignore[operator]
    action = hear_and_apply(synth.flite(text, voice, stretch=stretch), tmp_path, hand,
                            recognizer)
    assert (action.kind, action.to) == (kind, to)  # type: ignore[attr-defined]


NOISY_CASES = [  # (phrase, "espeak" or a flite voice, rate or stretch, noise, ...)
    ("i call", "espeak", 200, "white", ActionKind.CALL, None, preflop),
    ("check", "espeak", 200, "white", ActionKind.CHECK, None, flop_unopened),
    ("raise to three hundred", "espeak", 160, "white", ActionKind.RAISE, 300, preflop),
    ("raise to four hundred", "espeak", 160, "white", ActionKind.RAISE, 400, preflop),
    ("all in", "espeak", 200, "babble", ActionKind.ALLIN, None, preflop),
    ("all in", "espeak", 130, "babble", ActionKind.ALLIN, None, preflop),
    ("raise to two hundred", "rms", 0.85, "white", ActionKind.RAISE, 200, preflop),
    ("i call", "awb", 1.2, "white", ActionKind.CALL, None, preflop),
    ("all in", "awb", 1.2, "babble", ActionKind.ALLIN, None, preflop),
]


@pytest.mark.parametrize(("text", "source", "rate", "noise", "kind", "to", "state"),
                         NOISY_CASES, ids=[f"{c[0]}-{c[1]}@{c[2]}+{c[3]}" for c in NOISY_CASES])
def test_speech_with_noise_still_becomes_the_action(
        text: str, source: str, rate: float, noise: str, kind: ActionKind, to: int | None,
        state: object, synth: Synthesizer, recognizer: PocketSphinxRecognizer,
        crowd: bytes, tmp_path: Path) -> None:
    """White noise at 15 dB SNR, babble (four voices talking) at 12 dB."""
    if source == "espeak":
        utt = synth.espeak(text, {200: FAST_KLATT, 160: PLAIN, 130: SLOW_F3}[int(rate)])
    elif not flite_available():
        pytest.skip("flite is not installed")
    else:
        utt = synth.flite(text, source, stretch=rate)
    if noise == "white":
        utt = add_noise(utt, 15, random.Random(2))
    else:
        utt = add_noise(utt, 12, random.Random(3), crowd)
    hand = state()  # type: ignore[operator]
    action = hear_and_apply(utt, tmp_path, hand, recognizer)
    assert (action.kind, action.to) == (kind, to)  # type: ignore[attr-defined]


def test_questions_are_recognized_but_never_act(
        synth: Synthesizer, recognizer: PocketSphinxRecognizer, tmp_path: Path) -> None:
    kind, action, _ = stream(synth.espeak("what's in the pot", PLAIN).save(tmp_path / "q.wav"),
                             preflop(), recognizer)
    assert kind is IntentKind.QUERY and action is None


def test_silence_does_nothing(recognizer: PocketSphinxRecognizer) -> None:
    quiet = silence(3.0, rng=random.Random(1))
    blocks = [quiet[i:i + 3200] for i in range(0, len(quiet), 3200)]
    text, intent, _, _, heard = listen(blocks, 16_000, preflop().betting_context(), recognizer)
    assert (text, intent.intent, heard) == ("", IntentKind.UNKNOWN, [])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_cough_does_nothing(seed: int, recognizer: PocketSphinxRecognizer) -> None:
    burst = cough(random.Random(seed)).pcm
    blocks = [burst[i:i + 3200] for i in range(0, len(burst), 3200)]
    _, intent, _, _, heard = listen(blocks, 16_000, preflop().betting_context(), recognizer)
    assert heard == [] and intent.intent is IntentKind.UNKNOWN


class FakePlayer:
    """Stands in for the mixer: 'plays' a line for as long as the test says."""

    def __init__(self) -> None:
        self.busy = False

    def is_busy(self) -> bool:
        return self.busy


def test_a_bot_saying_i_call_during_the_humans_turn_is_not_an_action(
        synth: Synthesizer, recognizer: PocketSphinxRecognizer) -> None:
    """Half-duplex: the microphone hears the bot's "I call" while the mixer plays it; the
    gate discards it, so the human's turn produces no action. The same audio heard once
    the game is quiet does become a call, so it was the gate that stopped it."""
    state = preflop()
    seat = state.to_act
    assert seat is not None
    player = FakePlayer()
    bot_line = synth.espeak("i call", FAST_KLATT)
    controller = ConfirmController(seat)
    controller.set_turn(1)

    def run(playing: bool) -> list[object]:
        gate = SpeechGate(16_000, speaking=player.is_busy)
        listener = Listener(recognizer, 16_000, gate, context=state.betting_context)
        applied = []
        now = 0.0
        pcm = silence(1.0, rng=random.Random(2)) + bot_line.pcm
        player.busy = playing
        for i in range(0, len(pcm), 3200):
            now += 0.1
            for utt in listener.push(pcm[i:i + 3200], now):
                heard = Heard(seat, 1, utt.intent, 1.0, state.betting_context(), utt.text)
                applied += controller.hear(heard, now)
        player.busy = False
        for _ in range(20):  # the line ends; time passes
            now += 0.1
            applied += controller.tick(now)
            listener.push(silence(0.1, rng=random.Random(4)), now)
        return [e for e in applied if e.kind is EffectKind.APPLY]  # type: ignore[attr-defined]

    assert run(playing=True) == []
    applied = run(playing=False)
    assert [e.action.kind for e in applied] == [ActionKind.CALL]  # type: ignore[attr-defined]
    assert state.can(applied[0].action)  # type: ignore[attr-defined]
