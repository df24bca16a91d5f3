"""Heard again, and every fact on the screen one question away (issue 40, findings 6 and
7): "repeat" gives the last line said, "before that" steps back a line each time, "what
happened this hand" sums the hand up; the position and the button, who is still in, the
raise limits, the clock and the time bank, the blinds at a cash table, the amount sized,
the stack in big blinds and "where am I" are each answered, the most useful fact
first, from the player's view and the table."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import ActionKind
from game.app import App
from game.help.walkthrough import TIPS
from game.scenes.table import TableScene
from game.voicectl.controller import VoiceController
from tests.game.helpers import FRAME, bot, press, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.understand.intent import IntentKind, Query
from voice.understand.parse import parse


def ask(app: App, voice: VoiceController, query: Query) -> str:
    say(app, voice, IntentKind.QUERY, query=query)
    return voice.panel.say_back


def test_repeat_gives_the_last_line_and_before_that_steps_back(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    tips = {tip.said for tip in TIPS}  # the first-run tour's: never repeated
    said = [t for t, speaker, _ in narrator.said if speaker == "dealer" and t not in tips]
    assert said[-1] == "Your turn: 10 to call, pot 25"
    assert ask(app, voice, Query.POT) == "The pot is 25"
    assert ask(app, voice, Query.REPEAT) == "The pot is 25"
    assert ask(app, voice, Query.REPEAT) == "The pot is 25"  # a repeat is not itself one
    assert ask(app, voice, Query.EARLIER) == "Your turn: 10 to call, pot 25"
    assert ask(app, voice, Query.EARLIER) == said[-2]
    assert ask(app, voice, Query.EARLIER) == said[-3]
    assert ask(app, voice, Query.REPEAT) == "The pot is 25"  # from the newest again


def test_what_happened_this_hand_is_told_in_a_few_short_lines(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene, clock: Clock) -> None:
    scene = facing_limp
    say(app, voice, IntentKind.CALL)
    clock.t += 1.5
    app.step(FRAME)
    app.step(FRAME)
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.CHECK)
    bot(app, scene, 1, ActionKind.BET, 20)
    bot(app, scene, 2, ActionKind.FOLD)
    bot(app, scene, 3, ActionKind.FOLD)
    to_act(app, scene, 0)
    before = len(narrator.said)
    say(app, voice, IntentKind.QUERY, query=Query.HAND_SO_FAR)
    lines = narrator.texts()[before:]
    names = scene.session.names
    assert lines[0].startswith("Hand 1. You have ")
    assert lines[1] == f"Before the flop: {names[3]}, you and {names[1]} called, " \
                       f"{names[2]} checked"
    assert lines[2].startswith("Flop, ") and lines[2].endswith(
        f": {names[1]} bet 20, {names[2]} and {names[3]} folded")
    assert lines[3] == "Your turn: 20 to call, pot 60"
    assert len(lines) == 4 and all(len(line) < 110 for line in lines)


@pytest.mark.parametrize(("text", "query"), [
    ("what's the minimum raise", Query.RAISE_LIMITS),
    ("how much time do I have", Query.TIME_LEFT),
    ("what's my position", Query.POSITION),
    ("who is still in", Query.PLAYERS_IN),
    ("what happened this hand", Query.HAND_SO_FAR),
    ("repeat that again", Query.EARLIER),
    ("who's in the side pot", Query.POT),
])
def test_the_questions_are_questions_even_facing_a_bet(text: str, query: Query) -> None:
    from engine.sizing import BettingContext

    ctx = BettingContext(10, 25, 10, 0, 10, 1000, False, 20, 1000)
    intent = parse(text, ctx)
    assert intent.intent is IntentKind.QUERY and intent.query is query


def test_every_fact_on_the_screen_is_one_question_away(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    names = facing_limp.session.names
    assert ask(app, voice, Query.POSITION) == "You're on the button. You act last after the flop"
    assert ask(app, voice, Query.PLAYERS_IN) == \
        f"4 still in: you, {names[1]}, {names[2]} and {names[3]}"
    assert ask(app, voice, Query.RAISE_LIMITS) == "Minimum raise to 20, maximum 1,000: all in"
    assert ask(app, voice, Query.TIME_LEFT).endswith("to act, and 15 seconds in your time bank")
    assert ask(app, voice, Query.LEVEL) == "Blinds 5 and 10"
    assert ask(app, voice, Query.BIG_BLINDS) == "You have 100 big blinds"
    assert ask(app, voice, Query.SIZED).startswith("Raise to 20 is sized")
    press(app, pygame.K_RIGHT)  # a key sizes it one big blind up
    assert ask(app, voice, Query.SIZED).startswith("Raise to 30 is sized")
    assert ask(app, voice, Query.WHERE).startswith("Hand 1, before the flop. You have ")
    assert ask(app, voice, Query.WHERE).endswith(", and 1,000 behind")
    assert not any(t.endswith("Say yes or no") for t in narrator.texts())
    assert voice.confirm.pending is None  # a question never becomes a bet
