"""Player statistics from the stored hands: per player, over a session and all time.

Definitions (the usual tracker ones):
- hands: hands dealt in;
- VPIP: hands where the player put chips in voluntarily before the flop (a call, bet or
  raise; posting a blind or checking the big blind is not voluntary);
- PFR: hands with a preflop bet or raise;
- aggression factor: (bets + raises) / calls after the flop (None without a call);
- WTSD: hands that reached showdown with the player still in, out of hands where the
  player saw the flop; W$SD: showdowns where the player won chips, out of showdowns;
- net: chips won minus chips lost, after rake.

Players are identified by name: a seat can change hands, a name follows its player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.actions import ActionKind
from engine.events import ActionTaken, HandShown, PotAwarded, Street, StreetDealt
from game.persistence.store import REBUY_KINDS, HandRecord, Store
from game.records.sitting import table_hands


def _percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


@dataclass(slots=True)
class PlayerStats:
    """Counts for one player; the rates are derived from them."""

    name: str
    hands: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    postflop_bets_raises: int = 0
    postflop_calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdown_wins: int = 0
    hands_won: int = 0
    net: int = 0

    @property
    def vpip(self) -> float | None:
        return _percent(self.vpip_hands, self.hands)

    @property
    def pfr(self) -> float | None:
        return _percent(self.pfr_hands, self.hands)

    @property
    def aggression(self) -> float | None:
        if not self.postflop_calls:
            return None
        return round(self.postflop_bets_raises / self.postflop_calls, 2)

    @property
    def wtsd(self) -> float | None:
        return _percent(self.showdowns, self.saw_flop)

    @property
    def wsd(self) -> float | None:
        return _percent(self.showdown_wins, self.showdowns)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "vpip": self.vpip, "pfr": self.pfr,
            "aggression": self.aggression, "wtsd": self.wtsd, "wsd": self.wsd,
            "showdowns": self.showdowns, "showdown_wins": self.showdown_wins,
            "hands_won": self.hands_won, "net": self.net,
            "counts": {"vpip": self.vpip_hands, "pfr": self.pfr_hands,
                       "postflop_bets_raises": self.postflop_bets_raises,
                       "postflop_calls": self.postflop_calls, "saw_flop": self.saw_flop},
        }


def player_stats(records: Iterable[HandRecord]) -> dict[str, PlayerStats]:
    """Stats by player name over the given (complete) hands, replayed from the store."""
    stats: dict[str, PlayerStats] = {}
    for record in records:
        state = record.replay()
        cfg = state.config
        names = [state.name(s) for s in range(state.n)]
        dealt = [s for s in range(state.n) if cfg.players[s]]
        vpip: set[int] = set()
        pfr: set[int] = set()
        folded: set[int] = set()
        saw_flop: set[int] = set()
        shown: set[int] = set()
        won: set[int] = set()
        for seat in dealt:
            stats.setdefault(names[seat], PlayerStats(names[seat])).hands += 1
        for event in state.events:
            if isinstance(event, ActionTaken):
                player = stats[names[event.seat]]
                kind = event.kind
                if kind is ActionKind.FOLD:
                    folded.add(event.seat)
                elif event.street is Street.PREFLOP:
                    if kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                        vpip.add(event.seat)
                    if kind in (ActionKind.BET, ActionKind.RAISE):
                        pfr.add(event.seat)
                elif kind in (ActionKind.BET, ActionKind.RAISE):
                    player.postflop_bets_raises += 1
                elif kind is ActionKind.CALL:
                    player.postflop_calls += 1
            elif isinstance(event, StreetDealt) and event.street is Street.FLOP:
                saw_flop = {s for s in dealt if s not in folded}
            elif isinstance(event, HandShown):
                shown.add(event.seat)
            elif isinstance(event, PotAwarded):
                won.update(seat for seat, chips in event.shares if chips > 0)
        for seat in dealt:
            player = stats[names[seat]]
            player.vpip_hands += seat in vpip
            player.pfr_hands += seat in pfr
            player.saw_flop += seat in saw_flop
            player.showdowns += seat in shown
            player.showdown_wins += seat in shown and seat in won
            player.hands_won += seat in won
            player.net += state.stacks[seat] - cfg.stacks[seat]
    return stats


def session_stats(store: Store, session_id: int | None = None) -> dict[str, PlayerStats]:
    """"This session": without ``session_id``, the player's session at the current table,
    every hand played at it across relaunches (as the table's stats panel and stack graph
    count it); with one, that run of the game's hands."""
    if session_id is None:
        return player_stats(table_hands(store))
    return player_stats(store.hands(session=session_id))


def all_time_stats(store: Store) -> dict[str, PlayerStats]:
    return player_stats(store.hands())


def stats_json(store: Store, session_id: int | None = None) -> dict[str, Any]:
    """One JSON-able object for ``holdem stats --json``: each seat's stack and rebuys,
    the bank, the hands recorded, and per-player stats (session and all time)."""
    table = store.load_table()
    info = store.table_info()
    ledger = store.ledger() if table is not None else []
    seats = []
    if table is not None:
        for index, player in enumerate(table.seats):
            if player is None:
                continue
            rebuys = sum(row.amount for row in ledger if row.seat == index
                         and row.name == player.name and row.kind in REBUY_KINDS)
            seats.append({
                "seat": index, "name": player.name, "stack": player.stack,
                "bought_in": player.bought_in, "rebuys": rebuys,
                "bot": info.bots.get(index) if info else None,
                "auto_rebuy": player.auto_rebuy, "sitting_out": player.sitting_out,
            })
    counts = store.hand_counts()
    return {
        "table": None if table is None or info is None else {
            "name": info.name, "small_blind": table.config.small_blind,
            "big_blind": table.config.big_blind, "button": table.button,
            "hands_played": table.hands_played,
        },
        "seats": seats,
        "bank": None if table is None else {
            "bought_in": table.bought_in, "rebuys": sum(
                row.amount for row in ledger if row.kind in REBUY_KINDS),
            "cashed_out": table.cashed_out, "rake": table.rake,
            "on_table": sum(p.stack for p in table.seats if p is not None),
        },
        "hands": {"recorded": counts["complete"], "voided": counts["voided"],
                  "in_play": counts["playing"]},
        "players": {
            "session": {n: s.to_json() for n, s in session_stats(store, session_id).items()},
            "all_time": {n: s.to_json() for n, s in all_time_stats(store).items()},
        },
    }
