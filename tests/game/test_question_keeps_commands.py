"""A question never loses a command (issue 40, finding 9): while a yes-or-no question
waits, the turn clock does not act for the player (it is held; the question lapses on its
own); a yes or no never carries into another hand, question or dialog, and is answered as
an answer whose question is over; a command heard while a question waits is that command
or the question asked again, never a "no"."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.sizing import BettingContext
from game.app import App
from game.scenes.table import TableScene
from game.voicectl.controller import VoiceController
from game.voicectl.listening import Captured, asked_instead, heard_instead
from tests.game.helpers import FRAME, bot, click, my_actions, run_until, scripted_table, to_act
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.confirm import Phase
from voice.understand.agreement import Decision, DecisionKind, Reading
from voice.understand.intent import Intent, IntentKind, Query


def test_the_turn_clock_never_acts_while_a_question_waits(
        app: App, voice: VoiceController, clock: Clock, asked_all_in: TableScene) -> None:
    scene = asked_all_in
    for _ in range(60 * 60):  # a minute of frames: more than the turn and the time bank
        app.step(FRAME)
    assert my_actions(scene) == [] and voice.confirm.phase is Phase.QUESTION
    assert scene.clock.running and scene.clock.paused
    clock.t += 9.0  # unanswered, the question lapses; then the clock runs again
    app.step(FRAME)
    assert voice.confirm.pending is None
    left = scene.clock.left
    for _ in range(60):
        app.step(FRAME)
    assert scene.clock.left < left


def test_a_yes_after_its_question_is_over_is_answered_as_such(
        app: App, voice: VoiceController, clock: Clock, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    clock.t += 9.0
    app.step(FRAME)
    assert narrator.texts()[-1] == "Not confirmed"
    say(app, voice, IntentKind.CONFIRM)
    assert narrator.texts()[-1] == "That yes was for a question that is over: nothing was done"
    assert my_actions(asked_all_in) == []


def test_a_yes_said_to_a_question_never_lands_in_the_next_hand(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    scene = asked_all_in
    stamp, turn = voice.asked, voice.turn
    click(app, "call")  # the player answers with the mouse instead: the question goes
    for seat in (1, 2):
        bot(app, scene, seat, ActionKind.FOLD if seat == 1 else ActionKind.CHECK)
    for seat in (1, 2, 3):
        if scene.session.hand is not None and scene.session.hand.to_act == seat:
            bot(app, scene, seat, ActionKind.CHECK)
    to_act(app, scene, 0)
    voice.hear(Intent(IntentKind.CONFIRM), text="yes", turn=turn, asked=stamp)  # late
    app.step(FRAME)
    assert narrator.texts()[-1] == "That yes was for a question that is over: nothing was done"
    assert not any(t.startswith("Sorry, I didn't catch that") for t in narrator.texts())


def test_a_yes_to_one_question_is_never_taken_as_yes_to_a_later_one(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    stamp = voice.asked  # a "yes" begins while "All in for 1,000?" waits ...
    say(app, voice, IntentKind.RAISE, 40, confidence=0.3)  # ... another question comes
    assert narrator.texts()[-1] == "Raise to 40? Say yes or no"
    voice.hear(Intent(IntentKind.CONFIRM), text="yes", asked=stamp)
    app.step(FRAME)
    assert narrator.texts()[-1] == \
        "That yes was said before this was asked. Say it again to answer"
    assert my_actions(asked_all_in) == [] and voice.confirm.phase is Phase.QUESTION


def test_a_command_heard_while_a_question_waits_is_never_a_no(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        asked_all_in: TableScene) -> None:
    ctx = voice.context
    voice.captured(Captured(Intent(IntentKind.DENY), 0.9, "no", voice.turn, ctx,
                            asked=voice.asked, instead="raise to four hundred"))
    app.step(FRAME)
    assert narrator.texts()[-1] == \
        'I heard "raise to four hundred". All in for 1,000? Say yes or no'
    assert voice.confirm.phase is Phase.QUESTION  # still asked: not taken as no
    say(app, voice, IntentKind.RAISE, 200)  # a command heard clearly is that command
    assert narrator.texts()[-1] == "Raise to 200"
    assert voice.confirm.phase is Phase.GRACE


def test_the_ears_yes_or_no_names_the_command_another_ear_heard() -> None:
    ctx = BettingContext(10, 25, 10, 0, 10, 872, False, 20, 872)
    raise_400 = Intent(IntentKind.RAISE, 400)
    decision = Decision(DecisionKind.ACT, Intent(IntentKind.DENY), 0.9, "no",
                        (Reading("pocketsphinx", raise_400, 0.3, "raise to four hundred"),
                         Reading("whisper", Intent(IntentKind.DENY), 0.9, "no")))
    assert heard_instead(decision, decision.intent) == "raise to four hundred"
    agreed = Decision(DecisionKind.ACT, Intent(IntentKind.DENY), 0.9, "no",
                      (Reading("pocketsphinx", Intent(IntentKind.DENY), 0.8, "no"),
                       Reading("whisper", Intent(IntentKind.DENY), 0.9, "no")))
    assert heard_instead(agreed, agreed.intent) == ""
    assert ctx.to_call == 10


def test_a_yes_with_nothing_ever_asked_is_still_a_miss(app: App, voice: VoiceController,
                                                       narrator: FakeNarrator) -> None:
    scene = scripted_table(app)
    to_act(app, scene, 3)
    say(app, voice, IntentKind.CONFIRM)
    assert narrator.texts()[-1].startswith("Sorry, I didn't catch that")
    run_until(app, lambda: True)


def test_a_yes_is_listened_for_on_a_dialog_over_the_players_turn(
        app: App, voice: VoiceController) -> None:
    """ "Leave the table?" asked over the player's turn: the ears take a sure "yes" (with
    only the table's commands as Whisper's choices, it was decided as nothing)."""
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    assert not voice.answer_waits()
    app.ask_to_leave()
    app.step(FRAME)
    assert voice.turn is not None and voice.answer_waits()


def test_a_question_one_ear_heard_is_answered_not_asked_as_a_bet(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    """ "repeat that": pocketsphinx wrote "repeat the pot", the spotter "pot", Whisper
    "repeat that"; the unsure pot raise was asked ("Raise to 99? Say yes or no")."""
    repeat = Intent(IntentKind.QUERY, query=Query.REPEAT)
    pot = Intent(IntentKind.RAISE, 99)
    decision = Decision(DecisionKind.ASK, pot, 0.3, "repeat the pot",
                        (Reading("pocketsphinx", pot, 0.3, "repeat the pot"),
                         Reading("whisper", repeat, 0.6, "repeat that"),
                         Reading("spotter", pot, 0.7, "pot")))
    assert asked_instead(decision, pot) == repeat
    agreed = Decision(DecisionKind.ACT, pot, 0.9, "pot", decision.readings)
    assert asked_instead(agreed, pot) == repeat  # Whisper heard the whole question
    position = Intent(IntentKind.QUERY, query=Query.POSITION)
    sure = Decision(DecisionKind.ACT, pot, 0.9, "pot",
                    (Reading("pocketsphinx", position, 0.3, "what's my position"),
                     Reading("whisper", pot, 0.9, "pot"), Reading("spotter", pot, 0.9, "pot")))
    assert asked_instead(sure, pot) is None  # only Whisper's question overrules a sure bet
    what = Decision(DecisionKind.ACT, pot, 0.9, "pot",
                    (Reading("pocketsphinx", pot, 0.8, "pot"),
                     Reading("whisper", repeat, 0.6, "what"), Reading("spotter", pot, 0.9, "pot")))
    assert asked_instead(what, pot) is None  # nor its lone "what?"
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    last = narrator.texts()[-1]
    voice.captured(Captured(pot, 0.3, "repeat the pot", voice.turn, voice.context,
                            asked=voice.asked, question=repeat))
    app.step(FRAME)
    assert narrator.texts()[-1] == last and voice.confirm.pending is None
