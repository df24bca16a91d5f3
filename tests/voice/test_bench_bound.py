"""The voice benchmark's bound on the two-ear rules: a command counts when either ear
alone understood it, paired command by command."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from voice_report import Outcome, columns, either_ear


def outcome(mode: str, said: str, understood: bool, family: str = "espeak",
            set_: str = "dev") -> Outcome:
    return Outcome(set_, family, "talk10", said, said, "call", "call", understood, False,
                   True, False, False, False, False, None, mode=mode)


def test_either_ear_counts_a_command_one_ear_understood() -> None:
    ps = [outcome("pocketsphinx", "call", True), outcome("pocketsphinx", "fold", False),
          outcome("pocketsphinx", "check", False),
          outcome("pocketsphinx", "pot", True, "piper", "heldout"),
          outcome("pocketsphinx", "no", False, "festival", "heldout")]
    wh = [outcome("whisper", "call", False), outcome("whisper", "fold", True),
          outcome("whisper", "check", False),
          outcome("whisper", "pot", False, "piper", "heldout"),
          outcome("whisper", "no", False, "festival", "heldout")]
    both = [outcome("both", o.said, False, o.family, o.set) for o in ps]
    everything = ps + wh + both
    bound = either_ear(everything, columns(everything, ["dev", "heldout"]))
    assert bound == {"dev": (2, 3), "held-out festival": (0, 1),
                     "held-out piper": (1, 1)}


def test_no_bound_without_both_ears_or_when_they_do_not_pair() -> None:
    ps = [outcome("pocketsphinx", "call", True)]
    assert either_ear(ps, columns(ps, ["dev"])) == {}
    crossed = [*ps, outcome("whisper", "fold", True)]
    assert either_ear(crossed, columns(crossed, ["dev"])) == {}


def test_with_three_ears_a_command_any_ear_understood_counts() -> None:
    ps = [outcome("pocketsphinx", "call", False), outcome("pocketsphinx", "fold", False)]
    wh = [outcome("whisper", "call", False), outcome("whisper", "fold", False)]
    sp = [outcome("spotter", "call", True), outcome("spotter", "fold", False)]
    everything = ps + wh + sp
    assert either_ear(everything, columns(everything, ["dev"])) == {"dev": (1, 2)}
    assert either_ear(ps + wh, columns(ps + wh, ["dev"])) == {"dev": (0, 2)}
