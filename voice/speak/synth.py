"""Speech for tests and benchmarks: phrases rendered to WAV by the game's own voice
(pyttsx3 -> espeak-ng, through :class:`voice.speak.narrator.Pyttsx3Renderer`) and, where
installed, by flite and by festival (a third family the benchmark keeps out of tuning),
at several speaking rates, with optional white or babble noise.

Each :class:`Utterance` knows where its speech ends, so latency can be measured from
the real end of speech rather than from the end of the file.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice.listen.audio import read_wav, resample, write_wav
from voice.speak.narrator import Pyttsx3Renderer, SpeechError, VoiceSpec

RATE = 16_000
"""Utterances are stored at 16 kHz, the recognizers' rate."""

FLITE_VOICES = ("slt", "kal", "rms", "awb")
ESPEAK_VOICES = (VoiceSpec("gmw/en-us", 160, 50), VoiceSpec("gmw/en-us+m3", 175, 40),
                 VoiceSpec("gmw/en+f3", 150, 60), VoiceSpec("gmw/en-gb-x-rp", 170, 45))


@dataclass(frozen=True, slots=True)
class Utterance:
    """Mono int16 PCM at :data:`RATE` with the speech between ``speech_start`` and
    ``speech_end`` (seconds from the start of the audio)."""

    text: str
    voice: str
    pcm: bytes
    speech_start: float
    speech_end: float
    sample_rate: int = RATE

    @property
    def duration(self) -> float:
        return len(self.pcm) / 2 / self.sample_rate

    def save(self, path: str | Path) -> Path:
        write_wav(path, self.pcm, self.sample_rate)
        return Path(path)


FESTIVAL_VOICES = ("ked_diphone", "kal_diphone")
"""festvox-kdlpc16k and festvox-kallpc16k (Debian)."""


def flite_available() -> bool:
    return shutil.which("flite") is not None


def festival_available() -> bool:
    return shutil.which("festival") is not None


def _scheme_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Synthesizer:
    """Renders phrases with espeak-ng (via pyttsx3) or flite; pads them with silence.

    espeak-ng keeps state between lines in one process (its voice oscillators run on), so
    the same line comes out slightly differently each time, and pyttsx3's driver can end a
    line early when the machine is busy (one render in 20 was 60 ms short with another
    render beside it). ``isolated=True`` renders each espeak line with the ``espeak-ng``
    program (the same synthesizer, one process a line, no callbacks): the same text and
    voice give the same audio whatever ran before or beside it, as tests and the
    benchmark need.
    """

    def __init__(self, workdir: str | Path | None = None, *, isolated: bool = False):
        self.isolated = isolated
        self._tmp = tempfile.TemporaryDirectory(prefix="holdem-synth-") if workdir is None \
            else None
        self.workdir = Path(workdir) if workdir is not None else Path(self._tmp.name)  # type: ignore[union-attr]
        self._renderer: Pyttsx3Renderer | None = None
        self._count = 0

    def close(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> Synthesizer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _path(self) -> Path:
        self._count += 1
        return self.workdir / f"synth-{self._count}.wav"

    def espeak(self, text: str, spec: VoiceSpec = ESPEAK_VOICES[0], *, lead: float = 0.4,
               tail: float = 0.8) -> Utterance:
        """``text`` in an espeak-ng voice: through pyttsx3, the narrator's path, or with
        ``isolated`` by the ``espeak-ng`` program."""
        path = self._path()
        if self.isolated:
            exe = shutil.which("espeak-ng")
            if exe is None:
                raise SpeechError("espeak-ng is not installed")
            cmd = [exe, "-v", spec.voice, "-s", str(spec.rate), "-p", str(spec.pitch),
                   "-w", str(path), text]
            done = subprocess.run(cmd, capture_output=True, timeout=60, check=False)
            if done.returncode != 0 or not path.exists() or path.stat().st_size <= 44:
                raise SpeechError(f"espeak failed for {text!r}: {done.stderr.decode()[-300:]}")
        else:
            if self._renderer is None:
                self._renderer = Pyttsx3Renderer()
            self._renderer.render(text, spec, path)
        return self._load(text, f"espeak:{spec.voice}@{spec.rate}", path, lead, tail)

    def flite(self, text: str, voice: str = "slt", *, stretch: float = 1.0, lead: float = 0.4,
              tail: float = 0.8) -> Utterance:
        """``text`` in a flite voice; ``stretch`` > 1 speaks slower."""
        exe = shutil.which("flite")
        if exe is None:
            raise SpeechError("flite is not installed")
        path = self._path()
        cmd = [exe, "-voice", voice, "--setf", f"duration_stretch={stretch}", "-t", text,
               "-o", str(path)]
        done = subprocess.run(cmd, capture_output=True, timeout=30, check=False)
        if done.returncode != 0 or not path.exists() or path.stat().st_size <= 44:
            raise SpeechError(f"flite failed for {text!r}: {done.stderr.decode()[-200:]}")
        return self._load(text, f"flite:{voice}@{stretch}", path, lead, tail)

    def festival(self, lines: list[tuple[str, str, float]], *, lead: float = 0.4,
                 tail: float = 0.8) -> list[Utterance]:
        """(text, voice, stretch) lines rendered by festival in one process (it takes
        most of a second to start); ``voice`` is a name like "ked_diphone"."""
        exe = shutil.which("festival")
        if exe is None:
            raise SpeechError("festival is not installed")
        if not lines:
            return []
        paths = [self._path() for _ in lines]
        script = []
        for (text, voice, stretch), path in zip(lines, paths, strict=True):
            script.append(f"(voice_{voice})")
            script.append(f"(Parameter.set 'Duration_Stretch {stretch:g})")
            script.append(f"(utt.save.wave (utt.synth (Utterance Text {_scheme_string(text)}))"
                          f" {_scheme_string(str(path))} 'riff)")
        source = self.workdir / f"festival-{self._count}.scm"
        source.write_text("\n".join(script) + "\n", encoding="utf-8")
        done = subprocess.run([exe, "--batch", str(source)], capture_output=True,
                              timeout=60 + 5 * len(lines), check=False)
        out = []
        for (text, voice, stretch), path in zip(lines, paths, strict=True):
            if not path.exists() or path.stat().st_size <= 44:
                raise SpeechError(f"festival failed for {text!r}: "
                                  f"{done.stderr.decode(errors='replace')[-200:]}")
            out.append(self._load(text, f"festival:{voice}@{stretch:g}", path, lead, tail))
        return out

    def _load(self, text: str, voice: str, path: Path, lead: float, tail: float) -> Utterance:
        pcm, rate = read_wav(path)
        return utterance(text, voice, pcm, rate, lead=lead, tail=tail)


def utterance(text: str, voice: str, pcm: bytes, rate: int, *, lead: float = 0.4,
              tail: float = 0.8) -> Utterance:
    """Rendered int16 speech at ``rate`` as an :class:`Utterance`: at :data:`RATE`,
    trimmed to its speech, with ``lead`` and ``tail`` seconds of silence around it."""
    if rate != RATE:
        pcm = resample(pcm, rate, RATE)
    x = np.frombuffer(pcm, "<i2")
    start, end = speech_bounds(x)
    x = x[start:end]
    pad = np.zeros(int(lead * RATE), np.int16), np.zeros(int(tail * RATE), np.int16)
    audio = np.concatenate([pad[0], x, pad[1]]).astype("<i2")
    return Utterance(text, voice, audio.tobytes(), lead, lead + len(x) / RATE)


def speech_bounds(x: np.ndarray, threshold_db: float = -45.0, frame: int = 160) -> tuple[int, int]:
    """Sample range from the first to the last 10 ms frame louder than ``threshold_db``."""
    n = len(x) // frame
    if n == 0:
        return 0, len(x)
    frames = x[: n * frame].astype(np.float64).reshape(n, frame)
    level = 10 * np.log10(np.mean(frames**2, axis=1) / 32768.0**2 + 1e-12)
    loud = np.flatnonzero(level > threshold_db)
    if loud.size == 0:
        return 0, len(x)
    return int(loud[0] * frame), int(min(len(x), (loud[-1] + 1) * frame))


def add_noise(utt: Utterance, snr_db: float, rng: random.Random,
              noise: bytes | None = None) -> Utterance:
    """``utt`` with white noise (or the given noise, e.g. babble, looped) at ``snr_db``
    relative to the speech's power; the noise runs through the silence too."""
    x = np.frombuffer(utt.pcm, "<i2").astype(np.float64)
    a, b = int(utt.speech_start * RATE), int(utt.speech_end * RATE)
    speech_power = float(np.mean(x[a:b] ** 2)) if b > a else 1.0
    gen = np.random.default_rng(rng.getrandbits(32))
    if noise is None:
        n = gen.normal(0.0, 1.0, len(x))
    else:
        base = np.frombuffer(noise, "<i2").astype(np.float64)
        start = int(gen.integers(0, max(1, len(base))))
        n = np.resize(np.roll(base, -start), len(x))
    n *= np.sqrt(speech_power / max(float(np.mean(n**2)), 1e-9) / 10 ** (snr_db / 10))
    mixed = np.clip(np.round(x + n), -32768, 32767).astype("<i2")
    return Utterance(utt.text, f"{utt.voice}+{'white' if noise is None else 'babble'}"
                     f"{snr_db:g}dB", mixed.tobytes(), utt.speech_start, utt.speech_end)


def babble(synth: Synthesizer, rng: random.Random, seconds: float = 6.0) -> bytes:
    """Several voices talking over each other: a noise for :func:`add_noise`."""
    lines = ["the weather has been strange this week and nobody knows why",
             "she said the train would be late again so we waited at the station",
             "put the books on the shelf near the window before dinner",
             "my brother bought a new car and drove it to the coast"]
    total = np.zeros(int(seconds * RATE))
    for i, line in enumerate(lines):
        spec = ESPEAK_VOICES[i % len(ESPEAK_VOICES)]
        x = np.frombuffer(synth.espeak(line, spec, lead=0, tail=0).pcm, "<i2").astype(float)
        x = np.resize(x, len(total))
        total += np.roll(x, rng.randrange(len(total)))
    total *= 8000 / max(float(np.sqrt(np.mean(total**2))), 1.0)
    return np.clip(total, -32768, 32767).astype("<i2").tobytes()


def cough(rng: random.Random, seconds: float = 0.35, level: float = 9000) -> Utterance:
    """A burst of shaped noise standing in for a cough or a knock on the table."""
    gen = np.random.default_rng(rng.getrandbits(32))
    n = int(seconds * RATE)
    envelope = np.exp(-np.linspace(0, 6, n)) * np.minimum(1, np.linspace(0, 20, n))
    burst = gen.normal(0, level, n) * envelope
    lead, tail = np.zeros(int(0.4 * RATE)), np.zeros(int(0.8 * RATE))
    pcm = np.clip(np.concatenate([lead, burst, tail]), -32768, 32767).astype("<i2").tobytes()
    return Utterance("", "cough", pcm, 0.4, 0.4 + seconds)


def vowel(seconds: float, level: float = 6000, pitch: float = 140) -> bytes:
    """A voiced, speech-like sound at :data:`RATE` (a pitch pulse train through a
    formant-ish roll-off): what the gate opens on, without a recognizer's words."""
    t = np.arange(int(RATE * seconds)) / RATE
    x = np.zeros_like(t)
    for k in range(1, 12):
        x += np.sin(2 * np.pi * pitch * k * t) / k
    peak = float(np.max(np.abs(x)))
    return (level * x / peak).astype("<i2").tobytes()


def silence(seconds: float, level_db: float = -70.0, rng: random.Random | None = None) -> bytes:
    """Quiet room noise (not digital zero, which no microphone gives)."""
    gen = np.random.default_rng(0 if rng is None else rng.getrandbits(32))
    amplitude = 32768 * 10 ** (level_db / 20)
    return np.clip(gen.normal(0, amplitude, int(seconds * RATE)), -32768, 32767) \
        .astype("<i2").tobytes()
