"""A Sit & Go kept like the cash table: its own save file and state beside the cash
table's, resumed after a quit or a crash; its hands exported with the tournament header
(PokerStars text that pokerkit's parser and pokerdf read) and as PHH that pokerkit replays
to the exported finishing stacks; the results counted for the career."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from pokerkit import PokerStarsParser

from engine.tournament import Speed
from game.persistence.paths import DB_NAME
from game.persistence.sitngo import (
    DB_FILE,
    STATE_FILE,
    load_results,
    read_state,
    tournament_career,
)
from game.persistence.store import Store
from game.records.export import phh_hand, phh_players, pokerstars_hand, pokerstars_session
from game.records.tournament import finish_lines, tournament_number
from game.settings.model import GameSettings
from game.table.factory import SeatedTable
from game.table.sitngo import seat_sit_and_go
from tests.game.test_history import pokerkit_final, same_payout


def play(seated: SeatedTable, hands: int) -> None:
    """Bots play ``hands`` hands (or to the end) through the session, as the loop does."""
    session, seats = seated.session, seated.seats
    for _ in range(hands):
        if session.hand is None:
            if not session.can_deal():
                return
            session.start_hand()
        hand = session.hand
        assert hand is not None
        while not hand.finished:
            seat = hand.to_act
            assert seat is not None
            view = session.view(seat)
            assert view is not None
            session.submit(seats.decide(seat, view) if seat in seats.bots
                           else hand.timeout_action())  # the player: check or fold
        session.end_hand()


def autoplay_sng(folder: Path, seed: int = 2) -> SeatedTable:
    seated, notices, _ = seat_sit_and_go(GameSettings(), seed, speed="turbo", autoplay=True,
                                         folder=folder)
    assert notices == []
    return seated


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_sit_and_go_is_saved_beside_the_cash_table_and_resumed(folder: Path) -> None:
    with Store.open(folder / DB_NAME) as cash:  # a cash table already saved
        assert cash.table_info() is None
    seated = autoplay_sng(folder)
    play(seated, 6)
    seated.session.save.close()
    assert (folder / DB_FILE).is_file() and (folder / STATE_FILE).is_file()
    again, _, _ = seat_sit_and_go(GameSettings(), 2, autoplay=True, folder=folder)
    sng = again.session.tournament
    assert sng is not None and sng.hands == 6 and sng.number == 1
    assert again.session.table.hands_played == 6
    assert sng.level_number == 2  # turbo: 5 hands a level
    play(again, 1000)
    assert sng.finished
    again.session.save.close()
    assert not (folder / STATE_FILE).exists()
    results = load_results(folder)
    assert [r["places"] for r in results] == [sng.places]
    career = tournament_career(results, autoplay=True)
    assert career.played == 1 and career.average_finish == results[0]["place"]
    with Store.open(folder / DB_NAME) as cash:
        assert cash.table_info() is None  # the cash table's file was never written


def test_an_interrupted_hand_resumes_where_it_stopped(folder: Path) -> None:
    seated = autoplay_sng(folder, seed=5)
    play(seated, 3)
    session = seated.session
    session.start_hand()
    hand = session.hand
    assert hand is not None
    view = session.view(hand.to_act)  # type: ignore[arg-type]
    assert view is not None
    session.submit(seated.seats.decide(view.seat, view))
    stacks = list(hand.stacks)
    session.save.close()  # a crash: the hand is in the journal, not finished
    again, _, recovery = seat_sit_and_go(GameSettings(), 5, autoplay=True, folder=folder)
    resumed = again.session.hand
    assert recovery == "resumed" and resumed is not None
    assert list(resumed.stacks) == stacks and len(resumed.events) == len(hand.events)
    play(again, 1)
    assert again.session.tournament is not None and again.session.tournament.hands == 4
    again.session.save.close()


def test_the_players_sit_and_go_is_not_replaced_by_autoplay(folder: Path) -> None:
    mine, _, _ = seat_sit_and_go(GameSettings(), 1, folder=folder)
    play(mine, 2)
    mine.session.save.close()
    bot, notices, _ = seat_sit_and_go(GameSettings(), 1, autoplay=True, folder=folder)
    assert any("plays unsaved" in n for n in notices) and not bot.session.save.active
    state = read_state(folder)
    assert state is not None and not state.autopilot and state.data["hands"] == 2


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sng")
    for seed in (1, 2):
        seated, _, _ = seat_sit_and_go(GameSettings(), seed, speed=Speed.TURBO.value,
                                       autoplay=True, folder=folder)
        play(seated, 1000)
        assert seated.session.tournament is not None and seated.session.tournament.finished
        seated.session.save.close()
    return folder


def test_every_sit_and_go_hand_replays_in_pokerkit_to_the_exported_stacks(played: Path
                                                                          ) -> None:
    with Store.open(played / DB_FILE) as store:
        records = store.hands()
        assert len(records) > 20
        antes = 0
        for record in records:
            hh, final = pokerkit_final(phh_hand(record))
            order = phh_players(record.config)
            assert not final.status
            assert same_payout(hh.finishing_stacks, list(final.stacks), record, order)
            assert hh.blinds_or_straddles[:2] == [record.config.small_blind,
                                                  record.config.big_blind]
            antes += record.config.ante > 0 and all(a == record.config.ante for a in hh.antes)
        assert antes > 0  # the later levels' antes are in the files


def test_pokerstars_text_has_the_tournament_header_and_parses_in_pokerkit(played: Path
                                                                         ) -> None:
    with Store.open(played / DB_FILE) as store:
        records = store.hands()
        text = pokerstars_session(records, hero=0)
        assert len(records) > 20
        first = pokerstars_hand(records[0], hero=0)
    assert re.match(r"PokerStars Hand #\d+: Tournament #1, Freeroll Hold'em No Limit - "
                    r"Level I \(10/20\) - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET\n"
                    r"Table '1 1' 4-max Seat #\d is the button", first)
    assert "Level IV (50/100)" in text and "posts the ante 10" in text
    assert text.count("wins the tournament") == 2
    assert text.count("finished the tournament in 2nd place") == 2
    # pokerkit's PokerStars parser leaves antes out (its ante pattern matches nothing), so
    # a hand whose antes decide who is all in for what can't be rebuilt by it. Every hand
    # without an ante parses as it is; with the ante lines read too, every hand parses
    # and plays out to our finishing stacks: the text holds the whole hand.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plain = [r for r in records if not r.config.ante]
        assert len(list(PokerStarsParser()(pokerstars_session(plain, hero=0)))) == len(plain)
        for record in records:
            parsed = list(WithAntes()(pokerstars_hand(record, hero=0), error_status=True))
            final = list(parsed[0])[-1]
            order = phh_players(record.config)
            assert list(final.stacks) == [record.result["final_stacks"][s]  # type: ignore[index]
                                          for s in order]


class WithAntes(PokerStarsParser):
    """pokerkit's PokerStars parser, reading "posts the ante" lines too."""

    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante (?P<ante>[0-9]+)")


def test_pokerdf_converts_the_sit_and_go_files_with_none_failed(played: Path,
                                                                 tmp_path: Path) -> None:
    pokerdf = pytest.importorskip("pokerdf.core.read_and_convert")
    with Store.open(played / DB_FILE) as store:
        records = store.hands()
    # A player's history holds the hands they were dealt: the winner's holds them all.
    winners = {r["number"]: r["places"][0] for r in load_results(played)}
    by_tournament: dict[int, list[str]] = {}
    for record in records:
        number = tournament_number(record.table_name)
        assert number is not None
        by_tournament.setdefault(number, []).append(
            pokerstars_hand(record, hero=winners[number]))
    for number, hands in by_tournament.items():
        path = tmp_path / f"HH20261125 T{number} No Limit Hold'em Freeroll.txt"
        path.write_text("\n\n\n".join(hands), encoding="utf-8")
    paths = pokerdf.get_files_paths(str(tmp_path))
    assert len(paths) == len(by_tournament) == 2
    rows = 0
    for path in paths:
        frame = pokerdf.convert_txt_to_tabular_data(path)  # raises on a file it can't read
        rows += len(frame)
        assert set(frame["Level"]) >= {"I", "II"}
        assert frame["FinalRank"].max() >= 2
    assert rows >= sum(len(h) for h in by_tournament.values()) * 2


def test_finish_lines_rank_two_knockouts_in_one_hand_by_starting_stack() -> None:
    import random

    from engine.actions import Action, ActionKind
    from engine.config import HandConfig
    from engine.state import HandState

    while True:
        hand = HandState.deal(HandConfig(stacks=(300, 100, 200, 5400), button=3,
                                         small_blind=50, big_blind=100),
                              rng=random.Random())
        while not hand.finished:
            legal = hand.legal()
            assert legal is not None
            hand.apply(Action(legal.seat, ActionKind.ALLIN if legal.allin else
                              ActionKind.CHECK))
        if [s for s in range(4) if hand.stacks[s] == 0] == [0, 1, 2]:
            break
    lines = finish_lines(hand, ["A", "B", "C", "D"])
    assert lines == ["A finished the tournament in 2nd place",
                     "C finished the tournament in 3rd place",
                     "B finished the tournament in 4th place",
                     "D wins the tournament - congratulations!"]


def test_the_career_and_stats_count_sit_and_gos_places_and_the_average_finish(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.__main__ import main
    from game.persistence.sitngo import RESULTS_FILE, sit_and_go_rows

    results = [{"number": n, "place": p, "points": {1: 65, 2: 35}.get(p, 0), "autoplay": a,
                "places": [0, 1, 2, 3], "hands": 40 + n}
               for n, (p, a) in enumerate([(1, False), (3, False), (2, False), (4, True)], 1)]
    (folder / RESULTS_FILE).write_text(json.dumps(results), encoding="utf-8")
    career = tournament_career(load_results(folder))
    assert (career.played, career.places, career.average_finish, career.points,
            career.hands) == (3, {1: 1, 2: 1, 3: 1}, 2.0, 100, 41 + 42 + 43)
    assert sit_and_go_rows(career) == [("Sit & Gos played", "3 (100 points)"),
                                       ("Places", "1 × 1st · 1 × 2nd · 1 × 3rd"),
                                       ("Average finish", "2.00"),
                                       ("Sit & Go hands", "126")]
    assert main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sit_and_go"] == {"played": 3, "places": {"1": 1, "2": 1, "3": 1},
                                    "average_finish": 2.0, "points": 100, "hands": 126}
    assert report["sit_and_go_autoplay"] == {"played": 1, "places": {"4": 1},
                                             "average_finish": 4.0, "points": 0, "hands": 44}
    assert main(["stats"]) == 0
    said = capsys.readouterr().out
    assert "Average finish: 2.00" in said and "Sit & Go hands: 126" in said
    assert "Autoplay's Sit & Gos (a bot in your chair): Sit & Gos played 1 (0 points)" in said
