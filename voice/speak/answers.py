"""Spoken answers to the player's questions, from their view of the hand
(:class:`engine.view.PlayerView`) and what the table shows besides it
(:class:`TableFacts`), the most useful fact first: "what's the pot", "what's my
position", "who is still in", "what's the minimum raise", "how much time do I have",
"what are the blinds", "what have I sized", "where am I", and a Sit & Go's level, next
level and stack in big blinds. Answering changes nothing."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.chips import chip_text
from engine.sizing import BettingContext
from engine.view import PlayerView
from voice.speak.lines import cards_text, name_of, say_action, say_turn
from voice.speak.recap import hand_so_far
from voice.understand.intent import Query


@dataclass(frozen=True, slots=True)
class TournamentStatus:
    """What a Sit & Go's questions are answered from (``stack`` None once the player is
    out; ``hands_to_next`` None when levels rise by the clock)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    next_small_blind: int
    next_big_blind: int
    next_ante: int
    hands_to_next: int | None
    seconds_to_next: float | None
    stack: int | None


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the table shows beside the player's view of the hand: the hand's number, the
    blinds, the turn clock (``clock`` the seconds left to act, None when it is not
    running; ``bank`` the time bank left this hand, None with no turn clock), what the
    bet box, a key or the slider has sized (``sized``: "Raise to 140", "" for nothing;
    ``refused``: why the box's amount would be refused), the player's hand so far in
    words (``strength``) and their chips (``stack``, behind)."""

    hand: int = 0
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    clock: float | None = None
    bank: float | None = None
    sized: str = ""
    refused: str = ""
    strength: str = ""
    stack: int = 0


TOURNAMENT_QUERIES = frozenset({Query.LEVEL, Query.NEXT_LEVEL, Query.BIG_BLINDS})

TABLE_QUERIES = frozenset({Query.TIME_LEFT, Query.SIZED, Query.WHERE})
"""Questions answered from :class:`TableFacts`, with or without a hand in play."""


def blinds_text(small: int, big: int, ante: int = 0) -> str:
    """ "10 and 20", "50 and 100, ante 10"."""
    return f"{chip_text(small)} and {chip_text(big)}" + (f", ante {chip_text(ante)}"
                                                          if ante else "")


def _big_blinds(chips: int, big_blind: int) -> str:
    bb = round(chips / big_blind, 1)
    text = f"{bb:.0f}" if bb >= 20 or bb == int(bb) else f"{bb:.1f}"
    return f"{text} big blind{'' if text == '1' else 's'}"


def answer_tournament(query: Query, status: TournamentStatus | None,
                      view: PlayerView | None = None, facts: TableFacts | None = None) -> str:
    """The answer to a Sit & Go question ("what level is it", "when do the blinds go up",
    "how many big blinds do I have"); at the cash table, what can be said there (the
    blinds, which never go up, and the stack in big blinds)."""
    if status is None:
        return _at_the_cash_table(query, view, facts)
    if query is Query.LEVEL:
        return (f"Level {status.level}: blinds "
                f"{blinds_text(status.small_blind, status.big_blind, status.ante)}")
    if query is Query.NEXT_LEVEL:
        to = blinds_text(status.next_small_blind, status.next_big_blind, status.next_ante)
        if status.hands_to_next is not None:
            hands = status.hands_to_next
            when = "next hand" if hands == 0 else \
                f"in {hands} hand{'' if hands == 1 else 's'}"
        else:
            seconds = int(status.seconds_to_next or 0)
            minutes = seconds // 60
            when = (f"in {minutes} minute{'' if minutes == 1 else 's'}" if minutes
                    else f"in {seconds} seconds")
        return f"The blinds go up {when}, to {to}"
    if status.stack is None:
        return "You're out of this Sit and Go"
    return f"You have {_big_blinds(status.stack, status.big_blind)}"


def _at_the_cash_table(query: Query, view: PlayerView | None,
                       facts: TableFacts | None) -> str:
    big = view.big_blind if view is not None else facts.big_blind if facts else 0
    if query is Query.BIG_BLINDS and big:
        chips = view.stacks[view.seat] if view is not None else facts.stack if facts else 0
        return f"You have {_big_blinds(chips, big)}" if chips else "You have no chips"
    if query is Query.LEVEL and facts is not None and facts.big_blind:
        return f"Blinds {blinds_text(facts.small_blind, facts.big_blind, facts.ante)}"
    return "This is a cash table: the blinds don't go up"


ASK_AT_THE_TABLE = ("Ask what's the pot, what are my cards, what happened this hand, "
                    "where am I, or repeat")
TABLE_COMMANDS = "Or say pause, sit out, leave the table, or what keys can I use"
"""What "what can I say" adds at the table after the actions of the turn: the questions
and the table's commands, most useful first."""


def answer(query: Query, view: PlayerView, *, facts: TableFacts | None = None,
           last_line: str | None = None, odds: Callable[[PlayerView], str] | None = None,
           help_text: Callable[[BettingContext], str] | None = None) -> str:
    """The spoken answer to a query intent from ``view`` and ``facts`` (nothing
    changes).

    ``odds`` is the coach's hook (a sentence about the player's chances); ``last_line``
    is what was said last, for "repeat".
    """
    ctx = view.context
    if query in TOURNAMENT_QUERIES:
        return answer_tournament(query, None, view, facts)
    if query in TABLE_QUERIES:
        return answer_table(query, facts or TableFacts(), view)
    match query:
        case Query.POT:
            return pot_answer(view)
        case Query.TO_CALL:
            if ctx is None:
                return "It's not your turn"
            return f"{chip_text(min(ctx.to_call, ctx.stack))} to call" if ctx.to_call else \
                "Nothing to call: you can check"
        case Query.MY_CARDS:
            return f"You have {cards_text(view.hole)}" if view.hole else "You have no cards"
        case Query.BOARD:
            if not view.board:
                return "No cards on the board yet"
            return f"The board: {cards_text(view.board)}"
        case Query.STACKS:
            return stacks_answer(view)
        case Query.ODDS:
            if odds is None:
                return "The coach is not available"
            return odds(view)
        case Query.WHOSE_TURN:
            return say_turn(view)
        case Query.LAST_ACTION:
            if not view.actions:
                return "No one has acted yet"
            return say_action(view.actions[-1], view)
        case Query.HELP:
            if ctx is None:
                return f"Wait for your turn. {ASK_AT_THE_TABLE}. {TABLE_COMMANDS}"
            if help_text is None:
                from voice.understand.parse import help_text as parser_help

                help_text = parser_help
            return f"{help_text(ctx)}. {ASK_AT_THE_TABLE}. {TABLE_COMMANDS}"
        case Query.REPEAT | Query.EARLIER:
            return last_line or "Nothing to repeat"
        case Query.KEYS:  # the game says its screens' own keys before asking here
            return "F1 opens the help, which lists the keys"
        case Query.POSITION:
            return position_answer(view)
        case Query.PLAYERS_IN:
            return players_in_answer(view)
        case Query.RAISE_LIMITS:
            return raise_limits_answer(ctx)
        case Query.HAND_SO_FAR:
            facts = facts or TableFacts()
            return ". ".join(hand_so_far(view, facts.hand, facts.strength))
    return "Sorry, I can't answer that"


def _listed(names: Sequence[str], *, first: bool = False) -> str:
    """ "you, Blaze and Doris" ("You, ..." when ``first`` in a sentence)."""
    named = ["you" if n == "You" else n for n in names]
    text = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return text[:1].upper() + text[1:] if first else text


def pot_answer(view: PlayerView) -> str:
    """ "The pot is 1,215: the main pot 600 with you, Blaze and Doris; side pot 1, 615,
    with Blaze and Doris"."""
    if len(view.pots) < 2:
        return f"The pot is {chip_text(view.pot)}"
    parts = []
    for i, pot in enumerate(view.pots):
        who = _listed([name_of(view, s) for s in pot.eligible])
        name = "the main pot" if i == 0 else f"side pot {i}"
        parts.append(f"{name} {chip_text(pot.amount)} with {who}")
    return f"The pot is {chip_text(view.pot)}: " + "; ".join(parts)


def stacks_answer(view: PlayerView) -> str:
    """ "You have 1,000. Vera 995, Blaze 2,015, Doris 990": the player's chips first,
    then each other seat dealt in by name and chips alone (said whole, "has" three times
    and every amount in full took 7 s)."""
    mine = f"You have {chip_text(view.stacks[view.seat])}"
    others = [f"{view.names[s]} {chip_text(view.stacks[s])}" for s in range(len(view.stacks))
              if view.dealt_in[s] and s != view.seat]
    return f"{mine}. {', '.join(others)}" if others else mine


_POSITIONS = ("under the gun", "in the hijack", "in the cutoff")


def position_answer(view: PlayerView) -> str:
    """ "You're in the big blind. Blaze has the button"; with six or more, the seats
    before the button are the cutoff and the hijack, the first to act is under the gun."""
    button = view.button
    holder = "You have the button" if button == view.seat \
        else f"{view.names[button]} has the button"
    if not view.dealt_in[view.seat]:
        return f"You're not in this hand. {holder}"
    seats = [s for s in range(len(view.dealt_in)) if view.dealt_in[s]]
    if view.seat == button:
        where = "on the button" + (", in the small blind"
                                   if view.seat == view.small_blind_seat else "")
        return f"You're {where}. You act last after the flop"
    if view.seat == view.small_blind_seat:
        where = "in the small blind"
    elif view.seat == view.big_blind_seat:
        where = "in the big blind"
    else:
        order = seats[seats.index(view.big_blind_seat) + 1:] \
            + seats[:seats.index(view.big_blind_seat) + 1]
        early = order.index(view.seat)
        late = order.index(button) - early  # seats from here to the button
        if early == 0:
            where = _POSITIONS[0]
        elif late <= 2:
            where = _POSITIONS[3 - late]
        else:
            where = "in middle position"
    return f"You're {where}. {holder}"


def players_in_answer(view: PlayerView) -> str:
    """ "3 still in: you, Blaze and Doris. Blaze is all in. Vera folded"."""
    seats = [s for s in range(len(view.dealt_in)) if view.dealt_in[s]]
    live = [s for s in seats if not view.folded[s]]
    text = f"{len(live)} still in: {_listed([name_of(view, s) for s in live])}"
    all_in = [name_of(view, s) for s in live if view.stacks[s] == 0 and not view.finished]
    if all_in:
        are = "are" if len(all_in) > 1 or all_in == ["You"] else "is"
        text += f". {_listed(all_in, first=True)} {are} all in"
    out = [name_of(view, s) for s in seats if view.folded[s]]
    if out:
        text += f". {_listed(out, first=True)} folded"
    return text


def raise_limits_answer(ctx: BettingContext | None) -> str:
    """ "Minimum raise to 40, maximum 980: all in"; on an unopened street the bet's."""
    if ctx is None:
        return "It's not your turn"
    wager = ctx.raise_range
    if wager is None:
        return f"You can't raise now: call {chip_text(min(ctx.to_call, ctx.stack))} or fold" \
            if ctx.to_call else "You can't bet now: check or fold"
    low, high = wager
    verb = "bet" if ctx.unopened else "raise to"
    if low >= high:
        return f"You can only {verb} {chip_text(high)}: all in"
    top = ": all in" if high >= ctx.all_in_to else ""
    return f"Minimum {verb} {chip_text(low)}, maximum {chip_text(high)}{top}"


def _seconds(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole} second{'' if whole == 1 else 's'}"


def answer_table(query: Query, facts: TableFacts, view: PlayerView | None) -> str:
    """The questions the table answers beside the hand: the time left, the amount
    sized, where the player is."""
    if query is Query.TIME_LEFT:
        if facts.bank is None:
            return "There's no turn clock at this table"
        bank = f"{_seconds(facts.bank)} in your time bank"
        if facts.clock is None:
            return f"It's not your turn. You have {bank}"
        return f"{_seconds(facts.clock)} to act, and {bank}"
    if query is Query.SIZED:
        if not facts.sized:
            return "Nothing is sized: it's not your turn" if view is None or view.context \
                is None else "You can't bet or raise now"
        if facts.refused:
            return f"{facts.sized}, refused: {facts.refused}"
        return f"{facts.sized} is sized. Say bet or raise to send it, or a new amount"
    return where_answer(facts, view)


def where_answer(facts: TableFacts, view: PlayerView | None) -> str:
    """ "Hand 12, the flop. You have Two Pair, Tens and Threes, and 980 behind"."""
    if view is None or view.finished:
        return f"At the table, between hands. You have {chip_text(facts.stack)} chips"
    chips = chip_text(view.stacks[view.seat])
    street = "before the flop" if view.street.value == "preflop" else f"the {view.street.value}"
    where = f"Hand {facts.hand}, {street}" if facts.hand else street.capitalize()
    if not view.dealt_in[view.seat] or view.folded[view.seat] or view.hole is None:
        return f"{where}. You're out of this hand, with {chips} chips"
    held = facts.strength or cards_text(view.hole)
    return f"{where}. You have {held}, and {chips} behind"
