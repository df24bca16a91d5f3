"""Keys for a player who cannot see the screen (issue 48, findings 3 and 7): leaving and
quitting by key ask first, as by voice; the pause menu, the yes-or-no dialogs and the
results have a focus moved by Tab, Shift+Tab and the arrows, said as it moves, and Enter
presses it; F1 in a dialog and "what keys can I use" anywhere say the screen's keys; the
goodbye is the last line said."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.input.table_keys import KEYS_SAID
from game.scenes.base import SceneName
from game.scenes.confirm import ConfirmScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from tests.game.helpers import FRAME, press
from tests.game.voice_fakes import FakeNarrator, say
from voice.speak.line import Priority
from voice.speak.narrator import Narrator
from voice.understand.intent import IntentKind, Query


def _paused(app: App, facing_limp: TableScene) -> PauseScene:
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    return pause


def test_the_pause_menus_focus_moves_by_tab_and_is_said(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    _paused(app, facing_limp)
    press(app, pygame.K_TAB)
    assert narrator.texts()[-1] == "Hands, button"
    press(app, pygame.K_DOWN)
    assert narrator.texts()[-1] == "Stats, button"
    press(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    press(app, pygame.K_UP)
    assert narrator.texts()[-1] == "Resume, button"
    press(app, pygame.K_LEFT)  # round to the last
    assert narrator.texts()[-1] == "Quit, button"
    press(app, pygame.K_RETURN)  # Enter presses the focused button: asked first
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Quit the game?"
    assert app.running


@pytest.mark.parametrize("key, question", [(pygame.K_l, "Leave the table?"),
                                           (pygame.K_q, "Quit the game?")])
def test_leaving_and_quitting_from_the_pause_menu_by_key_are_asked(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene, key: int, question: str) -> None:
    _paused(app, facing_limp)
    press(app, key)
    assert isinstance(app.top, ConfirmScene) and app.top.question == question
    assert question in narrator.texts() and app.running
    press(app, pygame.K_ESCAPE)  # no
    assert isinstance(app.top, PauseScene) and app.running


def test_a_yes_or_no_dialogs_focus_is_moved_and_pressed_by_keys(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    _paused(app, facing_limp)
    press(app, pygame.K_l)
    press(app, pygame.K_RIGHT)
    assert narrator.texts()[-1] == "No, button"
    press(app, pygame.K_RETURN)  # No
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_l)
    press(app, pygame.K_RETURN)  # Yes is focused first
    assert isinstance(app.top, StartScene)


def test_f1_in_a_dialog_says_its_keys(app: App, voice: VoiceController,
                                      narrator: FakeNarrator, facing_limp: TableScene) -> None:
    _paused(app, facing_limp)
    press(app, pygame.K_F1)
    keys = narrator.texts()[-1]
    assert keys.startswith("Tab or the arrows move") and "L: Leave table" in keys
    press(app, pygame.K_l)
    press(app, pygame.K_F1)
    keys = narrator.texts()[-1]
    assert "Y: Yes" in keys and "N: No" in keys and "Escape: No" in keys


def test_what_keys_can_i_use_is_answered_on_the_screen_it_is_on(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    say(app, voice, IntentKind.QUERY, query=Query.KEYS)
    assert narrator.texts()[-1] == KEYS_SAID
    app.open(SceneName.START)
    app.step(FRAME)
    say(app, voice, IntentKind.QUERY, query=Query.KEYS)
    keys = narrator.texts()[-1]
    assert keys.startswith("Up and down, or Tab, move") and "Escape: Quit" in keys


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_q])
def test_quitting_the_start_screen_by_key_is_asked(app: App, voice: VoiceController,
                                                    narrator: FakeNarrator, key: int) -> None:
    app.push(StartScene(app))
    app.step(FRAME)
    press(app, key)
    assert app.running and "Quit the game?" in narrator.texts()
    press(app, pygame.K_y)
    assert narrator.texts()[-1].startswith("Goodbye")


def test_quitting_the_results_by_key_is_asked(app: App, voice: VoiceController) -> None:
    app.replace_all(ResultsScene(app, "Sit and Go number 1 is over", ("1st Vera 65 points",)))
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.top, ConfirmScene)


class _Silent:
    """A player that never finishes a line (the narrator is not started here)."""

    def play(self, path: object, line: object) -> None: ...
    def is_busy(self) -> bool:
        return False
    def stop(self) -> None: ...


def test_the_goodbye_is_the_last_line_queued() -> None:
    narrator = Narrator(_Silent())  # type: ignore[arg-type]
    voice = VoiceController(VoiceSettings(), narrator=narrator)
    narrator.say("Doris raised to 60")  # the table's news, still waiting
    narrator.say("10 seconds left", priority=Priority.URGENT)
    assert voice.say_goodbye("Goodbye. You have 1,000 chips")
    said = []
    while (line := narrator.queue.pop()) is not None:
        said.append(line.text)
    assert said == ["Goodbye. You have 1,000 chips"]


def test_nothing_moves_while_the_goodbye_is_said(
        app: App, voice: VoiceController, narrator: FakeNarrator,
        facing_limp: TableScene) -> None:
    still = [True]  # the goodbye is being made ready: not quiet, not yet speaking
    narrator.quiet = lambda: not still[0]  # type: ignore[method-assign]
    app.farewell()
    left = facing_limp.clock.left
    said = len(narrator.said)
    for _ in range(120):
        app.step(FRAME)
    assert facing_limp.clock.left == left and len(narrator.said) == said
    assert narrator.texts()[-1].startswith("Goodbye") and app.running
    still[0] = False
    app.step(FRAME)
    assert not app.running


def test_the_first_run_tour_is_said_and_can_be_skipped_by_key(
        app: App, voice: VoiceController, narrator: FakeNarrator) -> None:
    from game.help.walkthrough import TIPS
    from tests.game.helpers import scripted_table

    scene = scripted_table(app)
    app.step(FRAME)
    assert scene.tour is not None and TIPS[0].said in narrator.texts()
    assert "Say skip the tour" in TIPS[0].said
    press(app, pygame.K_x)
    assert scene.tour is None and narrator.texts()[-1] == "Tour skipped"
    app.step(FRAME)
    assert not [t for t in narrator.texts() if t in {tip.said for tip in TIPS[1:]}]


def test_the_tour_is_skipped_by_voice(app: App, voice: VoiceController,
                                      narrator: FakeNarrator) -> None:
    from tests.game.helpers import scripted_table
    from voice.understand.intent import Control

    scene = scripted_table(app)
    app.step(FRAME)
    say(app, voice, IntentKind.CONTROL, control=Control.SKIP_TOUR)
    app.step(FRAME)
    assert scene.tour is None and narrator.texts()[-1] == "Tour skipped"
    say(app, voice, IntentKind.CONTROL, control=Control.SKIP_TOUR)
    app.step(FRAME)
    assert narrator.texts()[-1] == "There is no tour running"


def test_a_new_help_page_by_key_replaces_the_old_one_still_waiting(app: App) -> None:
    narrator = Narrator(_Silent())  # type: ignore[arg-type]  # not started: lines wait
    app.voice = VoiceController(VoiceSettings(), narrator=narrator)
    app.open(SceneName.HELP)
    app.step(FRAME)
    press(app, pygame.K_RIGHT)
    waiting = [entry[3].text for entry in sorted(narrator.queue._heap)]
    assert "Page 2 of" in " ".join(waiting) and not any(
        t.startswith("Page 1 of") for t in waiting)
