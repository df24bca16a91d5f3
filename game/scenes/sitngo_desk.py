"""The Sit & Go's part of the table scene: its status for the voice's questions, the
news after each hand (knockouts, the player's place, the winner) and the results at the
end. A mixin of :class:`game.scenes.table.TableScene` (kept apart so the scene stays one
job); the levels, knockouts and places themselves are :mod:`game.table.sitngo`'s."""

from __future__ import annotations

from typing import Any, Protocol

from game.scenes.base import Host, Opening, SceneName
from game.scenes.seat_desk import SeatDesk
from game.table.presenter import Presenter
from game.table.session import TableSession
from game.table.sitngo import SitAndGoDesk
from voice.speak.narrator import TournamentStatus

WATCH_SPEED = 8.0  # a Sit & Go the player is out of plays on at this speed
RESULTS_AFTER = 5.0  # game seconds from a Sit & Go's last hand to its results


class _Table(Protocol):
    """What the Sit & Go part uses of the table scene."""

    host: Host
    session: TableSession
    desk: SitAndGoDesk | None
    results_in: float | None
    autopilot: bool

    @property
    def presenter(self) -> Presenter: ...
    def tell(self, text: str, error: bool = False) -> None: ...
    def chat(self, facts: list[Any]) -> None: ...


class SitAndGoPart(SeatDesk):
    """A Sit & Go's moments at the table (nothing happens at a cash table: no desk)."""

    __slots__ = ()
    results_in: float | None  # the scene's field: game seconds until the results

    def tournament_status(self: _Table) -> TournamentStatus | None:
        """A Sit & Go's level, the next one and the player's chips (None at a cash table)."""
        return self.desk.status() if self.desk is not None else None

    def _tournament_news(self: _Table) -> None:
        """Knockouts (the log says who by; a bot says its line), the player's place, the
        winner; autoplay stops when the Sit & Go is over."""
        desk = self.desk
        assert desk is not None
        for line in desk.news(self.session.knockouts):
            self.tell(line)
        self.chat(desk.chat_facts(self.session.knockouts))
        if self.autopilot:
            if desk.sng.finished:
                self.host.quit()
            return
        if desk.knocked_out_me(self.session.knockouts) and not desk.sng.finished:
            # Out: the rest is watched at speed; the menu (Esc) starts again.
            self.session.settings = self.session.settings.with_(speed=WATCH_SPEED)
            self.tell(f"Watching the rest at {WATCH_SPEED:g}× · Esc for the menu, then "
                      "Sit & Go to start again")
        if desk.sng.finished:
            if desk.won_me(self.session.knockouts):
                self.host.effects.play("win")
            self.results_in = RESULTS_AFTER

    def _results(self: _Table, dt: float) -> None:
        """The Sit & Go is over: after the last words, its results on the start screen."""
        if self.results_in is None or self.desk is None:
            return
        self.results_in -= dt
        if self.results_in <= 0 and not self.presenter.busy:
            self.results_in = None
            self.session.save.close()
            self.host.open(SceneName.RESULTS, Opening(notice=self.desk.results_title(),
                                                      lines=self.desk.results_lines()))
