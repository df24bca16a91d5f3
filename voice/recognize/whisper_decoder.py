"""Whisper's text decoder in numpy, for scoring a prefix tree of commands.

CTranslate2 has no call that continues a decoding from a cached state: every
``generate`` call recomputes its rows from the first token, and each row recomputes the
cross-attention keys and values over all of the encoder's frames (measured: ~9 ms a row
on this machine, three quarters of Whisper's work per command). Here the keys and values
of the encoder output are computed once per utterance and each tree node costs one
decoder step on top of its parent's cached self-attention, for a whole depth of the tree
in one batched step.

The weights are read from the same verified ``model.bin`` CTranslate2 loads (its
variable format: a header, then name, shape, type and bytes per variable, then aliases);
only the decoder's are kept, as float32. The arithmetic is Whisper's: pre-norm
residual layers of masked self-attention, cross-attention and a GELU feed-forward, then
a final norm and the output projection tied to the token embeddings.
"""

from __future__ import annotations

import math
import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float32]

_TYPES: dict[int, type[np.generic]] = {
    0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}
_GELU = 3  # CTranslate2's ActivationType for the exact (erf) GELU


class DecoderFormatError(ValueError):
    """``model.bin`` is not a Whisper model this decoder can read."""


def read_variables(path: Path, prefix: str = "decoder/") -> dict[str, NDArray[np.generic]]:
    """The variables whose names start with ``prefix`` in a CTranslate2 ``model.bin``
    (aliases resolved), as numpy arrays."""
    try:
        with path.open("rb") as file:  # mapped, not read: only the decoder's pages are read
            data = memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
    except ValueError:  # an empty file cannot be mapped
        raise DecoderFormatError("model file is empty") from None
    offset = 0

    def take(fmt: str) -> int:
        nonlocal offset
        (value,) = struct.unpack_from("<" + fmt, data, offset)
        offset += struct.calcsize("<" + fmt)
        return int(value)

    def text() -> str:
        nonlocal offset
        size = take("H")
        out = bytes(data[offset:offset + size - 1]).decode("utf-8")
        offset += size
        return out

    try:
        version = take("I")
        if version < 5:
            raise DecoderFormatError(f"model format {version} is too old")
        if text() != "WhisperSpec":
            raise DecoderFormatError("not a Whisper model")
        take("I")  # the spec's revision
        out: dict[str, NDArray[np.generic]] = {}
        for _ in range(take("I")):
            name = text()
            shape = tuple(take("I") for _ in range(take("B")))
            kind = take("B")
            size = take("I")
            if name.startswith(prefix):
                if kind not in _TYPES:
                    raise DecoderFormatError(f"{name}: unknown type {kind}")
                raw = np.frombuffer(data[offset:offset + size], dtype=_TYPES[kind])
                out[name] = raw.reshape(shape) if shape else raw
            offset += size
        for _ in range(take("I")):
            alias, target = text(), text()
            if alias.startswith(prefix) and target in out:
                out[alias] = out[target]
    except (struct.error, ValueError) as err:  # past the end, or a variable cut off
        raise DecoderFormatError(f"model file cut short: {err}") from None
    return out


@dataclass(frozen=True, slots=True)
class _Layer:
    self_norm: tuple[Floats, Floats]
    qkv: tuple[Floats, Floats]
    self_out: tuple[Floats, Floats]
    cross_norm: tuple[Floats, Floats]
    query: tuple[Floats, Floats]
    key_value: tuple[Floats, Floats]
    cross_out: tuple[Floats, Floats]
    ffn_norm: tuple[Floats, Floats]
    ffn_in: tuple[Floats, Floats]
    ffn_out: tuple[Floats, Floats]


@dataclass(slots=True)
class State:
    """Decoder state after some tokens, for a batch of rows: per layer the
    self-attention keys and values (rows, tokens, width) and the log-probabilities of
    each row's next token (rows, vocabulary)."""

    keys: list[Floats]
    values: list[Floats]
    logp: Floats

    @property
    def length(self) -> int:
        return int(self.keys[0].shape[1])


@dataclass(frozen=True, slots=True)
class Memory:
    """One utterance's cross-attention keys and values, per layer (frames, width)."""

    keys: list[Floats]
    values: list[Floats]


class WhisperDecoder:
    """Whisper's decoder over a cached state: :meth:`memory` once per utterance,
    :meth:`start` for the prompt, then :meth:`step` a token per row."""

    def __init__(self, model_file: Path, suppress: tuple[int, ...] = ()):
        weights = read_variables(model_file)

        def get(name: str, transposed: bool = False) -> Floats:
            """A variable as float32 (transposed in its stored type: one copy)."""
            if name not in weights:
                raise DecoderFormatError(f"{name} missing")
            value = weights[name].T if transposed else weights[name]
            return np.ascontiguousarray(value, dtype=np.float32)

        def linear(name: str) -> tuple[Floats, Floats]:
            return get(name + "/weight", transposed=True), get(name + "/bias")

        def norm(name: str) -> tuple[Floats, Floats]:
            return get(name + "/gamma"), get(name + "/beta")

        def flag(name: str) -> int:
            return int(np.asarray(weights.get(name, np.zeros(1)), dtype=np.int64).ravel()[0])

        if flag("decoder/activation") != _GELU or flag("decoder/pre_norm") != 1 \
                or flag("decoder/scale_embeddings") != 0:
            raise DecoderFormatError("not Whisper's decoder layout")
        self.heads = flag("decoder/num_heads")
        # (width, vocabulary): the output projection reads it in this order twice as
        # fast as the (vocabulary, width) table it is tied to; a token's embedding is
        # its column
        self.projection = get("decoder/embeddings/weight", transposed=True)
        self.positions = get("decoder/position_encodings/encodings")
        self.final_norm = norm("decoder/layer_norm")
        self.layers: list[_Layer] = []
        while f"decoder/layer_{len(self.layers)}/ffn/linear_0/weight" in weights:
            at = f"decoder/layer_{len(self.layers)}/"
            self.layers.append(_Layer(
                norm(at + "self_attention/layer_norm"), linear(at + "self_attention/linear_0"),
                linear(at + "self_attention/linear_1"), norm(at + "attention/layer_norm"),
                linear(at + "attention/linear_0"), linear(at + "attention/linear_1"),
                linear(at + "attention/linear_2"), norm(at + "ffn/layer_norm"),
                linear(at + "ffn/linear_0"), linear(at + "ffn/linear_1")))
        if not self.layers or self.projection.shape[0] % self.heads:
            raise DecoderFormatError("no decoder layers")
        self.width = int(self.projection.shape[0])
        self._suppress = list(suppress)

    # --- public steps -----------------------------------------------------------------

    def memory(self, encoded: NDArray[np.floating]) -> Memory:
        """Cross-attention keys and values of one encoder output (1, frames, width)."""
        frames = np.asarray(encoded, dtype=np.float32).reshape(-1, self.width)
        keys, values = [], []
        for layer in self.layers:
            weight, bias = layer.key_value
            both = frames @ weight + bias
            keys.append(np.ascontiguousarray(both[:, :self.width]))
            values.append(np.ascontiguousarray(both[:, self.width:]))
        return Memory(keys, values)

    def start(self, memory: Memory, prompt: list[int]) -> State:
        """The state after ``prompt`` (one row), by feeding its tokens one at a time."""
        empty = np.zeros((1, 0, self.width), dtype=np.float32)
        state = State([empty] * len(self.layers), [empty] * len(self.layers),
                      np.zeros((1, 0), dtype=np.float32))
        for index, token in enumerate(prompt):
            state = self.step(memory, state, [0], [token], last=index == len(prompt) - 1)
        return state

    def step(self, memory: Memory, state: State, rows: list[int], tokens: list[int],
             last: bool = True) -> State:
        """Each new row continues ``state``'s row ``rows[i]`` with ``tokens[i]``;
        ``last``: compute the next token's log-probabilities (a prompt's earlier tokens
        need only the cache)."""
        position = state.length
        if position >= self.positions.shape[0]:
            raise ValueError("longer than Whisper's 448 tokens")
        pick = np.asarray(rows, dtype=np.intp)
        x = self.projection[:, np.asarray(tokens, dtype=np.intp)].T + self.positions[position]
        keys: list[Floats] = []
        values: list[Floats] = []
        for index, layer in enumerate(self.layers):
            h = _norm(x, layer.self_norm)
            q, k, v = np.split(h @ layer.qkv[0] + layer.qkv[1], 3, axis=-1)
            past_k = np.concatenate([state.keys[index][pick], k[:, None]], axis=1)
            past_v = np.concatenate([state.values[index][pick], v[:, None]], axis=1)
            keys.append(past_k)
            values.append(past_v)
            x = x + self._attend(q, past_k, past_v) @ layer.self_out[0] + layer.self_out[1]
            h = _norm(x, layer.cross_norm)
            q = h @ layer.query[0] + layer.query[1]
            mk, mv = memory.keys[index][None], memory.values[index][None]
            x = x + self._attend(q, mk, mv) @ layer.cross_out[0] + layer.cross_out[1]
            h = _norm(x, layer.ffn_norm)
            h = _gelu(h @ layer.ffn_in[0] + layer.ffn_in[1])
            x = x + h @ layer.ffn_out[0] + layer.ffn_out[1]
        if not last:
            return State(keys, values, np.zeros((len(rows), 0), dtype=np.float32))
        logits = _norm(x, self.final_norm) @ self.projection
        if self._suppress:
            logits[:, self._suppress] = -np.inf
        top = logits.max(axis=-1, keepdims=True)
        logp = logits - (np.log(np.exp(logits - top).sum(axis=-1, keepdims=True)) + top)
        return State(keys, values, logp.astype(np.float32, copy=False))

    def _attend(self, q: Floats, k: Floats, v: Floats) -> Floats:
        """Scaled dot-product attention of one query a row (rows, width) over keys and
        values (rows or 1, length, width), per head."""
        rows, heads = q.shape[0], self.heads
        size = self.width // heads
        qh = q.reshape(rows, heads, 1, size)
        kh = k.reshape(k.shape[0], -1, heads, size).transpose(0, 2, 3, 1)
        vh = v.reshape(v.shape[0], -1, heads, size).transpose(0, 2, 1, 3)
        scores = (qh @ kh) * (1.0 / math.sqrt(size))  # (rows, heads, 1, length)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        out: Floats = (scores @ vh).reshape(rows, self.width)
        return out


def _norm(x: Floats, params: tuple[Floats, Floats]) -> Floats:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(axis=-1, keepdims=True)
    out: Floats = centred / np.sqrt(variance + 1e-5) * params[0] + params[1]
    return out


def _gelu(x: Floats) -> Floats:
    """x * Phi(x), with erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7)."""
    z = np.abs(x) * (1.0 / math.sqrt(2.0))
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741
                + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(x) * (1.0 - poly * np.exp(-z * z))
    out: Floats = (0.5 * x * (1.0 + erf)).astype(np.float32, copy=False)
    return out
