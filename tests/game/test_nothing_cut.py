"""No menu item, setting or help line is cut with "…" at the supported sizes (issue 43,
finding 2: "Leave ta…" in the pause menu at 960x540, help clipped at 960x540 and
1280x720)."""

from __future__ import annotations

import pytest

from game.app import App
from game.render.theme import ELLIPSIS
from game.scenes.base import Scene, SceneName
from game.scenes.pause import PauseScene
from game.scenes.start import StartScene
from tests.game.helpers import FRAME, Noted, scripted_table

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def _drawn(app: App, scene: Scene) -> list[str]:
    """Every line ``scene`` draws (on its own, over whatever is beneath)."""
    text = Noted()
    app.text = text
    scene.draw(app.screen)
    return text.drawn


def _cut(lines: list[str]) -> list[str]:
    return [line for line in lines if line.endswith(ELLIPSIS)]


@pytest.mark.parametrize("size", SIZES)
def test_the_pause_menu_settings_and_start_screen_show_every_item_whole(
        app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = scripted_table(app)
    app.step(FRAME)
    pause = PauseScene(app, scene.session, scene.me)
    app.push(pause)
    lines = _drawn(app, pause)
    assert "Leave table" in lines and _cut(lines) == [], (size, lines)
    app.open(SceneName.SETTINGS)
    lines = _drawn(app, app.top)
    assert _cut(lines) == [], (size, lines)
    start = StartScene(app)
    app.replace_all(start)
    assert _cut(_drawn(app, start)) == [], size
