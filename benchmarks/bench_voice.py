"""Voice benchmark: synthesized commands through the whole listening pipeline.

    HOLDEM_OFFLINE=1 .venv/bin/python benchmarks/bench_voice.py [--n 320] [--seed 7]

Utterances are sampled from the templates (actions weighted up, amounts spoken the ways
players say them) for random table contexts, rendered by espeak-ng voices through
pyttsx3 (the narrator's path) and by flite voices, at several rates, clean or with white
or babble noise at 10-15 dB SNR. Each is streamed in 100 ms blocks through the gate, the
recognizer and the parser, as ``python -m voice.transcribe`` does. The truth is the
parser's reading of the sentence that was spoken.

Per backend it prints: the share with intent and amount exactly right; the share that
would have become a *different executable action* without a question (the confirmation
rules of ``voice.confirm``: all-in, free folds and low confidence ask first), and the
same with every action acted on after the grace window; latency from the end of speech
to the intent (p50/p95, real-time streaming simulated); the recognizer's CPU share while
listening in real time; and the breakdown by voice family and noise.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Action, ActionKind  # noqa: E402
from engine.sizing import BettingContext  # noqa: E402
from voice.confirm import ConfirmPolicy, acts_without_asking  # noqa: E402
from voice.intent import Intent, IntentKind  # noqa: E402
from voice.models import choose_backend  # noqa: E402
from voice.narrator import VoiceSpec  # noqa: E402
from voice.parse import parse  # noqa: E402
from voice.recognize import (  # noqa: E402
    PocketSphinxRecognizer,
    Recognizer,
    chip_amount,
    spoken_amount,
)
from voice.synth import (  # noqa: E402
    RATE,
    Synthesizer,
    Utterance,
    add_noise,
    babble,
    flite_available,
    silence,
)
from voice.templates import load  # noqa: E402
from voice.transcribe import listen  # noqa: E402

ESPEAK = (VoiceSpec("gmw/en-us", 160, 50), VoiceSpec("gmw/en-us+m3", 175, 40),
          VoiceSpec("gmw/en+f3", 150, 60), VoiceSpec("gmw/en-us+klatt", 170, 50),
          VoiceSpec("gmw/en-gb-x-rp", 185, 45))
FLITE = ("slt", "rms", "awb", "kal16")
WEIGHTS = {"fold": 6, "check": 6, "call": 6, "allin": 4, "wager": 14, "confirm": 2,
           "deny": 2, "query": 1, "control": 1}


def contexts(rng: random.Random) -> BettingContext:
    """A random acting player's view: unopened or facing a bet, deep or short."""
    bb = rng.choice((10, 20, 50, 100))
    stack = bb * rng.choice((20, 50, 100, 150))
    if rng.random() < 0.4:
        pot = bb * rng.randint(2, 30)
        return BettingContext(bb, pot, 0, 0, 0, stack, True, bb, stack,
                              rng.choice(("flop", "turn", "river")))
    bet = bb * rng.choice((1, 2, 3, 5, 8))
    pot = bet + bb * rng.randint(2, 20)
    return BettingContext(bb, pot, bet, 0, bet, stack, False, min(2 * bet, stack), stack,
                          rng.choice(("preflop", "flop", "turn", "river")))


def phrases(n: int, rng: random.Random) -> list[tuple[str, BettingContext]]:
    """``n`` (sentence, context) pairs the parser understands."""
    t = load()
    pool = [tpl for tpl in t.templates for _ in range(WEIGHTS.get(tpl.block.kind.value, 1))]
    out: list[tuple[str, BettingContext]] = []
    while len(out) < n:
        template = rng.choice(pool)
        ctx = contexts(rng)

        def fill(slot: str, ctx: BettingContext = ctx) -> str:
            if slot in ("multiple", "blinds"):
                return rng.choice(("two", "three", "four", "two and a half"))
            amount = chip_amount(rng) if rng.random() < 0.3 else \
                ctx.min_raise_to + ctx.big_blind * rng.randint(0, 10)
            return spoken_amount(amount, rng)

        text = t.sample(template, rng, fill)
        if len(text.split()) > 9 or parse(text, ctx).intent is IntentKind.UNKNOWN:
            continue
        out.append((text, ctx))
    return out


@dataclass(frozen=True, slots=True)
class Case:
    utterance: Utterance
    ctx: BettingContext
    family: str
    noise: str


def build_cases(n: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    use_flite = flite_available()
    with Synthesizer() as synth:
        noise = babble(synth, rng)
        for i, (text, ctx) in enumerate(phrases(n, rng)):
            if use_flite and i % 2:
                voice = FLITE[(i // 2) % len(FLITE)]
                utt = synth.flite(text, voice, stretch=rng.choice((0.85, 1.0, 1.2)))
                family = f"flite:{voice}"
            else:
                spec = ESPEAK[(i // 2) % len(ESPEAK)]
                spec = VoiceSpec(spec.voice, spec.rate + rng.choice((-30, 0, 25)), spec.pitch)
                utt = synth.espeak(text, spec)
                family = f"espeak:{spec.voice}"
            roll = rng.random()
            if roll < 0.5:
                kind = "clean"
            elif roll < 0.75:
                utt, kind = add_noise(utt, rng.uniform(10, 15), rng), "white"
            else:
                utt, kind = add_noise(utt, rng.uniform(10, 15), rng, noise), "babble"
            cases.append(Case(utt, ctx, family, kind))
    return cases


def executable(action: Action, ctx: BettingContext) -> bool:
    """Would the engine accept ``action`` for the player whose view is ``ctx``?"""
    match action.kind:
        case ActionKind.FOLD | ActionKind.ALLIN:
            return True
        case ActionKind.CHECK:
            return ctx.can_check
        case ActionKind.CALL:
            return ctx.to_call > 0
        case ActionKind.BET | ActionKind.RAISE:
            right = ActionKind.BET if ctx.unopened else ActionKind.RAISE
            to = action.to or 0
            return action.kind is right and (ctx.min_raise_to <= to <= ctx.max_raise_to
                                             or to == ctx.all_in_to)
    return False


def same(a: Intent, b: Intent) -> bool:
    return a.meaning == b.meaning


def run(cases: list[Case], recognizer: Recognizer, policy: ConfirmPolicy) -> dict[str, object]:
    exact = wrong_asked = wrong_grace = asked = 0
    seen: list[tuple[Intent, float, BettingContext, Action | None]] = []
    latencies: list[float] = []
    by_group: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    examples: list[str] = []
    cpu = time.process_time()
    for case in cases:
        pcm, ctx = case.utterance.pcm, case.ctx
        blocks = [pcm[i:i + RATE // 5] for i in range(0, len(pcm), RATE // 5)]  # 100 ms
        text, got, confidence, _, heard = listen(blocks, RATE, ctx, recognizer)
        want = parse(case.utterance.text, ctx)
        ok = same(got, want)
        exact += ok
        for key in (case.family.split(":")[0], case.family, case.noise):
            by_group[key][0] += ok
            by_group[key][1] += 1
        if heard:
            latencies.append(max(0.0, heard[-1].ready_at - case.utterance.speech_end) * 1000)
        expected = want.to_action(0)
        seen.append((got, confidence, ctx, expected))
        acted = acts_without_asking(got, confidence, ctx, policy)
        graced = got.to_action(0)
        if acted is None and graced is not None:
            asked += 1
        if acted is not None and acted != expected and executable(acted, ctx):
            wrong_asked += 1
            examples.append(f"{case.utterance.text!r} -> {text!r} ({confidence:.2f})")
        if graced is not None and graced != expected and executable(graced, ctx):
            wrong_grace += 1
    cpu = time.process_time() - cpu
    n = len(cases)
    audio = sum(c.utterance.duration for c in cases)
    latencies.sort()
    return {
        "utterances": n,
        "exact": exact / n,
        "wrong_action_after_confirm_rules": wrong_asked / n,
        "wrong_action_if_all_acted_after_grace": wrong_grace / n,
        "asked_to_confirm": asked / n,
        "latency_ms_p50": statistics.median(latencies) if latencies else None,
        "latency_ms_p95": latencies[int(0.95 * (len(latencies) - 1))] if latencies else None,
        "decode_real_time_factor": cpu / audio,
        "by_confidence_threshold": sweep(seen, policy),
        "groups": {k: f"{v[0]}/{v[1]} = {v[0] / v[1]:.1%}" for k, v in sorted(by_group.items())},
        "wrong_examples": examples[:10],
    }


def sweep(seen: list[tuple[Intent, float, BettingContext, Action | None]],
          policy: ConfirmPolicy) -> dict[str, str]:
    """For several confidence thresholds: wrong actions taken without asking, and the
    share of right actions that went through without a question."""
    out = {}
    right_total = sum(1 for got, _, _, want in seen if want is not None
                      and got.to_action(0) == want)
    for threshold in (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7):
        rules = ConfirmPolicy(policy.grace, policy.confirm_allin, policy.confirm_free_fold,
                              threshold)
        wrong = right = 0
        for got, confidence, ctx, want in seen:
            acted = acts_without_asking(got, confidence, ctx, rules)
            if acted is not None and acted != want and executable(acted, ctx):
                wrong += 1
            right += acted is not None and acted == want
        out[f"min_confidence {threshold:.2f}"] = (
            f"wrong {wrong / len(seen):.1%}, right actions without a question "
            f"{right}/{right_total}")
    return out


def cpu_share(recognizer: Recognizer, cases: list[Case], seconds: float) -> float:
    """process_time / wall while streaming silence and speech in real time."""
    from voice.recognize import Listener

    rng = random.Random(3)
    audio = silence(1.0, rng=rng)
    for case in cases[:20]:
        audio += case.utterance.pcm + silence(0.5, rng=rng)
        if len(audio) / 2 / RATE >= seconds:
            break
    audio = audio[: int(seconds * RATE) * 2]
    listener = Listener(recognizer, RATE)
    block = RATE // 10 * 2
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    for i in range(0, len(audio), block):
        due = start_wall + (i + block) / 2 / RATE
        time.sleep(max(0.0, due - time.perf_counter()))
        listener.push(audio[i:i + block], time.perf_counter() - start_wall)
    wall = time.perf_counter() - start_wall
    return (time.process_time() - start_cpu) / wall


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--n", type=int, default=320)
    args.add_argument("--seed", type=int, default=7)
    args.add_argument("--cpu-seconds", type=float, default=8.0)
    args.add_argument("--min-confidence", type=float, default=ConfirmPolicy().min_confidence)
    args.add_argument("--json", help="also write the figures here")
    options = args.parse_args()
    started = time.perf_counter()
    cases = build_cases(options.n, options.seed)
    print(f"{len(cases)} utterances synthesized in {time.perf_counter() - started:.0f} s "
          f"({sum(c.utterance.duration for c in cases):.0f} s of audio)")
    policy = ConfirmPolicy(min_confidence=options.min_confidence)
    backends: list[tuple[str, Recognizer]] = [("pocketsphinx", PocketSphinxRecognizer())]
    choice = choose_backend()
    if choice.name == "vosk":
        from voice.models import make_recognizer

        backends.insert(0, ("vosk", make_recognizer(choice)))  # type: ignore[arg-type]
    else:
        print(f"vosk: not measured. {choice.reason}")
    report: dict[str, object] = {}
    for name, recognizer in backends:
        figures = run(cases, recognizer, policy)
        figures["cpu_share_listening"] = cpu_share(recognizer, cases, options.cpu_seconds)
        report[name] = figures
        print(f"\n== {name} ==")
        for key, value in figures.items():
            if isinstance(value, float):
                shown = f"{value:.1%}" if key in ("exact", "asked_to_confirm",
                                                  "cpu_share_listening") \
                    or key.startswith("wrong") else f"{value:.2f}" if "factor" in key \
                    else f"{value:.0f}"
                print(f"  {key:40s} {shown}")
            elif isinstance(value, dict):
                print(f"  {key}:")
                for k, v in value.items():
                    print(f"    {k:38s} {v}")
            elif isinstance(value, list):
                print(f"  {key}:")
                for v in value:
                    print(f"    {v}")
            else:
                print(f"  {key:40s} {value}")
    print("\ntargets: exact >= 97%, wrong action <= 0.5%, latency p50 <= 300 ms, "
          "p95 <= 600 ms")
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
