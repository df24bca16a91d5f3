"""Audio in: one ``AudioSource`` seam over the microphone and WAV files.

Every source yields blocks of about 100 ms of mono signed 16-bit little-endian PCM at
its own sample rate (``sample_rate``); recognizers that need 16 kHz put a
:class:`Resampler` in between. The microphone is opened at the device's default rate,
never forced to 16 kHz, because many devices refuse it.

WAV files are read by a small RIFF reader of our own (``wave`` only knows plain PCM):
8/16/24/32-bit PCM and 32/64-bit float, plain or WAVE_FORMAT_EXTENSIBLE, any channel
count and rate; compressed WAVs are refused, by name.

``sounddevice`` is imported only when a microphone is opened, so a machine without
PortAudio can still import this module, stream WAV files and run the tests.
"""

from __future__ import annotations

import contextlib
import importlib
import math
import queue
import struct
import threading
import time
import wave
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, BinaryIO

import numpy as np

BLOCK_MS = 100
"""Block length every source aims for."""


class AudioUnavailable(RuntimeError):
    """No usable microphone. The message is a sentence to show and say to the player;
    the game switches to mouse-only play and tries again between hands."""


class AudioFileError(ValueError):
    """A WAV file that cannot be streamed (missing, corrupt or compressed); the message
    names the file and says what is wrong."""


class AudioSource:
    """Blocks of mono int16 PCM bytes at ``sample_rate``.

    Use as ``with source: for block in source: ...``; iteration ends when the source is
    exhausted (a file) or stopped. ``read`` returns one block or None on timeout.
    """

    sample_rate: int
    block_frames: int

    def start(self) -> None:
        """Begin producing audio."""

    def stop(self) -> None:
        """Stop producing audio; ``start`` may be called again."""

    def close(self) -> None:
        """Release the device or file for good."""

    def read(self, timeout: float | None = None) -> bytes | None:
        """The next block, or None when none came within ``timeout``; raises
        ``EOFError`` once the source has ended."""
        raise NotImplementedError

    def __iter__(self) -> Iterator[bytes]:
        while True:
            try:
                block = self.read(timeout=0.5)
            except EOFError:
                return
            if block is not None:
                yield block

    def __enter__(self) -> AudioSource:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


# --- PCM conversion -------------------------------------------------------------------


def to_mono_int16(raw: bytes, channels: int, width: int, *, floating: bool = False) -> bytes:
    """Interleaved samples to mono int16 (channels averaged, a trailing partial frame
    dropped). Integer PCM of width 1 (unsigned 8-bit), 2, 3 or 4 bytes (signed), or with
    ``floating`` IEEE float of width 4 or 8, clipped to [-1, 1]."""
    if channels < 1:
        raise AudioFileError(f"{channels} channels: there must be at least one")
    frame = channels * width
    raw = raw[: len(raw) // frame * frame]
    data: Any
    if floating:
        if width not in (4, 8):
            raise AudioFileError(f"{width * 8}-bit floating-point samples are not supported")
        data = np.frombuffer(raw, "<f4" if width == 4 else "<f8").astype(np.float64)
        data = np.clip(np.nan_to_num(data), -1.0, 1.0) * 32768.0
    elif width == 1:
        data = (np.frombuffer(raw, np.uint8).astype(np.int32) - 128) << 8
    elif width == 2:
        if channels == 1:
            return bytes(raw)
        data = np.frombuffer(raw, "<i2").astype(np.int32)
    elif width == 3:
        b = np.frombuffer(raw, np.uint8).reshape(-1, 3).astype(np.int32)
        data = (b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16))
        data = np.where(data >= 1 << 23, data - (1 << 24), data) >> 8
    elif width == 4:
        data = np.frombuffer(raw, "<i4").astype(np.int64) >> 16
    else:
        raise AudioFileError(f"{width * 8}-bit samples are not supported")
    if channels > 1:
        data = data.reshape(-1, channels).mean(axis=1)
    return pcm16(data)


def rms_dbfs(block: bytes) -> float:
    """Loudness of int16 PCM in dB relative to full scale (-inf dB for silence -> -120)."""
    x = np.frombuffer(block, "<i2").astype(np.float64)
    if x.size == 0:
        return -120.0
    power = float(np.mean(x * x))
    return 10 * math.log10(power / 32768.0**2) if power > 0 else -120.0


# --- resampling -----------------------------------------------------------------------


class Resampler:
    """Streaming sample-rate conversion of int16 PCM (libsoxr, high quality).

    Its low-pass filter sits under the lower of the two Nyquist rates, so going down
    from 44.1 or 48 kHz to 16 kHz doesn't alias. ``process`` may be fed blocks of any
    size; ``flush`` returns the tail at the end of a stream.
    """

    def __init__(self, src_rate: int, dst_rate: int):
        if src_rate <= 0 or dst_rate <= 0:
            raise ValueError("sample rates must be positive")
        self.src_rate, self.dst_rate = src_rate, dst_rate
        self._stream: Any = None
        if src_rate != dst_rate:
            import soxr

            self._stream = soxr.ResampleStream(src_rate, dst_rate, 1, dtype="float64",
                                               quality="HQ")

    @property
    def passthrough(self) -> bool:
        return self._stream is None

    def process(self, block: bytes) -> bytes:
        """Resample a block of int16 PCM; returns whatever output is ready."""
        if self._stream is None:
            return block
        x = np.frombuffer(block, "<i2").astype(np.float64)
        return pcm16(self._stream.resample_chunk(x))

    def flush(self) -> bytes:
        """The remaining output once the input has ended."""
        if self._stream is None:
            return b""
        return pcm16(self._stream.resample_chunk(np.zeros(0), last=True))


def pcm16(samples: Any) -> bytes:
    """Float samples as int16 PCM bytes: rounded, and clipped rather than wrapped."""
    floats = np.asarray(samples, dtype=np.float64)
    return np.clip(np.round(floats), -32768, 32767).astype("<i2").tobytes()


def resample(pcm: bytes, src_rate: int, dst_rate: int) -> bytes:
    """Resample a whole int16 PCM buffer."""
    r = Resampler(src_rate, dst_rate)
    return r.process(pcm) + r.flush()


# --- WAV files ------------------------------------------------------------------------


WAVE_PCM, WAVE_FLOAT, WAVE_EXTENSIBLE = 1, 3, 0xFFFE
_GUID_TAIL = bytes.fromhex("000010008000 00aa00389b71")
"""The bytes after the format tag in a KSDATAFORMAT_SUBTYPE GUID (extensible WAVs)."""
_COMPRESSED = {2: "Microsoft ADPCM", 6: "A-law", 7: "mu-law", 0x11: "IMA ADPCM",
               0x31: "GSM 6.10", 0x50: "MPEG", 0x55: "MP3", 0x160: "WMA", 0x161: "WMA",
               0x1610: "AAC", 0xF1AC: "FLAC"}
_SAVE_AS = "save it as 16-bit PCM"
# What a WAV header may claim: anything else is refused before a sample is read, so a
# lying header can't make the resampler or the reader run long or take much memory.
MIN_RATE, MAX_RATE = 4_000, 384_000
MAX_CHANNELS = 32
MAX_CHUNKS = 1_000  # RIFF chunks walked looking for "fmt " and "data"


@dataclass(frozen=True, slots=True)
class WavLayout:
    """Where a WAV file's samples are and how they are stored."""

    channels: int
    sample_rate: int
    width: int  # bytes per sample
    floating: bool
    data_offset: int
    data_size: int  # whole frames only, cut to what the file really holds

    @property
    def frame_bytes(self) -> int:
        return self.channels * self.width


def _sample_format(body: bytes, name: str) -> tuple[int, int, int, bool]:
    """(channels, rate, width in bytes, floating) from a ``fmt `` chunk body;
    AudioFileError for what cannot be streamed."""
    if len(body) < 16:
        raise AudioFileError(f"{name}: not a PCM WAV file (its format chunk is cut short)")
    tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
    if tag == WAVE_EXTENSIBLE:
        if len(body) < 40:
            raise AudioFileError(f"{name}: not a PCM WAV file (its extensible format chunk "
                                 "is cut short)")
        guid = body[24:40]
        if guid[4:] != _GUID_TAIL:
            raise AudioFileError(f"{name}: unknown sample encoding (subformat {guid.hex()}) "
                                 f"is not supported: {_SAVE_AS}")
        tag = int.from_bytes(guid[:4], "little")
    if tag not in (WAVE_PCM, WAVE_FLOAT):
        kind = _COMPRESSED.get(tag, f"format code {tag}")
        raise AudioFileError(f"{name}: compressed WAV ({kind}) is not supported: {_SAVE_AS}")
    if channels < 1:
        raise AudioFileError(f"{name}: not a PCM WAV file (its header says it has no "
                             "channels)")
    if channels > MAX_CHANNELS:
        raise AudioFileError(f"{name}: its header says {channels} channels (at most "
                             f"{MAX_CHANNELS} are read): {_SAVE_AS}")
    if not MIN_RATE <= rate <= MAX_RATE:
        raise AudioFileError(f"{name}: its header gives a sample rate of {rate:,} Hz; "
                             f"rates from {MIN_RATE:,} to {MAX_RATE:,} Hz are read: "
                             f"{_SAVE_AS}")
    floating = tag == WAVE_FLOAT
    if bits not in ((32, 64) if floating else (8, 16, 24, 32)):
        kind = "floating-point " if floating else ""
        raise AudioFileError(f"{name}: {bits}-bit {kind}samples are not supported "
                             f"(8, 16, 24 or 32-bit PCM, 32 or 64-bit float): {_SAVE_AS}")
    return channels, rate, bits // 8, floating


def wav_layout(file: BinaryIO, name: str) -> WavLayout:
    """Walk the RIFF chunks of an open WAV file for its ``fmt `` and ``data`` chunks
    (others skipped, odd sizes padded). A data chunk that claims more than the file
    holds (a truncated download) is cut to the whole frames there are."""
    file.seek(0, 2)
    size = file.tell()
    file.seek(0)
    head = file.read(12)
    if len(head) == 0:
        raise AudioFileError(f"{name}: not a PCM WAV file (the file is empty)")
    if head[:4] == b"RF64" and head[8:12] == b"WAVE":
        raise AudioFileError(f"{name}: RF64 (very large) WAV files are not supported: "
                             f"{_SAVE_AS}")
    if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        raise AudioFileError(f"{name}: not a PCM WAV file (it has no RIFF/WAVE header, "
                             "so it is some other kind of file)")
    fmt: tuple[int, int, int, bool] | None = None
    data: tuple[int, int] | None = None
    position, chunks = 12, 0
    while position + 8 <= size and (fmt is None or data is None):
        chunks += 1
        if chunks > MAX_CHUNKS:
            raise AudioFileError(f"{name}: not a PCM WAV file (no audio after "
                                 f"{MAX_CHUNKS:,} header chunks; the file is damaged)")
        file.seek(position)
        chunk_id, chunk_size = struct.unpack("<4sI", file.read(8))
        body_at = position + 8
        if chunk_id == b"fmt " and fmt is None:
            fmt = _sample_format(file.read(min(chunk_size, 256)), name)
        elif chunk_id == b"data" and data is None:
            data = body_at, min(chunk_size, size - body_at)
        position = body_at + chunk_size + (chunk_size & 1)
    if fmt is None:
        raise AudioFileError(f"{name}: not a PCM WAV file (it has no format chunk; the "
                             "file may be truncated or damaged)")
    if data is None:
        raise AudioFileError(f"{name}: not a PCM WAV file (it has no audio data chunk; the "
                             "file may be truncated or damaged)")
    channels, rate, width, floating = fmt
    frame = channels * width
    return WavLayout(channels, rate, width, floating, data[0], data[1] // frame * frame)


def read_wav(path: str | Path) -> tuple[bytes, int]:
    """A whole WAV file as mono int16 PCM and its sample rate; AudioFileError if it
    is missing, corrupt or compressed."""
    with WavFileSource(path) as source:
        return b"".join(source), source.sample_rate


def write_wav(path: str | Path, pcm: bytes, sample_rate: int) -> None:
    """Write mono int16 PCM as a WAV file."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(pcm)


class WavFileSource(AudioSource):
    """A WAV file streamed from disk in real-time-sized blocks.

    ``realtime=True`` paces the blocks at the speed of speech (for demos with
    ``--voice-from``); otherwise they come as fast as they are read (tests, benchmarks).
    Any channel count, 8/16/24/32-bit PCM and 32/64-bit float (plain or extensible) are
    converted to mono int16; a truncated file plays as far as it goes.
    """

    def __init__(self, path: str | Path, block_ms: int = BLOCK_MS, *, realtime: bool = False,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        self.path = Path(path)
        self._realtime, self._clock, self._sleep = realtime, clock, sleep
        try:
            self._file: BinaryIO = open(self.path, "rb")  # noqa: SIM115 (closed in close)
        except FileNotFoundError:
            raise AudioFileError(f"{self.path}: no such file") from None
        except IsADirectoryError:
            raise AudioFileError(f"{self.path}: is a directory, not a WAV file") from None
        except OSError as err:
            raise AudioFileError(f"{self.path}: cannot be read ({err.strerror})") from None
        try:
            layout = wav_layout(self._file, str(self.path))
            self._file.seek(layout.data_offset)
        except OSError as err:
            self._file.close()
            raise AudioFileError(f"{self.path}: cannot be read ({err.strerror or err})") \
                from None
        except BaseException:
            self._file.close()
            raise
        self.layout = layout
        self.sample_rate = layout.sample_rate
        self.block_frames = max(1, self.sample_rate * block_ms // 1000)
        self._remaining = layout.data_size
        self._position = 0
        self._started_at: float | None = None

    @property
    def frames(self) -> int:
        """Sample frames in the file (whole ones)."""
        return self.layout.data_size // self.layout.frame_bytes

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return self.frames / self.sample_rate

    def start(self) -> None:
        self._started_at = self._clock()

    def close(self) -> None:
        self._file.close()

    def read(self, timeout: float | None = None) -> bytes | None:
        frame = self.layout.frame_bytes
        try:
            raw = self._file.read(min(self.block_frames * frame, self._remaining))
        except (OSError, ValueError) as err:
            raise AudioFileError(f"{self.path}: the audio data cannot be read ({err})") \
                from None
        self._remaining -= len(raw)
        got = len(raw) // frame
        if got == 0:
            raise EOFError
        self._position += got
        if self._realtime:
            if self._started_at is None:
                self._started_at = self._clock()
            due = self._started_at + self._position / self.sample_rate
            delay = due - self._clock()
            if delay > 0:
                self._sleep(delay)
        layout = self.layout
        return to_mono_int16(raw, layout.channels, layout.width, floating=layout.floating)


# --- microphone -----------------------------------------------------------------------


def _load_sounddevice() -> ModuleType:
    """Import sounddevice; its absence or a missing PortAudio is AudioUnavailable."""
    try:
        return importlib.import_module("sounddevice")
    except (ImportError, OSError) as err:
        raise AudioUnavailable(
            "Voice control is off: the audio library could not be loaded "
            f"({err}). Install libportaudio2 and restart the game.") from None


def input_devices(sd: Any) -> list[tuple[int, str, dict[str, Any]]]:
    """(index, name, info) of every device with input channels."""
    try:
        devices = list(sd.query_devices())
    except Exception as err:  # PortAudio errors have no common base we can import
        raise AudioUnavailable(f"Voice control is off: no audio devices ({err}).") from None
    return [(i, str(d["name"]), dict(d)) for i, d in enumerate(devices)
            if int(d.get("max_input_channels", 0)) > 0]


def choose_input_device(devices: Sequence[tuple[int, str, dict[str, Any]]],
                        name: str | None, default: int | None) -> tuple[int, dict[str, Any]]:
    """The input device whose name contains ``name`` (case-insensitive), else the
    default input; AudioUnavailable listing the devices when there is no match."""
    if not devices:
        raise AudioUnavailable("Voice control is off: no microphone was found. "
                               "Plug one in; the game will try again after this hand.")
    if name:
        wanted = name.lower()
        for index, dev_name, info in devices:
            if wanted in dev_name.lower():
                return index, info
        listing = "; ".join(dev_name for _, dev_name, _ in devices)
        raise AudioUnavailable(f"Voice control is off: no microphone named {name!r}. "
                               f"Available inputs: {listing}.")
    for index, _, info in devices:
        if index == default:
            return index, info
    index, _, info = devices[0]
    return index, info


class MicrophoneSource(AudioSource):
    """The microphone via ``sounddevice.RawInputStream`` at the device's own rate.

    The PortAudio callback only copies bytes into a bounded queue (dropping the oldest
    block if the consumer falls behind); everything else happens in the reader. A device
    that disappears raises AudioUnavailable from ``read``.
    """

    def __init__(self, device: str | None = None, block_ms: int = BLOCK_MS,
                 sounddevice: Any | None = None, max_blocks: int = 50):
        self._sd = sounddevice
        self._device_name = device
        self._block_ms = block_ms
        self._queue: queue.Queue[bytes] = queue.Queue(maxsize=max_blocks)
        self._stream: Any = None
        self._channels = 1
        self._lock = threading.Lock()
        self._finished = threading.Event()
        self._stopping = False
        self.dropped = 0
        self.overflows = 0
        self.device_label = ""
        self.sample_rate = 0
        self.block_frames = 0

    def _open(self) -> None:
        sd = self._sd if self._sd is not None else _load_sounddevice()
        self._sd = sd
        default = sd.default.device
        try:  # sounddevice's (input, output) pair, or a single device
            default_in = default[0]
        except (TypeError, IndexError, KeyError):
            default_in = default
        default_index = None if default_in is None or int(default_in) < 0 else int(default_in)
        index, info = choose_input_device(input_devices(sd), self._device_name, default_index)
        self.device_label = str(info["name"])
        self.sample_rate = round(float(info["default_samplerate"]))
        self.block_frames = max(1, self.sample_rate * self._block_ms // 1000)
        last_error: Exception | None = None
        for channels in dict.fromkeys((1, min(2, int(info["max_input_channels"])))):
            try:
                self._stream = sd.RawInputStream(
                    samplerate=self.sample_rate, blocksize=self.block_frames, device=index,
                    channels=channels, dtype="int16", callback=self._callback,
                    finished_callback=self._finished.set)
                self._channels = channels
                return
            except Exception as err:  # sounddevice.PortAudioError, ValueError
                last_error = err
        raise AudioUnavailable(f"Voice control is off: the microphone {self.device_label!r} "
                               f"could not be opened ({last_error}).")

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status:
            self.overflows += 1
        block = bytes(indata)
        try:
            self._queue.put_nowait(block)
        except queue.Full:
            try:
                self._queue.get_nowait()
                self.dropped += 1
            except queue.Empty:
                pass
            self._queue.put_nowait(block)

    def start(self) -> None:
        with self._lock:
            if self._stream is None:
                self._open()
            self._stopping = False
            self._finished.clear()
            try:
                self._stream.start()
            except Exception as err:
                raise AudioUnavailable(f"Voice control is off: the microphone "
                                       f"{self.device_label!r} failed to start ({err}).") from None

    def stop(self) -> None:
        with self._lock:
            self._stopping = True
            if self._stream is not None:
                with contextlib.suppress(Exception):  # already gone: nothing to stop
                    self._stream.stop()

    def close(self) -> None:
        with self._lock:
            self._stopping = True
            if self._stream is not None:
                with contextlib.suppress(Exception):
                    self._stream.close()
                self._stream = None

    def read(self, timeout: float | None = None) -> bytes | None:
        try:
            block = self._queue.get(timeout=timeout)
        except queue.Empty:
            if self._stream is None:
                raise EOFError from None
            if self._finished.is_set() and not self._stopping:
                raise AudioUnavailable(f"Voice control is off: the microphone "
                                       f"{self.device_label!r} stopped working.") from None
            return None
        if self._channels > 1:
            block = to_mono_int16(block, self._channels, 2)
        return block
