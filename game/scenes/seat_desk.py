"""The player's seat at the table scene: sitting out and back in, posting the big blind
now, the top-up asked for and opened at the hand break, the seat's standing in words,
pre-action ticks that no longer hold, and the player's notes on the bots.
A mixin of :class:`game.scenes.table.TableScene` (kept apart so the scene stays one job)."""

from __future__ import annotations

from typing import Any, Protocol

from engine.chips import chip_text
from engine.table import SitOutOver, TableError
from game.scenes.base import Host, Opening, SceneName
from game.scenes.table_ear import TableEar
from game.table.actionbar import ActionPanel
from game.table.loop import added_line
from game.table.notes import NoteBook
from game.table.players import Seats
from game.table.session import TableSession
from game.table.view import TableDisplay


class _Table(Protocol):
    """What the seat controls use of the table scene."""

    host: Host
    session: TableSession
    seats: Seats
    display: TableDisplay
    me: int
    rebuy_requested: bool
    notebook: NoteBook
    panel: ActionPanel

    def say(self, text: str, error: bool = False) -> None: ...
    def note(self, line: str) -> None: ...
    def chat(self, facts: list[Any]) -> None: ...
    def _seat_display(self) -> None: ...
    def _no_room(self, stack: int) -> None: ...
    def _open_rebuy(self) -> None: ...
    def rebought(self, amount: int) -> None: ...
    def _to_call(self) -> int: ...
    def _in_this_hand(self) -> bool: ...


class SeatDesk(TableEar):
    """The seat controls, shared by the keys, the clicks and the voice's table commands."""

    __slots__ = ()

    def wants_rebuy(self: _Table) -> bool:
        """At the end of the break, when a top-up is possible: busted, or asked for."""
        stack = self.session.stacks()[self.me]
        if stack == 0 or (self.rebuy_requested and stack < self.session.config.max_buy_in):
            self._open_rebuy()
            return True
        if self.rebuy_requested:
            self.rebuy_requested = False
            self._no_room(stack)
        return False

    def _no_room(self: _Table, stack: int) -> None:
        self.say(f"Nothing to top up: {chip_text(stack)} is the most you may have in front of "
                 "you", error=True)

    def _toggle_sit_out(self: _Table) -> None:
        table = self.session.table
        try:
            if self.session.sitting_out(self.me):
                self.session.set_sitting_out(self.me, False)
                self.say("Back in: you play from your big blind, or Post now [N] to play "
                         "the next hand" if self.session.standing(self.me) else "Back in")
            else:  # the tick: this hand plays on, the next is dealt without the seat
                self.session.set_sitting_out(self.me, True)
                when = "from the next hand" if self._in_this_hand() else "now"
                if table.config.blinded_away:
                    self.say(f"Sitting out {when}: in a tournament you are still dealt in "
                             "and post your blinds and antes; your hand is checked when "
                             "checking is free and folded to a bet")
                else:
                    limit = self.session.settings.sit_out_hands
                    self.say(f"Sitting out {when}: after {limit} hand{'s' * (limit != 1)} "
                             "out you leave the table")
        except TableError as refusal:
            self.say(str(refusal), error=True)
        if self.session.hand is None:
            self._seat_display()

    def sat_out_too_long(self: _Table, event: SitOutOver) -> None:
        """Out as many hands as the table allows: the player leaves it with their chips,
        said and shown; the table and their seat stay saved for their return."""
        stack = self.session.stacks()[self.me]
        kept = " Your seat is saved: Continue to sit back down." \
            if self.session.save.active else ""
        text = (f"You sat out {event.hands} hands and left the table with "
                f"{chip_text(stack)} chips.{kept}")
        self.note(text)
        self.say(text)
        self.host.open(SceneName.START, Opening(notice=text))

    def _in_this_hand(self: _Table) -> bool:
        """The player holds cards in the hand being played."""
        hand = self.session.hand
        return (hand is not None and not hand.finished and hand.config.players[self.me]
                and not hand.folded[self.me])

    def rebuy_refusal(self: _Table) -> str | None:
        """Why no chips may be added at this table at all (a freeze-out), or None."""
        try:
            self.session.table.verify_add_chips()
        except TableError as refusal:
            return str(refusal)
        return None

    def _request_rebuy(self: _Table) -> None:
        """The dialog opens once the hand and its break are over, never over a result,
        and only when there is room to top up; never at a freeze-out (a Sit & Go)."""
        try:
            self.session.table.verify_add_chips()
        except TableError as refusal:
            self.say(str(refusal), error=True)
            return
        stack = self.session.stacks()[self.me]
        if self.session.hand is None and stack >= self.session.config.max_buy_in:
            self._no_room(stack)
            return
        self.rebuy_requested = True
        self.say("Top-up after this hand" if self.session.hand is not None
                 else "Top-up opens in a moment")

    def _open_rebuy(self: _Table) -> None:
        self.rebuy_requested = False
        self.host.open(SceneName.REBUY, Opening(session=self.session, seat=self.me,
                                                on_added=self.rebought))

    def rebought(self: _Table, amount: int) -> None:
        """Called by the rebuy dialog once chips were added."""
        stack = self.session.stacks()[self.me]
        self.note(added_line(self.display.seats[self.me].name, amount, stack))
        self._seat_display()
        self.say(f"Added {chip_text(amount)} chips")
        fact = self.seats.rebought(self.me, amount)
        if fact is not None:
            self.chat([fact])

    def _standing(self: _Table, seat: int) -> str:
        """A seat's state, always on screen: waiting for the big blind, sitting out, or
        the player's top-up queued for the next hand break."""
        if seat == self.me and self.rebuy_requested:
            return "Top-up at the next hand"
        return self.session.standing(seat)

    def _notebook(self: _Table) -> NoteBook:
        """This table's notes, kept beside its save file (this run only when unsaved)."""
        save = self.session.save
        info = save.table_info()
        folder = save.store.path.parent if save.store is not None else None
        return NoteBook.open(folder, info.id if info is not None else None)

    def _open_notes(self: _Table, seat: int) -> None:
        """The note on the bot in ``seat``, to read and change."""
        name = self.session.names[seat]

        def keep(text: str) -> None:
            trouble = self.notebook.write(seat, name, text)
            self.say(trouble or (f"Note on {name} kept" if text.strip() else
                                 f"Note on {name} removed"), error=trouble is not None)
        self.host.open(SceneName.NOTES, Opening(session=self.session, seat=seat,
                                                notice=self.notebook.note(seat, name),
                                                on_note=keep))

    def _untick(self: _Table) -> None:
        """A "Call N" tick whose amount changed, or a "Check" tick facing a bet, no longer
        says what the player chose: cleared, and said."""
        p, to_call = self.panel, self._to_call()
        if p.pre_call is not None and p.pre_call != to_call:
            self.say(f"Call {chip_text(p.pre_call)} unticked: it's {chip_text(to_call)} now"
                     if to_call else f"Call {chip_text(p.pre_call)} unticked: nothing to call")
            p.pre_call = None
        elif p.pre_check and to_call:
            self.say(f"Check unticked: {chip_text(to_call)} to call")
            p.pre_check = False

    def _post_now(self: _Table) -> None:
        try:
            self.session.post_now(self.me)
            self.say(f"You post the big blind ({chip_text(self.session.config.big_blind)}) "
                     "and play the next hand")
        except TableError as refusal:
            self.say(str(refusal), error=True)

    def _to_call(self: _Table) -> int:
        """What calling would cost the player now (0: checking is free)."""
        hand = self.session.hand
        if hand is None or hand.finished or not hand.config.players[self.me]:
            return 0
        return max(0, min(hand.current_bet - hand.street_bets[self.me], hand.stacks[self.me]))
