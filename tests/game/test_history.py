"""Hand history exports: PHH read back and replayed by an independent engine (pokerkit),
PokerStars text checked against the format's structure and its own arithmetic."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory
from pokerkit.state import CheckingOrCalling, CompletionBettingOrRaisingTo, Folding

from engine.config import Structure
from engine.events import PotAwarded
from game.persistence.store import DB_NAME, HandRecord, Store
from game.records.export import (
    ExportError,
    export_hand,
    export_session,
    phh_hand,
    phh_players,
    phh_session,
    pokerstars_hand,
    pokerstars_session,
)
from tests.game.test_store import (
    SCRIPTED,
    play_random_hands,
    play_scripted,
    random_table,
    seat_table,
    start,
    to_action,
)

NOON_UTC = datetime(2026, 11, 22, 15, 0, 0, tzinfo=UTC)  # 10:00:00 in New York


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, list[HandRecord]]]:
    """The scripted hands, then a few hundred random ones on random tables."""
    path = tmp_path_factory.mktemp("history") / DB_NAME
    store = Store.open(path, durable=False, clock=lambda: NOON_UTC)
    for script in SCRIPTED:
        play_scripted(store, script)
    rng = random.Random(7)
    for _ in range(45):
        table = random_table(rng)
        store.save_table(table, new=True)
        play_random_hands(store, table, rng, 10)
    records = store.hands()
    assert len(records) > 250
    yield store, records
    store.close()


def scripted(records: list[HandRecord], name: str) -> HandRecord:
    index = next(i for i, s in enumerate(SCRIPTED) if s.name == name)
    return records[index]


# ------------------------------------------------------------------------ PHH


def our_rake(fields: dict[str, Any]) -> Any:
    """The rake our engine takes, for pokerkit (which rounds where we truncate)."""
    percent, cap = Fraction(fields["_rake_percent"]), fields["_rake_cap"]

    def rake(amount: int, state: Any) -> tuple[int, int]:
        if not any(state.board_cards):
            return 0, amount
        taken = int(amount * percent / 100)
        taken = min(taken, cap) if cap else taken
        return taken, amount - taken

    return rake


def pokerkit_final(text: str) -> tuple[HandHistory, Any]:
    hh = HandHistory.loads(text)
    if "_rake_percent" in hh.user_defined_fields:
        hh = HandHistory.loads(text, rake=our_rake(hh.user_defined_fields))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(hh)
    return hh, states[-1]


def same_payout(ours: list[int], theirs: list[int], record: HandRecord,
                order: list[int]) -> bool:
    """Exact, except odd chips of split pots may sit with another tied winner (pokerkit
    gives them all to the first winner; we deal them clockwise from the button)."""
    if ours == theirs:
        return True
    state = record.replay()
    splits = [e for e in state.events if isinstance(e, PotAwarded) and len(e.shares) > 1]
    tied = {order.index(seat) for e in splits for seat, _ in e.shares}
    diffs = [t - o for t, o in zip(theirs, ours, strict=True)]
    return (sum(diffs) == 0 and all(d == 0 or i in tied for i, d in enumerate(diffs))
            and sum(abs(d) for d in diffs) <= 2 * sum(len(e.shares) - 1 for e in splits))


def test_every_hand_replays_in_pokerkit_to_our_final_stacks(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    exact = splits = 0
    for record in records:
        text = phh_hand(record)
        hh, final = pokerkit_final(text)
        order = phh_players(record.config)
        ours = [record.result["final_stacks"][s] for s in order]  # type: ignore[index]
        theirs = list(final.stacks)
        assert not final.status, f"hand {record.id}: pokerkit says it is not over\n{text}"
        assert same_payout(ours, theirs, record, order), f"hand {record.id}\n{text}"
        exact += ours == theirs
        splits += ours != theirs
        assert hh.finishing_stacks == ours and hh.starting_stacks == [
            record.config.stacks[s] for s in order]
        # Nothing was repaired: pokerkit did exactly the actions written, no more.
        ops = final.operations
        written = [a.split()[1] for a in hh.actions if a.startswith("p")]
        assert sum(isinstance(o, CheckingOrCalling) for o in ops) == written.count("cc")
        assert sum(isinstance(o, Folding) for o in ops) == written.count("f")
        assert sum(isinstance(o, CompletionBettingOrRaisingTo) for o in ops) == \
            written.count("cbr")
    assert exact > 0.9 * len(records)


def test_phh_names_seats_and_skips_players_not_dealt_in(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    record = scripted(records, "a seat sitting out is not dealt")
    hh = HandHistory.loads(phh_hand(record))
    # Button seat 4 (index 3); dealt seats 0, 1, 3, 4: p1 is seat 5 (the small blind).
    assert hh.seats == [5, 1, 2, 4] and hh.players == ["Eve", "Ann", "Bob", "Dan"]
    assert hh.seat_count == 5 and hh.hand == record.id and hh.table == "Scripted"
    assert hh.variant == "NT" and hh.min_bet == 10 and hh.antes == [0, 0, 0, 0]
    assert hh.blinds_or_straddles == [5, 10, 0, 0]
    # From the player's view (seat 1 is "p2"): the others' hole cards are unknown
    assert hh.actions[:4] == ["d dh p1 ????", "d dh p2 9h9d", "d dh p3 ????", "d dh p4 ????"]
    everyone = HandHistory.loads(phh_hand(record, hero=None))
    assert everyone.actions[1:3] == ["d dh p2 9h9d", "d dh p3 Ah2c"]
    assert (hh.year, hh.month, hh.day, str(hh.time), hh.time_zone) == (
        2026, 11, 22, "15:00:00", "UTC")


def test_phh_heads_up_lists_the_big_blind_first(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    hh = HandHistory.loads(phh_hand(scripted(records, "heads-up raise and fold")))
    assert hh.players == ["Bob", "Ann"]  # p1 the big blind, p2 the button
    assert [a for a in hh.actions if not a.startswith("d")] == ["p2 cbr 30", "p1 f"]


def test_phh_writes_the_check_pokerkit_asks_of_a_lone_big_blind(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    hh = HandHistory.loads(phh_hand(scripted(records,
                                             "all-in by the ante leaves the big blind alone")))
    assert hh.antes == [2, 2, 2] and hh.ante_trimming_status is True
    assert [a for a in hh.actions if not a.startswith("d")][:2] == ["p1 f", "p2 cc"]


def test_phh_fixed_limit_is_ft(library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    hh = HandHistory.loads(phh_hand(scripted(records, "fixed-limit capped preflop")))
    assert (hh.variant, hh.small_bet, hh.big_bet, hh.min_bet) == ("FT", 10, 20, None)


def test_a_session_exports_as_one_phhs_file(library: tuple[Store, list[HandRecord]]) -> None:
    store, records = library
    session = scripted(records, "raked pot").session_id
    mine = [r for r in records if r.session_id == session]
    text = export_session(store, session, "phh")
    loaded = list(HandHistory.loads_all(text))
    assert [h.hand for h in loaded] == [r.id for r in mine]
    assert phh_session(mine) == text
    for hh, record in zip(loaded, mine, strict=True):
        order = phh_players(record.config)
        if "_rake_percent" in hh.user_defined_fields:
            hh.rake = our_rake(hh.user_defined_fields)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            final = list(hh)[-1]
        assert same_payout([record.result["final_stacks"][s] for s in order],  # type: ignore[index]
                           list(final.stacks), record, order)


def test_hands_that_cannot_be_exported_say_why(tmp_path: Path) -> None:
    with Store.open(tmp_path / DB_NAME, durable=False) as s:
        table = seat_table({0: 500, 1: 500}, 2, structure=Structure.POT_LIMIT)
        s.save_table(table)
        hand, hand_id = start(s, table, random.Random(1))
        with pytest.raises(ExportError, match="only complete hands"):
            export_hand(s, hand_id, "phh")
        s.journal_and_apply(hand_id, 0, hand, to_action(hand, "fold"))
        s.finish_hand(hand_id, table, hand, table.end_hand())
        with pytest.raises(ExportError, match="pot-limit"):
            export_hand(s, hand_id, "phh")
        assert "Hold'em Pot Limit (5/10)" in export_hand(s, hand_id, "pokerstars")
        _, voided = start(s, table, random.Random(2))
        s.void_hand(voided, "test")
        with pytest.raises(ExportError, match="voided"):
            export_hand(s, voided, "pokerstars")


# ----------------------------------------------------------------- PokerStars

HEADER = re.compile(r"^PokerStars Hand #(\d+):  Hold'em (No Limit|Pot Limit|Limit) "
                    r"\((\d+)/(\d+)\) - \d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} ET$")
TABLE = re.compile(r"^Table '(.+)' (\d+)-max Seat #(\d+) is the button$")
SEAT = re.compile(r"^Seat (\d+): (.+) \((\d+) in chips\)( is sitting out)?$")
POST = re.compile(r"^(.+): posts (small blind|big blind|the ante) (\d+)( and is all-in)?$")
ACTION = re.compile(r"^(.+): (folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))"
                    r"( and is all-in)?$")
STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* \[([^\]]+)\](?: \[([^\]]+)\])?$")
UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
SHOWS = re.compile(r"^(.+): (shows \[(\w\w \w\w)\] \((.+)\)|mucks hand)$")
COLLECTED = re.compile(r"^(.+) collected (\d+) from (pot|main pot|side pot|side pot-\d+)$")
TOTAL = re.compile(r"^Total pot (\d+)((?: Main pot \d+\.)(?: Side pot(?:-\d+)? \d+\.)+)? "
                   r"\| Rake (\d+)$")
SUMMARY_SEAT = re.compile(
    r"^Seat (\d+): (.+?)( \(button\))?( \(small blind\))?( \(big blind\))? "
    r"(folded before Flop( \(didn't bet\))?|folded on the (Flop|Turn|River)"
    r"|showed \[\w\w \w\w\] and (won \((\d+)\) with .+|lost with .+)"
    r"|mucked(?: \[\w\w \w\w\])?|collected \((\d+)\))$")


def check_stars(text: str, record: HandRecord) -> None:
    """Structure, order of sections, and the chips: every stack in the text ends where
    the engine left it, and the total pot is what was collected plus the rake."""
    result = record.result
    assert result is not None
    cfg = record.config
    lines = text.rstrip("\n").split("\n")
    header = HEADER.match(lines[0])
    assert header, lines[0]
    assert (int(header[1]), int(header[3]), int(header[4])) == (
        record.id, cfg.small_blind, cfg.big_blind)
    table = TABLE.match(lines[1])
    assert table and table[1] == record.table_name and int(table[2]) == len(cfg.stacks)
    assert int(table[3]) == cfg.button + 1
    names: dict[str, int] = {}
    at = 2
    while (seat := SEAT.match(lines[at])) is not None:
        index = int(seat[1]) - 1
        assert int(seat[3]) == cfg.stacks[index]
        assert bool(seat[4]) == (not cfg.players[index])
        names[seat[2]] = index
        at += 1
    assert sorted(names.values()) == [s for s in range(len(cfg.stacks))
                                      if cfg.players[s] or (cfg.names and cfg.names[s])]
    stacks = list(cfg.stacks)
    put = dict.fromkeys(names.values(), 0)
    high = 0
    while (post := POST.match(lines[at])) is not None:
        seat_index, amount = names[post[1]], int(post[3])
        stacks[seat_index] -= amount
        if post[2] != "the ante":
            put[seat_index] += amount
            high = max(high, put[seat_index])
        at += 1
    assert lines[at] == "*** HOLE CARDS ***"
    at += 1
    sections = ["HOLE CARDS"]
    collected = 0
    board: list[str] = []
    while lines[at] != "*** SUMMARY ***":
        line = lines[at]
        at += 1
        if line.startswith("Dealt to "):
            continue
        if (m := ACTION.match(line)) is not None:
            seat_index = names[m[1]]
            if m[3]:
                amount = int(m[3])
            elif m[4]:
                assert high == 0, line
                amount = int(m[4])
            elif m[5]:
                assert int(m[6]) - int(m[5]) == high, line  # "raises X to Y": Y = high + X
                amount = int(m[6]) - put[seat_index]
            else:
                amount = 0
            stacks[seat_index] -= amount
            put[seat_index] += amount
            high = max(high, put[seat_index])
            assert stacks[seat_index] >= 0
            assert bool(m[7]) == (stacks[seat_index] == 0 and amount > 0), line
        elif (m := STREET.match(line)) is not None:
            sections.append(m[1])
            if m[1] == "FLOP":
                board = m[2].split()
            else:
                assert m[2].split() == board, line
                board += m[3].split()
            put = dict.fromkeys(put, 0)
            high = 0
        elif (m := UNCALLED.match(line)) is not None:
            stacks[names[m[2]]] += int(m[1])
        elif line == "*** SHOW DOWN ***":
            sections.append("SHOW DOWN")
        elif (m := SHOWS.match(line)) is not None:
            assert sections[-1] == "SHOW DOWN"
        elif (m := COLLECTED.match(line)) is not None:
            stacks[names[m[1]]] += int(m[2])
            collected += int(m[2])
        elif line.endswith(": doesn't show hand"):
            assert "SHOW DOWN" not in sections
        else:
            raise AssertionError(f"unexpected line {line!r}")
    streets = [s for s in sections if s in ("FLOP", "TURN", "RIVER")]
    assert streets == ["FLOP", "TURN", "RIVER"][:len(streets)]
    assert ("SHOW DOWN" in sections) == bool(result["showdown"])
    assert board == result["board"]
    assert stacks == result["final_stacks"], text
    total = TOTAL.match(lines[at + 1])
    assert total, lines[at + 1]
    assert int(total[1]) == collected + int(total[3]) == sum(
        p["amount"] for p in result["pots"]) + result["rake"]
    pots = [p["amount"] for p in result["pots"] if p["amount"]]
    if len(pots) > 1:
        assert [int(x) for x in re.findall(r"(\d+)\.", total[2])] == pots
    rest = lines[at + 2:]
    if board:
        assert rest[0] == f"Board [{' '.join(board)}]"
        rest = rest[1:]
    dealt = [s for s in range(len(cfg.stacks)) if cfg.players[s]]
    won_by = [0] * len(cfg.stacks)
    for award in result["awards"]:
        for seat_index, chips in award["shares"]:
            won_by[seat_index] += chips
    shown = {entry["seat"] for entry in result["showdown"]}
    assert len(rest) == len(dealt)
    for line, seat_index in zip(rest, dealt, strict=True):
        m = SUMMARY_SEAT.match(line)
        assert m and int(m[1]) == seat_index + 1, line
        assert bool(m[3]) == (seat_index == cfg.button), line
        assert int(m[10] or m[11] or 0) == won_by[seat_index], line
        assert m[6].startswith(("showed", "mucked")) == (seat_index in shown), line


def test_pokerstars_text_has_the_structure_and_the_chips_add_up(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    side_pots = split_pots = showdowns = 0
    for record in records:
        hero = next(s for s in range(len(record.config.stacks)) if record.config.players[s])
        text = pokerstars_hand(record, hero=hero)
        check_stars(text, record)
        assert text.count("Dealt to ") == 1
        result = record.result
        assert result is not None
        side_pots += sum(1 for p in result["pots"] if p["amount"]) > 1
        split_pots += any(len(a["shares"]) > 1 for a in result["awards"])
        showdowns += bool(result["showdown"])
    assert side_pots >= 10 and split_pots >= 2 and showdowns >= 50  # the set is varied


def test_side_pots_are_named_as_the_site_names_them(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    text = pokerstars_hand(scripted(records, "three all-ins make two side pots"))
    assert "Bob collected 600 from main pot" in text
    assert "Bob collected 450 from side pot-1" in text
    assert "Dan collected 1000 from side pot-2" in text
    assert text.index("side pot-2") < text.index("side pot-1") < text.index("main pot")
    assert "Total pot 2050 Main pot 600. Side pot-1 450. Side pot-2 1000. | Rake 0" in text
    assert "Dan: raises 790 to 800 and is all-in" in text
    assert "Seat 2: Bob (small blind) showed [Ah Ad] and won (1050) with" in text
    split = pokerstars_hand(scripted(records, "split pot with an odd chip"))
    assert "Bob collected 88 from pot" in split and "Ann collected 87 from pot" in split
    assert "Ann: posts the ante 1" in split
    raked = pokerstars_hand(scripted(records, "raked pot"))
    assert "Total pot 150 | Rake 7" in raked and "collected 143 from pot" in raked


def test_mucked_hands_stay_private_in_both_formats(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    record = scripted(records, "losers muck at showdown")
    text = pokerstars_hand(record, hero=None)
    assert "Bob: shows [Ah Ad]" in text
    assert "Cat: mucks hand" in text and "Ann: mucks hand" in text
    assert "Seat 3: Cat (big blind) mucked [7c 2d]" in text
    seen = pokerstars_hand(record, hero=0)  # as the player saw it: no mucked cards
    assert "Seat 3: Cat (big blind) mucked\n" in seen and "7c 2d" not in seen
    hh = HandHistory.loads(phh_hand(record))
    assert hh.actions[-3:] == ["p1 sm AhAd", "p2 sm", "p3 sm"]


def test_a_heads_up_hand_reads_exactly_like_the_site(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    record = scripted(records, "heads-up raise and fold")
    assert pokerstars_hand(record, hero=0) == f"""\
PokerStars Hand #{record.id}:  Hold'em No Limit (5/10) - 2026/11/22 10:00:00 ET
Table 'Scripted' 2-max Seat #1 is the button
Seat 1: Ann (400 in chips)
Seat 2: Bob (400 in chips)
Ann: posts small blind 5
Bob: posts big blind 10
*** HOLE CARDS ***
Dealt to Ann [2d 2s]
Ann: raises 20 to 30
Bob: folds
Uncalled bet (20) returned to Ann
Ann collected 20 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann (button) (small blind) collected (20)
Seat 2: Bob (big blind) folded before Flop
"""


def test_blinds_alone_uncalled_and_sitting_out_seats(
        library: tuple[Store, list[HandRecord]]) -> None:
    _, records = library
    short = pokerstars_hand(scripted(records, "short small blind all-in, nobody acts"))
    assert "Ann: posts small blind 3 and is all-in" in short
    lines = short.splitlines()
    assert lines.index("Uncalled bet (7) returned to Bob") > lines.index("*** HOLE CARDS ***")
    assert lines.index("Uncalled bet (7) returned to Bob") < lines.index(
        next(line for line in lines if line.startswith("*** FLOP")))
    out = pokerstars_hand(scripted(records, "a seat sitting out is not dealt"), hero=None)
    assert "Seat 3: Cat (600 in chips) is sitting out" in out
    assert "Dealt to" not in out and "Seat 3:" not in out.split("*** SUMMARY ***")[1]


def test_a_session_is_hands_separated_by_blank_lines(
        library: tuple[Store, list[HandRecord]]) -> None:
    store, records = library
    session = records[-1].session_id
    text = export_session(store, session, "pokerstars")
    mine = [r for r in records if r.session_id == session]
    assert len(mine) > 1
    assert text == pokerstars_session(mine)
    assert text.count("PokerStars Hand #") == len(mine)
    assert all(block.startswith("PokerStars Hand #") for block in text.split("\n\n\n"))
