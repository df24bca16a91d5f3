"""Whisper's input written by the game: the same log-mel spectrogram and the same tokens
as faster-whisper's own (an independent implementation, a test dependency only)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voice.recognize.store import find_whisper_model
from voice.recognize.whisper import WhisperTokens
from voice.recognize.whisper_features import log_mel, mel_filters


def _speech_like(seconds: float, seed: int) -> np.ndarray:
    """A rising tone with harmonics in noise, with silence around it."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(seconds * 16000)) / 16000
    tone = sum(np.sin(2 * np.pi * (150 + 60 * t) * k * t) / k for k in range(1, 6))
    audio = 0.2 * tone * (np.sin(np.pi * t / seconds) ** 2) + rng.normal(0, 0.01, t.size)
    padded = np.zeros(int((seconds + 1) * 16000), dtype=np.float32)
    padded[8000:8000 + t.size] = audio
    return padded


@pytest.mark.parametrize(("seconds", "bands"), [(1.5, 80), (3.0, 80), (2.0, 128)])
def test_the_spectrogram_is_faster_whispers(seconds: float, bands: int) -> None:
    from faster_whisper.feature_extractor import FeatureExtractor

    audio = _speech_like(seconds, int(seconds * 10))
    mine = log_mel(audio, bands)
    theirs = FeatureExtractor(feature_size=bands)(audio)
    assert mine.shape == (bands, len(audio) // 160)
    assert mine.dtype == np.float32
    assert np.abs(mine - theirs[:, :mine.shape[1]]).max() < 1e-4


def test_the_mel_bands_are_faster_whispers() -> None:
    from faster_whisper.feature_extractor import FeatureExtractor

    assert np.allclose(mel_filters(80), FeatureExtractor.get_mel_filters(16000, 400, 80),
                       atol=1e-7)


def test_silence_is_the_floor_not_a_number_error() -> None:
    frames = log_mel(np.zeros(16000, dtype=np.float32))
    assert np.allclose(frames, -1.5)  # log10 of the 1e-10 floor, scaled


def test_the_tokens_are_faster_whispers() -> None:
    import tokenizers
    from faster_whisper.tokenizer import Tokenizer

    path = find_whisper_model()
    assert path is not None
    mine = WhisperTokens(path / "tokenizer.json")
    theirs = Tokenizer(tokenizers.Tokenizer.from_file(str(path / "tokenizer.json")), False,
                       task="transcribe", language="en")
    assert mine.start == [*theirs.sot_sequence, theirs.no_timestamps]
    assert mine.eot == theirs.eot
    for text in (" Raise to 200.", " What's the pot?", " Fold", " all-in, twelve"):
        assert mine.encode(text) == theirs.encode(text)
        assert mine.decode([*mine.start, *mine.encode(text), mine.eot]) == text


def test_a_tokenizer_without_whispers_special_tokens_is_refused(tmp_path: Path) -> None:
    import tokenizers

    plain = tokenizers.Tokenizer(tokenizers.models.WordLevel({"fold": 0, "[UNK]": 1},
                                                             unk_token="[UNK]"))
    plain.save(str(tmp_path / "tokenizer.json"))
    with pytest.raises(ValueError, match=r"<\|endoftext\|>"):
        WhisperTokens(tmp_path / "tokenizer.json")
