"""What a screen says of itself, for a player who cannot see it (or leans back from it).

Each scene describes itself as a :class:`Description`: its name in the speech log, a
title, a line or two about what it shows, its items (buttons, settings, read-outs) with
their values, the focused one, and what can be said there. The voice controller reads a
scene's description when it opens, says the focused item when it moves, and answers
"where am I" and "what can I say" from it: a new dialog is spoken by writing its
description, never by adding narration elsewhere (the self-voicing menus of games made
for blind players work the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.input.commands import Command
from game.scenes.dialog import ButtonSpec, Row
from voice.speak.ear import for_the_ear
from voice.understand.intent import Control, Intent, IntentKind

MAX_HINTS = 4
"""Things a screen offers to be said when it opens (all of them on "what can I say")."""


@dataclass(frozen=True, slots=True)
class Item:
    """One thing on a screen: its name, its value (as said), and whether it can be
    changed (a setting) or pressed (a button)."""

    name: str
    value: str = ""
    role: str = "button"  # "button", "setting" or "text"

    def said(self) -> str:
        """ "Blinds: level 1, 5 and 10", "Continue, button"."""
        if self.role == "button":
            return f"{self.name}, button"
        return f"{self.name}: {self.value}" if self.value else self.name


@dataclass(frozen=True, slots=True)
class Description:
    """A screen as the ear gets it (see the module docstring). ``about`` is said after
    the title when the screen opens (the news it brings first); ``hints`` are phrases
    that work here, the likeliest first."""

    scene: str
    title: str
    about: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    focus: int | None = None
    hints: tuple[str, ...] = ()
    key: str = ""  # changes when the screen shows something new to say (a page, an error)
    keys: str = ""  # its keys, as said ("what keys can I use", F1 in a dialog)

    @property
    def focused(self) -> Item | None:
        if self.focus is None or not 0 <= self.focus < len(self.items):
            return None
        return self.items[self.focus]

    def opening(self) -> list[str]:
        """What is said when the screen opens, one idea a line."""
        lines = [_sentence(self.title), *self.about]
        if self.hints:
            lines.append(say_list(self.hints[:MAX_HINTS], "Say"))
        return lines

    def can_say(self) -> str:
        """The answer to "what can I say" here."""
        hints = list(self.hints) or ["what can I say"]
        return say_list([*hints, "where am I", "repeat"], "You can say")

    def keys_said(self) -> str:
        """The answer to "what keys can I use" here."""
        return self.keys or "Escape goes back; F1 opens the help"

    def where(self) -> str:
        """The answer to "where am I": the screen, and the focused item."""
        focused = self.focused
        return _sentence(self.title) + (f" {focused.said()}." if focused is not None else "")


def _sentence(text: str) -> str:
    """``text`` ending as a sentence ("Leave the table?" stays as it is)."""
    return text if text.endswith(("?", "!", ".")) else f"{text}."


def say_list(phrases: Sequence[str], lead: str) -> str:
    """ "Say sit down, sit and go, or quit the game"."""
    quoted = list(phrases)
    if len(quoted) <= 2:
        return f"{lead} {' or '.join(quoted)}"
    return f"{lead} {', '.join(quoted[:-1])}, or {quoted[-1]}"


def counted(number: int, noun: str) -> str:
    """ "1 hand", "12 hands", "1,204 sessions": a count said with its noun agreeing."""
    return f"{number:,d} {noun if number == 1 else noun + 's'}"


Heard = Command | str | None
"""What a screen makes of a voice command: a command to carry out (the same one a
key or click gives), a sentence to say (why it can't be done here, or what was
changed), or None when it means nothing here."""


def answers(intent: Intent) -> bool | None:
    """True for a yes, False for a no (or "cancel"), None for anything else."""
    if intent.intent is IntentKind.CONFIRM:
        return True
    if intent.intent is IntentKind.DENY or intent.control is Control.CANCEL:
        return False
    return None


def said_key(intent: Intent) -> str:
    """The name a button's ``said_by`` lists for ``intent``: a control's name, or
    "row=value" for a value chosen on a screen ("screen=stats")."""
    if intent.choice is not None:
        return f"{intent.choice.row}={intent.choice.value}"
    return intent.control.value if intent.control is not None else ""


def pressed(intent: Intent, buttons: Sequence[ButtonSpec]) -> Command | None:
    """The command of the button ``intent`` presses, if any."""
    key = said_key(intent)
    return next((b.command for b in buttons if key and key in b.said_by), None)


def menu_items(rows: Sequence[Row], buttons: Sequence[ButtonSpec]) -> tuple[Item, ...]:
    """A menu's rows (settings, or read-outs without arrows) then its buttons."""
    items = [Item(for_the_ear(row.label), row.said or for_the_ear(row.value),
                  "setting" if row.arrows else "text") for row in rows]
    items += [Item(b.label.replace("&", "and")) for b in buttons]
    return tuple(items)
