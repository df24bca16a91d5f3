"""PokerStars text back into a hand the engine can replay: the way home for a hand that
only the hand-history folder still holds.

The text names the seats, stacks, button, blinds and antes (a Sit & Go's hand its
tournament too), every action, the board and the cards shown, but not the whole deck:
the player's own hole cards and shown cards go where the engine dealt them (found by
dealing the same hand from a numbered deck and replaying its actions), the cards nobody
saw fill the rest. The hand is accepted only when the engine,
replaying it, writes back exactly the same text (``pokerstars_hand``): a hand the engine
can't replay, or replays differently, is refused whole (``UnreplayableHand``), never
imported half.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from engine.actions import Action, ActionKind, IllegalAction
from engine.cards import FULL_DECK, Card, CardError, parse_card
from engine.config import ConfigError, HandConfig
from engine.events import HoleCardsDealt, StreetDealt
from engine.state import HandState
from engine.table import TableConfig
from game.persistence.codec import HandRecord, HandStatus, hand_result
from game.records.export import STARS_GAMES, ExportError, eastern_time, pokerstars_hand
from game.records.tournament import table_name as tournament_table

HAND_START = re.compile(r"^PokerStars Hand #(\d+):", re.MULTILINE)
_HEADER = re.compile(r"^PokerStars Hand #(\d+):  (.+) \((\d+)/(\d+)\) - "
                     r"(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET$")
_TOURNAMENT_HEADER = re.compile(
    r"^PokerStars Hand #(\d+): Tournament #(\d+), Freeroll (.+) - Level \S+ "
    r"\((\d+)/(\d+)\) - (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET$")
_ANTE = re.compile(r"^.*: posts the ante (\d+)(?: and is all-in)?$")
_TABLE = re.compile(r"^Table '(.*)' (\d+)-max Seat #(\d+) is the button$")
_SEAT = re.compile(r"^Seat (\d+): (.*) \((\d+) in chips\)( is sitting out)?$")
_DEALT = re.compile(r"^Dealt to (.*) \[(\S\S) (\S\S)\]$")
_ACTION = re.compile(r"^(.*): (folds|checks|calls (\d+)|bets (\d+)|raises \d+ to (\d+))"
                     r"(?: and is all-in)?$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]$")
_SHOWS = re.compile(r"^(.*): shows \[(\S\S) (\S\S)\] \(.*\)$")
_GAMES = {title: structure for structure, title in STARS_GAMES.items()}


def stars_files(folder: Path) -> Iterator[Path]:
    """The PokerStars files (``HH*.txt``) in a folder, in name order (none when the
    folder can't be read)."""
    try:
        found = sorted(p for p in folder.glob("HH*.txt") if p.is_file())
    except OSError:
        return iter(())
    return iter(found)


class UnreplayableHand(ValueError):
    """A hand in the folder that can't be brought back exactly (the message says why)."""


@dataclass(frozen=True, slots=True)
class StarsHand:
    """One hand's text and its number."""

    id: int
    text: str


def split_hands(text: str) -> Iterator[StarsHand]:
    """The hands in a file, each from its first line to the blank lines after it."""
    starts = [m.start() for m in HAND_START.finditer(text)] + [len(text)]
    for at, end in itertools.pairwise(starts):
        block = text[at:end].rstrip("\n") + "\n"
        found = HAND_START.match(block)
        assert found is not None
        yield StarsHand(int(found.group(1)), block)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a hand from the folder goes in the save: its table, session and number, and
    the table's options the text does not carry (rake, fixed-limit cap, mucking)."""

    session_id: int
    table_id: int
    number: int
    table: TableConfig | None


def is_tournament(hand: StarsHand) -> bool:
    """Whether the hand is a Sit & Go's (its first line names the tournament)."""
    return _TOURNAMENT_HEADER.match(hand.text.split("\n", 1)[0]) is not None


def _head(hand: StarsHand) -> tuple[str, int, int, str, str | None]:
    """The game, small and big blind, start time as written, and the table's stored
    name when the hand is a Sit & Go's (None for a cash table)."""
    first = hand.text.split("\n", 1)[0]
    if found := _TOURNAMENT_HEADER.match(first):
        return (found.group(3), int(found.group(4)), int(found.group(5)), found.group(6),
                tournament_table(int(found.group(2))))
    if found := _HEADER.match(first):
        return found.group(2), int(found.group(3)), int(found.group(4)), found.group(5), None
    raise UnreplayableHand(f"hand {hand.id}: its first lines are not PokerStars'")


def parse_header(hand: StarsHand) -> tuple[str, datetime, int, int, int]:
    """The table name, start time (UTC), seat count, small and big blind."""
    lines = hand.text.splitlines()
    _, small, big, started, tournament = _head(hand)
    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise UnreplayableHand(f"hand {hand.id}: its first lines are not PokerStars'")
    try:
        local = datetime.strptime(started, "%Y/%m/%d %H:%M:%S")
    except ValueError:
        raise UnreplayableHand(f"hand {hand.id}: its date is not a date") from None
    local = local.replace(tzinfo=eastern_time())
    return (tournament or table.group(1), local.astimezone(UTC), int(table.group(2)), small,
            big)


def rebuild(hand: StarsHand, place: Placement) -> HandRecord:
    """The stored hand that writes back exactly ``hand.text``; ``UnreplayableHand``."""
    try:
        record = _rebuild(hand, place)
        hero = _hero(hand.text, record.config)
        again = pokerstars_hand(record, hero=hero)
    except (IllegalAction, ConfigError, CardError, ExportError, KeyError, IndexError,
            ValueError) as err:
        if str(err).startswith(f"hand {hand.id}:"):
            raise
        raise UnreplayableHand(f"hand {hand.id}: {err}") from None
    if again != hand.text:
        raise UnreplayableHand(f"hand {hand.id}: the engine replays it differently")
    return record


def _hero(text: str, config: HandConfig) -> int | None:
    names = config.names or ()
    for line in text.splitlines():
        dealt = _DEALT.match(line)
        if dealt:
            return names.index(dealt.group(1))
    return 0


def _rebuild(hand: StarsHand, place: Placement) -> HandRecord:
    table_name, started, seats, small, big = parse_header(hand)
    game = _head(hand)[0]
    structure = _GAMES.get(game)
    if structure is None:
        raise UnreplayableHand(f"hand {hand.id}: unknown game {game!r}")
    lines = hand.text.splitlines()
    antes = [int(found.group(1)) for line in lines if (found := _ANTE.match(line))]
    table = _TABLE.match(lines[1])
    assert table is not None
    button = int(table.group(3)) - 1
    names = [""] * seats
    stacks = [0] * seats
    dealt = [False] * seats
    k = 2
    while k < len(lines) and (seat := _SEAT.match(lines[k])):
        s = int(seat.group(1)) - 1
        names[s], stacks[s], dealt[s] = seat.group(2), int(seat.group(3)), not seat.group(4)
        k += 1
    options = place.table or TableConfig(seats=seats, small_blind=small, big_blind=big)
    config = HandConfig(
        stacks=tuple(stacks), button=button, small_blind=small, big_blind=big,
        ante=max(antes, default=0),
        structure=structure, dealt_in=tuple(dealt), rake_percent=options.rake_percent,
        rake_cap=options.rake_cap, muck_losers=options.muck_losers, names=tuple(names))
    seat_of = {name: s for s, name in enumerate(names) if name}
    known: dict[int, tuple[Card, ...]] = {}
    board: list[Card] = []
    actions: list[Action] = []
    state = HandState.deal(config, deck=FULL_DECK)  # numbered: card i is deck position i
    for line in lines[k:]:
        if line.startswith("*** SUMMARY ***"):
            break
        if found := _ACTION.match(line):
            who = seat_of[found.group(1)]
            actions.append(_action(state, who, found))
            state.apply(actions[-1])
        elif found := _DEALT.match(line) or _SHOWS.match(line):
            known[seat_of[found.group(1)]] = (parse_card(found.group(2)),
                                             parse_card(found.group(3)))
        elif found := _STREET.match(line):
            board += [parse_card(c) for c in found.group(2).split()]
    deck = _deck(state, known, board)
    return HandRecord(
        id=hand.id, session_id=place.session_id, table_id=place.table_id,
        number=place.number, table_name=table_name,
        started_at=started.isoformat(timespec="seconds"),
        ended_at=started.isoformat(timespec="seconds"), status=HandStatus.COMPLETE,
        config=config, deck=deck, actions=tuple(actions),
        result=hand_result(_replay(config, deck, actions)), void_reason=None)


def _action(state: HandState, seat: int, found: re.Match[str]) -> Action:
    word = found.group(2).split()[0]
    if word == "folds":
        return Action(seat, ActionKind.FOLD)
    if word == "checks":
        return Action(seat, ActionKind.CHECK)
    if word == "calls":
        return Action(seat, ActionKind.CALL)
    if word == "bets":
        return Action(seat, ActionKind.BET, state.street_bets[seat] + int(found.group(4)))
    return Action(seat, ActionKind.RAISE, int(found.group(5)))


def _deck(state: HandState, known: dict[int, tuple[Card, ...]],
          board: list[Card]) -> tuple[Card, ...]:
    """The cards the text shows at the deck positions the engine dealt them from (read
    off the numbered deck), every other position filled with the cards nobody saw."""
    slots: dict[int, Card] = {}
    for event in state.events:
        if isinstance(event, HoleCardsDealt) and event.seat in known:
            slots.update(zip(event.cards, known[event.seat], strict=True))
    dealt_board = [c for e in state.events if isinstance(e, StreetDealt) for c in e.cards]
    if len(dealt_board) != len(board):
        raise UnreplayableHand("the board does not match the streets played")
    slots.update(zip(dealt_board, board, strict=True))
    if len(set(slots.values())) != len(slots):
        raise UnreplayableHand("a card appears twice")
    rest = iter(c for c in FULL_DECK if c not in set(slots.values()))
    return tuple(slots[i] if i in slots else next(rest) for i in range(52))


def _replay(config: HandConfig, deck: tuple[Card, ...], actions: list[Action]) -> HandState:
    state = HandState.deal(config, deck=deck)
    for action in actions:
        state.apply(action)
    if not state.finished:
        raise UnreplayableHand("its actions stop before the hand ends")
    return state
