"""A whole session played eyes closed: by voice alone, with what the game says (its
speech log) as the only way to know what happens. The start screen, a few hands with
questions, a bust and a rebuy, a Sit & Go to its results, leaving the table and
quitting: every step is heard, and nothing said holds a symbol."""

from __future__ import annotations

import pytest

from game.app import App
from game.scenes.base import Opening, SceneName
from game.scenes.table import TableScene
from tests.game.ear import Ear
from tests.game.helpers import all_in_and_lose
from voice.speak.ear import has_symbols


def at_table(app: App) -> TableScene:
    scene = app.table()
    assert scene is not None
    scene.seats.think_scale = 0.01
    return scene


def test_the_start_screen_says_itself_and_sit_down_sits_down(app: App, ear: Ear) -> None:
    app.open(SceneName.START, Opening(seed=7))
    ear.wait()
    opening = ear.new()
    assert opening[0] == "Hold'em, the start screen."
    assert any("sit down" in line for line in opening)
    said = ear.say("level two")
    assert said == ["Blinds: level 2, 10 and 20"]
    said = ear.say("sit down")
    assert isinstance(app.top, TableScene) and app.top.session.config.big_blind == 20
    assert any(line.startswith("New hand. You have") for line in said)


def test_a_session_eyes_closed_from_the_start_screen_to_goodbye(app: App, ear: Ear) -> None:
    app.open(SceneName.START, Opening(seed=7))
    ear.say("sit down")
    at_table(app)
    for question in ("what's my position", "who's still in", "what's the minimum raise",
                     "how much time do I have", "what happened this hand", "where am I"):
        answered = ear.say(question)
        assert answered, question  # every question gets an answer
    for _ in range(3):
        ear.say("call")
    assert ear.say("repeat")
    asked = ear.say("leave the table")
    assert asked[0] == "Leave the table?"  # its title, then the chips, then yes or no
    assert any(line.startswith("You have") for line in asked)
    left = ear.say("yes")
    assert any(line.startswith("You leave with") for line in left)
    asked = ear.say("quit the game")
    assert asked[0] == "Quit the game?"
    bye = ear.say("yes")
    assert not app.running
    assert bye and bye[-1].startswith("Goodbye. You left the table with") and "chips" in bye[-1]
    assert not [line for line in ear.spoken() if has_symbols(line)]


def test_a_bust_and_a_rebuy_by_voice(app: App, ear: Ear) -> None:
    scene = all_in_and_lose(app)
    # Until the rebuy screen has been read (a frame after it opens) and all of it said.
    ear.run(lambda: app.top.describe().scene == "rebuy" and ear.waiting())
    heard = ear.new()
    assert any(line.startswith("You're out of chips") for line in heard) and "Rebuy." in heard
    assert any(line.startswith("Add 1,000 chips") for line in heard)
    assert any(line.startswith("You may add") for line in heard)  # the limits said
    said = ear.say("rebuy for five hundred")
    assert said == ["Add: 500 chips, your stack would be 500"]
    ear.say("yes")
    assert app.top is scene and scene.session.stacks()[0] == 500
    assert ear.voice.confirm.pending is None


def test_quit_in_the_rebuy_dialog_asks_to_quit(app: App, ear: Ear) -> None:
    all_in_and_lose(app)
    ear.run(lambda: app.top.describe().scene == "rebuy" and ear.waiting())
    asked = ear.say("quit")
    assert asked[0] == "Quit the game?"
    ear.say("no")
    assert app.running and app.top.describe().scene == "rebuy"


def test_a_sit_and_go_to_its_results_by_voice(app: App, ear: Ear,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.scenes.sitngo_desk.WATCH_SPEED", 100.0)  # out: the rest fast
    app.open(SceneName.START, Opening(seed=5))
    ear.say("sit and go")
    scene = at_table(app)
    assert scene.session.tournament is not None
    for _ in range(40):  # all in every turn: out, or every chip won (seed 5: 7 turns)
        if not isinstance(app.top, TableScene) or scene.desk is None \
                or scene.desk.knocked_out_me(scene.session.knockouts):
            break
        said = ear.say("all in")
        if any("you can only call" in line for line in said):
            ear.say("call")  # everyone else is all in: nothing left to raise
        elif ear.voice.confirm.phase.name == "QUESTION":
            ear.say("yes")
    ear.run(lambda: app.top.describe().scene == "results", seconds=60)
    heard = ear.spoken()
    title = next(i for i, line in enumerate(heard) if "is over" in line)
    places = heard[title + 1:title + 5]
    assert [line.split()[0] for line in places] == ["1st", "2nd", "3rd", "4th"]
    assert all(line.endswith("points.") for line in places)
    ear.say("quit the game")
    bye = ear.say("yes")
    assert not app.running and bye[-1].startswith("Goodbye")
