"""Every way in keeps the saved table: ``--hands``, ``--autoplay`` and the start screen
continue it; a new table comes only when asked for, and the old one is cashed out into
the record, never overwritten (issue 21, part 1; contract 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.args import parse, parser
from game.persistence.codec import ChipKind
from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.records.stats import stats_json
from game.settings.model import GameSettings
from game.table.factory import arrive
from tests.game.saved import play_hands

FAST = GameSettings(speed=100.0)


def _run(folder: Path, hands: int, *, fresh: bool = False,
         autopilot: str | None = None) -> tuple[str, tuple[str, ...]]:
    """One run of the game on the save folder: sit down as ``holdem --hands`` (or
    ``--autoplay``) does, play ``hands`` hands, close; the recovery kind and notices."""
    save = SaveGame.open(Store.open(folder / DB_NAME))
    try:
        arrival = arrive(FAST, 3, save, autopilot_kind=autopilot, fresh=fresh)
        play_hands(arrival.seated.session, hands, seed=hands)
        return arrival.recovery, arrival.notices
    finally:
        save.close()


def _stats(folder: Path) -> dict[str, object]:
    with Store.open(folder / DB_NAME) as store:
        assert store.integrity_check() == []
        return stats_json(store)


def test_hands_then_hands_again_continues_the_one_table(tmp_path: Path) -> None:
    _run(tmp_path, 2)
    first = _stats(tmp_path)
    recovery, _ = _run(tmp_path, 1)
    second = _stats(tmp_path)
    assert recovery == "none"
    assert second["table"]["hands_played"] == 3  # type: ignore[index]
    bank = second["bank"]
    assert isinstance(bank, dict)
    assert bank["on_table"] + bank["cashed_out"] + bank["rake"] == bank["bought_in"]
    assert bank["bought_in"] == first["bank"]["bought_in"]  # type: ignore[index]
    with Store.open(tmp_path / DB_NAME) as store:
        assert len({r.config.names for r in store.hands()}) == 1
        assert [r.number for r in store.hands()] == [1, 2, 3]


def test_new_table_cashes_the_saved_one_out_into_the_record(tmp_path: Path) -> None:
    _run(tmp_path, 2)
    before = _stats(tmp_path)
    stacks = {s["name"]: s["stack"] for s in before["seats"]}  # type: ignore[attr-defined]
    _, notices = _run(tmp_path, 1, fresh=True)
    assert any("cashed out" in n for n in notices)
    after = _stats(tmp_path)
    assert after["table"]["hands_played"] == 1  # type: ignore[index]
    with Store.open(tmp_path / DB_NAME) as store:
        out = {row.name: row.amount for row in store.ledger(1) if row.kind == ChipKind.CASH_OUT}
        assert out == stacks
        assert sum(out.values()) == before["bank"]["bought_in"]  # type: ignore[index]


def test_autoplay_leaves_the_players_table_and_the_player_leaves_autoplays(
        tmp_path: Path) -> None:
    _run(tmp_path, 2)
    _, notices = _run(tmp_path, 1, autopilot="shark")
    assert any("unsaved" in n for n in notices)
    assert _stats(tmp_path)["table"]["hands_played"] == 2  # type: ignore[index]
    _run(tmp_path, 1)
    assert _stats(tmp_path)["table"]["hands_played"] == 3  # type: ignore[index]


@pytest.mark.parametrize("argv", [["--hands", "2", "--new-table"], ["--new-table"],
                                  ["play", "--autoplay", "3", "--new-table"]])
def test_new_table_is_a_flag_of_its_own(argv: list[str]) -> None:
    assert parse(argv).new_table
    assert not parse(argv[:-1]).new_table


def test_autoplay_help_and_its_notice_say_the_same(tmp_path: Path) -> None:
    """Contract 5: ``--autoplay`` continues the saved autoplay table; with the player's
    own table saved it plays unsaved and leaves it alone. ``--help`` and the notice on
    standard error both say so (issue 36: one said "plays unsaved", the other only
    "continues")."""
    _run(tmp_path, 1)  # the player's own table is saved
    _, notices = _run(tmp_path, 1, autopilot="shark")
    notice = " ".join(notices)
    helps = {a.dest: " ".join((a.help or "").split()) for a in parser()._actions}
    for text in (helps["autoplay"], notice):
        assert "plays unsaved" in text and "leaves" in text and "alone" in text
    assert "continues the saved autoplay table" in helps["autoplay"]
    assert "continues only an autoplay table" in notice
    assert "plays unsaved" in helps["hands"]  # and --hands over autoplay's table
    _run(tmp_path / "other", 1, autopilot="shark")
    _, over = _run(tmp_path / "other", 1)
    assert any("plays unsaved" in n and "--new-table" in n for n in over)
