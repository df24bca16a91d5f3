"""The turn clock: seconds per action plus a time bank that carries over between hands.

The clock counts real seconds: the table feeds it the frame's wall time, never the
animation-speed-scaled game time, so "Animation speed" never shortens the player's
thinking time. The bank starts full, is spent only after an action's own seconds are
gone, keeps what is left from hand to hand, and gains :data:`BANK_REFILL_SHARE` of its
full size at every new hand, up to full (docs/playing.md, "The turn clock")."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

WARNING_SECONDS = 10.0
BANK_REFILL_SHARE = 0.1
"""The share of the full bank given back at each new hand: ten hands refill an empty bank."""


def whole_seconds(seconds: float) -> int:
    """The whole seconds shown and said for ``seconds`` left (9.2 s left reads 10: the
    figure never claims less time than there is)."""
    return max(0, math.ceil(seconds - 1e-9))


@dataclass(slots=True)
class TurnClock:
    """``per_action`` 0 turns the clock off. Call ``new_hand`` at each deal, ``start`` per
    decision, ``tick`` every frame with real seconds; ``expired`` once both the action
    time and the bank are gone."""

    per_action: float = 30.0
    bank_full: float = 15.0
    remaining: float = 0.0
    bank: float = field(default=-1.0)  # -1: full (set from ``bank_full``)
    running: bool = False
    warned: bool = False
    paused: bool = False  # held this frame: the game is talking to the player

    def __post_init__(self) -> None:
        if self.bank < 0:
            self.bank = self.bank_full

    @property
    def enabled(self) -> bool:
        return self.per_action > 0

    @property
    def refill(self) -> float:
        """Seconds the bank gains at each new hand."""
        return self.bank_full * BANK_REFILL_SHARE

    def new_hand(self) -> None:
        """A new hand: the bank keeps what was left and gains :attr:`refill`, up to full."""
        self.bank = min(self.bank_full, self.bank + self.refill)
        self.running = False

    def start(self) -> None:
        self.remaining = self.per_action
        self.running = self.enabled
        self.warned = False

    def stop(self) -> None:
        self.running = False

    def tick(self, seconds: float) -> bool:
        """Advance ``seconds`` of real time; True the moment time runs out (then the clock
        stops)."""
        if not self.running:
            return False
        if self.remaining > 0:
            spill = seconds - self.remaining
            self.remaining = max(0.0, self.remaining - seconds)
            if spill > 0:
                self.bank = max(0.0, self.bank - spill)
        else:
            self.bank = max(0.0, self.bank - seconds)
        if self.remaining <= 0 and self.bank <= 0:
            self.running = False
            return True
        return False

    @property
    def in_bank(self) -> bool:
        return self.running and self.remaining <= 0

    @property
    def left(self) -> float:
        return self.remaining + self.bank

    @property
    def warning(self) -> bool:
        return self.running and self.left <= WARNING_SECONDS

    @property
    def shown(self) -> int:
        """The seconds on the seat's ring: the action's own, then the bank's."""
        return whole_seconds(self.bank if self.in_bank else self.remaining)

    def warning_text(self) -> str:
        """What is shown and said when the warning starts: all the time left."""
        left = whole_seconds(self.left)
        return f"{left} second{'' if left == 1 else 's'} left"

    @property
    def fraction(self) -> float:
        """Share of the current allowance left (the ring), the bank once in it."""
        if self.in_bank:
            return self.bank / self.bank_full if self.bank_full else 0.0
        return self.remaining / self.per_action if self.per_action else 0.0
