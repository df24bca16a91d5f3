"""Hand histories out: PokerStars text (what tracking tools import) and PHH (open, TOML).

Both are written from a stored hand replayed through the engine (config, full deck and
journal), so an export always says what the engine did; a replay that disagrees with the
stored result refuses to export rather than print a different hand.

PokerStars: cash-game text as the site writes it, amounts in chips (no currency), seats
numbered from 1, hole cards shown for ``hero`` only, times in US Eastern ("ET").
PHH: the Poker Hand History format (``variant = "NT"``/``"FT"``) that pokerkit reads;
players are listed from the seat after the button (p1 is the small blind, or the big
blind heads-up), seats not dealt in are left out, and a session is written as the
multi-hand ``.phhs`` form (one TOML table per hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, time, timedelta, timezone, tzinfo
from typing import Any, Literal, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.actions import ActionKind, IllegalAction
from engine.cards import Card, card_str
from engine.config import HandConfig, Structure
from engine.events import (
    ActionTaken,
    BlindKind,
    BlindPosted,
    Event,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    Street,
    StreetDealt,
    UncalledBetReturned,
)
from engine.pots import clockwise_from
from engine.state import HandState
from engine.tournament import level_of
from game.persistence.store import HandRecord, HandStatus, Store
from game.records import tournament
from game.records.tournament import finish_lines, stars_table, tournament_number

Format = Literal["pokerstars", "phh"]

STARS_GAMES = {
    Structure.NO_LIMIT: "Hold'em No Limit",
    Structure.POT_LIMIT: "Hold'em Pot Limit",
    Structure.FIXED_LIMIT: "Hold'em Limit",
}
PHH_VARIANTS = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT"}
STREET_TITLES = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}


class ExportError(ValueError):
    """A hand that can't be exported (still in play, voided, or a format limitation)."""


def replayed(record: HandRecord) -> HandState:
    """The complete hand, replayed and checked against its stored result."""
    if record.status is not HandStatus.COMPLETE:
        raise ExportError(f"Hand {record.id} is {record.status.value}: only complete hands "
                          "are exported")
    state = record.replay()
    if not state.finished:
        raise ExportError(f"Hand {record.id}'s journal stops before the hand ends")
    stored = (record.result or {}).get("final_stacks")
    if stored is not None and list(state.stacks) != list(stored):
        raise ExportError(f"Hand {record.id} replays to {state.stacks}, not the stored "
                          f"{stored}")
    return state


def _names(config: HandConfig) -> list[str]:
    given = config.names or ()
    return [given[s] if s < len(given) and given[s] else f"Seat {s + 1}"
            for s in range(len(config.stacks))]


def _cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(card_str(c) for c in cards)


def eastern_time() -> tzinfo:
    try:
        return ZoneInfo("America/New_York")
    except ZoneInfoNotFoundError:  # no tz database (some Windows installs): standard time
        return timezone(timedelta(hours=-5), "ET")


def _winnings(state: HandState) -> list[int]:
    won = [0] * state.n
    for event in state.events:
        if isinstance(event, PotAwarded):
            for seat, chips in event.shares:
                won[seat] += chips
    return won


def _pot_names(state: HandState) -> dict[int, str]:
    """PokerStars' names for the (non-empty) pots, by engine pot index."""
    live = [i for i, pot in enumerate(state.pots) if pot.amount > 0]
    if len(live) == 1:
        return {live[0]: "pot"}
    names = {}
    for k, index in enumerate(live):
        if k == 0:
            names[index] = "main pot"
        else:
            names[index] = "side pot" if len(live) == 2 else f"side pot-{k}"
    return names


# ------------------------------------------------------------------ PokerStars


def pokerstars_hand(record: HandRecord, *, hero: int | None = 0,
                    state: HandState | None = None) -> str:
    """One hand in PokerStars' text format; ``hero``'s hole cards are "Dealt to".
    ``state``: the finished hand already in memory (else it is replayed and checked)."""
    state = replayed(record) if state is None else state
    cfg = state.config
    names = _names(cfg)
    n = state.n
    lines = stars_header(record, cfg)
    given = cfg.names or ()
    for seat in range(n):
        dealt = cfg.players[seat]
        if dealt or (seat < len(given) and given[seat]):
            tail = "" if dealt else " is sitting out"
            lines.append(f"Seat {seat + 1}: {names[seat]} ({cfg.stacks[seat]} in chips){tail}")

    events = state.events
    # The uncalled bet goes back right after the last action (after the deal if nobody
    # acted: blinds alone were uncalled).
    acted = [i for i, e in enumerate(events) if isinstance(e, ActionTaken)]
    deals = [i for i, e in enumerate(events) if isinstance(e, HoleCardsDealt)]
    anchor = (acted or deals)[-1]
    refunds = [e for e in events if isinstance(e, UncalledBetReturned)]
    refund_lines = [f"Uncalled bet ({e.amount}) returned to {names[e.seat]}" for e in refunds]
    street_bets = [0] * n
    current = 0
    folded_on: dict[int, Street] = {}
    put_in: set[int] = set()
    started_hand: HandStarted | None = None
    pot_names = _pot_names(state)
    collected: list[str] = []
    showed = False
    hole_done = False
    for i, event in enumerate(events):
        if isinstance(event, HandStarted):
            started_hand = event
        elif isinstance(event, BlindPosted):
            who = names[event.seat]
            allin = " and is all-in" if event.all_in else ""
            if event.kind is BlindKind.ANTE:
                lines.append(f"{who}: posts the ante {event.amount}{allin}")
                continue
            word = "small blind" if event.kind is BlindKind.SMALL else "big blind"
            lines.append(f"{who}: posts {word} {event.amount}{allin}")
            street_bets[event.seat] += event.amount
            current = max(current, street_bets[event.seat])
            if event.amount:
                put_in.add(event.seat)
        elif isinstance(event, HoleCardsDealt):
            if not hole_done:
                lines.append("*** HOLE CARDS ***")
                hole_done = True
            if event.seat == hero:
                lines.append(f"Dealt to {names[hero]} [{_cards(event.cards)}]")
            if i == anchor:
                lines.extend(refund_lines)
        elif isinstance(event, ActionTaken):
            lines.append(_stars_action(event, names[event.seat], current))
            street_bets[event.seat] = event.to
            current = max(current, event.to)
            if event.kind is ActionKind.FOLD:
                folded_on[event.seat] = event.street
            elif event.added:
                put_in.add(event.seat)
            if i == anchor:
                lines.extend(refund_lines)
        elif isinstance(event, StreetDealt):
            street_bets = [0] * n
            current = 0
            title = event.street.value.upper()
            if event.street is Street.FLOP:
                lines.append(f"*** {title} *** [{_cards(event.cards)}]")
            else:
                lines.append(f"*** {title} *** [{_cards(event.board[:-1])}] "
                             f"[{_cards(event.cards)}]")
        elif isinstance(event, HandShown):
            if not showed:
                lines.append("*** SHOW DOWN ***")
                showed = True
            who = names[event.seat]
            if event.mucked:
                lines.append(f"{who}: mucks hand")
            else:
                lines.append(f"{who}: shows [{_cards(event.cards)}] ({event.description})")
        elif isinstance(event, PotAwarded):
            name = pot_names.get(event.pot_index, "pot")
            collected[:0] = [f"{names[seat]} collected {chips} from {name}"
                             for seat, chips in event.shares if chips]
        elif isinstance(event, HandEnded):
            lines.extend(collected)
            if not event.showdown:
                winners = {seat for e in events if isinstance(e, PotAwarded)
                           for seat, _ in e.shares}
                lines.extend(f"{names[s]}: doesn't show hand" for s in sorted(winners))
    assert started_hand is not None
    if tournament_number(record.table_name) is not None:
        lines.extend(finish_lines(state, names))
    lines.extend(_stars_summary(state, names, started_hand, folded_on, put_in, hero))
    return "\n".join(lines) + "\n"


def stars_header(record: HandRecord, cfg: HandConfig) -> list[str]:
    """The hand's first two lines: its number, game (a Sit & Go's tournament and level),
    blinds and time; the table."""
    started = record.started.astimezone(eastern_time()).strftime("%Y/%m/%d %H:%M:%S")
    game = STARS_GAMES[cfg.structure]
    first = tournament.stars_header(record.id, record.table_name, game, cfg.small_blind,
                                    cfg.big_blind, started)
    return [
        first or f"PokerStars Hand #{record.id}:  {game} "
        f"({cfg.small_blind}/{cfg.big_blind}) - {started} ET",
        f"Table '{stars_table(record.table_name) or record.table_name}' {len(cfg.stacks)}-max "
        f"Seat #{cfg.button + 1} is the button",
    ]


def _stars_action(event: ActionTaken, who: str, current: int) -> str:
    allin = " and is all-in" if event.all_in else ""
    kind = event.kind
    if kind is ActionKind.FOLD:
        return f"{who}: folds"
    if kind is ActionKind.CHECK:
        return f"{who}: checks"
    if kind is ActionKind.CALL:
        return f"{who}: calls {event.added}{allin}"
    if kind is ActionKind.BET:
        return f"{who}: bets {event.added}{allin}"
    return f"{who}: raises {event.to - current} to {event.to}{allin}"


def _stars_summary(state: HandState, names: Sequence[str], started: HandStarted,
                   folded_on: dict[int, Street], put_in: set[int],
                   hero: int | None) -> list[str]:
    """The summary; a mucked hand's cards only for the hero (``None``: everyone's)."""
    cfg = state.config
    rake = sum(e.amount for e in state.events if isinstance(e, RakeTaken))
    pots = [p.amount for p in state.pots if p.amount > 0]
    total = sum(pots) + rake
    if len(pots) <= 1:
        pot_line = f"Total pot {total} | Rake {rake}"
    else:
        sides = pots[1:]
        labels = (["Side pot"] if len(sides) == 1
                  else [f"Side pot-{k}" for k in range(1, len(sides) + 1)])
        parts = " ".join(f"{label} {amount}." for label, amount in zip(labels, sides, strict=True))
        pot_line = f"Total pot {total} Main pot {pots[0]}. {parts} | Rake {rake}"
    lines = ["*** SUMMARY ***", pot_line]
    if state.board:
        lines.append(f"Board [{_cards(state.board)}]")
    won = _winnings(state)
    shown = {entry.seat: entry for entry in state.showdown}
    for seat in range(state.n):
        if not cfg.players[seat]:
            continue
        where = ""
        if seat == cfg.button:
            where += " (button)"
        if seat == started.small_blind_seat:
            where += " (small blind)"
        if seat == started.big_blind_seat:
            where += " (big blind)"
        if seat in folded_on:
            street = folded_on[seat]
            if street is Street.PREFLOP:
                outcome = "folded before Flop" + ("" if seat in put_in else " (didn't bet)")
            else:
                outcome = f"folded on the {STREET_TITLES[street]}"
        elif seat in shown:
            entry = shown[seat]
            cards = _cards(entry.cards)
            if entry.mucked:
                outcome = f"mucked [{cards}]" if hero is None or seat == hero else "mucked"
            elif won[seat]:
                outcome = (f"showed [{cards}] and won ({won[seat]}) with "
                           f"{entry.hand.description}")
            else:
                outcome = f"showed [{cards}] and lost with {entry.hand.description}"
        else:
            outcome = f"collected ({won[seat]})"
        lines.append(f"Seat {seat + 1}: {names[seat]}{where} {outcome}")
    return lines


# ------------------------------------------------------------------------- PHH


def phh_players(config: HandConfig) -> list[int]:
    """Our seats in PHH player order (p1, p2, ...): dealt-in seats from the button's left."""
    n = len(config.stacks)
    return [s for s in clockwise_from(config.button + 1, n) if config.players[s]]


def phh_fields(record: HandRecord, *, hero: int | None = 0) -> dict[str, Any]:
    """The PHH fields of one complete hand, in the order they are written. Hole cards are
    dealt face up for ``hero`` only (None: everyone's), "????" for the others, as the
    player saw the hand; cards shown at showdown are in the ``sm`` actions."""
    state = replayed(record)
    cfg = state.config
    variant = PHH_VARIANTS.get(cfg.structure)
    if variant is None:
        raise ExportError("PHH has no pot-limit hold'em variant; export this hand as "
                          "PokerStars text instead")
    order = phh_players(cfg)
    label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    m = len(order)
    holes = {e.seat: e.cards for e in state.events if isinstance(e, HoleCardsDealt)}
    actions = [f"d dh {label[s]} "
               + (_cards(holes[s], "") if hero is None or s == hero else "??" * len(holes[s]))
               for s in order]
    for event, implied_checks in _with_implied_checks(state):
        actions.extend(f"{label[seat]} cc" for seat in implied_checks)
        if isinstance(event, ActionTaken):
            who = label[event.seat]
            if event.kind is ActionKind.FOLD:
                actions.append(f"{who} f")
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(f"{who} cc")
            else:
                actions.append(f"{who} cbr {event.to}")
        elif isinstance(event, StreetDealt):
            actions.append(f"d db {_cards(event.cards, '')}")
        elif isinstance(event, HandShown):
            who = label[event.seat]
            actions.append(f"{who} sm" if event.mucked else f"{who} sm {_cards(event.cards, '')}")
    names = _names(cfg)
    won = _winnings(state)
    when = record.started.astimezone(UTC)
    sit_and_go = tournament_number(record.table_name) is not None  # its event and level
    level = level_of(cfg.small_blind, cfg.big_blind) if sit_and_go else None
    out: dict[str, Any] = {
        "variant": variant,
        "ante_trimming_status": True,  # antes layer into side pots like any other chips
        "antes": [cfg.ante] * m,
        "blinds_or_straddles": [cfg.small_blind, cfg.big_blind] + [0] * (m - 2),
    }
    if variant == "NT":
        out["min_bet"] = cfg.big_blind
    else:
        out["small_bet"] = cfg.big_blind
        out["big_bet"] = 2 * cfg.big_blind
    out |= {
        "starting_stacks": [cfg.stacks[s] for s in order],
        "actions": actions,
        **({"event": record.table_name} if sit_and_go else {}),
        "hand": record.id,
        **({"level": level} if level is not None else {}),
        "table": record.table_name,
        "seats": [s + 1 for s in order],
        "seat_count": len(cfg.stacks),
        "players": [names[s] for s in order],
        "finishing_stacks": [state.stacks[s] for s in order],
        "winnings": [won[s] for s in order],
        "year": when.year,
        "month": when.month,
        "day": when.day,
        "time": time(when.hour, when.minute, when.second),
        "time_zone": "UTC",
    }
    if cfg.rake_percent:
        out["_rake_percent"] = str(cfg.rake_percent)
        out["_rake_cap"] = cfg.rake_cap
        out["_rake"] = sum(e.amount for e in state.events if isinstance(e, RakeTaken))
    return out


def _with_implied_checks(state: HandState) -> Iterator[tuple[Event, list[int]]]:
    """The events, each with the seats whose check PHH needs just before it.

    Our engine ends a betting round once only one seat with chips is left and it has
    matched the bet (000 §7.7). PHH, read by pokerkit's rules, keeps a queue of seats
    still to act (built when the round opens, rebuilt after each bet or raise) and asks
    every seat in it, so such a seat is asked to check. Following that queue here writes
    those checks out and the file replays without repair.
    """
    cfg = state.config
    seats = phh_players(cfg)
    stacks = list(cfg.stacks)
    bets = [0] * state.n
    live = list(cfg.players)
    queue: list[int] = []
    is_open = False
    preflop_opened = False

    def clockwise(first: int) -> list[int]:
        return [s for s in clockwise_from(first, state.n) if s in seats]

    def effective(seat: int) -> int:
        reach = sorted(bets[s] + stacks[s] for s in seats if live[s])
        return min(stacks[seat], max(0, reach[-2] - bets[seat]))

    def open_round(first: int) -> list[int]:
        if sum(live) < 2:
            return []
        ready = [s for s in clockwise(first) if live[s] and stacks[s] > 0 and effective(s) > 0]
        if len(ready) == 1 and bets[ready[0]] >= max(bets):
            return []
        return ready

    big_blind = cfg.button
    for event in state.events:
        implied: list[int] = []
        if isinstance(event, HandStarted):
            big_blind = event.big_blind_seat
        elif not preflop_opened and not isinstance(event, BlindPosted | HoleCardsDealt):
            preflop_opened = is_open = True
            queue = open_round(big_blind + 1)
        if is_open and not isinstance(event, ActionTaken):
            implied, queue, is_open = queue, [], False
        yield event, implied
        if isinstance(event, BlindPosted):
            stacks[event.seat] -= event.amount
            if event.kind is not BlindKind.ANTE:
                bets[event.seat] += event.amount
        elif isinstance(event, ActionTaken):
            seat = event.seat
            if seat in queue:
                queue.remove(seat)
            stacks[seat] -= event.added
            bets[seat] = event.to
            if event.kind is ActionKind.FOLD:
                live[seat] = False
            elif event.kind in (ActionKind.BET, ActionKind.RAISE):
                queue = [s for s in clockwise(seat + 1)
                         if s != seat and live[s] and stacks[s] > 0]
            if sum(live) < 2:
                queue = []
        elif isinstance(event, StreetDealt):
            bets = [0] * state.n
            queue, is_open = open_round(cfg.button + 1), True


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = "".join(
            {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch, ch)
            if ch in '"\\\n\t\r' or ch >= " " else f"\\u{ord(ch):04x}" for ch in value)
        return f'"{escaped}"'
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _toml_body(fields: dict[str, Any]) -> list[str]:
    lines = []
    for key, value in fields.items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml_value(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return lines


def phh_hand(record: HandRecord, *, hero: int | None = 0) -> str:
    """One hand as a ``.phh`` file, from ``hero``'s view."""
    fields = phh_fields(record, hero=hero)
    header = f"# Hand #{record.id} at '{record.table_name}', exported by holdem"
    return "\n".join([header, *_toml_body(fields)]) + "\n"


def phh_session(records: Iterable[HandRecord], *, hero: int | None = 0) -> str:
    """Several hands as a ``.phhs`` file: one TOML table per hand, keyed by hand id."""
    return "\n\n".join(phh_part(r, hero) for r in records) + "\n"


def phh_part(record: HandRecord, hero: int | None) -> str:
    """One hand as a ``.phhs`` table (``[id]`` and its fields)."""
    return "\n".join([f"[{record.id}]", *_toml_body(phh_fields(record, hero=hero))])


def pokerstars_session(records: Iterable[HandRecord], *, hero: int | None = 0) -> str:
    """Several hands, two blank lines apart as the site writes them."""
    return "\n\n".join(pokerstars_hand(r, hero=hero) for r in records)


def check_hero(records: Iterable[HandRecord], hero: int | None) -> None:
    """``ExportError`` when the hero's seat (0-based) is not at a hand's table."""
    if hero is None:
        return
    for record in records:
        seats = len(record.config.stacks)
        if not 0 <= hero < seats:
            raise ExportError(f"There is no seat {hero + 1}: hand {record.id}'s table has "
                              f"{seats} seats (--hero 1-{seats})")


# ------------------------------------------------------------------- shortcuts


class HandFinder(Protocol):
    """Where a hand is looked up by number (a save file, or all of the player's)."""

    def hand(self, hand_id: int) -> HandRecord: ...


def export_hand(store: HandFinder, hand_id: int, fmt: Format, *,
                hero: int | None = 0) -> str:
    record = store.hand(hand_id)
    check_hero([record], hero)
    if fmt == "phh":
        return phh_hand(record, hero=hero)
    return pokerstars_hand(record, hero=hero)


def export_session(store: Store, session_id: int | None, fmt: Format, *,
                   hero: int | None = 0,
                   skipped: list[tuple[int, str]] | None = None) -> str:
    """Every complete hand of a session (``None``: of all sessions).

    With ``skipped``, a hand that can't be read or exported is listed there (id, why)
    and the rest are written; without it the first such hand raises.
    """
    return export_records(store.hands(session=session_id, broken=skipped), fmt, hero=hero,
                          skipped=skipped)


def export_records(records: Sequence[HandRecord], fmt: Format, *, hero: int | None = 0,
                   skipped: list[tuple[int, str]] | None = None) -> str:
    """The hands in one file, in the order given (``skipped`` as in ``export_session``)."""
    check_hero(records, hero)
    if skipped is None:
        if fmt == "phh":
            return phh_session(records, hero=hero)
        return pokerstars_session(records, hero=hero)
    parts = []
    for record in records:
        try:
            parts.append(phh_part(record, hero) if fmt == "phh"
                         else pokerstars_hand(record, hero=hero))
        except (ExportError, IllegalAction) as err:
            skipped.append((record.id, str(err)))
    skipped.sort()
    if not parts:
        return ""
    return "\n\n".join(parts) + ("\n" if fmt == "phh" else "")
