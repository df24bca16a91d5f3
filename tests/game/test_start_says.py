"""What the start screen says about what waits (issue 43, finding 5): a Sit & Go waiting
to be continued, and what the new-table rows do (nothing to the table Continue sits at);
every button whole at 960x540 with a saved table."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app import App
from game.paths import data_dir
from game.persistence.saving import SaveGame
from game.render.theme import ELLIPSIS
from game.scenes.start import NEW_TABLE_NOTE, NEW_TABLE_ROWS, ROWS, StartScene
from game.settings.model import GameSettings
from game.table.sitngo import seat_sit_and_go
from tests.game.helpers import Noted
from tests.game.saved import saved_store
from tests.game.test_sitngo_records import play


def _drawn(app: App, scene: StartScene) -> list[str]:
    text = Noted()
    app.text = text
    scene.draw(app.screen)
    return text.drawn


def test_a_sit_and_go_waiting_to_be_continued_is_said_on_the_start_screen(
        app: App, tmp_path: Path) -> None:
    seated, _, _ = seat_sit_and_go(GameSettings(), 4)  # the player's own, left mid-way
    play(seated, 2)
    seated.session.save.close()
    start = StartScene(app)
    app.replace_all(start)
    said = " ".join(_drawn(app, start))
    assert "Sit & Go #1 waits to be continued" in said and "(S)" in said


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_new_table_rows_say_continue_keeps_the_saved_table(
        app: App, size: tuple[int, int]) -> None:
    saved_store(data_dir(), hands=2)
    app.resize(size)
    app.save = SaveGame.open()
    start = StartScene(app)
    app.replace_all(start)
    assert start.can_continue
    for row in NEW_TABLE_ROWS:
        start.focus = ROWS.index(row)
        lines = _drawn(app, start)
        assert NEW_TABLE_NOTE in lines, (row, lines)
        assert not [line for line in lines if line.endswith(ELLIPSIS)], (size, lines)
    start.focus = ROWS.index("clock")  # a row for every table: no such note
    assert NEW_TABLE_NOTE not in _drawn(app, start)
    app.save.close()
