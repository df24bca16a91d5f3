"""The player's career from the save files: sessions, hands, the biggest pot won and the
best hand shown down, over every table they sat at, the cash table's and the Sit & Gos'
(autoplay's bot in the player's chair, under another name, does not count); the net
result, and the hands and net result by the strength of the bots they faced, at the cash
table only (tournament chips are not money)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bots.levels import LEVELS
from engine.cards import parse_card
from engine.evaluator import evaluate
from game.persistence.store import HandRecord, Store
from game.records.library import Library
from game.records.tournament import tournament_number
from game.settings.model import HUMAN_SEAT


@dataclass(frozen=True, slots=True)
class Career:
    sessions: int = 0
    hands: int = 0
    net: int = 0
    hands_won: int = 0
    biggest_pot: int = 0  # the most chips won in one hand
    biggest_pot_hand: int | None = None  # its hand number in the save file
    best_hand: str = ""  # the best hand shown down, in words
    best_hand_id: int | None = None
    by_strength: tuple[LevelResult, ...] = ()  # weakest first; "Mixed" last


@dataclass(frozen=True, slots=True)
class LevelResult:
    """Hands played and the net result against one table strength ("Strong", or "Mixed"
    for a table of bots at different levels)."""

    strength: str
    hands: int
    net: int


def strength_label(levels: Iterable[int]) -> str | None:
    """A table's strength in a word: its bots' level, "Mixed", or None (no levelled bots)."""
    found = set(levels)
    if not found:
        return None
    return LEVELS[found.pop() - 1].name if len(found) == 1 else "Mixed"


def _mine(record: HandRecord, name: str) -> bool:
    cfg = record.config
    names = cfg.names or ()
    return (len(cfg.players) > HUMAN_SEAT and bool(cfg.players[HUMAN_SEAT])
            and len(names) > HUMAN_SEAT and names[HUMAN_SEAT] == name)


def career_of(records: Iterable[HandRecord], sessions: int, name: str,
              strengths: Mapping[int, Mapping[int, int]] | None = None) -> Career:
    """The figures over ``records`` (complete hands, a Sit & Go's among them) for the
    player called ``name``; ``strengths`` gives each cash table's bots' levels by seat
    (table id -> seat -> level)."""
    by_level: dict[str, list[int]] = {}
    hands = net = won_hands = biggest = 0
    biggest_id: int | None = None
    best_value, best_words, best_id = -1, "", None
    for record in records:
        result = record.result
        if result is None or not _mine(record, name):
            continue
        hands += 1
        cash = tournament_number(record.table_name) is None
        mine = int(result["net"][HUMAN_SEAT]) if cash else 0
        net += mine
        seats = (strengths or {}).get(record.table_id, {}) if cash else {}
        label = strength_label(level for seat, level in seats.items()
                               if seat != HUMAN_SEAT and seat < len(record.config.players)
                               and record.config.players[seat])
        if label is not None:
            tally = by_level.setdefault(label, [0, 0])
            tally[0] += 1
            tally[1] += mine
        won = sum(int(chips) for award in result["awards"]
                  for seat, chips in award["shares"] if seat == HUMAN_SEAT)
        if won > 0:
            won_hands += 1
            if won > biggest:
                biggest, biggest_id = won, record.id
        board = [parse_card(c) for c in result["board"]]
        for shown in result["showdown"]:
            if shown["seat"] != HUMAN_SEAT or shown["mucked"] or len(board) < 3:
                continue
            value = evaluate([*(parse_card(c) for c in shown["cards"]), *board])
            if value > best_value:
                best_value, best_words, best_id = value, str(shown["description"]), record.id
    order = [lv.name for lv in LEVELS] + ["Mixed"]
    levels = tuple(LevelResult(label, *by_level[label]) for label in order if label in by_level)
    return Career(sessions, hands, net, won_hands, biggest, biggest_id, best_words, best_id,
                  levels)


def career(store: Store, name: str, sit_and_go: Store | None = None) -> Career:
    """The player's career from the cash table's save file and the Sit & Go's."""
    records = [r for r in Library.of(store, sit_and_go).hands() if _mine(r, name)]
    sessions = len({(tournament_number(r.table_name) is None, r.session_id)
                    for r in records})
    return career_of(records, sessions, name, store.table_strengths())
