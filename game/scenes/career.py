"""The career page (K on the start screen): sessions, hands, the biggest pot won and the
best hand shown down, from both save files (the cash table's and the Sit & Gos'), the
net result at the cash table; Sit & Gos played, places and the average finish. Esc
closes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.chips import chip_text
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.persistence.sitngo import (
    TournamentCareer,
    load_results,
    sit_and_go_rows,
    tournament_career,
)
from game.persistence.store import CorruptRecord, StoreError
from game.records.career import Career, career
from game.records.library import sit_and_go_beside
from game.render.theme import GOLD, MUTED, ORANGE, TEXT
from game.render.widgets import button, dim, panel
from game.scenes.base import Host, StillScene
from game.scenes.dialog import close_bindings, panel_box
from game.scenes.spoken import Description, Heard, counted
from voice.understand.intent import Control, Intent


@dataclass(slots=True)
class CareerScene(StillScene):
    host: Host
    figures: Career
    notice: str = ""
    opaque: bool = False
    tournaments: TournamentCareer = field(
        default_factory=lambda: tournament_career(load_results()))

    @classmethod
    def open(cls, host: Host) -> CareerScene:
        """Figures computed once, when the page opens."""
        store = host.save.store
        if store is None:
            return cls(host, Career(), "Hands are not being saved, so there is no career.")
        sit_and_go = sit_and_go_beside(store)
        try:
            return cls(host, career(store, host.settings.player_name, sit_and_go))
        except (CorruptRecord, StoreError, ValueError, KeyError, TypeError) as err:
            return cls(host, Career(), f"The stored hands can't be read: {err}")
        finally:
            if sit_and_go is not None:
                sit_and_go.close()

    def rows(self) -> list[tuple[str, str]]:
        c = self.figures
        sign = "+" if c.net > 0 else ""
        pot = (f"{chip_text(c.biggest_pot)} (hand {c.biggest_pot_hand})"
               if c.biggest_pot_hand else "—")
        best = f"{c.best_hand} (hand {c.best_hand_id})" if c.best_hand_id else "—"
        return [
            ("Sessions played", f"{c.sessions:,d}"),
            ("Hands dealt in", f"{c.hands:,d}"),
            ("Hands won", f"{c.hands_won:,d}"),
            ("Net result (cash table)", f"{sign}{chip_text(c.net)} chips"),
            ("Biggest pot won", pot),
            ("Best hand shown down", best),
            *sit_and_go_rows(self.tournaments),
            *((f"Against {r.strength} bots", f"{'+' if r.net > 0 else ''}"
               f"{chip_text(r.net)} chips in {counted(r.hands, 'hand')}") for r in c.by_strength),
        ]

    def _box(self) -> tuple[pygame.Rect, pygame.Rect]:
        return panel_box(self.host.size, (760, 560 + 34 * len(self.figures.by_strength)))

    def bindings(self) -> Bindings:
        _, close = self._box()
        return close_bindings(close, (pygame.K_k,))

    def handle(self, command: Command) -> None:
        if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
            self.host.pop(self)

    def describe(self) -> Description:
        c, t = self.figures, self.tournaments
        about = [self.notice] if self.notice else []
        net = (f"up {chip_text(c.net)} chips" if c.net > 0 else
               f"down {chip_text(-c.net)} chips" if c.net < 0 else "even")
        if c.hands or not self.notice:
            about.append(f"{counted(c.sessions, 'session')}, {counted(c.hands, 'hand')}, "
                         f"{c.hands_won:,d} won; you are {net}.")
        if c.biggest_pot:
            about.append(f"Your biggest pot: {chip_text(c.biggest_pot)} chips.")
        if c.best_hand:
            about.append(f"Your best hand shown down: {c.best_hand}.")
        if t.played:
            average = (f", finishing {t.average_finish:.1f} on average"
                       if t.average_finish is not None else "")
            about.append(f"Sit and Gos: {t.played} played, {t.places.get(1, 0)} won, "
                         f"{t.points} points{average}.")
        return Description("career", "Career", tuple(about), (), None, ("cancel",))

    def hear(self, intent: Intent) -> Heard:
        if intent.control in (Control.CANCEL, Control.RESUME):
            return UiCommand(Ui.CANCEL)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        box, close = self._box()
        panel(surface, box, (28, 33, 42), radius=14, width=2)
        text = self.host.text
        size = max(14, round(box.h / (18 + 2 * len(self.figures.by_strength))))
        x0, y = box.x + 24, box.y + 16
        y = text.blit(surface, "Career", size + 8, (x0, y), GOLD, bold=True).bottom + 10
        if self.notice:
            y = text.blit(surface, self.notice, size - 2, (x0, y), ORANGE,
                          width=box.w - 48).bottom + 8
        label_w = round(box.w * 0.42)
        value_w = box.right - 24 - x0 - label_w
        for label, value in self.rows():
            text.blit(surface, label, size, (x0, y), MUTED, width=label_w - 8)
            lines = text.lines(value, size, value_w, 2, bold=True)  # a long hand wraps
            for k, part in enumerate(lines):
                text.blit(surface, part, size, (x0 + label_w, y + k * (size + 2)), TEXT,
                          bold=True)
            y += size + 10 + (len(lines) - 1) * (size + 2)
        button(surface, text, close, "Close", hint="Esc")
