"""The pot family in a room: is a fraction of the pot ever bet as the whole pot?

Ten phrases that hold "pot" ("bet half the pot", "half pot", "pot", "bet the pot",
"three quarters pot", "what's the pot"...) said by every voice of the development set
and of the held-out families (festival, Piper) into five rooms (clean, talk at 15 and
10 dB, a TV and steady noise at 15 dB), each with the noise running before and after,
through the game's own listening path with its three ears (``bench_voice``'s streams
and listener). Each utterance is then decided under the game's rules and under the
rules before the pot guards (the spotter's "pot" backing any pot bet; a pot bet done
beside a fraction another ear heard), so the guards' cost and gain are side by side.

Printed per family and rule set: utterances, right commands done, right commands asked,
wrong actions done without a question (and, with ``--verbose``, each wrong action with
every ear's reading). An utterance is judged by the phrase whose turn it was (a noise
fragment heard in its turn counts too), so the figures are for comparing rules.

    HOLDEM_OFFLINE=1 python benchmarks/bench_pot_family.py --save pass.pickle   # ~9 min
    HOLDEM_OFFLINE=1 python benchmarks/bench_pot_family.py --replay pass.pickle
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_voice as bv
import voice_corpus as corpus

from engine.sizing import BettingContext
from voice.understand.agreement import ACTIONS, RULES, AgreementRules
from voice.understand.parse import parse

PHRASES = ("bet half the pot", "half pot", "half the pot", "pot", "bet the pot", "pot it",
           "three quarters pot", "bet two thirds of the pot", "what's the pot",
           "pot sized bet")
ROOMS = ("clean", "talk15", "tv15", "steady15", "talk10")
OPEN = BettingContext(5, 30, 0, 0, 0, 1000, True, 10, 1000, "flop")
"""Nothing bet yet on the flop, pot 30: every pot phrase is a bet (the pot, 30; half, 15)."""

RULE_SETS: dict[str, AgreementRules] = {
    "the game's rules": RULES,
    "a fraction heard beside the pot not asked": replace(RULES, fraction=False),
    "before the pot guards": replace(RULES, size_word=0.0, fraction=False),
}


def cases(kind: str) -> list[corpus.Case]:
    """Every phrase by every voice of set ``kind``, in a fixed shuffled order."""
    out = [corpus.Case(p, p, OPEN, parse(p, OPEN), v)
           for v in corpus.VOICES[kind] for p in PHRASES]
    random.Random(kind).shuffle(out)
    return out


def listen(job: tuple[str, str]) -> bv.Pass:
    kind, room = job
    return bv.listen_job(bv.Job(kind, room, tuple(cases(kind)), 7, "three"))


def family(kind: str, case: corpus.Case) -> str:
    return kind if kind != "heldout" else case.voice.family


def score(passes: Sequence[bv.Pass], verbose: bool) -> None:
    for name, rules in RULE_SETS.items():
        totals: dict[str, list[int]] = {}
        for done in passes:
            stream = corpus.stream(done.job.kind, done.job.condition, done.job.cases,
                                   done.job.seed)
            case_at = bv.case_at(stream)
            for got in map(bv.upgraded, done.heard):
                case = case_at((got.start + got.end) / 2)
                d = bv.view(got, bv.GAME, rules)
                right = d.intent.meaning == case.truth.meaning
                done_now = d.confidence >= 0.5 and not d.offered
                wrong = done_now and not right and d.intent.intent in ACTIONS
                t = totals.setdefault(family(done.job.kind, case), [0, 0, 0, 0])
                t[0] += 1
                t[1] += right and done_now
                t[2] += right and not done_now
                t[3] += wrong
                if wrong and verbose and rules is RULES:
                    ears = " ; ".join(f"{r.recognizer} {r.text!r} {r.confidence:.2f} "
                                      f"free {r.second!r}" for r in got.pair or ())
                    print(f"  wrong: {done.job.condition} {case.text!r} -> "
                          f"{d.intent.intent.value} {d.intent.to} [{ears}]")
        print(f"{name}:")
        for fam, (n, done_right, asked, wrong) in totals.items():
            print(f"  {fam:9} {n:4} utterances: right done {done_right}, right asked "
                  f"{asked}, wrong actions without a question {wrong}")


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--sets", default="dev,heldout")
    args.add_argument("--save", help="keep the listening pass in this file")
    args.add_argument("--replay", help="decide a kept pass again instead of listening")
    args.add_argument("--verbose", action="store_true")
    opts = args.parse_args()
    if opts.replay:
        with open(opts.replay, "rb") as f:
            passes = pickle.load(f)
    else:
        kinds = opts.sets.split(",")
        corpus.render_all([(c.voice, c.text) for k in kinds for c in cases(k)])
        passes = bv.pooled(listen, [(k, room) for k in kinds for room in ROOMS], 2)
        if opts.save:
            with open(opts.save, "wb") as f:
                pickle.dump(passes, f)
    score(passes, opts.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
