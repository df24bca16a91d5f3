"""Every notice a player needs reaches the screen whole and the log: a second game on the
same save, a hand-history folder that refuses writes, a damaged HOLDEM_WHISPER_MODEL copy
(issue 36, part 4)."""

from __future__ import annotations

import argparse
import logging
import shutil
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from engine.actions import ActionKind
from game.__main__ import _sit_down
from game.app import App, table_scene
from game.persistence.saving import SaveGame
from game.records.histories import HistoryWriter
from game.render.notices import notices_box
from game.render.theme import ORANGE
from game.scenes.table import TableScene
from game.table.factory import new_table
from tests.game.helpers import FRAME, bot, run_until


def _on_screen(app: App, scene: TableScene, words: str) -> None:
    """``words`` is one of the notices drawn in the panel, whole, and in the hand log."""
    shown = scene.shown_notices()
    assert any(words in notice for notice in shown), shown
    app.draw()
    box, wrapped, _ = notices_box(scene.layout, app.text, shown)
    notice = next(n for n in shown if words in n)
    assert any("".join(lines).replace(" ", "") == notice.replace(" ", "")
               for lines in wrapped), "whole, wrapped"
    edge = [app.screen.get_at((x, box.y))[:3] for x in range(box.x + 12, box.right - 12, 7)]
    assert edge.count(ORANGE) > len(edge) // 2, "the panel is drawn"
    assert any(words in line for line in scene.log)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_second_game_on_the_same_save_says_so_on_the_table(
        app: App, size: tuple[int, int], caplog: pytest.LogCaptureFixture) -> None:
    first = SaveGame.open()
    second = SaveGame.open()
    try:
        app.resize(size)
        app.save = second
        _sit_down(app, app.settings, argparse.Namespace(seed=1, autoplay=None,
                                                        new_table=False), 1)
        scene = app.table()
        assert scene is not None
        app.step(FRAME)
        _on_screen(app, scene, "Another Hold'em game is using the save file")
        assert any("Another Hold'em game" in r.getMessage() and r.levelno == logging.WARNING
                   for r in caplog.records)
    finally:
        second.close()
        first.close()


def test_a_hand_history_folder_that_refuses_writes_is_told_on_the_table(
        app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "hand-histories"
    folder.write_text("not a folder")  # a file where the folder should be
    save = SaveGame.open(archive=HistoryWriter(folder))
    try:
        app.resize((960, 540))
        scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9, save=save))
        app.replace_all(scene)
        for seat in (3, 0, 1):
            bot(app, scene, seat, ActionKind.FOLD)
        run_until(app, lambda: any("Hand histories" in n for n in scene.shown_notices()))
        _on_screen(app, scene, "Hand histories can't be written to")
        assert any(str(folder) in r.getMessage() for r in caplog.records)
    finally:
        save.close()


def test_a_damaged_holdem_whisper_model_copy_is_named_not_silently_passed_over(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    """The packaged model listens, and the panel and the log say the player's own copy
    was not used, the log naming the file."""
    from game.voicectl import devices
    from game.voicectl.panel import listening_words
    from voice.recognize import models, store

    packaged = store.package_model_dir()
    assert packaged is not None
    mine = tmp_path / "my-whisper"
    shutil.copytree(packaged, mine)
    with (mine / "model.bin").open("r+b") as weights:
        weights.write(b"\0" * 64)  # same size, other bytes
    monkeypatch.setenv("HOLDEM_WHISPER_MODEL", str(mine))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(models, "make_recognizer",
                        lambda choice, worker=False: SimpleNamespace(name=choice.name))
    loaded = devices.default_recognizer()
    assert loaded.backend == "whisper+pocketsphinx+spotter"
    assert listening_words(loaded.backend, loaded.note) == \
        "Whisper + pocketsphinx + spotter (HOLDEM_WHISPER_MODEL copy damaged)"
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(str(mine) in line and "model.bin" in line for line in said), said


def test_notices_leave_the_panel_but_stay_in_the_log(app: App) -> None:
    from game.scenes.table import NOTICE_SECONDS
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9))
    app.replace_all(scene)
    scene.tell("The save file can't be written.", error=True)
    assert scene.shown_notices() == ("The save file can't be written.",)
    for _ in range(round(NOTICE_SECONDS / FRAME) + 2):
        scene.update(FRAME)
    pygame.event.clear()
    assert scene.shown_notices() == () and "The save file can't be written." in scene.log


def test_a_second_game_opened_from_the_start_screen_says_so_there_and_in_the_log(
        app: App, caplog: pytest.LogCaptureFixture) -> None:
    from game.scenes.start import StartScene

    first = SaveGame.open()
    second = SaveGame.open()
    try:
        app.resize((960, 540))
        app.save = second
        start = StartScene(app)
        app.replace_all(start)
        app.draw()
        _, lines = start._notice_lines()
        assert "Another Hold'em game is using the save file" in start.notice
        assert "".join(lines).replace(" ", "") == start.notice.replace(" ", "")  # whole
        assert any("Another Hold'em game" in r.getMessage() and r.levelno == logging.WARNING
                   for r in caplog.records)
    finally:
        second.close()
        first.close()


def test_a_second_game_sat_down_from_the_start_screen_says_so_at_the_table(app: App) -> None:
    """Warned on the start screen, and again where the player plays: the notices panel
    and the hand log (issue 42, item 7)."""
    from game.scenes.start import StartScene

    first = SaveGame.open()
    second = SaveGame.open()
    try:
        app.resize((960, 540))
        app.save = second
        start = StartScene(app)
        app.replace_all(start)
        app.step(FRAME)
        assert "Another Hold'em game is using the save file" in start.notice
        start.sit_down()
        scene = app.top
        assert isinstance(scene, TableScene)
        app.step(FRAME)
        _on_screen(app, scene, "Another Hold'em game is using the save file")
    finally:
        second.close()
        first.close()


def test_a_damaged_holdem_whisper_model_copy_is_a_notice_at_the_table(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The sentence naming the damaged copy goes to the notices panel and the hand log,
    not only a grey line on the voice panel (issue 42, item 7)."""
    import time

    from game.settings.model import VoiceSettings
    from game.voicectl import devices
    from game.voicectl.controller import VoiceController
    from tests.game.test_voice_room import FakeMicrophone
    from tests.game.voice_fakes import Clock, FakeNarrator
    from voice.recognize import models, store

    packaged = store.package_model_dir()
    assert packaged is not None
    mine = tmp_path / "my-whisper"
    shutil.copytree(packaged, mine)
    with (mine / "model.bin").open("r+b") as weights:
        weights.write(b"\0" * 64)
    monkeypatch.setenv("HOLDEM_WHISPER_MODEL", str(mine))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(models, "make_recognizer",
                        lambda choice, worker=False: SimpleNamespace(
                            name=choice.name, sample_rate=16000, close=lambda: None,
                            feed=lambda pcm: "", finish=lambda: None, reset=lambda: None))
    narrator = FakeNarrator()
    voice = VoiceController(VoiceSettings(), clock=Clock(),
                            narrator=narrator,  # type: ignore[arg-type]
                            recognizer_factory=devices.default_recognizer,
                            microphone_factory=lambda name: FakeMicrophone())
    app.voice = voice
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9))
    app.replace_all(scene)
    voice.start()
    try:
        deadline = time.monotonic() + 60
        while not any("my-whisper" in n for n in scene.shown_notices()):
            assert time.monotonic() < deadline, scene.log[-5:]
            app.step(FRAME)
            time.sleep(0.01)
        _on_screen(app, scene, str(mine))
        assert any(str(mine) in t for t in narrator.texts())  # and said
    finally:
        voice.close()
