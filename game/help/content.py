"""What the help overlay says: the keys, what can be said aloud (one example per block of
the voice templates, so it never drifts from what the parser accepts), and what the
stats' abbreviations mean."""

from __future__ import annotations

from dataclasses import dataclass

from game.input.talk_keys import hold_words
from game.settings.model import VoiceSettings
from voice.understand.matching import Templates
from voice.understand.phrase_list import phrase_list
from voice.understand.templates import load

PUSH_TO_TALK_ROW = "push-to-talk key"
"""The keys table's push-to-talk row, named with the player's key (:func:`keys`)."""

KEYS: tuple[tuple[str, str], ...] = (
    ("F / C", "fold (asks first when checking is free) / check or call"),
    ("R or Enter", "bet or raise to the amount in the box"),
    ("A", "all-in (press again to confirm)"),
    ("Arrow keys", "size by a big blind (Shift: five)"),
    ("Home / PgDn / PgUp / End", "minimum / half pot / pot / all-in size"),
    ("digits, Backspace", "type an amount"),
    (PUSH_TO_TALK_ROW, "push-to-talk, when it is on (change them in O)"),
    ("S / B", "sit out or in / rebuy or top up"),
    ("N", "waiting for the big blind: post it now and play the next hand"),
    ("Esc or P", "pause: hands, stats, settings, leave"),
    ("O", "settings: volumes, speed, deck, voice"),
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
    """One block of the voice templates: what it does and one way to say it."""

    what: str
    say: str


def voice_examples(templates: Templates | None = None) -> list[VoiceExample]:
    """The first phrasing of each block of the voice templates (optional words in
    brackets, alternatives between bars): poker actions first, then yes/no, table
    commands and questions, each in the file's order."""
    lines = phrase_list(templates or load()).splitlines()
    out: list[VoiceExample] = []
    for k, line in enumerate(lines):
        if line.endswith(":") and not line.startswith(" ") and k + 1 < len(lines) \
                and lines[k + 1].startswith("  "):
            out.append(VoiceExample(line[:-1], lines[k + 1].strip()))
    return sorted(out, key=_group)


def _group(example: VoiceExample) -> int:
    if example.what.startswith("Ask"):
        return 3
    if example.what.startswith("Table"):
        return 2
    return 1 if example.what in ("Yes", "No") else 0


def keys(voice: VoiceSettings) -> list[tuple[str, str]]:
    """The keys table with the player's push-to-talk key and button ("V or middle
    button (hold)")."""
    held = f"{hold_words(voice).replace('the ', '')} (hold)"
    return [(held if key == PUSH_TO_TALK_ROW else key, what) for key, what in KEYS]
