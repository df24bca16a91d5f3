"""No chips from nowhere: a Sit & Go is a freeze-out (no rebuy or top-up by key, click,
voice or settings, and the player is told why), and after every hand the chips add up; a
table whose chips don't is no longer saved and never recorded as a result (issue 36,
item 2)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from engine.table import FREEZE_OUT, Table
from game.app import App
from game.input.commands import Command, Ui, UiCommand
from game.persistence.saving import SaveGame
from game.persistence.sitngo import DB_FILE, STATE_FILE, finish, load_results, read_state
from game.persistence.store import DB_NAME, Store
from game.scenes.rebuy import RebuyScene
from game.scenes.table import TableScene
from game.settings.model import GameSettings
from game.table.sitngo import seat_sit_and_go
from game.voicectl.requests import run_control
from tests.game.helpers import (
    FRAME,
    click,
    press,
    run_until,
    scripted_table,
    sit_and_go_from_start,
)
from tests.game.saved import new_session, play_hands
from tests.game.test_sitngo_records import autoplay_sng, play
from voice.understand.intent import Control


def _sit_and_go(app: App) -> TableScene:
    return sit_and_go_from_start(app)


def _no_rebuy_follows(app: App, scene: TableScene) -> None:
    """The refusal is on screen, nothing is queued, and the hand break opens no dialog."""
    assert scene.message == FREEZE_OUT and scene.message_error
    assert not scene.rebuy_requested
    hands = scene.session.hand_number
    run_until(app, lambda: scene.session.hand_number > hands
              or isinstance(app.top, RebuyScene), limit=100_000)
    assert not isinstance(app.top, RebuyScene)
    sng = scene.session.tournament
    assert sng is not None and scene.session.table.bought_in == sng.total_chips


def test_b_in_a_sit_and_go_says_it_is_a_freeze_out(app: App) -> None:
    scene = _sit_and_go(app)
    assert not scene.model.can_rebuy  # the button is drawn off
    press(app, pygame.K_b)
    _no_rebuy_follows(app, scene)


def test_clicking_rebuy_in_a_sit_and_go_says_it_is_a_freeze_out(app: App) -> None:
    scene = _sit_and_go(app)
    click(app, "rebuy")
    _no_rebuy_follows(app, scene)


class _Voice:
    """The answering side of the voice controller, keeping what it says."""

    narrator = None
    bots_muted = False

    def __init__(self) -> None:
        self.said: list[str] = []

    def clock(self) -> float:
        return 0.0

    def reply(self, text: str, now: float) -> None:
        self.said.append(text)

    def post(self, call: object) -> None:
        raise AssertionError("nothing to post")


def test_saying_rebuy_in_a_sit_and_go_says_it_is_a_freeze_out(app: App) -> None:
    scene = _sit_and_go(app)
    voice = _Voice()
    run_control(voice, Control.REBUY, app, scene, 0.0)
    assert voice.said == [FREEZE_OUT]  # answered by the voice itself, at once
    scene.message, scene.message_error = FREEZE_OUT, True
    app.step(FRAME)
    _no_rebuy_follows(app, scene)


@pytest.mark.parametrize("words", ["rebuy", "top up", "top me up", "re buy", "add chips"])
def test_rebuy_and_top_up_by_voice_get_the_freeze_out_reason(app: App, words: str) -> None:
    """Said as the player says them, parsed as the game parses them, answered aloud with
    the reason (never "Sorry, I didn't catch that", never silence)."""
    from voice.understand.parse import parse

    scene = _sit_and_go(app)
    intent = parse(words, None)
    assert intent.control is Control.REBUY
    voice = _Voice()
    run_control(voice, intent.control, app, scene, 0.0)
    assert voice.said == [FREEZE_OUT]
    app.step(FRAME)
    assert not scene.rebuy_requested


def test_a_rebuy_heard_by_one_ear_in_a_sit_and_go_is_refused_not_asked(app: App) -> None:
    """Unsure of "rebuy", the game would ask "Rebuy? Say yes or no" before refusing it:
    a command the table refuses is answered with why at once."""
    from game.settings.model import VoiceSettings
    from game.voicectl.controller import VoiceController
    from voice.understand.intent import Intent, IntentKind

    scene = _sit_and_go(app)
    voice = VoiceController(VoiceSettings())
    app.voice = voice
    app.step(FRAME)
    voice.hear(Intent(IntentKind.CONTROL, control=Control.REBUY), 0.3, "rebuy")
    app.step(FRAME)
    assert voice.panel.say_back == FREEZE_OUT and voice.confirm.pending is None
    assert not scene.rebuy_requested


def test_rebuy_by_voice_at_the_cash_table_still_asks_for_the_top_up(app: App) -> None:
    scene = scripted_table(app, stacks=(500, 1000, 1000, 1000))
    voice = _Voice()
    run_control(voice, Control.REBUY, app, scene, 0.0)
    app.step(FRAME)
    assert voice.said == [] and scene.rebuy_requested


def test_the_auto_rebuy_setting_adds_nothing_in_a_sit_and_go(tmp_path: Path) -> None:
    seated, _, _ = seat_sit_and_go(GameSettings(auto_rebuy=True), 4, autoplay=True,
                                   folder=tmp_path)
    sng = seated.session.tournament
    assert sng is not None
    play(seated, 1000)
    assert sng.finished and seated.session.table.bought_in == sng.total_chips
    seated.session.save.close()


def test_the_cash_table_still_tops_up_on_b(app: App) -> None:
    scene = scripted_table(app, stacks=(500, 1000, 1000, 1000))
    press(app, pygame.K_b)
    assert scene.rebuy_requested


# ------------------------------------------------------------------ the chips add up

def _tamper(table: Table) -> None:
    """Chips from nowhere, as a bug or an edited file would put them there."""
    seat = next(p for p in table.seats if p is not None)
    seat.stack += 1_000_000


def test_a_sit_and_go_whose_chips_dont_add_up_is_never_recorded(tmp_path: Path) -> None:
    seated = autoplay_sng(tmp_path)
    play(seated, 2)
    session = seated.session
    assert session.save.active and session.chips_problem() is None
    _tamper(session.table)
    assert session.chips_problem() == (
        "The chips don't add up: 1,006,000 in play in a Sit & Go of 6,000")
    state_before = read_state(tmp_path)
    play(seated, 1)
    assert not session.save.active
    assert any("The chips don't add up" in n and "nothing from it counts as a result" in n
               for n in session.save.take_notices())
    assert read_state(tmp_path) == state_before  # its progress was not written on
    play(seated, 100_000)
    sng = session.tournament
    assert sng is not None and sng.finished
    assert load_results(tmp_path) == []  # no place, no points, no career line


def test_a_result_that_doesnt_add_up_is_refused_at_the_door(tmp_path: Path) -> None:
    seated = autoplay_sng(tmp_path)
    sng = seated.session.tournament
    assert sng is not None
    _tamper(sng.table)
    said = finish(sng, 0, "You", autopilot=True, folder=tmp_path)
    assert said is not None and "not recorded" in said
    assert load_results(tmp_path) == [] and (tmp_path / STATE_FILE).exists()
    seated.session.save.close()


def test_a_saved_sit_and_go_whose_chips_dont_add_up_is_refused(tmp_path: Path) -> None:
    seated = autoplay_sng(tmp_path)
    play(seated, 2)
    seated.session.save.close()
    with sqlite3.connect(tmp_path / DB_FILE) as db:  # an edited save file
        db.execute("UPDATE seats SET stack = stack + 19999998470 WHERE seat = 0")
    again, notices, _ = seat_sit_and_go(GameSettings(), 2, autoplay=True, folder=tmp_path)
    assert any("The saved Sit & Go's chips don't add up" in n for n in notices)
    sng = again.session.tournament  # rebuilt from its hands, the edit left out
    assert sng is not None and sng.hands == 2 and sng.chips_conserved()
    assert again.session.save.active
    again.session.save.close()


def test_a_cash_table_whose_chips_dont_add_up_stops_saving(tmp_path: Path) -> None:
    save = SaveGame.open(Store.open(tmp_path / DB_NAME))
    session = new_session(save)
    play_hands(session, 1)
    _tamper(session.table)
    play_hands(session, 1)
    assert not save.active
    notices = save.take_notices()
    assert any(n.startswith("The chips don't add up: 1,006,000 on the table and 0 cashed "
                            "out or raked, 6,000 bought in") for n in notices)
    with Store.open(tmp_path / DB_NAME) as store:
        assert len(store.hands()) == 1  # the hand that broke it was not kept as played
    save.close()


def _submit(app: App, command: Command) -> None:
    app.submit(command)
    app.step(FRAME)


def test_the_rebuy_dialog_cannot_add_chips_in_a_sit_and_go(app: App) -> None:
    scene = _sit_and_go(app)
    run_until(app, lambda: scene.session.hand is None, limit=100_000)
    dialog = RebuyScene(app, scene.session, 0, lambda amount: None)
    app.push(dialog)
    _submit(app, UiCommand(Ui.CONFIRM))
    assert dialog.error == FREEZE_OUT and scene.session.table.bought_in == 6000

