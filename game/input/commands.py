"""Command objects: what every input source (mouse, keyboard, voice, bots, the clock)
turns its raw signal into. Scenes receive these, never raw pygame events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.actions import Action


@dataclass(frozen=True, slots=True)
class ActCommand:
    """A poker decision for ``seat``; the seat is named so a late input can't act for
    the wrong player. ``source`` says which device produced it (for the log)."""

    seat: int
    action: Action
    source: str = "mouse"


class Ui(StrEnum):
    """Interface requests that are not poker decisions."""

    WAGER = "wager"              # bet/raise to the amount in the box (typed or slider)
    SIZE_STEP = "size_step"      # value: +1 / -1 big blinds (x5 with shift)
    SLIDER = "slider"            # value: fraction 0..1 of the slider
    PRESET = "preset"            # value: "min" | "half" | "three_quarters" | "pot" | "allin"
    TYPE = "type"                # value: one digit (one character in a text box)
    BACKSPACE = "backspace"
    CLEAR = "clear"
    PRE_CHECK_FOLD = "pre_check_fold"  # tick "Check/Fold" ("Fold" facing a bet)
    PRE_CALL_ANY = "pre_call_any"  # tick "Call any"
    PRE_CHECK = "pre_check"      # tick "Check"
    PRE_CALL = "pre_call"        # tick "Call N" (the amount as it is now)
    NOTES = "notes"              # value: a bot's seat: the player's note on it
    SIT_OUT = "sit_out"
    REBUY = "rebuy"
    PAUSE = "pause"
    RESUME = "resume"
    LEAVE = "leave"
    QUIT = "quit"
    DEAL = "deal"                # deal the next hand now (between hands)
    POST_NOW = "post_now"        # waiting for the big blind: post one and play the next hand
    PUSH_TO_TALK = "push_to_talk"  # value: True pressed / False released; voice owns it
    PICK = "pick"                # value: 0 / 1, a numbered reading in the voice panel
    SELECT = "select"            # value: row index (menus)
    CHANGE = "change"            # value: (row, +1/-1) in menus
    MOVE = "move"                # value: -1 / +1 focus in menus
    PRESS = "press"              # the focused button (Enter in a dialog)
    KEYS = "keys"                # say the keys of the screen on top (F1 in a dialog)
    CONFIRM = "confirm"
    CANCEL = "cancel"
    AMOUNT = "amount"            # value: chips (dialogs)
    CHOOSE = "choose"            # value: "row=value", a value chosen by voice on a screen
    HELP = "help"                # the help overlay (F1, "?")
    READ = "read"                # the bar's message line: show it whole, or close it
    SETTINGS = "settings"        # the settings overlay
    TOUR_NEXT = "tour_next"      # the first-run walkthrough: next tip
    TOUR_SKIP = "tour_skip"      # the first-run walkthrough: leave it


@dataclass(frozen=True, slots=True)
class UiCommand:
    kind: Ui
    value: int | float | str | bool | tuple[int, int] | None = None

    @property
    def number(self) -> float:
        """The value as a number (0 when it isn't one)."""
        v = self.value
        return float(v) if isinstance(v, int | float) else 0.0

    @property
    def pair(self) -> tuple[int, int]:
        """The value as ``(row, step)`` (menus); ``(-1, 0)`` when it isn't one."""
        v = self.value
        return v if isinstance(v, tuple) else (-1, 0)

    @property
    def text(self) -> str:
        return "" if self.value is None else str(self.value)


@dataclass(frozen=True, slots=True)
class ResizeCommand:
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class QuitCommand:
    """The window was closed."""


Command = ActCommand | UiCommand | ResizeCommand | QuitCommand


def confirms_all_in(command: Command) -> bool:
    """Commands that may confirm an armed all-in: the same key or button again."""
    if isinstance(command, ActCommand):
        return True
    return isinstance(command, UiCommand) and command.kind is Ui.WAGER


def cancels_voice(command: Command) -> bool:
    """A click or key from the player (not voice, a bot or the clock) cancels a pending
    voice action; push-to-talk and the Yes button do not."""
    if isinstance(command, ActCommand):
        return command.source in ("mouse", "keyboard")
    if isinstance(command, UiCommand):
        return command.kind not in (Ui.PUSH_TO_TALK, Ui.CONFIRM, Ui.PICK)
    return False
