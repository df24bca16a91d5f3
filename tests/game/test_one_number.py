"""One hand number everywhere (issue 42, item 6): the replayer, ``holdem replay`` and the
hand log name a hand by the number the table's title, the hand histories and the
exports give it, never by its count at its own table ("Hand 40 · #37")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.persistence.store import Store
from game.records.steps import hand_title, replay_text, steps
from tests.game.saved import saved_store


def test_a_hand_is_named_by_its_one_number_in_every_view(tmp_path: Path) -> None:
    with Store.open(saved_store(tmp_path, hands=3)) as store:
        record = replace(store.hands()[2], id=40, number=37)  # the third hand of a table
    assert hand_title(record).startswith("Hand #40 · ")  # whose first was hand 38
    assert "37" not in hand_title(record).split(" · ")[0]
    assert "— Hand #40 · button" in steps(record)[0].lines[0]
    assert replay_text(record).startswith("Hand #40 (at ")
    assert "#37" not in replay_text(record)
