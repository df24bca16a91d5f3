"""The player's session at the current table, across relaunches: the hands played at the
table being continued, and the stack graph they draw. Reads the store through its public
queries only."""

from __future__ import annotations

from collections.abc import Sequence

from game.persistence.store import HandRecord, Store


def table_hands(store: Store) -> list[HandRecord]:
    """The complete hands played at the current table, oldest first (every run of the
    game that sat at it, not only this one)."""
    info = store.table_info()
    if info is None:
        return []
    return [r for r in store.hands() if r.table_id == info.id]


def stack_history(records: Sequence[HandRecord], now: tuple[int, ...]
                  ) -> tuple[list[tuple[int, ...]], list[int]]:
    """The stack graph's points and each seat's chips moved in between hands. A line
    shows results, not money added: each point is the stack less the chips added (a
    rebuy, a top-up; a cash-out counts negative) since the first point, so a top-up
    neither rises like a win nor a cash-out falls like a loss. The points: before the
    first hand, then after each hand; the chips moved run on to ``now``."""
    points: list[tuple[int, ...]] = []
    moved = [0] * len(now)
    last: tuple[int, ...] | None = None
    for record in records:
        start = tuple(record.config.stacks)
        if last is None or len(start) != len(last):
            moved = [0] * len(start)
            points = [start]
        else:
            moved = [m + s - e for m, s, e in zip(moved, start, last, strict=True)]
        final = record.result.get("final_stacks") if record.result is not None else None
        last = tuple(int(v) for v in final) if isinstance(final, list) else start
        points.append(tuple(v - m for v, m in zip(last, moved, strict=True)))
    if last is None or len(last) != len(now):
        return [now], [0] * len(now)
    return points, [m + n - e for m, n, e in zip(moved, now, last, strict=True)]
