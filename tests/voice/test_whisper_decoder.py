"""Whisper's decoder in numpy: the model file's format, and the same numbers as
CTranslate2's own decoder on the real model."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from engine.sizing import BettingContext
from voice.recognize.closed_set import Candidate
from voice.recognize.store import find_whisper_model
from voice.recognize.whisper_decoder import DecoderFormatError, read_variables

FACING = BettingContext(10, 150, 40, 0, 40, 1000, False, 80, 1000, "flop")


def _string(text: str) -> bytes:
    raw = text.encode() + b"\0"
    return struct.pack("<H", len(raw)) + raw


def _model_file(path: Path, spec: str = "WhisperSpec") -> Path:
    """A two-variable model in CTranslate2's format, with an alias."""
    weight = np.arange(6, dtype=np.float16).reshape(2, 3)
    heads = np.array(6, dtype=np.int16)
    out = struct.pack("<I", 6) + _string(spec) + struct.pack("<I", 3) + struct.pack("<I", 2)
    out += _string("decoder/embeddings/weight") + struct.pack("<BII", 2, 2, 3)
    out += struct.pack("<BI", 4, weight.nbytes) + weight.tobytes()
    out += _string("decoder/num_heads") + struct.pack("<B", 0)
    out += struct.pack("<BI", 2, heads.nbytes) + heads.tobytes()
    out += struct.pack("<I", 1) + _string("decoder/projection/weight")
    out += _string("decoder/embeddings/weight")
    path.write_bytes(out)
    return path


def test_the_model_files_variables_and_aliases_are_read(tmp_path: Path) -> None:
    found = read_variables(_model_file(tmp_path / "model.bin"))
    assert found["decoder/embeddings/weight"].tolist() == [[0, 1, 2], [3, 4, 5]]
    assert found["decoder/projection/weight"] is found["decoder/embeddings/weight"]
    assert int(found["decoder/num_heads"][0]) == 6


def test_a_cut_or_foreign_model_file_is_a_format_error(tmp_path: Path) -> None:
    whole = _model_file(tmp_path / "model.bin").read_bytes()
    (tmp_path / "cut.bin").write_bytes(whole[:40])
    with pytest.raises(DecoderFormatError, match="cut short"):
        read_variables(tmp_path / "cut.bin")
    (tmp_path / "empty.bin").write_bytes(b"")
    with pytest.raises(DecoderFormatError, match="empty"):
        read_variables(tmp_path / "empty.bin")
    with pytest.raises(DecoderFormatError, match="not a Whisper model"):
        read_variables(_model_file(tmp_path / "other.bin", "TransformerSpec"))


# --- the real model ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clip(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from voice.speak.synth import Synthesizer

    with Synthesizer(tmp_path_factory.mktemp("tts"), isolated=True) as synth:
        return synth.flite("raise to two hundred", "slt").pcm


@pytest.mark.slow
def test_the_decoder_gives_ctranslate2s_own_log_probabilities(whisper: object,
                                                              clip: bytes) -> None:
    import ctranslate2

    from voice.recognize.whisper import WhisperRecognizer

    assert isinstance(whisper, WhisperRecognizer)
    path = find_whisper_model()
    assert path is not None
    exact = ctranslate2.models.Whisper(str(path), device="cpu", compute_type="float32")
    encoded = whisper._encode(clip)
    tokens = whisper._tokenizer.encode(" Raise to 200.")
    memory = whisper._decoder.memory(np.array(encoded))
    state = whisper._decoder.start(memory, whisper._start)
    mine = [state.logp[0]]
    for token in tokens:
        state = whisper._decoder.step(memory, state, [0], [token])
        mine.append(state.logp[0])
    theirs = exact.generate(encoded, [whisper._start + tokens], beam_size=1,
                            max_length=2 * len(tokens) + 3, return_logits_vocab=True,
                            suppress_blank=False,
                            suppress_tokens=[whisper._tokenizer.eot])[0].logits[0]
    for depth, row in enumerate(mine):
        logits = np.asarray(theirs[depth], dtype=np.float64)
        expected = logits - np.log(np.exp(logits - logits.max()).sum()) - logits.max()
        shown = expected > -1e30  # CTranslate2 suppresses with the lowest float
        assert np.array_equal(shown, np.isfinite(row)), depth
        assert np.abs(row[shown] - expected[shown]).max() < 2e-3, depth


@pytest.mark.slow
def test_the_walk_scores_each_candidate_as_its_tokens_one_by_one(whisper: object,
                                                                 clip: bytes) -> None:
    from voice.recognize.whisper import WhisperRecognizer, _Node

    assert isinstance(whisper, WhisperRecognizer)
    wanted = [Candidate(" Raise to 200.", "raise to 200"), Candidate(" Call.", "call"),
              Candidate(" Raise to 300.", "raise to 300"), Candidate(" Fold.", "fold")]
    tree = _Node()
    whisper._grow(tree, wanted)
    encoded = whisper._encode(clip)
    scored = {cand.text: (lp, n) for lp, n, cand in whisper._walk(encoded, tree)}
    assert set(scored) == {c.text for c in wanted}
    decoder = whisper._decoder
    memory = decoder.memory(np.array(encoded))
    for cand in wanted:
        state = decoder.start(memory, whisper._start)
        total = 0.0
        tokens = whisper._tokenizer.encode(cand.text)
        for token in tokens:
            total += float(state.logp[0][token])
            state = decoder.step(memory, state, [0], [token])
        assert scored[cand.text][0] == pytest.approx(total, abs=1e-3)
        assert scored[cand.text][1] == len(tokens)
    assert max(scored, key=lambda text: scored[text][0]) == " Raise to 200."


@pytest.mark.slow
def test_a_prompt_is_heard_before_the_utterance_and_the_command_still_wins(
        clip: bytes) -> None:
    from voice.recognize.whisper import WhisperRecognizer, WhisperTuning

    path = find_whisper_model()
    assert path is not None
    prompted = WhisperRecognizer(path, WhisperTuning(prompt="Check. Call.", prompt_free=True))
    tokens = prompted._tokenizer
    assert prompted._walk_start == [tokens.previous, *tokens.encode(" Check. Call."),
                                    *tokens.start]
    assert prompted._free_start == prompted._walk_start
    heard = prompted.hear(clip, FACING)
    assert heard.text == "raise to 200", heard
    prompted.close()


@pytest.mark.slow
def test_a_hearing_begun_at_a_pause_the_speaker_talked_through_gives_up(
        whisper: object, clip: bytes) -> None:
    from engine.sizing import BettingContext
    from voice.recognize.whisper import WhisperRecognizer, _Node

    assert isinstance(whisper, WhisperRecognizer)
    tree = _Node()
    whisper._grow(tree, [Candidate(" Raise to 200.", "raise to 200"),
                         Candidate(" Call.", "call")])
    encoded = whisper._encode(clip)
    assert whisper._walk(encoded, tree, lambda: False) == []  # stopped before a step
    ctx = BettingContext(10, 150, 40, 0, 40, 1000, False, 80, 1000, "flop")
    assert whisper.hear(clip, ctx, current=lambda: False).details == {"stale": 1.0}
    calls = iter([True, True])  # current through encoding and transcribing, then not
    cut = whisper.hear(clip, ctx, current=lambda: next(calls, False))
    assert cut.details == {"stale": 1.0}  # a walk stopped part way is not a hearing
    # through the interface: the pause's hearing is out of date once audio follows it
    whisper.bind_context(lambda: ctx)
    half = len(clip) // 2 & ~1
    whisper.feed(clip[:half])
    whisper.settle()
    began = whisper._generation
    whisper.feed(clip[half:])
    assert whisper._generation == began + 1
    result = whisper.finish()
    assert result.text == "raise to 200" and "stale" not in result.details
