"""Every policy, in thousands of seeded situations, only ever gives legal actions."""

from __future__ import annotations

import random

import pytest

from bots.api import KINDS, PERSONALITIES, Bot, create_bot
from engine.actions import Action, ActionKind
from engine.config import HandConfig
from engine.state import HandState
from engine.view import PlayerView, view_of
from tests.bots.helpers import lineup, never_folds_free_and_legal, play_hand, random_config


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_policy_returns_only_legal_actions_and_never_folds_a_free_check(kind: str) -> None:
    # A seed fixed per kind (str hashes change between runs, so no hash()).
    rng = random.Random(f"policies:{kind}")
    decisions = 0

    def check(state: HandState, view: PlayerView, action: Action) -> None:
        nonlocal decisions
        never_folds_free_and_legal(state, view, action)
        decisions += 1

    others = [k for k in KINDS if k != kind]
    for hand in range(250):
        config = random_config(rng)
        kinds = [kind if s % 2 == 0 else rng.choice(others) for s in range(len(config.stacks))]
        state = HandState.deal(config, rng=rng)
        play_hand(state, lineup(kinds, hand), check)
    assert decisions >= 1000


def test_every_kind_is_a_bot_with_a_voice() -> None:
    for kind in KINDS:
        bot = create_bot(kind, random.Random(1))
        assert isinstance(bot, Bot)
        assert bot.kind == kind and bot.name
        assert bot.voice.rate > 0 and bot.voice.hint


def test_unknown_kind_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="shark"):
        create_bot("wizard", random.Random(1))


def test_name_can_be_chosen() -> None:
    assert create_bot("rock", random.Random(1), name="Grandpa").name == "Grandpa"


def _some_view(seed: int) -> PlayerView:
    state = HandState.deal(HandConfig(stacks=(1000,) * 4, button=0, small_blind=5,
                                      big_blind=10), rng=random.Random(seed))
    assert state.to_act is not None
    return view_of(state, state.to_act)


def test_think_time_is_zero_in_simulation_and_bounded_in_the_game() -> None:
    view = _some_view(3)
    for kind in PERSONALITIES:
        assert create_bot(kind, random.Random(1), think=False).think_seconds(view) == 0.0
        bot = create_bot(kind, random.Random(1))
        seconds = [bot.think_seconds(view) for _ in range(50)]
        assert all(0.2 <= s <= 10 for s in seconds)
        assert len(set(seconds)) > 1  # human-like means not constant


def test_same_seed_same_decisions() -> None:
    def actions(seed: int) -> list[Action]:
        rng = random.Random(seed)
        bots = lineup(list(PERSONALITIES), 7)
        seen: list[Action] = []
        for _ in range(40):
            state = HandState.deal(random_config(rng), rng=rng)
            n = len(state.stacks)
            play_hand(state, (bots * 3)[:n], lambda s, v, a: seen.append(a))
        return seen

    assert actions(5) == actions(5)


def test_callbot_only_checks_or_calls() -> None:
    rng = random.Random(2)
    for hand in range(100):
        config = random_config(rng)
        state = HandState.deal(config, rng=rng)
        bots = lineup(["callbot"] * len(config.stacks), hand)
        kinds: set[ActionKind] = set()
        play_hand(state, bots, lambda s, v, a, seen=kinds: seen.add(a.kind))
        assert kinds <= {ActionKind.CHECK, ActionKind.CALL}


def test_shark_folds_trash_under_the_gun() -> None:
    from tests.engine.util import deal

    folds = 0
    for seed in range(20):
        state = deal([1000] * 4, button=0, holes={3: "7c2d"})
        bot = create_bot("shark", random.Random(seed), think=False)
        folds += bot.decide(view_of(state, 3)).kind is ActionKind.FOLD
    assert folds == 20


def test_shark_raises_aces_first_in() -> None:
    from tests.engine.util import deal

    for seed in range(10):
        state = deal([1000] * 4, button=0, holes={3: "AhAs"})
        bot = create_bot("shark", random.Random(seed), think=False)
        assert bot.decide(view_of(state, 3)).kind in (ActionKind.RAISE, ActionKind.ALLIN)
