"""Every word on the table screen is drawn at a legible size and whole: the voice panel's
longest answers, the hand log, the seat labels and the key hints, measured in pixels at
960x540 and 1280x720 (issue 36, part 4)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.render.theme import TEXT, Color, Text
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from game.voicectl.panel import MicState, VoicePanel
from tests.game.helpers import bot, press, scripted_table, to_act

SIZES = [(960, 540), (1280, 720)]
CAP_PX = 9
"""The height of a drawn capital letter, in pixels, below which text is not legible (the
desktop's 9 pt interface text at 96 dpi has 9 px capitals)."""

ANSWERS = ("Sorry, I didn't catch that. You can say fold, call 20, or raise to an amount",
           "You can say fold, call 20, raise to an amount, half pot, pot, or all in")


@dataclass(slots=True)
class Measured(Text):
    """The game's text drawer, noting each line drawn with the size it was drawn at."""

    drawn: list[tuple[str, int, bool]] = field(default_factory=list)

    def render(self, text: str, size: int, color: Color = TEXT,
               bold: bool = False) -> pygame.Surface:
        self.drawn.append((text, size, bold))
        return Text.render(self, text, size, color, bold)

    def cap_px(self, size: int, bold: bool) -> int:
        """A capital's height in pixels in the font this size is drawn with."""
        glyph = self.font(size, bold).render("H", True, (255, 255, 255))
        return int(glyph.get_bounding_rect().h)


def _screen(app: App, size: tuple[int, int], answer: str) -> tuple[Measured, list[str]]:
    """The table at ``size`` on the player's turn, the voice panel showing ``answer``;
    the lines drawn and the hand log."""
    text = Measured()
    app.text = text
    app.resize(size)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    voice = VoiceController(VoiceSettings())
    app.voice = voice
    try:
        voice.panel = VoicePanel(MicState.LISTENING, heard="raise to a lot", say_back=answer,
                                 listening="Whisper + pocketsphinx + spotter")
        text.drawn.clear()
        scene.side.log_cache = scene.side.graph_cache = None  # draw them afresh
        app.draw()
    finally:
        app.voice = None
        voice.close()
    return text, list(scene.log)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("answer", ANSWERS)
def test_every_line_on_the_table_is_drawn_at_a_legible_size(
        app: App, size: tuple[int, int], answer: str) -> None:
    text, _ = _screen(app, size, answer)
    small = sorted({(line, text.cap_px(at, bold)) for line, at, bold in text.drawn
                    if line.strip() and text.cap_px(at, bold) < CAP_PX})
    assert small == [], f"{size}: drawn with capitals under {CAP_PX} px"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("answer", ANSWERS)
def test_the_voice_answer_log_seats_and_keys_show_whole(
        app: App, size: tuple[int, int], answer: str) -> None:
    text, log = _screen(app, size, answer)
    lines = [line for line, _, _ in text.drawn]
    pieces = [line for line in lines if len(line) > 4 and line in answer]  # its lines
    assert " ".join(pieces) == answer, "the answer, wrapped, with nothing cut"
    words = " ".join(lines)
    for entry in log[-3:]:  # the newest log entries, wrapped whole
        assert all(word in words for word in entry.split()), entry
    assert not any("…" in line for line in lines if line.startswith(("Vera", "Blaze",
                                                                     "Doris", "You")))
    for name in ("Vera", "Blaze", "Doris"):
        assert any(line.startswith(name) for line in lines), name
    for key in ("F fold", "C check/call", "R bet/raise", "A all-in", "F1 help"):
        assert any(key in line for line in lines), key


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", [pygame.K_o, pygame.K_F1, pygame.K_ESCAPE])
def test_the_dialogs_over_the_table_are_drawn_at_a_legible_size(
        app: App, size: tuple[int, int], key: int) -> None:
    """Settings (O), help (F1) and pause (Esc), each over the table."""
    text = Measured()
    app.text = text
    app.resize(size)
    scene = scripted_table(app)
    to_act(app, scene, 3)
    press(app, key)
    assert app.top is not scene
    text.drawn.clear()
    app.draw()
    small = sorted({(line, text.cap_px(at, bold)) for line, at, bold in text.drawn
                    if line.strip() and text.cap_px(at, bold) < CAP_PX})
    assert text.drawn and small == [], f"{size}: drawn with capitals under {CAP_PX} px"
