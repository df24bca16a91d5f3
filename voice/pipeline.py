"""The listening pipeline: audio blocks -> gate -> recognizer -> intent.

:class:`Listener` cuts a stream into utterances with the gate and hands each to a
:class:`~voice.recognize.base.Recognizer` (:mod:`voice.recognize.vosk`,
:mod:`voice.recognize.pocketsphinx`). Whatever a backend returns is re-checked by the parser:
:func:`best_intent` takes the first alternative that parses to a known intent, and
:func:`intent_confidence` says how sure to be of it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.sizing import BettingContext
from voice.recognize.base import AGREEMENT_PATHS, UNKNOWN_WORD, Recognizer, Result
from voice.recognize.pocketsphinx import PocketSphinxRecognizer
from voice.recognize.sphinx_lm import chip_amount, spoken_amount
from voice.recognize.vosk import VoskRecognizer
from voice.understand import agreement
from voice.understand.agreement import Decision, Reading, decide
from voice.understand.intent import SCREEN_INTENTS, Intent, IntentKind

# game/ and benchmarks/ import these from here; the backends live in their own modules.
__all__ = ["AGREEMENT_SCALE", "Decision", "Listener", "PocketSphinxRecognizer", "Recognizer",
           "Result", "Utterance", "VoskRecognizer", "best_intent", "chip_amount", "decided",
           "heard_as", "intent_confidence", "reading", "spoken_amount", "understand"]


def _default_parse() -> Callable[[str, BettingContext | None], Intent]:
    from voice.understand.parse import parse

    return parse


def best_intent(result: Result, ctx: BettingContext | None = None,
                parse: Callable[[str, BettingContext | None], Intent] | None = None,
                ) -> tuple[Intent, str]:
    """The first alternative that parses to a known intent, and its text; an unknown
    intent (with the best text) when none does."""
    parse = parse or _default_parse()
    for text in result.alternatives or (result.text,):
        if not text or UNKNOWN_WORD in text.split():
            continue
        intent = parse(text, ctx)
        if intent.intent is not IntentKind.UNKNOWN:
            return intent, text
    return Intent(IntentKind.UNKNOWN), result.text


def screen_parse(text: str, ctx: BettingContext | None = None) -> Intent:
    """The parser as a screen around the table reads words: a betting action means
    nothing there (so "fifty big blinds" left of "buy in fifty big blinds" is not a bet,
    and another ear's screen command decides)."""
    intent = _default_parse()(text, ctx)
    return intent if intent.intent in SCREEN_INTENTS else Intent(IntentKind.UNKNOWN)


AGREEMENT_SCALE = 5 / 6


def intent_confidence(result: Result, intent: Intent, ctx: BettingContext | None = None,
                      parse: Callable[[str, BettingContext | None], Intent] | None = None,
                      ) -> float:
    """How sure to be of ``intent``: the recognizer's confidence, or, when higher, the
    share of its best paths (:data:`AGREEMENT_PATHS`) that mean the same thing, scaled
    so 60% agreement is 0.5, the confirm threshold.

    A lattice posterior is split between every alignment and wording of one command
    ("raise to two hundred", "raise it to two hundred"), so a clearly heard command can
    score low. On the voice benchmark, also acting on 60% agreement let 24% more right
    commands through without a question (37 -> 46 of 320; development set 45 -> 56 of
    400) and no more wrong ones."""
    if not result.paths or intent.intent is IntentKind.UNKNOWN:
        return result.confidence
    parse = parse or _default_parse()
    meanings: dict[str, bool] = {}
    agree = 0
    paths = result.paths[:AGREEMENT_PATHS]
    for text in paths:
        if text not in meanings:
            meanings[text] = parse(text, ctx).meaning == intent.meaning
        agree += meanings[text]
    return max(result.confidence, AGREEMENT_SCALE * agree / len(paths))

SALVAGE = True
"""Read the last complete command of an utterance that means nothing whole
(:mod:`voice.understand.salvage`); a switch for the benchmark."""

AGREEMENT = True
"""Lift the confidence of a reading the recognizer's second hearing agrees with
(:func:`voice.understand.trust.agreed`); a switch for the benchmark."""


def understand(result: Result, ctx: BettingContext | None = None,
               parse: Callable[[str, BettingContext | None], Intent] | None = None,
               ) -> tuple[Intent, str, float]:
    """What an utterance means, its text and how sure to be: :func:`best_intent`, else
    the last complete command in it at a lowered confidence; then the confidence is
    calibrated for the heard intent (:mod:`voice.understand.trust`: a fold needs more, and so does a
    wager sized by one confusable word, "double"), after a second hearing that means
    the same has lifted it (:func:`voice.understand.trust.agreed`)."""
    from voice.understand.salvage import SALVAGED_CONFIDENCE, last_command
    from voice.understand.trust import agreed, calibrated, confusable_size, sized_by_word

    parse = parse or _default_parse()
    intent, text = best_intent(result, ctx, parse)
    confidence = intent_confidence(result, intent, ctx, parse)
    if intent.intent in (IntentKind.BET, IntentKind.RAISE) and confusable_size(text):
        return intent, text, sized_by_word(confidence)  # "double": never lifted
    if AGREEMENT and result.second and UNKNOWN_WORD not in result.second.split():
        confidence = agreed(intent, confidence, parse(result.second, ctx))
    if intent.intent is IntentKind.UNKNOWN and SALVAGE:
        texts = [t for t in result.alternatives or (result.text,)
                 if t and UNKNOWN_WORD not in t.split()]
        found = last_command(texts, ctx, parse)
        if found is not None:
            intent, text = found
            confidence *= SALVAGED_CONFIDENCE
    return intent, text, calibrated(intent.intent, confidence)


def decided(result: Result, ctx: BettingContext | None = None,
            parse: Callable[[str, BettingContext | None], Intent] | None = None,
            ) -> Decision | None:
    """Two or three ears (``result.readings``): each hearing understood on its own
    (:func:`understand`), then one decision (:func:`voice.understand.agreement.decide`);
    None for a single recognizer's result."""
    if len(result.readings) not in (2, 3):
        return None
    first, second, *third = (reading(r, ctx, parse) for r in result.readings)
    waiting = result.readings[1].details.get("answers", 0.0) > 0
    return decide(first, second, agreement.RULES, waiting, third[0] if third else None)


def heard_as(result: Result, ctx: BettingContext | None = None,
             parse: Callable[[str, BettingContext | None], Intent] | None = None,
             ) -> tuple[Intent, str, float, Decision | None]:
    """One closed utterance's meaning, text and confidence, and the ears' decision when
    several listened (:func:`decided`; else one recognizer's :func:`understand`): what
    the listener hands on, and what a benchmark replaying kept results reads."""
    decision = decided(result, ctx, parse)
    if decision is not None:
        return decision.intent, decision.text, decision.confidence, decision
    intent, text, confidence = understand(result, ctx, parse)
    return intent, text, confidence, None


def reading(result: Result, ctx: BettingContext | None = None,
            parse: Callable[[str, BettingContext | None], Intent] | None = None) -> Reading:
    """One recognizer's hearing for :func:`voice.understand.agreement.decide`: what it
    means (:func:`understand`) and what its own second hearing means."""
    parse = parse or _default_parse()
    if result.backend == "spotter":  # a command's words and the head's probability
        spotted = parse(result.text, ctx) if result.text else Intent(IntentKind.UNKNOWN)
        return Reading(result.backend, spotted, result.confidence, result.text)
    intent, text, confidence = understand(result, ctx, parse)
    also = None
    if result.second and UNKNOWN_WORD not in result.second.split():
        heard = parse(result.second, ctx)
        if heard.intent is not IntentKind.UNKNOWN:  # an error kept: "check" facing a bet
            also = heard
    whole = result.text if text not in (result.text, *result.alternatives) else ""
    return Reading(result.backend, intent, confidence, text, also, result.second, whole)


# --- the listening pipeline ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Utterance:
    """One closed utterance: what was heard and what it means.

    ``speech_end`` is the stream time of the last loud frame and ``ready_at`` the
    stream time the intent was ready, when blocks arrive in real time and are processed
    as they come (processing is timed; the waiting between blocks is not slept).
    """

    result: Result
    intent: Intent
    text: str
    speech_end: float
    ready_at: float
    confidence: float = 0.0  # in the intent (:func:`intent_confidence`)
    decision: Decision | None = None  # two ears: what they decided together
    after: float = math.inf  # seconds from the previous utterance's end to this one's start

    @property
    def latency_ms(self) -> float:
        return max(0.0, (self.ready_at - self.speech_end) * 1000)


SETTLE_MS = 100
"""The quiet (ms) after which the recognizers start on an utterance."""


class Listener:
    """Source blocks -> 16 kHz -> gate -> recognizer -> parser.

    ``push(block, now)`` with the time the block arrived; returns the utterances that
    closed. ``context`` supplies the betting context the parser reads amounts with.

    Once an utterance has been quiet for ``settle_ms`` the recognizer is asked to
    ``settle`` (work out its result while the gate waits out the rest of its hangover)
    and the quiet audio that follows is held back: if the gate closes the utterance,
    ``finish`` returns the settled result at once; if the speaker goes on, the held
    audio is fed first and the recognizer starts over.
    """

    def __init__(self, recognizer: Recognizer, source_rate: int, gate: Any = None,
                 context: Callable[[], BettingContext | None] | None = None,
                 timer: Callable[[], float] | None = None, settle_ms: int = SETTLE_MS):
        from voice.listen.audio import Resampler
        from voice.listen.gate import SpeechGate

        self.recognizer = recognizer
        self.gate = gate if gate is not None else SpeechGate(recognizer.sample_rate)
        self._resampler = Resampler(source_rate, recognizer.sample_rate)
        self._context: Callable[[], BettingContext | None] = context or (lambda: None)
        bind = getattr(recognizer, "bind_context", None)
        if bind is not None:  # Whisper scores the commands legal in this context
            bind(self._context)
        self._timer = timer or time.perf_counter
        self._busy_until = 0.0
        self._settle_ms = settle_ms
        self._held: list[bytes] | None = None  # quiet audio since the recognizer settled
        self.partial = ""
        self.dropped = 0
        self.resets = 0
        self._opened = 0.0  # stream time the utterance in progress opened
        self._last_end = -math.inf  # ... and the previous one's speech ended

    def push(self, block: bytes, now: float) -> list[Utterance]:
        from voice.listen.gate import GateEvent

        began = self._timer()
        clock = max(self._busy_until, now)
        pcm = self._resampler.process(block)
        step = self.gate.push(pcm, now)
        done: list[Utterance] = []
        for event in step.events:
            if event is GateEvent.RESET:
                self.recognizer.reset()
                self._held = None
                self.resets += 1
                self.partial = ""
        if step.has(GateEvent.START):
            self.recognizer.reset()
            self._held = None
            self._opened = now
        if self._held is not None:
            if step.loud:  # the speaker went on: catch the recognizer up
                self.recognizer.feed(b"".join(self._held))
                self._held = None
            else:  # still quiet: the settled result stands
                self._held.append(step.audio)
        if self._held is None and step.audio:
            self.partial = self.recognizer.feed(step.audio)
        if self._held is None and self.gate.in_speech and step.quiet_ms >= self._settle_ms:
            self.recognizer.settle()
            self._held = []
        if step.has(GateEvent.DROP):
            self.recognizer.reset()
            self._held = None
            self.dropped += 1
            self.partial = ""
        if step.has(GateEvent.END):
            self._held = None
            result = self.recognizer.finish()
            # On a screen around the table no bet is taken: no ear's words mean one there.
            screens = getattr(self.recognizer, "screens", False)
            intent, text, confidence, decision = heard_as(
                result, self._context(), screen_parse if screens else None)
            self.partial = ""
            ready = clock + (self._timer() - began)
            end = step.speech_end if step.speech_end is not None else now
            after = self._gap()
            self._last_end = end
            done.append(Utterance(result, intent, text, end, ready, confidence, decision,
                                  after))
        self._busy_until = clock + (self._timer() - began)
        return done

    def following(self) -> float:
        """While an utterance is open, how soon (seconds) it began after the previous
        one ended; infinity when none is open."""
        return self._gap() if self.gate.in_speech else math.inf

    def _gap(self) -> float:
        return max(0.0, self._opened - self._last_end)

    def flush(self, now: float) -> list[Utterance]:
        """End of stream: close an utterance still open (as if silence followed)."""
        silence = bytes(2 * self.recognizer.sample_rate * (self.gate.config.hangover_ms + 20)
                        // 1000)
        out: list[Utterance] = []
        if self.gate.in_speech:
            out = self.push_resampled(silence, now)
        return out

    def push_resampled(self, pcm: bytes, now: float) -> list[Utterance]:
        """Like ``push`` for audio already at the recognizer's rate."""
        saved = self._resampler
        from voice.listen.audio import Resampler

        self._resampler = Resampler(self.recognizer.sample_rate, self.recognizer.sample_rate)
        try:
            return self.push(pcm, now)
        finally:
            self._resampler = saved

    def reset(self) -> None:
        """Forget the utterance in progress (the game started speaking, a new turn)."""
        self.gate.reset()
        self.recognizer.reset()
        self._held = None
        self.partial = ""
