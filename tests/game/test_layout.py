"""The layout scales to any window from 960x540 up without overlapping anything."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.render.layout import table_layout

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 600), (1000, 1000), (1366, 768),
         (3840, 2160), (961, 777)]


def _overlaps(rects: dict[str, pygame.Rect]) -> list[tuple[str, str]]:
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2)
            if ra.colliderect(rb)]


@pytest.mark.parametrize("size", SIZES)
def test_seats_cards_pots_and_panels_never_overlap(size: tuple[int, int]) -> None:
    assert _overlaps(table_layout(*size).solid_rects()) == []


@pytest.mark.parametrize("size", SIZES)
def test_action_bar_controls_never_overlap_and_stay_in_the_bar(size: tuple[int, int]) -> None:
    L = table_layout(*size)
    controls = L.bar_controls()
    assert _overlaps(controls) == []
    for name, rect in controls.items():
        assert L.bar.area.contains(rect), name
        assert rect.w >= 24 and rect.h >= 14, name


@pytest.mark.parametrize("size", SIZES)
def test_top_bar_buttons_fit(size: tuple[int, int]) -> None:
    L = table_layout(*size)
    assert _overlaps(L.top_controls()) == []
    for rect in L.top_controls().values():
        assert L.top_bar.contains(rect)


@pytest.mark.parametrize("size", SIZES)
def test_everything_is_inside_the_window(size: tuple[int, int]) -> None:
    L = table_layout(*size)
    window = pygame.Rect(0, 0, *size)
    for name, rect in L.solid_rects().items():
        assert window.contains(rect), name
    for seat in L.seats:
        assert L.play.contains(seat.panel)


def test_layout_grows_with_the_window() -> None:
    small, big = table_layout(960, 540), table_layout(1920, 1080)
    assert big.card_size[0] > small.card_size[0]
    assert big.seats[0].panel.w > small.seats[0].panel.w


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (2560, 600)])
def test_menus_fit_the_window_with_every_row_button_and_note(size: tuple[int, int]) -> None:
    from game.scenes.dialog import menu_layout
    from game.scenes.start import ROWS

    window = pygame.Rect((0, 0), size)
    for n_rows in (3, len(ROWS)):
        L = menu_layout(size, n_rows, 4, 0.6)
        parts = [L.title, *[r for row in L.rows for r in row], *L.buttons, L.note]
        assert window.contains(L.box)
        for rect in parts:
            assert L.box.contains(rect), (n_rows, rect)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_message_on_the_players_turn_is_shown_whole(size: tuple[int, int]) -> None:
    """The orange box over the left block wraps its text whole, at a legible size."""
    from game.render.actionbar import message_lines
    from game.render.theme import LEGIBLE, Text

    pygame.font.init()
    text = Text()
    b = table_layout(*size).bar
    box = b.message.union(b.hint)
    message = ("Voice control is off: no microphone was found. Plug one in; the game will "
               "try again after this hand.")
    px, lines = message_lines(text, message, box)
    assert " ".join(lines) == message
    assert px >= LEGIBLE and len(lines) * text.line_height(px, True) <= box.h - 8
    assert all(text.font(px, True).size(line)[0] <= box.w - 16 for line in lines)
