"""``holdem --autoplay N --sit-and-go``: a whole Sit & Go with a bot in the player's chair,
and the closing report's ``tournament`` object (contract 5)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.game.test_autoplay import autoplay

FAST = ("--headless", "--fps", "0", "--size", "960x540")


@pytest.mark.slow
def test_autoplay_sit_and_go_plays_to_the_end_and_reports_places(tmp_path: Path) -> None:
    report = autoplay("--autoplay", "1000", "--sit-and-go", "turbo", "--seed", "4", *FAST,
                      data=tmp_path)
    t = report["tournament"]
    assert isinstance(t, dict)
    assert t["finished"] is True and sorted(t["places"]) == [0, 1, 2, 3]
    assert t["hands"] == report["hands"]
    final = report["final_stacks"]
    assert isinstance(final, list) and final[t["places"][0]] == 6000 == sum(final)
    assert t["levels"][:4] == [[10, 20, 0], [15, 30, 0], [25, 50, 0], [50, 100, 10]][
        :len(t["levels"])]
    assert report["chips_conserved"] is True


@pytest.mark.slow
def test_autoplay_sit_and_go_stops_after_n_hands_and_leaves_the_cash_table(
        tmp_path: Path) -> None:
    cash = autoplay("--autoplay", "2", "--seed", "9", *FAST, data=tmp_path)
    report = autoplay("--autoplay", "3", "--sit-and-go", "--seed", "1", *FAST, data=tmp_path)
    t = report["tournament"]
    assert isinstance(t, dict)
    assert t["hands"] == 3 == report["hands"] and t["finished"] is False
    assert t["levels"] == [[10, 20, 0]]
    again = autoplay("--autoplay", "2", "--seed", "9", *FAST, data=tmp_path)
    assert again["recovery"] == cash["recovery"] == "none"
    from game.persistence.store import DB_NAME, Store
    with Store.open(tmp_path / DB_NAME) as store:
        assert len(store.hands()) == 4  # the cash table's 2 + 2: it was played on


@pytest.mark.parametrize("argv, message", [
    (["--level-minutes", "3"], "--level-minutes goes with --sit-and-go"),
    (["--sit-and-go", "--level-minutes", "0"], "--level-minutes must be from 1 to 120"),
    (["--sit-and-go", "fast"], "invalid choice: 'fast'"),
])
def test_bad_sit_and_go_flags_are_refused_with_a_sentence(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli.args import parse
    with pytest.raises(SystemExit):
        parse(argv)
    assert message in capsys.readouterr().err


def test_level_minutes_reach_the_sit_and_go(tmp_path: Path) -> None:
    from game.settings.model import GameSettings
    from game.table.sitngo import seat_sit_and_go
    seated, _, _ = seat_sit_and_go(GameSettings(), 1, minutes_per_level=3, folder=tmp_path)
    sng = seated.session.tournament
    assert sng is not None and sng.config.by_time and sng.seconds_to_next() == 180
    seated.session.save.close()


def test_minutes_per_level_is_a_settings_row_kept_in_the_settings_file(tmp_path: Path
                                                                       ) -> None:
    from game.scenes.settings import ROWS, SettingsScene, changed
    from game.settings.file import load_settings, parse_settings, save_settings
    from game.settings.model import GameSettings
    from game.table.sitngo import seat_sit_and_go
    assert "level_minutes" in ROWS
    chosen = changed(GameSettings(), "level_minutes", +1)
    assert chosen.level_minutes == 3 and changed(chosen, "level_minutes", -1).level_minutes == 0
    rows = SettingsScene(SimpleNamespace(settings=chosen)).rows()  # type: ignore[arg-type]
    assert len(rows) == len(ROWS)
    assert rows[ROWS.index("level_minutes")].value == "Every 3 minutes"
    path = tmp_path / "settings.toml"
    assert save_settings(chosen, path) is None
    assert "level_minutes = 3" in path.read_text(encoding="utf-8")
    assert load_settings(path).settings.level_minutes == 3
    _, problems = parse_settings({"table": {"level_minutes": 500}})
    assert problems and "level_minutes" in problems[0]
    seated, _, _ = seat_sit_and_go(chosen, 1, folder=tmp_path)  # a new one, by the clock
    sng = seated.session.tournament
    assert sng is not None and sng.config.by_time and sng.seconds_to_next() == 180
    seated.session.save.close()


@pytest.mark.slow
def test_an_autoplayed_sit_and_go_exports_and_fills_the_folder_beside_cash_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from pokerkit import HandHistory

    from game.__main__ import main
    autoplay("--autoplay", "2", "--seed", "9", *FAST, data=tmp_path)
    report = autoplay("--autoplay", "1000", "--sit-and-go", "turbo", "--seed", "4", *FAST,
                      data=tmp_path)
    t = report["tournament"]
    assert isinstance(t, dict) and t["finished"] and t["number"] == 1
    folder = tmp_path / "hand-histories"
    assert len(list(folder.glob("HH* T1 No Limit Hold'em Freeroll.txt"))) == 1
    assert len(list(folder.glob("TS* T1 No Limit Hold'em Freeroll.txt"))) == 1
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(tmp_path / "config"))
    assert main(["export", "--all", "--format", "phh"]) == 0
    hands = list(HandHistory.loads_all(capsys.readouterr().out))
    assert [h.hand for h in hands] == list(range(1, 3 + t["hands"]))
    assert sum(h.table == "Sit & Go #1" for h in hands) == t["hands"]
    assert main(["export", "--all"]) == 0
    text = capsys.readouterr().out
    assert len(re.findall(r"^PokerStars Hand #\d+: Tournament #1, ", text, re.M)) == t["hands"]


def test_the_help_says_where_the_sit_and_go_files_are() -> None:
    from game.cli.args import parser
    text = " ".join(parser().format_help().split())
    assert "sitngo.sqlite3 (the Sit & Gos)" in text and "hand-histories/" in text
    export = parser()._subparsers._group_actions[0].choices["export"]  # type: ignore[union-attr]
    said = " ".join(export.format_help().split())
    assert "--tournament ID" in said and "--cash" in said
    assert "one per tournament with its TS… summary" in said
