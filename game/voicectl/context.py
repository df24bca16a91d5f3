"""The betting context the parser reads a spoken amount with, from the engine's legal
actions: what the parser accepts, the engine accepts."""

from __future__ import annotations

from dataclasses import replace

from engine.sizing import BettingContext
from engine.view import PlayerView


def legal_context(view: PlayerView) -> BettingContext | None:
    """``view``'s betting context with its bet/raise range taken from the legal
    actions: None at both ends when no bet or raise is possible (facing a bet bigger
    than the stack, or a raise not reopened), so "raise to 300" or "pot" there is
    refused by the parser with a sentence rather than by the engine."""
    ctx = view.context
    if ctx is None or view.legal is None:
        return ctx
    wager = view.legal.wager
    if wager is None or wager[1] <= ctx.current_bet:  # only a call of all the chips
        return replace(ctx, min_raise_to=None, max_raise_to=None)
    return replace(ctx, min_raise_to=wager[0], max_raise_to=wager[1])
