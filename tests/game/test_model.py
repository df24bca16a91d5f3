"""The pure parts: the display replays events to the engine's exact chips, the presenter
paces them, the clock counts down with its bank, the input mapper's click rule."""

from __future__ import annotations

import random

import pygame

from bots.api import create_bot
from engine.table import Table, TableConfig
from engine.view import view_of
from game.input.commands import ActCommand, UiCommand
from game.input.mapper import Bindings, Hit, InputMapper
from game.table.clock import TurnClock
from game.table.presenter import Presenter
from game.table.view import TableDisplay


def test_display_matches_engine_stacks_after_every_hand_of_a_bot_session() -> None:
    rng = random.Random(4)
    table = Table(TableConfig.level(1))
    bots = {}
    for seat, kind in enumerate(("maniac", "station", "random", "callbot")):
        table.sit(seat, kind, rng.choice((200, 500, 1000)), auto_rebuy=True)
        bots[seat] = create_bot(kind, random.Random(seat), think=False)
    display = TableDisplay.empty(0, 4)
    presenter = Presenter(display)
    for _ in range(60):
        hand = table.start_hand(rng)
        presenter.push(list(hand.events))
        presenter.update(0.05)
        while not hand.finished:
            seat = hand.to_act
            presenter.push(hand.apply(bots[seat].decide(view_of(hand, seat))))
            presenter.update(0.05)
        presenter.flush()
        assert not display.mismatch
        assert [s.stack for s in display.seats] == list(hand.stacks)
        assert display.pot_total == 0
        table.end_hand()


def test_presenter_paces_events_and_reports_each_once() -> None:
    rng = random.Random(1)
    table = Table(TableConfig.level(1))
    for seat in range(4):
        table.sit(seat, f"P{seat}", 1000)
    hand = table.start_hand(rng)
    presenter = Presenter(TableDisplay.empty(0, 4))
    presenter.push(list(hand.events))
    seen = []
    steps = 0
    while presenter.busy:
        seen += presenter.update(1 / 60)
        steps += 1
    assert seen == list(hand.events)
    assert steps > 30  # blinds and the deal take visible time


def test_turn_clock_spends_action_time_then_the_bank() -> None:
    clock = TurnClock(30, 15)
    clock.new_hand()
    clock.start()
    assert not clock.tick(29.5) and not clock.in_bank
    assert not clock.tick(1.0) and clock.in_bank and abs(clock.bank - 14.5) < 1e-9
    assert not clock.warning
    assert not clock.tick(4.5) and clock.warning  # ten seconds left in all
    assert clock.tick(10.0)
    clock.start()  # the bank is spent for this hand
    assert clock.tick(30.0)
    clock.new_hand()
    assert clock.bank == 1.5  # a tenth back at the next hand, not the whole bank


def test_turn_clock_off_never_expires() -> None:
    clock = TurnClock(0, 15)
    clock.new_hand()
    clock.start()
    assert not clock.running and not clock.tick(1000)


def test_a_click_needs_press_and_release_on_the_same_control() -> None:
    a = Hit(pygame.Rect(0, 0, 50, 50), UiCommand("pause"), "a")  # type: ignore[arg-type]
    b = Hit(pygame.Rect(100, 0, 50, 50), UiCommand("rebuy"), "b")  # type: ignore[arg-type]
    bindings = Bindings(hits=[a, b])
    mapper = InputMapper()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)
    up_elsewhere = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(110, 10), button=1)
    assert mapper.translate(down, bindings) == []
    assert mapper.translate(up_elsewhere, bindings) == []
    up_here = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1)
    mapper.translate(down, bindings)
    assert mapper.translate(up_here, bindings) == [a.command]


def test_act_commands_name_their_seat() -> None:
    from engine.actions import Action, ActionKind
    cmd = ActCommand(2, Action(2, ActionKind.FOLD), "voice")
    assert cmd.seat == cmd.action.seat == 2
