"""Digits said by real people, heard as the game hears them (``python -m voice.transcribe``).

    HOLDEM_REAL_SPEECH=DIGITS:COMMANDS HOLDEM_OFFLINE=1 \\
        .venv/bin/python benchmarks/bench_real_digits.py [--splits dev test] [--takes 10]
        [--contexts amount facing] [--others]

Each digit clip of the real corpora (:mod:`real_speech`: the spoken-digit corpus and the
Speech Commands samples) goes through :func:`voice.transcribe.transcribe` with every ear
the game has, in two contexts on the player's turn:

* ``amount``: small stakes (big blind 1, nothing to call, 100 behind), where every digit
  but zero is a bet the player may make. A digit is *heard as the amount* when the
  intent is a bet or raise to that digit, whatever the decision (a bare number is never
  acted on: asked as the bet it would be, or its reason said, "Say bet 4 to bet that");
* ``facing``: a bet of 20 to call at blinds 10/20, where a bare digit is no legal amount.

``--others`` plays the Speech Commands words that are no command instead (bird, cat,
house, sheila, stop, down...; the digits, yes and no left out) and counts those done as
an action and those asked: a bare number among the closed set must not make talk a bet.

In both, a digit *done as another action* is an action or a table command the game would
do without a question (decision ``act``) that is not that amount (a question answered,
"what?", is not counted). Printed per digit and per speaker (the
spoken-digit corpus's speakers by name; the Speech Commands speakers pooled as
"commands"), per split. Every recognizer output is kept in
``benchmarks/.cache/real-digits`` under a digest of the recognizer's code and data, so a
rerun on unchanged code reads it back in seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (ROOT, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import real_speech  # noqa: E402

from engine.sizing import BettingContext  # noqa: E402

CONTEXTS: dict[str, dict[str, Any]] = {
    "amount": {"big_blind": 1, "pot": 3, "current_bet": 0, "my_street_bet": 0,
               "to_call": 0, "stack": 100, "can_check": True, "min_raise_to": 1,
               "max_raise_to": 100, "street": "flop"},
    "facing": {"big_blind": 10, "pot": 50, "current_bet": 20, "my_street_bet": 0,
               "to_call": 20, "stack": 980, "can_check": False, "min_raise_to": 40,
               "max_raise_to": 980, "street": "flop"},
}
CACHE = HERE / ".cache" / "real-digits"
CODE = ("voice/recognize", "voice/understand", "voice/data", "voice/pipeline.py",
        "voice/transcribe.py", "voice/listen", "voice/confirm.py")
"""What the hearing depends on: its digest names the cache."""


def code_digest() -> str:
    """A digest of every file the recognizers' hearing depends on."""
    h = hashlib.sha1()
    for name in CODE:
        path = ROOT / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for f in files:
            if f.is_file() and f.suffix in (".py", ".txt", ".json", ".npz"):
                h.update(str(f.relative_to(ROOT)).encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:12]


def verdict(digit: int, out: dict[str, Any]) -> tuple[bool, bool]:
    """(heard as the amount, done as another action) for one transcribe output: an
    action or a table command done without a question (a question answered, "what?",
    changes nothing and is not counted)."""
    intent = out.get("intent") or {}
    heard = intent.get("intent") in ("bet", "raise") and intent.get("to") == digit
    done_else = out.get("decision") == "act" and not heard and intent.get("intent") != "query"
    return heard, done_else


def _speaker(clip: real_speech.Clip) -> str:
    return clip.speaker if clip.corpus == "fsdd" else "commands"


def hear_all(clips: Sequence[real_speech.Clip], context: str, cache: Path
             ) -> dict[str, dict[str, Any]]:
    """Every clip's transcribe output in ``context``, read from and kept in ``cache``."""
    done: dict[str, dict[str, Any]] = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            done[row["key"]] = row["out"]
    todo = [c for c in clips if c.key not in done]
    if todo:
        from voice.recognize.models import choose_backend, make_recognizer
        from voice.transcribe import transcribe

        recognizer: Any = make_recognizer(choose_backend(None, whisper=True))
        ctx = BettingContext.from_json(CONTEXTS[context])
        cache.parent.mkdir(parents=True, exist_ok=True)
        with cache.open("a") as keep:
            for i, clip in enumerate(todo):
                out = transcribe(clip.path, ctx, recognizer)
                done[clip.key] = out
                keep.write(json.dumps({"key": clip.key, "out": out}) + "\n")
                keep.flush()
                if i % 50 == 49:
                    print(f"  heard {i + 1} of {len(todo)}", file=sys.stderr)
        recognizer.close()
    return done


def report(clips: Sequence[real_speech.Clip], outs: dict[str, dict[str, Any]],
           title: str) -> None:
    """Heard as the amount and done as another action, per digit and per speaker."""
    by_digit: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    by_speaker: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    heard_as: dict[str, Counter[str]] = defaultdict(Counter)
    for clip in clips:
        out = outs[clip.key]
        v = verdict(real_speech.DIGITS.index(clip.word), out)
        by_digit[clip.word].append(v)
        by_speaker[_speaker(clip)].append(v)
        if not v[0]:
            heard_as[clip.word][out.get("text") or "-"] += 1
    allv = [v for vs in by_digit.values() for v in vs]
    if not allv:
        return
    print(f"{title}: heard as the amount {_share(allv)}, done as another action "
          f"{sum(d for _, d in allv)} of {len(allv)}")
    for word in real_speech.DIGITS:
        vs = by_digit.get(word)
        if vs:
            misses = ", ".join(f"{t} {n}" for t, n in heard_as[word].most_common(3))
            print(f"  {word:6} {_share(vs)}  another action {sum(d for _, d in vs)}"
                  f"   (else: {misses})")
    print("  per speaker: " + "; ".join(f"{s} {_share(vs)}"
                                        for s, vs in sorted(by_speaker.items())))


def report_others(clips: Sequence[real_speech.Clip], outs: dict[str, dict[str, Any]],
                  title: str) -> None:
    """Words that are no command: done as an action (no question), asked, per word."""
    done: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    said: Counter[str] = Counter()
    what: dict[str, Counter[str]] = defaultdict(Counter)
    for clip in clips:
        out = outs[clip.key]
        intent = (out.get("intent") or {}).get("intent")
        said[clip.word] += 1
        if out.get("decision") == "act" and intent != "query":
            done[clip.word] += 1
            what[clip.word][out.get("text") or "-"] += 1
        asked[clip.word] += out.get("decision") in ("ask", "offer")
    n = sum(said.values())
    if not n:
        return
    print(f"{title}: done as an action {sum(done.values())} of {n}, asked "
          f"{sum(asked.values())} ({sum(asked.values()) / n:.0%})")
    print("  " + "; ".join(f"{w} {done[w]}/{asked[w]}/{said[w]}"
                           + (f" ({', '.join(what[w])})" if what[w] else "")
                           for w in sorted(said)) + "   (done/asked/said)")


def _share(vs: Sequence[tuple[bool, bool]]) -> str:
    n = sum(h for h, _ in vs)
    return f"{n}/{len(vs)} ({n / len(vs):.0%})"


def main(argv: Sequence[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--real", nargs="*", help="corpus folders (else HOLDEM_REAL_SPEECH)")
    args.add_argument("--splits", nargs="*", default=["dev", "test"],
                      choices=real_speech.SPLITS)
    args.add_argument("--contexts", nargs="*", default=["amount"], choices=list(CONTEXTS))
    args.add_argument("--takes", type=int, default=10,
                      help="the spoken-digit corpus's takes per digit and speaker (of 50)")
    args.add_argument("--others", action="store_true",
                      help="the Speech Commands words that are no command instead of digits")
    args.add_argument("--tag", default="", help="name the cache (default: the code's digest)")
    options = args.parse_args(argv)
    try:
        found = real_speech.clips(options.real, splits=options.splits)
    except FileNotFoundError as err:
        print(err)
        return 2
    if options.others:
        clips = [c for c in found if c.corpus == "commands"
                 and c.word not in (*real_speech.DIGITS, "yes", "no")]
    else:
        clips = [c for c in found if c.word in real_speech.DIGITS
                 and (c.corpus != "fsdd" or int(c.path.stem.split("_")[-1]) < options.takes)]
    if not clips:
        print("no digit clips: give the corpus folders (--real or HOLDEM_REAL_SPEECH)")
        return 2
    tag = options.tag or code_digest()
    for context in options.contexts:
        name = f"{tag}-{context}{'-others' if options.others else ''}.jsonl"
        outs = hear_all(clips, context, CACHE / name)
        print(f"--- {context} ({json.dumps(CONTEXTS[context])}), code {tag}")
        for split in options.splits:
            if options.others:
                report_others([c for c in clips if c.split == split], outs,
                              f"Speech Commands words that are no command, {split}")
                continue
            for corpus, name in (("fsdd", "spoken-digit corpus"),
                                 ("commands", "Speech Commands digits")):
                mine = [c for c in clips if c.split == split and c.corpus == corpus]
                report(mine, outs, f"{name}, {split}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
