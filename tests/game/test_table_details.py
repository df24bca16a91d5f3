"""The smaller things issue 43 found at the table (finding 5), each pinned: side pots'
figures whole beside their chips, the notices panel clear of a bot's speech bubble."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.render.notices import notices_box
from game.render.table import Bubble
from game.render.theme import ELLIPSIS
from tests.game.helpers import Noted, bot, deck_for, run_until, scripted_table

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_every_side_pots_figure_is_whole_and_no_chips_sit_on_it(
        app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = scripted_table(app, stacks=(1000, 250, 500, 800),
                           deck=deck_for(0, {0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JhTh"},
                                         "2c 7d 9h Qc 3s"))
    for seat, kind in ((3, ActionKind.ALLIN), (0, ActionKind.CALL), (1, ActionKind.ALLIN),
                       (2, ActionKind.ALLIN)):
        bot(app, scene, seat, kind)
    run_until(app, lambda: len(scene.display.board) == 4)
    labels = scene.renderer.pot_labels(scene.display)
    assert len(labels) == 4  # the total, the main pot and two side pots
    text = Noted()
    scene.renderer.text = text
    surf = pygame.Surface(size)
    scene.renderer._pots(surf, scene.layout, scene.display, frozenset())
    assert text.drawn == labels, size  # each whole, none cut with "…"
    assert not [line for line in text.drawn if line.endswith(ELLIPSIS)]


@pytest.mark.parametrize("size", SIZES)
def test_the_notices_panel_leaves_the_top_seats_speech_bubble_in_sight(
        app: App, size: tuple[int, int]) -> None:
    """"The orange notice covers Blaze's speech bubble": the bubble moves clear of it."""
    app.resize(size)
    scene = scripted_table(app)
    notices = ("Another game has this table open: this one plays on without saving, so "
               "nothing is written twice",)
    box, _, _ = notices_box(scene.layout, app.text, notices)
    bubble = Bubble(2, "BLAZE IS IN THE BUILDING! Who's ready to gamble?", 0.0, 4.0)
    where = scene.renderer.bubble_rect(scene.layout, bubble, box)
    assert not where.colliderect(box), (size, where, box)
    assert scene.layout.play.contains(where)
    assert not where.colliderect(scene.layout.seats[2].panel)
