"""A yes is never lost and the clock waits while the game talks to the player (issue 48,
findings 1 and 2): a yes-or-no question lapses only after ``answer_timeout`` of quiet (not
while it is still being said, the player is talking, or an answer waits to be heard), so
an answer begun before it lapses is its answer however long recognition takes; the turn
clock does not run while the player is heard and answered."""

from __future__ import annotations

from engine.actions import ActionKind
from game.app import App
from game.scenes.table import TableScene
from game.voicectl.controller import VoiceController
from game.voicectl.turn_time import MAX_ANSWER_SECONDS
from tests.game.helpers import FRAME, bot, my_actions, scripted_table, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.confirm import QUESTION_LONGEST, Phase
from voice.understand.intent import Intent, IntentKind, Query


def test_a_yes_begun_before_the_lapse_and_heard_after_it_is_taken(
        app: App, voice: VoiceController, clock: Clock, asked_all_in: TableScene) -> None:
    clock.t += 4.5
    voice.user_speaking = True  # "yes" begins 4.5 s after the question
    app.step(FRAME)
    stamp = voice.asked
    clock.t += 6.0  # recognition on a loaded machine: past the 8 s lapse
    app.step(FRAME)
    assert voice.confirm.phase is Phase.QUESTION
    voice.hear(Intent(IntentKind.CONFIRM), text="yes", asked=stamp)
    voice.user_speaking = False  # quiet only once the utterance is queued
    app.step(FRAME)
    app.step(FRAME)
    hand = asked_all_in.session.hand
    assert hand is not None and len(my_actions(asked_all_in)) == 1 and hand.stacks[0] == 0


def test_a_question_still_being_said_does_not_lapse(
        app: App, voice: VoiceController, clock: Clock, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    narrator.speaking = True  # the question waited behind other lines, and is said late
    clock.t += 12.0
    app.step(FRAME)
    assert voice.confirm.phase is Phase.QUESTION
    narrator.speaking = False
    clock.t += 7.0  # quiet, but less than the answer time since it was said
    app.step(FRAME)
    assert voice.confirm.phase is Phase.QUESTION
    clock.t += 1.5
    app.step(FRAME)
    assert voice.confirm.pending is None and narrator.texts()[-1] == "Not confirmed"


def test_a_question_never_waits_longer_than_its_longest(
        app: App, voice: VoiceController, clock: Clock, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    narrator.speaking = True  # a narrator that never stops
    clock.t += QUESTION_LONGEST + 1
    app.step(FRAME)
    assert voice.confirm.pending is None


def test_the_clock_waits_while_the_player_is_answered(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    app.step(FRAME)
    say(app, voice, IntentKind.QUERY, query=Query.HAND_SO_FAR)
    narrator.answers = True  # the answer's lines wait and are said, 25 s of them
    left = scene.clock.left
    for _ in range(25 * 60):
        app.step(FRAME)
    assert scene.clock.left == left and scene.clock.paused and my_actions(scene) == []
    narrator.answers = False
    for _ in range(60):
        app.step(FRAME)
    assert scene.clock.left < left - 0.5


def test_the_clock_waits_while_the_player_is_talking(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    app.step(FRAME)
    left = scene.clock.left
    voice.user_speaking = True
    for _ in range(60):
        app.step(FRAME)
    assert scene.clock.left == left


def test_answers_hold_the_clock_at_most_their_cap(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    app.step(FRAME)
    narrator.answers = True  # a narrator stuck on a reply must not stop the clock
    voice.clock_held(MAX_ANSWER_SECONDS)
    left = scene.clock.left
    for _ in range(60):
        app.step(FRAME)
    assert scene.clock.left < left
