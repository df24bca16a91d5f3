"""Every card's rank and suit stay in sight at every supported size: the words of a hand
(the player's live strength, the hands shown down) go beside the cards, never over them,
and show whole. Measured on rendered frames at 960x540, 1280x720 and 1920x1080 (issue 43,
finding 1: "Nine-Three offsuit" over the 3 and 9's suits)."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from engine.events import HandEnded
from game.app import App
from game.render.table import TableRenderer
from game.scenes.table import TableScene
from tests.game.helpers import Noted, bot, deck_for, run_until, scripted_table, to_act

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
X, C = ActionKind.CHECK, ActionKind.CALL


def _table(app: App, size: tuple[int, int], deck: list[int]) -> tuple[TableScene, Noted]:
    app.settings = app.settings.with_(walkthrough_done=True)
    text = Noted()
    app.text = text
    app.resize(size)
    scene = scripted_table(app, deck=deck)
    scene.renderer.text = text
    return scene, text


def _card_rects(scene: TableScene) -> list[pygame.Rect]:
    """Every face-up card's place this frame (raised a little when it is in the best
    five)."""
    L, d = scene.layout, scene.display
    rects = [L.board[j] for j in range(len(d.board))]
    for i, seat in enumerate(d.seats):
        if seat.cards is not None and any(c is not None for c in seat.cards):
            rects += list(L.seats[i].cards)
    return [r.union(r.move(0, -max(2, r.h // 10))) for r in rects]


def _covered(app: App, scene: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The cards (by index in :func:`_card_rects`) whose pixels differ between the frame
    as drawn and the same frame without any hand's words: what the words cover."""
    app.draw()
    rects = _card_rects(scene)
    drawn = [pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in rects]
    with monkeypatch.context() as m:
        m.setattr(TableRenderer, "_description", lambda *args, **kwargs: None)
        app.draw()
    bare = [pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in rects]
    return [k for k, (a, b) in enumerate(zip(drawn, bare, strict=True)) if a != b]


def _whole(text: Noted, words: str) -> bool:
    """Whether ``words`` were drawn whole: consecutive lines that join into them."""
    lines = text.drawn
    return any(" ".join(lines[i:j]) == words
               for i in range(len(lines)) for j in range(i + 1, min(len(lines), i + 6) + 1))


@pytest.mark.parametrize("size", SIZES)
def test_the_players_strength_is_beside_the_cards_not_over_them(
        app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    scene, text = _table(app, size, deck_for(0, {0: "9h3c", 1: "8c4d", 2: "QsJd", 3: "AdKc"},
                                             "Td 3s 9c 2c 7h"))
    bot(app, scene, 3, C)
    to_act(app, scene, 0)  # before the flop: "Nine-Three offsuit"
    label = scene.renderer.strength_label(scene.display)
    assert label == "Nine-Three offsuit"
    text.drawn.clear()
    assert _covered(app, scene, monkeypatch) == [], f"{size}: a card under the label"
    assert _whole(text, label), f"{size}: {label!r} not drawn whole"
    bot(app, scene, 0, C)
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    run_until(app, lambda: len(scene.display.board) == 3 and not scene.presenter.busy)
    label = scene.renderer.strength_label(scene.display)
    assert label == "Two Pair, Nines and Threes"
    text.drawn.clear()
    assert _covered(app, scene, monkeypatch) == [], f"{size}: a card under the label"
    assert _whole(text, label), f"{size}: {label!r} not drawn whole"


@pytest.mark.parametrize("size", SIZES)
def test_every_hand_shown_down_keeps_its_cards_in_sight(
        app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """All four seats show down, each with a long description, at once."""
    scene, text = _table(app, size, deck_for(0, {0: "7h3c", 1: "QsJd", 2: "8c8d",
                                                 3: "Ac9h"}, "Kh Kd 7s 3d 2c"))
    bot(app, scene, 3, C)
    bot(app, scene, 0, C)
    bot(app, scene, 1, C)
    bot(app, scene, 2, X)
    for _ in range(3):
        for seat in (1, 2, 3, 0):
            bot(app, scene, seat, X)
    run_until(app, lambda: isinstance(scene.presenter.current, HandEnded))
    shown = {i: s.shown.description for i, s in enumerate(scene.display.seats)
             if s.shown is not None}
    assert sorted(shown) == [0, 1, 2, 3]
    text.drawn.clear()
    assert _covered(app, scene, monkeypatch) == [], f"{size}: a card under a hand's words"
    for seat, words in shown.items():
        assert _whole(text, words), f"{size}: seat {seat}'s {words!r} not drawn whole"
