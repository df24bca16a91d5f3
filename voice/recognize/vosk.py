"""Vosk (Kaldi) behind the :class:`~voice.recognize.base.Recognizer` interface.

Its vocabulary is restricted to ``voice.understand.templates.recognizer_vocabulary()``
plus ``[unk]``; results with ``[unk]`` are rejected and up to ``alternatives`` hypotheses are kept.
Vosk decodes each utterance once, so its results carry no second hearing
(``Result.second`` is empty) and :func:`voice.understand.trust.agreed` never lifts them: its own
confidence decides.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from voice.recognize.base import RATE, UNKNOWN_WORD, Result


class VoskRecognizer:
    """Kaldi (vosk) restricted to the templates' vocabulary plus ``[unk]``."""

    name = "vosk"
    sample_rate = RATE

    def __init__(self, model_path: str, alternatives: int = 5,
                 vocabulary: Iterable[str] | None = None, model: Any = None):
        import vosk

        vosk.SetLogLevel(-1)
        self._model = model if model is not None else vosk.Model(str(model_path))
        if vocabulary is None:
            from voice.understand.templates import recognizer_vocabulary

            vocabulary = recognizer_vocabulary()
        self._grammar = json.dumps([*sorted(set(vocabulary)), UNKNOWN_WORD])
        self._alternatives = alternatives
        self._vosk = vosk
        self._recognizer = self._new()

    def _new(self) -> Any:
        rec = self._vosk.KaldiRecognizer(self._model, float(RATE), self._grammar)
        rec.SetMaxAlternatives(self._alternatives)
        rec.SetWords(False)
        return rec

    def feed(self, pcm: bytes) -> str:
        if not pcm:
            return ""
        self._recognizer.AcceptWaveform(pcm)
        return str(json.loads(self._recognizer.PartialResult()).get("partial", ""))

    def finish(self) -> Result:
        raw = json.loads(self._recognizer.FinalResult())
        self._recognizer = self._new()
        return vosk_result(raw)

    def reset(self) -> None:
        self._recognizer = self._new()

    def settle(self) -> None:
        """Nothing to do early: vosk decodes as the audio streams in."""

    def close(self) -> None:
        self._recognizer = None


def vosk_result(raw: Mapping[str, Any]) -> Result:
    """Vosk's final JSON (with or without alternatives) as a Result; alternatives that
    contain ``[unk]`` are dropped, and the confidence is the kept best's share."""
    if "alternatives" in raw:
        options: Sequence[Mapping[str, Any]] = raw["alternatives"]
        pairs = [(str(a.get("text", "")).strip(), float(a.get("confidence", 0.0)))
                 for a in options]
    else:
        pairs = [(str(raw.get("text", "")).strip(), 1.0)]
    kept = [(text, score) for text, score in pairs if text and UNKNOWN_WORD not in text.split()]
    if not kept:
        return Result("", (), 0.0, "vosk")
    # Vosk's alternative confidences are total log-likelihood-like scores: turn the
    # gap to the runner-up into a 0..1 margin.
    best = kept[0][1]
    rival = max((score for text, score in pairs[1:] if text != kept[0][0]), default=None)
    confidence = 1.0 if rival is None else 1 / (1 + math.exp(-(best - rival) / 4))
    texts = tuple(dict.fromkeys(text for text, _ in kept))
    return Result(texts[0], texts, confidence, "vosk")
