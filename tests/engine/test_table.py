"""Cash-game table life: buy-ins, rebuys, sitting out, waiting for the big blind."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action, ActionKind
from engine.state import HandState
from engine.table import (
    BLIND_LEVELS,
    ChipsAdded,
    PlayerBusted,
    PlayerLeft,
    SitOutOver,
    Table,
    TableConfig,
    TableError,
)
from tests.engine.util import stacked_deck


def table_with(stacks: dict[int, int], seats: int = 4, **options: object) -> Table:
    table = Table(TableConfig(seats=seats, **options))  # type: ignore[arg-type]
    for seat, chips in stacks.items():
        table.sit(seat, f"P{seat}", chips)
    return table


def fold_around(hand: HandState) -> None:
    """Everyone folds to the big blind."""
    while (legal := hand.legal()) is not None:
        hand.apply(Action(legal.seat, ActionKind.CHECK if legal.check else ActionKind.FOLD))


def play_hand(table: Table, rng: random.Random, play=fold_around) -> HandState:  # type: ignore[no-untyped-def]
    hand = table.start_hand(rng)
    play(hand)
    table.end_hand()
    return hand


def test_five_blind_levels_with_buy_ins_of_20_to_100_big_blinds() -> None:
    assert BLIND_LEVELS == ((5, 10), (10, 20), (25, 50), (50, 100), (100, 200))
    cfg = TableConfig.level(3)
    assert (cfg.small_blind, cfg.big_blind, cfg.min_buy_in, cfg.max_buy_in) == (25, 50, 1000,
                                                                                  5000)
    with pytest.raises(TableError, match="Blind levels go from 1 to 5"):
        TableConfig.level(6)


def test_buy_in_outside_limits_is_refused() -> None:
    table = Table(TableConfig())
    with pytest.raises(TableError, match="minimum is 200"):
        table.sit(0, "Ann", 199)
    with pytest.raises(TableError, match="maximum is 1,000"):
        table.sit(0, "Ann", 1001)
    table.sit(0, "Ann", 200)
    with pytest.raises(TableError, match="Seat 1 is taken"):
        table.sit(0, "Bob", 500)


def test_button_rotates_clockwise_skipping_empty_seats() -> None:
    table = table_with({0: 1000, 2: 1000, 3: 1000})
    rng = random.Random(1)
    buttons = []
    for _ in range(4):
        buttons.append(play_hand(table, rng).config.button)
    assert buttons == [0, 2, 3, 0]


def test_heads_up_table_alternates_the_button_which_posts_the_small_blind() -> None:
    table = table_with({1: 1000, 3: 1000})
    rng = random.Random(2)
    hands = [play_hand(table, rng) for _ in range(3)]
    assert [h.config.button for h in hands] == [1, 3, 1]
    assert all(h.small_blind_seat == h.config.button for h in hands)


def test_rebuy_and_top_up_only_between_hands() -> None:
    table = table_with({0: 500, 1: 1000})
    table.start_hand(random.Random(3))
    with pytest.raises(TableError, match="wait until this hand is over"):
        table.add_chips(0, 100)
    assert table.hand is not None
    fold_around(table.hand)
    table.end_hand()
    added = table.top_up(0)
    assert added.stack == 1000 and table.seat(0).stack == 1000
    with pytest.raises(TableError, match="already have the maximum"):
        table.top_up(0)


def test_bust_out_must_rebuy_or_leave_and_is_not_dealt_meanwhile() -> None:
    table = table_with({0: 200, 1: 1000, 2: 1000})
    rng = random.Random(4)
    # Button 0; seat 0 shoves 7-2 and both blinds call with aces and kings.
    deck = stacked_deck(3, 0, {0: "2c7d", 1: "AsAd", 2: "KsKd"}, "3h 8h 9c Td 4s")
    hand = table.start_hand(rng, deck=deck)
    hand.apply(Action(0, ActionKind.ALLIN))
    hand.apply(Action(1, ActionKind.CALL))
    hand.apply(Action(2, ActionKind.CALL))
    while (legal := hand.legal()) is not None:
        hand.apply(Action(legal.seat, ActionKind.CHECK))
    assert table.end_hand() == [PlayerBusted(0)]
    hand = table.start_hand(rng)
    assert not hand.config.players[0]
    fold_around(hand)
    table.end_hand()
    table.add_chips(0, 400)
    assert table.start_hand(rng).config.players[0]


def test_auto_rebuy_tops_up_to_the_maximum_below_20_big_blinds() -> None:
    table = Table(TableConfig())
    table.sit(0, "Ann", 200, auto_rebuy=True)
    table.sit(1, "Bob", 1000)
    hand = table.start_hand(random.Random(5))
    fold_around(hand)  # Ann, the button and small blind, folds: 195 < 200
    assert table.end_hand() == [ChipsAdded(0, 805, 1000, automatic=True)]


def test_sitting_out_player_is_not_dealt_and_its_time_is_up_after_three_hands() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000})
    table.sit_out(2)
    rng = random.Random(6)
    over = []
    for _ in range(3):
        hand = table.start_hand(rng)
        assert not hand.config.players[2]
        fold_around(hand)
        over += [e for e in table.end_hand() if isinstance(e, SitOutOver)]
    assert over == [SitOutOver(2, 3)]
    assert table.seat(2).stack == 1000  # whoever runs the table stands the seat up
    table.leave(2, reason="sat out too long")
    assert table.seats[2] is None and table.cashed_out == 1000


def test_new_player_waits_for_the_big_blind() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000})
    rng = random.Random(7)
    play_hand(table, rng)  # button 0: blinds 1 and 2
    table.sit(3, "Newcomer", 1000)
    dealt = []
    for _ in range(4):
        hand = table.start_hand(rng)
        dealt.append((hand.config.button, hand.config.players[3], hand.big_blind_seat))
        fold_around(hand)
        table.end_hand()
    # Button 1: blinds 2 and 3 -> the newcomer joins posting the big blind at once.
    assert dealt[0] == (1, True, 3)
    assert all(players for _, players, _ in dealt)


def test_returning_player_waits_until_the_big_blind_reaches_them() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000})
    rng = random.Random(8)
    table.sit_out(1)
    play_hand(table, rng)  # button 0
    table.sit_in(1)
    seen = []
    for _ in range(4):
        hand = table.start_hand(rng)
        seen.append((hand.config.button, hand.config.players[1], hand.big_blind_seat))
        fold_around(hand)
        table.end_hand()
    first_dealt = next(k for k, (_, dealt, _) in enumerate(seen) if dealt)
    assert seen[first_dealt][2] == 1  # dealt in first as the big blind
    assert all(not dealt for _, dealt, _ in seen[:first_dealt])


def test_post_now_deals_a_waiting_player_the_next_hand_for_a_live_big_blind() -> None:
    from engine.events import BlindKind, BlindPosted

    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000, 4: 1000}, seats=5)
    rng = random.Random(8)
    table.sit_out(1)
    play_hand(table, rng)  # button 0
    play_hand(table, rng)  # button 2: the next hand puts seat 1 under the gun
    table.sit_in(1)
    assert table.seat(1).waiting_for_big_blind
    with pytest.raises(TableError, match="not waiting"):
        table.post_now(2)
    table.post_now(1)
    hand = table.start_hand(rng)  # not its big blind: seat 1 posts one out of turn
    assert hand.config.players[1] and hand.big_blind_seat != 1
    assert hand.config.button == 3
    posts = [e for e in hand.events if isinstance(e, BlindPosted) and e.seat == 1]
    assert [(e.kind, e.amount) for e in posts] == [(BlindKind.BIG, 10)]
    assert not table.seat(1).waiting_for_big_blind and not table.seat(1).posting
    while (legal := hand.legal()) is not None:  # a live blind: it may check its option
        if legal.seat == 1:
            assert legal.check
        hand.apply(Action(legal.seat, ActionKind.CHECK if legal.check else ActionKind.CALL))
    table.end_hand()
    assert table.chips_on_table() == 5000


def test_leaving_mid_hand_is_refused_while_still_in_it() -> None:
    table = table_with({0: 1000, 1: 1000})
    table.start_hand(random.Random(9))
    with pytest.raises(TableError, match="when this hand is over"):
        table.leave(0)


def test_chips_are_conserved_with_rebuys_cash_outs_and_rake() -> None:
    from fractions import Fraction

    table = Table(TableConfig(rake_percent=Fraction(5), rake_cap=15))
    for seat in range(4):
        table.sit(seat, f"P{seat}", 200 + 200 * seat, auto_rebuy=seat % 2 == 0)
    rng = random.Random(10)
    for k in range(300):
        hand = table.start_hand(rng)
        while (legal := hand.legal()) is not None:
            options = [Action(legal.seat, ActionKind.FOLD), Action(legal.seat, ActionKind.ALLIN)]
            if legal.call is not None:
                options.append(Action(legal.seat, ActionKind.CALL))
            if legal.check:
                options.append(Action(legal.seat, ActionKind.CHECK))
            hand.apply(rng.choice([o for o in options if hand.can(o)]))
        for event in table.end_hand():
            if isinstance(event, PlayerBusted):
                table.add_chips(event.seat, 300)
        if k == 150:
            table.leave(3)
            table.sit(3, "Late", 500)
        assert table.chips_on_table() + table.cashed_out + table.rake == table.bought_in
    assert table.rake > 0


def test_leaving_after_folding_takes_what_is_behind_and_invents_no_chips() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000})
    hand = table.start_hand(random.Random(11))  # button 0; blinds 1 and 2; seat 0 first
    hand.apply(Action(0, ActionKind.RAISE, 100))
    hand.apply(Action(1, ActionKind.FOLD))  # the small blind folds its 5
    assert table.leave(1) == PlayerLeft(1, "P1", 995, "left")
    assert table.chips_on_table() + table.cashed_out == table.bought_in
    with pytest.raises(TableError, match="Seat 2 is free after this hand"):
        table.sit(1, "Newcomer", 500)  # its chips are still being played out
    table.sit(3, "Newcomer", 500)  # an empty seat can be taken mid-hand
    assert table.chips_on_table() + table.cashed_out == table.bought_in
    hand.apply(Action(2, ActionKind.CALL))
    while (legal := hand.legal()) is not None:
        hand.apply(Action(legal.seat, ActionKind.CHECK))
    table.end_hand()
    assert table.chips_on_table() + table.cashed_out == table.bought_in
    assert table.seats[1] is None and table.seat(3).stack == 500



def test_post_now_is_refused_where_the_seat_would_be_the_button_or_the_small_blind() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000, 4: 1000}, seats=5)
    rng = random.Random(8)
    table.sit_out(1)
    play_hand(table, rng)  # button 0: the next button would be seat 1's
    table.sit_in(1)
    assert table.seat(1).waiting_for_big_blind and not table.can_post_now(1)
    with pytest.raises(TableError, match="on the button or in the small blind"):
        table.post_now(1)
    hand = play_hand(table, rng)  # it waits: button 2, blinds 3 and 4
    assert not hand.config.players[1] and hand.config.button == 2
    assert table.can_post_now(1)  # under the gun next: a live big blind is fine
    table.post_now(1)
    hand = play_hand(table, rng)
    assert hand.config.players[1] and 1 not in (hand.config.button, hand.small_blind_seat)


def test_a_post_asked_for_waits_when_the_seat_would_land_on_the_button() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000, 4: 1000}, seats=5)
    rng = random.Random(8)
    table.sit_out(1)
    play_hand(table, rng)  # button 0
    play_hand(table, rng)  # button 2
    table.sit_in(1)
    table.post_now(1)  # under the gun next hand: allowed
    table.button = 0  # the table moves before the deal (say the hand was replayed)
    hand = table.start_hand(rng)  # the seat would be the button: it waits instead
    assert hand.config.button == 2 and not hand.config.players[1]
