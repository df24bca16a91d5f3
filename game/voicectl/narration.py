"""What the voice controller says of the table: each event as it is shown, the player's
turn in one short line, notices, and the bots' banter in their own voices. A mixin of
:class:`game.voicectl.controller.VoiceController`, which owns the attributes it uses."""

from __future__ import annotations

from typing import Protocol

from engine.events import ActionTaken, Event, HoleCardsDealt
from engine.view import PlayerView
from game.voicectl.speech import bot_voice
from voice.speak.narrator import Narrator, Priority, cards_text, say_event, say_turn

TABLE = "table"  # the speech log's name for the table's lines


class _Voice(Protocol):
    """What narration uses of the controller."""

    seat: int
    turn: int | None
    bots_muted: bool
    narrator: Narrator | None
    _voices: dict[int, tuple[str, int, float]]
    _last_turn_line: str

    def _say(self: _Voice, text: str, priority: Priority, speaker: str = "dealer",
             topic: str = "", scene: str = "") -> None: ...


class Narration:
    """The narrator's lines for the table (the controller decides when it may talk)."""

    __slots__ = ()

    def set_voices(self: _Voice, voices: dict[int, tuple[str, int, float]]) -> None:
        """Each bot seat's voice (hint, rate, relative pitch) from ``bot.voice``."""
        self._voices = dict(voices)
        if self.narrator is None:
            return
        for index, (seat, (hint, rate, pitch)) in enumerate(sorted(voices.items())):
            self.narrator.voices[f"seat{seat}"] = bot_voice(hint, rate, pitch, index)

    def narrate(self: _Voice, event: Event, view: PlayerView | None) -> None:
        """Announce an engine event as it is shown."""
        if view is None:
            return
        if isinstance(event, HoleCardsDealt):
            if event.seat == self.seat:
                self._say(f"New hand. You have {cards_text(event.cards)}", Priority.TABLE,
                          scene=TABLE)
            return
        line = say_event(event, view)
        if line:
            self._say(line, Priority.TABLE,
                      topic="action" if isinstance(event, ActionTaken) else "", scene=TABLE)

    def your_turn(self: _Voice, view: PlayerView) -> None:
        """The player's turn begins: news they no longer need (queued seats' actions,
        banter) is dropped and one short line said, shorter still when it is the same
        as the last one ("Your turn")."""
        if self.narrator is not None:
            self.narrator.queue.drop(lambda line: line.priority is Priority.BANTER
                                     or line.topic == "action")
        line = say_turn(view)
        self._say("Your turn" if line == self._last_turn_line else line, Priority.URGENT,
                  scene=TABLE)
        self._last_turn_line = line

    def notice(self: _Voice, text: str) -> None:
        """A refusal, a warning or a recovery report: said before anything else."""
        self._say(text, Priority.URGENT)

    def banter(self: _Voice, seat: int, text: str) -> None:
        """A bot's table talk in its own voice (nothing when the bots are muted, nor
        during the player's turn: that time is theirs)."""
        if not self.bots_muted and self.turn is None:
            self._say(text, Priority.BANTER, f"seat{seat}", scene=TABLE)
