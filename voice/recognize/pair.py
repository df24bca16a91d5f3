"""Two or three ears on one utterance: pocketsphinx decodes while the player speaks,
Whisper hears the finished utterance, the command spotter (when it listens) looks for
its short commands in it, and the result carries every hearing.

``feed`` goes to both (pocketsphinx's partial text is the one shown), ``settle`` starts
both decodings at the pause (pocketsphinx in its worker process, Whisper on its own
thread, so neither holds the render loop), ``finish`` collects them into one
:class:`~voice.recognize.base.Result` whose ``readings`` are the results (pocketsphinx,
Whisper, then the spotter);
:func:`voice.understand.agreement.decide` turns them into one decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.sizing import BettingContext
from voice.recognize.base import RATE, Result
from voice.recognize.memory import release


class PairedRecognizer:
    """pocketsphinx (``first``), Whisper (``second``) and optionally the command spotter
    (``third``) on the same audio."""

    sample_rate = RATE

    def __init__(self, first: Any, second: Any, third: Any = None):
        self._context: Callable[[], BettingContext | None] = lambda: None
        self.first = first
        self.second = second
        self.third = third
        self.name = "whisper+pocketsphinx" + ("+spotter" if third is not None else "")
        self.early = True  # the fastest two that agree decide (False: always hear Whisper)

    @property
    def ears(self) -> tuple[Any, ...]:
        return (self.first, self.second) if self.third is None else \
            (self.first, self.second, self.third)

    def bind_context(self, context: Callable[[], BettingContext | None]) -> None:
        """Where the legal context comes from: Whisper scores the commands legal now."""
        self._context = context
        bind = getattr(self.second, "bind_context", None)
        if bind is not None:
            bind(context)

    def feed(self, pcm: bytes) -> str:
        for ear in self.ears[1:]:
            ear.feed(pcm)
        return str(self.first.feed(pcm))

    def settle(self) -> None:
        self.second.settle()  # first: its thread starts while pocketsphinx decodes
        for ear in (self.first, *self.ears[2:]):
            ear.settle()

    def finish(self) -> Result:
        """Every ear's result; when pocketsphinx and the spotter agree on a command, the
        two that agree decide (:func:`voice.understand.agreement.decide` would act on
        them whatever Whisper heard), so Whisper's hearing is dropped, not waited for."""
        heard = self.first.finish()
        if self.third is None:
            return self._joined(heard, self.second.finish())
        spotted = self.third.finish()
        if self.early and self._agree(heard, spotted):
            self.second.reset()
            waits = getattr(self.second, "answers", lambda: False)()
            skipped = Result("", (), 0.0, "whisper", {"skipped": 1.0, "answers": float(waits)})
            return self._joined(heard, skipped, spotted)
        return self._joined(heard, self.second.finish(), spotted)

    def _joined(self, heard: Result, *others: Result) -> Result:
        release()  # the ears' buffers for this utterance, back to the system
        return Result(heard.text or others[0].text, heard.alternatives, heard.confidence,
                      self.name, heard.details, heard.paths, heard.second,
                      readings=(heard, *others))

    def _agree(self, heard: Result, spotted: Result) -> bool:
        """pocketsphinx's and the spotter's readings decide without Whisper
        (:func:`voice.understand.agreement.early`)."""
        from voice.pipeline import reading
        from voice.understand.agreement import RULES, early

        if not heard.text or not spotted.text:
            return False
        ctx = self._context()
        waiting = bool(getattr(self.second, "answers", lambda: False)())
        return early(reading(heard, ctx), reading(spotted, ctx), RULES, waiting)

    def reset(self) -> None:
        for ear in self.ears:
            ear.reset()

    def close(self) -> None:
        for ear in self.ears:
            ear.close()
