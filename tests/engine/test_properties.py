"""Invariants over random tables and random legal play (hypothesis)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind, IllegalAction, LegalActions
from engine.config import HandConfig, Structure
from engine.state import HandState

tables = st.builds(
    lambda n, stacks, button, bb, sb_div, ante, structure: HandConfig(
        stacks=tuple(stacks[:n]), button=button % n, small_blind=max(1, bb // sb_div),
        big_blind=bb, ante=ante, structure=structure),
    n=st.integers(2, 10),
    stacks=st.lists(st.integers(1, 5000), min_size=10, max_size=10),
    button=st.integers(0, 9),
    bb=st.sampled_from([2, 10, 20, 50, 100]),
    sb_div=st.sampled_from([1, 2, 5]),
    ante=st.sampled_from([0, 0, 1, 5]),
    structure=st.sampled_from(list(Structure)),
)


def snapshot(state: HandState) -> tuple[Any, ...]:
    return (list(state.stacks), list(state.street_bets), list(state.totals),
            list(state.folded), list(state.board), state.to_act, state.current_bet,
            state.last_full_raise, list(state.acted_level), state.street, len(state.events),
            state.finished)


def offered(legal: LegalActions) -> list[Action]:
    """Every kind of action the legal object says is allowed."""
    seat = legal.seat
    out = [Action(seat, ActionKind.FOLD)]
    if legal.check:
        out.append(Action(seat, ActionKind.CHECK))
    if legal.call is not None:
        out.append(Action(seat, ActionKind.CALL))
    if legal.allin:
        out.append(Action(seat, ActionKind.ALLIN))
    for kind, rng in ((ActionKind.BET, legal.bet), (ActionKind.RAISE, legal.raise_)):
        if rng is not None:
            out += [Action(seat, kind, rng[0]), Action(seat, kind, rng[1]),
                    Action(seat, kind, (rng[0] + rng[1]) // 2)]
    return out


def refused(legal: LegalActions, n: int) -> list[Action]:
    """Actions the legal object says are not allowed."""
    seat = legal.seat
    out = [Action((seat + 1) % n, ActionKind.FOLD)]
    if not legal.check:
        out.append(Action(seat, ActionKind.CHECK))
    if legal.call is None:
        out.append(Action(seat, ActionKind.CALL))
    if not legal.allin:
        out.append(Action(seat, ActionKind.ALLIN))
    for kind, rng in ((ActionKind.BET, legal.bet), (ActionKind.RAISE, legal.raise_)):
        if rng is None:
            out.append(Action(seat, kind, legal.all_in_to))
        else:
            out += [Action(seat, kind, rng[0] - 1), Action(seat, kind, rng[1] + 1)]
    return out


@settings(max_examples=300, deadline=None)
@given(cfg=tables, seed=st.integers(0, 2**32 - 1))
def test_random_play_conserves_chips_and_honours_legal_actions(cfg: HandConfig,
                                                                seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.deal(cfg, rng=rng)
    total = sum(cfg.stacks)
    for _ in range(500):
        if not state.finished:  # during the hand every chip is behind or in the middle
            assert sum(state.stacks) + sum(state.totals) == total
        assert min(state.stacks) >= 0
        legal = state.legal()
        if legal is None:
            break
        for action in offered(legal):
            assert state.can(action), (action, legal)
        for action in refused(legal, state.n):
            before = snapshot(state)
            try:
                state.apply(action)
            except IllegalAction as err:
                assert str(err)
            else:
                raise AssertionError(f"{action} accepted though {legal} refuses it")
            assert snapshot(state) == before
        state.apply(rng.choice(offered(legal)))
    assert state.finished
    assert sum(state.stacks) == total and min(state.stacks) >= 0
    assert sum(p.amount for p in state.pots) <= total


@settings(max_examples=100, deadline=None)
@given(cfg=tables, seed=st.integers(0, 2**32 - 1))
def test_every_hand_ends_with_at_most_five_board_cards_and_no_card_twice(
        cfg: HandConfig, seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.deal(cfg, rng=rng)
    while (legal := state.legal()) is not None:
        state.apply(rng.choice(offered(legal)))
    seen = list(state.board) + [c for h in state.hole if h for c in h]
    assert len(seen) == len(set(seen)) and len(state.board) <= 5
