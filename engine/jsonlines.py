"""JSON Lines in, JSON Lines out: the loop the four command-line tools share.

Each input line gives exactly one output line, in order (docs/tools.md). A line that is
not UTF-8, not JSON, or that the tool fails on gives ``{"error": {"message": ...}}``
and the next line is read; nothing a line holds ends the stream. The exit status is 0,
or 1 when there was input and every line got an error line, so a script notices a run
in which nothing worked (no input at all still exits 0).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

Handler = Callable[[Any], dict[str, Any]]
"""A tool's work on one decoded line; may raise (the line then reports the error)."""


class LineError(ValueError):
    """An input line that cannot be read, in words for the person who wrote it."""


def error(message: str) -> dict[str, Any]:
    """The contracts' error line."""
    return {"error": {"message": message}}


def decode(line: bytes | str) -> Any:
    """One line's JSON value; ``LineError`` says what is wrong with it."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as err:
            raise LineError(f"Not UTF-8 text (byte {err.start + 1})") from None
    try:
        return json.loads(line)
    except json.JSONDecodeError as err:
        raise LineError(f"Not valid JSON: {err.msg} at column {err.colno}") from None
    except RecursionError:
        raise LineError("Not valid JSON: nested too deeply") from None
    except ValueError as err:  # e.g. an integer of more digits than Python converts
        raise LineError(f"Not valid JSON: {err}") from None


def answer(line: bytes | str, handle: Handler,
           on_failure: Callable[[], None] | None = None) -> dict[str, Any]:
    """The output object for one input line, never raised: a line that can't be read,
    or on which ``handle`` fails, gives an error object (``on_failure`` runs first)."""
    try:
        value = decode(line)
    except LineError as err:
        return error(str(err))
    try:
        return handle(value)
    except Exception as err:  # a bug on one line must not end the stream
        if on_failure is not None:
            on_failure()
        return error(f"Internal error: {err}")


def encode(out: dict[str, Any]) -> str:
    """Strict JSON text for an output object (no NaN or Infinity); an error object
    when the answer can't be written (a number of thousands of digits)."""
    try:
        return json.dumps(out, allow_nan=False)
    except (ValueError, RecursionError):
        return _UNWRITABLE


_UNWRITABLE = json.dumps(error("The answer holds a number too large to write"))


def serve(handle: Handler, lines: Iterable[bytes | str] | None = None,
          out: TextIO | None = None, on_failure: Callable[[], None] | None = None) -> int:
    """Answer every line of ``lines`` (standard input, as bytes) on ``out`` (standard
    output), one line each, flushed as it goes. Returns the exit status: 1 when every
    line (at least one) was answered with an error line, else 0."""
    # Standard input as bytes, not text: a line that is not UTF-8 is then that line's
    # error, where a text stream's decoder would fail the whole read.
    source: Iterable[bytes | str] = lines if lines is not None else sys.stdin.buffer
    sink = out or sys.stdout
    answered = failed = 0
    for line in source:
        reply = answer(line, handle, on_failure)
        text = encode(reply)
        sink.write(text + "\n")
        sink.flush()
        answered += 1
        failed += is_error_line(reply) or text == _UNWRITABLE
    return 1 if answered and failed == answered else 0


def is_error_line(reply: dict[str, Any]) -> bool:
    """Whether an answer is the error line (nothing but ``error``), rather than a tool's
    answer that merely carries an ``error`` field (an illegal action in a replay)."""
    return set(reply) == {"error"}

