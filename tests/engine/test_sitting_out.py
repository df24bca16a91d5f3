"""Sitting out (issue 42, items 2 and 3): at a cash table only the hands dealt without a
seat count towards its limit, and a seat back before it missed a hand plays on; under
tournament rules a seat sitting out is dealt in, posts its blinds and antes, checks a
free check and folds to a bet,
and is never stood up."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action, ActionKind, IllegalAction
from engine.events import ActionTaken, BlindKind, BlindPosted
from engine.table import SitOutOver, Table, TableConfig, TableError
from tests.engine.test_table import fold_around, table_with


def _play(table: Table, rng: random.Random) -> list[object]:
    hand = table.start_hand(rng)
    fold_around(hand)
    return list(table.end_hand())


def test_the_hand_being_played_when_sitting_out_is_ticked_does_not_count() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000}, sit_out_limit=2)
    rng = random.Random(1)
    hand = table.start_hand(rng)
    table.sit_out(0)  # ticked during a hand the seat is dealt in
    assert table.sit_out_hands_left(0) == 2
    fold_around(hand)
    assert not any(isinstance(e, SitOutOver) for e in table.end_hand())
    assert table.sit_out_hands_left(0) == 2  # that hand was played, not sat out
    assert not any(isinstance(e, SitOutOver) for e in _play(table, rng))
    assert table.sit_out_hands_left(0) == 1
    assert [e for e in _play(table, rng) if isinstance(e, SitOutOver)] == [SitOutOver(0, 2)]
    assert table.sit_out_hands_left(0) == 0


def test_unticking_in_the_same_hand_deals_the_next_hand_without_waiting() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000})
    rng = random.Random(2)
    _play(table, rng)
    hand = table.start_hand(rng)
    table.sit_out(1)
    table.sit_in(1)  # changed their mind before any hand was dealt without them
    assert not table.seat(1).waiting_for_big_blind
    fold_around(hand)
    table.end_hand()
    assert table.start_hand(rng).config.players[1]


def test_an_empty_seat_has_no_sitting_out_clock() -> None:
    table = table_with({0: 1000, 1: 1000})
    assert table.sit_out_hands_left(2) is None and table.sit_out_hands_left(0) is None


def test_back_after_a_missed_hand_waits_for_the_big_blind() -> None:
    table = table_with({0: 1000, 1: 1000, 2: 1000, 3: 1000})
    rng = random.Random(3)
    _play(table, rng)
    table.sit_out(1)
    _play(table, rng)
    table.sit_in(1)
    assert table.seat(1).waiting_for_big_blind


def _tournament(stacks: dict[int, int]) -> Table:
    return table_with(stacks, small_blind=10, big_blind=20, ante=5, rebuys=False,
                      blinded_away=True, min_buy_in_bb=1, max_buy_in_bb=10**9)


def test_in_a_tournament_a_seat_sitting_out_posts_its_blinds_and_antes_and_folds() -> None:
    table = _tournament({0: 1500, 1: 1500, 2: 1500, 3: 1500})
    table.sit_out(1)
    table.button = 0  # the next hand: button 1 (sitting out), blinds 2 and 3
    posted: dict[BlindKind, int] = {}
    for _ in range(4):  # once round the table: the button, both blinds and the gun
        hand = table.start_hand(random.Random(4))
        assert hand.config.players[1] and hand.config.away == (1,)
        for event in hand.events:
            if isinstance(event, BlindPosted) and event.seat == 1:
                posted[event.kind] = posted.get(event.kind, 0) + event.amount
        while (legal := hand.legal()) is not None:
            if legal.seat == 1:
                free = hand.current_bet == hand.street_bets[1]
                assert (legal.check, legal.call, legal.wager, legal.allin) == (free, None,
                                                                               None, False)
                with pytest.raises(IllegalAction, match="Sitting out this hand"):
                    hand.verify(Action(1, ActionKind.CALL))
            hand.apply(Action(legal.seat, ActionKind.CALL if legal.call and legal.seat != 1
                              else ActionKind.CHECK if legal.check else ActionKind.FOLD))
        acts = [e for e in hand.events if isinstance(e, ActionTaken) and e.seat == 1]
        assert all(e.kind in (ActionKind.FOLD, ActionKind.CHECK) for e in acts)
        assert not any(isinstance(e, SitOutOver) for e in table.end_hand())
    assert posted == {BlindKind.ANTE: 20, BlindKind.SMALL: 10, BlindKind.BIG: 20}
    assert table.chips_on_table() == 6000
    assert table.sit_out_hands_left(1) is None


def test_in_a_tournament_a_seat_sitting_out_checks_a_free_check_and_folds_to_a_bet() -> None:
    table = _tournament({0: 1500, 1: 1500, 2: 1500})
    table.sit_out(2)
    table.button = 2  # the next hand: button 0, small blind 1, big blind 2 (sitting out)
    hand = table.start_hand(random.Random(3))
    assert hand.config.away == (2,)
    hand.apply(Action(0, ActionKind.CALL))
    hand.apply(Action(1, ActionKind.CALL))  # the small blind completes
    legal = hand.legal()
    assert legal is not None and legal.seat == 2 and legal.check
    assert hand.timeout_action() == Action(2, ActionKind.CHECK)
    hand.apply(hand.timeout_action())  # the free check: the hand stays live
    assert not hand.folded[2] and hand.street.value == "flop"
    hand.apply(Action(1, ActionKind.BET, 40))
    legal = hand.legal()
    assert legal is not None and legal.seat == 2 and not legal.check
    assert hand.timeout_action() == Action(2, ActionKind.FOLD)  # folded only to a bet
    with pytest.raises(IllegalAction, match="checked or folded"):
        hand.verify(Action(2, ActionKind.CALL))


def test_in_a_tournament_nobody_waits_for_the_big_blind_or_posts_now() -> None:
    table = _tournament({0: 1500, 1: 1500, 2: 1500})
    rng = random.Random(5)
    table.sit_out(2)
    _play(table, rng)
    table.sit_in(2)
    assert not table.seat(2).waiting_for_big_blind
    with pytest.raises(TableError, match="every seat is dealt every hand"):
        table.post_now(2)
    assert table.start_hand(rng).config.away == ()


def test_a_tournament_with_everyone_but_one_sitting_out_still_deals() -> None:
    table = _tournament({0: 1500, 1: 1500})
    table.sit_out(0)
    assert table.can_deal()
    hand = table.start_hand(random.Random(6))
    assert hand.config.away == (0,)


def test_a_cash_table_deals_nobody_away() -> None:
    assert not TableConfig().blinded_away
    table = table_with({0: 1000, 1: 1000, 2: 1000})
    table.sit_out(0)
    assert table.start_hand(random.Random(7)).config.away == ()
