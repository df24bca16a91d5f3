"""What one utterance asks for: contract 2's output record, and how to say it back."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import Action, ActionKind
from engine.chips import chip_text
from engine.sizing import BettingContext


class IntentKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALLIN = "allin"
    QUERY = "query"
    CONTROL = "control"
    CONFIRM = "confirm"
    DENY = "deny"
    UNKNOWN = "unknown"


class Query(StrEnum):
    """A question about the table; answering changes nothing."""

    POT = "pot"
    TO_CALL = "to_call"
    MY_CARDS = "my_cards"
    BOARD = "board"
    STACKS = "stacks"
    ODDS = "odds"
    WHOSE_TURN = "whose_turn"
    REPEAT = "repeat"
    HELP = "help"
    LAST_ACTION = "last_action"
    LEVEL = "level"  # a Sit & Go's level, blinds and ante
    NEXT_LEVEL = "next_level"  # when the blinds go up, and to what
    BIG_BLINDS = "big_blinds"  # the player's stack in big blinds


class Control(StrEnum):
    """A table command outside the betting."""

    CANCEL = "cancel"
    REBUY = "rebuy"
    SIT_OUT = "sit_out"
    SIT_IN = "sit_in"
    DEAL = "deal"
    PAUSE = "pause"
    RESUME = "resume"
    MUTE_BOTS = "mute_bots"
    UNMUTE_BOTS = "unmute_bots"
    QUIT = "quit"


STATE_CHANGING = frozenset({Control.SIT_OUT, Control.SIT_IN, Control.QUIT, Control.REBUY,
                            Control.DEAL})
"""Table commands that change the player's seat or the game: a misheard one costs the
player (sitting out, the quit menu, chips bought), so one ear alone is asked about it."""


@dataclass(frozen=True, slots=True)
class Intent:
    """One parsed utterance.

    ``to`` is the resolved street total for bets and raises (None when no amount was
    given). ``error`` is None when the intent can be acted on as it stands, else a
    sentence to say to the player ("Minimum raise is to 40", "Raise to how much?").
    """

    intent: IntentKind
    to: int | None = None
    query: Query | None = None
    control: Control | None = None
    error: str | None = None

    @property
    def meaning(self) -> tuple[IntentKind, int | None, Query | None, Control | None]:
        """What was asked for, the error sentence aside: two hearings with the same
        meaning are the same command."""
        return self.intent, self.to, self.query, self.control

    def to_json(self) -> dict[str, Any]:
        """Contract 2's output object."""
        return {
            "intent": str(self.intent),
            "to": self.to,
            "query": None if self.query is None else str(self.query),
            "control": None if self.control is None else str(self.control),
            "error": self.error,
        }

    def to_action(self, seat: int) -> Action | None:
        """The engine action this intent asks for, or None when it is not an action or
        cannot be acted on as it stands (an error is never turned into an action)."""
        if self.error is not None:
            return None
        kind = _ACTION_KINDS.get(self.intent)
        if kind is None:
            return None
        if kind in (ActionKind.BET, ActionKind.RAISE):
            return None if self.to is None else Action(seat, kind, self.to)
        return Action(seat, kind)


_ACTION_KINDS = {
    IntentKind.FOLD: ActionKind.FOLD,
    IntentKind.CHECK: ActionKind.CHECK,
    IntentKind.CALL: ActionKind.CALL,
    IntentKind.BET: ActionKind.BET,
    IntentKind.RAISE: ActionKind.RAISE,
    IntentKind.ALLIN: ActionKind.ALLIN,
}

_SAY_CONTROL = {
    Control.CANCEL: "Cancel",
    Control.REBUY: "Rebuy",
    Control.SIT_OUT: "Sit out",
    Control.SIT_IN: "Sit in",
    Control.DEAL: "Deal",
    Control.PAUSE: "Pause",
    Control.RESUME: "Resume",
    Control.MUTE_BOTS: "Mute the bots",
    Control.UNMUTE_BOTS: "Unmute the bots",
    Control.QUIT: "Quit",
}

_SAY_QUERY = {
    Query.POT: "The pot",
    Query.TO_CALL: "The amount to call",
    Query.MY_CARDS: "Your cards",
    Query.BOARD: "The board",
    Query.STACKS: "The stacks",
    Query.ODDS: "Your odds",
    Query.WHOSE_TURN: "Whose turn it is",
    Query.REPEAT: "Repeat",
    Query.HELP: "Help",
    Query.LAST_ACTION: "The last action",
    Query.LEVEL: "The level",
    Query.NEXT_LEVEL: "When the blinds go up",
    Query.BIG_BLINDS: "Your stack in big blinds",
}


def confirmation_text(intent: Intent, ctx: BettingContext | None = None) -> str:
    """A short phrase to say back before acting: "Raise to 250", "Call 20", "All in".

    With ``ctx`` a call names its amount.
    """
    match intent.intent:
        case IntentKind.BET:
            return "Bet" if intent.to is None else f"Bet {chip_text(intent.to)}"
        case IntentKind.RAISE:
            return "Raise" if intent.to is None else f"Raise to {chip_text(intent.to)}"
        case IntentKind.CALL:
            amount = None if ctx is None else min(ctx.to_call, ctx.stack)
            return f"Call {chip_text(amount)}" if amount else "Call"
        case IntentKind.ALLIN:
            return "All in"
        case IntentKind.QUERY:
            return _SAY_QUERY[intent.query] if intent.query else "Question"
        case IntentKind.CONTROL:
            return _SAY_CONTROL[intent.control] if intent.control else "Table command"
        case IntentKind.CONFIRM:
            return "Yes"
        case IntentKind.DENY:
            return "No"
        case IntentKind.UNKNOWN:
            return "Sorry, I didn't catch that"
        case _:
            return intent.intent.value.capitalize()
