"""Audio in: WAV streaming and conversion, resampling, and the microphone seam with a
fake sounddevice (no audio hardware in CI)."""

from __future__ import annotations

import struct
import wave
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from voice.listen.audio import (
    AudioFileError,
    AudioUnavailable,
    MicrophoneSource,
    Resampler,
    WavFileSource,
    choose_input_device,
    read_wav,
    resample,
    to_mono_int16,
    write_wav,
)


def tone(rate: int, hz: float, seconds: float, amplitude: float = 8000) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return amplitude * np.sin(2 * np.pi * hz * t)


def write(path: Path, data: np.ndarray, rate: int, channels: int = 1, width: int = 2) -> Path:
    """Write interleaved samples at any width (8-bit is unsigned, as WAV has it)."""
    if width == 1:
        raw = (np.clip(data / 256 + 128, 0, 255)).astype(np.uint8).tobytes()
    elif width == 2:
        raw = data.astype("<i2").tobytes()
    elif width == 3:
        v = (data.astype(np.int64) * 256) & 0xFFFFFF
        raw = np.stack([v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF], axis=1) \
            .astype(np.uint8).tobytes()
    else:
        raw = (data.astype(np.int64) * 65536).astype("<i4").tobytes()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(raw)
    return path


def test_wav_is_streamed_in_100_ms_blocks_at_its_own_rate(tmp_path: Path) -> None:
    path = write(tmp_path / "a.wav", tone(44_100, 440, 1.05), 44_100)
    with WavFileSource(path) as source:
        blocks = list(source)
    assert source.sample_rate == 44_100
    assert [len(b) // 2 for b in blocks] == [4410] * 10 + [2205]


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_stereo_files_of_any_width_become_mono_int16(tmp_path: Path, width: int) -> None:
    left = tone(16_000, 300, 0.2)
    stereo = np.stack([left, left], axis=1).reshape(-1)
    pcm, rate = read_wav(write(tmp_path / "s.wav", stereo, 16_000, channels=2, width=width))
    got = np.frombuffer(pcm, "<i2").astype(float)
    assert rate == 16_000 and len(got) == len(left)
    assert np.max(np.abs(got - left)) < (300 if width == 1 else 2)


def test_channels_are_averaged() -> None:
    raw = np.array([1000, -1000, 3000, 1000], "<i2").tobytes()
    assert np.frombuffer(to_mono_int16(raw, 2, 2), "<i2").tolist() == [0, 2000]


def test_realtime_streaming_waits_for_each_block(tmp_path: Path) -> None:
    path = write(tmp_path / "a.wav", tone(16_000, 440, 0.3), 16_000)
    now = [0.0]
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(round(seconds, 3))
        now[0] += seconds

    with WavFileSource(path, realtime=True, clock=lambda: now[0], sleep=sleep) as source:
        assert len(list(source)) == 3
    assert sleeps == [0.1, 0.1, 0.1]


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(AudioFileError, match="no such file"):
        WavFileSource(tmp_path / "nope.wav")


def test_a_corrupt_wav_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"RIFF\x24\x00\x00\x00WAVEjunk-not-a-chunk")
    with pytest.raises(AudioFileError, match="not a PCM WAV file"):
        WavFileSource(bad)


def test_a_text_file_is_not_a_wav(tmp_path: Path) -> None:
    text = tmp_path / "notes.wav"
    text.write_text("raise to two hundred")
    with pytest.raises(AudioFileError, match="not a PCM WAV file"):
        read_wav(text)


# --- hand-built RIFF files: what the wave module cannot read ----------------------------

PCM_GUID_TAIL = bytes.fromhex("000010008000 00aa00389b71")


def fmt_chunk(tag: int, channels: int, rate: int, bits: int,
              subformat: int | None = None) -> bytes:
    """A ``fmt `` chunk body; with ``subformat`` a WAVE_FORMAT_EXTENSIBLE one."""
    align = channels * ((bits + 7) // 8)
    body = struct.pack("<HHIIHH", tag, channels, rate, rate * align, align, bits)
    if subformat is not None:
        body += struct.pack("<HHI", 22, bits, 3) + struct.pack("<I", subformat) \
            + PCM_GUID_TAIL
    return body


def riff(path: Path, *chunks: tuple[bytes, bytes], data_size: int | None = None) -> Path:
    """A RIFF/WAVE file of the given chunks (odd ones padded); ``data_size`` overrides
    the size the data chunk declares (a truncated download)."""
    out = b"WAVE"
    for name, body in chunks:
        cut = name == b"data" and data_size is not None
        size = data_size if cut else len(body)
        out += name + struct.pack("<I", size) + body + b"\0" * (len(body) & 1 and not cut)
    path.write_bytes(b"RIFF" + struct.pack("<I", len(out)) + out)
    return path


def test_a_wav_ending_in_half_a_sample_plays_what_is_whole(tmp_path: Path) -> None:
    samples = np.arange(500, dtype="<i2")
    path = riff(tmp_path / "cut.wav", (b"fmt ", fmt_chunk(1, 1, 16_000, 16)),
                (b"data", samples.tobytes() + b"\x7f"))  # 1001 bytes, as in a cut download
    pcm, rate = read_wav(path)
    assert rate == 16_000 and np.frombuffer(pcm, "<i2").tolist() == samples.tolist()


def test_a_data_chunk_longer_than_the_file_is_read_to_the_end(tmp_path: Path) -> None:
    samples = tone(16_000, 300, 0.25).astype("<i2")
    path = riff(tmp_path / "short.wav", (b"fmt ", fmt_chunk(1, 2, 16_000, 16)),
                (b"data", samples.repeat(2).tobytes() + b"\1\2\3"), data_size=1_000_000)
    source = WavFileSource(path)
    assert source.frames == len(samples)
    with source:
        blocks = list(source)
    assert [len(b) // 2 for b in blocks] == [1600, 1600, 800]
    assert b"".join(blocks) == samples.tobytes()


@pytest.mark.parametrize(("channels", "width"), [(1, 2), (1, 3), (1, 4), (2, 1), (2, 2),
                                                 (3, 3), (2, 4)])
def test_a_trailing_partial_frame_is_dropped(channels: int, width: int) -> None:
    whole = bytes(range(channels * width * 4))
    for extra in range(1, channels * width):
        assert to_mono_int16(whole + bytes(extra), channels, width) == \
            to_mono_int16(whole, channels, width)
        assert len(to_mono_int16(whole + bytes(extra), channels, width)) == 8


@pytest.mark.parametrize(("dtype", "extensible"), [("<f4", False), ("<f8", False),
                                                   ("<f4", True)])
def test_float_wavs_are_clipped_and_scaled_to_int16(tmp_path: Path, dtype: str,
                                                    extensible: bool) -> None:
    left = tone(48_000, 440, 0.3, amplitude=0.5)
    left[:3] = [2.0, -3.0, 1.0]  # out of range: clipped, not wrapped
    stereo = np.stack([left, left], axis=1).reshape(-1).astype(dtype)
    bits = np.dtype(dtype).itemsize * 8
    fmt = fmt_chunk(0xFFFE, 2, 48_000, bits, subformat=3) if extensible \
        else fmt_chunk(3, 2, 48_000, bits)
    path = riff(tmp_path / "f.wav", (b"fmt ", fmt), (b"fact", struct.pack("<I", len(left))),
                (b"data", stereo.tobytes()))
    pcm, rate = read_wav(path)
    got = np.frombuffer(pcm, "<i2").astype(float)
    assert rate == 48_000 and len(got) == len(left)
    assert got[:3].tolist() == [32767, -32768, 32767]
    assert np.max(np.abs(got[3:] - left[3:] * 32768)) <= 1


@pytest.mark.parametrize("bits", [8, 16, 24, 32])
def test_extensible_pcm_of_any_width_is_read(tmp_path: Path, bits: int) -> None:
    plain = read_wav(write(tmp_path / "plain.wav", tone(22_050, 500, 0.2), 22_050,
                           width=bits // 8))
    with wave.open(str(tmp_path / "plain.wav"), "rb") as w:
        raw = w.readframes(w.getnframes())
    path = riff(tmp_path / "ext.wav", (b"fmt ", fmt_chunk(0xFFFE, 1, 22_050, bits, 1)),
                (b"data", raw))
    assert read_wav(path) == plain


def test_other_chunks_are_skipped_with_their_padding_and_data_may_come_first(
        tmp_path: Path) -> None:
    samples = np.arange(-300, 301, dtype="<i2")
    path = riff(tmp_path / "odd.wav", (b"LIST", b"INFOISFT\x03\0\0\0ab\0"),
                (b"data", samples.tobytes()), (b"JUNK", b"x"),
                (b"fmt ", fmt_chunk(1, 1, 8_000, 16)))
    assert read_wav(path) == (samples.tobytes(), 8_000)


@pytest.mark.parametrize(("chunks", "message"), [
    ([(b"fmt ", fmt_chunk(6, 1, 8000, 8)), (b"data", bytes(80))],
     "compressed WAV (A-law) is not supported: save it as 16-bit PCM"),
    ([(b"fmt ", fmt_chunk(7, 1, 8000, 8)), (b"data", bytes(80))],
     "compressed WAV (mu-law) is not supported"),
    ([(b"fmt ", fmt_chunk(0x11, 1, 8000, 4)), (b"data", bytes(80))],
     "compressed WAV (IMA ADPCM) is not supported"),
    ([(b"fmt ", fmt_chunk(0xFFFE, 1, 8000, 8, subformat=6)), (b"data", bytes(80))],
     "compressed WAV (A-law) is not supported"),
    ([(b"fmt ", fmt_chunk(1, 0, 8000, 16)), (b"data", bytes(80))], "no channels"),
    ([(b"fmt ", fmt_chunk(1, 1, 0, 16)), (b"data", bytes(80))], "sample rate of 0"),
    ([(b"fmt ", fmt_chunk(1, 1, 8000, 48)), (b"data", bytes(96))],
     "48-bit samples are not supported"),
    ([(b"fmt ", fmt_chunk(3, 1, 8000, 16)), (b"data", bytes(80))],
     "16-bit floating-point samples are not supported"),
    ([(b"fmt ", fmt_chunk(1, 1, 8000, 16)[:12]), (b"data", bytes(80))],
     "format chunk is cut short"),
    ([(b"data", bytes(80))], "no format chunk"),
    ([(b"fmt ", fmt_chunk(1, 1, 8000, 16))], "no audio data chunk"),
])
def test_unreadable_wavs_say_what_is_wrong(tmp_path: Path, chunks: list[tuple[bytes, bytes]],
                                           message: str) -> None:
    path = riff(tmp_path / "x.wav", *chunks)
    with pytest.raises(AudioFileError) as err:
        WavFileSource(path)
    assert str(err.value).startswith(f"{path}: ") and message in str(err.value)


@pytest.mark.parametrize(("content", "message"), [
    (b"", "the file is empty"),
    (b"ID3\x04\0\0\0\0\0\0 an mp3 file", "no RIFF/WAVE header"),
    (b"RIFF\x04\0\0\0AVI LIST", "no RIFF/WAVE header"),
    (b"RF64\xff\xff\xff\xffWAVEds64", "RF64"),
])
def test_files_that_are_not_wavs_say_so(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "x.wav"
    path.write_bytes(content)
    with pytest.raises(AudioFileError, match=message) as err:
        read_wav(path)
    assert str(err.value).startswith(f"{path}: ")


@pytest.mark.parametrize("rate", [8_000, 22_050, 44_100, 48_000])
def test_resampling_to_16k_keeps_a_tone_clean(rate: int) -> None:
    x = tone(rate, 1000, 1.0)
    y = np.frombuffer(resample(x.astype("<i2").tobytes(), rate, 16_000), "<i2").astype(float)
    assert abs(len(y) - 16_000) <= 1
    ref = tone(16_000, 1000, len(y) / 16_000)[: len(y)]
    err = (y - ref)[200:-200]
    assert 10 * np.log10(np.mean(ref[200:-200] ** 2) / np.mean(err**2)) > 60


@pytest.mark.parametrize("rate", [22_050, 44_100, 48_000])
def test_resampling_down_removes_what_16k_cannot_hold(rate: int) -> None:
    x = tone(rate, 10_000, 1.0)  # above the 8 kHz Nyquist of 16 kHz: must not alias
    y = np.frombuffer(resample(x.astype("<i2").tobytes(), rate, 16_000), "<i2").astype(float)
    assert np.sqrt(np.mean(y[200:-200] ** 2)) < 8000 * 10 ** (-60 / 20)


def test_streaming_resampler_matches_the_whole_buffer() -> None:
    x = tone(44_100, 700, 0.73).astype("<i2").tobytes()
    r = Resampler(44_100, 16_000)
    pieces = b"".join(r.process(x[i:i + 882]) for i in range(0, len(x), 882)) + r.flush()
    assert pieces == resample(x, 44_100, 16_000)


def test_write_then_read_round_trips(tmp_path: Path) -> None:
    pcm = tone(16_000, 200, 0.1).astype("<i2").tobytes()
    write_wav(tmp_path / "r.wav", pcm, 16_000)
    assert read_wav(tmp_path / "r.wav") == (pcm, 16_000)


# --- the microphone, with a fake sounddevice ------------------------------------------


class FakeStream:
    def __init__(self, *, samplerate: int, blocksize: int, device: int, channels: int,
                 dtype: str, callback: Any, finished_callback: Any) -> None:
        self.samplerate, self.blocksize, self.device = samplerate, blocksize, device
        self.channels, self.dtype = channels, dtype
        self.callback, self.finished = callback, finished_callback
        self.started = self.closed = False

    def start(self) -> None:
        self.started = True

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


class FakeSoundDevice:
    def __init__(self, devices: list[dict[str, Any]], default: int = 0,
                 refuse_mono: bool = False) -> None:
        self.devices = devices
        self.default = type("Default", (), {"device": [default, 1]})()
        self.refuse_mono = refuse_mono
        self.streams: list[FakeStream] = []

    def query_devices(self) -> list[dict[str, Any]]:
        return self.devices

    def RawInputStream(self, **kwargs: Any) -> FakeStream:  # sounddevice's name
        if self.refuse_mono and kwargs["channels"] == 1:
            raise ValueError("Invalid number of channels")
        stream = FakeStream(**kwargs)
        self.streams.append(stream)
        return stream


DEVICES = [
    {"name": "HDMI output", "max_input_channels": 0, "default_samplerate": 48_000.0},
    {"name": "Built-in Microphone", "max_input_channels": 2, "default_samplerate": 44_100.0},
    {"name": "USB Headset Mic", "max_input_channels": 1, "default_samplerate": 48_000.0},
]


def test_the_microphone_opens_at_its_own_rate_with_100_ms_blocks() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource(sounddevice=sd)
    mic.start()
    stream = sd.streams[0]
    assert (stream.device, stream.samplerate, stream.blocksize, stream.channels) == \
        (1, 44_100, 4410, 1)
    assert mic.sample_rate == 44_100 and stream.started
    mic.close()
    assert stream.closed


def test_the_microphone_is_chosen_by_part_of_its_name() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource("headset", sounddevice=sd)
    mic.start()
    assert sd.streams[0].device == 2 and mic.sample_rate == 48_000
    assert mic.device_label == "USB Headset Mic"


def test_an_unknown_microphone_name_lists_the_inputs() -> None:
    mic = MicrophoneSource("Blue Yeti", sounddevice=FakeSoundDevice(DEVICES))
    with pytest.raises(AudioUnavailable) as err:
        mic.start()
    message = str(err.value)
    assert "Blue Yeti" in message and "Built-in Microphone" in message
    assert "USB Headset Mic" in message and "HDMI" not in message


def test_no_input_device_at_all_is_audio_unavailable() -> None:
    with pytest.raises(AudioUnavailable, match="no microphone"):
        choose_input_device([], None, None)


def test_the_callback_only_queues_bytes_and_reading_gets_them() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource(sounddevice=sd)
    mic.start()
    block = np.arange(4410, dtype="<i2").tobytes()
    sd.streams[0].callback(memoryview(block), 4410, None, None)
    assert mic.read(timeout=0.1) == block
    assert mic.read(timeout=0.01) is None


def test_a_full_queue_drops_the_oldest_block() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource(sounddevice=sd, max_blocks=2)
    mic.start()
    for i in range(3):
        sd.streams[0].callback(bytes([i, 0]), 1, None, None)
    assert [mic.read(0.01), mic.read(0.01)] == [bytes([1, 0]), bytes([2, 0])]
    assert mic.dropped == 1


def test_a_device_refusing_mono_is_opened_in_stereo_and_mixed_down() -> None:
    sd = FakeSoundDevice(DEVICES, default=1, refuse_mono=True)
    mic = MicrophoneSource(sounddevice=sd)
    mic.start()
    assert sd.streams[0].channels == 2
    sd.streams[0].callback(np.array([100, 300, -100, -300], "<i2").tobytes(), 2, None, None)
    assert np.frombuffer(mic.read(0.1) or b"", "<i2").tolist() == [200, -200]


def test_a_microphone_that_stops_working_raises_audio_unavailable() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource(sounddevice=sd)
    mic.start()
    sd.streams[0].finished()  # PortAudio ended the stream: unplugged
    with pytest.raises(AudioUnavailable, match="stopped working"):
        mic.read(timeout=0.01)


def test_stopping_the_microphone_on_purpose_is_not_an_error() -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    mic = MicrophoneSource(sounddevice=sd)
    mic.start()
    mic.stop()
    sd.streams[0].finished()
    assert mic.read(timeout=0.01) is None


class _InputOutputPair:
    """Like sounddevice's default.device: indexable, but neither a list nor a tuple."""

    def __init__(self, pair: tuple[int, int]) -> None:
        self._pair = pair

    def __getitem__(self, index: int) -> int:
        return self._pair[index]


@pytest.mark.parametrize("default", [_InputOutputPair((1, 0)), 1])
def test_default_device_given_as_sounddevice_pair_or_number_opens(default: object) -> None:
    sd = FakeSoundDevice(DEVICES, default=1)
    sd.default = type("Default", (), {"device": default})()
    mic = MicrophoneSource(sounddevice=sd)
    with mic:
        assert mic.device_label == DEVICES[1]["name"]
