"""JSON Lines in, JSON Lines out: the loop the four command-line tools share.

Each input line gives exactly one output line, in order (contracts.md). A line that is
not UTF-8, not JSON, or that the tool fails on gives ``{"error": {"message": ...}}``
and the next line is read; nothing a line holds ends the stream.
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
        return json.dumps(error("The answer holds a number too large to write"))


def serve(handle: Handler, lines: Iterable[bytes | str] | None = None,
          out: TextIO | None = None, on_failure: Callable[[], None] | None = None) -> int:
    """Answer every line of ``lines`` (standard input, as bytes) on ``out`` (standard
    output), one line each, flushed as it goes. Returns the exit status, 0."""
    # Standard input as bytes, not text: a line that is not UTF-8 is then that line's
    # error, where a text stream's decoder would fail the whole read.
    source: Iterable[bytes | str] = lines if lines is not None else sys.stdin.buffer
    sink = out or sys.stdout
    for line in source:
        sink.write(encode(answer(line, handle, on_failure)) + "\n")
        sink.flush()
    return 0

