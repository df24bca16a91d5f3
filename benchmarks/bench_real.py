"""Real people's words through the game's decision: what the game does with each.

    HOLDEM_REAL_SPEECH=/corpora/fsdd:/corpora/speech-commands HOLDEM_OFFLINE=1 \\
        nice -n 5 .venv/bin/python benchmarks/bench_real.py            # listen, then score
    ... bench_real.py --replay                                          # score the kept pass

Each clip of the real corpora (:mod:`real_speech`: the spoken-digit corpus and Speech
Commands samples, every clip in one split by its speaker) is said into a room (quiet, or
the synthetic benchmark's talk, steady noise and TV at 15 dB below the word, running 2 s
before and after it), streamed in 100 ms blocks through the gate and the three ears, and
decided exactly as ``python -m voice.transcribe`` decides (contract 3: the ears'
decision, then the confirm machine's) in one of four situations:

* ``bet20``: the player's turn facing a bet of 20 (every word);
* ``flop``: the player's turn on the flop with a free check (every Speech Commands word);
* ``question``: "...? Say yes or no" waits (yes, no, right);
* ``amounts``: small stakes where every digit is a legal bet (the digits).

Printed per split, per word, per speaker and per room: done as an action or a table
command, asked (a yes/no question or two readings offered), left alone; for yes and no
while a question waits, right and the opposite; for digits as amounts, heard as the amount.
Every utterance's readings (all three ears, Whisper always heard) are kept under
``benchmarks/.cache/real``, so a changed decision is scored again with ``--replay`` in
seconds; the game's early decision (pocketsphinx and the spotter agreeing, Whisper not
waited for) is applied when scoring, as the game would. Tune on train, calibrate and dev;
the test split is reported, never tuned on.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (ROOT, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import numpy as np  # noqa: E402
import real_speech  # noqa: E402
from real_speech import DIGITS, Clip  # noqa: E402

from engine.sizing import BettingContext  # noqa: E402
from voice.listen import room  # noqa: E402
from voice.listen.audio import BLOCK_MS  # noqa: E402
from voice.recognize.base import Result  # noqa: E402
from voice.understand import agreement  # noqa: E402
from voice.understand.intent import DISRUPTIVE, IntentKind  # noqa: E402

CACHE = HERE / ".cache" / "real"
LEAD = 2.0
"""Seconds of the room before and after each word."""
SPEECH_DB = -26.0
ROOM_DB = -65.0
SNR = 15

BET20 = BettingContext.from_json({
    "big_blind": 10, "pot": 35, "current_bet": 20, "my_street_bet": 0, "to_call": 20,
    "stack": 980, "can_check": False, "min_raise_to": 40, "max_raise_to": 980,
    "street": "preflop"})
FLOP = BettingContext.from_json({
    "big_blind": 10, "pot": 60, "current_bet": 0, "my_street_bet": 0, "to_call": 0,
    "stack": 970, "can_check": True, "min_raise_to": 10, "max_raise_to": 970,
    "street": "flop"})
SMALL = BettingContext.from_json({
    "big_blind": 1, "pot": 3, "current_bet": 0, "my_street_bet": 0, "to_call": 0,
    "stack": 100, "can_check": True, "min_raise_to": 1, "max_raise_to": 100,
    "street": "flop"})
SITUATIONS: dict[str, tuple[BettingContext, bool]] = {
    "bet20": (BET20, False), "flop": (FLOP, False), "question": (BET20, True),
    "amounts": (SMALL, False)}
ROOMS = ("quiet", f"talk{SNR}", f"steady{SNR}", f"tv{SNR}")
ANSWER_WORDS = {"yes": IntentKind.CONFIRM, "no": IntentKind.DENY, "right": IntentKind.CONFIRM}
COMMAND_WORDS = frozenset({"stop", *ANSWER_WORDS})
"""Speech Commands words that are commands somewhere ("stop" cancels; the answers)."""


def situations_of(clip: Clip) -> tuple[str, ...]:
    """The situations a clip is said in."""
    if clip.corpus == "fsdd":
        return ("bet20", "amounts")
    extra = ("question",) if clip.word in ANSWER_WORDS else \
        ("amounts",) if clip.word in DIGITS else ()
    return ("bet20", "flop", *extra)


def kind_of(clip: Clip) -> str:
    """What the word is: "digit", "answer", "command" or "talk" (no command)."""
    if clip.word in DIGITS:
        return "digit"
    if clip.word in ANSWER_WORDS:
        return "answer"
    return "command" if clip.word in COMMAND_WORDS else "talk"


# --- listening --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heard:
    """One utterance the gate closed: its span in the stream and every ear's result."""

    start: float
    end: float
    result: Result


def stream(clip: Clip, where: str, gen: np.random.Generator) -> tuple[bytes, float, float]:
    """The clip said into the room: PCM at 16 kHz and the word's span (seconds)."""
    import voice_corpus as corpus

    word = room.scale_to(real_speech.samples(clip) * room.FULL_SCALE, SPEECH_DB,
                         real_speech.RATE)
    total = LEAD + len(word) / real_speech.RATE + LEAD
    bed = room.pink_noise(total, real_speech.RATE, gen) * room.FULL_SCALE \
        * 10 ** (ROOM_DB / 20)
    if where != "quiet":
        kind, snr = re.fullmatch(r"([a-z]+)(\d+)", where).groups()  # type: ignore[union-attr]
        pool = "test" if clip.split == "test" else "dev"
        noise = corpus.noise_bed(kind, pool, total, gen)
        bed += room.scale_to(noise, SPEECH_DB - float(snr), real_speech.RATE)[: len(bed)]
    at = int(LEAD * real_speech.RATE)
    room.place(bed, word, at)
    return room.to_pcm(bed), LEAD, LEAD + len(word) / real_speech.RATE


def listen(pcm: bytes, rec: Any, ctx: BettingContext, question: bool) -> list[Heard]:
    """Stream the PCM through the game's gate and the three ears (Whisper always heard)."""
    from voice.pipeline import Listener

    listener = Listener(rec, real_speech.RATE, context=lambda: ctx, timer=time.process_time)
    rec.second.answers = lambda: question
    out: list[Heard] = []
    step = 2 * (real_speech.RATE * BLOCK_MS // 1000)
    opened = 0.0
    now = 0.0
    for i in range(0, len(pcm), step):
        block = pcm[i:i + step]
        now = (i + len(block)) / 2 / real_speech.RATE
        was = listener.gate.in_speech
        done = listener.push(block, now)
        if listener.gate.in_speech and (not was or done):
            opened = now - len(block) / 2 / real_speech.RATE - 0.05
        out += [Heard(min(opened, u.speech_end), u.speech_end, u.result) for u in done]
    out += [Heard(min(opened, u.speech_end), u.speech_end, u.result)
            for u in listener.flush(now)]
    return out


def three_ears() -> Any:
    """pocketsphinx, Whisper and the spotter, Whisper always waited for."""
    from voice.recognize.pair import PairedRecognizer
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer
    from voice.recognize.spotter import SpotterRecognizer
    from voice.recognize.store import find_whisper_model
    from voice.recognize.whisper import WhisperRecognizer

    path = find_whisper_model()
    if path is None:
        raise SystemExit("no verified Whisper model: see voice/recognize/store.py")
    rec = PairedRecognizer(PocketSphinxRecognizer(), WhisperRecognizer(path),
                           SpotterRecognizer())
    rec.early = False
    return rec


def cache_file(situation: str, where: str) -> Path:
    return CACHE / f"{situation}-{where}.pkl"


def load(situation: str, where: str) -> dict[str, tuple[float, float, list[Heard]]]:
    path = cache_file(situation, where)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        kept: dict[str, tuple[float, float, list[Heard]]] = pickle.load(f)
    return kept


def save(situation: str, where: str, kept: dict[str, tuple[float, float, list[Heard]]]) -> None:
    path = cache_file(situation, where)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with part.open("wb") as f:
        pickle.dump(kept, f)
    os.replace(part, path)


def listen_all(chosen: Sequence[Clip], rooms: Sequence[str], situations: Sequence[str]) -> None:
    """Hear every clip not yet kept, in every room and situation asked for."""
    import zlib

    rec: Any = None
    for where in rooms:
        for situation in situations:
            kept = load(situation, where)
            todo = [c for c in chosen if situation in situations_of(c) and c.key not in kept]
            if not todo:
                continue
            ctx, question = SITUATIONS[situation]
            began = time.monotonic()
            for n, clip in enumerate(todo, 1):
                if rec is None:
                    rec = three_ears()
                gen = np.random.default_rng(zlib.crc32(f"{clip.key}:{where}".encode()))
                pcm, lo, hi = stream(clip, where, gen)
                kept[clip.key] = (lo, hi, listen(pcm, rec, ctx, question))
                if n % 50 == 0 or n == len(todo):
                    save(situation, where, kept)
                    print(f"  {where}/{situation}: {n}/{len(todo)} heard "
                          f"({time.monotonic() - began:.0f} s)", flush=True)


# --- deciding as the game -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fate:
    """What the game did with one clip in one situation and room."""

    clip: Clip
    situation: str
    room: str
    decision: str   # act / ask / offer / none (contract 3)
    intent: str     # the decided intent's kind
    to: int | None
    control: str | None
    text: str
    ears: str       # each ear's reading, for the examples
    rule: str = ""  # the ears' rule that decided


    @property
    def done(self) -> bool:
        """Done as an action or a table command that changes the seat or the game, pauses
        it or mutes the bots (a question answered, "wait" or "carry on" change nothing)."""
        return self.decision == "act" and (self.intent in ACTIONS or (
            self.intent == "control" and self.control in DISRUPTIVE_NAMES))

    @property
    def harmless(self) -> bool:
        """Done as a table command that changes nothing much (cancel, resume, unmute)."""
        return self.decision == "act" and self.intent == "control" and not self.done

    @property
    def asked(self) -> bool:
        return self.decision in ("ask", "offer")


ACTIONS = frozenset({"fold", "check", "call", "bet", "raise", "allin"})
DISRUPTIVE_NAMES = frozenset(c.value for c in DISRUPTIVE)


def as_game(result: Result, ctx: BettingContext, question: bool) -> Result:
    """The result as the game has it: when pocketsphinx and the spotter decide early
    (:func:`voice.understand.agreement.early`), Whisper's hearing is not waited for."""
    from voice.pipeline import reading
    from voice.understand.agreement import RULES, early

    if len(result.readings) != 3:
        return result
    ps, _, spot = result.readings
    if not early(reading(ps, ctx), reading(spot, ctx), RULES, question):
        return result
    skipped = Result("", (), 0.0, "whisper", {"skipped": 1.0, "answers": float(question)})
    return replace(result, readings=(ps, skipped, spot))


def fate(clip: Clip, situation: str, where: str, lo: float, hi: float,
         heard: Sequence[Heard]) -> Fate:
    """The game's decision on the utterances that overlap the word, as
    ``python -m voice.transcribe`` decides a file's."""
    from voice.pipeline import Utterance, heard_as
    from voice.transcribe import game_decision, joined

    ctx, question = SITUATIONS[situation]
    said: list[Utterance] = []
    for h in heard:
        if h.start > hi + 0.1 or h.end < lo - 0.1:
            continue
        result = as_game(h.result, ctx, question)
        intent, text, confidence, decided = heard_as(result, ctx)
        said.append(Utterance(result, intent, text, h.end, h.end, confidence, decided))
    text, intent, confidence, _ = joined(said, ctx)
    last = said[-1] if said else None
    decision = game_decision(intent, confidence, ctx, last, question)
    ears = ""
    if last is not None and last.result.readings:
        ears = "; ".join(f"{r.backend} {r.text!r} {r.confidence:.2f}"
                         + (f" free {r.second!r}" if r.second and r.backend == "whisper" else "")
                         for r in last.result.readings)
    control = intent.control.value if intent.control is not None else None
    rule = last.decision.rule if last is not None and last.decision is not None else ""
    return Fate(clip, situation, where, decision, intent.intent.value, intent.to, control,
                text, ears, rule)


def fates(chosen: Sequence[Clip], rooms: Sequence[str], situations: Sequence[str]
          ) -> list[Fate]:
    out = []
    for where in rooms:
        for situation in situations:
            kept = load(situation, where)
            for clip in chosen:
                if clip.key in kept and situation in situations_of(clip):
                    lo, hi, heard = kept[clip.key]
                    out.append(fate(clip, situation, where, lo, hi, heard))
    return out


# --- the report ---------------------------------------------------------------------------


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def line(label: str, group: Sequence[Fate]) -> str:
    n = len(group)
    done = sum(f.done for f in group)
    asked = sum(f.asked for f in group)
    harmless = sum(f.harmless for f in group)
    return (f"  {label:<28} {n:>5}  done {done:>3} ({pct(done, n):>6})  "
            f"asked {asked:>4} ({pct(asked, n):>6})  left alone "
            f"{pct(n - done - asked, n):>6} (of them a harmless table command {harmless})")


def answer_line(label: str, group: Sequence[Fate]) -> str:
    n = len(group)
    right = sum(f.decision == "act" and f.intent == ANSWER_WORDS[f.clip.word].value
                for f in group)
    opposite = sum(f.decision == "act" and f.intent in ("confirm", "deny")
                   and f.intent != ANSWER_WORDS[f.clip.word].value for f in group)
    return (f"  {label:<28} {n:>5}  right {right:>4} ({pct(right, n):>6})  "
            f"opposite {opposite}")


def amount_line(label: str, group: Sequence[Fate]) -> str:
    n = len(group)
    heard = sum(f.intent in ("bet", "raise") and f.to == DIGITS.index(f.clip.word)
                and f.decision in ("act", "ask", "offer") for f in group)
    other = sum(f.done and not (f.intent in ("bet", "raise")
                                and f.to == DIGITS.index(f.clip.word)) for f in group)
    return (f"  {label:<28} {n:>5}  heard as the amount {heard:>4} ({pct(heard, n):>6})  "
            f"done as another {other}")


def grouped(items: Iterable[Fate], key: Any) -> dict[str, list[Fate]]:
    out: dict[str, list[Fate]] = defaultdict(list)
    for f in items:
        out[key(f)].append(f)
    return dict(sorted(out.items()))


def report(all_fates: Sequence[Fate], splits: Sequence[str], examples: int) -> dict[str, Any]:
    """Print the figures; return the headline ones for --json."""
    summary: dict[str, Any] = {}
    turn = [f for f in all_fates if f.situation in ("bet20", "flop")]
    for title, kinds, fmt in (("Words that are no command, on the player's turn",
                               {"talk"}, line),
                              ("Digits said on the player's turn", {"digit"}, line),
                              ("Yes, no, right and stop on the turn (no question waits)",
                               {"answer", "command"}, line)):
        print(f"\n== {title}: done as an action or table command / asked / left alone")
        group = [f for f in turn if kind_of(f.clip) in kinds]
        for split in splits:
            part = [f for f in group if f.clip.split == split]
            if not part:
                continue
            print(fmt(f"{split}", part))
            for where, g in grouped(part, lambda f: f.room).items():
                print(fmt(f"  {where}", g))
            for situation, g in grouped(part, lambda f: f.situation).items():
                print(fmt(f"  {situation}", g))
            summary[f"{title[:12]}/{split}"] = {
                "n": len(part), "done": sum(f.done for f in part),
                "asked": sum(f.asked for f in part)}
        if "talk" in kinds or "digit" in kinds:
            print("  per word (all splits):")
            for word, g in grouped(group, lambda f: f.clip.word).items():
                print(fmt(f"    {word}", g))
            print("  per speaker (dev and test):")
            for who, g in grouped([f for f in group if f.clip.split in ("dev", "test")],
                                  lambda f: f"{f.clip.split} {f.clip.speaker}").items():
                print(fmt(f"    {who}", g))
        done = [f for f in group if f.done or f.asked]
        for f in done[:examples]:
            print(f"    {f.clip.split} {f.room} {f.situation} {f.clip.word!r} -> {f.decision} "
                  f"{f.intent} {f.to or ''} {f.control or ''} {f.text!r} [{f.ears}] "
                  f"({f.rule})")
    print("\n== Yes and no while a question waits: right / the opposite")
    answers = [f for f in all_fates if f.situation == "question"]
    for split in splits:
        part = [f for f in answers if f.clip.split == split]
        if part:
            print(answer_line(split, part))
            for where, g in grouped(part, lambda f: f.room).items():
                print(answer_line(f"  {where}", g))
            for word, g in grouped(part, lambda f: f.clip.word).items():
                print(answer_line(f"  {word}", g))
    for f in [f for f in answers if f.decision != "act"][:examples]:
        print(f"    {f.clip.split} {f.room} {f.clip.word!r} -> {f.decision} {f.intent} "
              f"{f.text!r} [{f.ears}]")
    print("\n== Digits as bare amounts (small stakes, every digit a legal bet but zero)")
    amounts = [f for f in all_fates if f.situation == "amounts"]
    for split in splits:
        part = [f for f in amounts if f.clip.split == split]
        if part:
            print(amount_line(split, part))
            for where, g in grouped(part, lambda f: f.room).items():
                print(amount_line(f"  {where}", g))
    print("  per digit (all splits):")
    for word, g in sorted(grouped(amounts, lambda f: f.clip.word).items(),
                          key=lambda kv: DIGITS.index(kv[0])):
        print(amount_line(f"    {word}", g))
    print("  per speaker (dev and test):")
    for who, g in grouped([f for f in amounts if f.clip.split in ("dev", "test")],
                          lambda f: f"{f.clip.split} {f.clip.speaker}").items():
        print(amount_line(f"    {who}", g))
    rules = Counter(f.decision for f in all_fates)
    print(f"\ndecisions: {dict(rules)}; {len(all_fates)} clip hearings")
    return summary


def chosen_clips(given: Sequence[str] | None, splits: Sequence[str], takes: int) -> list[Clip]:
    """The clips heard: every Speech Commands clip; of the digit corpus, the first
    ``takes`` takes of each digit by each speaker."""
    out = []
    for clip in real_speech.clips(given, splits=splits):
        if clip.corpus == "fsdd":
            take = int(clip.path.stem.rsplit("_", 1)[1])
            if take >= takes:
                continue
        out.append(clip)
    return out


def rule_value(key: str, value: str) -> Any:
    """One AgreementRules field from the command line, in its type."""
    from dataclasses import fields

    kinds = {f.name: str(f.type) for f in fields(agreement.AgreementRules)}
    if key not in kinds:
        raise SystemExit(f"--rules: no rule {key!r} (one of {', '.join(kinds)})")
    if kinds[key] == "bool":
        return value.lower() in ("1", "true", "yes", "on")
    return int(value) if kinds[key] == "int" else float(value)


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--real", action="append", help="a corpus folder (default: "
                      "HOLDEM_REAL_SPEECH, folders separated by ':')")
    args.add_argument("--splits", default="train,calibrate,dev,test")
    args.add_argument("--rooms", default=",".join(ROOMS))
    args.add_argument("--situations", default=",".join(SITUATIONS))
    args.add_argument("--takes", type=int, default=5,
                      help="takes of each digit by each speaker of the digit corpus")
    args.add_argument("--replay", action="store_true", help="score only what is kept")
    args.add_argument("--examples", type=int, default=30)
    args.add_argument("--json", help="also write the headline figures here")
    args.add_argument("--rules", default="", help="AgreementRules overrides for the "
                      "decision, e.g. word_heard=false,lone_acts=true (for tuning on "
                      "train, calibrate and dev)")
    options = args.parse_args()
    if options.rules:
        overrides = dict(kv.split("=", 1) for kv in options.rules.split(","))
        agreement.RULES = replace(agreement.RULES, **{
            k: rule_value(k, v) for k, v in overrides.items()})
    splits = options.splits.split(",")
    rooms = options.rooms.split(",")
    situations = options.situations.split(",")
    for name, have, known in (("--rooms", rooms, ROOMS), ("--situations", situations,
                                                          tuple(SITUATIONS)),
                              ("--splits", splits, real_speech.SPLITS)):
        if not set(have) <= set(known):
            raise SystemExit(f"{name}: one of {', '.join(known)}")
    try:
        chosen = chosen_clips(options.real, splits, options.takes)
    except FileNotFoundError as err:
        raise SystemExit(str(err)) from err
    if not chosen:
        raise SystemExit("no real recordings found: set HOLDEM_REAL_SPEECH or --real")
    print(f"{len(chosen)} clips: " + ", ".join(
        f"{k} {v}" for k, v in sorted(Counter(f"{c.corpus}/{c.split}" for c in chosen).items())))
    if not options.replay:
        listen_all(chosen, rooms, situations)
    summary = report(fates(chosen, rooms, situations), splits, options.examples)
    if options.json:
        Path(options.json).write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
