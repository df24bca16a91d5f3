"""The first-run walkthrough: tips that follow the player's first hand, each moving on
when the table gets there (or on Next). Skippable; the settings remember it was seen."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Until(StrEnum):
    NEXT = "next"  # the player presses Next (Tab)
    MY_TURN = "my_turn"  # the player's turn comes
    ACTED = "acted"  # the player has acted
    HAND_OVER = "hand_over"  # the hand has ended


@dataclass(frozen=True, slots=True)
class Tip:
    """A tip as shown, when it moves on, and as said: ``said`` is short, for the ear, keys
    named in words (empty: not said, the table's own lines already say it)."""

    text: str
    until: Until
    said: str = ""


TIPS: tuple[Tip, ...] = (
    Tip("Welcome! You sit at the bottom; the other three seats are bots, each with a style "
        "of their own. This tour follows one hand: Next (Tab) goes on (so does your turn), "
        "Skip (X) leaves it.",
        Until.NEXT,
        "A short tour follows your first hand. Say skip the tour, or press X, to leave it."),
    Tip("Each hand deals you two cards; what they make so far is written on them. The "
        "blinds go in, then everyone acts in turn. Wait for yours.", Until.MY_TURN),
    Tip("Your turn. F folds, C checks or calls, R or Enter bets or raises the amount in the "
        "box (slider, presets, arrow keys or digits); A is all-in (press it twice). With the "
        "microphone on, say it: \"call\", \"raise to sixty\".", Until.ACTED),
    Tip("The bots act in turn: their faces and speech bubbles react, and the hand log on "
        "the right lists everything. Play the hand out.", Until.HAND_OVER),
    Tip("That was a hand: the pot goes to the best hand, or to the last player left. F1 "
        "shows the help any time, O the settings, Esc pauses. Good luck!", Until.NEXT,
        "Say what can I say, or press F1, any time. That ends the tour."),
)


@dataclass(slots=True)
class Walkthrough:
    """Where the player is in the tour; ``done`` once finished or skipped."""

    step: int = 0
    done: bool = False

    @property
    def tip(self) -> Tip | None:
        return None if self.done else TIPS[self.step]

    def _advance(self) -> None:
        self.step += 1
        self.done = self.step >= len(TIPS)

    def next(self) -> None:
        """Next (Tab or the button) moves past a tip that waits for it."""
        tip = self.tip
        if tip is not None and tip.until is Until.NEXT:
            self._advance()

    def skip(self) -> None:
        self.done = True

    def reached(self, what: Until) -> None:
        """The table got somewhere; the tip waiting for that (or an earlier stage of the
        hand the player already passed) moves on. A tip that was waiting for Next is
        passed too: the table has moved on without it, and a player playing by voice
        alone has no Tab to press."""
        order = [Until.MY_TURN, Until.ACTED, Until.HAND_OVER]
        if (tip := self.tip) is not None and tip.until is Until.NEXT:
            self._advance()
        while (tip := self.tip) is not None and tip.until in order \
                and order.index(tip.until) <= order.index(what):
            self._advance()
