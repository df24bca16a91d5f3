"""A Sit & Go whose save can't be read is rebuilt from its own hands (issue 42, item 4):
the same tournament number, level, stacks and places, and the player is told what came
back; a new tournament is never numbered like an old one, and a file never holds two."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.persistence.sitngo import DB_FILE, STATE_FILE, load_results
from game.records.sitngo_rebuild import RebuildError, rebuild, tournament_hands
from game.settings.model import GameSettings
from game.table.sitngo import seat_sit_and_go
from tests.game.test_sitngo_records import autoplay_sng, play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOLDEM_DATA_DIR", str(tmp_path))
    return tmp_path


def _damage(path: Path) -> None:
    """Cut the file in half and overwrite its first bytes (its header)."""
    data = path.read_bytes()
    path.write_bytes(b"\xff" * 100 + data[100:len(data) // 2])


def _as_left(seated: object) -> tuple[object, ...]:
    sng = seated.session.tournament  # type: ignore[attr-defined]
    return (sng.number, sng.level_number, sng.hands_at_level, sng.hands, sng.finishers,
            [p.stack if p else None for p in sng.table.seats], sng.table.button,
            sng.table.hands_played, [k.place for k in sng.knockouts])


def test_a_damaged_save_is_rebuilt_from_the_tournaments_hand_histories(folder: Path) -> None:
    seated = autoplay_sng(folder, seed=3)
    play(seated, 17)  # turbo: level IV, a knockout or more
    before = _as_left(seated)
    seated.session.save.close()
    _damage(folder / DB_FILE)
    again, notices, recovery = seat_sit_and_go(GameSettings(), 3, speed="turbo",
                                               autoplay=True, folder=folder)
    assert recovery == "rebuilt"
    assert _as_left(again) == before
    told = " ".join(notices)
    assert "Sit & Go #1 was rebuilt from its 17 hands and goes on at level IV" in told
    again.session.save.close()


def test_a_damaged_save_gives_one_notice_and_the_graph_goes_on(folder: Path) -> None:
    """Issue 49, item 8: the notice said "a new table starts ... it can't count" and then
    "rebuilt ... no hand was lost"; the hand in play was dealt again unsaid; the stack
    graph restarted at 0 hands."""
    seated = autoplay_sng(folder, seed=3)
    play(seated, 17)
    session = seated.session
    session.start_hand()  # a hand in play when the game stops
    hand = session.hand
    assert hand is not None and hand.to_act is not None
    view = session.view(hand.to_act)
    assert view is not None
    session.submit(seated.seats.decide(hand.to_act, view))
    session.save.close()
    _damage(folder / DB_FILE)
    again, notices, recovery = seat_sit_and_go(GameSettings(), 3, speed="turbo",
                                               autoplay=True, folder=folder)
    assert recovery == "rebuilt" and len(notices) == 1
    notice = notices[0]
    assert notice.startswith("The Sit & Go's save file was damaged and set aside. ")
    assert "rebuilt from its 17 hands and goes on at level IV" in notice
    me = again.session.table.seats[0]
    assert me is not None and f"{me.name} {me.stack:,}" in notice  # where the player stands
    assert notice.endswith("a hand in play when it stopped was voided, its chips returned.")
    for contradiction in ("a new table starts", "can't count", "no hand was lost"):
        assert contradiction not in notice
    assert again.session.graph_hands == 17  # the graph goes on
    again.session.save.close()


def test_a_damaged_progress_file_is_rebuilt_from_the_hands_not_replaced(folder: Path) -> None:
    seated = autoplay_sng(folder)
    play(seated, 7)
    before = _as_left(seated)
    seated.session.save.close()
    (folder / STATE_FILE).write_text("{not json", encoding="utf-8")
    again, notices, recovery = seat_sit_and_go(GameSettings(), 2, speed="turbo",
                                               autoplay=True, folder=folder)
    assert recovery == "rebuilt" and _as_left(again) == before
    assert any("damaged" in n and "rebuilt" in n for n in notices)
    play(again, 1)
    sng = again.session.tournament
    assert sng is not None and sng.hands == 8 and sng.chips_conserved()
    again.session.save.close()


def test_a_lost_progress_file_is_rebuilt_too(folder: Path) -> None:
    seated = autoplay_sng(folder)
    play(seated, 4)
    before = _as_left(seated)
    seated.session.save.close()
    (folder / STATE_FILE).unlink()
    again, _, recovery = seat_sit_and_go(GameSettings(), 2, speed="turbo", autoplay=True,
                                         folder=folder)
    assert recovery == "rebuilt" and _as_left(again) == before
    again.session.save.close()


def test_a_new_tournament_is_never_numbered_like_an_old_one(folder: Path) -> None:
    seated = autoplay_sng(folder)
    play(seated, 100_000)  # to the end: tournament 1 in the results and its files
    sng = seated.session.tournament
    assert sng is not None and sng.finished
    seated.session.save.close()
    (folder / "sitngo-results.json").unlink()  # the results and the save both lost
    _damage(folder / DB_FILE)
    again, _, recovery = seat_sit_and_go(GameSettings(), 2, autoplay=True, folder=folder)
    assert recovery == "none"  # over: nothing to continue
    number = again.session.tournament.number  # type: ignore[union-attr]
    assert number == 2
    play(again, 1)
    again.session.save.close()
    files = sorted(p.name for p in (folder / "hand-histories").glob("HH*.txt"))
    assert len(files) == 2 and " T1 " in files[0] and " T2 " in files[1]
    for path in (folder / "hand-histories").glob("HH*.txt"):  # one tournament a file
        assert len(set(re.findall(r"Tournament #(\d+),", path.read_text()))) == 1
    assert load_results(folder) == []


def test_hands_that_do_not_chain_are_not_made_into_a_tournament(folder: Path) -> None:
    seated = autoplay_sng(folder)
    play(seated, 3)
    store = seated.session.save.store
    assert store is not None
    hands = tournament_hands(store.hands())[1]
    seated.session.save.close()
    stacks = list(hands[1].config.stacks)
    a, b = [s for s, chips in enumerate(stacks) if chips > 10][:2]
    stacks[a], stacks[b] = stacks[a] + 10, stacks[b] - 10  # ten chips moved between hands
    bad = replace(hands[1], config=replace(hands[1].config, stacks=tuple(stacks)))
    with pytest.raises(RebuildError, match="does not start where the hand before"):
        rebuild([hands[0], bad, hands[2]], 1)
    assert rebuild(hands, 1).sng.hands == 3


def _hands_of(text: str) -> list[str]:
    return [h for h in re.split(r"\n\n\n+", text.strip()) if h]


def _ends(hand: str, start: dict[str, int]) -> dict[str, int]:
    """Each player's chips after ``hand`` from its own lines (the outside check's
    arithmetic: posts, calls, bets, raises, returns, collections)."""
    end, street = dict(start), {}
    for line in hand.splitlines():
        if line.startswith("*** SUMMARY"):
            break
        if re.match(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*", line):
            street = {}
        if found := re.match(r"^(.+?): posts the ante (\d+)", line):
            end[found.group(1)] -= int(found.group(2))
        elif found := re.match(r"^(.+?): (?:posts (?:small|big) blind|calls|bets) (\d+)",
                               line):
            name, chips = found.group(1), int(found.group(2))
            end[name] -= chips
            street[name] = street.get(name, 0) + chips
        elif found := re.match(r"^(.+?): raises \d+ to (\d+)", line):
            name, to = found.group(1), int(found.group(2))
            end[name] -= to - street.get(name, 0)
            street[name] = to
        elif found := re.match(r"^Uncalled bet \((\d+)\) returned to (.+)$", line):
            end[found.group(2)] += int(found.group(1))
        elif found := re.match(r"^(.+?) collected (\d+) from", line):
            end[found.group(1)] += int(found.group(2))
    return end


@pytest.mark.slow
def test_the_outside_check_twelve_hands_a_damaged_save_then_twelve_more(tmp_path: Path
                                                                       ) -> None:
    """As an outside check does it: ``holdem --autoplay 12 --sit-and-go``, the save cut
    in half and its first bytes overwritten, 12 more; the hand histories then hold one
    tournament whose every hand starts where the one before ended, whose blinds never
    fall back, and whose chips are the starting stacks throughout."""
    env = {**os.environ, "HOLDEM_DATA_DIR": str(tmp_path / "data"),
           "HOLDEM_CONFIG_DIR": str(tmp_path / "config"), "HOLDEM_OFFLINE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}

    def run() -> dict[str, object]:
        done = subprocess.run([sys.executable, "-m", "game", "--autoplay", "12", "--sit-and-go",
                               "--seed", "5", "--headless", "--fps", "0"], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=600, check=True)
        assert "Traceback" not in done.stderr
        report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
        return report

    first = run()
    _damage(tmp_path / "data" / DB_FILE)
    second = run()
    assert second["recovery"] == "rebuilt" and second["chips_conserved"]
    assert second["tournament"]["number"] == first["tournament"]["number"]  # type: ignore[index]
    files = list((tmp_path / "data" / "hand-histories").glob("HH*.txt"))
    assert len(files) == 1
    hands = _hands_of(files[0].read_text(encoding="utf-8"))
    assert len(hands) == 24
    assert {re.search(r"Tournament #(\d+),", h).group(1) for h in hands} == {"1"}  # type: ignore[union-attr]
    previous: dict[str, int] | None = None
    big_blind = 0
    for hand in hands:
        seats = {m.group(1): int(m.group(2))
                 for m in re.finditer(r"^Seat \d: (.+?) \((\d+) in chips\)", hand, re.M)}
        if previous is not None:
            assert seats == {k: v for k, v in previous.items() if v > 0}, hand.splitlines()[0]
        assert sum(seats.values()) == 6000
        blind = int(re.search(r"\((\d+)/(\d+)\)", hand).group(2))  # type: ignore[union-attr]
        assert blind >= big_blind
        big_blind = blind
        previous = _ends(hand, seats)
        assert sum(previous.values()) == 6000
