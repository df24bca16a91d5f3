"""Was every bet and raise heard? Reads the hand histories a run wrote (PokerStars text)
and its speech log (``--speech-log``), and lists each bot's bet or raise that no line
said to the end names with its amount; then how late the lines came (``said_ms -
t_ms``). Exit status 1 when one was not heard.

    python scripts/heard_every_bet.py DATA_DIR/hand-histories SPEECH_LOG [--player NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

_WAGER = re.compile(r"^(?P<who>.+?): (?:bets (?P<bet>\d+)|raises \d+ to (?P<to>\d+))")


def wagers(folder: Path, player: str) -> list[tuple[str, int]]:
    """Each bet or raise by a seat other than ``player``: (name, the amount said: a bet's,
    or the total a raise is to), in the order played."""
    found = []
    for path in sorted(folder.glob("HH*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = _WAGER.match(line)
            if match and match["who"] != player:
                found.append((match["who"], int(match["bet"] or match["to"])))
    return found


def heard(records: list[dict[str, object]], who: str, amount: int) -> bool:
    """Whether a line said to the end names ``who`` and ``amount`` (with or without its
    thousands separator)."""
    written = {f"{amount:,}", str(amount)}
    return any(r.get("spoken") and who in str(r["text"])
               and any(re.search(rf"(?<![\d,]){re.escape(w)}(?!\d|,\d)", str(r["text"]))
                       for w in written)
               for r in records)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", type=Path)
    parser.add_argument("speech_log", type=Path)
    parser.add_argument("--player", default="You", help="the player's name in the histories")
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in args.speech_log.read_text().splitlines() if line]
    bets = wagers(args.histories, args.player)
    missing = [(who, amount) for who, amount in bets if not heard(records, who, amount)]
    print(f"bets and raises: {len(bets)}, not heard: {len(missing)}")
    for who, amount in missing:
        print(f"  not heard: {who} {amount}")
    for scene in (None, "table"):
        late = sorted((int(str(r["said_ms"])) - int(str(r["t_ms"]))) / 1000 for r in records
                      if "said_ms" in r and scene in (None, r.get("scene")))
        if late:
            print(f"lines said{' at the table' if scene else ''}: {len(late)}; late (s) "
                  f"p50 {late[len(late) // 2]:.2f}, p90 {late[int(0.9 * len(late))]:.2f}, "
                  f"max {late[-1]:.2f}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
