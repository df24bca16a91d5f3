"""Vosk model management offline, the download path against a local server, backend
choice, and the recognizers' result handling. No test touches the network."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from tests.voice.contexts import FACING
from voice.pipeline import best_intent
from voice.recognize.base import Result
from voice.recognize.jsgf import RECOGNIZER_GRAMMAR, jsgf
from voice.recognize.models import (
    ModelDownloader,
    ModelError,
    choose_backend,
    downloads_allowed,
    find_model,
    is_model_dir,
    model_candidates,
    start_download_if_needed,
    terminal_progress,
    verify_archive,
)
from voice.recognize.pocketsphinx import PocketSphinxRecognizer, SphinxTuning
from voice.recognize.sphinx_lm import PRONUNCIATIONS, lm_corpus
from voice.recognize.vosk import vosk_result
from voice.understand.intent import IntentKind
from voice.understand.templates import load, vocabulary

MODEL_FILES = ("am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "graph/HCLr.fst",
               "graph/Gr.fst", "ivector/final.ie", "README")


def fake_model(folder: Path) -> Path:
    for name in MODEL_FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x" * 100)
    return folder


def fake_zip(path: Path, top: str = "vosk-model-small-en-us-0.15",
             files: tuple[str, ...] = MODEL_FILES) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name in files:
            archive.writestr(f"{top}/{name}", b"x" * 1000)
    return path


def test_offline_with_no_model_falls_back_to_pocketsphinx(home: Path) -> None:
    choice = choose_backend(whisper=False)
    assert choice.name == "pocketsphinx" and choice.model_path is None
    assert "downloads are off" in choice.reason
    assert not downloads_allowed()
    assert start_download_if_needed() is None  # offline: nothing starts


def test_models_are_looked_for_in_settings_then_env_then_cache(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings, env = home / "settings-model", home / "env-model"
    monkeypatch.setenv("HOLDEM_VOSK_MODEL", str(env))
    where = [origin for origin, _ in model_candidates(settings)]
    assert where == ["settings", "$HOLDEM_VOSK_MODEL", "cache"]
    assert find_model(settings) is None
    fake_model(env)
    assert find_model(settings) == env
    fake_model(settings)
    assert find_model(settings) == settings


def test_a_folder_holding_one_model_folder_counts(home: Path) -> None:
    fake_model(home / "unzipped" / "vosk-model-small-en-us-0.15")
    assert find_model(home / "unzipped") == home / "unzipped" / "vosk-model-small-en-us-0.15"


def test_a_present_model_chooses_vosk(home: Path) -> None:
    model = fake_model(home / "m")
    choice = choose_backend(model, whisper=False)
    assert choice.name == "vosk" and choice.model_path == model


def test_a_half_model_is_not_a_model(home: Path) -> None:
    fake_model(home / "m")
    (home / "m" / "am" / "final.mdl").unlink()
    assert not is_model_dir(home / "m")


def test_the_model_is_downloaded_verified_and_unpacked_in_the_background(
        home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    fake_zip(folder / "model.zip")
    progress: list[tuple[int, int | None]] = []
    finished: list[tuple[Path | None, str | None]] = []
    dest = home / "cache" / "holdem" / "vosk"
    downloader = ModelDownloader(f"{url}/model.zip", dest, on_progress=lambda d, t:
                                 progress.append((d, t)), on_done=lambda p, e:
                                 finished.append((p, e)), min_bytes=0, chunk=256)
    downloader.start()
    assert downloader.join(30)
    path, error = finished[0]
    assert error is None and path == dest / "vosk-model-small-en-us-0.15" and is_model_dir(path)
    total = (folder / "model.zip").stat().st_size
    assert progress[0] == (0, total) and progress[-1] == (total, total)
    assert [p for p in dest.iterdir() if p.name.startswith(".")] == []  # no leftovers
    assert choose_backend(environ={"HOLDEM_OFFLINE": "1"}, whisper=False).name == "vosk"


def test_a_file_url_works_too(home: Path) -> None:
    archive = fake_zip(home / "model.zip")
    path = ModelDownloader(archive.as_uri(), home / "dest", min_bytes=0).download()
    assert is_model_dir(path)


def test_a_damaged_download_is_refused_and_leaves_nothing(
        home: Path, server: tuple[str, Path]) -> None:
    url, folder = server
    (folder / "model.zip").write_bytes(b"PK\x03\x04 this is not really a zip")
    finished: list[tuple[Path | None, str | None]] = []
    dest = home / "dest"
    downloader = ModelDownloader(f"{url}/model.zip", dest, min_bytes=0,
                                 on_done=lambda p, e: finished.append((p, e)))
    downloader.start()
    downloader.join(30)
    assert finished[0][0] is None and "not a zip" in (finished[0][1] or "")
    assert list(dest.iterdir()) == []


def test_an_archive_without_a_model_is_refused(tmp_path: Path) -> None:
    archive = fake_zip(tmp_path / "x.zip", files=("README", "conf/model.conf"))
    with pytest.raises(ModelError, match="not a Vosk model"):
        verify_archive(archive, 0)


def test_a_truncated_model_is_refused_by_its_size(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="too small"):
        verify_archive(fake_zip(tmp_path / "x.zip"), 10_000_000)


def test_a_missing_file_on_the_server_is_a_readable_error(
        home: Path, server: tuple[str, Path]) -> None:
    url, _ = server
    downloader = ModelDownloader(f"{url}/nothing.zip", home / "dest", min_bytes=0)
    downloader.start()
    downloader.join(30)
    assert downloader.result is None and "could not be downloaded" in (downloader.error or "")


def test_the_terminal_bar_draws_progress() -> None:
    import io

    out = io.StringIO()
    show = terminal_progress(out, width=10)
    for done in (0, 5_000_000, 10_000_000):
        show(done, 10_000_000)
    assert "[#####.....]" in out.getvalue() and out.getvalue().endswith("\n")


# --- results, alternatives, grammar ------------------------------------------------------


def test_vosk_results_with_unknown_words_are_rejected() -> None:
    raw = {"alternatives": [{"text": "raise to [unk]", "confidence": 250.0},
                            {"text": "raise to two hundred", "confidence": 240.0}]}
    result = vosk_result(raw)
    assert result.alternatives == ("raise to two hundred",)
    assert vosk_result({"text": "[unk]"}).empty


def test_the_first_alternative_that_parses_wins() -> None:
    result = Result("bacon sandwich", ("bacon sandwich", "raise to two hundred", "call"), 0.8)
    intent, text = best_intent(result, FACING)
    assert (intent.intent, intent.to, text) == (IntentKind.RAISE, 200, "raise to two hundred")


def test_nothing_that_parses_is_unknown() -> None:
    intent, _ = best_intent(Result("bacon", ("bacon", "eggs [unk]"), 0.8), FACING)
    assert intent.intent is IntentKind.UNKNOWN


def test_the_recognizer_grammar_only_uses_template_words() -> None:
    grammar = jsgf(load(), RECOGNIZER_GRAMMAR)
    body = " ".join(line.split("=", 1)[1] for line in grammar.splitlines() if "=" in line)
    words = set(re.sub(r"<[^>]*>|[()\[\]|;*]", " ", body).split())
    assert "raise" in words and "hundred" in words
    assert words <= set(vocabulary())


def test_words_a_recognizer_lacks_are_unreachable_not_fatal() -> None:
    import pocketsphinx

    grammar = jsgf(load(), RECOGNIZER_GRAMMAR, known=lambda word: word != "fold")
    assert " fold " not in grammar
    fsg = pocketsphinx.Decoder(loglevel="FATAL").parse_jsgf(grammar)
    assert fsg.accept("check") and fsg.accept("raise to two fifty")
    assert not fsg.accept("fold")


def test_words_missing_from_the_dictionary_have_pronunciations() -> None:
    import pocketsphinx

    decoder = pocketsphinx.Decoder(lm=None, loglevel="FATAL")
    missing = {w for w in vocabulary() if decoder.lookup_word(w) is None}
    assert missing <= set(PRONUNCIATIONS)


def test_the_language_model_corpus_covers_every_template() -> None:
    corpus = lm_corpus(per_template=2)
    from voice.understand.parse import parse

    kinds = [parse(sentence, FACING).intent for sentence in corpus]
    assert kinds.count(IntentKind.UNKNOWN) == 0
    assert set(IntentKind) - {IntentKind.UNKNOWN, IntentKind.BET, IntentKind.CHECK} <= set(kinds)


def test_both_pocketsphinx_modes_start(home: Path) -> None:
    for mode in ("lm", "jsgf"):
        recognizer = PocketSphinxRecognizer(SphinxTuning(mode=mode), lm_cache=home / "lm")
        assert recognizer.finish().empty
        recognizer.close()
