"""The spotter's reliability in the voice benchmark: per room, how often its readings at
each confidence were right, and the calibration fitted on the development set.

A reading is the spotter's surest command in one utterance the gate cut. It is right
when the utterance holds a command (it overlaps one said in the stream) that means what
the spotter read; a reading in an utterance of the room's talk alone is wrong, whatever
it read. The calibration (:class:`voice.recognize.spotter.Calibration`) maps the head's
own probability onto the share of development-set readings that were right (isotonic,
pooled over the rooms), then moves the point where it reaches 0.9 up to the least
probability from which the readings were right at least :data:`TARGET` of the time in
every room of the development set.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from voice.recognize.spotter import Calibration

SURE = 0.9
TARGET = 0.98
BINS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0001)


@dataclass(frozen=True, slots=True)
class SpotReading:
    """One utterance's spotter reading: where, its calibrated confidence and the head's
    own probability, and whether it was right."""

    set: str
    family: str
    room: str
    confidence: float
    raw: float
    right: bool


def isotonic(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pool-adjacent-violators: the non-decreasing fit of ``y`` over sorted ``x``, as
    block edges (x) and values."""
    order = np.argsort(x, kind="stable")
    xs, ys = x[order], y[order].astype(float)
    values: list[float] = []
    weights: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    for xi, yi in zip(xs, ys, strict=True):
        values.append(float(yi))
        weights.append(1.0)
        lows.append(float(xi))
        highs.append(float(xi))
        while len(values) > 1 and values[-2] > values[-1]:
            w = weights[-2] + weights[-1]
            v = (values[-2] * weights[-2] + values[-1] * weights[-1]) / w
            values[-2:] = [v]
            weights[-2:] = [w]
            lows[-2:] = [lows[-2]]
            highs[-2:] = [highs[-1]]
    edges = np.array([(lo + hi) / 2 for lo, hi in zip(lows, highs, strict=True)])
    return edges, np.array(values)


def sure_from(readings: Sequence[SpotReading], target: float = TARGET) -> float:
    """The least head probability from which the readings were right at least
    ``target`` of the time in every room (1.0 when none is)."""
    rooms = sorted({r.room for r in readings})
    for t in sorted({r.raw for r in readings}):
        ok = True
        for room in rooms:
            mine = [r.right for r in readings if r.room == room and r.raw >= t]
            if mine and sum(mine) < target * len(mine):
                ok = False
                break
        if ok:
            return t
    return 1.0


def fit(readings: Sequence[SpotReading]) -> tuple[Calibration, dict[str, Any]]:
    """The calibration from the development set's readings (the head's probability,
    every utterance, commands read below the spotter's threshold too)."""
    x = np.array([r.raw for r in readings])
    y = np.array([r.right for r in readings], float)
    edges, values = isotonic(x, y)
    t = sure_from(readings)
    knots = {0.0: 0.0}
    for e, v in zip(edges, values, strict=True):
        if 0.0 < e < 1.0 and e != t:
            knots[float(e)] = min(float(v), SURE - 0.001) if e < t else max(float(v), SURE)
    if t < 1.0:
        knots[t] = max(SURE, max((v for e, v in knots.items() if e < t), default=0.0))
    top = max(knots.values())
    knots[1.0] = max(top, SURE) if t < 1.0 else min(max(top, float(values[-1])), SURE - 0.001)
    raw: list[float] = []
    for r in sorted(knots):  # knots kept apart by more than the manifest's rounding
        if not raw or r - raw[-1] > 1e-5 or r == 1.0:
            if raw and r == 1.0 and 1.0 - raw[-1] <= 1e-5:
                raw.pop()
            raw.append(r)
    right = np.maximum.accumulate([knots[r] for r in raw])
    facts = {"sure_from": round(t, 6), "readings": len(readings),
             "fitted on": "the voice benchmark's development set, every room"}
    return Calibration(tuple(raw), tuple(float(v) for v in right)), facts


def reliability(readings: Sequence[SpotReading], sets: Sequence[str]) -> dict[str, Any]:
    """Print and return, per set and room, the share of readings right in each
    confidence bin, and the readings from 0.9 right (the target: >= 98%)."""
    figures: dict[str, Any] = {}
    print("\nThe spotter's reliability: share of its readings right by confidence, per "
          "room (right / readings); target: from 0.9, >= 98% in every room of the "
          "development set")
    labels = [f"{lo:.1f}-{hi:.1f}" if hi <= 1 else f"{lo:.1f}+" for lo, hi in
              itertools.pairwise(BINS)]
    for s in sets:
        mine = [r for r in readings if r.set == s]
        if not mine:
            continue
        groups = [(s, "", mine)]
        families = sorted({r.family for r in mine})
        if s == "heldout" and len(families) > 1:
            groups = [(s, f, [r for r in mine if r.family == f]) for f in families]
        for name, family, group in groups:
            title = f"{name} {family}".strip()
            print(f"| {title} room | " + " | ".join(labels) + " | from 0.9 |")
            print("|---|" + "---|" * (len(labels) + 1))
            for room in [*sorted({r.room for r in group}), "all"]:
                cells = []
                inroom = [r for r in group if room == "all" or r.room == room]
                for lo, hi in itertools.pairwise(BINS):
                    b = [r.right for r in inroom if lo <= r.confidence < hi]
                    cells.append(f"{100 * sum(b) / len(b):.0f}% ({len(b)})" if b else "-")
                sure = [r.right for r in inroom if r.confidence >= SURE]
                share = sum(sure) / len(sure) if sure else None
                cells.append(f"{100 * share:.1f}% ({sum(sure)}/{len(sure)})" if sure else "-")
                figures.setdefault(title, {})[room] = {"sure_right": share,
                                                       "sure_readings": len(sure)}
                print(f"| {room} | " + " | ".join(cells) + " |")
    return figures
