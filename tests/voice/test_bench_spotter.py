"""The voice benchmark's spotter calibration: fitted on the development set so that a
reading from 0.9 was right at least 98% of the time in every room."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from spotter_report import SURE, SpotReading, fit, isotonic, sure_from


def readings() -> list[SpotReading]:
    out = []
    for i in range(200):
        raw = i / 200
        # room "talk10": right from 0.3 except three sure wrong readings (0.8, 0.85, 0.9);
        # room "clean": right from 0.5
        out.append(SpotReading("dev", "espeak", "talk10", raw, raw,
                               raw >= 0.3 and i not in (160, 170, 180)))
        out.append(SpotReading("dev", "espeak", "clean", raw, raw, raw >= 0.5))
    return out


def test_sure_from_is_where_every_room_is_right_98_percent() -> None:
    t = sure_from(readings())
    for room in ("talk10", "clean"):
        mine = [r.right for r in readings() if r.room == room and r.raw >= t]
        assert sum(mine) >= 0.98 * len(mine)
    # one room's three sure wrong readings move the sure point above the last of them
    assert 0.9 < t <= 0.905


def test_the_fitted_calibration_is_sure_exactly_from_that_point_and_never_falls() -> None:
    calibration, facts = fit(readings())
    t = facts["sure_from"]
    assert calibration(t) >= SURE > calibration(t - 0.004)
    values = [calibration(x / 100) for x in range(101)]
    assert values == sorted(values)


def test_isotonic_pools_readings_that_fall() -> None:
    import numpy as np

    edges, values = isotonic(np.array([0.1, 0.2, 0.3, 0.4]), np.array([0.0, 1.0, 0.0, 1.0]))
    assert list(values) == sorted(values) and values[-1] == 1.0
    assert len(edges) == len(values)


def test_readings_a_hair_apart_still_fit_a_calibration_the_manifest_can_keep() -> None:
    from voice.recognize.spotter import Calibration

    # rising share right over head probabilities 1e-7 apart: isotonic keeps each apart
    close = [SpotReading("dev", "espeak", "clean", 0.0, 0.3 + i * 1e-7, True)
             for i in range(20)]
    wrong = [SpotReading("dev", "espeak", "clean", 0.0, 0.3 + i * 1e-7, False)
             for i in range(20) for _ in range(20 - i)]
    calibration, _ = fit(close + wrong)
    kept = calibration.facts()  # rounded to six places, as the manifest keeps it
    Calibration(tuple(kept["raw"]), tuple(kept["right"]))
