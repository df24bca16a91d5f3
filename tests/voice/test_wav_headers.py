"""WAV headers that lie (issue 16): impossible sample rates, sample widths, channel counts
and chunk lists are refused with a sentence naming the file, before any sample is read,
through the reader's public function and through ``python -m voice.transcribe``."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from voice.listen.audio import AudioFileError, read_wav, write_wav

ROOT = Path(__file__).resolve().parents[2]


def wav(path: Path, *, rate: int = 16000, bits: int = 16, channels: int = 1,
        tag: int = 1, junk_chunks: int = 0, frames: int = 1600) -> Path:
    """A WAV file whose header says what it is told to say."""
    width = max(1, bits // 8)
    fmt = struct.pack("<HHIIHH", tag, channels, rate, (rate * channels * width) % 2**32,
                      channels * width, bits)
    body = b"WAVE" + b"".join(b"junk" + struct.pack("<I", 0) for _ in range(junk_chunks))
    body += b"fmt " + struct.pack("<I", len(fmt)) + fmt
    data = b"\0" * (frames * channels * width)
    body += b"data" + struct.pack("<I", len(data)) + data
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)
    return path


LIARS = [
    ({"rate": 1}, "sample rate of 1 Hz"),
    ({"rate": 3999}, "sample rate of 3,999 Hz"),
    ({"rate": 384_001}, "sample rate of 384,001 Hz"),
    ({"rate": 4_000_000_000}, "sample rate of 4,000,000,000 Hz"),
    ({"bits": 12}, "12-bit samples are not supported"),
    ({"bits": 20}, "20-bit samples are not supported"),
    ({"bits": 0}, "0-bit samples are not supported"),
    ({"bits": 48}, "48-bit samples are not supported"),
    ({"bits": 16, "tag": 3}, "16-bit floating-point samples are not supported"),
    ({"channels": 1000}, "1000 channels"),
    ({"junk_chunks": 5000}, "header chunks"),
]


@pytest.mark.parametrize(("header", "message"), LIARS)
def test_a_lying_header_is_refused_by_name(tmp_path: Path, header: dict[str, int],
                                          message: str) -> None:
    path = wav(tmp_path / "liar.wav", **header)
    with pytest.raises(AudioFileError) as err:
        read_wav(path)
    assert str(err.value).startswith(f"{path}: ") and message in str(err.value)


@pytest.mark.parametrize("rate", [4000, 8000, 44100, 384_000])
@pytest.mark.parametrize("bits", [8, 16, 24, 32])
def test_every_allowed_rate_and_width_is_read(tmp_path: Path, rate: int, bits: int) -> None:
    pcm, got = read_wav(wav(tmp_path / "ok.wav", rate=rate, bits=bits, frames=400))
    assert got == rate and len(pcm) == 800  # mono int16


def test_transcribe_refuses_lying_headers_line_by_line(tmp_path: Path) -> None:
    silence = tmp_path / "silence.wav"
    write_wav(silence, b"\0\0" * 16000, 16000)
    lines = [json.dumps({"wav": str(wav(tmp_path / f"liar{k}.wav", **header))})
             for k, (header, _) in enumerate(LIARS)]
    lines.append(json.dumps({"wav": str(silence)}))
    done = subprocess.run([sys.executable, "-m", "voice.transcribe"], cwd=ROOT,
                          env={**os.environ, "HOLDEM_OFFLINE": "1"},
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=120, check=False)
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(LIARS) + 1, done.stderr
    for (_, message), line in zip(LIARS, out, strict=False):
        assert message in line["error"]["message"]
    assert "text" in out[-1]
