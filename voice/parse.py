"""``python -m voice.parse``: contract 2's JSON Lines filter over :mod:`voice.understand.parse`.

``--help`` lists the phrases a player can say.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from engine import jsonlines
from engine.sizing import BettingContext
from voice.understand.matching import Templates
from voice.understand.parse import DEFAULT_CONTEXT, parse
from voice.understand.phrase_list import phrase_list
from voice.understand.templates import load


def handle(data: Any, templates: Templates | None = None) -> dict[str, Any]:
    """One decoded JSON Lines input to its output object (errors included)."""
    if not isinstance(data, dict):
        return jsonlines.error("Each line must be a JSON object with a \"text\"")
    text = data.get("text")
    if not isinstance(text, str):
        return jsonlines.error("\"text\" must be a string")
    try:
        raw = data.get("context")
        ctx = DEFAULT_CONTEXT if raw is None else BettingContext.from_json(raw)
        return parse(text, ctx, templates).to_json()
    except ValueError as err:
        return jsonlines.error(str(err))


def _usage(templates: Templates) -> argparse.ArgumentParser:
    words = "Words like uh, um, okay, I think, I'll, let's and please around a command are fine."
    return argparse.ArgumentParser(
        prog="python -m voice.parse",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Read JSON Lines from standard input, one per utterance:\n"
            '  {"text": "raise to two hundred", "context": {"big_blind": 10, "pot": 95,\n'
            '   "current_bet": 20, "to_call": 20, "stack": 980, "min_raise_to": 40, ...}}\n'
            "and write one intent per line:\n"
            '  {"intent": "raise", "to": 200, "query": null, "control": null, "error": null}\n'
            "The context is optional; missing keys take defaults; min_raise_to and\n"
            "max_raise_to are null when no bet or raise is possible. A malformed line gives\n"
            '{"error": {"message": ...}} and the next line is read.'
        ),
        epilog=(
            "What a player can say ([ ] optional, ( | ) one of):\n\n"
            f"{phrase_list(templates)}\n\n{words}\n"
            "<amount>: 200, 1,500, 1.5k, two hundred, two fifty, twelve hundred fifty, a grand\n"
            "<multiple>, <blinds>: three, 2.5, two and a half"
        ),
    )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        templates = load()
    except (OSError, ValueError) as err:
        print(f"voice.parse: cannot load the templates: {err}", file=sys.stderr)
        return 1
    _usage(templates).parse_args(argv)
    return jsonlines.serve(lambda data: handle(data, templates))


if __name__ == "__main__":
    sys.exit(main())
