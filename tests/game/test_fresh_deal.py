"""Every table is dealt from its own seed: the operating system's entropy when no
``--seed`` is given (no two tables deal alike), the seed given otherwise (a table can be
dealt again). Every way in takes its seed from ``table_seed`` (issue 36, item 1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import Card
from game.app import App
from game.scenes.start import StartScene
from game.settings.model import GameSettings
from game.table.factory import new_table, table_seed
from game.table.sitngo import seat_sit_and_go

ROOT = Path(__file__).resolve().parents[2]
FAST = GameSettings(speed=100.0)


def first_hands(seed: int, hands: int = 3) -> list[list[tuple[Card, Card] | None]]:
    """The hole cards of a new table's first hands (everyone folds round to the blind)."""
    session = new_table(FAST, seed).session
    dealt = []
    for _ in range(hands):
        session.start_hand()
        hand = session.hand
        assert hand is not None
        dealt.append(list(hand.hole))
        while hand.legal() is not None:
            session.submit(hand.timeout_action())
        session.end_hand()
    return dealt


def test_a_seed_given_is_kept() -> None:
    assert table_seed(7) == 7
    assert table_seed(0) == 0


def test_two_tables_without_a_seed_deal_differently() -> None:
    assert table_seed(None) != table_seed(None)
    assert first_hands(table_seed(None)) != first_hands(table_seed(None))


def test_two_tables_with_the_same_seed_deal_alike() -> None:
    assert first_hands(table_seed(41)) == first_hands(table_seed(41))


def test_two_sit_and_gos_without_a_seed_deal_differently(tmp_path: Path) -> None:
    holes = []
    for run in ("a", "b"):
        seated, _, _ = seat_sit_and_go(FAST, table_seed(None), folder=tmp_path / run)
        seated.session.start_hand()
        hand = seated.session.hand
        assert hand is not None
        holes.append(list(hand.hole))
        seated.session.save.close()
    assert holes[0] != holes[1]


def test_the_start_screen_seeds_each_table_afresh_unless_given_one(app: App) -> None:
    unseeded = StartScene(app)
    assert unseeded._seed() != unseeded._seed()
    assert StartScene(app, seed=12)._seed() == 12


def _autoplay(data: Path, *args: str) -> tuple[dict[str, object], list[str]]:
    """One ``holdem --autoplay 3`` in fresh folders: its closing line, and the cards the
    bot in the player's chair was dealt (from the ``--log`` transcript)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOLDEM_DATA_DIR": str(data / "d"),
           "HOLDEM_CONFIG_DIR": str(data / "c")}
    data.mkdir(parents=True)
    log = data / "hands.log"
    out = subprocess.run([sys.executable, "-m", "game", "--autoplay", "3", "--headless",
                          "--speed", "100", "--fps", "0", "--log", str(log), *args],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    report: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    dealt = [line for line in log.read_text("utf-8").splitlines() if "Dealt to" in line]
    assert dealt
    return report, dealt


@pytest.mark.slow
@pytest.mark.parametrize("kind", [(), ("--sit-and-go",)], ids=["cash", "sit-and-go"])
def test_autoplay_in_fresh_folders_deals_a_new_table_each_run(
        tmp_path: Path, kind: tuple[str, ...]) -> None:
    (first, first_cards), (second, second_cards) = (_autoplay(tmp_path / run, *kind)
                                                    for run in ("a", "b"))
    assert first["seed"] != second["seed"] and first_cards != second_cards
    again, again_cards = _autoplay(tmp_path / "c", *kind, "--seed", str(first["seed"]))
    assert again_cards == first_cards and again["final_stacks"] == first["final_stacks"]
