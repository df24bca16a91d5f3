"""The in-game stats (T) and the career page count Sit & Go play (issue 42, item 6): a
Sit & Go's hands are this session's while it is played and all time's after, and the
career counts its hands and the hands won in it (its chips apart from the cash net)."""

from __future__ import annotations

import json

import pytest

from engine.actions import Action, ActionKind
from game.app import App
from game.persistence.paths import data_dir
from game.persistence.saving import SaveGame
from game.records.statsview import HEADER
from game.scenes.career import CareerScene
from game.scenes.stats import StatsScene
from game.settings.model import GameSettings
from game.table.factory import SeatedTable
from game.table.sitngo import seat_sit_and_go
from tests.game.saved import new_session, play_hands


def _my_sit_and_go_with_a_win() -> tuple[SeatedTable, int, int]:
    """The player's Sit & Go (calling every bet), played until they have won a hand; its
    hands and the hands the player won."""
    seated, _, _ = seat_sit_and_go(GameSettings(), 11, folder=data_dir())
    session, seats = seated.session, seated.seats
    store = session.save.store
    assert store is not None
    for _ in range(60):
        session.start_hand()
        hand = session.hand
        assert hand is not None
        while (legal := hand.legal()) is not None:
            view = session.view(legal.seat)
            assert view is not None
            session.submit(seats.decide(legal.seat, view) if legal.seat in seats.bots
                           else Action(0, ActionKind.CHECK if legal.check else ActionKind.CALL))
        session.end_hand()
        won = [r for r in store.hands() if r.result and r.result["net"][0] > 0]
        if won:
            return seated, len(store.hands()), len(won)
    raise AssertionError("the player never won a hand")


def test_the_career_counts_the_sit_and_go_hands_and_the_hands_won_there(app: App) -> None:
    app.save = SaveGame.open()
    try:
        play_hands(new_session(app.save), 2)  # two cash hands
        seated, hands, won = _my_sit_and_go_with_a_win()
        cash_net = sum(r.result["net"][0] for r in app.save.store.hands()  # type: ignore[union-attr]
                       if r.result)
        page = CareerScene.open(app)
        rows = dict(page.rows())
        assert rows["Hands dealt in"] == f"{2 + hands:,d}"
        assert int(rows["Hands won"]) >= won > 0  # "Hands won 0" after a win, before
        assert page.figures.net == cash_net  # tournament chips are not in the net
        seated.session.save.close()
    finally:
        app.save.close()


def test_the_stats_panel_in_a_sit_and_go_shows_its_hands(app: App) -> None:
    app.save = SaveGame.open()
    try:
        play_hands(new_session(app.save), 2)
        seated, hands, _ = _my_sit_and_go_with_a_win()
        panel = StatsScene.open(app, seated.session)
        mine = next(row for row in panel.session if row[0] == "You")
        assert mine[HEADER.index("Hands")] == str(hands)  # this session: the Sit & Go
        cash = next(row for row in panel.all_time if row[0] == "You")
        assert cash[HEADER.index("Hands")] == "2"
        tournaments = next(row for row in panel.sit_and_go if row[0] == "You")
        assert tournaments[HEADER.index("Hands")] == str(hands)
        app.replace_all(panel)
        app.draw()
        seated.session.save.close()
    finally:
        app.save.close()


def test_holdem_stats_on_the_command_line_counts_the_sit_and_go_as_the_panel_does(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 49, item 6: after a Sit & Go and no cash hand, ``holdem stats`` said "Hands
    recorded: 0" while the panel showed the Sit & Go's stats."""
    from game.__main__ import main

    seated, hands, _ = _my_sit_and_go_with_a_win()
    panel = StatsScene.open(app, seated.session)
    seated.session.save.close()
    shown = next(row for row in panel.sit_and_go if row[0] == "You")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert f"{hands} in Sit & Gos" in out
    section = out.split("All time in Sit & Gos", 1)[1]
    mine = next(line.split() for line in section.splitlines() if line.strip().startswith("You"))
    assert mine[:len(shown)] == list(shown)  # the same figures as the panel's row
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sit_and_go_hands"]["recorded"] == hands
    assert data["sit_and_go_players"]["You"]["hands"] == hands
