"""The grace window and the confirmation questions, with an injected clock."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action, ActionKind
from engine.state import HandState
from tests.engine.util import act, deal
from voice.confirm import (
    ConfirmController,
    ConfirmPolicy,
    Effect,
    EffectKind,
    Heard,
    Phase,
    acts_without_asking,
)
from voice.understand.intent import Control, Intent, IntentKind, Query
from voice.understand.parse import parse

SEAT = 3


def preflop() -> HandState:
    return deal([1000] * 4)  # seat 3 to act, 10 to call


def controller(policy: ConfirmPolicy | None = None, turn: int = 7) -> ConfirmController:
    c = ConfirmController(SEAT, policy or ConfirmPolicy())
    c.set_turn(turn)
    return c


def heard(text: str, state: HandState | None = None, *, confidence: float = 0.9,
          turn: int = 7, seat: int = SEAT) -> Heard:
    ctx = (state or preflop()).betting_context()
    return Heard(seat, turn, parse(text, ctx), confidence, ctx, text)


def said(effects: list[Effect]) -> list[str]:
    return [e.text for e in effects if e.kind is EffectKind.SAY]


def applied(effects: list[Effect]) -> list[Action]:
    return [e.action for e in effects if e.kind is EffectKind.APPLY and e.action is not None]


def test_an_action_is_said_back_then_applied_after_the_grace_window() -> None:
    c = controller()
    assert said(c.hear(heard("raise to two hundred"), 10.0)) == ["Raise to 200"]
    assert c.tick(11.4) == []
    effects = c.tick(11.5)
    assert applied(effects) == [Action(SEAT, ActionKind.RAISE, 200)]
    assert preflop().can(applied(effects)[0])
    assert c.phase is Phase.IDLE


def test_a_call_names_its_amount() -> None:
    assert said(controller().hear(heard("call"), 0.0)) == ["Call 10"]


def test_cancel_wait_and_no_undo_it_in_the_grace_window() -> None:
    for word in ("cancel", "wait", "no", "hold on"):
        c = controller()
        c.hear(heard("call"), 0.0)
        assert said(c.hear(heard(word), 1.0)) == ["Cancelled"], word
        assert c.tick(5.0) == []


def test_a_click_undoes_it_in_the_grace_window() -> None:
    c = controller()
    c.hear(heard("call"), 0.0)
    assert said(c.click(0.5)) == ["Cancelled"]
    assert c.tick(5.0) == []


def test_yes_in_the_grace_window_applies_at_once() -> None:
    c = controller()
    c.hear(heard("call"), 0.0)
    assert applied(c.hear(heard("yes"), 0.3)) == [Action(SEAT, ActionKind.CALL)]


def test_a_new_action_in_the_grace_window_replaces_the_old() -> None:
    c = controller()
    c.hear(heard("call"), 0.0)
    c.hear(heard("raise to eighty"), 1.0)
    assert c.tick(1.6) == []
    assert applied(c.tick(2.5)) == [Action(SEAT, ActionKind.RAISE, 80)]


def test_an_amount_cut_by_a_pause_is_joined() -> None:
    # "raise to one hundred" ... "and sixty": the gate closed at the pause; the rest of
    # the amount arrives inside the grace window and the two are one raise, never 100.
    c = controller()
    assert said(c.hear(heard("raise to one hundred"), 0.0)) == ["Raise to 100"]
    assert said(c.hear(heard("and sixty", confidence=0.8), 0.6)) == ["Raise to 160"]
    assert c.tick(1.6) == []  # a fresh grace window for the whole amount
    assert applied(c.tick(2.1)) == [Action(SEAT, ActionKind.RAISE, 160)]
    c = controller()
    c.hear(heard("raise to one hundred"), 0.0)
    nothing = Heard(SEAT, 7, Intent(IntentKind.UNKNOWN), 0.0, preflop().betting_context(),
                    "and sixty")  # the two ears made nothing usable of the rest alone
    assert said(c.hear(nothing, 0.6)) == ["Raise to 160? Say yes or no"]
    c = controller()
    c.hear(heard("raise to two hundred"), 0.0)
    assert said(c.hear(heard("twenty", confidence=0.3), 0.5)) == [
        "Raise to 220? Say yes or no"]  # the unsure half makes the whole asked


def test_only_a_bare_smaller_number_continues_an_amount() -> None:
    for then, kind, to in (("raise to sixty", ActionKind.RAISE, 60),
                           ("call", ActionKind.CALL, None)):
        c = controller()
        c.hear(heard("raise to one hundred"), 0.0)
        c.hear(heard(then), 0.6)
        assert [(a.kind, a.to) for a in applied(c.tick(3.0))] == [(kind, to)]
    c = controller()
    c.hear(heard("raise to one hundred fifty"), 0.0)  # not a round amount
    c.hear(heard("and sixty"), 0.6)
    assert applied(c.tick(3.0)) == [Action(SEAT, ActionKind.RAISE, 150)]


def test_all_in_asks_and_yes_applies() -> None:
    c = controller()
    assert said(c.hear(heard("all in"), 0.0)) == ["All in? Say yes or no"]
    assert c.tick(3.0) == []  # a question has no grace deadline
    assert applied(c.hear(heard("yes"), 3.5)) == [Action(SEAT, ActionKind.ALLIN)]


def test_all_in_asks_and_no_cancels() -> None:
    c = controller()
    c.hear(heard("all in"), 0.0)
    assert said(c.hear(heard("no"), 1.0)) == ["Cancelled"]
    assert c.phase is Phase.IDLE


def test_an_unanswered_question_lapses() -> None:
    c = controller(ConfirmPolicy(answer_timeout=5.0))
    c.hear(heard("all in"), 0.0)
    assert said(c.tick(5.0)) == ["Not confirmed"]
    assert c.hear(heard("yes"), 6.0)[0].text.startswith("Sorry, I didn't catch that")


def test_folding_when_checking_is_free_asks_first() -> None:
    flop = act(deal([1000] * 4), "call", "call", "call", "check")
    c = ConfirmController(1)
    c.set_turn(1)
    ctx = flop.betting_context()
    effects = c.hear(Heard(1, 1, parse("fold", ctx), 0.9, ctx), 0.0)
    assert said(effects) == ["Fold? Say yes or no"]


def test_folding_facing_a_bet_does_not_ask() -> None:
    assert said(controller().hear(heard("fold"), 0.0)) == ["Fold"]


def test_low_confidence_asks_first() -> None:
    c = controller()
    assert said(c.hear(heard("call", confidence=0.2), 0.0)) == ["Call 10? Say yes or no"]


def test_the_questions_can_be_turned_off() -> None:
    policy = ConfirmPolicy(confirm_allin=False, min_confidence=0.0)
    c = controller(policy)
    assert said(c.hear(heard("all in", confidence=0.1), 0.0)) == ["All in"]
    assert applied(c.tick(1.5)) == [Action(SEAT, ActionKind.ALLIN)]


def test_without_a_grace_window_the_action_is_applied_at_once() -> None:
    c = controller(ConfirmPolicy(grace=0))
    effects = c.hear(heard("call"), 0.0)
    assert said(effects) == ["Call 10"] and applied(effects) == [Action(SEAT, ActionKind.CALL)]


def test_a_result_for_another_seat_is_dropped() -> None:
    effects = controller().hear(heard("call", seat=0), 0.0)
    assert [e.kind for e in effects] == [EffectKind.DROP]


def test_a_result_from_a_past_turn_is_dropped() -> None:
    effects = controller(turn=8).hear(heard("call", turn=7), 0.0)
    assert [e.kind for e in effects] == [EffectKind.DROP]


def test_a_new_turn_forgets_what_was_pending() -> None:
    c = controller()
    c.hear(heard("call"), 0.0)
    c.set_turn(None)  # the clock ran out, or the mouse acted
    assert c.tick(5.0) == [] and c.phase is Phase.IDLE


def test_an_impossible_action_says_why_and_does_nothing() -> None:
    effects = controller().hear(heard("raise to five"), 0.0)
    assert said(effects) == ["Minimum raise is to 20"] and applied(effects) == []


def test_an_impossible_action_over_a_question_drops_the_question() -> None:
    c = controller()
    c.hear(heard("all in"), 0.0)
    effects = c.hear(heard("raise to five"), 1.0)
    assert said(effects) == ["Minimum raise is to 20"] and c.phase is Phase.IDLE
    # over a say-back it is only told: the action said back still goes in
    c.hear(heard("call"), 2.0)
    assert said(c.hear(heard("raise to five"), 2.5)) == ["Minimum raise is to 20"]
    assert applied(c.tick(4.0)) == [Action(SEAT, ActionKind.CALL)]


def test_questions_and_table_commands_pass_to_the_game() -> None:
    c = controller()
    c.hear(heard("call"), 0.0)
    effects = c.hear(heard("what's in the pot"), 0.5)
    assert effects[0].kind is EffectKind.PASS and effects[0].heard is not None
    assert effects[0].heard.intent.query is Query.POT
    assert c.phase is Phase.GRACE  # asking doesn't cancel
    assert c.hear(Heard(SEAT, 7, Intent(IntentKind.CONTROL, control=Control.PAUSE)),
                  0.6)[0].kind is EffectKind.PASS


def test_what_a_wrong_recognition_could_do_without_asking() -> None:
    ctx = preflop().betting_context()
    assert acts_without_asking(parse("call", ctx), 0.9, ctx) == Action(0, ActionKind.CALL)
    assert acts_without_asking(parse("call", ctx), 0.1, ctx) is None
    assert acts_without_asking(parse("all in", ctx), 0.9, ctx) is None


def test_a_command_begun_right_after_the_last_utterance_is_asked() -> None:
    # "how much | to call": the gate closed at the pause inside one question, and the
    # second half alone reads as "call". Begun 0.3 s after the first ended, it is asked.
    c = controller()
    assert said(c.hear(heard("how much"), 0.0))  # the first half: a miss, said so
    rest = replace(heard("call"), after=0.3)  # what both ears made of "to call"
    assert said(c.hear(rest, 0.5)) == ["Call 10? Say yes or no"]
    assert applied(c.tick(5.0)) == []
    # After a real pause it is a command of its own.
    c = controller()
    assert said(c.hear(replace(heard("call"), after=1.5), 0.5)) == ["Call 10"]
    # And with the rule off, as before.
    c = controller(ConfirmPolicy(continuation=0.0))
    assert said(c.hear(rest, 0.5)) == ["Call 10"]


def test_half_a_command_said_back_is_withdrawn_when_the_player_goes_on() -> None:
    c = controller()
    assert said(c.hear(heard("raise to two hundred fifty"), 0.0)) == ["Raise to 250"]
    nothing = Heard(SEAT, 7, Intent(IntentKind.UNKNOWN), 0.0, preflop().betting_context(),
                    "or maybe", after=0.25)
    assert said(c.hear(nothing, 0.6)) == ["Not done: say the whole command again"]
    assert c.phase is Phase.IDLE and applied(c.tick(5.0)) == []
    c = controller()
    c.hear(heard("raise to two hundred fifty"), 0.0)
    assert said(c.hear(replace(heard("call"), after=0.25), 0.6)) == [
        "Not done: say the whole command again", "Call 10? Say yes or no"]
    assert applied(c.tick(5.0)) == []
    # A yes right after a say-back is the same player still talking, not an answer.
    c = controller()
    c.hear(heard("raise to two hundred fifty"), 0.0)
    assert said(c.hear(replace(heard("yes"), after=0.25), 0.6)) == [
        "Not done: say the whole command again"]
    # The rest of a cut amount still joins it ("raise to one hundred" ... "and sixty").
    c = controller()
    c.hear(heard("raise to one hundred"), 0.0)
    assert said(c.hear(replace(heard("and sixty"), after=0.25), 0.6)) == ["Raise to 160"]
    # A question is not withdrawn: its answer comes after the game has spoken.
    c = controller()
    c.hear(heard("all in"), 0.0)
    assert applied(c.hear(replace(heard("yes"), after=0.25), 3.0)) == [
        Action(SEAT, ActionKind.ALLIN)]


def test_the_grace_window_is_held_while_a_continuation_is_heard() -> None:
    c = controller()
    c.hear(heard("raise to two hundred fifty"), 0.0)
    assert c.tick(3.0, hold=True) == [] and c.phase is Phase.GRACE
    assert applied(c.tick(3.1)) == [Action(SEAT, ActionKind.RAISE, 250)]
    c = controller()
    c.hear(heard("all in"), 0.0)  # a question is not held: it lapses as before
    assert said(c.tick(20.0, hold=True)) == ["Not confirmed"]


def test_an_offer_replaces_a_say_back_still_waiting() -> None:
    c = controller()
    c.hear(heard("raise to one hundred"), 0.0)
    assert c.replace_said_back() and c.phase is Phase.IDLE
    assert applied(c.tick(5.0)) == []
    c.hear(heard("all in"), 6.0)  # a question is not a say-back: it stays
    assert not c.replace_said_back() and c.phase is Phase.QUESTION
