"""Spoken questions and table requests: "what's the pot", "my odds", "sit out", "mute
the bots", "quit"...

What a query or control heard by voice does, on the main thread: queries are answered
(spoken and shown) from the player's view; controls become the table's own
``UiCommand``s. Nothing here changes the game except through ``host.submit``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Protocol

from engine.sizing import BettingContext
from engine.view import PlayerView
from game.input.commands import Command, Ui, UiCommand
from game.input.table_keys import KEYS_SAID
from voice.speak.answers import (
    TABLE_QUERIES,
    TOURNAMENT_QUERIES,
    TableFacts,
    answer,
    answer_table,
    answer_tournament,
)
from voice.speak.line import RECALLED, Priority
from voice.speak.narrator import Narrator
from voice.speak.recap import hand_so_far
from voice.understand.intent import Control, Query


class VoiceTable(Protocol):
    """What the controller needs from the table scene."""

    def voice_turn(self) -> tuple[int | None, BettingContext | None]: ...
    def voice_view(self) -> PlayerView | None: ...
    def voice_facts(self) -> TableFacts: ...
    def sitting_out_now(self) -> bool: ...
    def show(self, text: str, error: bool = False) -> None: ...


class VoiceHost(Protocol):
    """What the controller needs from the application."""

    def submit(self, command: Command) -> None: ...
    def paused(self) -> bool: ...
    def remember_voice(self, **changes: object) -> str | None: ...
    def ask_to_leave(self) -> None: ...
    def ask_to_quit(self) -> None: ...


class Answerer(Protocol):
    """What answering needs from the controller: its narrator, the bots' mute switch, a
    way to answer aloud and a way back to the main thread."""

    narrator: Narrator | None
    bots_muted: bool
    clock: Callable[[], float]

    def reply(self, text: str, now: float, topic: str = "") -> None: ...
    def post(self, call: Callable[[], None]) -> None: ...


def _kept(said: str, problem: str | None) -> str:
    """A reply to a setting changed by voice, with why it won't outlast this game."""
    return said if problem is None else f"{said} for this game only. {problem}"


def answer_query(voice: Answerer, query: Query, table: VoiceTable | None, now: float) -> None:
    """Answer a spoken question (the odds are worked out on a thread, then said)."""
    view = table.voice_view() if table is not None else None
    facts = table.voice_facts() if table is not None else None
    if query in (Query.REPEAT, Query.EARLIER):
        _recall(voice, query, now)
    elif query is Query.KEYS:
        voice.reply(KEYS_SAID, now)
    elif query in TOURNAMENT_QUERIES:  # a Sit & Go's table answers them between hands too
        status_of = getattr(table, "tournament_status", None)
        status = status_of() if status_of is not None else None
        voice.reply(answer_tournament(query, status, view, facts), now)
    elif query in TABLE_QUERIES and facts is not None:
        voice.reply(answer_table(query, facts, view), now)
    elif view is None:
        voice.reply("No hand is being played. Say deal, sit out or rebuy"
                    if query is Query.HELP else "No hand is being played", now)
    elif query is Query.HAND_SO_FAR:
        for line in hand_so_far(view, facts.hand if facts else 0,
                                facts.strength if facts else ""):
            voice.reply(line, now)
    elif query is Query.ODDS:
        voice.reply("Working out your odds", now)
        threading.Thread(target=_odds, args=(voice, view), name="coach", daemon=True).start()
    else:
        voice.reply(answer(query, view, facts=facts), now)


def _recall(voice: Answerer, query: Query, now: float) -> None:
    """ "repeat": the last line said; "before that": one line further back each time
    (said as lines said again, which are not themselves repeated)."""
    recall = voice.narrator.recall if voice.narrator is not None else None
    if query is Query.REPEAT:
        line = recall.again() if recall is not None else None
        voice.reply(line or "Nothing to repeat", now, RECALLED)
    else:
        line = recall.before() if recall is not None else None
        voice.reply(line or "Nothing was said before that", now, RECALLED)


def _odds(voice: Answerer, view: PlayerView) -> None:
    from bots.coach import advise
    try:
        text = advise(view, random.Random(), samples=1500).suggestion
    except Exception as err:  # the coach must never take the game down
        text = f"The coach could not answer ({err})"
    voice.post(lambda: voice.reply(text, voice.clock()))


def run_control(voice: Answerer, control: Control, host: VoiceHost, table: VoiceTable | None,
                now: float) -> None:
    """Carry out a spoken table request (or say why there is nothing to do)."""
    sitting = table is not None and table.sitting_out_now()
    if control is Control.CANCEL:
        voice.reply("Nothing to cancel", now)
    elif control is Control.REBUY:  # "rebuy", "top up": at a freeze-out, the reason
        refusal = getattr(table, "rebuy_refusal", None)
        why = refusal() if refusal is not None else None
        if why:
            voice.reply(why, now)
        else:
            host.submit(UiCommand(Ui.REBUY))
    elif control is Control.SIT_OUT:
        if sitting:
            voice.reply("You are already sitting out", now)
        else:
            host.submit(UiCommand(Ui.SIT_OUT))
    elif control is Control.SIT_IN:
        if sitting:
            host.submit(UiCommand(Ui.SIT_OUT))
        else:
            voice.reply("You are already sitting in", now)
    elif control is Control.DEAL:
        host.submit(UiCommand(Ui.DEAL))
    elif control is Control.PAUSE:
        host.submit(UiCommand(Ui.PAUSE))
    elif control is Control.RESUME:  # the pause menu hears its own "resume"
        voice.reply("The game is not paused", now)
    elif control is Control.MUTE_BOTS:
        voice.bots_muted = True
        if voice.narrator is not None:
            voice.narrator.queue.interrupt(keep=Priority.TABLE)
        voice.reply(_kept("The bots are muted", host.remember_voice(bots_muted=True)), now)
    elif control is Control.UNMUTE_BOTS:
        voice.bots_muted = False
        voice.reply(_kept("The bots can talk again", host.remember_voice(bots_muted=False)),
                    now)
    elif control is Control.SKIP_TOUR:  # the table says whether there was one
        host.submit(UiCommand(Ui.TOUR_SKIP))
    elif control is Control.QUIT:
        host.ask_to_quit()
    elif control is Control.LEAVE:
        host.ask_to_leave()
    else:  # a screen's own command at the table ("sit down", "level three")
        voice.reply("That is for the start screen and the menus: say pause for the menu",
                    now)
