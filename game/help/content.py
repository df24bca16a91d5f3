"""What the help overlay says: the keys, what can be said aloud (plain examples, each
checked against the phrase templates by the tests), and what the stats' abbreviations
mean."""

from __future__ import annotations

from dataclasses import dataclass

from game.input.talk_keys import hold_words
from game.records.histories import history_folder
from game.settings.model import GameSettings, VoiceSettings

PUSH_TO_TALK_ROW = "push-to-talk key"
"""The keys table's push-to-talk row, named with the player's key (:func:`keys`)."""

KEYS: tuple[tuple[str, str], ...] = (
    ("F / C", "fold (asks first when checking is free) / check or call; before your "
              "turn they tick Check/Fold (or Fold) / Check (or Call N)"),
    ("Shift+C", "before your turn: tick Call any"),
    ("R or Enter", "bet or raise to the amount in the box"),
    ("A", "all-in (press again to confirm)"),
    ("Arrows, wheel", "size by a big blind (Shift: five)"),
    ("Home / PgDn / PgUp / End", "minimum / half pot / pot / all-in size"),
    ("digits, Backspace", "type an amount"),
    (PUSH_TO_TALK_ROW, "push-to-talk, when it is on (change them in O)"),
    ("S / B", "sit out next hand (tick) / rebuy or top up"),
    ("N", "waiting for the big blind: post it now and play the next hand"),
    ("Esc or P", "pause: hands, stats, settings, leave"),
    ("O", "settings: volumes, speed, deck, voice, auto top-up (the table waits)"),
    ("I", "a line cut short on the bottom bar, whole (I again closes it)"),
    ("F1 or ?", "this help"),
)

STATS: tuple[tuple[str, str], ...] = (
    ("VPIP", "voluntarily put money in the pot: share of hands a player called or raised "
             "before the flop (blinds alone don't count)"),
    ("PFR", "pre-flop raise: share of hands a player raised before the flop"),
    ("Aggr", "aggression: bets and raises per call after the flop"),
    ("WTSD", "went to showdown: share of the hands that saw the flop which reached the "
             "showdown"),
    ("W$SD", "won money at showdown: share of showdowns won"),
)


@dataclass(frozen=True, slots=True)
class VoiceExample:
    """One row of the "Say (voice)" column: what it does and plain ways to say it."""

    what: str
    examples: tuple[str, ...]

    @property
    def say(self) -> str:
        return " · ".join(self.examples)


SAY: tuple[VoiceExample, ...] = (
    VoiceExample("Fold", ("fold", "I'm out")),
    VoiceExample("Check or call", ("check", "call")),
    VoiceExample("All in", ("all in", "shove")),
    VoiceExample("Bet or raise", ("raise to 200", "bet 60", "make it 80")),
    VoiceExample("Raise by", ("raise by 50", "raise 50 more")),
    VoiceExample("Size by the pot", ("half pot", "pot", "two thirds pot")),
    VoiceExample("Size by the bet", ("double it", "triple it", "three times")),
    VoiceExample("Other sizes", ("min raise", "five big blinds")),
    VoiceExample("Answer the game", ("yes", "no")),
    VoiceExample("Take it back", ("cancel", "wait")),
    VoiceExample("Ask", ("what's the pot", "how much to call")),
    VoiceExample("Ask", ("my cards", "what's the board")),
    VoiceExample("Ask", ("what's my stack", "what are my odds")),
    VoiceExample("Ask", ("whose turn is it", "what happened")),
    VoiceExample("Ask", ("repeat", "what can I say")),
    VoiceExample("Ask", ("what's my position", "who's still in")),
    VoiceExample("Ask", ("what's the minimum raise", "how much time do I have")),
    VoiceExample("Ask", ("what happened this hand", "repeat that again")),
    VoiceExample("Ask", ("how much am I betting", "where am I")),
    VoiceExample("Ask", ("what keys can I use",)),
    VoiceExample("Sit & Go", ("what level is it", "when do the blinds go up")),
    VoiceExample("Sit & Go", ("how many big blinds do I have",)),
    VoiceExample("Your seat", ("sit out", "sit in", "rebuy")),
    VoiceExample("The table", ("deal", "pause", "resume")),
    VoiceExample("The first-run tour", ("skip the tour",)),
    VoiceExample("Leave", ("leave the table", "quit the game")),
    VoiceExample("The bots", ("mute", "unmute")),
)
"""Plain examples a player reads at a glance, in the order of a hand. They are examples,
not the grammar: the phrase templates (voice/data/templates.txt) stay the one source of
what is understood, and the tests check that every example is read by the parser and
that every block of the templates is taught by one (here or in :data:`SAY_SCREENS`)."""

SAY_SCREENS: tuple[VoiceExample, ...] = (
    VoiceExample("Start screen", ("sit down", "new table", "sit and go", "turbo")),
    VoiceExample("Choose", ("level three", "buy in fifty big blinds", "shark")),
    VoiceExample("Choose the bots", ("seat two maniac", "seat three rock",
                                     "seat four station")),
    VoiceExample("Rebuy an amount", ("rebuy for two thousand",)),
    VoiceExample("Settings", ("voice volume fifty", "effects volume thirty", "speed two")),
    VoiceExample("Settings", ("push to talk on", "wake word off", "headphones")),
    VoiceExample("Settings", ("clock thirty seconds", "four colour deck on", "auto rebuy on")),
    VoiceExample("Screens", ("open my stats", "next page", "previous page")),
)
"""The same for the screens around the table: the start screen, the rebuy dialog,
settings and the other menus."""

SAY_NOTE = "Examples, not the only way: any amount works, and \"what can I say\" tells you " \
    "what you can do now"


def voice_examples() -> list[VoiceExample]:
    """The rows of the help's "Say (voice)" column."""
    return list(SAY)


def keys(voice: VoiceSettings) -> list[tuple[str, str]]:
    """The keys table with the player's push-to-talk key and button ("V or middle
    button (hold)")."""
    held = f"{hold_words(voice).replace('the ', '')} (hold)"
    return [(held if key == PUSH_TO_TALK_ROW else key, what) for key, what in KEYS]


def hand_histories(settings: GameSettings) -> str:
    """Where each finished hand is written, and how a tracker finds it."""
    folder = history_folder(settings)
    if folder is None:
        return ("Hand histories are off (histories.write in settings.toml); "
                "`holdem export` still writes them on request.")
    return (f"Each finished hand goes to {folder} (PokerStars text, HH*.txt; a Sit & Go "
            "has one file per tournament and a TS*.txt summary when it ends): point a "
            "tracker's auto-import there (histories.folder in settings.toml moves it). A "
            "damaged save gets its hands back from it.")
