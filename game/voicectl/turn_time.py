"""The player's turn as the voice counts it: how long it lasted and how much of it the
microphone was deaf (for the report), and when the turn clock waits for the voice (see
:meth:`TurnTime.holds_clock`). A mixin of :class:`game.voicectl.controller.VoiceController`,
which owns the attributes it uses."""

from __future__ import annotations

from typing import Protocol

from game.voicectl.panel import MicState
from game.voicectl.stats import VoiceStats
from voice.confirm import ConfirmController, Phase

MAX_HELD_SECONDS = 20.0
"""The most turn-clock time given back a turn for the game's own talk (its table lines)."""

MAX_ANSWER_SECONDS = 120.0
"""The most turn-clock time given back a turn while the player is heard and answered (a
guard against a stuck narrator or a room that never goes quiet, not a limit a player
asking questions meets)."""


class _Voice(Protocol):
    """What the turn's time uses of the controller."""

    turn: int | None
    mic: MicState
    stats: VoiceStats
    confirm: ConfirmController
    _held: float
    _answer_held: float
    _timed_turn: int | None
    _last_update: float | None

    def speaking(self) -> bool: ...
    def gate_muted(self) -> bool: ...
    def answering(self) -> bool: ...


class TurnTime:
    """The turn's time, and the turn clock held for the voice."""

    __slots__ = ()
    _held: float  # clock seconds held for the game's talk this turn
    _answer_held: float  # clock seconds held while the player was heard and answered
    _timed_turn: int | None
    _last_update: float | None

    def _time_turn(self: _Voice, now: float) -> None:
        """Count the player's turn time, and the part of it the microphone was deaf."""
        last, self._last_update = self._last_update, now
        if self.turn != self._timed_turn:
            self._timed_turn, self._held, self._answer_held = self.turn, 0.0, 0.0
        if last is None or self.turn is None:
            return
        # FINISHED: the --voice-from files have all been said; nothing stops hearing.
        listening = self.mic in (MicState.LISTENING, MicState.HELD, MicState.FILES,
                                 MicState.FINISHED) and not self.gate_muted()
        self.stats.turn_time(max(0.0, now - last), listening)

    def holds_clock(self: _Voice) -> bool:
        """The turn clock runs on the player's turn except while

        * a yes-or-no question waits for the player (it lapses on its own after
          ``ConfirmPolicy.answer_timeout`` of quiet: the clock never acts over it);
        * the player is heard and answered (:meth:`answering`): they are talking, what
          they said waits to be understood, or a line for them (a reply, a say-back, an
          answer to a question) is queued or being said; at most
          :data:`MAX_ANSWER_SECONDS` a turn;
        * the game says the table's own lines (at most :data:`MAX_HELD_SECONDS` a turn).
        """
        if self.turn is None:
            return False
        if self.confirm.phase is Phase.QUESTION:
            return True
        if self.answering() and self._answer_held < MAX_ANSWER_SECONDS:
            return True
        return self.speaking() and self._held < MAX_HELD_SECONDS

    def clock_held(self: _Voice, seconds: float) -> None:
        """The table held the clock for ``seconds`` (counted against the cap of why it
        was held; a question waiting counts against none)."""
        if self.confirm.phase is Phase.QUESTION:
            return
        if self.answering() and self._answer_held < MAX_ANSWER_SECONDS:
            self._answer_held += seconds
        else:
            self._held += seconds

    def clock_expired(self: _Voice) -> None:
        """The player's turn clock ran out (for the report)."""
        self.stats.clock_expiries += 1
        if self.speaking():
            self.stats.clock_expiries_while_talking += 1
