"""``python -m voice.transcribe``: WAV file to text and intent (contract 3).

Each input line ``{"wav": "path.wav", "context": {...}, "question": false}`` gives one
output line
``{"text", "intent": {contract 2}, "backend", "confidence", "latency_ms", "decision",
"readings"}``: ``decision`` is what the game would do with it on the player's turn (act,
ask, offer, none: :func:`game_decision`), ``readings`` each recognizer's own hearing
(two when Whisper and pocketsphinx both listen, three with the command spotter, whose
``text`` is the command it spotted or ``""``). ``question`` true: a yes/no question
waits, so "yes" and "no" are answers, heard and decided as the game does while one
waits. The file is
streamed in 100 ms blocks through the same gate, recognizer and parser as the
microphone. ``latency_ms`` is the time from the end of the speech to the intent being
ready as if the blocks arrived in real time: the processing is timed, the waiting for
audio is accounted for but not slept (``--realtime`` really waits).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine import jsonlines
from engine.sizing import BettingContext
from voice.listen.audio import AudioFileError, WavFileSource
from voice.pipeline import Listener, Utterance
from voice.recognize.base import Recognizer
from voice.recognize.models import choose_backend, make_recognizer
from voice.recognize.pair import hear_screens
from voice.understand.intent import Intent, IntentKind
from voice.understand.parse import DEFAULT_CONTEXT, parse


def transcribe(path: str | Path, ctx: BettingContext, recognizer: Recognizer,
               *, realtime: bool = False, question: bool = False,
               screen: bool = False) -> dict[str, Any]:
    """One file to contract 3's output object (AudioFileError when unreadable);
    ``question``: a yes/no question waits for the answer; ``screen``: heard as on a
    screen around the table (the start screen, a dialog), with the screens' words."""
    hear_screens(recognizer, screen)
    whisper = getattr(recognizer, "second", None)
    if whisper is not None and hasattr(whisper, "answers"):
        whisper.answers = lambda: question  # as the game does while a question waits
    heard_in = None if screen else ctx  # a screen has no bet: the game's context is none
    with WavFileSource(path, realtime=realtime) as source:
        text, intent, confidence, latency, heard = listen(source, source.sample_rate,
                                                          heard_in, recognizer)
    out = _output(text, intent, confidence, latency, backend=recognizer.name)
    last = heard[-1] if heard else None
    out["decision"] = game_decision(intent, confidence, ctx, last, question)
    out["readings"] = _readings(last, ctx)
    return out


def game_decision(intent: Intent, confidence: float, ctx: BettingContext,
                  last: Utterance | None, question: bool = False) -> str:
    """act / ask / offer / none: the ears' decision when several listened, then the
    confirm machine's own rules (an all-in, a fold that could check and a table command
    that changes the player's seat are asked, and so is a single recognizer's unsure
    reading). A yes or no with no ``question`` waiting answers nothing: none."""
    from voice.confirm import ConfirmController, EffectKind, Heard

    decision = last.decision if last is not None else None
    if intent.intent is IntentKind.UNKNOWN or intent.error is not None:
        return "none"
    if intent.intent in (IntentKind.CONFIRM, IntentKind.DENY) and not question:
        return "none"
    if decision is not None and decision.kind.value in ("offer", "none"):
        return decision.kind.value
    if intent.intent in (IntentKind.CONFIRM, IntentKind.DENY):
        return "act"  # the answer to the question that waits
    controller = ConfirmController(0)
    controller.set_turn(1)
    effects = controller.hear(Heard(0, 1, intent, confidence, ctx), 0.0)
    asked = any(e.kind is EffectKind.SAY and e.text.endswith("Say yes or no")
                for e in effects)
    return "ask" if asked else "act"


def _readings(last: Utterance | None, ctx: BettingContext) -> list[dict[str, Any]]:
    """Each recognizer's own hearing of the last utterance, best first."""
    if last is None:
        return []
    results = last.result.readings or (last.result,)
    return [{"backend": r.backend, "text": r.text, "intent": parse(r.text, ctx).to_json()}
            for r in results]


def listen(blocks: Iterable[bytes], sample_rate: int, ctx: BettingContext | None,
           recognizer: Recognizer) -> tuple[str, Intent, float, float, list[Utterance]]:
    """Stream blocks through gate, recognizer and parser as if they arrived in real
    time; returns (text, intent, confidence, latency_ms, utterances heard)."""
    listener = Listener(recognizer, sample_rate, context=lambda: ctx)
    heard: list[Utterance] = []
    position = 0
    for block in blocks:
        position += len(block) // 2
        heard += listener.push(block, position / sample_rate)
    heard += listener.flush(position / sample_rate)
    text, intent, confidence, latency = joined(heard, ctx)
    return text, intent, confidence, latency, heard


def joined(heard: Sequence[Utterance], ctx: BettingContext | None
           ) -> tuple[str, Intent, float, float]:
    """The utterances of one file as one hearing: (text, intent, confidence,
    latency_ms); the last utterance's, or the whole when the gate split a phrase."""
    if not heard:
        return "", Intent(IntentKind.UNKNOWN), 0.0, 0.0
    last = heard[-1]
    text, intent = last.text, last.intent
    if len(heard) > 1:  # the gate split a phrase at a pause: read it whole if it parses
        whole = " ".join(u.text for u in heard if u.text)
        joined = parse(whole, ctx)
        if joined.intent is not IntentKind.UNKNOWN:
            text, intent = whole, joined
        elif intent.intent is IntentKind.UNKNOWN:
            known = [u for u in heard if u.intent.intent is not IntentKind.UNKNOWN]
            if known:
                text, intent = known[-1].text, known[-1].intent
    confidences = [u.confidence for u in heard if u.text]
    confidence = min(confidences) if text and confidences else 0.0
    return text, intent, confidence, last.latency_ms


def _output(text: str, intent: Intent, confidence: float, latency_ms: float,
            heard: object = None, *, backend: str) -> dict[str, Any]:
    return {"text": text, "intent": intent.to_json(), "backend": backend,
            "confidence": round(float(confidence), 3), "latency_ms": round(latency_ms, 1)}


def handle(data: Any, recognizer: Recognizer, *, realtime: bool = False) -> dict[str, Any]:
    """One decoded JSON Lines input to its output object (errors included)."""
    if not isinstance(data, dict):
        return jsonlines.error('Each line must be a JSON object with a "wav" path')
    wav = data.get("wav")
    if not isinstance(wav, str) or not wav:
        return jsonlines.error('"wav" must be a path to a WAV file')
    question = data.get("question", False)
    if not isinstance(question, bool):
        return jsonlines.error('"question" must be true or false')
    screen = data.get("screen", False)
    if not isinstance(screen, bool):
        return jsonlines.error('"screen" must be true or false')
    try:
        raw = data.get("context")
        ctx = DEFAULT_CONTEXT if raw is None else BettingContext.from_json(raw)
        return transcribe(wav, ctx, recognizer, realtime=realtime, question=question,
                          screen=screen)
    except (AudioFileError, ValueError) as err:
        return jsonlines.error(str(err))


def main(argv: Sequence[str] | None = None) -> int:
    args = argparse.ArgumentParser(
        prog="python -m voice.transcribe",
        description='Read JSON Lines {"wav": "file.wav", "context": {...}, "question": '
                    'false} and write '
                    '{"text", "intent", "backend", "confidence", "latency_ms", "decision", '
                    '"readings"} per line.')
    args.add_argument("--realtime", action="store_true",
                      help="stream each file at the speed of speech (slow)")
    args.add_argument("--vosk-model", help="a Vosk model folder to prefer")
    options = args.parse_args(argv)
    try:
        choice = choose_backend(options.vosk_model, whisper=not options.vosk_model)
        recognizer: Any = make_recognizer(choice)
    except Exception as err:  # no recognizer at all: the tool cannot start
        print(f"voice.transcribe: no speech recognizer available: {err}", file=sys.stderr)
        return 1
    if options.vosk_model and recognizer.name != "vosk":
        why = choice.reason if choice.name != "vosk" else \
            f"The Vosk model at {choice.model_path} did not load; using pocketsphinx."
        print(f"voice.transcribe: --vosk-model {options.vosk_model}: {why}", file=sys.stderr)
    return jsonlines.serve(lambda data: handle(data, recognizer, realtime=options.realtime),
                           on_failure=recognizer.reset)


if __name__ == "__main__":
    sys.exit(main())
