"""One line to say: its words, its voice, how urgent it is, and who is told what became
of it (said, dropped, cut off, or folded into a shorter line)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

DEALER = "dealer"

ACTION = "action"  # topic: a seat's action ("Blaze raises to 140")
SHOWN = "shown"  # topic: a hand shown ("Blaze shows Ace of hearts and Eight of spades: ...")
AWARD = "award"  # topic: a pot won ("Doris wins 2,015 with One Pair, Kings")
TURN = "turn"  # topic: the player's turn ("Your turn: 130 to call, pot 330")
RECALLED = "recalled"  # topic: a line said again ("repeat"): never itself repeated
TIP = "tip"  # topic: a first-run tour's tip: left out of a catch-up (it is not news)


class Priority(IntEnum):
    """Lower plays first."""

    URGENT = 0    # answers to the player: replies, say-backs, questions, refusals
    TABLE = 1     # the table's news in its order: cards, actions, the turn, results
    BANTER = 2    # bot chatter


@dataclass(frozen=True, slots=True)
class Line:
    """One thing to say: ``speaker`` names a voice (see
    :class:`voice.speak.narrator.Narrator` ``voices``). ``brief`` is the line as a
    catch-up says it, folded with others ("Blaze raised to 140"; empty: the text
    itself); ``said`` is when it began to be said (0 until then)."""

    text: str
    speaker: str = DEALER
    priority: Priority = Priority.TABLE
    created: float = 0.0
    topic: str = ""  # ACTION, TURN, RECALLED, a screen's "focus" or "about", or ""
    scene: str = ""  # the screen it belongs to ("table", "start", "rebuy", ...)
    brief: str = ""
    said: float = 0.0
    quick: bool = False  # a catch-up: said faster (:data:`QUICKER`)

    @property
    def short(self) -> str:
        """The line as it is folded into a catch-up line."""
        return self.brief or self.text


QUICKER = 1.3
"""How much faster a catch-up line is said than the speaker's usual rate (a person
catching someone up talks faster; 175 -> 227 words a minute for the narrator)."""


Fate = Callable[[Line, bool, str], None]
"""Told once per line when its fate is known: ``(line, spoken, why)``; ``spoken`` is
true once it was said to the end, else ``why`` says what became of it ("dropped": never
started, "interrupted": cut off, "replaced": folded into a shorter line, "failed": it
could not be rendered). The speech log (``--speech-log``) is one such listener."""


def no_fate(line: Line, spoken: bool, why: str) -> None:
    """The default :data:`Fate`: nobody listens."""
