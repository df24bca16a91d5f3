"""Bot lines chosen from what happened (issue 49, item 7): no calling talk from a bot
that has folded, a reply names the line it answers (so the table can keep the two
together), and nobody answers the table's opening greetings."""

from __future__ import annotations

import random

from bots.chatter import Budget, Chatter, Rule, Script, load_script
from engine.actions import ActionKind
from engine.events import ActionTaken, HandStarted, Street

NAMES = ("Vera", "Blaze", "Mortimer", "Doris")
CALLING = "I'll probably call anyway"


def _big_raise_seen_by_doris(seed: int, doris_folded: bool) -> list[str]:
    """Doris (the station, seat 3, under the gun) folds or not; then Vera raises big."""
    chatter = Chatter({3: "station"}, random.Random(seed), names=NAMES)
    chatter.hand = 1  # past the greeting round
    events: list[object] = [HandStarted(0, 1, 2, (0, 1, 2, 3), (1000,) * 4)]
    if doris_folded:
        events.append(ActionTaken(3, Street.PREFLOP, ActionKind.FOLD, 0, 0, False, 15))
    events.append(ActionTaken(0, Street.PREFLOP, ActionKind.RAISE, 400, 400, False, 415))
    return [line.text for line in chatter.observe(events) if line.seat == 3]


def test_a_folded_bot_never_says_it_will_call() -> None:
    folded = [t for seed in range(400) for t in _big_raise_seen_by_doris(seed, True)]
    live = [t for seed in range(400) for t in _big_raise_seen_by_doris(seed, False)]
    assert folded, "Doris still reacts to the raise"
    assert not any(CALLING in t for t in folded)
    assert any(CALLING in t for t in live)  # the line is hers while she may still call


def _replying_pair(trigger: str) -> Chatter:
    base = load_script()
    rules = {
        "shark": (Rule("s.0", "shark", trigger, () if trigger == "greeting"
                       else (("who", "self"),), ("Evening.",), 1.0),),
        "maniac": (Rule("m.0", "maniac", "reply", (("to", "shark"),), ("Easy, professor.",),
                        1.0),),
        "rock": (), "station": (),
    }
    return Chatter({0: "shark", 1: "maniac"}, random.Random(1), names=NAMES,
                   script=Script(rules, base.priorities, Budget(5, 50, 0)))


def test_a_reply_names_the_line_it_answers() -> None:
    chatter = _replying_pair("all_in")
    chatter.hand = 3
    lines = chatter.observe([HandStarted(0, 1, 2, (0, 1, 2, 3), (1000,) * 4),
                             ActionTaken(0, Street.PREFLOP, ActionKind.RAISE, 1000, 1000,
                                         True, 1015)])
    assert [(line.seat, line.text, line.answers) for line in lines] == [
        (0, "Evening.", None), (1, "Easy, professor.", 0)]
    assert lines[0].about_betting and not lines[1].about_betting


def test_nobody_answers_the_tables_opening_greetings() -> None:
    chatter = _replying_pair("greeting")
    lines = chatter.observe([HandStarted(0, 1, 2, (0, 1, 2, 3), (1000,) * 4)])
    assert [line.text for line in lines] == ["Evening."]  # no "Easy, professor."
