"""The table scene as the voice hears it: the player's turn and view for the voice
controller, the facts its questions are answered from beside the hand (the clock, the
amount sized, the blinds, the hand's number), the table's news said in its order, and the
table as the screens describe themselves (``describe``: "where am I" at the table).
Everything else the table says is its narration (game/voicectl/narration.py) and its
answers (game/voicectl/requests.py, voice/speak/answers.py).
A mixin of :class:`game.scenes.table.TableScene`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.chips import chip_text
from engine.sizing import BettingContext
from engine.view import PlayerView
from game.scenes.spoken import Description, Heard
from game.table.actionbar import ActionPanel
from game.table.clock import whole_seconds
from game.table.loop import HandLoop
from game.table.session import TableSession
from game.table.strength import strength
from game.voicectl.context import legal_context
from voice.speak.answers import TableFacts
from voice.understand.intent import Intent

if TYPE_CHECKING:
    from game.voicectl.controller import VoiceController


class _Table(Protocol):
    session: TableSession
    me: int
    loop: HandLoop
    panel: ActionPanel
    message: str
    message_error: bool
    message_age: float

    @property
    def voice(self) -> VoiceController | None: ...
    def voice_view(self) -> PlayerView | None: ...
    def note(self, line: str) -> None: ...


class TableEar:
    """What the voice asks of the table, and ``describe`` and ``hear`` for the table
    (voice at the table goes through the voice controller's own turn-aware path, so
    ``hear`` takes nothing)."""

    __slots__ = ()

    def voice_turn(self: _Table) -> tuple[int | None, BettingContext | None]:
        """The player's turn id and betting context while it is their turn."""
        hand = self.session.hand
        view = self.loop.my_view()
        if hand is None or view is None:
            return None, None
        return self.session.hand_number * 100_000 + len(hand.events), legal_context(view)

    def voice_view(self: _Table) -> PlayerView | None:
        return self.session.view(self.me)

    def voice_facts(self: _Table) -> TableFacts:
        """What the table shows beside the hand, for the player's questions."""
        config, clock = self.session.config, self.loop.clock
        view = self.voice_view()
        turn = self.loop.my_view()
        sized, refused = "", ""
        if turn is not None and turn.legal is not None and self.panel.high > 0:
            sized = self.panel.wager(turn.legal, turn.context).label.replace(
                " (all-in)", ", all in")
            refused = self.panel.box_refusal() or ""
        hole = view.hole if view is not None and view.hole is not None else ()
        board = view.board if view is not None else ()
        return TableFacts(
            hand=self.session.number, small_blind=config.small_blind,
            big_blind=config.big_blind, ante=config.ante,
            clock=float(whole_seconds(clock.remaining)) if turn is not None
            and clock.running else None,
            bank=float(whole_seconds(clock.bank)) if clock.enabled else None,
            sized=sized, refused=refused, strength=strength(tuple(hole), tuple(board)),
            stack=self.session.stacks()[self.me] if view is None
            else view.stacks[self.me])

    def sitting_out_now(self: _Table) -> bool:
        return self.session.sitting_out(self.me)

    def show(self: _Table, text: str, error: bool = False) -> None:
        """A voice notice on the message line and in the log."""
        self.note(text)
        self.message, self.message_error, self.message_age = text, error, 0.0

    def announce(self: _Table, text: str, error: bool = False) -> None:
        """The table's news (out of chips): on the message line, and said in the
        table's order, after the lines of the hand that led to it."""
        self.message, self.message_error, self.message_age = text, error, 0.0
        voice = self.voice
        if voice is not None:
            voice.news(text)

    def describe(self: _Table) -> Description:
        view = self.voice_view()
        number = self.session.hand_number
        chips = chip_text(self.session.stacks()[self.me])
        if view is None or view.finished:
            about = f"Between hands. You have {chips} chips."
        else:
            about = f"Hand {number}, the {view.street.value}. You have {chips} chips behind."
        title = "At the Sit and Go table" if self.session.tournament is not None \
            else "At the table"
        return Description("table", title, (about,), (), None,
                           ("what can I say", "leave the table", "quit the game"))

    def hear(self, intent: Intent) -> Heard:
        return None
