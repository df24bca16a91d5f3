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

from game.app import App
from game.settings.model import GameSettings


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
