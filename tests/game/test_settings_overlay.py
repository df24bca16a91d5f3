"""The settings overlay over the table (issue 43, finding 3): it pauses the table as the
pause menu does and says so, and it has the auto top-up row (``table.auto_rebuy``)."""

from __future__ import annotations

import tomllib

import pygame

from game.app import App, table_scene
from game.scenes.settings import AUTO_REBUY_ROW, ROWS, SettingsScene
from game.settings.file import settings_path
from game.table.factory import new_table
from tests.game.helpers import FRAME, Noted, press, run_until

PAUSED_FRAMES = 4 * 60
"""Four seconds of frames under the overlay (were twenty): once it is closed the table
moves on sooner than that (the next action came 111 frames after the first deal), which
the test checks, so standing still this long is the pause's doing."""


def _live_table(app: App) -> None:
    """A table whose bots think and act on their own, past the first hand's deal."""
    app.settings = app.settings.with_(walkthrough_done=True)
    scene = table_scene(app, new_table(app.settings, 3, think_scale=0.01))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.hand is not None)


def test_settings_at_the_table_pause_it_and_say_so(app: App) -> None:
    _live_table(app)
    table = app.table()
    assert table is not None
    press(app, pygame.K_o)
    assert isinstance(app.top, SettingsScene)
    hand = table.session.hand
    assert hand is not None
    events, number, left = len(hand.events), table.session.hand_number, table.clock.left
    for _ in range(PAUSED_FRAMES):  # the bots would have played on (see the end)
        app.step(FRAME)
    assert table.session.hand is hand and len(hand.events) == events
    assert table.session.hand_number == number and table.clock.left == left
    text = Noted()
    app.text = text
    app.draw()
    assert any("The table is paused" in line for line in text.drawn), text.drawn
    press(app, pygame.K_ESCAPE)
    assert app.top is table
    # Unpaused, the table moves on in fewer frames than it stood still: the pause held it.
    run_until(app, lambda: len(hand.events) > events or table.session.hand is not hand,
              limit=PAUSED_FRAMES)


def test_the_auto_top_up_row_changes_the_players_seat_and_the_file(app: App) -> None:
    app.settings_file = settings_path()
    _live_table(app)
    table = app.table()
    assert table is not None
    seat = table.session.table.seats[table.me]
    assert seat is not None and not seat.auto_rebuy and not app.settings.auto_rebuy
    press(app, pygame.K_o)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    row = ROWS.index("auto_rebuy")
    assert scene.rows()[row].label == AUTO_REBUY_ROW and scene.rows()[row].value == "Off"
    for _ in range(row):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    assert scene.rows()[row].value == "On"
    assert app.settings.auto_rebuy and seat.auto_rebuy
    press(app, pygame.K_ESCAPE)  # closing keeps it in the file
    kept = tomllib.loads(settings_path().read_text("utf-8"))
    assert kept["table"]["auto_rebuy"] is True
    app.step(FRAME)
