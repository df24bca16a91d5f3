"""The models behind the voice controller: fetched in the background while the
recognizers at hand listen, and switched to once they are there (the audio thread loads
them between blocks). The Whisper model is fetched when no copy of it verifies and
Whisper could listen; the Vosk model only where Whisper cannot (its engine is missing)
and Vosk is not listening already. A mixin of
:class:`game.voicectl.controller.VoiceController`, which owns the attributes it sets."""

from __future__ import annotations

import contextlib
import importlib.util
from pathlib import Path
from typing import Any


class ModelSwitch:
    """Download progress for the panel, and the model the audio thread switches to."""

    backend: str
    reason: str
    note: str
    progress: float | None
    downloading: str
    switch_model: Path | None

    def _start_download(self) -> None:
        """Fetch what would make the game hear better, when allowed (never offline)."""
        from voice.recognize.download import Download
        from voice.recognize.models import start_download_if_needed
        from voice.recognize.store import start_whisper_download_if_needed

        if "whisper" in self.backend:
            return
        with contextlib.suppress(Exception):  # no network, no cache dir: stay as we are
            started: Download | None
            if importlib.util.find_spec("ctranslate2") is not None:
                started = start_whisper_download_if_needed(
                    on_progress=self.download_progress, on_done=self.model_downloaded)
                what = "Whisper"
            elif self.backend != "vosk":
                started = start_download_if_needed(on_progress=self.download_progress,
                                                   on_done=self.model_downloaded)
                what = "Vosk"
            else:
                return
            if started is not None:
                self.progress, self.downloading = 0.0, what

    def load_model(self, path: Path) -> Any:
        """The recognizers for a downloaded model (the audio thread calls this): Whisper
        with pocketsphinx for a Whisper folder, else Vosk; None keeps the ones at hand."""
        from voice.recognize.store import WHISPER_FILES

        if (path / WHISPER_FILES[0].name).is_file():
            return self._load_whisper()
        try:
            from voice.recognize.vosk import VoskRecognizer
            recognizer = VoskRecognizer(str(path))
        except Exception as err:  # a broken model: keep the fallback
            self.reason = f"The downloaded Vosk model failed to load ({err})"
            self.note = "Vosk failed to load"
            return None
        self.backend, self.reason, self.progress = "vosk", f"Using the Vosk model at {path}.", None
        self.note = self.note if self.note.startswith("Whisper") else ""
        return recognizer

    def _load_whisper(self) -> Any:
        from voice.recognize.models import PAIRED, TRIO, choose_backend, make_recognizer

        choice = choose_backend()  # verifies the new copy again before it is loaded
        if choice.name not in (PAIRED, TRIO):
            self.reason, self.note = choice.reason, choice.whisper_short
            return None
        recognizer: Any = make_recognizer(choice, worker=True)
        name = getattr(recognizer, "name", "")
        if name not in (PAIRED, TRIO):
            with contextlib.suppress(Exception):
                recognizer.close()
            self.note = "Whisper failed to load"
            return None
        self.backend, self.reason = name, choice.reason
        self.note = "" if name == choice.name else "spotter failed to load"
        return recognizer

    def model_downloaded(self, path: Path | None, error: str | None) -> None:
        """The downloader's ``on_done`` (its worker thread): switch when it worked."""
        self.progress, self.downloading = None, ""
        if path is not None:
            self.switch_model = path
        elif error:
            self.reason = f"{self.reason} ({error})"
            self.note = "download failed" if not self.note else self.note

    def download_progress(self, done: int, total: int | None) -> None:
        self.progress = done / total if total else None
