"""Draws the table from the display state: felt, seats, cards, bets, pots, flights."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from engine.cards import Card
from engine.chips import chip_text
from game.render.layout import TableLayout
from game.render.notices import draw_notices, notices_box
from game.render.sprites import Sprites
from game.render.theme import (
    BG,
    DIM,
    GOLD,
    GREEN,
    MUTED,
    ORANGE,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    Color,
    Text,
    ease,
    lerp,
)
from game.table.clock import whole_seconds
from game.table.strength import strength
from game.table.view import Anchor, Beat, Flight, SeatShow, TableDisplay


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """Per-seat extras the display doesn't hold: who acts, thinking, the clock."""

    acting: int | None = None
    thinking: bool = False
    clock_fraction: float | None = None
    clock_warning: bool = False
    clock_bank: bool = False
    clock_seconds: float = 0.0
    faces: tuple[str, ...] = ()  # each seat's expression (game.table.moods), "" resting
    strengths: tuple[str, ...] = ()  # each bot's level by name ("Strong"), "" for none
    clock_action_seconds: float = 0.0
    clock_bank_seconds: float = 0.0
    clock_paused: bool = False  # the game is talking: the clock waits


@dataclass(frozen=True, slots=True)
class Bubble:
    seat: int
    text: str
    age: float
    life: float


@dataclass(slots=True)
class TableRenderer:
    text: Text
    sprites: Sprites
    backgrounds: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)

    def background(self, layout: TableLayout) -> pygame.Surface:
        surf = self.backgrounds.get(layout.size)
        if surf is None:
            self.backgrounds.clear()
            surf = pygame.Surface(layout.size).convert()
            surf.fill(BG)
            felt = self.sprites.felt(layout.felt.size)
            surf.blit(felt, layout.felt)
            for slot in layout.board:
                pygame.draw.rect(surf, (40, 130, 90), slot, width=1,
                                 border_radius=max(3, slot.w // 9))
            self.backgrounds[layout.size] = surf
        return surf

    def draw(self, surf: pygame.Surface, layout: TableLayout, d: TableDisplay,
             beat: Beat | None, progress: float, status: SeatStatus,
             bubbles: tuple[Bubble, ...], notices: tuple[str, ...] = ()) -> None:
        """Everything on the felt, the notices panel last (the bars and side panels are
        drawn elsewhere); a speech bubble keeps clear of the notices."""
        surf.blit(self.background(layout), (0, 0))
        hides = beat.hides if beat is not None else frozenset()
        self._board(surf, layout, d, hides)
        self._pots(surf, layout, d, hides)
        for i, seat in enumerate(d.seats):
            if seat.present:
                self._seat(surf, layout, d, i, seat, status, hides)
        if d.banner:
            self._banner(surf, layout, d.banner)
        if d.win and d.pot_total == 0:  # the win moment: the chips are home
            self._win(surf, layout, d.win)
        if beat is not None:
            for flight in beat.flights:
                self._flight(surf, layout, d, flight, progress)
        avoid = notices_box(layout, self.text, notices)[0] if notices else None
        for bubble in bubbles:
            self._bubble(surf, layout, bubble, avoid)
        draw_notices(surf, self.text, layout, notices)

    # ---------------------------------------------------------------- parts

    def _card(self, surf: pygame.Surface, card: Card | None, rect: pygame.Rect,
              highlight: bool = False, faded: bool = False) -> None:
        if card is None:
            surf.blit(self.sprites.back(rect.size), rect)
            return
        r = rect.move(0, -max(2, rect.h // 10)) if highlight else rect
        surf.blit(self.sprites.card(card, rect.size), r)
        if highlight:
            pygame.draw.rect(surf, GOLD, r.inflate(4, 4), width=3,
                             border_radius=max(3, rect.w // 8))
        if faded:
            shade = r.copy()
            surf.fill((120, 120, 120), shade, special_flags=pygame.BLEND_MULT)

    def _board(self, surf: pygame.Surface, L: TableLayout, d: TableDisplay,
               hides: frozenset[Anchor]) -> None:
        for j, card in enumerate(d.board):
            if ("board", j, 0) in hides:
                continue
            self._card(surf, card, L.board[j], highlight=card in d.best,
                       faded=bool(d.best) and card not in d.best)

    def pot_labels(self, d: TableDisplay) -> list[str]:
        """The pot figures drawn this frame: the total above the board, and below it each
        pot's own figure only when there are side pots (one pot needs one number)."""
        labels = [f"Pot {chip_text(d.pot_total)}"] if d.pot_total > 0 else []
        if len([p for p in d.pots if p.amount > 0]) > 1:
            labels += [f"{'Main' if k == 0 else f'Side {k}'} {chip_text(pot.amount)}"
                       for k, pot in enumerate(d.pots) if pot.amount > 0]
        return labels

    def _pots(self, surf: pygame.Surface, L: TableLayout, d: TableDisplay,
              hides: frozenset[Anchor]) -> None:
        size = L.pot.h
        total = d.pot_total
        if total > 0:
            self.text.blit(surf, f"Pot {chip_text(total)}", size, L.pot.center, GOLD, bold=True,
                           anchor="center", width=L.pot.w)
        pots = [p for p in d.pots if p.amount > 0]
        if not pots:
            return
        slot_w = L.pots_row.w // len(d.pots)
        for k, pot in enumerate(d.pots):
            if pot.amount <= 0 or ("pot", k, 0) in hides:
                continue
            cx = L.pots_row.x + slot_w * k + slot_w // 2
            pile = self.sprites.chips(pot.amount, round(L.pots_row.h * 0.7))
            if len(pots) == 1:  # the figure is the total above the board
                surf.blit(pile, pile.get_rect(center=(cx, L.pots_row.centery)))
                continue
            label = "Main" if k == 0 else f"Side {k}"
            size = round(L.pots_row.h * 0.85)
            text = self.text.fit(f"{label} {chip_text(pot.amount)}", size, slot_w - 4, TEXT,
                                 bold=True)
            if pile.get_width() + 4 + text.get_width() > slot_w - 4:
                surf.blit(text, text.get_rect(center=(cx, L.pots_row.centery)))
                continue  # the figure first: the chips only where both fit
            w = pile.get_width() + 4 + text.get_width()
            x = cx - w // 2
            surf.blit(pile, pile.get_rect(midleft=(x, L.pots_row.centery)))
            surf.blit(text, text.get_rect(midleft=(x + pile.get_width() + 4,
                                                   L.pots_row.centery)))

    def _seat(self, surf: pygame.Surface, L: TableLayout, d: TableDisplay, i: int,
              seat: SeatShow, st: SeatStatus, hides: frozenset[Anchor]) -> None:
        sl = L.seats[i]
        p = sl.panel
        acting = st.acting == i
        winner = (seat.won > 0 and d.hand_over) or (seat.won > 0 and bool(d.banner))
        edge = GOLD if acting else GREEN if winner else PANEL_EDGE
        fill = PANEL if not (seat.folded or seat.sitting_out) else (24, 27, 33)
        pygame.draw.rect(surf, fill, p, border_radius=p.h // 4)
        pygame.draw.rect(surf, edge, p, width=3 if acting or winner else 1,
                         border_radius=p.h // 4)
        initial = seat.name[:1].upper() or "?"
        face = st.faces[i] if i < len(st.faces) else ""
        surf.blit(self.sprites.avatar(i, sl.avatar.w, initial, face), sl.avatar)
        if acting and st.clock_fraction is not None:
            self._ring(surf, sl.avatar, st)
        elif acting and st.thinking:
            self._thinking(surf, sl.avatar, st.clock_seconds)
        tx = sl.avatar.right + max(4, p.h // 10)
        tw = p.right - tx - 4
        fs = round(p.h * 0.3)
        name_c = DIM if seat.folded or seat.sitting_out else TEXT
        strength = st.strengths[i] if i < len(st.strengths) else ""
        self.text.blit(surf, f"{seat.name} · {strength}" if strength else seat.name, fs,
                       (tx, p.y + p.h // 10), name_c, bold=True, width=tw)
        self.text.blit(surf, chip_text(seat.stack), fs, (tx, p.y + p.h * 2 // 5), GOLD, bold=True,
                       width=tw)
        if seat.noted:  # the player keeps a note on this bot (click the seat to read it)
            self.text.blit(surf, "note", round(fs * 0.7), (p.right - 6, p.y + p.h // 10),
                           GOLD, anchor="topright")
        line, color = _status_line(seat, acting, st, winner, d.hand_over)
        if line:
            size = round(fs * 0.85)
            if self.text.font(size).size(line)[0] > tw:  # a seat's narrow panel: the
                line = SHORT_STATES.get(line, line)  # short form, the bar says it whole
            self.text.blit(surf, line, size, (tx, p.y + p.h * 7 // 10), color, width=tw)
        self._hole(surf, L, d, i, seat, hides)
        if seat.bet > 0 and ("bet", i, 0) not in hides:
            self._bet(surf, L, i, seat.bet)
        marker = "D" if d.button == i else "SB" if d.small_blind == i else \
            "BB" if d.big_blind == i else ""
        if (marker and not d.hand_over) or d.button == i:
            surf.blit(self.sprites.dealer(sl.dealer.w, marker or "D"), sl.dealer)

    def _hole(self, surf: pygame.Surface, L: TableLayout, d: TableDisplay, i: int,
              seat: SeatShow, hides: frozenset[Anchor]) -> None:
        if not seat.has_cards and seat.shown is None:
            return
        for k, rect in enumerate(L.seats[i].cards):
            if ("hole", i, k) in hides:
                continue
            card = seat.cards[k] if seat.cards is not None else None
            hl = card is not None and card in d.best
            self._card(surf, card, rect, highlight=hl,
                       faded=bool(d.best) and card is not None and not hl)
        sl = L.seats[i]
        if seat.shown is not None:
            self._description(surf, sl.label, sl.side, seat.shown.description)
        elif i == d.me and seat.cards is not None and not seat.folded and not d.hand_over \
                and not hides & {("hole", i, 0), ("hole", i, 1)}:
            label = self.strength_label(d)
            if label:
                self._description(surf, sl.label, sl.side, label, GOLD)

    def strength_label(self, d: TableDisplay) -> str:
        """The player's live hand strength, as drawn under their cards ("" when none)."""
        seat = d.seats[d.me]
        if seat.cards is None or seat.folded or d.hand_over:
            return ""
        return strength(tuple(seat.cards), tuple(d.board))

    def _description(self, surf: pygame.Surface, r: pygame.Rect, side: str, text: str,
                     color: Color = TEXT) -> None:
        """A hand's words on a dark plate in the seat's label place beside its cards
        (never over a card): as large as a fifth of a card, smaller only down to the
        legible size so that they show whole; next to the cards for the player (left
        edge) and the top seat (right edge), under them for a side seat."""
        at, lines = self.text.settle(text, r.h // 4 if side in ("bottom", "top") else
                                     r.h // 5, r.inflate(-8, -4), bold=True)
        labels = [self.text.render(line, at, color, bold=True) for line in lines]
        step = self.text.line_height(at, True)
        plate = pygame.Rect(0, 0, max(x.get_width() for x in labels) + 8,
                            step * len(labels) + 4)
        if side == "bottom":
            plate.midleft = r.midleft
        elif side == "top":
            plate.midright = r.midright
        else:
            plate.midtop = r.midtop
        pygame.draw.rect(surf, (0, 0, 0), plate, border_radius=4)
        y = plate.y + 2
        for label in labels:
            surf.blit(label, label.get_rect(midtop=(plate.centerx, y)))
            y += step

    def bet_chips(self, L: TableLayout, seat: int, amount: int
                  ) -> tuple[pygame.Surface, pygame.Rect]:
        """A bet's chips and where they go: a tall stack grows away from the seat's cards
        (down for the top seat, whose cards are above its bet; up for the others)."""
        rect = L.seats[seat].bet
        chips = self.sprites.chips(amount, round(rect.h * 0.75))
        if L.seats[seat].side == "top":
            return chips, chips.get_rect(topleft=rect.topleft)
        return chips, chips.get_rect(bottomleft=rect.bottomleft)

    def _bet(self, surf: pygame.Surface, L: TableLayout, seat: int, amount: int) -> None:
        rect = L.seats[seat].bet
        stack, where = self.bet_chips(L, seat, amount)
        surf.blit(stack, where)
        self.text.blit(surf, chip_text(amount), round(rect.h * 0.85),
                       (rect.x + stack.get_width() + 4, rect.centery), TEXT, bold=True,
                       anchor="midleft", width=rect.w - stack.get_width() - 4)

    def _ring(self, surf: pygame.Surface, rect: pygame.Rect, st: SeatStatus) -> None:
        f = max(0.0, min(1.0, st.clock_fraction or 0.0))
        color = RED if st.clock_warning else ORANGE if st.clock_bank else GREEN
        ring = rect.inflate(6, 6)
        pygame.draw.circle(surf, (20, 20, 20), ring.center, ring.w // 2, 4)
        if f > 0:
            start = math.pi / 2
            pygame.draw.arc(surf, color, ring, start, start + 2 * math.pi * f, 4)
        # Seconds always (dimmed while the clock waits for the game's talk): the action
        # time, then the bank; the bank left is on the status line.
        shown = st.clock_bank_seconds if st.clock_bank else st.clock_action_seconds
        # On a dark face of its own: green digits straight on the avatar were hard to read.
        pygame.draw.circle(surf, (16, 18, 24), rect.center, round(rect.h * 0.3))
        self.text.blit(surf, f"{whole_seconds(shown)}", round(rect.h * 0.45), rect.center,
                       MUTED if st.clock_paused else color, bold=True, anchor="center")

    def _thinking(self, surf: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        ring = rect.inflate(6, 6)
        a = (t * 4) % (2 * math.pi)
        pygame.draw.arc(surf, GOLD, ring, a, a + 1.4, 3)

    def _banner(self, surf: pygame.Surface, L: TableLayout, text: str) -> None:
        """The result under the board: one line, or two when it is long."""
        self._headline(surf, L.banner, text, L.banner.h // 2, (8, 30, 20, 255))

    def _win(self, surf: pygame.Surface, L: TableLayout, text: str) -> None:
        """The winning hand named large above the board while the result shows."""
        self._headline(surf, L.win, text, L.win.h, (8, 30, 20, 215))

    def _headline(self, surf: pygame.Surface, box: pygame.Rect, text: str, size: int,
                  plate_color: tuple[int, int, int, int]) -> None:
        """Gold words on a dark plate inside ``box``, as large as ``size`` and smaller
        only down to the legible size so that they show whole (wrapped), centred."""
        at, lines = self.text.settle(text, size, box.inflate(-16, 0), bold=True)
        labels = [self.text.render(line, at, GOLD, bold=True) for line in lines]
        step = self.text.line_height(at, True)
        h = step * (len(labels) - 1) + labels[0].get_height()
        plate_rect = pygame.Rect(0, 0, max(x.get_width() for x in labels) + 16, h + 2)
        plate_rect.midtop = (box.centerx, box.y if box.h < 2 * h else box.centery - h // 2)
        if plate_rect.bottom > box.bottom:
            plate_rect.bottom = box.bottom
        plate = pygame.Surface(plate_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, plate_color, plate.get_rect(),
                         border_radius=min(plate_rect.h // 2, step // 2 + 2))
        surf.blit(plate, plate_rect)
        y = plate_rect.y + 1
        for label in labels:
            surf.blit(label, label.get_rect(midtop=(plate_rect.centerx, y)))
            y += step

    def _flight(self, surf: pygame.Surface, L: TableLayout, d: TableDisplay, f: Flight,
                progress: float) -> None:
        span = max(1e-6, f.end - f.start)
        t = ease((progress - f.start) / span)
        x0, y0 = anchor_pos(L, d, f.src)
        x1, y1 = anchor_pos(L, d, f.dst)
        pos = (round(lerp(x0, x1, t)), round(lerp(y0, y1, t)))
        if f.kind == "chips":
            chips = self.sprites.chips(f.amount, round(L.seats[0].bet.h * 0.75))
            surf.blit(chips, chips.get_rect(center=pos))
        else:
            size = L.card_size
            rect = pygame.Rect(0, 0, *size)
            rect.center = pos
            self._card(surf, f.card, rect)

    def _bubble_lines(self, L: TableLayout, b: Bubble) -> list[pygame.Surface]:
        fs = round(17 * L.scale)
        return [self.text.render(line, fs, (20, 20, 20))
                for line in self.text.wrap(b.text, fs, round(190 * L.scale))[:3]]

    def bubble_rect(self, L: TableLayout, b: Bubble, avoid: pygame.Rect | None = None
                    ) -> pygame.Rect:
        """Where a seat's speech bubble goes: beside the top seat, above the others; when
        that is under ``avoid`` (the notices panel), the other side of the seat, else
        beside the panel, else below it."""
        surfs = self._bubble_lines(L, b)
        box = pygame.Rect(0, 0, max(x.get_width() for x in surfs) + 14,
                          sum(x.get_height() for x in surfs) + 10)
        ax, ay = L.seats[b.seat].bubble_anchor
        panel = L.seats[b.seat].panel
        if L.seats[b.seat].side == "top":
            box.midleft = (ax + 8, ay)
        else:
            box.midbottom = (ax, ay - 8)
        box.clamp_ip(L.play)
        if avoid is None or not box.colliderect(avoid):
            return box
        options = [box.copy() for _ in range(3)]
        options[0].midright = (panel.left - 14, panel.centery)
        options[1].right = avoid.left - 4
        options[2].top = avoid.bottom + 4
        for option in options:
            option.clamp_ip(L.play)
            if not option.colliderect(avoid) and not option.colliderect(panel):
                return option
        return box

    def _bubble(self, surf: pygame.Surface, L: TableLayout, b: Bubble,
                avoid: pygame.Rect | None) -> None:
        surfs = self._bubble_lines(L, b)
        box = self.bubble_rect(L, b, avoid)
        alpha = 255 if b.age < b.life - 0.4 else max(0, round(255 * (b.life - b.age) / 0.4))
        bubble = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bubble, (250, 250, 240, 235), bubble.get_rect(), border_radius=8)
        y = 5
        for line in surfs:
            bubble.blit(line, (7, y))
            y += line.get_height()
        bubble.set_alpha(alpha)
        surf.blit(bubble, box)


SHORT_STATES = {
    "Waiting for the big blind": "Waiting for BB",
    "Posts the big blind next hand": "Posts BB next",
    "Top-up at the next hand": "Top-up next hand",
    "Sits out next hand": "Out next hand",
}
"""A seat's standing in the words its panel has room for (the bottom bar, the voice and
the hand log say it whole)."""


def _status_line(seat: SeatShow, acting: bool, st: SeatStatus,
                 winner: bool, hand_over: bool) -> tuple[str, tuple[int, int, int]]:
    if seat.state and (seat.sitting_out or not seat.in_hand):
        return seat.state, ORANGE  # waiting for the big blind, a top-up queued
    if seat.sitting_out:
        return "Sitting out", DIM
    if hand_over and seat.stack == 0:
        return "Out of chips", RED
    if winner:
        return f"Won {chip_text(seat.won)}", GREEN
    if acting and not st.thinking and not st.clock_bank and st.clock_bank_seconds > 0:
        return f"To act +{whole_seconds(st.clock_bank_seconds)} s bank", GOLD
    if acting:
        return ("Thinking..." if st.thinking else "To act"), GOLD
    if seat.all_in:
        return "ALL-IN", RED
    if seat.folded:
        return "Folded", DIM
    return seat.last, MUTED


def anchor_pos(L: TableLayout, d: TableDisplay, a: Anchor) -> tuple[int, int]:
    """Screen centre of an anchor."""
    kind, i, k = a
    if kind == "seat":  # the avatar, so chips won by a seat never cover its stack figure
        return L.seats[i].avatar.center
    if kind == "bet":
        r = L.seats[i].bet
        return (r.x + r.h, r.centery)
    if kind == "hole":
        return L.seats[i].cards[k].center
    if kind == "board":
        return L.board[i].center
    if kind == "pot":
        n = max(1, len(d.pots))
        w = L.pots_row.w // n
        return (L.pots_row.x + w * min(i, n - 1) + w // 2, L.pots_row.centery)
    return L.deck.center
