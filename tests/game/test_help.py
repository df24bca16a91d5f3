"""The help's "Say (voice)" column teaches with plain examples: each one is read by the
parser, every block of the phrase templates is taught, nothing of the grammar shows,
and every row is drawn whole at every window size."""

from __future__ import annotations

import re

import pygame
import pytest

from game.app import App
from game.help.content import SAY, SAY_SCREENS, fit_examples
from game.scenes.help import HelpScene
from tests.game.helpers import FRAME, press, scripted_table
from tests.voice.contexts import FACING, OPEN
from voice.understand.intent import IntentKind
from voice.understand.matching import Block, BlockKind
from voice.understand.parse import parse
from voice.understand.templates import load

EXAMPLES = [example for row in (*SAY, *SAY_SCREENS) for example in row.examples]


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_is_understood(example: str) -> None:
    readings = [parse(example, ctx) for ctx in (FACING, OPEN)]
    assert any(r.intent is not IntentKind.UNKNOWN and r.error is None for r in readings), \
        (example, readings)


def test_every_block_of_the_templates_is_taught() -> None:
    templates = load()
    taught: set[Block] = set()
    for example in EXAMPLES:
        match = next(templates.matches(example), None)
        assert match is not None, example
        taught.add(match.block)
    blocks = {t.block for t in templates.templates}
    bare = Block(BlockKind.WAGER, "bare")  # a number alone is said back, never acted on
    assert blocks - taught == {bare}


def test_the_column_shows_examples_not_the_grammar() -> None:
    for row in (*SAY, *SAY_SCREENS):
        for text in (row.what, *row.examples):
            assert not re.search(r"[<>\[\]{}()|_]", text), text
            assert "czech" not in text.lower()


def test_only_whole_examples_are_shown() -> None:
    def measure(s: str) -> int:
        return len(s) * 10

    assert fit_examples(("raise to 200", "bet 60"), 300, measure) == "raise to 200 · bet 60"
    assert fit_examples(("raise to 200", "bet 60"), 150, measure) == "raise to 200"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080)])
def test_every_row_is_whole_at_every_size(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scripted_table(app)
    app.step(FRAME)
    press(app, pygame.K_F1)
    scene = app.top
    assert isinstance(scene, HelpScene)
    app.draw()
    width, top, bottom, _ = scene._voice_column()
    what_w = scene.what_width()
    rows = scene.say_rows()
    assert [what for what, _, _ in rows] == [row.what for row in SAY]  # every row
    at = rows[0][2]
    assert at >= 12, "readable"
    assert top + len(rows) * (at + 4) <= bottom
    for (what, said, _), row in zip(rows, SAY, strict=True):
        assert app.text.font(at, True).size(what)[0] <= what_w - 6, what
        assert app.text.font(at).size(said)[0] <= width - what_w, said
        assert said == " · ".join(row.examples), (size, said)  # nothing dropped either
