"""Notes on a bot, written from its seat and kept with the table (issue 21, part 9)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App, table_scene
from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.scenes.notes import NotesScene
from game.scenes.table import TableScene
from game.table.factory import continued_table, new_table
from game.table.notes import NOTES_FILE, NoteBook
from tests.game.helpers import FRAME, click, press


def _type(app: App, text: str) -> None:
    for ch in text:
        press(app, pygame.K_a, unicode=ch)  # the character typed is what counts


def test_a_note_written_from_a_bots_seat_is_kept_with_the_table(app: App,
                                                                tmp_path: Path) -> None:
    app.save = SaveGame.open(Store.open(tmp_path / DB_NAME))
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9, save=app.save))
    app.replace_all(scene)
    app.step(FRAME)
    vera = scene.session.names[1]
    click(app, "notes.seat1")
    assert isinstance(app.top, NotesScene) and app.top.name == vera
    _type(app, "bluffs rivers, folds to 3-bets")
    press(app, pygame.K_RETURN)
    assert app.top is scene and scene.message == f"Note on {vera} kept"
    app.step(FRAME)
    assert scene.display.seats[1].noted and not scene.display.seats[2].noted
    assert (tmp_path / NOTES_FILE).exists()
    found = app.save.saved_table()
    assert found is not None
    again = table_scene(app, continued_table(app.settings, 4, found, app.save))
    assert again.notebook.note(1, vera) == "bluffs rivers, folds to 3-bets"
    app.save.close()


def test_escape_leaves_the_note_and_an_empty_note_removes_it(app: App) -> None:
    scene = table_scene(app, new_table(app.settings, 3, think_scale=1e9))
    app.replace_all(scene)
    app.step(FRAME)
    click(app, "notes.seat2")
    _type(app, "calls too much")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TableScene) and not scene.notebook.notes
    click(app, "notes.seat2")
    _type(app, "x")
    press(app, pygame.K_RETURN)
    click(app, "notes.seat2")
    assert isinstance(app.top, NotesScene) and app.top.text == "x"
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)
    assert not scene.notebook.notes and "removed" in scene.message


def test_a_note_is_for_the_player_it_was_written_about(tmp_path: Path) -> None:
    book = NoteBook.open(tmp_path, 7)
    assert book.write(1, "Vera", "tight") is None
    assert NoteBook.open(tmp_path, 7).note(1, "Vera") == "tight"
    assert NoteBook.open(tmp_path, 7).note(1, "Mortimer") == ""  # someone else sat there
    assert NoteBook.open(tmp_path, 8).note(1, "Vera") == ""  # another table
    (tmp_path / NOTES_FILE).write_text("not json", encoding="utf-8")
    assert NoteBook.open(tmp_path, 7).notes == {}  # a damaged file: no notes, no crash
