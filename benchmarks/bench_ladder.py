"""The strength ladder, from ``bots.sim`` (``python benchmarks/bench_ladder.py``).

Prints, for one personality (``--kind``, default shark):

- the ladder: every level against every other heads-up, as a matrix of the row level's
  bb/100 with its 95% interval, and whether each level beats the one below;
- the table: one level-5 seat among the level-3 personalities (4 seats), beside the
  same seat at level 3;
- reading: against each of station, maniac and rock heads-up, level 5's result and
  level 3's, and the difference with its 95% interval;
- decision time p50/p99 per level and the table talk (lines, distinct lines) at each
  level's table.

Every line-up is dealt duplicate (``"duplicate": true``: each deck once per seat, the
button moved on) with the same seed, so the level-3 and level-5 runs against an opponent
see the same decks, and the reading difference is taken deck by deck (a paired
comparison: what the cards do to both runs cancels). Stacks are topped up each hand.
``--hands`` sets the hands per line-up (at least 10,000 for the figures in docs/bots.md);
``--close-hands`` the hands for the closest comparisons, level 4 against level 3, level 5
against level 4 and the reading against the maniac, whose intervals need more hands to
separate (4 over 3 measured +4.4 ± 8.2 at 24,000 hands and +9.2 ± 4.7 at 80,000).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.api import PERSONALITIES
from bots.levels import LEVELS
from bots.sim import SimRequest, bb_interval, play, summary, units

READ_AGAINST = ("station", "maniac", "rock")
TABLE_OTHERS = ("maniac", "station", "rock")
CLOSE = ("ladder 3 4", "ladder 4 5", "read 5 maniac", "read 3 maniac")
"""The line-ups played for ``--close-hands``."""
BIG_BLIND = 10


def _play(args: tuple[tuple[str, ...], int, int, bool]) -> dict[str, Any]:
    """One line-up's summary, with seat 0's result per deck (``"decks"``)."""
    seats, hands, seed, chatter = args
    req = SimRequest(hands, seed, seats, 5, BIG_BLIND, 1000, chatter=chatter, duplicate=True)
    played = play(req)
    return {**summary(req, played), "decks": units(req, [h[0] for h in played.nets])}


def paired(a: dict[str, Any], b: dict[str, Any], seats: int) -> tuple[float, float]:
    """Seat 0's bb/100 in ``a`` minus in ``b`` (the same seed, so the same decks), with
    the 95% interval of the deck-by-deck difference."""
    diffs = [x - y for x, y in zip(a["decks"], b["decks"], strict=True)]
    mean = sum(diffs) / len(diffs) / seats * 100 / BIG_BLIND
    return mean, bb_interval(diffs, seats, BIG_BLIND) or 0.0


def _cell(res: dict[str, Any], seat: int = 0) -> tuple[float, float]:
    return float(res["bb_per_100"][str(seat)]), float(res["ci95"][str(seat)] or 0.0)


def _verdict(bb: float, ci: float) -> str:
    return "wins" if bb - ci > 0 else "loses" if bb + ci < 0 else "unclear"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per line-up")
    parser.add_argument("--close-hands", type=int, default=96_000,
                        help="hands for level 5 vs 4 and for the reading against the maniac")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kind", default="shark", choices=PERSONALITIES)
    parser.add_argument("--talk-hands", type=int, default=2_000,
                        help="hands per level for the table-talk count")
    args = parser.parse_args()
    hands = args.hands - args.hands % 4  # duplicate: a multiple of the seats
    close = args.close_hands - args.close_hands % 4
    kind, levels = args.kind, range(1, len(LEVELS) + 1)
    started = time.perf_counter()
    jobs: dict[str, Future[dict[str, Any]]] = {}
    with_level: dict[int, list[str]] = {lv: [] for lv in levels}  # line-ups with a level
    with ProcessPoolExecutor(args.workers) as pool:
        def submit(key: str, seats: tuple[str, ...], n: int, chatter: bool = False) -> None:
            n = close if key in CLOSE else n
            jobs[key] = pool.submit(_play, (seats, n, args.seed, chatter))
            for lv in {int(s.partition("@")[2] or 3) for s in seats if s in PERSONALITIES
                       or "@" in s}:
                with_level[lv].append(key)

        submit("ladder 4 5", (f"{kind}@4", f"{kind}@5"), close)  # the slowest first
        submit("ladder 3 4", (f"{kind}@3", f"{kind}@4"), close)
        for opp in sorted(READ_AGAINST, key=lambda o: f"read 5 {o}" not in CLOSE):
            for lv in (5, 3):
                submit(f"read {lv} {opp}", (f"{kind}@{lv}", opp), hands)
        for lv in (5, 3):
            submit(f"table {lv}", (f"{kind}@{lv}", *TABLE_OTHERS), hands)
        for a in levels:
            for b in levels:
                if a < b and f"ladder {a} {b}" not in jobs:
                    submit(f"ladder {a} {b}", (f"{kind}@{a}", f"{kind}@{b}"), hands)
        for lv in levels:
            submit(f"talk {lv}", tuple(f"{k}@{lv}" for k in PERSONALITIES), args.talk_hands,
                   True)
        res = {key: job.result() for key, job in jobs.items()}

    def ladder(a: int, b: int) -> tuple[float, float]:
        if a < b:
            return _cell(res[f"ladder {a} {b}"], 0)
        return _cell(res[f"ladder {b} {a}"], 1)

    print(f"Ladder: {kind}@row vs {kind}@column heads-up, row's bb/100 ± 95% "
          f"({hands:,} hands each, @4 vs @3 and @5 vs @4 {close:,}; duplicate)")
    print(f"{'':<12}" + "".join(f"{f'@{b} ' + LEVELS[b - 1].name:>18}" for b in levels))
    for a in levels:
        cells = "".join(f"{'—':>18}" if a == b else
                        f"{'{:+.1f} ± {:.1f}'.format(*ladder(a, b)):>18}" for b in levels)
        print(f"{f'@{a} ' + LEVELS[a - 1].name:<12}{cells}")
    print()
    for a in levels:
        if a > 1:
            bb, ci = ladder(a, a - 1)
            print(f"{kind}@{a} vs {kind}@{a - 1}: {bb:+.1f} ± {ci:.1f} bb/100  {_verdict(bb, ci)}")
    print()
    print(f"Table: {kind}@n with {', '.join(TABLE_OTHERS)} (level 3), {hands:,} hands")
    for lv in (5, 3):
        bb, ci = _cell(res[f"table {lv}"], 0)
        print(f"  {kind}@{lv}: {bb:+.1f} ± {ci:.1f} bb/100  {_verdict(bb, ci)}")
    print()
    print(f"Reading: heads-up against each opponent (level 3), {hands:,} hands each "
          f"(maniac {close:,}); @5 - @3 deck by deck")
    print(f"{'opponent':<10}{'@5':>16}{'@3':>16}{'@5 - @3':>18}")
    for opp in READ_AGAINST:
        b5, c5 = _cell(res[f"read 5 {opp}"])
        b3, c3 = _cell(res[f"read 3 {opp}"])
        diff, dci = paired(res[f"read 5 {opp}"], res[f"read 3 {opp}"], 2)
        print(f"{opp:<10}{f'{b5:+.1f} ± {c5:.1f}':>16}{f'{b3:+.1f} ± {c3:.1f}':>16}"
              f"{f'{diff:+.1f} ± {dci:.1f}':>18}  {'pays' if diff - dci > 0 else 'unclear'}")
    print()
    print("Decisions (ms, worst line-up with the level) and table talk (4 seats at the level, "
          f"{args.talk_hands:,} hands)")
    for lv in levels:
        mine = [res[key] for key in with_level[lv]]
        p50 = max(r["decision_ms_p50"] for r in mine)
        p99 = max(r["decision_ms_p99"] for r in mine)
        talk = res[f"talk {lv}"]
        print(f"  @{lv} {LEVELS[lv - 1].name:<9} p50 {p50:6.2f}  p99 {p99:6.2f}   "
              f"chat {talk['chat_lines']:,} lines, {talk['distinct_chat_lines']:,} distinct")
    print(f"\n{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
