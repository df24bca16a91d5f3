"""Headless pygame for every game test: dummy video and audio, set before pygame loads."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from game.settings.model import GameSettings, VoiceSettings
from game.voicectl.controller import VoiceController
from tests.game.ear import Ear
from tests.game.helpers import FRAME, bot, scripted_table, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.understand.intent import IntentKind


@pytest.fixture(scope="session", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and every game it starts) saves and reads settings in its own folder,
    never the user's."""
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def app() -> Iterator[App]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.event.clear()
    yield App(screen, GameSettings())
    pygame.event.clear()


# ------------------------------------------------------------------ voice at the table


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def narrator() -> FakeNarrator:
    return FakeNarrator()


@pytest.fixture
def voice(app: App, clock: Clock, narrator: FakeNarrator) -> VoiceController:
    """A voice controller with a recording narrator and the test's clock, on ``app``."""
    controller = VoiceController(VoiceSettings(grace_seconds=1.0), clock=clock,
                                 narrator=narrator)  # type: ignore[arg-type]
    app.voice = controller
    return controller


@pytest.fixture
def facing_limp(app: App, voice: VoiceController) -> TableScene:
    """Preflop: under the gun limps; the player (button) has 10 to call."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    app.step(FRAME)
    return scene


@pytest.fixture
def asked_all_in(app: App, voice: VoiceController, narrator: FakeNarrator) -> TableScene:
    """The player (button) faces a limp and said "all in": the question waits."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    say(app, voice, IntentKind.ALLIN)
    assert narrator.texts()[-1] == "All in for 1,000? Say yes or no"
    return scene


@pytest.fixture
def ear(app: App, tmp_path: Path) -> Iterator[Ear]:
    """A player who cannot see the screen (tests/game/ear.py), the turn clock off."""
    app.settings = app.settings.with_(turn_seconds=0, speed=20.0)
    player = Ear(app, tmp_path)
    yield player
    player.close()

