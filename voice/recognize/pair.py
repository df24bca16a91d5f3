"""Two ears on one utterance: pocketsphinx decodes while the player speaks, Whisper
hears the finished utterance, and the result carries both hearings.

``feed`` goes to both (pocketsphinx's partial text is the one shown), ``settle`` starts
both decodings at the pause (pocketsphinx in its worker process, Whisper on its own
thread, so neither holds the render loop), ``finish`` collects both into one
:class:`~voice.recognize.base.Result` whose ``readings`` are the two results;
:func:`voice.understand.agreement.decide` turns them into one decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.sizing import BettingContext
from voice.recognize.base import RATE, Result


class PairedRecognizer:
    """pocketsphinx (``first``) and Whisper (``second``) on the same audio."""

    name = "whisper+pocketsphinx"
    sample_rate = RATE

    def __init__(self, first: Any, second: Any):
        self.first = first
        self.second = second

    def bind_context(self, context: Callable[[], BettingContext | None]) -> None:
        """Where the legal context comes from: Whisper scores the commands legal now."""
        bind = getattr(self.second, "bind_context", None)
        if bind is not None:
            bind(context)

    def feed(self, pcm: bytes) -> str:
        self.second.feed(pcm)
        return str(self.first.feed(pcm))

    def settle(self) -> None:
        self.second.settle()  # first: its thread starts while pocketsphinx decodes
        self.first.settle()

    def finish(self) -> Result:
        heard = self.first.finish()
        other = self.second.finish()
        return Result(heard.text or other.text, heard.alternatives, heard.confidence,
                      self.name, heard.details, heard.paths, heard.second,
                      readings=(heard, other))

    def reset(self) -> None:
        self.first.reset()
        self.second.reset()

    def close(self) -> None:
        self.first.close()
        self.second.close()
