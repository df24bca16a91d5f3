"""Colours and the text cache. Everything is drawn by code; nothing is loaded."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

Color = tuple[int, int, int]

BG: Color = (18, 22, 28)
PANEL: Color = (30, 36, 46)
PANEL_EDGE: Color = (58, 68, 84)
TEXT: Color = (232, 234, 238)
MUTED: Color = (150, 158, 170)
DIM: Color = (96, 104, 116)
GOLD: Color = (240, 196, 64)
GREEN: Color = (72, 200, 120)
RED: Color = (226, 72, 72)
ORANGE: Color = (240, 150, 50)
BLUE: Color = (70, 140, 230)
FELT: Color = (22, 110, 70)
FELT_DARK: Color = (12, 76, 48)
RAIL: Color = (92, 58, 34)
RAIL_LIGHT: Color = (140, 92, 56)
BUTTON: Color = (52, 62, 80)
BUTTON_HOT: Color = (68, 82, 106)
BUTTON_OFF: Color = (40, 44, 52)
FOLD_C: Color = (150, 56, 56)
CALL_C: Color = (46, 120, 80)
RAISE_C: Color = (176, 120, 30)
PLAYER_COLORS: tuple[Color, ...] = ((90, 170, 255), (255, 120, 90), (170, 220, 90),
                                    (230, 140, 230))


LEGIBLE = 18
"""The smallest text size anything is drawn at, in the bundled font's size units.

pygame draws its default font (FreeSans Bold) at 0.6875 of the size asked for, so 18 is
a 12 px em: 12 px from the top of a capital to the foot of a descender, 9 px capitals
(measured). That is the desktop's own 9 pt interface text at 96 dpi, the smallest a
player reads without leaning in; at 960x540 on a laptop screen anything smaller turned
"Voice control" into "Voioe oontrol". It holds at every window size: text that does not fit
its place wraps onto more lines, then is cut with an ellipsis; it is never shrunk."""

ELLIPSIS = "…"


@dataclass(slots=True)
class Text:
    """The one way text is drawn: font objects per size, rendered surfaces (least recently
    used dropped), and the fitting rule (:data:`LEGIBLE`): wrap, then cut, never shrink."""

    fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)
    cache: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = field(
        default_factory=OrderedDict)
    limit: int = 1500

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font drawn for ``size`` (never below :data:`LEGIBLE`)."""
        key = (max(LEGIBLE, size), bold)
        font = self.fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, key[0])
            font.set_bold(bold)
            self.fonts[key] = font
        return font

    def line_height(self, size: int, bold: bool = False) -> int:
        """Pixels from one line's top to the next's at ``size``."""
        return int(self.font(size, bold).get_linesize())

    def render(self, text: str, size: int, color: Color = TEXT,
               bold: bool = False) -> pygame.Surface:
        key = (text, max(LEGIBLE, size), color, bold)
        surf = self.cache.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, color)
            self.cache[key] = surf
            if len(self.cache) > self.limit:
                self.cache.popitem(last=False)
        else:
            self.cache.move_to_end(key)
        return surf

    def cut(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` as it fits ``width`` on one line at ``size``: whole, else shortened
        with an ellipsis (at least its first letter and the ellipsis are kept)."""
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text
        keep = len(text)
        while keep > 1 and font.size(text[:keep].rstrip() + ELLIPSIS)[0] > width:
            keep -= 1
        return text[:keep].rstrip(" ,·:;—-") + ELLIPSIS

    def fit(self, text: str, size: int, width: int, color: Color = TEXT,
            bold: bool = False) -> pygame.Surface:
        """One line at ``size`` (never smaller), cut with an ellipsis to fit ``width``."""
        return self.render(self.cut(text, size, width, bold), size, color, bold)

    def blit(self, target: pygame.Surface, text: str, size: int, pos: tuple[int, int],
             color: Color = TEXT, bold: bool = False, anchor: str = "topleft",
             width: int | None = None) -> pygame.Rect:
        surf = (self.fit(text, size, width, color, bold) if width is not None
                else self.render(text, size, color, bold))
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` (measured in the weight drawn);
        a word wider than a line (a folder's path) is broken across lines, after a ``/``
        where it can be."""
        font = self.font(size, bold)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > width and len(line) > 1:
                head = self._head(line, font, width)
                lines.append(head)
                line = line[len(head):]
        if line:
            lines.append(line)
        return lines

    @staticmethod
    def _head(word: str, font: pygame.font.Font, width: int) -> str:
        """The longest start of ``word`` that fits ``width``, ending after a ``/`` when
        one is in the fitting part."""
        keep = len(word) - 1
        while keep > 1 and font.size(word[:keep])[0] > width:
            keep -= 1
        slash = word.rfind("/", 0, keep)
        return word[:slash + 1] if slash > 0 else word[:keep]

    def lines(self, text: str, size: int, width: int, most: int,
              bold: bool = False) -> list[str]:
        """The rule in full: ``text`` wrapped to ``width``, at most ``most`` lines, the
        last cut with an ellipsis when the text runs longer."""
        wrapped = self.wrap(text, size, width, bold)
        if len(wrapped) <= max(1, most):
            return wrapped
        most = max(1, most)
        return [*wrapped[:most - 1], self.cut(" ".join(wrapped[most - 1:]), size, width, bold)]

    def settle(self, text: str, size: int, box: pygame.Rect,
               bold: bool = False) -> tuple[int, list[str]]:
        """The largest size from ``size`` down to :data:`LEGIBLE` at which ``text`` wraps
        whole inside ``box``; at the legible size the lines that fit, the last cut."""
        at = max(LEGIBLE, size)
        while True:
            room = max(1, box.h // self.line_height(at, bold))
            wrapped = self.wrap(text, at, box.w, bold)
            if len(wrapped) <= room or at <= LEGIBLE:
                return at, self.lines(text, at, box.w, room, bold)
            at -= 1

    def flow(self, items: tuple[str, ...], size: int, width: int, most: int,
             sep: str = " · ") -> list[str]:
        """Whole ``items`` (most important first) joined into at most ``most`` lines of
        ``width``; the items that don't fit are left out, never cut."""
        font, lines, line = self.font(size), [], ""
        for item in items:
            trial = f"{line}{sep}{item}" if line else item
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            if len(lines) == most:
                return lines
            line = item if font.size(item)[0] <= width else ""
        if line and len(lines) < most:
            lines.append(line)
        return lines

    def paragraph(self, target: pygame.Surface, text: str, size: int, box: pygame.Rect,
                  color: Color = TEXT, bold: bool = False, most: int | None = None,
                  center: bool = False) -> int:
        """Draw ``text`` wrapped inside ``box`` (as many lines as fit, or ``most``),
        vertically centred when ``center``; returns the lines drawn."""
        step = self.line_height(size, bold)
        room = max(1, box.h // step) if most is None else max(1, min(most, box.h // step))
        shown = self.lines(text, size, box.w, room, bold)
        y = box.y + (box.h - len(shown) * step) // 2 if center else box.y
        for line in shown:
            target.blit(self.render(line, size, color, bold), (box.x, y))
            y += step
        return len(shown)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease(t: float) -> float:
    """Ease-out cubic."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3
