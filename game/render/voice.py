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


def voice_size(V: VoiceLayout) -> int:
    """The panel's text size (never below the legible one: the rule is the Text's)."""
    return round(V.line * 0.85)


def say_box(V: VoiceLayout, m: VoicePanel) -> pygame.Rect:
    """Where the say-back or answer wraps: beside Cancel or Yes/No when they show, else
    the row's whole width."""
    if m.question or m.cancellable:
        return V.say
    return pygame.Rect(V.say.x, V.say.y, V.cancel.right - V.say.x, V.say.h)


def draw_voice(surf: pygame.Surface, text: Text, V: VoiceLayout, m: VoicePanel) -> None:
    """Paint the panel from ``m`` (changes nothing)."""
    panel(surf, V.area, PANEL, PANEL_EDGE, radius=8)
    fs = voice_size(V)
    dot = max(3, V.line // 4)
    first = pygame.Rect(V.status.x, V.status.y, V.status.w, V.line)
    if m.mic is MicState.OFF:  # no microphone: a small crossed-out microphone
        _mic_off(surf, (first.x + dot + 1, first.centery), dot)
    else:
        pygame.draw.circle(surf, _DOT[m.mic], (first.x + dot + 1, first.centery), dot)
    indent = 2 * dot + 6
    text.paragraph(surf, mic_line(m), fs, pygame.Rect(
        V.status.x + indent, V.status.y, V.status.w - indent, V.status.h), TEXT, bold=True)
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
        text.paragraph(surf, m.say_back, fs, say_box(V, m), color, bold=True)
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
        label = pygame.Rect(V.recognizer.x, V.recognizer.y, V.progress.x - V.recognizer.x - 4,
                            V.line)
        text.blit(surf, f"Downloading {m.downloading or 'a voice model'}…", fs,
                  label.midleft, MUTED, anchor="midleft", width=label.w)
        pygame.draw.rect(surf, (16, 18, 24), V.progress)
        done = V.progress.copy()
        done.w = round(done.w * max(0.0, min(1.0, m.progress)))
        pygame.draw.rect(surf, GREEN, done)
    else:  # the recognizers' names come first, so they always show
        text.paragraph(surf, recognizer_line(m), fs, V.recognizer, MUTED)


def draw_voice_check(surf: pygame.Surface, text: Text, rect: pygame.Rect, view: CheckView,
                     focused: bool = False) -> None:
    """The start screen's voice check in ``rect``: the level meter (when there is a
    microphone to measure) and the prompt or what was heard."""
    fs = round(rect.h * 0.6)
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
    line = text.fit(words, fs, rect.right - x - tick, color)
    if view.meter is None:  # a sentence alone sits where the other rows' values do
        box = surf.blit(line, line.get_rect(center=(rect.centerx - tick // 2, rect.centery)))
    else:
        box = surf.blit(line, line.get_rect(midleft=(x, rect.centery)))
    if tick:
        u = tick / 10
        left, top = box.right + 3 * u, rect.centery - 3 * u
        pygame.draw.lines(surf, color, False, [(left, top + 2 * u), (left + 3 * u, top + 5 * u),
                                               (left + 8 * u, top - 2 * u)], max(2, round(u)))
