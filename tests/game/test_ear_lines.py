"""Lines for the ear (issue 40, finding 8): every line the narrator is given, in a played
session, is written to be heard: no symbol ("·", "×", "/", "…", "&"), nothing the ear's
last guard (voice/speak/ear.py for_the_ear) would change; amounts, blinds and results
said as a person says them."""

from __future__ import annotations

import pygame

from engine.actions import ActionKind
from game.app import App, table_scene
from game.input.commands import Ui, UiCommand
from game.scenes.base import Opening, SceneName
from game.settings.model import VoiceSettings
from game.table.factory import new_table
from game.table.sitngo import seat_sit_and_go
from game.voicectl.controller import VoiceController
from tests.game.helpers import (
    FRAME,
    all_in_and_lose,
    bot,
    press,
    run_until,
    scripted_table,
    to_act,
)
from tests.game.voice_fakes import Clock, FakeNarrator, say
from voice.speak.ear import for_the_ear, has_symbols
from voice.understand.intent import Control, IntentKind, Query

QUIET_CONTROLS = (Control.CANCEL, Control.SIT_IN, Control.DEAL, Control.MUTE_BOTS,
                  Control.UNMUTE_BOTS, Control.SIT_DOWN, Control.REBUY)


def not_for_the_ear(lines: list[str]) -> list[str]:
    """The lines holding a symbol, or anything the ear's guard would change."""
    return [line for line in lines if has_symbols(line) or for_the_ear(line) != line]


def autoplay(app: App, hands: int, seed: int) -> FakeNarrator:
    """A bot in the player's chair plays ``hands`` hands, narrated (as ``--autoplay``
    with ``--speech-log``: the voice narrates and does not listen)."""
    narrator = FakeNarrator()
    app.voice = VoiceController(VoiceSettings(), narrator=narrator,  # type: ignore[arg-type]
                                listens=False)
    app.settings = app.settings.with_(speed=8.0)
    seated = new_table(app.settings, seed, autopilot_kind="shark", think_scale=0.01)
    app.replace_all(table_scene(app, seated))
    run_until(app, lambda: app.hands >= hands, limit=60_000)
    return narrator


def test_an_autoplayed_session_is_narrated_with_no_symbol(app: App) -> None:
    narrator = autoplay(app, 12, seed=4)
    texts = narrator.texts()
    assert any(t.startswith("New hand. You have") for t in texts)  # the table is narrated
    assert any(" wins " in t or " win " in t for t in texts)
    assert not_for_the_ear(texts) == [], not_for_the_ear(texts)


def test_every_question_command_and_refusal_is_said_with_no_symbol(app: App) -> None:
    clock, narrator = Clock(), FakeNarrator()
    voice = VoiceController(VoiceSettings(grace_seconds=1.0), clock=clock,
                            narrator=narrator)  # type: ignore[arg-type]
    app.voice = voice
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    for query in Query:
        if query is not Query.ODDS:  # the coach's sentence is its own test's
            say(app, voice, IntentKind.QUERY, query=query)
    for control in QUIET_CONTROLS:
        say(app, voice, IntentKind.CONTROL, control=control)
    say(app, voice, IntentKind.RAISE, 5)  # refused: below the minimum
    say(app, voice, IntentKind.ALLIN)  # asked
    say(app, voice, IntentKind.DENY)
    press(app, pygame.K_a)  # the all-in key asks first
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_c)
    bot(app, scene, 1, ActionKind.CALL)
    for seat in (2, 1, 2, 3):  # to the flop, where checking is free
        bot(app, scene, seat, ActionKind.CHECK)
    to_act(app, scene, 0)
    press(app, pygame.K_f)  # folding when checking is free asks first
    press(app, pygame.K_c)
    scene.handle(UiCommand(Ui.SIT_OUT))
    scene.handle(UiCommand(Ui.SIT_OUT))
    texts = narrator.texts()
    assert any("Minimum" in t for t in texts) and any("checking is free" in t for t in texts)
    assert not_for_the_ear(texts) == [], not_for_the_ear(texts)


def test_a_bust_and_the_rebuy_dialog_are_said_with_no_symbol(app: App) -> None:
    narrator = FakeNarrator()
    app.voice = VoiceController(VoiceSettings(), narrator=narrator)  # type: ignore[arg-type]
    scene = all_in_and_lose(app)
    run_until(app, lambda: app.top is not scene)  # the rebuy dialog
    app.step(FRAME)
    texts = narrator.texts()
    assert any("out of chips" in t for t in texts)
    assert not_for_the_ear(texts) == [], not_for_the_ear(texts)


def test_an_autoplayed_sit_and_go_is_narrated_with_no_symbol(app: App) -> None:
    narrator = FakeNarrator()
    app.voice = VoiceController(VoiceSettings(), narrator=narrator,  # type: ignore[arg-type]
                                listens=False)
    app.settings = app.settings.with_(speed=60.0)
    seated, notices, _ = seat_sit_and_go(app.settings, 3, speed="turbo", autoplay=True,
                                         think_scale=0.001)
    scene = table_scene(app, seated)
    app.replace_all(scene)
    for notice in notices:
        scene.tell(notice, error=True)
    run_until(app, lambda: not app.running, limit=40_000)  # autoplay stops at the end
    texts = narrator.texts()
    assert any(t.startswith("Blinds up") for t in texts)
    assert any("knocked out" in t for t in texts)
    assert not_for_the_ear(texts) == [], not_for_the_ear(texts)


def test_every_screen_is_said_with_no_symbol(app: App) -> None:
    narrator = FakeNarrator()
    voice = VoiceController(VoiceSettings(), narrator=narrator)  # type: ignore[arg-type]
    app.voice = voice
    scene = scripted_table(app)
    to_act(app, scene, 3)
    openings = {SceneName.PAUSE: Opening(session=scene.session, seat=0),
                SceneName.REBUY: Opening(session=scene.session, seat=0,
                                         on_added=lambda amount: None),
                SceneName.CONFIRM: Opening(name="leave", question="Leave the table?",
                                           notice="You have 1,000 chips. Say yes or no.",
                                           on_yes=lambda: None),
                SceneName.NOTES: Opening(session=scene.session, seat=1,
                                         on_note=lambda text: None),
                SceneName.RESULTS: Opening(notice="Sit and Go 3 is over",
                                           lines=("1st Vera 65 points", "2nd You 35 points"))}
    said: list[str] = []
    for name in SceneName:
        if name in (SceneName.TABLE, SceneName.RESULTS, SceneName.START):
            continue
        app.open(name, openings.get(name))
        screen = app.top
        for _ in range(12):  # every item in focus in turn
            press(app, pygame.K_DOWN)
        desc = screen.describe()
        said += [desc.can_say(), desc.where(), *desc.opening(),
                 *(item.said() for item in desc.items)]
        if screen in app.scenes and screen is not scene:
            app.pop(screen)
        app.step(FRAME)
    app.open(SceneName.RESULTS, openings[SceneName.RESULTS])
    app.step(FRAME)
    app.open(SceneName.START)
    for _ in range(12):
        press(app, pygame.K_DOWN)
    texts = narrator.texts() + said
    assert any(t.startswith("Paused") for t in texts)
    assert not_for_the_ear(texts) == [], not_for_the_ear(texts)
