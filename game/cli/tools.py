"""``holdem replay``, ``holdem stats``, ``holdem export`` and ``holdem --reset-settings``:
terminal tools over the save files (the cash table's and the Sit & Go's, read as one).
Each returns the exit status (1 with a sentence on stderr when it can't do what was
asked)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from engine.actions import IllegalAction
from engine.chips import chip_text
from game.paths import data_dir
from game.persistence.numbering import SITNGO_DB
from game.persistence.store import DB_NAME, CorruptRecord, Store, StoreError
from game.records.export import ExportError, export_hand, export_records, export_session
from game.records.histories import HistoryWriter
from game.records.library import Library, Which
from game.records.stats import all_time_stats, session_stats, stats_json
from game.records.statsview import text_table
from game.records.steps import hand_title, names_of, step_text, steps
from game.settings.file import load_settings, reset_settings


def _fail(message: str) -> int:
    print(f"holdem: {message}", file=sys.stderr)
    return 1


def _open(name: str, *, tournaments: bool = False) -> Store | None:
    """A save file, read-only: nothing in its folder is created or changed (None when
    there is none yet; a damaged one salvaged into memory, with the hands it lost read
    back from the hand-history folder)."""
    path = data_dir() / name
    if not path.exists():
        return None
    store = Store.open_read_only(path, histories=HistoryWriter.for_settings(
        load_settings().settings, tournaments=tournaments))
    for notice in store.notices:
        print(notice, file=sys.stderr)
    return store


def _with_store(run: Callable[[Library], int]) -> int:
    """``run`` over the cash table's save and the Sit & Go's, read as one."""
    try:
        cash = _open(DB_NAME) or Store.empty()
    except StoreError as err:
        return _fail(str(err))
    try:
        sit_and_go = _open(SITNGO_DB, tournaments=True)
    except StoreError as err:
        print(f"holdem: the Sit & Go save is left out: {err}", file=sys.stderr)
        sit_and_go = None
    library = Library(cash, sit_and_go)
    try:
        library = Library.of(cash, sit_and_go)
        return run(library)
    except CorruptRecord as err:
        return _fail(f"the save file has a damaged record: {err}")
    except StoreError as err:
        return _fail(str(err))
    finally:
        library.close()


def replay(args: argparse.Namespace,
           wait: Callable[[], object] = input) -> int:
    def run(library: Library) -> int:
        if args.hand is None:
            hands = library.hands(status=None)[-20:]
            if not hands:
                print("No hands stored yet.")
            for record in hands:
                print(f"{hand_title(record)} · {record.status.value}")
            return 0
        try:
            record = library.hand(args.hand)
        except KeyError:
            known = sorted(r.id for r in library.hands(status=None))
            span = f" (stored: hands {known[0]}-{known[-1]})" if known else \
                " (no hands are stored yet)"
            return _fail(f"there is no hand {args.hand}{span}")
        names = names_of(record)
        print(f"Hand #{record.id} at {record.table_name} · "
              f"{record.started_at} · {record.status.value}")
        try:
            all_steps = steps(record)
        except IllegalAction as err:
            return _fail(f"hand {record.id}'s journal does not replay: {err}")
        for k, step in enumerate(all_steps):
            print(step_text(step, names, record.config.players), flush=True)
            if args.step and k + 1 < len(all_steps):
                wait()
        if record.void_reason:
            print(f"Voided ({record.void_reason}): every stack went back to its "
                  "start-of-hand value.")
        return 0
    return _with_store(run)


def stats(args: argparse.Namespace) -> int:
    def run(library: Library) -> int:
        store = library.cash
        from game.persistence.sitngo import load_results, sit_and_go_rows, tournament_career
        results = load_results()
        sit_and_go = tournament_career(results)
        autoplayed = tournament_career(results, autoplay=True)  # a bot in the chair
        sng_store = library.sit_and_go
        sng_stats = all_time_stats(sng_store) if sng_store is not None else {}
        sng_counts = sng_store.hand_counts() if sng_store is not None else {}
        if args.json:
            print(json.dumps({**stats_json(store, args.session),
                              "sit_and_go": sit_and_go.as_json(),
                              "sit_and_go_autoplay": autoplayed.as_json(),
                              "sit_and_go_hands": {
                                  "recorded": sng_counts.get("complete", 0),
                                  "voided": sng_counts.get("voided", 0),
                                  "in_play": sng_counts.get("playing", 0)},
                              "sit_and_go_players": {n: p.to_json()
                                                     for n, p in sng_stats.items()}}))
            return 0
        sessions = [s[0] for s in store.sessions()]
        if args.session is not None and args.session not in sessions:
            return _fail(f"there is no session {args.session}"
                         + (f" (sessions 1-{sessions[-1]})" if sessions else ""))
        info = stats_json(store, args.session)
        bank = info["bank"]
        if bank is not None:
            print(f"Table: {chip_text(bank['on_table'])} chips on the table · "
                  f"{chip_text(bank['bought_in'])} "
                  f"bought in ({chip_text(bank['rebuys'])} by rebuys) · "
                  f"{chip_text(bank['cashed_out'])} "
                  f"cashed out · {chip_text(bank['rake'])} rake")
            for seat in info["seats"]:
                print(f"  seat {seat['seat'] + 1}: {seat['name']} {chip_text(seat['stack'])} "
                      f"(rebuys {chip_text(seat['rebuys'])})")
        hands = info["hands"]
        print(f"Hands recorded: {hands['recorded']} at the cash table (voided "
              f"{hands['voided']}), {sng_counts.get('complete', 0)} in Sit & Gos")
        label = (f"Session {args.session}" if args.session
                 else "This session (every hand at the current cash table)")
        print(f"\n{label}:\n{text_table(session_stats(store, args.session))}")
        print(f"\nAll time at the cash table:\n{text_table(all_time_stats(store))}")
        print(f"\nAll time in Sit & Gos (tournament chips):\n{text_table(sng_stats)}")
        print("\n" + "\n".join(f"{k}: {v}" for k, v in sit_and_go_rows(sit_and_go)))
        if autoplayed.played:
            print("Autoplay's Sit & Gos (a bot in your chair): "
                  + " · ".join(f"{k} {v}" for k, v in sit_and_go_rows(autoplayed)))
        return 0
    return _with_store(run)


def export(args: argparse.Namespace) -> int:
    def run(library: Library) -> int:
        store = library.cash
        hero = args.hero - 1
        skipped: list[tuple[int, str]] = []
        try:
            if args.hand is not None:
                text = export_hand(library, args.hand, args.format, hero=hero)
            elif args.session is not None:
                if args.session not in [s[0] for s in store.sessions()]:
                    return _fail(f"there is no session {args.session}")
                text = export_session(store, args.session, args.format, hero=hero,
                                      skipped=skipped)
            else:
                which: Which = "cash" if args.cash else "all"
                if args.tournament is not None:
                    known = library.tournaments()
                    if args.tournament not in known:
                        return _fail(f"there is no Sit & Go #{args.tournament}" + (
                            f" (stored: {', '.join(f'#{n}' for n in known)})" if known
                            else " (none is stored yet)"))
                    which = args.tournament
                text = export_records(library.hands(which, broken=skipped), args.format,
                                      hero=hero, skipped=skipped)
        except KeyError:
            return _fail(f"there is no hand {args.hand}")
        except (ExportError, IllegalAction) as err:
            return _fail(str(err))
        for hand_id, why in skipped:  # the rest is written
            print(f"holdem: skipped hand {hand_id}: {why}", file=sys.stderr)
        if not text.strip():
            return _fail("no complete hands to export" if not skipped else
                         f"none of the {len(skipped)} hands could be exported")
        if args.output is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            return 0
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as err:
            return _fail(f"can't write {args.output} ({err.strerror or err})")
        print(f"Wrote {args.output}", file=sys.stderr)
        return 0
    return _with_store(run)


def reset() -> int:
    path, trouble = reset_settings()
    if trouble:
        return _fail(trouble)
    print(f"Settings reset to the defaults: {path}")
    return 0
