"""Lines folded into fewer: a catch-up when speech falls behind ("Blaze raised to 140,
Vera and Doris folded. Flop: ..."), what happened since the player last acted, and
"what happened this hand" in a few short lines. Every bet and raise keeps its name and
amount; calls, checks and folds in a row share one verb."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.chips import chip_text
from engine.events import Street
from engine.view import PlayerView
from voice.speak.line import ACTION, AWARD, SHOWN, TIP, Line
from voice.speak.lines import action_brief, cards_text, say_turn

_SHARED = (" folded", " checked", " called")
"""Verbs without an amount: "Vera folded, Doris folded" is "Vera and Doris folded"."""

_BOARD = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def joined(briefs: Sequence[str]) -> str:
    """Actions in a row as one phrase: "Blaze raised to 140, Vera and Doris folded"."""
    groups: list[tuple[list[str], str]] = []
    for brief in briefs:
        shared = next((verb for verb in _SHARED if brief.endswith(verb)), "")
        who = brief[:len(brief) - len(shared)]
        if shared and groups and groups[-1][1] == shared:
            groups[-1][0].append(who)
        else:
            groups.append(([who], shared))
    text = ", ".join(_names(names) + shared for names, shared in groups)
    return re.sub(r"(?:(?<=, )|(?<=and ))You\b", "you", text)


def folded(lines: Sequence[Line]) -> str:
    """Several queued lines as one catch-up line, in order: actions in a row joined
    (:func:`joined`), everything else as its brief, sentence by sentence; the hands
    shown are left out when the pot they went to is in it too (its winner's hand is
    named there: three showdown lines took 8 s folded whole); a tour's tip is left out
    (behind the table, it is not news)."""
    sentences: list[str] = []
    actions: list[str] = []
    awarded = [i for i, line in enumerate(lines) if line.topic == AWARD]
    for i, line in enumerate(lines):
        if (line.topic == SHOWN and awarded and awarded[-1] > i) or line.topic == TIP:
            continue
        if line.topic == ACTION:
            actions.append(line.short)
            continue
        if actions:
            sentences.append(joined(actions))
            actions = []
        sentences.append(line.short.rstrip(". "))
    if actions:
        sentences.append(joined(actions))
    last = len(sentences) - 1
    return " ".join(s if i == last or s.endswith(("?", "!")) else f"{s}."
                    for i, s in enumerate(sentences))


def since_last_acted(view: PlayerView) -> tuple[str, ...]:
    """The other seats' actions since the player last acted on this street (since the
    street began when they have not), as a catch-up says them."""
    street = view.street_actions()
    mine = [i for i, a in enumerate(street) if a.seat == view.seat]
    start = mine[-1] + 1 if mine else 0
    return tuple(action_brief(a, view) for a in street[start:] if a.seat != view.seat)


def hand_so_far(view: PlayerView, hand: int = 0, strength: str = "") -> list[str]:
    """ "What happened this hand", in a few short lines: the hand and the player's
    cards, each street's cards and actions, and where it stands now."""
    number = f"Hand {hand}. " if hand else ""
    if view.hole is None or not view.dealt_in[view.seat]:
        lines = [f"{number}You're not in this hand"]
    else:
        held = f"{number}You have {cards_text(view.hole)}"
        lines = [held + (f": {strength}" if strength else "")]
    for street in Street:
        acted = [action_brief(a, view) for a in view.street_actions(street)]
        if street is Street.PREFLOP:
            head = "Before the flop"
        else:
            low, high = _BOARD[street]
            cards = view.board[low:high]
            if not cards:
                break
            head = f"{street.value.capitalize()}, {cards_text(cards)}"
        lines.append(f"{head}: {joined(acted)}" if acted else f"{head}: no action yet")
    if view.finished:
        lines.append("The hand is over")
    else:
        lines.append(say_turn(view) if view.my_turn
                     else f"Pot {chip_text(view.pot)}. {say_turn(view)}")
    return lines
