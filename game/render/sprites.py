"""Card faces, card backs, chips, avatars and the felt, drawn by code and cached."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from engine.cards import RANKS, Card, rank_of, suit_of
from game.render.theme import (
    FELT,
    FELT_DARK,
    PLAYER_COLORS,
    RAIL,
    RAIL_LIGHT,
    Color,
    Text,
)

SUIT_COLORS_2 = ((20, 20, 24), (200, 30, 40), (200, 30, 40), (20, 20, 24))
SUIT_COLORS_4 = ((20, 130, 50), (30, 90, 210), (200, 30, 40), (20, 20, 24))
CHIP_COLORS: tuple[tuple[int, Color], ...] = (
    (10000, (214, 160, 30)), (1000, (200, 90, 30)), (500, (120, 60, 170)),
    (100, (30, 30, 34)), (25, (30, 130, 60)), (5, (200, 40, 40)), (1, (235, 235, 235)),
)
SS = 4  # supersampling for smooth shapes


def draw_suit(surf: pygame.Surface, suit: int, center: tuple[float, float], size: float,
              color: Color) -> None:
    """Clubs, diamonds, hearts, spades as shapes (no font glyphs needed)."""
    cx, cy = center
    r = size / 2
    if suit == 1:  # diamond
        pygame.draw.polygon(surf, color, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r),
                                          (cx - r * 0.72, cy)])
        return
    if suit == 2:  # heart
        lobe = r * 0.52
        pygame.draw.circle(surf, color, (cx - lobe * 0.92, cy - r * 0.28), lobe)
        pygame.draw.circle(surf, color, (cx + lobe * 0.92, cy - r * 0.28), lobe)
        pygame.draw.polygon(surf, color, [(cx - r * 0.97, cy - r * 0.12),
                                          (cx + r * 0.97, cy - r * 0.12), (cx, cy + r * 0.95)])
        return
    if suit == 3:  # spade
        lobe = r * 0.5
        pygame.draw.circle(surf, color, (cx - lobe * 0.92, cy + r * 0.18), lobe)
        pygame.draw.circle(surf, color, (cx + lobe * 0.92, cy + r * 0.18), lobe)
        pygame.draw.polygon(surf, color, [(cx - r * 0.95, cy + r * 0.06),
                                          (cx + r * 0.95, cy + r * 0.06), (cx, cy - r)])
    else:  # club
        lobe = r * 0.42
        pygame.draw.circle(surf, color, (cx, cy - r * 0.45), lobe)
        pygame.draw.circle(surf, color, (cx - r * 0.5, cy + r * 0.12), lobe)
        pygame.draw.circle(surf, color, (cx + r * 0.5, cy + r * 0.12), lobe)
        pygame.draw.circle(surf, color, (cx, cy), lobe * 0.6)
    pygame.draw.polygon(surf, color, [(cx, cy + r * 0.1), (cx - r * 0.35, cy + r),
                                      (cx + r * 0.35, cy + r)])


def _smooth(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size).convert_alpha()


@dataclass(slots=True)
class Sprites:
    text: Text
    four_color: bool = False
    cache: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)

    def _get(self, key: tuple[object, ...], make: object) -> pygame.Surface:
        surf = self.cache.get(key)
        if surf is None:
            surf = make()  # type: ignore[operator]
            self.cache[key] = surf
        return surf

    def card(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("card", card, size, self.four_color),
                         lambda: self._card(card, size))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("back", size), lambda: self._back(size))

    def chips(self, amount: int, height: int) -> pygame.Surface:
        return self._get(("chips", _bucket(amount), height), lambda: self._chips(amount, height))

    def avatar(self, seat: int, size: int, initial: str, face: str = "") -> pygame.Surface:
        """A seat's character; ``face`` is an expression from ``game.table.moods``."""
        return self._get(("avatar", seat, size, initial, face),
                         lambda: self._avatar(seat, size, initial, face))

    def dealer(self, size: int, label: str) -> pygame.Surface:
        return self._get(("dealer", size, label), lambda: self._disc(size, label))

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("felt", size), lambda: self._felt(size))

    # ------------------------------------------------------------- makers

    def _card(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        radius = max(2, w // 9) * SS
        pygame.draw.rect(big, (250, 250, 246), big.get_rect(), border_radius=radius)
        pygame.draw.rect(big, (170, 170, 170), big.get_rect(), width=SS, border_radius=radius)
        colors = SUIT_COLORS_4 if self.four_color else SUIT_COLORS_2
        color = colors[suit_of(card)]
        draw_suit(big, suit_of(card), (w * SS * 0.62, h * SS * 0.64), w * SS * 0.58, color)
        draw_suit(big, suit_of(card), (w * SS * 0.2, h * SS * 0.47), w * SS * 0.2, color)
        surf = _smooth(big, size)
        rank = RANKS[rank_of(card)]
        label = "10" if rank == "T" else rank
        glyph = self.text.fit(label, round(h * 0.4), round(w * 0.5), color, bold=True)
        surf.blit(glyph, (max(2, round(w * 0.07)), max(1, round(h * 0.04))))
        return surf

    def _back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        radius = max(2, w // 9) * SS
        rect = big.get_rect()
        pygame.draw.rect(big, (245, 245, 245), rect, border_radius=radius)
        inner = rect.inflate(-w * SS // 7, -w * SS // 7)
        pygame.draw.rect(big, (150, 32, 44), inner, border_radius=radius // 2)
        step = max(6, w * SS // 6)
        for k in range(-inner.h, inner.w, step):
            pygame.draw.line(big, (186, 60, 70), (inner.x + k, inner.y),
                             (inner.x + k + inner.h, inner.bottom), SS)
            pygame.draw.line(big, (186, 60, 70), (inner.x + k + inner.h, inner.y),
                             (inner.x + k, inner.bottom), SS)
        pygame.draw.rect(big, (110, 20, 30), inner, width=SS, border_radius=radius // 2)
        return _smooth(big, size)

    def _chip(self, color: Color, d: int) -> pygame.Surface:
        big = pygame.Surface((d * SS, d * SS // 2 + SS * 3), pygame.SRCALPHA)
        ell = pygame.Rect(0, 0, d * SS, d * SS // 2)
        side = ell.move(0, SS * 3)
        dark = tuple(max(0, c - 60) for c in color)
        pygame.draw.ellipse(big, dark, side)
        pygame.draw.ellipse(big, color, ell)
        inner = ell.inflate(-d * SS // 3, -d * SS // 6)
        pygame.draw.ellipse(big, (240, 240, 240), ell, width=SS * 2)
        pygame.draw.ellipse(big, tuple(min(255, c + 40) for c in color), inner)
        return _smooth(big, (d, d // 2 + 3))

    def _chips(self, amount: int, height: int) -> pygame.Surface:
        d = max(10, round(height * 1.1))
        columns = chip_columns(amount)
        chip_h = d // 2 + 3
        step = max(2, d // 8)
        tallest = max((len(col) for col in columns), default=1)
        surf = pygame.Surface((len(columns) * (d + 2) or 1, chip_h + step * (tallest - 1)),
                              pygame.SRCALPHA)
        for ci, col in enumerate(columns):
            for k, color in enumerate(col):
                chip = self._get(("chip", color, d), lambda c=color: self._chip(c, d))
                surf.blit(chip, (ci * (d + 2), surf.get_height() - chip_h - k * step))
        return surf

    def _avatar(self, seat: int, size: int, initial: str, face: str = "") -> pygame.Surface:
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        c = size * SS / 2
        base = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        pygame.draw.circle(big, tuple(v // 3 for v in base), (c, c), c)
        pygame.draw.circle(big, base, (c, c), c, width=SS * 2)
        skin = (232, 196, 160) if seat % 2 == 0 else (190, 140, 100)
        pygame.draw.circle(big, skin, (c, c * 0.92), c * 0.5)  # head
        hair = ((60, 40, 30), (200, 170, 60), (30, 30, 30), (150, 60, 40))[seat % 4]
        pygame.draw.ellipse(big, hair, (c * 0.5, c * 0.36, c, c * 0.42))
        pygame.draw.ellipse(big, base, (c * 0.35, c * 1.48, c * 1.3, c * 0.9))  # shoulders
        _face(big, c, face)
        surf = _smooth(big, (size, size))
        return surf

    def _disc(self, size: int, label: str) -> pygame.Surface:
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        c = size * SS / 2
        fill = (250, 250, 250) if label == "D" else (90, 150, 230) if label == "SB" \
            else (230, 170, 40)
        pygame.draw.circle(big, (40, 40, 40), (c, c), c)
        pygame.draw.circle(big, fill, (c, c), c - SS * 2)
        surf = _smooth(big, (size, size))
        glyph = self.text.fit(label, round(size * 0.7), size - 4, (20, 20, 20), bold=True)
        surf.blit(glyph, glyph.get_rect(center=(size // 2, size // 2 + 1)))
        return surf

    def _felt(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (10, 10, 12), surf.get_rect().move(0, max(2, h // 60)))
        pygame.draw.ellipse(surf, RAIL, surf.get_rect())
        rail = max(8, min(w, h) // 14)
        pygame.draw.ellipse(surf, RAIL_LIGHT, surf.get_rect().inflate(-rail // 3, -rail // 3),
                            width=max(2, rail // 6))
        inner = surf.get_rect().inflate(-2 * rail, -2 * rail)
        steps = 18
        for k in range(steps):
            t = k / (steps - 1)
            col = tuple(round(FELT_DARK[i] + (FELT[i] - FELT_DARK[i]) * t) for i in range(3))
            r = inner.inflate(-round(inner.w * 0.5 * t), -round(inner.h * 0.5 * t))
            pygame.draw.ellipse(surf, col, r)
        line = inner.inflate(-rail, -rail)
        pygame.draw.ellipse(surf, (60, 150, 100), line, width=2)
        return surf


def _bucket(amount: int) -> int:
    """Amounts that look the same share a sprite (keeps the cache small)."""
    if amount < 100:
        return amount
    digits = len(str(amount)) - 2
    unit = int(10**digits)
    return amount // unit * unit


def chip_columns(amount: int) -> list[list[Color]]:
    """Chips for ``amount``: one column per denomination, at most 8 chips per column."""
    columns: list[list[Color]] = []
    left = amount
    for value, color in CHIP_COLORS:
        count, left = divmod(left, value)
        if count:
            columns.append([color] * min(count, 8))
        if len(columns) == 3:
            break
    return columns or [[CHIP_COLORS[-1][1]]]


def _face(big: pygame.Surface, c: float, face: str) -> None:
    """Eyes, brows and mouth for an expression: "" resting, "thinking" (eyes up, flat
    mouth, a thought bubble), "pleased" (a wide smile), "annoyed" (frown, angry brows),
    "allin" (wide eyes, open mouth)."""
    ink, lip = (30, 30, 30), (120, 50, 50)
    eye = c * (0.1 if face == "allin" else 0.07)
    look = -c * 0.05 if face == "thinking" else 0.0
    for x in (c * 0.8, c * 1.2):
        if face == "allin":
            pygame.draw.circle(big, (250, 250, 250), (x, c * 0.95), eye * 1.5)
        pygame.draw.circle(big, ink, (x + look, c * 0.95 + look), eye)
    if face == "annoyed":
        w = max(2, round(c * 0.06))
        pygame.draw.line(big, ink, (c * 0.68, c * 0.78), (c * 0.9, c * 0.86), w)
        pygame.draw.line(big, ink, (c * 1.32, c * 0.78), (c * 1.1, c * 0.86), w)
        pygame.draw.arc(big, lip, (c * 0.78, c * 1.12, c * 0.44, c * 0.24),
                        math.pi * 0.15, math.pi * 0.85, max(2, round(c * 0.05)))
    elif face == "pleased":
        pygame.draw.arc(big, lip, (c * 0.68, c * 0.88, c * 0.64, c * 0.4),
                        math.pi * 1.05, math.pi * 1.95, max(2, round(c * 0.07)))
        for x in (c * 0.7, c * 1.3):
            pygame.draw.circle(big, (235, 130, 130), (x, c * 1.1), c * 0.07)
    elif face == "allin":
        pygame.draw.ellipse(big, (60, 20, 20), (c * 0.88, c * 1.1, c * 0.24, c * 0.22))
    elif face == "thinking":
        pygame.draw.line(big, lip, (c * 0.85, c * 1.2), (c * 1.12, c * 1.17),
                         max(2, round(c * 0.05)))
        for k, r in enumerate((0.05, 0.07, 0.1)):
            pygame.draw.circle(big, (240, 240, 240), (c * (1.45 + 0.12 * k), c * (0.6 - 0.16 * k)),
                               c * r)
    else:
        pygame.draw.arc(big, lip, (c * 0.75, c * 0.95, c * 0.5, c * 0.3),
                        math.pi * 1.1, math.pi * 1.9, SS * 2)
