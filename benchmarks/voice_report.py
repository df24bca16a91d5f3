"""The voice benchmark's report: what one command or the no-command audio came to, and
the tables ``bench_voice.py`` prints from them (per condition and set, per set and family,
per one-word command, each ear and each two-ear rule side by side)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """One command's fate."""

    set: str
    family: str
    condition: str
    said: str
    heard_text: str
    truth: str
    got: str
    understood: bool
    wrong_amount: bool
    is_action: bool
    wrong_unasked: bool
    wrong_after_question: bool
    asked_right: bool
    asked_by_design: bool
    latency_ms: float | None
    confidence: float = 0.0
    mode: str = ""  # which ear(s): pocketsphinx, whisper, both (or a rule variant)
    whisper_ms: float | None = None
    readings: str = ""  # each ear's hearing, for --verbose
    withdrawn: bool = False  # a say-back in its turn withdrawn (the player went on talking)
    early: bool = False  # decided by pocketsphinx and the spotter without waiting for Whisper


@dataclass(frozen=True, slots=True)
class QuietOutcome:
    set: str
    mode: str
    minutes: float
    utterances: int
    actions_unasked: int
    actions_after_question: int
    questions: int
    examples: tuple[str, ...]
    requests: int = 0  # questions answered and table commands done (nothing bet)


# --- report -----------------------------------------------------------------------------


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def rate(outcomes: Sequence[Outcome], pred: Callable[[Outcome], bool],
         within: Callable[[Outcome], bool] = lambda o: True) -> tuple[int, int]:
    pool = [o for o in outcomes if within(o)]
    return sum(1 for o in pool if pred(o)), len(pool)


def percentile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


SET_NAMES = {"dev": "dev", "test": "test", "heldout": "held-out"}
INTENT_ORDER = ("fold", "check", "call", "bet", "raise", "allin", "query", "control",
                "confirm", "deny")


def report(outcomes: list[Outcome], quiet: list[QuietOutcome], sets: Sequence[str],
           conditions: Sequence[str]) -> dict[str, Any]:
    figures: dict[str, Any] = {"understood": {}, "sets": {}, "no_command": []}
    print("\nUnderstood (intent and amount exact), by condition and set:")
    cols = columns(outcomes, sets)
    head = "| condition | " + " | ".join(c[0] for c in cols) + " |"
    print(head)
    print("|---|" + "---|" * len(cols))
    for cond in (*conditions, "all"):
        cells = []
        for name, s, fam in cols:
            def within(o: Outcome, s: str = s, c: str = cond, f: str = fam) -> bool:
                return o.set == s and (not f or o.family == f) and (c == "all"
                                                                    or o.condition == c)

            k, n = rate(outcomes, lambda o: o.understood, within)
            cells.append(f"{pct(k, n)} ({k}/{n})")
            figures["understood"].setdefault(name, {})[cond] = k / n if n else None
        print(f"| {cond} | " + " | ".join(cells) + " |")

    print("\nPer set (all conditions):")
    print("| set | family | understood | wrong action, no question | wrong action after "
          "a question | questions of right commands (by design excluded) | latency p50 / "
          "p95 ms |")
    print("|---|---|---|---|---|---|---|")
    for s in sets:
        mine = [o for o in outcomes if o.set == s]
        families = sorted({o.family for o in mine})
        for fam in ([*families, "all"] if len(families) > 1 else families):
            group = [o for o in mine if fam == "all" or o.family == fam]
            k, n = rate(group, lambda o: o.understood)
            w, _ = rate(group, lambda o: o.wrong_unasked)
            wq, _ = rate(group, lambda o: o.wrong_after_question)
            right = [o for o in group if o.understood and o.is_action]
            a = sum(o.asked_right for o in right)
            plain = [o for o in right if not o.asked_by_design]
            ap = sum(o.asked_right for o in plain)
            lat = [o.latency_ms for o in group if o.latency_ms is not None]
            p50, p95 = percentile(lat, 0.5), percentile(lat, 0.95)
            print(f"| {SET_NAMES[s]} | {fam} | {pct(k, n)} | {pct(w, n)} ({w}) | "
                  f"{pct(wq, n)} ({wq}) | {pct(a, len(right))} ({pct(ap, len(plain))}) | "
                  f"{p50 or 0:.0f} / {p95 or 0:.0f} |")
            figures["sets"][f"{s}/{fam}"] = {
                "commands": n, "understood": k / n if n else None,
                "wrong_unasked": w / n if n else None, "wrong_after_question": wq / n if n
                else None, "questions_of_right": a / len(right) if right else None,
                "questions_of_right_not_by_design": ap / len(plain) if plain else None,
                "latency_ms_p50": p50, "latency_ms_p95": p95}

    if quiet:
        print("\nNo-command set (table talk, then a TV; always the player's turn):")
        print("| set | minutes | utterances | actions without a question / 10 min | "
              "actions after a question / 10 min | questions / 10 min | questions "
              "answered and table commands done / 10 min |")
        print("|---|---|---|---|---|---|---|")
        for q in quiet:
            per = 10 / q.minutes
            print(f"| {SET_NAMES.get(q.set, q.set)} | {q.minutes:.1f} | {q.utterances} | "
                  f"{q.actions_unasked * per:.1f} | {q.actions_after_question * per:.1f} | "
                  f"{q.questions * per:.1f} | {q.requests * per:.1f} |")
            figures["no_command"].append(asdict(q))
            for example in q.examples:
                print(f"    heard: {example}")

    for title, which in (("development", ("dev",)), ("test and held-out",
                                                      ("test", "heldout"))):
        mine = [o for o in outcomes if o.set in which]
        if not mine:
            continue
        print(f"\nConfusion, {title} (rows: said; columns: understood; '~amt' = right "
              "kind, wrong amount):")
        cols = [*INTENT_ORDER, "unknown", "(nothing)"]
        counts = Counter((o.truth, o.got) for o in mine)
        amounts = Counter(o.truth for o in mine if o.wrong_amount)
        print("said \\ got  " + " ".join(f"{c[:7]:>7}" for c in cols) + "    ~amt")
        for row in INTENT_ORDER:
            if not any(o.truth == row for o in mine):
                continue
            print(f"{row:11s} " + " ".join(f"{counts[(row, c)] or '.':>7}" for c in cols)
                  + f" {amounts[row] or '.':>7}")

    print("\nConfidence by what was heard (dev): wrong readings at or above 0.5 (would act) "
          "and right readings below it (asked):")
    dev = [o for o in outcomes if o.set == "dev" and o.got in INTENT_ORDER]
    for got in INTENT_ORDER:
        right_c = sorted(o.confidence for o in dev if o.got == got and o.understood)
        wrong_c = sorted(o.confidence for o in dev if o.got == got and not o.understood)
        if right_c or wrong_c:
            print(f"    {got:8s} right {len(right_c):3d} (below 0.5: "
                  f"{sum(c < 0.5 for c in right_c):3d})  wrong {len(wrong_c):3d} (at or above "
                  f"0.5: {sum(c >= 0.5 for c in wrong_c):2d}; highest "
                  f"{max(wrong_c, default=0):.2f})")

    wrong = [o for o in outcomes if o.wrong_unasked]
    if wrong:
        print("\nWrong actions taken without a question:")
        for o in wrong[:12]:
            print(f"    [{o.set}/{o.condition}] said {o.said!r}, heard {o.heard_text!r}")
    return figures


ONE_WORD = ("check", "call", "fold", "pot", "all in", "yes", "no")


def columns(outcomes: Sequence[Outcome], sets: Sequence[str]) -> list[tuple[str, str, str]]:
    """(name, set, family or "") for each set, the held-out set split by family."""
    out = []
    for s in sets:
        families = sorted({o.family for o in outcomes if o.set == s})
        if s == "heldout" and len(families) > 1:
            out += [(f"{SET_NAMES[s]} {f}", s, f) for f in families]
        else:
            out.append((SET_NAMES[s], s, ""))
    return out


def one_word(outcomes: Sequence[Outcome], sets: Sequence[str]) -> dict[str, Any]:
    """Understood per one-word command, per set (held-out per family)."""
    figures: dict[str, Any] = {}
    cols = columns(outcomes, sets)
    print("\nOne-word commands, understood (all conditions):")
    print("| said | " + " | ".join(c[0] for c in cols) + " |")
    print("|---|" + "---|" * len(cols))
    for word in ONE_WORD:
        cells = []
        for name, s, fam in cols:
            k, n = rate(outcomes, lambda o: o.understood,
                        lambda o, s=s, w=word, f=fam: o.set == s and (not f or o.family == f)
                        and o.said.strip().lower() == w)
            cells.append(f"{pct(k, n)} ({k}/{n})")
            figures.setdefault(word, {})[name] = k / n if n else None
        print(f"| {word} | " + " | ".join(cells) + " |")
    return figures


def rules_table(outcomes: Sequence[Outcome], quiet: Sequence[QuietOutcome],
                sets: Sequence[str]) -> dict[str, Any]:
    """The two-ear rules side by side: understood / wrong action with no question /
    right commands asked (yes/no and numbered) / right commands whose say-back was
    withdrawn (an utterance followed too soon) / no-command actions per 10 min."""
    modes = [m for m in dict.fromkeys(o.mode for o in outcomes)]
    figures: dict[str, Any] = {}
    print("\nEach ear and each two-ear rule (understood / wrong action, no question / right "
          "commands asked, yes-no and numbered / right commands withdrawn after the "
          "say-back / no-command actions per 10 min, unasked + "
          "asked first; questions asked per 10 min; requests: questions answered and table "
          "commands done per 10 min):")
    cols = columns(outcomes, sets)
    print("| hearing | " + " | ".join(c[0] for c in cols) + " | no-command |")
    print("|---|" + "---|" * (len(cols) + 1))
    for mode in modes:
        cells = []
        for name, s, fam in cols:
            mine = [o for o in outcomes if o.mode == mode and o.set == s
                    and (not fam or o.family == fam)]
            k, n = rate(mine, lambda o: o.understood)
            w, _ = rate(mine, lambda o: o.wrong_unasked)
            right = [o for o in mine if o.understood and o.is_action]
            a = sum(o.asked_right for o in right)
            u = sum(o.withdrawn for o in right)
            cells.append(f"{pct(k, n)} / {pct(w, n)} / {pct(a, len(right))} / "
                         f"{pct(u, len(right))}")
            figures.setdefault(mode, {})[name] = {
                "understood": k / n if n else None, "wrong_unasked": w / n if n else None,
                "asked_right": a / len(right) if right else None,
                "withdrawn_right": u / len(right) if right else None}
        qs = [q for q in quiet if q.mode == mode]
        minutes = sum(q.minutes for q in qs)
        unasked = sum(q.actions_unasked for q in qs)
        after = sum(q.actions_after_question for q in qs)
        per = 10 / minutes if minutes else 0.0
        requests = sum(q.requests for q in qs)
        questions = sum(q.questions for q in qs)
        cells.append(f"{unasked * per:.1f} + {after * per:.1f}; questions "
                     f"{questions * per:.1f}; requests {requests * per:.1f}" if qs else "-")
        print(f"| {mode} | " + " | ".join(cells) + " |")
    bound = either_ear(outcomes, cols)
    if bound:
        print("| any ear right (the most any rule over the ears' readings can reach) | "
              + " | ".join(pct(k, n) for k, n in bound.values()) + " | - |")
        figures["any ear right"] = {name: k / n if n else None
                                       for name, (k, n) in bound.items()}
    return figures


def either_ear(outcomes: Sequence[Outcome], cols: Sequence[tuple[str, str, str]]
               ) -> dict[str, tuple[int, int]]:
    """Per column, the commands that at least one ear alone understood: no rule that picks
    between the readings can understand more. The ears' outcomes
    come in the same order (one per command of each stream), so they pair up in turn;
    empty when either ear was not measured."""
    ears = [[o for o in outcomes if o.mode == m] for m in ("pocketsphinx", "whisper", "spotter")]
    ears = [e for e in ears if e]
    if len(ears) < 2 or len({len(e) for e in ears}) != 1:
        return {}
    rows = list(zip(*ears, strict=True))
    if any(len({(o.set, o.condition, o.said) for o in row}) != 1 for row in rows):
        return {}
    out = {}
    for name, s, fam in cols:
        mine = [row for row in rows if row[0].set == s and (not fam or row[0].family == fam)]
        out[name] = (sum(any(o.understood for o in row) for row in mine), len(mine))
    return out


def decided_early(outcomes: Sequence[Outcome], sets: Sequence[str], mode: str
                  ) -> dict[str, Any]:
    """Per column, the share of commands the game decided without waiting for Whisper
    (pocketsphinx and the spotter agreeing), how many of those were understood, and the
    wrong actions without a question among them."""
    figures: dict[str, Any] = {}
    print("\nDecided without Whisper (pocketsphinx and the spotter agreeing): share of "
          "commands / of them understood / wrong actions without a question among them")
    cols = columns(outcomes, sets)
    print("| " + " | ".join(c[0] for c in cols) + " |")
    print("|" + "---|" * len(cols))
    cells = []
    for name, s, fam in cols:
        mine = [o for o in outcomes if o.mode == mode and o.set == s
                and (not fam or o.family == fam)]
        soon = [o for o in mine if o.early]
        ok = sum(o.understood for o in soon)
        wrong = sum(o.wrong_unasked for o in soon)
        cells.append(f"{pct(len(soon), len(mine))} / {pct(ok, len(soon))} / {wrong}")
        figures[name] = {"share": len(soon) / len(mine) if mine else None,
                         "understood": ok / len(soon) if soon else None, "wrong": wrong}
    print("| " + " | ".join(cells) + " |")
    return figures


PARTS = ("half pot", "three quarters pot", "what's the pot", "pot odds")
"""Phrases holding "pot" that are not the pot bet: never to be acted as it."""


def parts_as_pot(outcomes: Sequence[Outcome], mode: str) -> dict[str, Any]:
    """Per phrase of :data:`PARTS` (all sets): how often it was said and how often a
    wrong action was done without a question (the pot bet, with the spotter's "pot")."""
    figures: dict[str, Any] = {}
    print("\nA part never wins over the whole: said / understood / a wrong action done "
          "without a question (all sets)")
    for phrase in PARTS:
        mine = [o for o in outcomes if o.mode == mode and o.said.strip().lower() == phrase]
        ok = sum(o.understood for o in mine)
        wrong = sum(o.wrong_unasked for o in mine)
        figures[phrase] = {"said": len(mine), "understood": ok, "wrong_unasked": wrong}
        print(f"    {phrase!r}: {len(mine)} / {ok} / {wrong}")
    return figures
