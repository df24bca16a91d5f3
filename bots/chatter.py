"""Table talk: engine events become facts, the most specific matching rule speaks.

In the spirit of rule databases for dynamic dialogue in story-driven games: every
occasion (an all-in, a bad beat, the human's voice command...) is described by facts
(``trigger``, ``who`` it concerns from the speaker's point of view, counts from memory);
each personality's rules in ``bots/data/lines.json`` name a trigger and conditions,
and the matching rule with the most conditions wins. Lines come from a shuffle bag, a
line rests for ``cooldown_hands`` hands after use, and a talk budget (lines per hand and
per minute) keeps the table lively rather than noisy. Bots answer each other through
``reply`` rules keyed on the other bot's kind and trigger, and a memory of bad beats,
showdowns and fold streaks lets running jokes build up.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib.resources.abc import Traversable
from typing import Any

from bots.personality import DATA
from engine.actions import ActionKind
from engine.cards import card_name
from engine.chips import chip_text
from engine.evaluator import evaluate
from engine.events import (
    ActionTaken,
    BlindPosted,
    HandEnded,
    HandShown,
    HandStarted,
    PotAwarded,
    Street,
    StreetDealt,
)
from engine.table import ChipsAdded
from engine.view import PlayerView

LINES_FILE = DATA / "lines.json"
PLACEHOLDERS = frozenset(
    {"me", "them", "other", "amount", "bb", "hand", "cards", "count", "street", "pot"})
FOLD_STREAK_MARKS = (7, 12, 20, 30)
BETTING_TRIGGERS = frozenset({"big_raise", "all_in", "big_call"})
"""Triggers about a bet, raise or call in the hand in play."""
NO_REPLY_TRIGGERS = frozenset({"greeting", "knocked_out"})
"""Lines nobody answers: the table's opening introductions, and a seat's parting words."""


# ---------------------------------------------------------------- facts from the game


@dataclass(frozen=True, slots=True)
class HumanSpoke:
    """The game tells the chatter what the human said: ``intent`` is the parsed kind
    ("fold", "allin", "query", "unknown", ...), ``detail`` e.g. the query ("odds")."""

    seat: int
    intent: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class LongThink:
    """A seat has been thinking for ``seconds``."""

    seat: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Rebought:
    """A seat added chips between hands."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class KnockedOut:
    """A Sit & Go player lost their last chip (``by``: who took it, if anyone)."""

    seat: int
    by: int | None


@dataclass(frozen=True, slots=True)
class ChatLine:
    seat: int
    name: str
    text: str
    priority: int
    trigger: str
    rule: str
    line_id: str = ""
    answers: int | None = None  # a reply: the seat whose line it answers (said after it)

    @property
    def about_betting(self) -> bool:
        """A reaction to a bet in the hand in play (kept by the table until the speaker
        has acted on it: a bot never cheers a bet and then folds to it)."""
        return self.trigger in BETTING_TRIGGERS


# ---------------------------------------------------------------------- rules (data)


@dataclass(frozen=True, slots=True)
class Rule:
    """A speaker kind's lines for a trigger under conditions (``when``).

    A condition ``key: value`` needs the fact equal (or, for a list, among the values);
    ``min_key: n`` needs the fact ``key`` to be at least n.
    """

    id: str
    speaker: str
    trigger: str
    when: tuple[tuple[str, Any], ...]
    lines: tuple[str, ...]
    chance: float

    @property
    def specificity(self) -> int:
        return len(self.when)

    def matches(self, facts: Mapping[str, Any]) -> bool:
        for key, want in self.when:
            if key.startswith("min_"):
                have = facts.get(key[4:])
                if not isinstance(have, int | float) or have < want:
                    return False
            elif isinstance(want, list):
                if facts.get(key) not in want:
                    return False
            elif facts.get(key) != want:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Budget:
    per_hand: int = 3
    per_minute: int = 8
    cooldown_hands: int = 40


@dataclass(frozen=True, slots=True)
class Script:
    """Everything in lines.json: the rules by speaker kind, trigger priorities, budget."""

    rules: Mapping[str, tuple[Rule, ...]]
    priorities: Mapping[str, int]
    budget: Budget


def load_script(path: Traversable = LINES_FILE) -> Script:
    raw = json.loads(path.read_text(encoding="utf-8"))
    priorities = {t: int(v["priority"]) for t, v in raw["triggers"].items()}
    b = raw.get("budget", {})
    budget = Budget(int(b.get("per_hand", 3)), int(b.get("per_minute", 8)),
                    int(b.get("cooldown_hands", 40)))
    rules: dict[str, tuple[Rule, ...]] = {}
    for kind, groups in raw["personalities"].items():
        built = []
        for i, g in enumerate(groups):
            trigger = g["trigger"]
            if trigger not in priorities:
                raise ValueError(f"{kind} rule {i}: unknown trigger {trigger!r}")
            lines = tuple(g["lines"])
            for line in lines:
                names = {f for _, f, _, _ in string.Formatter().parse(line) if f}
                if not names <= PLACEHOLDERS:
                    raise ValueError(f"{kind} line {line!r} uses {sorted(names - PLACEHOLDERS)}")
            built.append(Rule(f"{kind}.{trigger}.{i}", kind, trigger,
                              tuple(sorted(g.get("when", {}).items())), lines,
                              float(g.get("chance", 1.0))))
        rules[kind] = tuple(built)
    return Script(rules, priorities, budget)


# ----------------------------------------------------------------------- the chatter


@dataclass(frozen=True, slots=True)
class _Occasion:
    trigger: str
    subject: int | None
    other: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Memory:
    """What the table remembers across hands, for running jokes."""

    bad_beats: Counter[tuple[int, int]] = field(default_factory=Counter)  # (victim, culprit)
    showdowns: Counter[tuple[int, int]] = field(default_factory=Counter)  # (low, high seat)
    fold_streak: Counter[int] = field(default_factory=Counter)
    big_pots: Counter[int] = field(default_factory=Counter)
    bluffs: Counter[int] = field(default_factory=Counter)


class Chatter:
    """Turns engine events (and the game's ``HumanSpoke``/``LongThink``/``Rebought``
    facts) into a few in-character lines. ``speakers`` maps seat -> personality kind;
    seats not in it (the human, reference bots) never talk but can be talked about."""

    def __init__(self, speakers: Mapping[int, str], rng: random.Random, *,
                 names: Sequence[str] | None = None, human_seats: Iterable[int] = (),
                 script: Script | None = None) -> None:
        self.script = script if script is not None else load_script()
        self.speakers = {s: k for s, k in speakers.items() if k in self.script.rules}
        self.rng = rng
        self.names = list(names) if names is not None else []
        self.humans = frozenset(human_seats)
        self.memory = Memory()
        self.muted = False
        self.hand = 0
        self._lines_this_hand = 0
        self._recent: deque[float] = deque()
        self._last_used: dict[tuple[str, int], int] = {}
        self._bags: dict[str, list[int]] = {}
        self._start_stacks: tuple[int, ...] = ()
        self._big_blind = 10
        self._shown: dict[int, HandShown] = {}
        self._won: Counter[int] = Counter()
        self._actions: list[ActionTaken] = []
        self._board: tuple[int, ...] = ()
        self._street_actions: list[ActionTaken] = []
        self._live: set[int] = set()  # dealt in this hand and not folded

    # ------------------------------------------------------------ controls

    def mute(self) -> None:
        """Silence every bot (memory keeps updating, so jokes resume sensibly)."""
        self.muted = True

    def unmute(self) -> None:
        self.muted = False

    # ------------------------------------------------------------- observe

    def observe(self, events: Iterable[object], view: PlayerView | None = None, *,
                now: float | None = None) -> list[ChatLine]:
        """Lines prompted by ``events`` (engine events in order, or the game's facts).

        ``view`` (any seat's) supplies names and the big blind; ``now`` is the game
        clock in seconds for the per-minute budget (None: only the per-hand budget).
        """
        if view is not None:
            self.names = list(view.names)
            self._big_blind = view.big_blind
        out: list[ChatLine] = []
        for event in events:
            for occasion in self._occasions(event):
                out.extend(self._speak(occasion, now))
            if isinstance(event, KnockedOut):  # its parting words said, it has left
                self.speakers.pop(event.seat, None)
        return out

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return "everyone"
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    # ---------------------------------------------------- events -> occasions

    def _occasions(self, event: object) -> list[_Occasion]:
        bb = self._big_blind
        if isinstance(event, HandStarted):
            self.hand += 1
            self._lines_this_hand = 0
            self._start_stacks = event.stacks
            self._shown, self._won, self._actions, self._board = {}, Counter(), [], ()
            self._street_actions = []
            self._live = set(event.seats)
            if self.hand == 1:
                return [_Occasion("greeting", None)]
            return [_Occasion("hand_start", None)]
        if isinstance(event, BlindPosted):
            self._big_blind = max(self._big_blind if self.hand else 0, event.amount)
            return []
        if isinstance(event, ActionTaken):
            return self._on_action(event, bb)
        if isinstance(event, StreetDealt):
            quiet = (len(self._street_actions) >= 2
                     and all(a.kind is ActionKind.CHECK for a in self._street_actions))
            self._board = event.board
            self._street_actions = []
            return [_Occasion("check_around", None, facts={"street": str(event.street)})] \
                if quiet else []
        if isinstance(event, HandShown):
            if not event.mucked:
                self._shown[event.seat] = event
            return []
        if isinstance(event, PotAwarded):
            for seat, chips in event.shares:
                self._won[seat] += chips
            if len(event.shares) > 1:
                return [_Occasion("split_pot", event.shares[0][0], event.shares[1][0])]
            return []
        if isinstance(event, HandEnded):
            self._live = set()
            return self._on_hand_end(event, bb)
        if isinstance(event, HumanSpoke):
            return [_Occasion("human_spoke", event.seat,
                              facts={"intent": event.intent, "detail": event.detail})]
        if isinstance(event, LongThink):
            return [_Occasion("long_think", event.seat, facts={"count": int(event.seconds)})]
        if isinstance(event, KnockedOut):
            return [_Occasion("knocked_out", event.seat, event.by)]
        if isinstance(event, Rebought):
            return [_Occasion("rebuy", event.seat, facts={"amount": event.amount})]
        if isinstance(event, ChipsAdded):  # the table's rebuy / top-up record
            return [_Occasion("rebuy", event.seat, facts={"amount": event.amount})]
        return []

    def _on_action(self, a: ActionTaken, bb: int) -> list[_Occasion]:
        if a.kind is ActionKind.FOLD:
            self._live.discard(a.seat)
        self._actions.append(a)
        self._street_actions.append(a)
        before = a.pot_after - a.added
        facts = {"amount": a.to, "street": str(a.street)}
        if a.kind in (ActionKind.BET, ActionKind.RAISE):
            if a.all_in:
                return [_Occasion("all_in", a.seat, facts=facts)]
            if a.added >= max(8 * bb, before):
                return [_Occasion("big_raise", a.seat, facts=facts)]
        elif a.kind is ActionKind.CALL:
            if a.all_in and a.added >= 10 * bb:
                return [_Occasion("all_in", a.seat, facts={**facts, "call": True})]
            if a.added >= max(20 * bb, 0.5 * before):
                return [_Occasion("big_call", a.seat, facts=facts)]
        return []

    def _on_hand_end(self, e: HandEnded, bb: int) -> list[_Occasion]:
        out: list[_Occasion] = []
        start = self._start_stacks or e.final_stacks
        net = [f - s for f, s in zip(e.final_stacks, start, strict=False)]
        pot = sum(self._won.values())
        winner = max(range(len(net)), key=lambda s: net[s]) if net else None
        loser = min(range(len(net)), key=lambda s: net[s]) if net else None
        mem = self.memory
        # Fold streaks: a hand without putting money in voluntarily extends it.
        for seat in range(len(net)):
            voluntary = any(a.seat == seat and a.kind is not ActionKind.FOLD
                            and a.kind is not ActionKind.CHECK for a in self._actions)
            mem.fold_streak[seat] = 0 if voluntary else mem.fold_streak[seat] + 1
            if mem.fold_streak[seat] in FOLD_STREAK_MARKS:
                out.append(_Occasion("fold_streak", seat,
                                     facts={"count": mem.fold_streak[seat]}))
        beat = self._bad_beat(winner) if e.showdown else None
        if beat is not None:
            victim, culprit = beat
            mem.bad_beats[beat] += 1
            out.append(_Occasion("bad_beat", victim, culprit, facts={
                "count": mem.bad_beats[beat], "hand": self._shown[culprit].description,
                "amount": -net[victim], "cards": self._cards(culprit)}))
        bluffer = self._bluff_shown()
        if bluffer is not None:
            mem.bluffs[bluffer] += 1
            out.append(_Occasion("bluff_shown", bluffer, winner if winner != bluffer else None,
                                 facts={"hand": self._shown[bluffer].description,
                                        "count": mem.bluffs[bluffer],
                                        "won": net[bluffer] > 0,
                                        "cards": self._cards(bluffer)}))
        if e.showdown and len(self._shown) >= 2 and winner is not None:
            for other in self._shown:
                if other != winner:
                    pair = (min(winner, other), max(winner, other))
                    mem.showdowns[pair] += 1
                    if mem.showdowns[pair] >= 3 and self.rng.random() < 0.25:
                        out.append(_Occasion("rivalry", winner, other,
                                             facts={"count": mem.showdowns[pair]}))
        if winner is not None and net[winner] > 0:
            facts = {"amount": net[winner], "pot": pot, "showdown": e.showdown,
                     "hand": self._shown[winner].description if winner in self._shown else ""}
            if pot >= 40 * bb:
                mem.big_pots[winner] += 1
                out.append(_Occasion("big_pot_won", winner, loser,
                                     facts={**facts, "count": mem.big_pots[winner]}))
            else:
                out.append(_Occasion("pot_won", winner, loser, facts=facts))
        if (loser is not None and net[loser] <= -40 * bb and beat is None):
            out.append(_Occasion("big_pot_lost", loser, winner,
                                 facts={"amount": -net[loser], "pot": pot}))
        return out

    def _cards(self, seat: int) -> str:
        c1, c2 = self._shown[seat].cards
        return f"{card_name(c1)} and {card_name(c2)}"

    def _bad_beat(self, winner: int | None) -> tuple[int, int] | None:
        """A shown loser who was ahead of the winner before the river card."""
        if winner is None or winner not in self._shown or len(self._board) < 5:
            return None
        turn = list(self._board[:4])
        win_turn = evaluate([*self._shown[winner].cards, *turn])
        for seat, shown in self._shown.items():
            if (seat != winner and self._won[seat] == 0
                    and evaluate([*shown.cards, *turn]) > win_turn):
                return seat, winner
        return None

    def _bluff_shown(self) -> int | None:
        """The last river bettor, shown holding no pair of its own."""
        river = [a for a in self._actions if a.street is Street.RIVER
                 and a.kind in (ActionKind.BET, ActionKind.RAISE)]
        if not river:
            return None
        seat = river[-1].seat
        shown = self._shown.get(seat)
        return seat if shown is not None and shown.category == "High Card" else None

    # ------------------------------------------------------- occasion -> line

    def _who(self, speaker: int, seat: int | None) -> str:
        if seat is None:
            return "table"
        if seat == speaker:
            return "self"
        return "human" if seat in self.humans else "bot"

    def _facts(self, occ: _Occasion, speaker: int) -> dict[str, Any]:
        facts = dict(occ.facts)
        facts["trigger"] = occ.trigger
        facts["who"] = self._who(speaker, occ.subject)
        facts["other"] = self._who(speaker, occ.other)
        facts["in_hand"] = speaker in self._live  # may still call: "I'll call" needs it
        if occ.subject is not None and occ.subject in self.speakers:
            facts["subject_kind"] = self.speakers[occ.subject]
        facts["big"] = bool(facts.get("amount", 0) >= 50 * self._big_blind)
        return facts

    def _budget_left(self, priority: int, now: float | None) -> bool:
        budget = self.script.budget
        reserve = 1 if priority <= 1 else 0  # small talk leaves room for the big moments
        if self._lines_this_hand + reserve >= budget.per_hand:
            return False
        if now is not None:
            while self._recent and now - self._recent[0] >= 60.0:
                self._recent.popleft()
            if len(self._recent) + reserve >= budget.per_minute:
                return False
        return True

    def _speak(self, occ: _Occasion, now: float | None) -> list[ChatLine]:
        priority = self.script.priorities.get(occ.trigger, 1)
        if self.muted or not self._budget_left(priority, now):
            return []
        candidates = []
        for seat, kind in self.speakers.items():
            facts = self._facts(occ, seat)
            rules = [r for r in self.script.rules[kind]
                     if r.trigger == occ.trigger and r.matches(facts)]
            rules.sort(key=lambda r: -r.specificity)
            if rules and self.rng.random() < rules[0].chance:
                bonus = 2 if occ.subject == seat else (1 if occ.other == seat else 0)
                candidates.append((rules[0].specificity + bonus + self.rng.random(), seat,
                                   rules))
        candidates.sort(key=lambda c: -c[0])
        for _, seat, rules in candidates:
            line = self._say(seat, rules, occ, priority, now)
            if line is not None:
                return [line, *self._reply(line, occ, now)]
        return []

    def _say(self, seat: int, rules: list[Rule], occ: _Occasion, priority: int,
             now: float | None) -> ChatLine | None:
        for rule in rules:  # most specific first; fall back when all its lines rest
            index = self._draw(rule)
            if index is None:
                continue
            self._last_used[(rule.id, index)] = self.hand
            self._lines_this_hand += 1
            if now is not None:
                self._recent.append(now)
            text = self._render(rule.lines[index], seat, occ)
            return ChatLine(seat, self._name(seat), text, priority, occ.trigger, rule.id,
                            f"{rule.id}#{index}")
        return None

    def _draw(self, rule: Rule) -> int | None:
        """Next line from the rule's shuffle bag that is not resting, or None."""
        cooldown = self.script.budget.cooldown_hands
        bag = self._bags.get(rule.id)
        if not bag:
            bag = list(range(len(rule.lines)))
            self.rng.shuffle(bag)
            self._bags[rule.id] = bag
        for pos, index in enumerate(bag):
            last = self._last_used.get((rule.id, index))
            if last is None or self.hand - last >= cooldown:
                del bag[pos]
                return index
        return None

    def _reply(self, line: ChatLine, occ: _Occasion, now: float | None) -> list[ChatLine]:
        """Another bot may answer a bot's line (one reply at most)."""
        speaker_kind = self.speakers.get(line.seat)
        priority = 1
        if (line.priority < 2 or line.trigger in NO_REPLY_TRIGGERS  # no replies to small talk
                or not self._budget_left(priority, now)):
            return []
        seats = [s for s in self.speakers if s != line.seat]
        self.rng.shuffle(seats)
        for seat in seats:
            facts = {"trigger": "reply", "to": speaker_kind, "to_trigger": line.trigger,
                     "who": self._who(seat, line.seat)}
            rules = [r for r in self.script.rules[self.speakers[seat]]
                     if r.trigger == "reply" and r.matches(facts)]
            rules.sort(key=lambda r: -r.specificity)
            if rules and self.rng.random() < rules[0].chance:
                reply_occ = _Occasion("reply", line.seat, occ.other, occ.facts)
                said = self._say(seat, rules, reply_occ, priority, now)
                if said is not None:
                    return [replace(said, answers=line.seat)]
        return []

    def _render(self, template: str, speaker: int, occ: _Occasion) -> str:
        bb = max(1, self._big_blind)
        amount = occ.facts.get("amount", 0)
        values = {
            "me": self._name(speaker),
            "them": self._name(occ.subject),
            "other": self._name(occ.other),
            "amount": f"{chip_text(amount)}",
            "bb": f"{amount / bb:.0f}",
            "hand": str(occ.facts.get("hand", "that")).lower(),
            "cards": occ.facts.get("cards", "those cards"),
            "count": occ.facts.get("count", 0),
            "street": occ.facts.get("street", "flop"),
            "pot": f"{chip_text(occ.facts.get('pot', 0))}",
        }
        addressed = [key for key in ("them", "other") if values[key] == SECOND_PERSON]
        for key in addressed:  # "Nice pot, {them}." to the player: "Nice pot."
            template = without_vocative(template, key)
        text = template.format_map(values)
        if addressed:
            text = second_person(text)
        return text[:1].upper() + text[1:]


# The player's seat is labelled "You" at the table; lines written about a third person
# ("{them} shoves 200") are turned to address the player ("You shove 200").
SECOND_PERSON = "You"
_TO_BE = {"is": "are", "has": "have", "was": "were", "does": "do"}
_NO_S = frozenset({
    "shoves", "calls", "takes", "fires", "reloads", "wins", "scoops", "wants", "finds",
    "raises", "bets", "folds", "checks", "thinks", "plays", "bluffs", "loves", "needs",
    "knows", "gets", "jams", "limps", "opens", "tanks", "sees", "goes", "pushes",
    "misses", "catches",
})
_SUBJECT_VERB = re.compile(r"\bYou (\w+)")
_ASKED = re.compile(r"\b(Is|is|Was|was|Has|has|Does|does) [Yy]ou\b")  # "Is {them} all right?"
_POSSESSIVE = re.compile(r"\bYou's\b")
_MID_SENTENCE = re.compile(r"(?<=[^.!?\s\"] )You\b|(?<=[,(] )You\b")


def without_vocative(template: str, key: str) -> str:
    """``template`` without ``{key}`` where it only names whom the line talks to
    ("Nice pot, {them}.", "{them}, you're brave", "Enjoy it, {them}, while it lasts"):
    to the player, whose seat reads "You", "Nice pot, you." doubles the address."""
    slot = "{" + key + "}"
    template = re.sub(r", " + re.escape(slot) + r"(?=[.,!?])", "", template)
    return re.sub(r"(^|(?<=[.!?] ))" + re.escape(slot) + r"[,.] (\S)",
                  lambda m: m.group(1) + m.group(2).upper(), template)


def second_person(text: str) -> str:
    """"You shoves" -> "You shove", "You's stack" -> "your stack", "is" -> "are";
    mid-sentence "You" -> "you"."""

    def verb(match: re.Match[str]) -> str:
        word = match.group(1)
        if word in _TO_BE:
            return f"You {_TO_BE[word]}"
        if word in _NO_S:
            base = word[:-2] if word.endswith(("shes", "sses", "ches")) else word[:-1]
            return f"You {base}"
        return match.group(0)

    text = _POSSESSIVE.sub("Your", text)
    text = _ASKED.sub(lambda m: f"{_TO_BE[m.group(1).lower()]} you".capitalize()
                      if m.group(1)[0].isupper() else f"{_TO_BE[m.group(1)]} you", text)
    text = _SUBJECT_VERB.sub(verb, text)
    text = _MID_SENTENCE.sub("you", text)
    return re.sub(r"(?<=[^.!?\s\"] )Your\b", "your", text)
