"""Shared helpers for bot tests: seeded hands played by bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bots.api import Bot, create_bot
from engine.actions import Action, ActionKind
from engine.config import HandConfig
from engine.state import HandState
from engine.view import PlayerView, view_of


def play_hand(state: HandState, bots: Sequence[Bot],
              check: Callable[[HandState, PlayerView, Action], None] | None = None) -> None:
    """Let ``bots`` finish ``state``; ``check`` sees every decision before it is applied."""
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        action = bots[seat].decide(view)
        if check is not None:
            check(state, view, action)
        state.apply(action)
    for seat, bot in enumerate(bots):
        if state.config.players[seat]:
            bot.hand_over(view_of(state, seat))


def random_config(rng: random.Random) -> HandConfig:
    """A table of 2-6 seats with uneven (sometimes tiny) stacks and the odd sitter-out."""
    n = rng.randint(2, 6)
    bb = rng.choice([2, 10, 20])
    sb = rng.choice([1, bb // 2])
    stacks = [rng.choice([rng.randint(1, 3 * bb), rng.randint(20 * bb, 200 * bb)])
              for _ in range(n)]
    dealt = [True] * n
    if n > 3 and rng.random() < 0.3:
        dealt[rng.randrange(n)] = False
    players = [s for s in range(n) if dealt[s]]
    return HandConfig(stacks=tuple(stacks), button=rng.choice(players), small_blind=sb,
                      big_blind=bb, dealt_in=tuple(dealt))


def lineup(kinds: Sequence[str], seed: int) -> list[Bot]:
    return [create_bot(k, random.Random(seed * 31 + i), think=False)
            for i, k in enumerate(kinds)]


def never_folds_free_and_legal(state: HandState, view: PlayerView, action: Action) -> None:
    assert state.can(action), f"illegal {action} with {view.legal}"
    assert view.legal is not None
    assert not (action.kind is ActionKind.FOLD and view.legal.check), "folded a free check"
