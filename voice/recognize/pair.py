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
from dataclasses import replace
from typing import Any

from engine.sizing import BettingContext
from voice.recognize.base import RATE, Result
from voice.recognize.memory import release
from voice.understand.intent import SCREEN_INTENTS, IntentKind
from voice.understand.parse import parse


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
        self.screens = False  # a screen around the table listens: no ear's bet counts

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
        heard = self._kept(self.first.finish())
        if self.third is None:
            return self._joined(heard, self.second.finish())
        spotted = self._kept(self.third.finish())
        if self.early and self._agree(heard, spotted):
            self.second.reset()
            waits = getattr(self.second, "answers", lambda: False)()
            skipped = Result("", (), 0.0, "whisper", {"skipped": 1.0, "answers": float(waits)})
            return self._joined(heard, skipped, spotted)
        return self._joined(heard, self.second.finish(), spotted)

    def set_screens(self, on: bool) -> None:
        """A screen around the table listens (or the table again), from the next
        utterance on: a reading that means a bet, a call or another action is set aside
        there (no screen takes one), so another ear's screen command decides."""
        self.screens = on
        for ear in self.ears:
            if hasattr(ear, "set_screens"):
                ear.set_screens(on)

    def _joined(self, heard: Result, *others: Result) -> Result:
        release()  # the ears' buffers for this utterance, back to the system
        heard, *rest = (self._kept(r) for r in (heard, *others))
        others = tuple(rest)
        return Result(heard.text or others[0].text, heard.alternatives, heard.confidence,
                      self.name, heard.details, heard.paths, heard.second,
                      readings=(heard, *others))

    def _kept(self, result: Result) -> Result:
        """``result`` as it counts here: on a screen, without its betting actions."""
        return _no_action(result) if self.screens else result

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


def hear_screens(recognizer: Any, on: bool) -> None:
    """Tell the recognizer (each of its ears) whether a screen around the table listens
    (the start screen, a dialog): pocketsphinx then hears with the screens' model, which
    knows "sit down" and "level three", Whisper scores the screens' commands, and no
    ear's betting action counts."""
    if hasattr(recognizer, "set_screens"):
        recognizer.set_screens(on)


def _no_action(result: Result) -> Result:
    """``result`` with every hearing that means a betting action left out (on a screen):
    its best text, its alternatives and paths, its second hearing."""
    def kept(text: str) -> bool:
        kind = parse(text).intent if text else IntentKind.UNKNOWN
        return kind in SCREEN_INTENTS or kind is IntentKind.UNKNOWN

    if all(kept(t) for t in (result.text, *result.alternatives, *result.paths,
                             result.second)):
        return result
    alternatives = tuple(t for t in result.alternatives if kept(t))
    text = result.text if kept(result.text) else ""
    return replace(result, text=text, alternatives=alternatives if text else (),
                   confidence=result.confidence if text else 0.0,
                   paths=tuple(t for t in result.paths if kept(t)),
                   second=result.second if kept(result.second) else "",
                   details={**result.details, "set_aside": 1.0})
