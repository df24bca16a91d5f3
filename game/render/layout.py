"""Rectangles for everything on the table screen, computed from the window size.

One pure function, ``table_layout(w, h)``; the renderer and the input bindings both use
its result, so what is drawn is exactly what is clicked. Seats go clockwise from the
human at the bottom: 0 bottom, 1 left, 2 top, 3 right.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

PRESETS: tuple[tuple[str, str], ...] = (
    ("min", "min"), ("half", "½ pot"), ("three_quarters", "¾ pot"), ("pot", "pot"),
    ("allin", "all-in"),
)


@dataclass(frozen=True, slots=True)
class SeatLayout:
    panel: Rect
    avatar: Rect
    cards: tuple[Rect, Rect]
    bet: Rect
    dealer: Rect
    side: str  # "bottom" | "left" | "top" | "right"
    label: Rect  # the hand's words (shown down, or the player's strength): beside the
    # cards, never over them (right of the player's, left of the top seat's, under a side
    # seat's, where the pot and banner leave a column as wide as the pair)

    @property
    def bubble_anchor(self) -> tuple[int, int]:
        if self.side == "top":
            return (self.panel.right + 6, self.panel.centery)
        return (self.panel.centerx, self.panel.top - 4)


@dataclass(frozen=True, slots=True)
class BarLayout:
    area: Rect
    message: Rect
    hint: Rect
    presets: tuple[Rect, ...]
    slider: Rect
    amount: Rect
    fold: Rect
    call: Rect
    wager: Rect


@dataclass(frozen=True, slots=True)
class VoiceLayout:
    """The voice panel: microphone state, what was heard, the say-back with its
    countdown and buttons (Cancel, or Yes/No), and the recognizer with a download bar."""

    area: Rect
    status: Rect
    heard: Rect
    say: Rect
    countdown: Rect
    cancel: Rect
    yes: Rect
    no: Rect
    recognizer: Rect
    progress: Rect
    readings: tuple[Rect, Rect]  # the two numbered readings, in the say-back's row
    line: int = 16  # one text line's height

    def controls(self) -> dict[str, Rect]:
        """Rects that must not overlap (Cancel shares its place with Yes/No, which are
        never shown together)."""
        return {"status": self.status, "heard": self.heard, "say": self.say,
                "countdown": self.countdown, "yes": self.yes, "no": self.no,
                "recognizer": self.recognizer}


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    ui_scale: float
    top_bar: Rect
    title: Rect
    sit_out: Rect
    rebuy: Rect
    pause: Rect
    play: Rect
    felt: Rect
    seats: tuple[SeatLayout, ...]
    board: tuple[Rect, ...]
    pot: Rect
    pots_row: Rect
    banner: Rect
    deck: Rect
    bar: BarLayout
    side: Rect
    log: Rect
    graph: Rect
    voice: VoiceLayout
    win: Rect  # the win moment's hand name, large, above the board

    @property
    def card_size(self) -> tuple[int, int]:
        return self.board[0].size

    def solid_rects(self) -> dict[str, Rect]:
        """Named rects that must never overlap one another (the layout tests use it)."""
        out: dict[str, Rect] = {
            "top_bar": self.top_bar, "pot": self.pot, "pots_row": self.pots_row,
            "banner": self.banner, "log": self.log, "graph": self.graph,
            "bar": self.bar.area, "voice": self.voice.area,
        }
        for i, card in enumerate(self.board):
            out[f"board{i}"] = card
        for s, seat in enumerate(self.seats):
            out[f"seat{s}.panel"] = seat.panel
            out[f"seat{s}.card0"] = seat.cards[0]
            out[f"seat{s}.card1"] = seat.cards[1]
            out[f"seat{s}.bet"] = seat.bet
            out[f"seat{s}.dealer"] = seat.dealer
            out[f"seat{s}.label"] = seat.label
        return out

    def bar_controls(self) -> dict[str, Rect]:
        """The action bar's controls, which must not overlap each other."""
        b = self.bar
        out = {"message": b.message, "hint": b.hint, "slider": b.slider,
               "amount": b.amount, "fold": b.fold, "call": b.call, "wager": b.wager}
        for (key, _), rect in zip(PRESETS, b.presets, strict=True):
            out[f"preset.{key}"] = rect
        return out

    def top_controls(self) -> dict[str, Rect]:
        return {"title": self.title, "sit_out": self.sit_out, "rebuy": self.rebuy,
                "pause": self.pause}


def _row(x: int, y: int, w: int, h: int, n: int, gap: int) -> list[Rect]:
    """``n`` equal rects side by side in ``w`` pixels."""
    each = (w - gap * (n - 1)) / n
    return [Rect(round(x + k * (each + gap)), y, round(each), h) for k in range(n)]


def table_layout(width: int, height: int) -> TableLayout:
    """Every rect of the table screen for a ``width`` × ``height`` window."""
    su = min(width / 1280, height / 720)
    top_h = max(26, round(34 * su))
    bar_h = max(104, round(128 * su))
    side_w = max(230, min(440, round(width * 0.23)))
    play = Rect(0, top_h, width - side_w, height - top_h - bar_h)
    s = min(play.w / 960, play.h / 558)

    pad = max(4, round(6 * s))
    cw, ch = round(54 * s), round(76 * s)
    # Seats and dealer discs no smaller than their text at the legible size needs (a
    # name with its level, the stack and a status line; "SB" on the disc).
    pw, ph = max(156, round(178 * s)), max(46, round(60 * s))
    bet_w, bet_h = round(104 * s), round(22 * s)
    dsz = max(22, round(22 * s))
    gap = max(3, round(4 * s))

    def cards_at(x: int, y: int) -> tuple[Rect, Rect]:
        return (Rect(x, y, cw, ch), Rect(x + cw + gap, y, cw, ch))

    pair_w = 2 * cw + gap
    seats: list[SeatLayout] = []
    # bottom (the human)
    panel = Rect(0, 0, pw, ph)
    panel.midbottom = (play.centerx, play.bottom - pad)
    cards = cards_at(play.centerx - pair_w // 2, panel.top - gap - ch)
    bet = Rect(0, 0, bet_w, bet_h)
    bet.midbottom = (play.centerx, cards[0].top - pad)
    dealer = Rect(cards[0].left - pad - dsz, cards[0].bottom - dsz, dsz, dsz)
    label_w = 2 * pair_w
    label = Rect(cards[1].right + 2 * gap, cards[0].top, label_w, ch)
    seats.append(SeatLayout(panel, _avatar(panel), cards, bet, dealer, "bottom", label))
    # left
    panel = Rect(play.left + pad, 0, pw, ph)
    panel.centery = play.centery
    cards = cards_at(panel.right + pad, play.centery - ch // 2)
    bet = Rect(cards[0].left, cards[0].top - pad - bet_h, bet_w, bet_h)
    dealer = Rect(panel.right - dsz, panel.bottom + pad, dsz, dsz)
    below = _below(cards, seats[0].cards[0].top - gap, gap)
    seats.append(SeatLayout(panel, _avatar(panel), cards, bet, dealer, "left", below))
    # top
    panel = Rect(0, play.top + pad, pw, ph)
    panel.centerx = play.centerx
    cards = cards_at(play.centerx - pair_w // 2, panel.bottom + gap)
    bet = Rect(0, 0, bet_w, bet_h)
    bet.midtop = (play.centerx, cards[0].bottom + pad)
    dealer = Rect(cards[1].right + pad, cards[0].top, dsz, dsz)
    label = Rect(cards[0].left - 2 * gap - label_w, cards[0].top, label_w, ch)
    seats.append(SeatLayout(panel, _avatar(panel), cards, bet, dealer, "top", label))
    # right
    panel = Rect(0, 0, pw, ph)
    panel.right = play.right - pad
    panel.centery = play.centery
    cards = cards_at(panel.left - pad - pair_w, play.centery - ch // 2)
    bet = Rect(0, 0, bet_w, bet_h)
    bet.bottomright = (cards[1].right, cards[1].top - pad)
    dealer = Rect(panel.left, panel.bottom + pad, dsz, dsz)
    below = _below(cards, seats[0].cards[0].top - gap, gap)
    seats.append(SeatLayout(panel, _avatar(panel), cards, bet, dealer, "right", below))

    bgap = max(4, round(8 * s))
    board_w = 5 * cw + 4 * bgap
    board_top = play.centery - ch // 2 - round(6 * s)
    board = tuple(Rect(play.centerx - board_w // 2 + k * (cw + bgap), board_top, cw, ch)
                  for k in range(5))
    line = round(22 * s)
    pot = Rect(0, 0, round(260 * s), line)
    pot.midbottom = (play.centerx, board_top - pad)
    inner_w = seats[3].cards[0].left - seats[1].cards[1].right - 2 * pad
    pots_row = Rect(0, 0, inner_w, line)
    pots_row.midtop = (play.centerx, board[0].bottom + pad)
    banner = Rect(0, 0, inner_w, line)
    banner.midtop = (play.centerx, pots_row.bottom + gap)
    # A long result wraps to a second line, down to the player's bet at most.
    banner.h = max(line, min(2 * line, seats[0].bet.top - banner.top))
    felt = Rect(play.left + round(40 * s), play.top + round(24 * s),
                play.w - round(80 * s), play.h - round(48 * s))
    deck = Rect(0, 0, cw, ch)
    deck.center = (play.centerx, play.top + play.h // 3)

    bar = _bar(Rect(0, height - bar_h, play.w, bar_h), su)
    side = Rect(play.right, top_h, side_w, height - top_h)
    spad = max(6, round(8 * su))
    voice = _voice(side.x + spad, side.y + spad, side.w - 2 * spad, su)
    log_h = round((side.bottom - voice.area.bottom - 3 * spad) * 0.56)
    log = Rect(side.x + spad, voice.area.bottom + spad, side.w - 2 * spad, log_h)
    graph = Rect(log.x, log.bottom + spad, log.w, side.bottom - spad - log.bottom - spad)

    top_bar = Rect(0, 0, width, top_h)
    bw = round(112 * su)
    bh = top_h - 2 * max(3, round(4 * su))
    by = (top_h - bh) // 2
    pause = Rect(width - spad - bw, by, bw, bh)
    rebuy = Rect(pause.left - spad - bw, by, bw, bh)
    tick_w = max(round(180 * su), 150)  # "Sit out next hand [S]" at the legible size
    sit_out = Rect(rebuy.left - spad - tick_w, by, tick_w, bh)
    title = Rect(spad, by, sit_out.left - 2 * spad, bh)
    return TableLayout(
        size=(width, height), scale=s, ui_scale=su, top_bar=top_bar, title=title,
        sit_out=sit_out, rebuy=rebuy, pause=pause, play=play, felt=felt,
        seats=tuple(seats), board=board, pot=pot, pots_row=pots_row, banner=banner,
        deck=deck, bar=bar, side=side, log=log, graph=graph, voice=voice,
        win=_win(seats[2].bet.bottom + pad, board_top - pad, play.centerx, inner_w, line),
    )


def _below(cards: tuple[Rect, Rect], bottom: int, gap: int) -> Rect:
    """A side seat's label place: under its cards, as wide as the pair, down to a little
    more than a card's height and never past ``bottom`` (the player's cards)."""
    top = cards[0].bottom + gap
    return Rect(cards[0].left, top, cards[1].right - cards[0].left,
                max(0, min(round(cards[0].h * 1.2), bottom - top)))


def _win(top: int, bottom: int, cx: int, w: int, line: int) -> Rect:
    """Between the top seat's bet and the board (the pot label's place, free once the pot
    is paid): up to twice a line high, never over a card."""
    h = max(line, min(2 * line, bottom - top))
    rect = Rect(0, 0, w, h)
    rect.midbottom = (cx, bottom)
    return rect


VOICE_LINES = (2, 1, 4, 2)
"""Text lines per row of the voice panel: the microphone (its note wraps), what is heard,
the say-back or answer ("Sorry, I didn't catch that. You can say fold, call 20, or raise
to an amount" wraps to four lines in the narrowest panel), and the recognizers (with why
a better one is not listening)."""


def voice_line(su: float) -> int:
    """One line of the voice panel: room for text at the legible size (a 14 px line)."""
    return max(16, round(21 * su))


def _voice(x: int, y: int, w: int, su: float) -> VoiceLayout:
    p = max(3, round(4 * su))
    line = voice_line(su)
    n = len(VOICE_LINES)
    area = Rect(x, y, w, 2 * p + line * sum(VOICE_LINES) + p * (n - 1))
    inner = area.inflate(-2 * p, -2 * p)
    ys, top = [], inner.y
    for lines in VOICE_LINES:
        ys.append(top)
        top += lines * line + p
    status = Rect(inner.x, ys[0], inner.w, VOICE_LINES[0] * line)
    heard = Rect(inner.x, ys[1], inner.w, VOICE_LINES[1] * line)
    block = VOICE_LINES[2] * line
    bw = max(48, round(inner.w * 0.24))
    bh = min(block, max(line + line // 2, 22))
    cancel = Rect(inner.right - bw, ys[2], bw, bh)
    yes_w = (bw - p) // 2
    yes = Rect(cancel.x, ys[2], yes_w, bh)
    no = Rect(yes.right + p, ys[2], cancel.right - yes.right - p, bh)
    bar = max(3, line // 5)
    say = Rect(inner.x, ys[2], cancel.x - p - inner.x, block - bar - 1)
    countdown = Rect(inner.x, say.bottom + 1, say.w, bar)
    recognizer = Rect(inner.x, ys[3], inner.w, VOICE_LINES[3] * line)
    progress = Rect(inner.x + inner.w // 2, ys[3] + line // 4, inner.w // 2, max(2, line // 2))
    half = (inner.w - p) // 2
    readings = (Rect(inner.x, ys[2], half, bh), Rect(inner.right - half, ys[2], half, bh))
    return VoiceLayout(area, status, heard, say, countdown, cancel, yes, no, recognizer,
                       progress, readings, line)


def _avatar(panel: Rect) -> Rect:
    inset = max(3, panel.h // 10)
    size = panel.h - 2 * inset
    return Rect(panel.x + inset, panel.y + inset, size, size)


def _bar(area: Rect, su: float) -> BarLayout:
    p = max(5, round(7 * su))
    inner = area.inflate(-2 * p, -2 * p)
    row_small = round((inner.h - 2 * p) * 0.27)
    row_big = inner.h - 2 * p - 2 * row_small
    y1, y2 = inner.y, inner.y + row_small + p
    y3 = y2 + row_small + p
    right_w = round(inner.w * 0.6)
    rx = inner.right - right_w
    left_w = rx - p - inner.x
    presets = tuple(_row(rx, y1, right_w, row_small, len(PRESETS), p))
    amount_w = round(right_w * 0.26)
    slider = Rect(rx, y2, right_w - amount_w - p, row_small)
    amount = Rect(slider.right + p, y2, amount_w, row_small)
    fold, call, wager = _row(rx, y3, right_w, row_big, 3, p)
    message = Rect(inner.x, y1, left_w, row_small)
    # The pre-action ticks take the action buttons' places (one set, as PokerStars shows
    # them): the key hints have the rest of the left block.
    hint = Rect(inner.x, y2, left_w, inner.bottom - y2)
    return BarLayout(area, message, hint, presets, slider,
                     amount, fold, call, wager)
