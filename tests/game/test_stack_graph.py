"""The stack graph shows results, not money added: a top-up or rebuy is left out of a
seat's line, live and when the graph is rebuilt from the save file (issue 36, item 6)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.records.sitting import stack_history, table_hands
from game.render.side import SideRenderer
from game.render.theme import Text
from game.settings.model import GameSettings
from game.table.session import TableSession
from game.table.sitngo import seat_sit_and_go
from tests.game.saved import BOTS, NAMES, play_hands
from tests.game.test_sitngo_records import play

SHORT = (1000, 200, 1000, 1000)  # seat 2 posts the small blind: under 20 big blinds


def _fold_round(session: TableSession) -> tuple[int, ...]:
    """One hand where everyone folds to the big blind; the stacks as it ended."""
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while hand.legal() is not None:
        session.submit(hand.timeout_action())
    ended = tuple(hand.stacks)
    session.end_hand()
    return ended


def test_a_bots_top_up_is_not_drawn_as_a_win() -> None:
    session = TableSession.create(GameSettings(), NAMES, random.Random(3), stacks=SHORT,
                                  bots=BOTS)
    ended = _fold_round(session)
    assert session.stacks()[1] == 1000  # the auto top-up
    assert session.history[-1][1] == ended[1] == 195  # the hand's result, not the top-up
    assert session.history[-1] == session.graph_row()
    again = _fold_round(session)
    assert session.history[-1][1] == ended[1] + again[1] - 1000


def test_the_players_rebuy_is_left_out_of_the_line() -> None:
    session = TableSession.create(GameSettings(), NAMES, random.Random(3), stacks=SHORT)
    before = session.history[-1]
    session.add_chips(1, 500)
    assert session.stacks()[1] == 700 and session.graph_row() == before
    ended = _fold_round(session)
    assert session.history[-1][1] == ended[1] - 500


def test_the_graph_rebuilt_from_the_save_file_is_the_one_drawn_live(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME) as store:
        session = TableSession.create(GameSettings(), NAMES, random.Random(5), stacks=SHORT,
                                      save=SaveGame(store), bots=BOTS)
        play_hands(session, 6)
        rows, moved = stack_history(table_hands(store), session.stacks())
    assert rows == session.history
    assert moved == session.moved and any(moved)


def test_a_line_below_zero_is_drawn() -> None:
    surface = pygame.Surface((300, 200))
    side = SideRenderer(Text())
    side._plot(surface, pygame.Rect(40, 20, 250, 150), [(1000, 1000), (-500, 1800)], 13)


def test_a_continued_sit_and_go_graph_counts_the_hands_already_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 43, finding 5: the stacks chart said "0 hands" after a Sit & Go resumed."""
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    seated, _, _ = seat_sit_and_go(GameSettings(), 4)
    play(seated, 5)
    before = list(seated.session.history)
    seated.session.save.close()
    again, _, _ = seat_sit_and_go(GameSettings(), 4)
    assert again.session.graph_hands == 5
    assert again.session.history == before
    again.session.save.close()
