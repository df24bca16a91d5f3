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


def stack_history(records: Sequence[HandRecord],
                  now: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The stack graph's points: stacks before the first hand, then after each hand (a
    rebuy before the next hand counts in that point, as at the table), ending at ``now``."""
    points: list[tuple[int, ...]] = []
    for record in records:
        start = tuple(record.config.stacks)
        if points:
            points[-1] = start if len(start) == len(points[-1]) else points[-1]
        else:
            points.append(start)
        final = record.result.get("final_stacks") if record.result is not None else None
        points.append(tuple(int(v) for v in final) if isinstance(final, list) else start)
    if not points:
        return [now]
    if len(points[-1]) == len(now):
        points[-1] = now
    return points
