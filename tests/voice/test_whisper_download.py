"""The Whisper model download, against a local server (no test touches the network):
every file checked by size and SHA-256 as it arrives, the folder renamed into place in
one step, and any failure a sentence that leaves nothing half-written where the
recognizer looks."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from voice.recognize import store
from voice.recognize.store import (
    WHISPER_FILES,
    PinnedFile,
    WhisperDownloader,
    find_whisper_model,
    package_model_dir,
    start_whisper_download_if_needed,
    verify_whisper_dir,
    whisper_download_dir,
)


def serve_small_model(folder: Path) -> tuple[PinnedFile, ...]:
    """Two small files on the server, and the manifest they match."""
    pinned = []
    for name, body in (("model.bin", bytes(range(256)) * 40), ("config.json", b'{"a": 1}')):
        (folder / name).write_bytes(body)
        pinned.append(PinnedFile(name, hashlib.sha256(body).hexdigest(), len(body)))
    return tuple(pinned)


def run(downloader: WhisperDownloader) -> tuple[Path | None, str | None]:
    downloader.start()
    assert downloader.join(60)
    return downloader.result, downloader.error


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_the_pinned_model_is_downloaded_verified_and_found(
        home: Path, server: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    url, folder = server
    packaged = package_model_dir()
    assert packaged is not None
    for item in WHISPER_FILES:  # the real files, served from the installed package
        (folder / item.name).symlink_to(packaged / item.name)
    progress: list[tuple[int, int | None]] = []
    finished: list[tuple[Path | None, str | None]] = []
    downloader = WhisperDownloader(url, on_progress=lambda d, t: progress.append((d, t)),
                                   on_done=lambda p, e: finished.append((p, e)),
                                   chunk=1 << 20)
    path, error = run(downloader)
    assert error is None and path == whisper_download_dir()
    assert finished == [(path, None)]
    verify_whisper_dir(path)
    total = sum(item.size for item in WHISPER_FILES)
    assert progress[0] == (0, total) and progress[-1] == (total, total)
    assert [d for d, _ in progress] == sorted(d for d, _ in progress)
    assert leftovers(path.parent) == []
    monkeypatch.setattr(store, "package_model_dir", lambda package="": None)
    assert find_whisper_model() == path


def test_a_file_with_the_wrong_hash_is_refused_and_nothing_is_kept(
        home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    pinned = serve_small_model(folder)
    (folder / "config.json").write_bytes(b'{"a": 2}')  # same size, other content
    dest = home / "whisper" / "model"
    path, error = run(WhisperDownloader(url, dest, files=pinned))
    assert path is None and "config.json" in (error or "") and "SHA-256" in (error or "")
    assert not dest.exists() and leftovers(dest.parent) == []


def test_a_file_missing_on_the_server_is_a_readable_error(
        home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    pinned = serve_small_model(folder)
    (folder / "config.json").unlink()
    dest = home / "whisper" / "model"
    path, error = run(WhisperDownloader(url, dest, files=pinned))
    assert path is None and "could not be downloaded" in (error or "") and "404" in (error or "")
    assert not dest.exists() and leftovers(dest.parent) == []


def test_a_cut_off_download_is_refused(home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    pinned = serve_small_model(folder)
    (folder / "model.bin.cut-at").write_text("5000")  # the server hangs up mid-file
    dest = home / "whisper" / "model"
    path, error = run(WhisperDownloader(url, dest, files=pinned, chunk=1000))
    assert path is None and "stopped early (5,000 of 10,240 bytes)" in (error or "")
    assert not dest.exists() and leftovers(dest.parent) == []


def test_a_file_larger_than_pinned_is_refused(home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    pinned = serve_small_model(folder)
    (folder / "model.bin").write_bytes(b"x" * (pinned[0].size + 5000))
    dest = home / "whisper" / "model"
    path, error = run(WhisperDownloader(url, dest, files=pinned, chunk=1000))
    assert path is None and "larger than it should be" in (error or "")
    assert not dest.exists()


def test_a_damaged_copy_is_replaced_in_one_step(home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    pinned = serve_small_model(folder)
    dest = home / "whisper" / "model"
    dest.mkdir(parents=True)
    (dest / "model.bin").write_bytes(b"old and wrong")
    path, error = run(WhisperDownloader(url, dest, files=pinned))
    assert error is None and path == dest
    assert (dest / "model.bin").read_bytes() == (folder / "model.bin").read_bytes()
    assert leftovers(dest.parent) == []


def test_a_download_folder_that_cannot_be_made_is_a_readable_error(home: Path) -> None:
    (home / "blocked").write_text("a file where the folder should go")
    path, error = run(WhisperDownloader("file:///nowhere", home / "blocked" / "model"))
    assert path is None and "could not be downloaded" in (error or "")


def test_file_urls_work_too(home: Path, tmp_path: Path) -> None:
    served = tmp_path / "files"
    served.mkdir()
    pinned = serve_small_model(served)
    path = WhisperDownloader(served.as_uri(), home / "w" / "m", files=pinned).download()
    assert (path / "config.json").read_bytes() == b'{"a": 1}'


def test_nothing_is_downloaded_offline_or_when_a_copy_verifies(
        home: Path, monkeypatch: pytest.MonkeyPatch, server: tuple[str, Path]) -> None:
    url, _ = server
    assert os.environ["HOLDEM_OFFLINE"] == "1"
    assert start_whisper_download_if_needed(base_url=url) is None  # offline
    online = {"HOLDEM_OFFLINE": "0"}
    assert start_whisper_download_if_needed(base_url=url, environ=online) is None  # packaged
    monkeypatch.setattr(store, "package_model_dir", lambda package="": None)
    started = start_whisper_download_if_needed(base_url=url, environ=online)
    assert started is not None  # nothing verifies and it may: the download begins
    started.join(30)
    assert started.result is None and "404" in (started.error or "")
