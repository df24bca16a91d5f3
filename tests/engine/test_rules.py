"""One test per rule of the seeds, including their worked examples."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from engine.actions import Action, ActionKind, IllegalAction
from engine.cards import cards_str
from engine.config import HandConfig, Structure
from engine.events import (
    ActionTaken,
    BlindPosted,
    HandEnded,
    HandShown,
    HandsTabled,
    HandStarted,
    HoleCardsDealt,
    Pot,
    PotAwarded,
    RakeTaken,
    StreetDealt,
    UncalledBetReturned,
)
from engine.state import HandState, Street
from tests.engine.util import act, card, deal, stacked_deck

# ------------------------------------------------------------------ dealing


def test_hole_cards_dealt_one_at_a_time_from_left_of_button() -> None:
    deck = stacked_deck(4, button=2, holes={3: "AhKd", 0: "QsQc", 1: "2c3c", 2: "7d8d"})
    state = HandState.deal(HandConfig((100,) * 4, 2, 5, 10), deck=deck)
    # Seat 3 (left of the button) gets the first and the fifth card.
    assert deck[0] == card("Ah") and deck[4] == card("Kd")
    assert state.hole[3] == (card("Ah"), card("Kd"))
    assert state.hole[2] == (card("7d"), card("8d"))


def test_heads_up_first_card_goes_to_big_blind_left_of_button() -> None:
    state = deal([100, 100], button=0, holes={1: "AhKd", 0: "QsQc"})
    assert state.big_blind_seat == 1
    assert state.hole[1] == (card("Ah"), card("Kd"))


def test_burn_one_before_flop_turn_and_river() -> None:
    deck = stacked_deck(2, 0, {}, "9c Kc 3h 5s 9d")
    state = HandState.deal(HandConfig((100, 100), 0, 5, 10), deck=deck)
    act(state, "call", "check", *["check"] * 6)
    assert cards_str(state.board) == ["9c", "Kc", "3h", "5s", "9d"]
    # 4 hole cards, burn, 3 flop, burn, turn, burn, river.
    assert [deck[5], deck[6], deck[7], deck[9], deck[11]] == state.board


def test_partial_deck_is_completed_without_repeats() -> None:
    import random

    state = HandState.deal(HandConfig((100, 100), 0, 5, 10), deck=[card("As"), card("Ks")],
                           rng=random.Random(3))
    assert len(set(state.deck)) == 52 and state.hole[1] is not None
    assert state.hole[1][0] == card("As")


# ------------------------------------------------------- blinds and order


def test_blinds_left_of_button_and_utg_acts_first() -> None:
    state = deal([100] * 4, button=1)
    assert (state.small_blind_seat, state.big_blind_seat) == (2, 3)
    assert state.street_bets == [0, 0, 5, 10]
    assert state.to_act == 0


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after() -> None:
    state = deal([100, 100], button=1)
    assert state.small_blind_seat == 1 and state.big_blind_seat == 0
    assert state.to_act == 1
    act(state, "call", "check")
    assert state.street is Street.FLOP and state.to_act == 0


def test_postflop_first_to_act_is_first_live_seat_left_of_button() -> None:
    state = deal([100] * 4, button=0)
    act(state, "call", "call", "fold", "check")  # seat 3, 0 call; SB (1) folds; BB checks
    assert state.street is Street.FLOP and state.to_act == 2


def test_big_blind_option_to_check_or_raise_after_limps() -> None:
    state = deal([100] * 3, button=0)
    act(state, "call", "call")
    legal = state.legal()
    assert legal is not None and legal.seat == 2
    assert legal.check and legal.raise_ == (20, 100)
    act(state, "check")
    assert state.street is Street.FLOP


def test_short_big_blind_posts_all_in_and_min_raise_stays_scheduled() -> None:
    state = deal([100, 100, 4], button=0)
    assert state.street_bets == [0, 5, 4]
    assert state.stacks[2] == 0
    legal = state.legal()
    assert legal is not None and legal.seat == 0
    assert legal.call == 5  # the largest blind posted
    assert legal.raise_ == (15, 100)  # plus the scheduled big blind


def test_ante_posted_by_everyone_and_short_ante_is_all_in() -> None:
    state = deal([100, 3, 100], button=0, ante=5)
    posts = [e for e in state.events if isinstance(e, BlindPosted) and e.kind == "ante"]
    assert {(e.seat, e.amount, e.all_in) for e in posts} == {(0, 5, False), (1, 3, True),
                                                               (2, 5, False)}
    assert state.street_bets == [0, 0, 10]  # the short seat posted no small blind
    assert state.pot_total == 23


# ---------------------------------------------------- legal action matrix


def test_unopened_street_offers_check_and_bet_not_call_or_raise() -> None:
    state = act(deal([100, 100, 100]), "call", "call", "check")
    legal = state.legal()
    assert legal is not None
    assert legal.check and legal.call is None and legal.raise_ is None
    assert legal.bet == (10, 90)


def test_facing_a_bet_offers_call_and_raise_not_check_or_bet() -> None:
    state = deal([100, 100, 100])
    legal = state.legal()
    assert legal is not None
    assert not legal.check and legal.call == 10 and legal.bet is None
    assert legal.raise_ == (20, 100)


@pytest.mark.parametrize(
    ("script", "action", "message"),
    [
        ((), Action(0, ActionKind.CHECK), "You can't check: 10 to call"),
        ((), Action(0, ActionKind.BET, 50), "There's already a bet: call 10 or raise"),
        ((), Action(0, ActionKind.RAISE, 15), "Minimum raise is to 20"),
        ((), Action(0, ActionKind.RAISE, 150), "You have 100 behind: the most is 100"),
        ((), Action(0, ActionKind.RAISE), "Raise to how much?"),
        ((), Action(1, ActionKind.CALL), "It's seat 0's turn"),
        (("call", "call", "check"), Action(1, ActionKind.CALL),
         "There's nothing to call: you can check"),
        (("call", "call", "check"), Action(1, ActionKind.RAISE, 20),
         "There's no bet to raise: bet instead"),
        (("call", "call", "check"), Action(1, ActionKind.BET, 5), "Minimum bet is 10"),
    ],
)
def test_illegal_action_refused_with_a_sentence_and_state_unchanged(
        script: tuple[str, ...], action: Action, message: str) -> None:
    state = act(deal([100, 100, 100]), *script)
    before = (list(state.stacks), list(state.street_bets), state.to_act, len(state.events))
    with pytest.raises(IllegalAction, match=f"^{re.escape(message)}$"):
        state.apply(action)
    assert not state.can(action)
    assert (list(state.stacks), list(state.street_bets), state.to_act,
            len(state.events)) == before


def test_wrong_seat_message_uses_the_players_name() -> None:
    state = deal([100, 100, 100], names=("Ann", "Bob", "Cy"))
    with pytest.raises(IllegalAction, match="It's Ann's turn"):
        state.apply(Action(2, ActionKind.FOLD))


def test_fold_is_always_offered_even_when_check_is_free() -> None:
    state = act(deal([100, 100, 100]), "call", "call")
    legal = state.legal()
    assert legal is not None and legal.check and legal.fold


# ---------------------------------------------------------------- sizing


def test_minimum_bet_postflop_is_the_big_blind() -> None:
    state = act(deal([500] * 2), "call", "check")
    legal = state.legal()
    assert legal is not None and legal.bet == (10, 490)


def test_min_raise_is_the_last_raise_increment_raise_to_30_then_50() -> None:
    state = act(deal([1000] * 4), "raise 30")
    legal = state.legal()
    assert legal is not None and legal.raise_ == (50, 1000)


def test_min_raise_is_the_last_raise_increment_raise_to_25_then_40() -> None:
    state = act(deal([1000] * 4), "raise 25")
    legal = state.legal()
    assert legal is not None and legal.raise_ == (40, 1000)


def test_no_cap_on_raises_in_no_limit() -> None:
    state = act(deal([10_000] * 2), "raise 20", "raise 30", "raise 40", "raise 50", "raise 60",
                "raise 70")
    legal = state.legal()
    assert legal is not None and legal.raise_ == (80, 10_000)


def test_all_in_for_less_than_a_full_raise_does_not_reopen_for_players_who_acted() -> None:
    # Five seats, button 0: seat 3 raises to 100 (a 90 raise), seat 4 shoves 150 (a 50
    # raise, short of 90), seat 0 calls, the blinds fold. Seat 3 already acted.
    state = act(deal([1000, 1000, 1000, 1000, 150]), "raise 100", "allin", "call", "fold",
                "fold")
    legal = state.legal()
    assert legal is not None and legal.seat == 3
    assert legal.call == 50 and legal.raise_ is None and not legal.allin
    with pytest.raises(IllegalAction, match="less than a full raise"):
        state.apply(Action(3, ActionKind.RAISE, 400))


def test_incomplete_all_in_leaves_full_options_to_players_yet_to_act() -> None:
    state = act(deal([1000, 1000, 1000, 1000, 150]), "raise 100", "allin")
    legal = state.legal()
    assert legal is not None and legal.seat == 0
    # The full raise size stays 90, so the minimum is 150 + 90.
    assert legal.raise_ == (240, 1000)


def test_full_raise_by_all_in_reopens_raising() -> None:
    state = act(deal([1000, 1000, 1000, 1000, 300]), "raise 100", "allin", "call", "fold",
                "fold")
    legal = state.legal()
    assert legal is not None and legal.seat == 3 and legal.raise_ == (500, 1000)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_raising() -> None:
    # Seat 3 raises to 100; seat 4 shoves 150 (+50), seat 5 shoves 190 (+40): together a
    # 90 rise since seat 3 acted, a full raise.
    state = act(deal([1000, 1000, 1000, 1000, 150, 190]), "raise 100", "allin", "allin",
                "call", "fold", "fold")
    legal = state.legal()
    assert legal is not None and legal.seat == 3
    assert legal.call == 90 and legal.raise_ == (280, 1000)


def test_raise_refused_when_everyone_else_is_all_in() -> None:
    state = act(deal([50, 1000], button=0), "allin")
    legal = state.legal()
    assert legal is not None and legal.call == 40 and legal.raise_ is None
    with pytest.raises(IllegalAction, match="Everyone else is all in"):
        state.apply(Action(1, ActionKind.RAISE, 200))


def test_player_covered_by_the_bet_can_only_call_all_in_or_fold() -> None:
    state = act(deal([1000, 60, 1000], button=0), "raise 100")
    legal = state.legal()
    assert legal is not None and legal.seat == 1 and legal.call == 55 and legal.raise_ is None
    assert legal.allin
    act(state, "allin")
    assert state.stacks[1] == 0 and state.street_bets[1] == 60


def test_lone_player_with_chips_does_not_act_when_matched() -> None:
    # Seat 0 raises to 30; both blinds call all-in for 30: nobody is left to bet against.
    state = act(deal([1000, 30, 30]), "raise 30", "allin", "allin")
    assert state.finished and len(state.board) == 5


# ---------------------------------------------------------- structures


def test_pot_limit_max_raise_is_call_plus_pot_after_call() -> None:
    # 003: pot 10, bet 10 -> raise to 40. Here: pot 20 after preflop, bet 20 -> 80.
    state = act(deal([1000, 1000], sb=5, bb=10, structure=Structure.POT_LIMIT), "call", "check",
                "bet 20")
    legal = state.legal()
    assert legal is not None and legal.raise_ == (40, 80)
    with pytest.raises(IllegalAction, match=r"Maximum raise is to 80 \(pot limit\)"):
        state.apply(Action(legal.seat, ActionKind.RAISE, 90))


def test_pot_limit_all_in_above_the_pot_is_refused() -> None:
    state = deal([1000, 1000], structure=Structure.POT_LIMIT)
    legal = state.legal()
    assert legal is not None and legal.raise_ == (20, 30) and not legal.allin


def test_fixed_limit_small_bet_then_big_bet_and_four_wager_cap() -> None:
    state = deal([1000] * 2, structure=Structure.FIXED_LIMIT)
    legal = state.legal()
    assert legal is not None and legal.raise_ == (20, 20)
    act(state, "raise 20", "raise 30", "raise 40")  # bb + 3 raises = 4 wagers
    legal = state.legal()
    assert legal is not None and legal.raise_ is None and legal.call == 10
    act(state, "call", "check", "check", "check")
    assert state.street is Street.TURN
    legal = state.legal()
    assert legal is not None and legal.bet == (20, 20)


# ---------------------------------------------------- refunds and pots


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    state = act(deal([1000] * 3, button=0), "raise 300", "fold", "fold")
    assert state.finished
    assert UncalledBetReturned(0, 290) in state.events
    assert state.stacks == [1015, 995, 990]


def test_uncalled_part_of_an_all_in_overbet_is_returned() -> None:
    state = act(deal([200, 1000]), "call", "allin", "call")
    assert UncalledBetReturned(1, 800) in state.events
    assert sum(state.stacks) == 1200 and state.pots == [Pot(400, (0, 1))]


def test_side_pots_three_players_001_example() -> None:
    # A (50) all in; B (150) calls 50 then bets 100 more; C (200) calls 150 in all:
    # main pot 150 for A, B, C; side pot 200 for B and C. D on the button folds.
    state = deal([50, 150, 200, 1000], button=3, sb=1, bb=2,
                 holes={0: "AsAd", 1: "KsKd", 2: "QsQd"}, board="7h 8h 9c Jd 4s")
    act(state, "call", "fold", "allin", "call", "call")  # C, D, A, B, C in turn
    assert state.street is Street.FLOP
    act(state, "bet 100", "call")
    assert state.finished
    assert state.pots == [Pot(150, (0, 1, 2)), Pot(200, (1, 2))]
    assert state.stacks == [150, 200, 50, 1000]  # aces win the main, kings the side


def test_side_pots_four_players_001_example() -> None:
    # A 25, B 50, C 75 all in, D (100) calls 75: main 100, side 75, side 50; D keeps 25.
    state = deal([100, 25, 50, 75], button=0, sb=1, bb=2,
                 holes={1: "AsAd", 2: "KsKd", 3: "QsQd", 0: "JsJd"}, board="2h 5h 9c Td 4s")
    act(state, "allin", "call", "allin", "allin")  # C shoves, D calls, A and B call short
    assert state.finished
    assert state.pots == [Pot(100, (0, 1, 2, 3)), Pot(75, (0, 2, 3)), Pot(50, (0, 3))]
    assert state.stacks == [25, 100, 75, 50]


def test_side_pot_003_example_across_streets() -> None:
    # P1 10, P2 30, P3 100; 5 each preflop (main 15); flop P1 all in for 5, called twice
    # (main 30); turn P2 all in for 20, called: side pot 40 for P2 and P3.
    state = deal([100, 10, 30], button=0, sb=5, bb=5,
                 holes={1: "2c7d", 2: "AsAd", 0: "KsKd"}, board="3h 8h 9c Td 4s")
    act(state, "call", "check", "check")
    assert state.street is Street.FLOP and state.pot_total == 15
    act(state, "allin", "call", "call")
    assert state.pot_total == 30
    act(state, "allin", "call")
    assert state.pots == [Pot(30, (0, 1, 2)), Pot(40, (0, 2))]
    assert state.stacks == [70, 0, 70]  # aces take both pots


def test_folded_chips_fund_pots_but_win_nothing() -> None:
    # Seat 0 raises to 200, seat 1 calls, seat 2 calls all in for 100; on the flop seat 1
    # bets 300 and seat 0 folds: its 200 stays in and goes to seat 1's side pot.
    state = deal([1000, 1000, 100], holes={1: "AsAd", 2: "KsKd", 0: "QsQd"},
                 board="2h 5h 9c Td 4s")
    act(state, "raise 200", "call", "allin", "bet 300", "fold")
    assert state.finished
    assert UncalledBetReturned(1, 300) in state.events
    assert state.pots == [Pot(300, (1, 2)), Pot(200, (1,))]
    assert state.stacks == [800, 1300, 0]


def test_split_pot_odd_chip_to_first_winner_clockwise_from_button() -> None:
    # The small blind folds: 25 chips split between seats 0 and 2, who both play the
    # board. Clockwise from the button (0) seat 2 comes first and gets the odd chip.
    state = deal([100, 100, 100], holes={0: "2c3d", 2: "2d3c"}, board="As Ks Qs Js 9d")
    act(state, "call", "fold", "check", *["check"] * 6)
    award = next(e for e in state.events if isinstance(e, PotAwarded))
    assert award.amount == 25 and award.shares == ((2, 13), (0, 12))
    assert state.stacks == [102, 95, 103]


def test_three_way_split_gives_odd_chips_one_each_in_clockwise_order() -> None:
    from engine.pots import split

    assert split(23, [0, 1, 3], button=3, n=4) == [(0, 8), (1, 8), (3, 7)]
    assert split(23, [0, 1, 3], button=0, n=4) == [(1, 8), (3, 8), (0, 7)]


# ------------------------------------------------------------- showdown


def _showdown_hand_004() -> HandState:
    # 004 sample showdown: board 4c Ks 4h 8s 7s; Bob Ac 4d, Carol As 9s, Ted Kh Kd,
    # Alice 5d 6d. Everyone checks it down.
    state = deal([100] * 4, button=0, holes={1: "Ac4d", 2: "As9s", 3: "KhKd", 0: "5d6d"},
                 board="4c Ks 4h 8s 7s", names=("Alice", "Bob", "Carol", "Ted"))
    return act(state, "call", "call", "call", "check", *["check"] * 12)


def test_004_sample_showdown_full_house_wins() -> None:
    state = _showdown_hand_004()
    hands = {e.seat: e for e in state.showdown}
    assert hands[1].hand.description == "Three of a Kind, Fours"
    assert hands[2].hand.category == "Flush"
    assert hands[3].hand.description == "Full House, Kings full of Fours"
    assert hands[0].hand.category == "Straight"
    assert state.stacks == [90, 90, 90, 130]


def test_showdown_order_starts_left_of_button_when_river_checked() -> None:
    state = _showdown_hand_004()
    assert [e.seat for e in state.showdown] == [1, 2, 3, 0]


def test_showdown_order_starts_with_the_last_river_aggressor() -> None:
    state = deal([100] * 3, button=0, holes={1: "AsAd", 2: "KsKd", 0: "QsQd"},
                 board="2h 5h 9c Td 4s")
    act(state, "call", "call", "check", *["check"] * 6, "check", "bet 20", "call", "call")
    assert [e.seat for e in state.showdown] == [2, 0, 1]


def test_004_kicker_example_splits_the_pot() -> None:
    # Board 8s Qc 8h 4c As: Bob Kh Qs and Carol Qh Td both play Queens and Eights with the
    # board's Ace; Alice Jc 2c and Ted Tc 9c miss their flush.
    state = deal([100] * 4, button=0, holes={1: "KhQs", 2: "QhTd", 3: "Tc9c", 0: "Jc2c"},
                 board="8s Qc 8h 4c As")
    act(state, "call", "call", "call", "check", *["check"] * 12)
    assert state.stacks == [90, 110, 110, 90]
    hands = {e.seat: e.hand for e in state.showdown}
    assert hands[1].value == hands[2].value
    assert hands[1].description == "Two Pair, Queens and Eights, Ace kicker"


def test_004_complete_sample_hand() -> None:
    # Alice deals; Bob 1, Carol 2 blinds. Ted folds, Alice calls, Bob calls, Carol checks.
    # Flop 9c Kc 3h: Bob checks, Carol bets 2, Alice raises to 4, Bob calls, Carol calls.
    # Turn 5s checked around. River 9d: Bob bets 4, Carol calls, Alice folds.
    # Bob's trip nines beat Carol's kings and nines: Bob wins the 26 pot.
    state = deal([100] * 4, button=0, sb=1, bb=2,
                 holes={1: "Qs9h", 2: "KsJh", 0: "Ac7c", 3: "2d7h"}, board="9c Kc 3h 5s 9d",
                 names=("Alice", "Bob", "Carol", "Ted"))
    act(state, "fold", "call", "call", "check")
    assert state.pot_total == 6
    act(state, "check", "bet 2", "raise 4", "call", "call")
    assert state.pot_total == 18
    act(state, "check", "check", "check")
    act(state, "bet 4", "call", "fold")
    award = next(e for e in state.events if isinstance(e, PotAwarded))
    assert award.amount == 26 and award.shares == ((1, 26),)
    shown = {e.seat: e.hand.description for e in state.showdown}
    assert shown == {1: "Three of a Kind, Nines", 2: "Two Pair, Kings and Nines, Jack kicker"}
    assert [e.seat for e in state.showdown] == [1, 2]  # Bob bet the river: he shows first
    assert state.stacks == [94, 116, 90, 100]


def test_all_in_preflop_runs_the_board_out_to_showdown() -> None:
    state = act(deal([100, 100], holes={1: "AsAd", 0: "KsKd"}, board="2h 5h 9c Td 4s"),
                "allin", "call")
    assert state.finished and len(state.board) == 5
    streets = [e.street for e in state.events if isinstance(e, StreetDealt)]
    assert streets == [Street.FLOP, Street.TURN, Street.RIVER]
    assert state.stacks == [0, 200]


def test_muck_option_hides_losing_hands_but_never_the_winner() -> None:
    state = deal([100] * 3, button=0, holes={1: "AsAd", 2: "2c7d", 0: "KsKd"},
                 board="3h 8h 9c Td 4s", muck_losers=True)
    act(state, "call", "call", "check", *["check"] * 9)
    shown = {e.seat: e.mucked for e in state.events if isinstance(e, HandShown)}
    assert shown == {1: False, 2: True, 0: True}


def test_all_in_showdown_shows_every_hand_even_with_muck_option() -> None:
    state = deal([100, 100], holes={1: "AsAd", 0: "KsKd"}, board="2h 5h 9c Td 4s",
                 muck_losers=True)
    act(state, "allin", "call")
    assert not any(e.mucked for e in state.events if isinstance(e, HandShown))


# ------------------------------------------------------------ rake, clock


def test_rake_percent_with_cap_taken_when_a_flop_is_dealt() -> None:
    state = deal([1000, 1000], rake_percent=Fraction(5), rake_cap=3,
                 holes={1: "AsAd", 0: "KsKd"}, board="2h 5h 9c Td 4s")
    act(state, "raise 40", "call", *["check"] * 6)
    assert RakeTaken(3) in state.events
    assert state.stacks == [960, 1037]


def test_no_flop_no_drop() -> None:
    state = deal([1000, 1000], rake_percent=Fraction(5), rake_cap=3)
    act(state, "raise 40", "fold")
    assert not any(isinstance(e, RakeTaken) for e in state.events)
    assert state.stacks == [1010, 990]


def test_clock_checks_when_it_can_else_folds() -> None:
    state = deal([100, 100, 100])
    assert state.timeout_action() == Action(0, ActionKind.FOLD)
    act(state, "call", "call")
    assert state.timeout_action() == Action(2, ActionKind.CHECK)


# ----------------------------------------------------------------- events


def test_events_tell_the_whole_hand_in_order() -> None:
    state = act(deal([100, 100]), "call", "check", *["check"] * 6)
    kinds = [type(e).__name__ for e in state.events]
    assert kinds[0] == "HandStarted" and kinds[-1] == "HandEnded"
    assert kinds.count("HoleCardsDealt") == 2 and kinds.count("StreetDealt") == 3
    assert kinds.count("ActionTaken") == 8
    assert isinstance(state.events[0], HandStarted)
    ended = state.events[-1]
    assert isinstance(ended, HandEnded) and ended.final_stacks == tuple(state.stacks)
    taken = [e for e in state.events if isinstance(e, ActionTaken)]
    assert taken[0] == ActionTaken(0, Street.PREFLOP, ActionKind.CALL, 10, 5, False, 20)
    assert all(isinstance(e, HoleCardsDealt) for e in state.events[3:5])


def test_apply_returns_only_the_new_events() -> None:
    state = deal([100, 100])
    events = state.apply(Action(0, ActionKind.FOLD))
    assert isinstance(events[0], ActionTaken) and isinstance(events[-1], HandEnded)
    assert not state.can(Action(1, ActionKind.CHECK))
    assert state.stacks == [95, 105]


def test_pots_mid_hand_keep_seats_that_can_still_call_eligible() -> None:
    state = act(deal([100, 100, 100]), "call")
    assert state.contested_pots() == [Pot(25, (0, 1, 2))]
    # Seat 0 shoves 30 with the blinds to act: its unmatched 20 is set aside, not a pot.
    state = act(deal([30, 100, 100]), "allin")
    assert state.contested_pots() == [Pot(25, (0, 1, 2))]
    act(state, "call", "fold")  # small blind calls 30, big blind folds: board runs out
    assert state.finished and state.pots == [Pot(70, (0, 1))]


# ------------------------------------------------------------ all-in hands face up


def _tabled_then_dealt(state: HandState) -> list[str]:
    """The order the run-out's events came in: "tabled" and each street dealt."""
    return [("tabled" if isinstance(e, HandsTabled) else e.street.value)
            for e in state.events if isinstance(e, HandsTabled | StreetDealt)]


def test_all_in_hands_are_turned_face_up_before_the_board_runs_out() -> None:
    state = deal([100, 300, 300], button=0, holes={1: "AsAd", 2: "KsKd", 0: "7c2d"},
                 board="3h 8h 9c Td 4s")
    act(state, "fold", "allin", "call")  # the small blind shoves, the big blind calls
    assert _tabled_then_dealt(state) == ["tabled", "flop", "turn", "river"]
    tabled = next(e for e in state.events if isinstance(e, HandsTabled))
    assert tabled.hands == ((1, (card("As"), card("Ad"))), (2, (card("Ks"), card("Kd"))))
    shown = [e.seat for e in state.events if isinstance(e, HandShown)]
    assert shown == [1, 2] and state.finished  # the showdown still names the hands


def test_a_side_pot_still_bet_keeps_the_hands_down_until_its_betting_closes() -> None:
    state = deal([50, 500, 500], button=0, holes={0: "AsAd", 1: "KsKd", 2: "QsQd"},
                 board="3h 8h 9c Td 4s")
    act(state, "allin", "call", "call")  # two seats with chips behind: they bet on
    assert _tabled_then_dealt(state) == ["flop"]
    act(state, "bet 100", "allin", "call")  # now nobody can bet: face up, then the rest
    assert _tabled_then_dealt(state) == ["flop", "tabled", "turn", "river"]
    tabled = next(e for e in state.events if isinstance(e, HandsTabled))
    assert [seat for seat, _ in tabled.hands] == [2, 0, 1]  # the last aggressor first


@pytest.mark.parametrize("moves", [("allin", "fold"),  # nobody calls: nothing to show
                                   ("call", *["check"] * 5, "allin", "call")])  # river
def test_nothing_is_tabled_without_a_board_to_run_out(moves: tuple[str, ...]) -> None:
    state = deal([100, 100], holes={1: "AsAd", 0: "KsKd"}, board="2h 5h 9c Td 4s")
    act(state, *moves)
    assert state.finished and not any(isinstance(e, HandsTabled) for e in state.events)
