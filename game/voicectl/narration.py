"""What the voice controller says of the table: each event as it is shown, the player's
turn in one short line, notices, and the bots' banter in their own voices. A mixin of
:class:`game.voicectl.controller.VoiceController`, which owns the attributes it uses."""

from __future__ import annotations

from typing import Protocol

from engine.events import Event, HandStarted, HoleCardsDealt
from engine.view import PlayerView
from game.voicectl.speech import bot_voice
from voice.speak.line import ACTION, TIP, TURN, Priority
from voice.speak.lines import cards_text, event_brief, event_topic, say_event, say_turn
from voice.speak.narrator import Narrator
from voice.speak.recap import joined

TABLE = "table"  # the speech log's name for the table's lines


class _Voice(Protocol):
    """What narration uses of the controller."""

    seat: int
    turn: int | None
    bots_muted: bool
    narrator: Narrator | None
    _voices: dict[int, tuple[str, int, float]]
    _last_turn_line: str
    _last_notice: str
    _cards_told: tuple[int, ...]

    def _say(self: _Voice, text: str, priority: Priority, speaker: str = "dealer",
             topic: str = "", scene: str = "", brief: str = "") -> None: ...


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
        """Announce an engine event as it is shown, in the table's order."""
        if view is None:
            return
        self._last_notice = ""  # something happened: a status is worth saying again
        if isinstance(event, HandStarted):
            self._last_turn_line = ""  # a new hand's turn is said whole
            return
        if isinstance(event, HoleCardsDealt):
            if event.seat == self.seat:
                self._cards_told = tuple(event.cards)
                self._say(f"New hand. You have {cards_text(event.cards)}", Priority.TABLE,
                          scene=TABLE)
            return
        line = say_event(event, view)
        if line:
            self._say(line, Priority.TABLE, topic=event_topic(event), scene=TABLE,
                      brief=event_brief(event, view))

    def your_turn(self: _Voice, view: PlayerView) -> None:
        """The player's turn begins: banter is dropped, and the seats' actions still
        waiting to be said are said in the turn's own line, in their place ("Your turn:
        Blaze raised to 140, Doris called. 130 to call, pot 330"), after whatever the
        table said before them. Said again the same within a hand, it is "Your turn"."""
        since = ""
        if self.narrator is not None:
            self.narrator.queue.drop(lambda line: line.priority is Priority.BANTER)
            taken = self.narrator.queue.take_tail(ACTION, TABLE)
            since = joined([line.short for line in taken]) if taken else ""
        line = say_turn(view, since)
        said = "Your turn" if line == self._last_turn_line else line
        if view.hole is not None and tuple(view.hole) != self._cards_told:
            # a hand resumed from the save (its deal was never said): the cards first
            self._cards_told = tuple(view.hole)
            board = f" The board: {cards_text(view.board)}." if view.board else ""
            said = f"You have {cards_text(view.hole)}.{board} {line}"
        self._last_notice = ""
        self._say(said, Priority.TABLE, topic=TURN, scene=TABLE)
        self._last_turn_line = line

    def notice(self: _Voice, text: str) -> None:
        """A reply to what the player did (a refusal, "Top-up after this hand") or the
        table's status ("Waiting for players"): said before anything else, and a status
        repeated with nothing said between is said once."""
        if text == self._last_notice:
            return
        self._last_notice = text
        self._say(text, Priority.URGENT)

    def news(self: _Voice, text: str) -> None:
        """The table's news (out of chips, a level up, a knockout): said in the table's
        order, after the lines of what led to it (a catch-up says advice up to its colon,
        "You're out of chips", but never cuts a number: "Results: 1st Vera 65 points; ..."
        is said whole)."""
        head, colon, rest = text.partition(":")
        brief = head if colon and not any(c.isdigit() for c in rest) else text
        self._last_notice = ""
        self._say(text, Priority.TABLE, scene=TABLE, brief=brief)

    def tip(self: _Voice, text: str) -> None:
        """A first-run tour's tip: said in the table's order, left out of a catch-up."""
        self._say(text, Priority.TABLE, topic=TIP, scene=TABLE)

    def banter(self: _Voice, seat: int, text: str) -> None:
        """A bot's table talk in its own voice (nothing when the bots are muted, nor
        during the player's turn: that time is theirs)."""
        if not self.bots_muted and self.turn is None:
            self._say(text, Priority.BANTER, f"seat{seat}", scene=TABLE)
