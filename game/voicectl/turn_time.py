"""The player's turn as the voice counts it: how long it lasted and how much of it the
microphone was deaf (for the report), and when the turn clock waits for the voice: while
a yes-or-no question waits for the player, and while the game talks to them. A mixin of
:class:`game.voicectl.controller.VoiceController`, which owns the attributes it uses."""

from __future__ import annotations

from typing import Protocol

from game.voicectl.panel import MicState
from game.voicectl.stats import VoiceStats
from voice.confirm import ConfirmController, Phase

MAX_HELD_SECONDS = 20.0
"""The most turn-clock time given back a turn for the game's own talk."""


class _Voice(Protocol):
    """What the turn's time uses of the controller."""

    turn: int | None
    mic: MicState
    stats: VoiceStats
    confirm: ConfirmController
    _held: float
    _timed_turn: int | None
    _last_update: float | None

    def speaking(self) -> bool: ...
    def gate_muted(self) -> bool: ...


class TurnTime:
    """The turn's time, and the turn clock held for the voice."""

    __slots__ = ()
    _held: float  # clock seconds held for the game's talk this turn
    _timed_turn: int | None
    _last_update: float | None

    def _time_turn(self: _Voice, now: float) -> None:
        """Count the player's turn time, and the part of it the microphone was deaf."""
        last, self._last_update = self._last_update, now
        if self.turn != self._timed_turn:
            self._timed_turn, self._held = self.turn, 0.0
        if last is None or self.turn is None:
            return
        # FINISHED: the --voice-from files have all been said; nothing stops hearing.
        listening = self.mic in (MicState.LISTENING, MicState.HELD, MicState.FILES,
                                 MicState.FINISHED) and not self.gate_muted()
        self.stats.turn_time(max(0.0, now - last), listening)

    def holds_clock(self: _Voice) -> bool:
        """The turn clock waits while a yes-or-no question waits for the player (the
        question lapses on its own after ``ConfirmPolicy.answer_timeout``: the clock
        never acts over it), and while the game talks during the player's turn (at most
        :data:`MAX_HELD_SECONDS` a turn, so a stuck narrator can't stop the clock)."""
        if self.turn is None:
            return False
        return self.confirm.phase is Phase.QUESTION or (
            self.speaking() and self._held < MAX_HELD_SECONDS)

    def clock_held(self: _Voice, seconds: float) -> None:
        """The table held the clock for ``seconds`` (talk counts against the cap, a
        question waiting does not)."""
        if self.confirm.phase is not Phase.QUESTION:
            self._held += seconds

    def clock_expired(self: _Voice) -> None:
        """The player's turn clock ran out (for the report)."""
        self.stats.clock_expiries += 1
        if self.speaking():
            self.stats.clock_expiries_while_talking += 1
