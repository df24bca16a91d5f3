"""The table scene as the screens describe themselves (``describe``): where the player is
when they ask "where am I" at the table. Everything else the table says is its
narration (game/voicectl/narration.py) and its answers (game/voicectl/requests.py).
A mixin of :class:`game.scenes.table.TableScene`."""

from __future__ import annotations

from typing import Protocol

from engine.chips import chip_text
from engine.view import PlayerView
from game.scenes.spoken import Description, Heard
from game.table.session import TableSession
from voice.understand.intent import Intent


class _Table(Protocol):
    session: TableSession
    me: int

    def voice_view(self) -> PlayerView | None: ...


class TableEar:
    """``describe`` and ``hear`` for the table (voice at the table goes through the
    voice controller's own turn-aware path, so ``hear`` takes nothing)."""

    __slots__ = ()

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
