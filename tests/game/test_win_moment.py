"""The win moment: chips slide to the winner, then the winning hand is named large above
the board (never over a card); banners stay inside the table area at every size (issue
21, parts 6 and 9)."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import Action, ActionKind
from game.app import App
from game.input.commands import ActCommand
from game.render.layout import table_layout
from game.render.theme import GOLD
from game.settings.model import GameSettings
from tests.game.helpers import deck_for, run_until, scripted_table
from tests.game.test_layout import SIZES


@pytest.mark.parametrize("size", SIZES)
def test_the_win_name_and_the_banners_sit_inside_the_table(size: tuple[int, int]) -> None:
    L = table_layout(*size)
    assert L.felt.contains(L.win) and L.play.contains(L.banner)
    assert L.win.h >= L.pot.h  # larger than the pot line it replaces
    covered = [*L.board, *(card for seat in L.seats for card in seat.cards),
               *(seat.bet for seat in L.seats)]
    assert not any(L.win.colliderect(r) for r in covered)


def test_a_showdown_ends_with_the_winning_hand_named_large(app: App) -> None:
    deck = deck_for(0, {0: "Ah Ad", 1: "7c 2d", 2: "8s 3h", 3: "9d 4c"}, "As Kd 5h 6c Js")
    scene = scripted_table(app, deck=deck)
    while scene.session.hand is None or not scene.session.hand.finished:
        run_until(app, lambda: scene.session.hand is not None and (
            scene.session.hand.finished or (not scene.presenter.busy
                                            and scene.session.hand.to_act is not None)))
        hand = scene.session.hand
        if hand.finished:
            break
        legal = hand.legal()
        assert legal is not None
        kind = ActionKind.CHECK if legal.check else ActionKind.CALL
        scene.handle(ActCommand(legal.seat, Action(legal.seat, kind), "test"))
    run_until(app, lambda: scene.session.hand is None)
    assert scene.display.win == "Three of a Kind, Aces"
    assert scene.display.pot_total == 0  # the chips are home: the name shows
    app.draw()
    L = scene.layout
    shot = app.screen.subsurface(L.win)
    gold = sum(1 for x in range(0, L.win.w, 2) for y in range(0, L.win.h, 2)
               if shot.get_at((x, y))[:3] == GOLD)
    assert gold > 20, "the hand name is drawn in the win rect"
    run_until(app, lambda: len(scene.display.board) == 0)  # the next deal is shown
    assert scene.display.win == ""





@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_start_screens_notice_is_a_banner_off_the_windows_edge(
        size: tuple[int, int]) -> None:
    from game.scenes.start import NOTICE_PAD, StartScene
    screen = pygame.display.set_mode(size)
    app = App(screen, GameSettings())
    scene = StartScene(app, notice="Hand 10 was interrupted; it resumes exactly where it "
                                   "stopped (4 actions replayed, Blaze to act). " * 2)
    box, menu = scene._notice_box(), scene._layout()
    window = pygame.Rect((0, 0), size)
    assert window.inflate(-2 * NOTICE_PAD + 1, -2 * NOTICE_PAD + 1).contains(box)
    assert box.top >= NOTICE_PAD and menu.box.top > box.bottom
    assert window.contains(menu.box)
