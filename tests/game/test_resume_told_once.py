"""A resumed hand is told once (issue 43, finding 5: "the resume message appears twice in
the hand log"): the recovery sentence went both into the save's notices and into the
table's own sentence, and the table told both."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app import App, table_scene
from game.paths import data_dir
from game.persistence.saving import SaveGame
from game.settings.model import GameSettings
from game.table.factory import arrive
from game.table.sitngo import seat_sit_and_go
from tests.game.saved import saved_store
from tests.game.test_sitngo_records import autoplay_sng, play

RESUMED = "resumes exactly where it stopped"


def _told(app: App, seated: object, notices: tuple[str, ...] | list[str]) -> int:
    """How many hand-log lines name the resumed hand, the table told as a run tells it."""
    scene = table_scene(app, seated)  # type: ignore[arg-type]
    for notice in notices:
        scene.tell(notice, error=True)
    return sum(RESUMED in line for line in scene.log)


def test_a_resumed_cash_hand_is_told_once(app: App) -> None:
    saved_store(data_dir(), hands=3, stop_after=2)
    save = SaveGame.open()
    arrival = arrive(GameSettings(), 1, save)
    assert arrival.recovery == "resumed"
    assert _told(app, arrival.seated, arrival.notices) == 1
    save.close()


def test_a_resumed_sit_and_go_hand_is_told_once(app: App, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    seated = autoplay_sng(tmp_path, seed=5)
    play(seated, 3)
    session = seated.session
    session.start_hand()
    hand = session.hand
    assert hand is not None and hand.to_act is not None
    view = session.view(hand.to_act)
    assert view is not None
    session.submit(seated.seats.decide(view.seat, view))
    session.save.close()  # a crash mid-hand
    again, notices, recovery = seat_sit_and_go(GameSettings(), 5, autoplay=True,
                                               folder=tmp_path)
    assert recovery == "resumed"
    assert _told(app, again, notices) == 1
    again.session.save.close()
