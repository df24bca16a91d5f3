"""The voice benchmark's rendered speech is a function of voice and text alone, so a
fresh cache, a cache filled by a --quick run first, or a corpus with other lines around
a command all play the same audio for it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import voice_corpus as corpus


@pytest.mark.slow
def test_an_espeak_line_sounds_the_same_whatever_was_rendered_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    voice = corpus.Voice("espeak", "gmw/en-us", 170)
    monkeypatch.setattr(corpus, "CACHE", tmp_path / "alone")
    corpus.render_all([(voice, "call")])
    alone = corpus._key(voice, "call").read_bytes()
    monkeypatch.setattr(corpus, "CACHE", tmp_path / "after")
    corpus.render_all([(voice, "all in"), (voice, "bet ten"), (voice, "call")])
    assert corpus._key(voice, "call").read_bytes() == alone
