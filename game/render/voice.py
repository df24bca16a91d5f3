"""The voice panel: microphone state, the live transcript, the say-back with its grace
countdown and Cancel (or a Yes/No question), and the recognizer in use."""

from __future__ import annotations

import pygame

from game.render.layout import VoiceLayout
from game.render.theme import (
    CALL_C,
    DIM,
    FOLD_C,
    GOLD,
    GREEN,
    MUTED,
    ORANGE,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    Text,
)
from game.render.widgets import button, panel
from game.voicectl.panel import MicState, VoicePanel, heard_line, mic_line, recognizer_line
from game.voicectl.voice_check import CheckView

BUTTON_READING = (58, 74, 104)

_DOT = {MicState.LISTENING: GREEN, MicState.HELD: GREEN, MicState.FILES: GREEN,
        MicState.MUTED: GOLD, MicState.PUSH_TO_TALK: MUTED, MicState.STARTING: MUTED,
        MicState.OFF: RED,
        MicState.DISABLED: DIM, MicState.FINISHED: DIM}


def _mic_off(surf: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """A microphone struck through, ``2r`` across: voice is off (told once, then this)."""
    x, y = center
    body = pygame.Rect(0, 0, max(3, r), max(5, round(r * 1.5)))
    body.midbottom = (x, y + r // 3)
    pygame.draw.rect(surf, TEXT, body, border_radius=body.w // 2)
    pygame.draw.line(surf, TEXT, (x, body.bottom), (x, y + r), 1)
    pygame.draw.line(surf, RED, (x - r, y + r), (x + r, y - r), max(2, r // 3))


def draw_voice(surf: pygame.Surface, text: Text, V: VoiceLayout, m: VoicePanel) -> None:
    """Paint the panel from ``m`` (changes nothing)."""
    panel(surf, V.area, PANEL, PANEL_EDGE, radius=8)
    fs = max(12, round(V.status.h * 0.8))
    dot = max(3, V.status.h // 4)
    if m.mic is MicState.OFF:  # no microphone: a small crossed-out microphone
        _mic_off(surf, (V.status.x + dot + 1, V.status.centery), dot)
    else:
        pygame.draw.circle(surf, _DOT[m.mic], (V.status.x + dot + 1, V.status.centery), dot)
    text.blit(surf, mic_line(m), fs, (V.status.x + 2 * dot + 6, V.status.centery), TEXT, bold=True,
              anchor="midleft", width=V.status.w - 2 * dot - 6)
    text.blit(surf, heard_line(m), fs, V.heard.midleft, MUTED if not m.heard else TEXT,
              anchor="midleft", width=V.heard.w)
    if m.readings:  # "1 Call 10" · "2 All in": each a button (a click picks it)
        for number, (name, rect) in enumerate(zip(m.readings, V.readings, strict=False),
                                               start=1):
            radius = max(4, rect.h // 4)
            pygame.draw.rect(surf, BUTTON_READING, rect, border_radius=radius)
            pygame.draw.rect(surf, GOLD, rect, width=1, border_radius=radius)
            text.blit(surf, f"{number}  {name}", fs, rect.center, TEXT, bold=True,
                      anchor="center", width=rect.w - 8)
    elif m.say_back:
        color = GOLD if m.question or m.cancellable else TEXT
        text.blit(surf, m.say_back, fs, V.say.midleft, color, bold=True, anchor="midleft",
                  width=V.say.w)
    if m.countdown is not None:
        pygame.draw.rect(surf, (16, 18, 24), V.countdown)
        bar = V.countdown.copy()
        bar.w = round(bar.w * m.countdown)
        pygame.draw.rect(surf, ORANGE, bar)
    if m.question:
        button(surf, text, V.yes, "Yes", fill=CALL_C)
        button(surf, text, V.no, "No", fill=FOLD_C)
    elif m.cancellable:
        button(surf, text, V.cancel, "Cancel", fill=FOLD_C)
    if m.progress is not None:
        label = V.recognizer.copy()
        label.w = V.progress.x - label.x - 4
        text.blit(surf, f"Downloading {m.downloading or 'a voice model'}…", fs - 2,
                  label.midleft, MUTED, anchor="midleft", width=label.w)
        pygame.draw.rect(surf, (16, 18, 24), V.progress)
        done = V.progress.copy()
        done.w = round(done.w * max(0.0, min(1.0, m.progress)))
        pygame.draw.rect(surf, GREEN, done)
    else:
        words = recognizer_line(m)
        line = text.clip(words, recognizer_size(text, words, V, fs), V.recognizer.w, MUTED)
        surf.blit(line, line.get_rect(midleft=V.recognizer.midleft))


READABLE = 12
"""The smallest text size the panel's last row is drawn at."""


def recognizer_size(text: Text, words: str, V: VoiceLayout, fs: int) -> int:
    """The panel's last row a little smaller than the rows above it, and smaller still
    (never below :data:`READABLE`) until it fits whole; past that it is cut with an
    ellipsis (the recognizers' names come first, so they always show)."""
    at = max(READABLE, fs - 2)
    while at > READABLE and text.font(at).size(words)[0] > V.recognizer.w:
        at -= 1
    return at


def draw_voice_check(surf: pygame.Surface, text: Text, rect: pygame.Rect, view: CheckView,
                     focused: bool = False) -> None:
    """The start screen's voice check in ``rect``: the level meter (when there is a
    microphone to measure) and the prompt or what was heard."""
    fs = max(12, round(rect.h * 0.6))
    x = rect.x
    if view.meter is not None:
        bar = pygame.Rect(rect.x, rect.centery - rect.h // 4, round(rect.w * 0.26),
                          max(4, rect.h // 2))
        pygame.draw.rect(surf, (16, 18, 24), bar, border_radius=3)
        lit = bar.copy()
        lit.w = round(bar.w * view.meter)
        color = GREEN if view.meter < 0.85 else ORANGE  # near the top: too loud
        if lit.w > 0:
            pygame.draw.rect(surf, color, lit, border_radius=3)
        pygame.draw.rect(surf, PANEL_EDGE, bar, width=1, border_radius=3)
        x = bar.right + max(6, rect.h // 3)
    if view.good is not None:
        color = GREEN if view.good else ORANGE
    else:
        color = ORANGE if view.meter is None else (GOLD if focused else TEXT)
    words = view.line.removesuffix(" ✓")  # the font has no tick: it is drawn
    tick = fs if words != view.line else 0
    line = text.clip(words, fs, rect.right - x - tick, color)
    if view.meter is None:  # a sentence alone sits where the other rows' values do
        box = surf.blit(line, line.get_rect(center=(rect.centerx - tick // 2, rect.centery)))
    else:
        box = surf.blit(line, line.get_rect(midleft=(x, rect.centery)))
    if tick:
        u = tick / 10
        left, top = box.right + 3 * u, rect.centery - 3 * u
        pygame.draw.lines(surf, color, False, [(left, top + 2 * u), (left + 3 * u, top + 5 * u),
                                               (left + 8 * u, top - 2 * u)], max(2, round(u)))
