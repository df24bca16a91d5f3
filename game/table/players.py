"""Who decides for each seat that isn't the human: bots from ``bots.api``, plus their
table talk from ``bots.chatter`` when its script loads."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bots.api import create_bot, parse_kind, personalities
from bots.chatter import ChatLine, Chatter, LongThink, Rebought
from bots.levels import LEVELS, Level
from bots.levels import level as level_numbered
from engine.actions import Action
from engine.state import HandState
from engine.view import PlayerView, public_events, view_of

MIN_THINK, MAX_THINK = 0.35, 6.0


AUTOPLAY_NAME = "Autoplay"
"""The name of the bot that plays in the player's chair (``--autoplay``): its kind's own
name (Vera, the shark) would sit beside the table's Vera as "Vera 2"."""


@dataclass(slots=True)
class Seats:
    """Bots by seat (the autopilot sits in the human's chair in autoplay)."""

    bots: dict[int, Any]
    chatter: Any | None = None
    think_scale: float = 1.0
    human: int = 0
    fallback_names: dict[int, str] = field(default_factory=dict)

    @classmethod
    def create(cls, kinds: dict[int, str], rng: random.Random, *, human: int,
               human_name: str, think: bool = True) -> Seats:
        bots: dict[int, Any] = {}
        used: set[str] = {human_name}
        for seat, kind in kinds.items():
            bot = create_bot(kind, random.Random(rng.getrandbits(64)), think=think)
            base = AUTOPLAY_NAME if seat == human else bot.name  # not a second "Vera"
            name, n = base, 2
            while name in used:
                name = f"{base} {n}"
                n += 1
            if name != bot.name:
                bot = create_bot(kind, random.Random(rng.getrandbits(64)), name=name,
                                 think=think)
            used.add(name)
            bots[seat] = bot
        chatter = _make_chatter({s: k for s, k in kinds.items() if s != human},
                                random.Random(rng.getrandbits(64)), human)
        return cls(bots, chatter, human=human)

    @classmethod
    def named(cls, kinds: dict[int, str], names: dict[int, str], rng: random.Random, *,
              human: int, think: bool = True) -> Seats:
        """Bots for a saved table: each keeps the name it sits under."""
        bots = {seat: create_bot(kind, random.Random(rng.getrandbits(64)), name=names[seat],
                                 think=think)
                for seat, kind in kinds.items()}
        chatter = _make_chatter({s: k for s, k in kinds.items() if s != human},
                                random.Random(rng.getrandbits(64)), human)
        return cls(bots, chatter, human=human)

    def name(self, seat: int) -> str:
        return str(self.bots[seat].name)

    def strength(self, seat: int) -> str:
        """The seat's strength level by name ("Strong"); "" for the player and for bots
        without levels."""
        level = getattr(self.bots.get(seat), "level", None)  # a Level, or its number
        if isinstance(level, int):  # (a Sit & Go's short-stack wrapper keeps the number)
            level = level_numbered(level)
        return level.name if seat != self.human and isinstance(level, Level) else ""

    def strength_line(self) -> str:
        """The hand log's line naming each bot's strength ("" when none has a level)."""
        named = [f"{self.name(s)} ({self.strength(s)})" for s in sorted(self.bots)
                 if self.strength(s)]
        return "Table strength: " + " · ".join(named) if named else ""

    def think_seconds(self, seat: int, view: PlayerView) -> float:
        raw = float(self.bots[seat].think_seconds(view))
        return max(MIN_THINK, min(MAX_THINK, raw)) * self.think_scale

    def decide(self, seat: int, view: PlayerView) -> Action:
        return self.bots[seat].decide(view)  # type: ignore[no-any-return]

    def hand_over(self, hand: HandState | None) -> None:
        if hand is None:
            return
        for seat, bot in self.bots.items():
            if hand.config.players[seat]:
                bot.hand_over(view_of(hand, seat))

    def chat(self, events: list[Any], view: PlayerView | None, now: float
             ) -> list[ChatLine]:
        """The bots' lines prompted by ``events``, in the order they are to be said (a
        reply right after the line it answers)."""
        if self.chatter is None:
            return []
        visible = public_events(events, None)
        lines: list[ChatLine] = self.chatter.observe(visible, view, now=now)
        return lines

    def long_think(self, seat: int, seconds: float) -> Any | None:
        if self.chatter is None:
            return None
        return LongThink(seat, seconds)

    def rebought(self, seat: int, amount: int) -> Any | None:
        if self.chatter is None:
            return None
        return Rebought(seat, amount)


def _make_chatter(speakers: dict[int, str], rng: random.Random, human: int) -> Any | None:
    """The bots' banter, or None when its script can't be read."""
    try:
        return Chatter(speakers, rng, human_seats=(human,))
    except (OSError, ValueError):
        return None


PLAIN_BOTS: dict[str, tuple[str, str]] = {
    "random": ("Random", "any legal action at random; never folds when checking is free"),
    "callbot": ("Callbot", "checks or calls every time, never folds or raises"),
    "honest": ("Honest", "calls when its odds beat the pot's, bets strong hands, never bluffs"),
}


def bot_blurb(kind: str) -> tuple[str, str]:
    """A bot kind's name and a one-line description of how it plays (a level named in a
    seat spec, ``"shark@5"``, is said at the end)."""
    try:
        base, number = parse_kind(kind)
    except ValueError:
        base, number = kind, 0
    character = personalities().get(base)
    if character is not None:
        level = f" · {LEVELS[number - 1].name}" if "@" in kind else ""
        return character.name, character.style + level
    return PLAIN_BOTS.get(kind, (kind.title(), "a bot"))
