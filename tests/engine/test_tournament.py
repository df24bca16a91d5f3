"""The Sit & Go format: schedule, levels by hands and by the clock, knockouts and places."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.actions import Action, ActionKind
from engine.events import BlindKind, BlindPosted
from engine.table import TableError
from engine.tournament import (
    Finished,
    Knockout,
    SitAndGo,
    SitAndGoConfig,
    Speed,
    ante_for,
    knocked_out_by,
)

NAMES = ("You", "Ann", "Bob", "Cy")


def test_schedule_levels_rise_and_antes_start_at_the_named_level() -> None:
    cfg = SitAndGoConfig()
    assert cfg.level(1).as_list() == [10, 20, 0]
    assert cfg.level(3).as_list() == [25, 50, 0]
    assert cfg.level(4).as_list() == [50, 100, 10]
    assert cfg.level(4).describe() == "50/100 ante 10"
    assert cfg.level(3).roman == "III"
    assert SitAndGoConfig(antes_from=2).level(2).ante == ante_for(30) == 5
    bbs = [cfg.level(n).big_blind for n in range(1, 30)]
    assert bbs == sorted(bbs) and len(set(bbs)) == len(bbs)  # always rising, never stuck


def test_turbo_levels_last_half_as_many_hands() -> None:
    assert SitAndGoConfig(speed=Speed.TURBO).level_hands * 2 == SitAndGoConfig().level_hands


@pytest.mark.parametrize("bad", [dict(players=1), dict(stack=10), dict(hands_per_level=0),
                                 dict(minutes_per_level=0), dict(antes_from=0),
                                 dict(prizes=(50, 30, 10, 5, 5))])
def test_bad_formats_are_refused_with_a_sentence(bad: dict[str, object]) -> None:
    with pytest.raises(TableError):
        SitAndGoConfig(**bad)  # type: ignore[arg-type]


def _fold_to_big_blind(sng: SitAndGo, rng: random.Random) -> None:
    hand, _ = sng.start_hand(rng)
    while not hand.finished:
        hand.apply(Action(hand.to_act, ActionKind.FOLD))  # type: ignore[arg-type]
    sng.end_hand()


def test_levels_rise_every_n_hands_and_are_posted() -> None:
    sng = SitAndGo.create(SitAndGoConfig(hands_per_level=2), NAMES)
    rng = random.Random(1)
    seen = []
    for _ in range(5):
        hand, up = sng.start_hand(rng)
        seen.append((hand.config.small_blind, hand.config.big_blind, up is not None))
        posted = {e.kind: e.amount for e in hand.events if isinstance(e, BlindPosted)}
        assert posted[BlindKind.BIG] == hand.config.big_blind
        while not hand.finished:
            hand.apply(Action(hand.to_act, ActionKind.FOLD))  # type: ignore[arg-type]
        sng.end_hand()
    assert seen == [(10, 20, False), (10, 20, False), (15, 30, True), (15, 30, False),
                    (25, 50, True)]
    assert [lv.as_list() for lv in sng.levels_played] == [[10, 20, 0], [15, 30, 0],
                                                          [25, 50, 0]]
    assert sng.hands_to_next() == 1 and sng.chips_conserved()


def test_levels_by_the_clock_rise_at_the_next_hand_after_time_is_up() -> None:
    sng = SitAndGo.create(SitAndGoConfig(minutes_per_level=1.0), NAMES)
    rng = random.Random(2)
    for _ in range(30):
        _fold_to_big_blind(sng, rng)
    assert sng.level_number == 1 and sng.hands_to_next() is None
    sng.tick(59.0)
    assert sng.seconds_to_next() == pytest.approx(1.0)
    sng.tick(1.0)
    _, up = sng.start_hand(rng)
    assert up is not None and up.level.number == 2 and up.previous.number == 1


def _all_in_preflop(sng: SitAndGo, rng: random.Random) -> list[Knockout | Finished]:
    hand, _ = sng.start_hand(rng)
    while not hand.finished:
        legal = hand.legal()
        assert legal is not None
        seat = legal.seat
        hand.apply(Action(seat, ActionKind.ALLIN) if legal.allin
                   else Action(seat, ActionKind.CHECK))
    return sng.end_hand()[1]


def test_everyone_all_in_until_one_player_holds_every_chip() -> None:
    sng = SitAndGo.create(SitAndGoConfig(), NAMES)
    rng = random.Random(5)
    news: list[Knockout | Finished] = []
    heads_up_seen = False
    while not sng.finished:
        if len(sng.players_left) == 2:
            heads_up_seen = True
        news += _all_in_preflop(sng, rng)
        assert sng.chips_conserved()
    assert sorted(sng.places) == [0, 1, 2, 3]
    knockouts = [n for n in news if isinstance(n, Knockout)]
    assert [k.place for k in knockouts] == sorted((k.place for k in knockouts), reverse=True)
    assert {k.seat for k in knockouts} | {sng.places[0]} == {0, 1, 2, 3}
    assert isinstance(news[-1], Finished) and news[-1].winner == sng.places[0]
    assert news[-1].points == 65 and sng.place_of(sng.places[1]) == 2
    assert all(k.by is not None and k.by_name for k in knockouts)
    with pytest.raises(TableError):
        sng.start_hand(rng)
    assert heads_up_seen or len(knockouts) == 3


def test_heads_up_the_button_posts_the_small_blind() -> None:
    sng = SitAndGo.create(SitAndGoConfig(players=2), NAMES[:2])
    hand, _ = sng.start_hand(random.Random(3))
    small = next(e for e in hand.events
                 if isinstance(e, BlindPosted) and e.kind is BlindKind.SMALL)
    assert small.seat == hand.config.button


def test_a_bigger_stack_busting_in_the_same_hand_finishes_higher() -> None:
    deck_rng = random.Random(0)
    while True:  # find a deal where seats 1 and 2 both lose to seat 3 or 0
        trial = SitAndGo.create(SitAndGoConfig(), NAMES)
        for s, chips in enumerate((2700, 100, 200, 3000)):
            trial.table.seats[s].stack = chips  # type: ignore[union-attr]
        news = _all_in_preflop(trial, deck_rng)
        out = [n for n in news if isinstance(n, Knockout)]
        if {k.seat for k in out} == {1, 2}:
            break
    assert [(k.seat, k.place) for k in out] == [(1, 4), (2, 3)]
    assert trial.places == [2, 1] and trial.place_of(1) == 4


def test_knocked_out_by_names_the_seat_that_won_the_chips() -> None:
    sng = SitAndGo.create(SitAndGoConfig(), NAMES)
    hand, _ = sng.start_hand(random.Random(11))
    while not hand.finished:
        hand.apply(Action(hand.to_act, ActionKind.FOLD))  # type: ignore[arg-type]
    big_blind = next(e.seat for e in hand.events
                     if isinstance(e, BlindPosted) and e.kind is BlindKind.BIG)
    loser = next(s for s in range(4) if s != big_blind)
    assert knocked_out_by(hand, loser) == big_blind
    assert knocked_out_by(hand, big_blind) is None  # nobody else won anything


def test_a_sit_and_go_is_a_freeze_out_no_rebuy_top_up_or_auto_rebuy() -> None:
    sng = SitAndGo.create(SitAndGoConfig(), NAMES)
    table = sng.table
    assert not table.can_add_chips()
    with pytest.raises(TableError, match="No rebuys or top-ups in a freeze-out"):
        table.add_chips(0, 100)
    with pytest.raises(TableError, match="No rebuys or top-ups"):
        table.top_up(1)
    for seat in table.seats:  # even a seat flagged to rebuy by itself gets nothing
        assert seat is not None
        seat.auto_rebuy = True
    rng = random.Random(5)
    while not sng.finished:
        _all_in_preflop(sng, rng)
        assert table.chips_on_table() == sng.total_chips == table.bought_in
    assert sorted(sng.places) == [0, 1, 2, 3]


def test_a_sit_and_go_table_saved_without_the_freeze_out_flag_is_one() -> None:
    sng = SitAndGo.create(SitAndGoConfig(), NAMES)
    old = replace(sng.table.config, rebuys=True)  # as a save from before the flag reads
    sng.table.config = old
    restored = SitAndGo(sng.config, sng.table)
    assert not restored.table.can_add_chips()
