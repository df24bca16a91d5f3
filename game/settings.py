"""What the player chooses on the start screen, and the fixed menu choices."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.table import BLIND_LEVELS

BOT_KINDS: tuple[str, ...] = ("shark", "maniac", "station", "rock", "random", "callbot", "honest")
BUY_IN_CHOICES_BB: tuple[int, ...] = (20, 30, 40, 50, 60, 70, 80, 90, 100)
CLOCK_CHOICES: tuple[int, ...] = (0, 15, 20, 30, 45, 60)
BANK_CHOICES: tuple[int, ...] = (0, 15, 30, 60)
SPEED_CHOICES: tuple[float, ...] = (0.75, 1.0, 1.5, 2.0)
MIN_SIZE = (960, 540)
HUMAN_SEAT = 0


@dataclass(frozen=True, slots=True)
class GameSettings:
    """One table's options; ``turn_seconds`` 0 turns the clock off."""

    level: int = 1
    buy_in_bb: int = 100
    bots: tuple[str, str, str] = ("shark", "maniac", "station")
    turn_seconds: int = 30
    bank_seconds: int = 15
    four_color: bool = False
    speed: float = 1.0
    player_name: str = "You"

    @property
    def blinds(self) -> tuple[int, int]:
        return BLIND_LEVELS[self.level - 1]

    @property
    def big_blind(self) -> int:
        return self.blinds[1]

    @property
    def buy_in(self) -> int:
        return self.buy_in_bb * self.big_blind

    def with_(self, **changes: object) -> GameSettings:
        return replace(self, **changes)  # type: ignore[arg-type]
