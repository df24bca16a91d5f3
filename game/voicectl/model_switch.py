"""The Vosk model behind the voice controller: fetched in the background while the
pocketsphinx fallback listens, and switched to once it is there (the audio thread loads
it between blocks). A mixin of :class:`game.voicectl.controller.VoiceController`, which
owns the attributes it sets."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any


class ModelSwitch:
    """Download progress for the panel, and the model the audio thread switches to."""

    backend: str
    reason: str
    progress: float | None
    switch_model: Path | None

    def _start_download(self) -> None:
        """Fetch the Vosk model in the background when allowed (never offline)."""
        from voice.recognize.models import start_download_if_needed

        with contextlib.suppress(Exception):  # no network, no cache dir: stay on the fallback
            if start_download_if_needed(on_progress=self.download_progress,
                                        on_done=self.model_downloaded) is not None:
                self.progress = 0.0

    def load_vosk(self, path: Path) -> Any:
        try:
            from voice.recognize.vosk import VoskRecognizer
            recognizer = VoskRecognizer(str(path))
        except Exception as err:  # a broken model: keep the fallback
            self.reason = f"The downloaded Vosk model failed to load ({err})"
            return None
        self.backend, self.reason, self.progress = "vosk", f"Using the Vosk model at {path}.", None
        return recognizer

    def model_downloaded(self, path: Path | None, error: str | None) -> None:
        """The downloader's ``on_done`` (its worker thread): switch when it worked."""
        self.progress = None
        if path is not None:
            self.switch_model = path
        elif error:
            self.reason = f"{self.reason} ({error})"

    def download_progress(self, done: int, total: int | None) -> None:
        self.progress = done / total if total else None
