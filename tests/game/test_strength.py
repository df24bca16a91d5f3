"""The table's strength: chosen on the start screen and in settings, seated as levelled
bots, shown beside their names, saved with the table (old saves read as level 3), named
in the hand log, and counted in the career."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from bots.policy import PersonalityBot
from game.app import App
from game.persistence.saving import SaveGame
from game.persistence.schema import SCHEMA_VERSION
from game.persistence.store import DB_NAME, Store
from game.records.career import career, strength_label
from game.scenes.settings import ROWS as SETTINGS_ROWS
from game.scenes.settings import SettingsScene, changed
from game.scenes.start import ROWS, StartScene
from game.scenes.table import TableScene
from game.settings.model import GameSettings
from game.table.factory import new_table
from game.table.players import Seats, bot_blurb
from tests.game.helpers import FRAME, click, press
from tests.game.saved import play_hands
from tests.game.test_store import V1_SCHEMA, raw, seat_table


def test_start_screen_row_sets_the_strength_and_the_table_seats_levelled_bots(app: App) -> None:
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    row = ROWS.index("strength")
    click(app, f"row{row}.right")
    click(app, f"row{row}.right")
    assert app.settings.strength == 5
    click(app, "Sit down")
    scene = app.top
    assert isinstance(scene, TableScene)
    levels = {seat: bot.level.number for seat, bot in scene.seats.bots.items()
              if isinstance(bot, PersonalityBot)}
    assert levels == {1: 5, 2: 5, 3: 5}
    assert scene.seats.strength(1) == "Shark" and scene.seats.strength(0) == ""
    assert any(line.startswith("Table strength: Vera (Shark)") for line in scene.log)


def test_the_start_screen_names_the_level_when_its_row_is_focused(app: App) -> None:
    scene = StartScene(app, seed=5)
    app.push(scene)
    scene.focus = ROWS.index("strength")
    assert scene.rows()[ROWS.index("strength")].value == "Regular (level 3)"
    assert "the character's own game" in scene._note()
    assert "Beginner · Casual · Regular · Strong · Shark" in scene._note()


def test_settings_overlay_changes_the_strength_for_new_tables(app: App) -> None:
    app.push(SettingsScene(app))
    app.step(FRAME)
    row = SETTINGS_ROWS.index("strength")
    click(app, f"row{row}.left")
    assert app.settings.strength == 2
    assert changed(GameSettings(strength=1), "strength", -1).strength == 5  # wraps round
    press(app, pygame.K_ESCAPE)


def test_reference_bots_keep_their_one_way_to_play() -> None:
    settings = GameSettings(bots=("shark", "honest", "random"), strength=1)
    assert settings.seat_kinds == ("shark@1", "honest", "random")
    assert GameSettings().seat_kinds == ("shark", "maniac", "station")  # level 3 is plain


def test_bot_blurb_says_the_level_of_a_levelled_seat() -> None:
    assert bot_blurb("rock@1")[1].endswith("· Beginner")
    assert bot_blurb("rock@3") == (bot_blurb("rock")[0], bot_blurb("rock")[1] + " · Regular")
    assert bot_blurb("honest")[0] == "Honest"


def test_strength_line_names_each_bot_and_not_the_player() -> None:
    seats = Seats.create({1: "shark@4", 2: "honest", 3: "rock@1"}, random.Random(1), human=0,
                         human_name="You", think=False)
    assert seats.strength_line() == "Table strength: Vera (Strong) · Mortimer (Beginner)"
    assert seats.strength(2) == ""


def test_levels_are_saved_with_the_table_and_continue_with_it(tmp_path: Path) -> None:
    settings = GameSettings(strength=4, bots=("rock", "callbot", "maniac"))
    with Store.open(tmp_path / DB_NAME) as store:
        seated = new_table(settings, 3, save=SaveGame(store))
        play_hands(seated.session, 2)
        info = store.table_info()
        assert info is not None and info.bots == {1: "rock@4", 2: "callbot", 3: "maniac@4"}
        cols = {r[1]: r for r in store._conn.execute("PRAGMA table_info(seats)")}
        assert "strength" in cols
        rows = dict(store._conn.execute("SELECT seat, strength FROM seats"))
        assert rows == {0: None, 1: 4, 2: None, 3: 4}
        assert store.table_strengths() == {info.id: {1: 4, 3: 4}}


def test_a_save_from_before_levels_reads_its_bots_as_level_three(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    conn = raw(path)
    conn.executescript(V1_SCHEMA)
    conn.execute("INSERT INTO tables VALUES (1, 'Old', ?, 0, 0, 0, 0, 0, 't', 't')",
                 ('{"seats": 2, "min_buy_in_bb": 1, "max_buy_in_bb": 1000}',))
    conn.execute("INSERT INTO seats (table_id, seat, name, stack, bought_in, bot) VALUES "
                 "(1, 0, 'You', 400, 400, NULL), (1, 1, 'Vera', 400, 400, 'shark')")
    conn.execute("INSERT INTO ledger (table_id, seat, name, kind, amount, at) VALUES "
                 "(1, 0, 'You', 'buy_in', 400, 't'), (1, 1, 'Vera', 'buy_in', 400, 't')")
    conn.close()
    with Store.open(path) as store:
        assert store.user_version == SCHEMA_VERSION == 4
        info = store.table_info()
        assert info is not None and info.bots == {1: "shark"}
        assert store.table_strengths() == {1: {1: 3}}
        table = store.load_table()
        assert table is not None
        store.save_table(table)  # kept as it was when the bots are not given
        assert store.table_info().bots == {1: "shark"}  # type: ignore[union-attr]


def test_a_seat_taken_by_someone_else_drops_the_old_level(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME) as store:
        table = seat_table({0: 1000, 1: 1000})
        store.save_table(table, name="T", bots={1: "rock@5"})
        table.seats[1].name = "Someone"  # type: ignore[union-attr]
        store.save_table(table)
        assert store.table_info().bots == {}  # type: ignore[union-attr]
        assert list(store._conn.execute("SELECT strength FROM seats WHERE seat = 1")) == [
            (None,)]


def test_career_counts_results_by_the_strength_faced(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME) as store:
        for number, strength in enumerate((1, 5, 1)):
            seated = new_table(GameSettings(strength=strength), number, save=SaveGame(store))
            play_hands(seated.session, 3, seed=number)
        figures = career(store, "You")
        by = {r.strength: (r.hands, r.net) for r in figures.by_strength}
        assert set(by) == {"Beginner", "Shark"}
        assert sum(hands for hands, _ in by.values()) == figures.hands > 0
        assert sum(net for _, net in by.values()) == figures.net
        assert [r.strength for r in figures.by_strength] == ["Beginner", "Shark"]


def test_career_calls_a_table_of_different_levels_mixed() -> None:
    assert strength_label([2, 4]) == "Mixed"
    assert strength_label([5, 5]) == "Shark"
    assert strength_label([]) is None  # reference bots only: no strength to speak of
