"""The last complete command in an utterance that, whole, means nothing.

When other people talk around the player, an utterance can carry their words before
the command: "i guess it all in my raise to two hundred". Read whole, that is unknown;
its longest ending that parses ("raise to two hundred") is most likely what the player
said last. :func:`last_command` finds it, and the caller lowers its confidence, so
the game says it back as a question rather than acting on it or throwing it away.

Yes and no are never salvaged: a "right" or "okay" at the end of someone else's
sentence must not answer the game's question. Nor is a bare number ("two hundred"),
which the parser resolves but the game never acts on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.sizing import BettingContext
from voice.understand.intent import Intent, IntentKind

SALVAGED_CONFIDENCE = 0.5
"""A salvaged command's confidence is multiplied by this (below the confirm threshold
for any confidence under 1)."""

_NEVER = frozenset({IntentKind.UNKNOWN, IntentKind.CONFIRM, IntentKind.DENY})


def last_command(texts: Iterable[str], ctx: BettingContext | None,
                 parse: Callable[[str, BettingContext | None], Intent]
                 ) -> tuple[Intent, str] | None:
    """The longest proper ending of the first of ``texts`` that has one which parses
    to a command that can be used as it stands (no error; not yes/no, not a bare
    number), and that ending; None when there is none."""
    for text in texts:
        words = text.split()
        for start in range(1, len(words)):
            tail = " ".join(words[start:])
            intent = parse(tail, ctx)
            if intent.intent in _NEVER or intent.error is not None:
                continue  # includes a bare amount: "Say bet 200 to bet that"
            return intent, tail
    return None
