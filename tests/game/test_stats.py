"""Player statistics from stored hands, computed by hand on three scripted hands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.table import Table
from game.__main__ import main
from game.app import App
from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store, data_dir
from game.records.stats import PlayerStats, all_time_stats, player_stats, session_stats, stats_json
from game.scenes.stats import StatsScene
from game.settings.model import GameSettings
from game.table.factory import arrive
from tests.game.saved import play_hands
from tests.game.test_store import deck_for, finish, seat_table, start, to_action

# Ann (seat 0), Bob (1), Cat (2), 1000 each, blinds 5/10.
HAND_A = (  # button Ann: Bob small blind, Cat big blind
    "raise 30", "call", "fold",  # Ann raises, Bob calls, Cat folds
    "check", "bet 40", "raise 120", "call",  # flop: Bob checks, Ann bets, Bob raises
    "bet 100", "fold",  # turn: Bob bets, Ann folds (100 comes back)
)
HAND_B = (  # button Bob: Cat small blind, Ann big blind
    "call", "call", "check",  # Bob limps, Cat completes, Ann checks her option
    "check", "check", "check",  # flop
    "bet 20", "call", "call",  # turn: Cat bets, Ann and Bob call
    "check", "check", "check",  # river: showdown, Ann's aces win
)
HAND_C = ("fold", "fold")  # button Cat: Ann folds her small blind to Bob


def play(store: Store, table: Table, words: tuple[str, ...],
         deck: list[int] | None = None) -> int:
    hand, hand_id = start(store, table, random.Random(0), deck)
    for seq, word in enumerate(words):
        store.journal_and_apply(hand_id, seq, hand, to_action(hand, word))
    assert hand.finished
    finish(store, table, hand, hand_id)
    return hand_id


@pytest.fixture
def played(tmp_path: Path) -> tuple[Store, Table]:
    store = Store.open(tmp_path / DB_NAME, durable=False)
    table = seat_table({0: 1000, 1: 1000, 2: 1000}, 3)
    table.button = 2
    store.save_table(table, name="Stats", bots={1: "shark", 2: "rock"})
    play(store, table, HAND_A)
    play(store, table, HAND_B, deck_for(1, [0, 1, 2], {0: "AhAd", 1: "7c2d", 2: "8s3h"},
                                         "Kc 9d 4s 5h Jc"))
    store.end_session()
    store.begin_session()
    play(store, table, HAND_C)
    yield store, table  # type: ignore[misc]
    store.close()


def test_vpip_pfr_aggression_and_showdowns_by_hand(played: tuple[Store, Table]) -> None:
    store, _ = played
    stats = all_time_stats(store)
    ann, bob, cat = stats["Ann"], stats["Bob"], stats["Cat"]
    assert (ann.hands, ann.vpip_hands, ann.pfr_hands) == (3, 1, 1)
    assert (bob.hands, bob.vpip_hands, bob.pfr_hands) == (3, 2, 0)
    assert (cat.hands, cat.vpip_hands, cat.pfr_hands) == (3, 1, 0)  # completing the SB counts
    assert (ann.vpip, ann.pfr, bob.vpip, bob.pfr, cat.vpip) == (33.3, 33.3, 66.7, 0.0, 33.3)
    # Aggression after the flop: (bets + raises) / calls.
    assert (ann.postflop_bets_raises, ann.postflop_calls, ann.aggression) == (1, 2, 0.5)
    assert (bob.postflop_bets_raises, bob.postflop_calls, bob.aggression) == (2, 1, 2.0)
    assert (cat.postflop_bets_raises, cat.postflop_calls, cat.aggression) == (1, 0, None)
    assert (ann.saw_flop, ann.showdowns, ann.showdown_wins, ann.wtsd, ann.wsd) == (
        2, 1, 1, 50.0, 100.0)
    assert (bob.saw_flop, bob.showdowns, bob.showdown_wins, bob.wtsd, bob.wsd) == (
        2, 1, 0, 50.0, 0.0)
    assert (cat.saw_flop, cat.showdowns, cat.wtsd) == (1, 1, 100.0)
    # Net: A Ann -150 (30 + 120), Bob +160; B Ann +60, Bob and Cat -30; C Ann -5, Bob +5.
    assert (ann.net, bob.net, cat.net) == (-95, 135, -40)
    assert (ann.hands_won, bob.hands_won, cat.hands_won) == (1, 2, 0)


def test_session_and_all_time_differ(played: tuple[Store, Table]) -> None:
    store, _ = played
    first, second = (sid for sid, _, _ in store.sessions())
    latest = session_stats(store, second)
    assert {n: (s.hands, s.net) for n, s in latest.items()} == {
        "Ann": (1, -5), "Bob": (1, 5), "Cat": (1, 0)}
    early = session_stats(store, first)
    assert {n: (s.hands, s.net) for n, s in early.items()} == {
        "Ann": (2, -90), "Bob": (2, 130), "Cat": (2, -40)}
    # "This session" is every hand at the current table, both runs of the game
    assert session_stats(store) == player_stats(store.hands())
    assert player_stats([]) == {}
    assert PlayerStats("Nobody").vpip is None


def test_stats_json_has_stacks_rebuys_and_hands(played: tuple[Store, Table]) -> None:
    store, table = played
    store.record_table_events(table, [table.add_chips(2, 40)])  # Cat tops up 960 -> 1000
    _, voided = start(store, table, random.Random(1))
    store.void_hand(voided, "interrupted")
    out = stats_json(store)
    json.dumps(out)  # one JSON-able object
    assert [(s["name"], s["stack"], s["rebuys"], s["bought_in"], s["bot"])
            for s in out["seats"]] == [("Ann", 905, 0, 1000, None),
                                       ("Bob", 1135, 0, 1000, "shark"),
                                       ("Cat", 1000, 40, 1040, "rock")]
    assert out["bank"] == {"bought_in": 3040, "rebuys": 40, "cashed_out": 0, "rake": 0,
                           "on_table": 3040}
    assert out["hands"] == {"recorded": 3, "voided": 1, "in_play": 0}
    assert out["table"]["hands_played"] == 3 and out["table"]["name"] == "Stats"
    assert out["players"]["all_time"]["Ann"]["vpip"] == 33.3
    assert out["players"]["session"]["Bob"]["net"] == 135  # every hand at this table


def test_stats_json_of_an_empty_save(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME, durable=False) as store:
        out = stats_json(store)
    assert out["seats"] == [] and out["table"] is None and out["bank"] is None
    assert out["hands"] == {"recorded": 0, "voided": 0, "in_play": 0}


def test_this_session_counts_the_same_in_the_game_and_holdem_stats(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    """Two runs of the game at one table (the issue saw 15 hands in the game, 1 in
    ``holdem stats``): "This session" is every hand at the table in the stats panel (T),
    ``holdem stats`` and its JSON alike."""
    folder = data_dir()
    for hands in (2, 1):  # quit, come back, continue the table
        save = SaveGame.open(Store.open(folder / DB_NAME))
        arrival = arrive(GameSettings(speed=100.0), 3, save)
        play_hands(arrival.seated.session, hands, seed=hands)
        save.close()
    assert main(["stats", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)["players"]["session"]
    assert main(["stats"]) == 0
    text = capsys.readouterr().out.split("All time at the cash table:")[0]
    save = SaveGame.open(Store.open(folder / DB_NAME))
    try:
        panel = StatsScene.open(App(app.screen, GameSettings(), save=save)).session
    finally:
        save.close()
    assert {row[0]: int(row[1]) for row in panel} == {n: s["hands"] for n, s in cli.items()}
    assert cli and all(s["hands"] == 3 for s in cli.values())
    assert "This session (every hand at the current cash table)" in text
    assert all(f"{name}  " in text for name in cli)
