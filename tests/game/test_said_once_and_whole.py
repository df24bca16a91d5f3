"""The end of a Sit & Go and the table's status, for the ear (issue 48, findings 5 and
10): a status repeated with nothing between is said once; a catch-up never cuts a line of
facts (the results) to its first word; a freeze-out never says "rebuy"; "what can I say"
at the table gives the actions, then the questions and the table's commands; "New table"
over a saved one says its question (finding 4)."""

from __future__ import annotations

import pygame

from engine.table import PlayerBusted
from game.app import App
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from tests.game.helpers import FRAME, press, sit_and_go_from_start
from tests.game.voice_fakes import FakeNarrator, say
from voice.speak.backlog import SpeechQueue
from voice.speak.narrator import Narrator
from voice.speak.recap import folded
from voice.understand.intent import IntentKind, Query


class _Silent:
    def play(self, path: object, line: object) -> None: ...
    def is_busy(self) -> bool:
        return False
    def stop(self) -> None: ...


def _queued() -> tuple[VoiceController, Narrator]:
    narrator = Narrator(_Silent())  # type: ignore[arg-type]  # not started: lines wait
    return VoiceController(VoiceSettings(), narrator=narrator), narrator


def test_a_status_repeated_with_nothing_between_is_said_once(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    for _ in range(5):
        facing_limp.say("Waiting for players", error=True)
    assert narrator.texts().count("Waiting for players") == 1
    say(app, voice, IntentKind.QUERY, query=Query.POT)  # something said between
    facing_limp.say("Waiting for players", error=True)
    assert narrator.texts().count("Waiting for players") == 2


def test_a_catch_up_keeps_the_results_whole() -> None:
    voice, narrator = _queued()
    results = "Results: 1st Vera 65 points; 2nd You 40 points; 3rd Doris 25 points"
    voice.news("Vera wins the Sit and Go")
    voice.news(results)
    voice.news("You're out of chips: rebuy to keep playing")
    lines = list(narrator.queue._heap)  # as queued, before any fold
    briefs = [entry[3].short for entry in sorted(lines)]
    assert briefs == ["Vera wins the Sit and Go", results, "You're out of chips"]
    assert results in folded([entry[3] for entry in sorted(lines)])


def test_results_folded_by_the_queue_are_said_whole() -> None:
    now = [0.0]
    queue = SpeechQueue(clock=lambda: now[0])
    narrator = Narrator(_Silent(), speech_queue=queue)  # type: ignore[arg-type]
    voice = VoiceController(VoiceSettings(), narrator=narrator)
    voice.news("Vera knocked out Doris in 3rd place")
    voice.news("Results: 1st Vera 65 points; 2nd You 40 points")
    now[0] = 10.0  # fallen behind: folded into one catch-up line
    line = queue.pop()
    assert line is not None and "1st Vera 65 points; 2nd You 40 points" in line.text


def test_a_freeze_out_never_says_rebuy(app: App, voice: VoiceController,
                                       narrator: FakeNarrator) -> None:
    scene = sit_and_go_from_start(app)
    app.step(FRAME)
    scene.loop._table_events([PlayerBusted(scene.me)])
    assert not [t for t in narrator.texts() if "rebuy" in t.lower()]


def test_what_can_i_say_at_the_table_gives_questions_and_commands(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.QUERY, query=Query.HELP)
    said = narrator.texts()[-1]
    assert said.startswith("You can say fold, call 10")
    for phrase in ("what's the pot", "what happened this hand", "repeat", "pause",
                   "leave the table", "what keys can I use"):
        assert phrase in said, phrase
    assert said.index("fold") < said.index("what's the pot") < said.index("pause")


def test_new_table_over_a_saved_one_says_its_question(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    from tests.game.test_table_fixes import _saved_table

    _saved_table(app)
    start = app.top
    assert isinstance(start, StartScene) and start.can_continue
    app.step(FRAME)
    press(app, pygame.K_n)
    assert "Close your saved table?" in narrator.texts()
    assert narrator.texts()[-1] == "Say yes or no"


def test_the_start_screen_says_the_saved_table_and_a_waiting_sit_and_go_for_the_ear(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    from game.settings.model import GameSettings
    from game.table.sitngo import seat_sit_and_go
    from tests.game.test_sitngo_records import play
    from tests.game.test_table_fixes import _saved_table

    _saved_table(app)
    app.step(FRAME)
    saved = [t for t in narrator.texts() if t.startswith("Your saved table")]
    assert saved and saved[-1].startswith("Your saved table: you have ")
    assert " has " in saved[-1] and "·" not in saved[-1]
    seated, _, _ = seat_sit_and_go(GameSettings(), 4)
    play(seated, 2)
    seated.session.save.close()
    app.replace_all(StartScene(app))
    app.step(FRAME)
    said = " ".join(narrator.texts())
    assert "say sit and go, or press S" in said and "(S)" not in said


def test_counts_agree_with_their_nouns() -> None:
    from game.scenes.spoken import counted

    assert (counted(1, "hand"), counted(2, "session"), counted(1204, "hand")) == (
        "1 hand", "2 sessions", "1,204 hands")


def test_a_turn_in_a_hand_whose_deal_was_not_said_names_the_cards(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    """Continuing a saved table mid-hand said only "Your turn: 376 to call"."""
    view = facing_limp.session.view(0)
    assert view is not None and view.hole is not None
    resumed = VoiceController(VoiceSettings(), narrator=narrator)  # type: ignore[arg-type]
    resumed.your_turn(view)  # its deal was never said (the hand came from the save)
    line = narrator.texts()[-1]
    assert line.startswith("You have ") and line.endswith("Your turn: 10 to call, pot 25")
    resumed.your_turn(view)
    assert narrator.texts()[-1] == "Your turn"  # said once: the cards are known now
