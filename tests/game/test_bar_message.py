"""A line on the bottom bar too long for its place is shown whole over the keys hint
(issue 49; it was cut with "…" and "[I] all"); a click on it or I keeps it open, until
closed (issue 43, finding 2: notices on the bottom bar ended in "…")."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.render.actionbar import OPEN_HINT
from game.render.theme import ELLIPSIS
from game.scenes.table import MESSAGE_SECONDS
from tests.game.helpers import FRAME, Noted, click, press, scripted_table

LONG = ("Back in: you play from your big blind, or Post now [N] to play the next hand "
        "at once")


def _drawn(app: App) -> list[str]:
    text = Noted()
    app.text = text
    app.draw()
    return text.drawn


def _whole(lines: list[str], words: str) -> bool:
    return any(" ".join(lines[i:j]) == words for i in range(len(lines))
               for j in range(i + 1, min(len(lines), i + 6) + 1))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_long_line_is_shown_whole_and_opens_to_stay_until_closed(
        app: App, size: tuple[int, int]) -> None:
    """Issue 49: a line too long for its row takes the keys hint's room, wrapped whole
    (it was cut with "[I] all"); I or a click still keeps it open past its time."""
    app.resize(size)
    scene = scripted_table(app)
    app.step(FRAME)
    scene.say(LONG)
    app.step(FRAME)
    lines = _drawn(app)
    assert OPEN_HINT not in lines and not any(line.endswith(ELLIPSIS) for line in lines)
    assert _whole(lines, LONG), size
    press(app, pygame.K_i, unicode="i")
    assert _whole(_drawn(app), LONG), size
    for _ in range(round(3 * MESSAGE_SECONDS / FRAME)):  # open, it does not time out
        app.step(FRAME)
    assert scene.message == LONG and _whole(_drawn(app), LONG)
    press(app, pygame.K_i, unicode="i")  # closed again: it times out as usual
    for _ in range(round(2 * MESSAGE_SECONDS / FRAME)):
        app.step(FRAME)
    assert scene.message == ""
    scene.say(LONG)
    app.step(FRAME)
    click(app, "message")  # a click opens it too
    for _ in range(round(3 * MESSAGE_SECONDS / FRAME)):
        app.step(FRAME)
    assert _whole(_drawn(app), LONG)
