"""Voice on the screens around the table: each screen said when it opens, its focused
item when it moves, and what the player says there carried out by the screen itself.

The screens describe themselves (:mod:`game.scenes.spoken`); this module reads those
descriptions aloud (:class:`ScreenReader`) and routes what is heard on a screen
(:func:`hear_on_screen`): questions about the screen ("what can I say", "where am I")
are answered from its description, "leave the table" and "quit the game" are asked, and
everything else goes to the screen, which turns it into the same command a key or a
click gives. A command heard unsurely is asked first ("Sit down? Say yes or no").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.input.commands import Command
from game.scenes.spoken import Description, Heard, answers, say_list
from voice.speak.line import Priority
from voice.speak.narrator import Narrator
from voice.understand.intent import (
    STATE_CHANGING,
    Control,
    Intent,
    IntentKind,
    Query,
    confirmation_text,
)

FOCUS = "focus"  # the narrator topic of a focused item's line (a newer one replaces it)
ABOUT = "about"  # the topic of a screen's own lines (what it is, what to say there)


class Screen(Protocol):
    """A scene that can be heard: it describes itself and takes voice commands."""

    def describe(self) -> Description: ...
    def hear(self, intent: Intent) -> Heard: ...


class ScreenHost(Protocol):
    """What the screens' voice asks of the application."""

    def submit(self, command: Command) -> None: ...
    def ask_to_leave(self) -> None: ...
    def ask_to_quit(self) -> None: ...


class Speaker(Protocol):
    """What reading and routing need of the voice controller."""

    narrator: Narrator | None
    scene: str

    def reply(self, text: str, now: float) -> None: ...


@dataclass(slots=True)
class ScreenReader:
    """Remembers the screen last read and what it said of it, to say only what changed:
    a new screen whole, a moved focus or a changed value as its item, new news
    (``Description.key``) as its ``about`` lines."""

    screen: object = None
    focused: str = ""
    key: str = ""
    name: str = ""  # the screen last read's name ("table" for the table)
    title: str = ""  # its title: a new one is a new screen ("Close your saved table?")

    def read(self, screen: object, desc: Description | None) -> list[tuple[str, bool]]:
        """The lines to say for ``screen`` now, each with whether it is a focused
        item's (said at once, replacing an older one)."""
        if desc is not None:
            self.name = desc.scene
        if desc is None or desc.scene == "table":  # the table speaks for itself
            self.screen, self.focused, self.key = screen, "", ""
            return []
        focused = desc.focused.said() if desc.focused is not None else ""
        if screen is not self.screen or desc.title != self.title:
            self.screen, self.focused, self.key = screen, focused, desc.key
            self.title = desc.title
            return [(line, False) for line in desc.opening()]
        lines: list[tuple[str, bool]] = []
        if desc.key != self.key:
            self.key = desc.key
            lines += [(line, False) for line in desc.about]
        if focused and focused != self.focused:
            lines.append((focused, True))
        self.focused = focused
        return lines


def read_aloud(voice: Speaker, lines: list[tuple[str, bool]]) -> None:
    """Say a screen's lines: a focused item's at once, an older one dropped; its own
    lines (a new page of the help) in place of those of it still waiting."""
    narrator = voice.narrator
    if narrator is None:
        return
    scene = voice.scene
    if any(not focus for _, focus in lines):
        narrator.queue.drop(lambda line: line.scene == scene and line.topic == ABOUT)
    for text, focus in lines:
        if focus:
            narrator.queue.drop(lambda line: line.topic == FOCUS)
            narrator.say(text, priority=Priority.URGENT, topic=FOCUS, scene=voice.scene)
        else:
            narrator.say(text, priority=Priority.TABLE, topic=ABOUT, scene=voice.scene)


@dataclass(slots=True)
class ScreenQuestion:
    """A command heard unsurely on a screen, waiting for yes or no."""

    screen: object
    intent: Intent


def _unsure(intent: Intent, confidence: float, least: float) -> bool:
    """A command that changes the game, heard with too little confidence to just do."""
    return (confidence < least and intent.intent is IntentKind.CONTROL
            and intent.control in STATE_CHANGING)


def hear_on_screen(voice: Speaker, screen: Screen, host: ScreenHost, intent: Intent,
                   confidence: float, least: float, pending: ScreenQuestion | None,
                   now: float, ask: Callable[[Query], None]) -> ScreenQuestion | None:
    """One utterance on ``screen``: answered, asked about, or carried out (see the
    module docstring); returns the question now waiting, if any. ``ask`` answers the
    table's own questions (the pot, the stacks, "repeat") where they make sense."""
    desc = screen.describe()
    if pending is not None and pending.screen is screen and answers(intent) is not None:
        if answers(intent):
            _carry_out(voice, screen, host, pending.intent, now, desc)
        else:
            voice.reply("Okay", now)
        return None
    if intent.intent is IntentKind.QUERY and intent.query is not None:
        if intent.query is Query.HELP:
            voice.reply(desc.can_say(), now)
        elif intent.query is Query.KEYS:
            voice.reply(desc.keys_said(), now)
        elif intent.query is Query.WHERE:
            voice.reply(desc.where(), now)
        else:
            ask(intent.query)
        return None
    if intent.intent is IntentKind.UNKNOWN:
        voice.reply(f"Sorry, I didn't catch that. {say_list(desc.hints[:3], 'You can say')}",
                    now)
        return None
    if _unsure(intent, confidence, least) and intent.control not in (Control.LEAVE,
                                                                    Control.QUIT):
        voice.reply(f"{confirmation_text(intent)}? Say yes or no", now)
        return ScreenQuestion(screen, intent)
    _carry_out(voice, screen, host, intent, now, desc)
    return None


def _carry_out(voice: Speaker, screen: Screen, host: ScreenHost, intent: Intent,
               now: float, desc: Description) -> None:
    heard = screen.hear(intent)
    if heard is None and intent.control is Control.LEAVE:
        host.ask_to_leave()
    elif heard is None and intent.control is Control.QUIT:
        host.ask_to_quit()
    elif isinstance(heard, str):
        voice.reply(heard, now)
    elif heard is not None:
        host.submit(heard)
    elif answers(intent) is not None:
        voice.reply(f"There's nothing to answer. {say_list(desc.hints[:3], 'You can say')}",
                    now)
    else:
        voice.reply(f"That doesn't work here. {say_list(desc.hints[:3], 'You can say')}", now)
