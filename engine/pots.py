"""Pots from contributions: uncalled-bet refunds, side pots by layers, split payouts.

Folded players' chips fund the pots they reached but win nothing. Pots are built from
distinct contribution levels; adjacent layers with the same eligible players are one pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from engine.events import Pot


def uncalled_refund(contributions: Sequence[int]) -> tuple[int, int] | None:
    """``(seat, amount)`` the top contributor gets back above the second highest, if any."""
    top = max(contributions)
    if top == 0 or contributions.count(top) > 1:
        return None  # nothing in, or the top is matched
    second = sorted(contributions)[-2] if len(contributions) > 1 else 0  # top is unique
    return (contributions.index(top), top - second)


def build_pots(contributions: Sequence[int], live: Sequence[bool],
               can_add: Sequence[bool] | None = None) -> list[Pot]:
    """Main pot then side pots; ``live`` marks seats still in the hand (not folded).

    ``can_add`` marks live seats with chips behind during a hand: they can still match
    any layer, so they are eligible for all of them. Call after the uncalled refund, so
    the top layer is always contested or dead money won by its only live player.
    """
    top = max(contributions)
    live_seats = tuple(compress(range(len(live)), live))
    # Live seats that can add no more chips (all of them once the betting is over).
    if can_add is None:
        capped: Sequence[bool] = live
    elif all(compress(can_add, live)):
        capped = ()  # every live seat still has chips
    else:
        capped = [alive and not more for alive, more in zip(live, can_add, strict=True)]
    if set(compress(contributions, capped)) <= {top}:
        # Every live seat has matched the top or can still do so: one pot for all of them.
        total = sum(contributions)
        return [Pot(total, live_seats)] if total else []
    levels = sorted({c for c in contributions if c > 0})
    pots: list[Pot] = []
    low = 0
    for high in levels:
        amount = sum(min(c, high) - low for c in contributions if c > low)
        eligible = tuple(i for i, c in enumerate(contributions)
                         if live[i] and (c >= high or (can_add is not None and can_add[i])))
        if not eligible:
            # Chips above every live contribution (impossible after the refund) stay in
            # the previous pot rather than vanish.
            eligible = pots[-1].eligible if pots else ()
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        low = high
    return pots


def clockwise_from(start: int, n: int) -> list[int]:
    """Seats ``start, start+1, …`` around a table of ``n``."""
    return [(start + k) % n for k in range(n)]


def split(amount: int, winners: Sequence[int], button: int, n: int) -> list[tuple[int, int]]:
    """Equal shares; odd chips one each to winners nearest clockwise from the button."""
    if len(winners) == 1:
        return [(winners[0], amount)]
    share, odd = divmod(amount, len(winners))
    order = [s for s in clockwise_from(button + 1, n) if s in winners]
    return [(seat, share + (1 if k < odd else 0)) for k, seat in enumerate(order)]


def take_rake(pots: Sequence[Pot], rake: int) -> list[Pot]:
    """Remove ``rake`` chips from the pots, main pot first."""
    out = []
    for pot in pots:
        cut = min(rake, pot.amount)
        rake -= cut
        out.append(Pot(pot.amount - cut, pot.eligible))
    return out
