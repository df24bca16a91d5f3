"""Contract 7's speech log: every line the game says or was about to say, once, with
its fate (said to the end, dropped, cut off), its screen and when it was queued."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

from game.voicectl.speech_log import SpeechLog
from tests.voice.test_narrator_speech import Clock, FakePlayer, FakeRenderer, wait_for
from voice.speak.backlog import SpeechQueue
from voice.speak.line import Line, Priority
from voice.speak.narrator import Narrator


def records(out: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_record_names_the_time_queued_the_screen_and_the_fate() -> None:
    out = io.StringIO()
    log = SpeechLog(out, launched=100.0)
    log(Line("Paused", created=101.25, scene="pause"), True, "")
    log(Line("nice hand", "seat1", Priority.BANTER, created=102.0, scene="table"), False,
        "dropped")
    assert records(out) == [
        {"t_ms": 1250, "scene": "pause", "text": "Paused", "spoken": True},
        {"t_ms": 2000, "scene": "table", "text": "nice hand", "spoken": False,
         "why": "dropped", "speaker": "seat1"}]


def test_every_line_the_queue_throws_away_is_told_once() -> None:
    told: list[tuple[str, bool, str]] = []
    clock = Clock()
    q = SpeechQueue(clock=clock, max_banter=1)
    q.fate = lambda line, spoken, why: told.append((line.text, spoken, why))
    q.put(Line("gg", "seat1", Priority.BANTER))
    q.put(Line("wow", "seat2", Priority.BANTER))  # over the banter cap
    q.put(Line("Vera raises to 40", topic="action"))
    q.put(Line("Blaze calls 40", topic="action"))
    q.drop(lambda line: line.text.startswith("Blaze"))
    clock.now += 60  # the banter has gone stale
    assert q.pop() is not None and q.pop() is None
    q.put(Line("The flop: ..."))
    q.interrupt()
    assert told == [("wow", False, "dropped"), ("Blaze calls 40", False, "dropped"),
                    ("gg", False, "dropped"), ("The flop: ...", False, "dropped")]


def test_the_narrator_tells_what_it_said_and_what_it_cut_off(tmp_path: Path) -> None:
    out = io.StringIO()
    player = FakePlayer(seconds=0.05)
    narrator = Narrator(player, renderer=FakeRenderer(), workdir=tmp_path,  # type: ignore[arg-type]
                        fate=SpeechLog(out, launched=0.0))
    narrator.say("Your turn: 40 to call, pot 55", priority=Priority.URGENT, scene="table")
    narrator.start()
    wait_for(lambda: out.getvalue())
    player.seconds = math.inf  # played until interrupted
    narrator.say("a very long story", scene="start")
    narrator.say("and more", scene="start")
    wait_for(lambda: len(player.played) == 2)
    narrator.interrupt()
    wait_for(lambda: len(out.getvalue().splitlines()) == 3)
    narrator.say("Goodbye", scene="start")
    narrator.close()
    got = [(r["text"], r["scene"], r["spoken"], r.get("why")) for r in records(out)]
    assert got[:3] == [("Your turn: 40 to call, pot 55", "table", True, None),
                       ("and more", "start", False, "dropped"),
                       ("a very long story", "start", False, "interrupted")]
    assert len(got) == 4 and got[3][0] == "Goodbye" and got[3][2] is False  # closing: never
    # left out, and not claimed as said


def test_waiting_for_quiet_lets_the_goodbye_be_said(tmp_path: Path) -> None:
    out = io.StringIO()
    narrator = Narrator(FakePlayer(seconds=0.2), renderer=FakeRenderer(),  # type: ignore[arg-type]
                        workdir=tmp_path, fate=SpeechLog(out, launched=0.0))
    narrator.start()
    narrator.say("Goodbye. You leave with 1,240 chips")
    assert narrator.wait_quiet(60.0)
    narrator.close()
    assert [r["spoken"] for r in records(out)] == [True]
