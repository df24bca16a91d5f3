"""Every test runs offline: model downloads are switched off however pytest is started
(``./dev.sh test`` sets the same switch), so no test waits on the network. Fixtures
shared across the suite: an empty user cache, and a local HTTP server standing in for
a model host."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["HOLDEM_OFFLINE"] = "1"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user cache, offline, no model variables."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("HOLDEM_OFFLINE", "1")
    monkeypatch.delenv("HOLDEM_VOSK_MODEL", raising=False)
    monkeypatch.delenv("HOLDEM_WHISPER_MODEL", raising=False)
    return tmp_path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder; a file ``NAME.cut-at`` beside ``NAME`` holding a number makes
    the server promise the whole of NAME and hang up after that many bytes."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        cut = path.with_name(path.name + ".cut-at")
        if not cut.is_file():
            super().do_GET()
            return
        body = path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[:int(cut.read_text())])
        self.close_connection = True


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A local HTTP server on 127.0.0.1 serving a folder: (its URL, the folder)."""
    folder = tmp_path / "served"
    folder.mkdir()
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", folder
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files holding slow tests first, those that are slow throughout (the whole-game
    checks, single items of a minute or more) before those that are slow in part, each
    file's own order kept: on several workers (``dev.sh``'s ``-n auto --dist loadfile
    --no-loadscope-reorder``: xdist would otherwise hand out files by their number of
    tests, the one-test files last) the long files start early and the short ones fill in
    around them, so no worker is left alone with a minute-long file at the end."""
    tests: dict[Path, int] = {}
    slow: dict[Path, int] = {}
    for item in items:
        tests[item.path] = tests.get(item.path, 0) + 1
        if item.get_closest_marker("slow"):
            slow[item.path] = slow.get(item.path, 0) + 1
    items.sort(key=lambda item: -slow.get(item.path, 0) / tests[item.path])
