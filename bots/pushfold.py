"""Push-or-fold arithmetic for short stacks: the 169 starting-hand classes, their all-in
equities against each other (bots/data/preflop_equity.json), the heads-up push and call
ranges solved from them (bots/data/pushfold.json), and ICM, which turns chips into
tournament points. ``scripts/pushfold_chart.py`` computes both data files; the short-stack
bot (``bots.shortstack``) reads them.

Heads-up push/fold: the small blind (on the button) goes all in or folds; the big blind
calls or folds. Stacks are in big blinds (the effective stack, blinds included), with
antes ``ante`` big blinds each. Each side's range is a best response to the other's,
found by fictitious play (averaged best responses converge to the equilibrium).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib.resources import files

import numpy as np
from numpy.typing import NDArray

from engine.cards import RANKS, Card, rank_of, suit_of

DATA = files("bots") / "data"
EQUITY_FILE = DATA / "preflop_equity.json"
CHART_FILE = DATA / "pushfold.json"

FloatArray = NDArray[np.float64]


def class_names() -> list[str]:
    """The 169 classes: pairs, then suited, then offsuit, high rank first ("AA", "AKs")."""
    pairs = [RANKS[r] * 2 for r in range(12, -1, -1)]
    suited = [f"{RANKS[a]}{RANKS[b]}s" for a in range(12, -1, -1) for b in range(a - 1, -1, -1)]
    offsuit = [n[:2] + "o" for n in suited]
    return pairs + suited + offsuit


NAMES: tuple[str, ...] = tuple(class_names())
INDEX = {name: i for i, name in enumerate(NAMES)}


def class_of(c1: Card, c2: Card) -> int:
    """The class index of a two-card hand."""
    hi, lo = max(rank_of(c1), rank_of(c2)), min(rank_of(c1), rank_of(c2))
    if hi == lo:
        return INDEX[RANKS[hi] * 2]
    kind = "s" if suit_of(c1) == suit_of(c2) else "o"
    return INDEX[f"{RANKS[hi]}{RANKS[lo]}{kind}"]


def combos(index: int) -> list[tuple[Card, Card]]:
    """Every two-card combination of a class (6 pairs, 4 suited, 12 offsuit)."""
    name = NAMES[index]
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = hi * 4 + s1, lo * 4 + s2
            if hi == lo and s1 >= s2:
                continue
            if len(name) == 3 and (name[2] == "s") != (s1 == s2):
                continue
            out.append((a, b))
    return out


@functools.cache
def compatible() -> FloatArray:
    """``W[i, j]``: pairs of a class-i combo and a class-j combo sharing no card (the
    weight of j against i, card removal included)."""
    all_combos = [(i, c) for i in range(len(NAMES)) for c in combos(i)]
    cls = np.array([i for i, _ in all_combos])
    cards = np.array([c for _, c in all_combos])
    masks = (np.int64(1) << cards[:, 0].astype(np.int64)) | \
        (np.int64(1) << cards[:, 1].astype(np.int64))
    free = (masks[:, None] & masks[None, :]) == 0
    w = np.zeros((len(NAMES), len(NAMES)))
    by_class = np.zeros((len(all_combos), len(NAMES)))
    np.add.at(by_class, (np.arange(len(all_combos)), cls), 1.0)
    per_row = free.astype(np.float64) @ by_class  # combo x class
    np.add.at(w, cls, per_row)
    return w


@functools.cache
def equities() -> FloatArray:
    """``E[i, j]``: class i's all-in share of the pot against class j (ties halved)."""
    data = json.loads(EQUITY_FILE.read_text(encoding="utf-8"))
    if data["classes"] != list(NAMES):
        raise ValueError("preflop_equity.json lists the classes in another order")
    return np.array(data["equity"], dtype=np.float64) / 1000.0


@dataclass(frozen=True, slots=True)
class Chart:
    """Heads-up push and call ranges by stack depth, one chart per ante size."""

    depths: tuple[float, ...]
    antes: tuple[float, ...]
    push: dict[float, tuple[str, ...]]  # ante -> one string of 169 '0'/'1' per depth
    call: dict[float, tuple[str, ...]]

    def _row(self, table: dict[float, tuple[str, ...]], depth: float, ante: float
             ) -> FloatArray:
        a = min(self.antes, key=lambda x: abs(x - ante))
        i = min(range(len(self.depths)), key=lambda k: abs(self.depths[k] - depth))
        return np.array([c == "1" for c in table[a][i]], dtype=np.float64)

    def push_range(self, depth: float, ante: float = 0.0) -> FloatArray:
        return self._row(self.push, depth, ante)

    def call_range(self, depth: float, ante: float = 0.0) -> FloatArray:
        return self._row(self.call, depth, ante)


@functools.cache
def chart() -> Chart:
    data = json.loads(CHART_FILE.read_text(encoding="utf-8"))
    antes = tuple(float(a) for a in data["antes"])
    return Chart(tuple(float(d) for d in data["depths"]), antes,
                 {float(a): tuple(rows) for a, rows in data["push"].items()},
                 {float(a): tuple(rows) for a, rows in data["call"].items()})


def equity_vs(hand: int, against: FloatArray, e: FloatArray | None = None,
              w: FloatArray | None = None) -> tuple[float, float]:
    """``hand``'s equity against a range (weights per class) and that range's weight
    (combos compatible with ``hand``)."""
    e = equities() if e is None else e
    w = compatible() if w is None else w
    weights = w[hand] * against
    total = float(weights.sum())
    if total <= 0:
        return 0.0, 0.0
    return float(weights @ e[hand]) / total, total


def push_gains(depth: float, ante: float, call: FloatArray, e: FloatArray, w: FloatArray
               ) -> FloatArray:
    """The small blind's chips won by pushing rather than folding, per class."""
    weights = w * call[None, :]
    called = weights.sum(axis=1) / w.sum(axis=1)
    eq = (weights * e).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-12)
    showdown = eq * 2 * depth  # both stacks in, antes included
    ev_push = (1 - called) * (depth + 1.0 + ante) + called * showdown  # a steal: +1 + ante
    gains: FloatArray = ev_push - (depth - 0.5 - ante)
    return gains


def call_gains(depth: float, ante: float, push: FloatArray, e: FloatArray, w: FloatArray
               ) -> FloatArray:
    """The big blind's chips won by calling a push rather than folding, per class."""
    weights = w * push[None, :]
    eq = (weights * e).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-12)
    gains: FloatArray = eq * 2 * depth - (depth - 1.0 - ante)
    return gains


def solve(depth: float, ante: float, e: FloatArray, w: FloatArray, rounds: int = 400
          ) -> tuple[FloatArray, FloatArray]:
    """Heads-up push and call frequencies at ``depth`` big blinds (fictitious play)."""
    push = np.ones(len(NAMES))
    call = np.ones(len(NAMES))
    for k in range(1, rounds + 1):
        best_call = (call_gains(depth, ante, push, e, w) > 0).astype(np.float64)
        call += (best_call - call) / (k + 1)
        best_push = (push_gains(depth, ante, call, e, w) > 0).astype(np.float64)
        push += (best_push - push) / (k + 1)
    return push, call


def icm(stacks: list[int], prizes: list[float]) -> list[float]:
    """Each stack's expected prize (Malmuth-Harville: the chance of each finishing
    place is taken as proportional to chips, place by place)."""
    n = len(stacks)
    prizes = (list(prizes) + [0.0] * n)[:n]
    value = [0.0] * n

    @functools.cache
    def walk(left: frozenset[int], place: int) -> tuple[float, ...]:
        out = [0.0] * n
        total = sum(stacks[s] for s in left)
        if place >= n or total <= 0 or not any(prizes[place:]):
            return tuple(out)
        for s in left:
            p = stacks[s] / total
            if p == 0:
                continue
            out[s] += p * prizes[place]
            rest = walk(left - {s}, place + 1)
            for t in range(n):
                out[t] += p * rest[t]
        return tuple(out)

    alive = frozenset(s for s in range(n) if stacks[s] > 0)
    result = walk(alive, 0)
    for s in range(n):
        value[s] = result[s]
    return value
