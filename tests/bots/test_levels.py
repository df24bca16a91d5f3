"""Strength levels: a plain name is level 3 card for card, a level never changes who a bot
is, the levels are parsed strictly, and the top level's reads bend play the right way."""

from __future__ import annotations

import json
import random

import pytest

from bots.api import PERSONALITIES, create_bot, parse_kind
from bots.exploit import NONE, adjustments
from bots.levels import LEVEL_NAMES, LEVELS, level, split_kind, with_level
from bots.policy import PersonalityBot
from bots.reading import OpponentModel, SeatStats
from bots.sim import answer
from engine.actions import ActionKind
from engine.state import HandState
from engine.view import view_of
from tests.bots.helpers import never_folds_free_and_legal, play_hand, random_config


def test_plain_name_plays_exactly_as_level_three() -> None:
    plain = answer(json.dumps({"hands": 120, "seed": 5,
                               "seats": ["shark", "maniac", "station", "rock"]}))
    three = answer(json.dumps({"hands": 120, "seed": 5,
                               "seats": ["shark@3", "maniac@3", "station@3", "rock@3"]}))
    for key in ("bb_per_100", "ci95", "vpip", "pfr", "chat_lines", "distinct_chat_lines"):
        assert plain[key] == three[key]


def test_level_three_is_the_identity_of_every_knob() -> None:
    regular = level(3)
    assert (regular.samples, regular.misjudge, regular.position, regular.bluff,
            regular.tilt, regular.steal) == (1.0, 0.0, 1.0, 1.0, 1.0, 1.0)
    assert (regular.sticky, regular.chase, regular.exploit, regular.defend) == (0, 0, 0, 0)
    assert regular.reads is None  # as the personality says


@pytest.mark.parametrize("kind", PERSONALITIES)
def test_a_level_keeps_who_the_bot_is(kind: str) -> None:
    plain = create_bot(kind, random.Random(1))
    for number in range(1, 6):
        bot = create_bot(f"{kind}@{number}", random.Random(1))
        assert isinstance(bot, PersonalityBot)
        assert (bot.name, bot.kind, bot.voice) == (plain.name, plain.kind, plain.voice)
        assert bot.level.number == number


def test_levels_are_named_and_ordered() -> None:
    assert LEVEL_NAMES == ("Beginner", "Casual", "Regular", "Strong", "Shark")
    assert [lv.number for lv in LEVELS] == [1, 2, 3, 4, 5]
    assert [lv.misjudge for lv in LEVELS] == sorted((lv.misjudge for lv in LEVELS), reverse=True)
    assert [lv.exploit for lv in LEVELS] == sorted(lv.exploit for lv in LEVELS)


@pytest.mark.parametrize(("spec", "phrase"), [
    ("shark@6", "must be 1 to 5"), ("shark@0", "must be 1 to 5"), ("shark@", "must be 1 to 5"),
    ("shark@x", "must be 1 to 5"), ("random@2", "only the personalities"),
    ("dragon@3", "Unknown bot kind 'dragon'"),
])
def test_a_bad_level_is_refused_with_a_sentence(spec: str, phrase: str) -> None:
    with pytest.raises(ValueError, match=phrase):
        parse_kind(spec)
    out = answer(json.dumps({"hands": 10, "seats": [spec, "rock"]}))
    assert phrase in out["error"]["message"]


def test_seat_specs_round_trip() -> None:
    assert split_kind("maniac") == ("maniac", 3)
    assert split_kind("maniac@1") == ("maniac", 1)
    assert with_level("maniac", 3) == "maniac"
    assert with_level("maniac", 5) == "maniac@5"
    assert parse_kind("honest") == ("honest", 3)


@pytest.mark.parametrize("number", [1, 2, 4, 5])
def test_every_level_plays_only_legal_actions(number: int) -> None:
    rng = random.Random(f"levels:{number}")
    for hand in range(40):
        config = random_config(rng)
        kinds = [f"{PERSONALITIES[(hand + s) % 4]}@{number}" for s in range(len(config.stacks))]
        bots = [create_bot(k, random.Random(hand * 7 + i), think=False)
                for i, k in enumerate(kinds)]
        play_hand(HandState.deal(config, rng=rng), bots, never_folds_free_and_legal)


def _flop_bets(kind: str) -> set[int]:
    """The bets ``kind`` makes first to act on the flop with aces, into a pot of 20."""
    from tests.engine.util import act, deal

    bets = set()
    for seed in range(80):
        state = act(deal([1000, 1000], button=0, holes={0: "7c2d", 1: "AhAs"}), "call", "check")
        bot = create_bot(kind, random.Random(seed), think=False)
        action = bot.decide(view_of(state, 1))
        if action.kind is ActionKind.BET and action.to is not None:
            bets.add(action.to)
    return bets


def test_a_beginner_sizes_bets_outside_its_personality() -> None:
    """The rock's own sizes are a third and a half of the pot; a beginner rock also bets
    the whole pot, whatever it holds."""
    assert max(_flop_bets("rock")) <= 10
    assert max(_flop_bets("rock@1")) >= 20


def _model(**counts: int) -> OpponentModel:
    model = OpponentModel()
    model.seats[1] = SeatStats(**counts)
    return model


def test_reads_bluff_less_and_value_bet_thinner_into_a_calling_station() -> None:
    station = _model(hands=200, vpip=120, pfr=6, faced=100, folded=20, saw_flop=110,
                     showdowns=70, pre_faced=50, pre_folded=10)
    adj = adjustments(station, [1], 1.0)
    assert adj.bluff < 0.5 and adj.value > 0 and adj.size_up and adj.steal < 1


def test_reads_bluff_and_steal_more_against_an_over_folder() -> None:
    folder = _model(hands=200, vpip=30, pfr=16, faced=100, folded=70, saw_flop=40,
                    showdowns=8, pre_faced=120, pre_folded=100)
    adj = adjustments(folder, [1], 1.0)
    assert adj.bluff > 1.5 and adj.steal > 1.2 and adj.value == 0


def test_reads_call_tighter_against_a_player_who_never_bluffs_and_trap_a_bluffer() -> None:
    honest = _model(hands=200, vpip=40, pfr=20, saw_flop=60, showdowns=30,
                    bet_showdowns=25, bluffs_shown=0)
    bluffer = _model(hands=200, vpip=120, pfr=90, saw_flop=60, showdowns=30,
                     bet_showdowns=25, bluffs_shown=12)
    assert adjustments(honest, [1], 1.0).call < 0 == adjustments(bluffer, [1], 1.0).call
    assert adjustments(bluffer, [1], 1.0).trap > 0 == adjustments(honest, [1], 1.0).trap
    assert adjustments(bluffer, [1], 1.0).defend > 1.2  # re-raise a raiser who raises often


def test_reads_wait_for_evidence_and_only_the_top_level_bends() -> None:
    assert adjustments(OpponentModel(), [1], 1.0) == NONE
    folder = _model(hands=200, faced=100, folded=70)
    assert adjustments(folder, [1], 0.0) == NONE
    few = _model(hands=6, faced=5, folded=5)
    assert 1.0 < adjustments(few, [1], 1.0).bluff < adjustments(folder, [1], 1.0).bluff


def test_the_model_counts_showdowns_and_bluffs_shown_from_public_events() -> None:
    """A river bet shown down with seven high is a bluff shown; the shark saw it."""
    from tests.engine.util import act, deal

    state = deal([1000, 1000], button=0, holes={0: "7c2d", 1: "AhKh"}, board="Qs Jd 4c 9h 3s")
    act(state, "call", "check", "check", "check", "check", "check",
        "check", "bet 10", "call")  # the river: seat 0 bets seven high, seat 1 calls
    assert state.finished
    model = OpponentModel()
    model.observe(view_of(state, 1))
    seen = model.seats[0]
    assert (seen.saw_flop, seen.showdowns, seen.bet_showdowns, seen.bluffs_shown) == (1, 1, 1, 1)


def test_duplicate_dealing_cancels_the_cards_luck_between_equal_bots() -> None:
    """Two callbots hold each deck's hands from both seats in turn: exactly even."""
    dealt = answer(json.dumps({"hands": 200, "seed": 3, "seats": ["callbot", "callbot"],
                               "duplicate": True, "chatter": False}))
    assert dealt["bb_per_100"] == {"0": 0.0, "1": 0.0}
    plain = answer(json.dumps({"hands": 200, "seed": 3, "seats": ["callbot", "callbot"],
                               "chatter": False}))
    assert plain["bb_per_100"]["0"] != 0.0
    odd = answer(json.dumps({"hands": 201, "seats": ["callbot", "rock"], "duplicate": True}))
    assert "multiple of the 2" in odd["error"]["message"]


def test_the_model_counts_folds_to_a_re_raise() -> None:
    """Seat 0 opens, seat 1 re-raises and seat 0 folds: a fold to a re-raise (and to the
    first raise it answered); seat 1 re-raised the raise it answered, and was never
    re-raised itself."""
    from tests.engine.util import act, deal

    state = act(deal([1000, 1000], button=0, holes={0: "7c2d", 1: "AhAs"}),
                "raise 30", "raise 100", "fold")
    model = OpponentModel()
    model.observe(view_of(state, 1))
    opener = model.seats[0]
    assert (opener.reraised, opener.reraise_folded) == (1, 1)
    assert model.fold_to_reraise(0) > 0.5  # prior 0.5, one fold seen
    other = OpponentModel()
    other.observe(view_of(state, 0))
    seen = other.seats[1]
    assert (seen.pre_faced, seen.pre_reraised, seen.reraised) == (1, 1, 0)
    called = act(deal([1000, 1000], button=0, holes={0: "7c2d", 1: "AhAs"}),
                 "raise 30", "raise 100", "call")
    model.observe(view_of(called, 1))
    assert (model.seats[0].reraised, model.seats[0].reraise_folded) == (2, 1)
    # Only an opening raise counts: the re-raiser folding to a fourth bet does not.
    four = act(deal([1000, 1000], button=0, holes={0: "AhAs", 1: "7c2d"}),
               "raise 30", "raise 100", "raise 250", "fold")
    other.observe(view_of(four, 0))
    assert (other.seats[1].reraised, other.seats[1].reraise_folded) == (0, 0)


def test_reads_re_raise_light_against_a_raiser_who_folds_to_re_raises() -> None:
    folds = _model(hands=300, pfr=150, reraised=60, reraise_folded=48)
    sticks = _model(hands=300, pfr=150, reraised=60, reraise_folded=20)
    assert adjustments(folds, [1], 1.0).rebluff > 0.3
    assert adjustments(sticks, [1], 1.0).rebluff == 0
    assert adjustments(folds, [1], 0.0) == NONE


def _big_blind_re_raises(number: int, model: OpponentModel) -> int:
    """Times in 200 that the big blind re-raises an open holding 7-2 offsuit."""
    from tests.engine.util import act, deal

    count = 0
    for seed in range(200):
        state = act(deal([1000, 1000], button=0, holes={0: "AhKd", 1: "7c2d"}), "raise 30")
        bot = create_bot(f"shark@{number}", random.Random(seed), think=False)
        assert isinstance(bot, PersonalityBot)
        bot.model = model
        count += bot.decide(view_of(state, 1)).kind is ActionKind.RAISE
    return count


def test_the_top_level_re_raises_a_raiser_who_folds_to_re_raises_with_any_hand() -> None:
    """7-2 offsuit folds to an open, except that level 5 re-raises it, now and then,
    against an opener seen folding to most re-raises (and never against one who calls)."""
    folds, sticks = OpponentModel(), OpponentModel()  # of seat 0, the opener
    folds.seats[0] = SeatStats(hands=300, vpip=200, pfr=150, reraised=60, reraise_folded=42)
    sticks.seats[0] = SeatStats(hands=300, vpip=200, pfr=150, reraised=60, reraise_folded=20)
    assert _big_blind_re_raises(4, folds) == 0
    assert _big_blind_re_raises(5, sticks) == 0
    assert 40 < _big_blind_re_raises(5, folds) < 190


def _opener_stands(number: int, model: OpponentModel) -> int:
    """Times in 200 that the button, having opened 8-6 suited, calls or re-raises the big
    blind's re-raise."""
    from tests.engine.util import act, deal

    count = 0
    for seed in range(200):
        state = act(deal([1000, 1000], button=0, holes={0: "8h6h", 1: "AhKd"}),
                    "raise 30", "raise 100")
        bot = create_bot(f"shark@{number}", random.Random(seed), think=False)
        assert isinstance(bot, PersonalityBot)
        bot.model = model
        count += bot.decide(view_of(state, 0)).kind is not ActionKind.FOLD
    return count


def test_the_top_level_stands_up_to_a_player_who_re_raises_too_often() -> None:
    """8-6 suited mostly folds to a re-raise; level 5 keeps it against a player seen
    re-raising a third of the raises he answers (not against one who rarely does)."""
    wild, tight = OpponentModel(), OpponentModel()  # of seat 1, the re-raiser
    wild.seats[1] = SeatStats(hands=300, vpip=220, pfr=180, pre_faced=150, pre_reraised=50)
    tight.seats[1] = SeatStats(hands=300, vpip=90, pfr=40, pre_faced=150, pre_reraised=12)
    assert adjustments(wild, [1], 1.0).stand > 1.5 > 1.0 == adjustments(tight, [1], 1.0).stand
    assert _opener_stands(4, wild) < 40 and _opener_stands(5, tight) < 20
    assert _opener_stands(5, wild) > 100
