"""The table's keys as said to a player who cannot see them ("what keys can I use" at the
table); the bindings themselves are :mod:`game.input.actionbar`'s."""

from __future__ import annotations

KEYS_SAID = ("At the table: F to fold, C to call or check, A for all in, R or Enter to bet or "
             "raise the amount in the box, the arrows size it, Home the minimum, Page Up the "
             "pot. I reads the message line. S sits out, B rebuys. Escape or P pauses; in "
             "the pause menu L leaves the table and Q quits, each asked first. O opens the "
             "settings, F1 the help")
"""The table's keys, as said ("what keys can I use" at the table)."""
