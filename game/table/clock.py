"""The turn clock: seconds per action plus a time bank that lasts the whole hand."""

from __future__ import annotations

from dataclasses import dataclass

WARNING_SECONDS = 10.0


@dataclass(slots=True)
class TurnClock:
    """``per_action`` 0 turns the clock off. Call ``new_hand``, ``start`` per decision,
    ``tick`` every frame; ``expired`` once both the action time and the bank are gone."""

    per_action: float = 30.0
    bank_per_hand: float = 15.0
    remaining: float = 0.0
    bank: float = 0.0
    running: bool = False
    warned: bool = False
    paused: bool = False  # held this frame: the game is talking to the player

    @property
    def enabled(self) -> bool:
        return self.per_action > 0

    def new_hand(self) -> None:
        self.bank = self.bank_per_hand
        self.running = False

    def start(self) -> None:
        self.remaining = self.per_action
        self.running = self.enabled
        self.warned = False

    def stop(self) -> None:
        self.running = False

    def tick(self, dt: float) -> bool:
        """Advance; True the moment time runs out (then the clock stops)."""
        if not self.running:
            return False
        if self.remaining > 0:
            spill = dt - self.remaining
            self.remaining = max(0.0, self.remaining - dt)
            if spill > 0:
                self.bank = max(0.0, self.bank - spill)
        else:
            self.bank = max(0.0, self.bank - dt)
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
    def fraction(self) -> float:
        """Share of the current allowance left (the ring), the bank once in it."""
        if self.in_bank:
            return self.bank / self.bank_per_hand if self.bank_per_hand else 0.0
        return self.remaining / self.per_action if self.per_action else 0.0
