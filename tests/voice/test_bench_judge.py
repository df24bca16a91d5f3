"""The voice benchmark judges a turn the way the game plays it: a say-back waits while
the rest of a command cut by a pause is still being heard, then is withdrawn."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_voice as bench

from engine.actions import ActionKind
from tests.engine.util import deal
from voice.confirm import ConfirmPolicy
from voice.understand.parse import parse


def got(text: str, start: float, end: float, ready: float, after: float) -> bench.Got:
    ctx = deal([1000] * 4).betting_context()
    return bench.Got(start, end, ready, parse(text, ctx), 0.9, text, after=after)


def test_a_say_back_waits_for_the_rest_of_a_cut_command() -> None:
    ctx = deal([1000] * 4).betting_context()
    first = got("raise to one hundred", 0.0, 1.0, 1.7, math.inf)
    # The rest began 0.3 s after the first ended and was heard only after the first's
    # 1.5 s grace window had run out (3.2 s): the game holds it, then withdraws it.
    rest = got("ten times", 1.3, 2.2, 3.5, 0.3)
    done = bench.judge([first, rest], ctx, ConfirmPolicy(), 10.0)
    assert done.applied == [] and done.withdrawn == 1
    assert [a.kind for a in done.asked] == [ActionKind.RAISE]  # the rest is asked
    # Without the rule the first half is done.
    done = bench.judge([first, rest], ctx, ConfirmPolicy(continuation=0.0), 10.0)
    action, questioned = done.applied[0]
    assert (action.kind, action.to, questioned) == (ActionKind.RAISE, 100, False)
    # A command after a real pause leaves the first alone.
    later = got("ten times", 3.0, 3.8, 4.5, 2.0)
    done = bench.judge([first, later], ctx, ConfirmPolicy(), 10.0)
    assert (done.applied[0][0].kind, done.applied[0][0].to) == (ActionKind.RAISE, 100)


def test_two_readings_offered_replace_a_say_back_still_waiting() -> None:
    ctx = deal([1000] * 4).betting_context()
    first = got("raise to one hundred", 0.0, 1.0, 1.7, math.inf)
    rest = bench.Got(1.3, 2.2, 3.5, parse("ten times", ctx), 0.25, "ten times",
                     offered=(parse("raise to 400", ctx), parse("call", ctx)), after=0.3)
    done = bench.judge([first, rest], ctx, ConfirmPolicy(), 10.0)
    assert done.applied == [] and done.offers == 1


def test_whisper_overrides_take_each_settings_own_type() -> None:
    assert bench.whisper_field("beam", "12") == 12
    assert bench.whisper_field("blas_threads", "2") == 2
    assert bench.whisper_field("margin", "2.5") == 2.5
    assert bench.whisper_field("compute_type", "float32") == "float32"
    assert bench.whisper_field("heard_amounts", "false") is False
    with pytest.raises(SystemExit, match="no setting 'bream'"):
        bench.whisper_field("bream", "8")


def test_a_table_command_that_changes_the_seat_counts_as_done_unasked() -> None:
    ctx = deal([1000] * 4).betting_context()
    sure = got("sit out", 0.0, 1.0, 1.2, math.inf)
    done = bench.judge([sure], ctx, ConfirmPolicy(), 10.0)
    assert [(c.value, q) for c, q in done.table] == [("sit_out", False)]
    unsure = bench.Got(0.0, 1.0, 1.2, parse("sit out", ctx), 0.25, "sit out")
    done = bench.judge([unsure], ctx, ConfirmPolicy(), 10.0)
    assert done.table == []  # asked "Sit out? Say yes or no", never answered
    harmless = got("mute the bots", 0.0, 1.0, 1.2, math.inf)
    assert bench.judge([harmless], ctx, ConfirmPolicy(), 10.0).table == []
