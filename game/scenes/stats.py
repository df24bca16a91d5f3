"""The stats panel: each player's hands, VPIP, PFR, aggression, showdowns and net chips,
for this session (the table in play: the cash table, or the Sit & Go being played) and
all time, at the cash table and in Sit & Gos apart (tournament chips are not money),
from both save files. Esc closes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.persistence.store import CorruptRecord, StoreError
from game.records.library import sit_and_go_beside
from game.records.stats import all_time_stats, session_stats
from game.records.statsview import HEADER, stats_rows
from game.render.theme import GOLD, MUTED, ORANGE, TEXT
from game.render.widgets import button, dim, panel
from game.scenes.base import Host, StillScene
from game.scenes.dialog import close_bindings, panel_box
from game.scenes.spoken import Description, Heard, counted
from game.table.session import TableSession
from voice.understand.intent import Control, Intent

Rows = list[tuple[str, ...]]


def _said_net(net: str) -> str:
    """ "+1,240" as "up 1,240 chips"."""
    if net.startswith("-"):
        return f"down {net[1:]} chips"
    return "even" if net.strip("+") == "0" else f"up {net.lstrip('+')} chips"


def _said_pct(cell: str) -> str:
    return "none" if not cell[:1].isdigit() else cell.replace("%", " percent")


@dataclass(slots=True)
class StatsScene(StillScene):
    host: Host
    session: Rows
    all_time: Rows
    notice: str = ""
    opaque: bool = False
    sit_and_go: Rows = field(default_factory=list)  # every Sit & Go hand, all time

    @classmethod
    def open(cls, host: Host, table: TableSession | None = None) -> StatsScene:
        """Figures computed once, when the panel opens; ``table``: the table in play (a
        Sit & Go's session counts its own hands as this session)."""
        store = host.save.store
        playing = table.save.store if table is not None and table.tournament is not None \
            else store
        if store is None and playing is None:
            return cls(host, [], [], "Hands are not being saved, so there are no stats.")
        beside = sit_and_go_beside(store) if store is not None else None
        sit_and_go = beside if beside is not None else (
            playing if playing is not store else None)
        try:
            return cls(host, stats_rows(session_stats(playing)) if playing else [],
                       stats_rows(all_time_stats(store)) if store else [],
                       sit_and_go=stats_rows(all_time_stats(sit_and_go)) if sit_and_go
                       else [])
        except (CorruptRecord, StoreError, ValueError) as err:
            return cls(host, [], [], f"The stored hands can't be read: {err}")
        finally:
            if beside is not None:
                beside.close()

    def _box(self) -> tuple[pygame.Rect, pygame.Rect]:
        return panel_box(self.host.size, (980, 620))

    def bindings(self) -> Bindings:
        _, close = self._box()
        return close_bindings(close, (pygame.K_t,))

    def handle(self, command: Command) -> None:
        if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
            self.host.pop(self)

    def describe(self) -> Description:
        about = [self.notice] if self.notice else []
        for title, rows in (("This session", self.session), ("All time", self.all_time),
                            ("In Sit and Gos", self.sit_and_go)):
            mine = next((row for row in rows if row[0] == self.host.settings.player_name),
                        None)
            if mine is None:
                if rows is not self.sit_and_go:
                    about.append(f"{title}: no hands yet.")
                continue
            _, hands, vpip, pfr, _, _, _, _, net = mine
            result = "" if rows is self.sit_and_go else f", {_said_net(net)}"
            about.append(f"{title}: {counted(int(hands), 'hand')}{result}; you played "
                         f"{_said_pct(vpip)} of hands and raised {_said_pct(pfr)} before "
                         "the flop.")
        return Description("stats", "Stats", tuple(about), (), None, ("cancel",))

    def hear(self, intent: Intent) -> Heard:
        if intent.control in (Control.CANCEL, Control.RESUME):
            return UiCommand(Ui.CANCEL)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        box, close = self._box()
        panel(surface, box, (28, 33, 42), radius=14, width=2)
        text = self.host.text
        size = round(box.h / 40)
        x0, y = box.x + 20, box.y + 14
        y = text.blit(surface, "Stats", size + 8, (x0, y), GOLD, bold=True).bottom + 6
        if self.notice:
            text.blit(surface, self.notice, size, (x0, y), ORANGE, width=box.w - 40)
        widths = (0.22, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.1, 0.14)
        xs = [x0]
        for share in widths[:-1]:
            xs.append(xs[-1] + round(share * (box.w - 40)))
        for title, rows in (("This session", self.session),
                            ("All time at the cash table", self.all_time),
                            ("All time in Sit & Gos", self.sit_and_go)):
            y = text.blit(surface, title, size + 2, (x0, y + 8), TEXT, bold=True).bottom + 4
            for k, row in enumerate([HEADER, *rows[:5]] if rows else [("(no hands yet)",)]):
                color = MUTED if k == 0 else TEXT
                for x, cell in zip(xs, row, strict=False):
                    text.blit(surface, cell, size, (x, y), color)
                y += size + 6
        button(surface, text, close, "Close", hint="Esc")
