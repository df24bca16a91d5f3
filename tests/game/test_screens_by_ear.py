"""Every screen around the table speaks and listens: the pause menu, settings, help,
stats, the career page and the replayer say themselves when they open, moving by key
says the focused item, and their items and values are commands by voice."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.base import Opening, SceneName
from game.scenes.help import HelpScene
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene
from game.voicectl.listening import Captured
from tests.game.ear import Ear
from tests.game.helpers import FRAME, press
from voice.understand.parse import parse


@pytest.fixture
def start(app: App, ear: Ear) -> Ear:
    app.open(SceneName.START, Opening(seed=7))
    ear.wait()
    ear.new()
    return ear


def test_moving_by_key_says_the_focused_item_and_its_value(app: App, start: Ear) -> None:
    press(app, pygame.K_DOWN)
    start.run(lambda: True)
    assert start.new() == ["Buy-in: 100 big blinds, 1,000 chips"]
    press(app, pygame.K_RIGHT)  # the value changes: said again
    start.run(lambda: True)
    assert start.new() == ["Buy-in: 20 big blinds, 200 chips"]


def test_what_can_i_say_answers_for_the_screen_it_is_asked_on(app: App, start: Ear) -> None:
    said = start.say("what can I say")
    assert said[0].startswith("You can say sit down") and "quit the game" in said[0]
    said = start.say("where am I")
    assert said == ["Hold'em, the start screen. Blinds: level 1, 5 and 10."]
    start.say("sit down")
    start.say("pause")
    said = start.say("what can I say")
    assert said[0].startswith("You can say resume, leave the table")


def test_pause_and_resume_by_voice_are_said(app: App, start: Ear) -> None:
    start.say("sit down")
    said = start.say("pause")
    assert said[0] == "Paused." and said[1].startswith("The clock is stopped. You have")
    said = start.say("resume")
    assert isinstance(app.top, TableScene)
    assert said[0].startswith("Back at the table. Your turn:")  # still the player's turn


def test_settings_by_voice_from_the_pause_menu(app: App, start: Ear) -> None:
    start.say("sit down")
    start.say("pause")
    said = start.say("open settings")
    assert isinstance(app.top, SettingsScene) and said[0] == "Settings."
    assert start.say("voice volume fifty") == ["Voice volume: 50 percent"]
    assert app.settings.voice_volume == 0.5
    assert start.say("push to talk on") == ["Push-to-talk: On: hold V or the middle button"]
    assert app.settings.voice.push_to_talk
    assert start.say("headphones")[-1].startswith("Sound out: Headphones")
    assert app.settings.voice.headphones
    refused = start.say("voice volume two hundred")
    assert refused == ["A volume is 0 to 100 percent"]
    start.say("cancel")
    assert app.top.describe().scene == "pause"


def test_help_is_heard_page_by_page(app: App, start: Ear) -> None:
    said = start.say("open the help")
    assert isinstance(app.top, HelpScene)
    assert said[:2] == ["Help: what you can say.", f"Page 1 of {len(app.top.spoken_pages())}."]
    assert said[2].startswith("Fold: say fold or I'm out")
    said = start.say("next page")
    assert said[0] == f"Page 2 of {len(app.top.spoken_pages())}."
    start.say("cancel")
    assert app.top.describe().scene == "start"


@pytest.mark.parametrize(("asked", "title"), [("open my stats", "Stats."),
                                               ("open my career", "Career."),
                                               ("open the hand history", "Hand replayer.")])
def test_stats_career_and_the_replayer_say_a_short_summary(app: App, start: Ear, asked: str,
                                                           title: str) -> None:
    said = start.say(asked)
    assert said[0] == title and len(said) >= 2
    start.say("cancel")
    assert app.top.describe().scene == "start"


def test_a_value_said_on_the_start_screen_sets_its_row(app: App, start: Ear) -> None:
    assert start.say("shark") == ["Table strength: Shark (level 5)"]
    assert start.say("seat three rock") == ["Seat 3 (across): Mortimer (rock)"]
    assert app.settings.bots[1] == "rock"
    assert start.say("buy in fifty big blinds") == ["Buy-in: 50 big blinds, 500 chips"]
    assert start.say("level nine") == ["The blind level is 1 to 5"]
    assert (app.settings.strength, app.settings.buy_in_bb) == (5, 50)


def test_a_screen_left_before_it_was_read_out_is_not_read_after(
        app: App, start: Ear, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pause, then resume at once: the pause menu's "Say resume, leave the table..." is
    not said at the table after "Back at the table" (it was, late, before)."""
    from tests.game import ear as ear_module

    start.say("sit down")
    monkeypatch.setattr(ear_module, "LINE_SECONDS", 0.3)  # the pause menu's lines wait
    voice = start.voice
    voice.captured(Captured(parse("pause", voice.context), 0.95, "pause", voice.turn,
                            voice.context))
    for _ in range(30):  # the pause menu opens; its lines are still being said
        app.step(FRAME)
        start.clock.t += FRAME
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_ESCAPE)
    monkeypatch.setattr(ear_module, "LINE_SECONDS", 0.004)
    start.run(lambda: isinstance(app.top, TableScene) and start.waiting())
    said = [(r["scene"], r["text"]) for r in start.records() if r["spoken"]]
    back = next(i for i, (_, text) in enumerate(said) if text.startswith("Back at the table"))
    assert all(scene != "pause" for scene, _ in said[back:]), said[back:]
    dropped = [r["text"] for r in start.records() if r["scene"] == "pause" and not r["spoken"]]
    assert any(text.startswith("Say resume") for text in dropped)
