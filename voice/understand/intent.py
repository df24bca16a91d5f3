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


SCREEN_INTENTS = frozenset({IntentKind.QUERY, IntentKind.CONTROL, IntentKind.CONFIRM,
                            IntentKind.DENY})
"""What can be meant on a screen around the table: no bet, call or fold."""


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
    POSITION = "position"  # where the player sits, and who has the button
    PLAYERS_IN = "players_in"  # who is still in the hand
    RAISE_LIMITS = "raise_limits"  # the minimum and maximum bet or raise now
    TIME_LEFT = "time_left"  # the turn clock and the time bank
    HAND_SO_FAR = "hand_so_far"  # what happened this hand, in a few lines
    EARLIER = "earlier"  # the line before the one last repeated
    SIZED = "sized"  # the amount the bet box, a key or the slider has sized
    WHERE = "where"  # the screen the player is on, and what is focused
    KEYS = "keys"  # the keys of the screen the player is on


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
    LEAVE = "leave"  # leave the table: asked, then the chips are said and kept
    SIT_DOWN = "sit_down"  # the start screen: sit at the table (the saved one, or new)
    SKIP_TOUR = "skip_tour"  # the first-run tour: leave it
    NEW_TABLE = "new_table"  # the start screen: a new table (asked over a saved one)
    SIT_AND_GO = "sit_and_go"  # the start screen: a Sit & Go
    TURBO = "turbo"  # the start screen: a Turbo Sit & Go
    NEXT_PAGE = "next_page"  # help: the next page
    PREVIOUS_PAGE = "previous_page"  # help: the page before
    CHOOSE = "choose"  # a menu's value (``Intent.choice``): "level three", "shark"


SCREEN_ONLY = frozenset({Control.SIT_DOWN, Control.NEW_TABLE, Control.SIT_AND_GO,
                         Control.TURBO, Control.NEXT_PAGE, Control.PREVIOUS_PAGE,
                         Control.CHOOSE})
"""Commands for the screens around the table (the start screen, menus, help): never
among the commands a recognizer weighs on the player's turn."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A value chosen on a screen by voice: ``row`` names what is set (a template
    block's value: "blinds", "strength", "screen", ...) and ``value`` the value as
    said (a whole number's digits, or the name of a list value)."""

    row: str
    value: str

    def to_json(self) -> dict[str, str]:
        return {"row": self.row, "value": self.value}


STATE_CHANGING = frozenset({Control.SIT_OUT, Control.SIT_IN, Control.QUIT, Control.REBUY,
                            Control.DEAL, Control.LEAVE, Control.SIT_DOWN, Control.NEW_TABLE,
                            Control.SIT_AND_GO, Control.TURBO})
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
    choice: Choice | None = None  # with Control.CHOOSE: the row and value chosen

    @property
    def meaning(self) -> tuple[IntentKind, int | None, Query | None, Control | None,
                               Choice | None]:
        """What was asked for, the error sentence aside: two hearings with the same
        meaning are the same command."""
        return self.intent, self.to, self.query, self.control, self.choice

    def to_json(self) -> dict[str, Any]:
        """Contract 2's output object (``choice`` only when a value was chosen: a key
        added to the contract, never changing the others)."""
        out: dict[str, Any] = {
            "intent": str(self.intent),
            "to": self.to,
            "query": None if self.query is None else str(self.query),
            "control": None if self.control is None else str(self.control),
            "error": self.error,
        }
        if self.choice is not None:
            out["choice"] = self.choice.to_json()
        return out

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
    Control.QUIT: "Quit the game",
    Control.LEAVE: "Leave the table",
    Control.SIT_DOWN: "Sit down",
    Control.NEW_TABLE: "New table",
    Control.SIT_AND_GO: "Sit and go",
    Control.TURBO: "Turbo sit and go",
    Control.NEXT_PAGE: "Next page",
    Control.PREVIOUS_PAGE: "Previous page",
    Control.CHOOSE: "Choose",
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
    Query.POSITION: "Your position",
    Query.PLAYERS_IN: "Who is still in",
    Query.RAISE_LIMITS: "The raise limits",
    Query.TIME_LEFT: "Your time left",
    Query.HAND_SO_FAR: "The hand so far",
    Query.EARLIER: "The line before",
    Query.SIZED: "The amount sized",
    Query.WHERE: "Where you are",
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
