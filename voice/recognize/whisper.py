"""Whisper (tiny.en through CTranslate2, int8 on CPU) behind the Recognizer interface.

The second ear. It hears the finished utterance (``settle`` starts it at the pause, on
its own thread: CTranslate2 releases the GIL, so the render loop keeps drawing) in two
ways from one encoder pass:

* **closed set**: every command legal now (:mod:`voice.recognize.closed_set`) and a few
  the rules refuse, marked, written as Whisper writes it (" Raise to 200."), scored by
  the decoder's teacher-forced token log-probabilities. The candidates form a prefix
  tree walked a token at a time: one batched decoder step per depth scores every
  child of every kept node at once (all amounts after " Bet" come from one row), and
  only the best ``beam`` nodes go on. The walk runs on
  :mod:`voice.recognize.whisper_decoder` (numpy, each node one step over its parent's
  cached state); CTranslate2, which recomputes every row from the first token, encodes
  and transcribes. CTranslate2's ``align`` scores a candidate at a time and was
  measured ~10x slower than its own batched walk.
* **free**: greedy transcription of the same encoder output, which is also the
  "none of these" reading: a best candidate scored far below what Whisper would write
  freely is not what was said.

The result's ``text`` is the best candidate in the parser's words ("raise to 200"),
``second`` the free transcription, ``confidence`` from the margin to the best candidate
that means something else (``details`` carries the figures). A refused pick ("raise to
200" with the minimum at 240) is the text like any other: the parser reads it with its
reason (``Intent.error``), which is said and never acted on.
"""

from __future__ import annotations

import functools
import math
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from engine.sizing import BettingContext
from voice.recognize.base import RATE, Result
from voice.recognize.closed_set import (
    Candidate,
    bare_candidates,
    candidates,
    meaning,
    screen_candidates,
    with_amounts,
)
from voice.recognize.whisper_decoder import WhisperDecoder
from voice.recognize.whisper_features import log_mel
from voice.understand.agreement import ANSWERS
from voice.understand.intent import SCREEN_INTENTS, Intent, IntentKind
from voice.understand.numbers import heard_amounts
from voice.understand.parse import DEFAULT_CONTEXT

ContextSource = Callable[[], BettingContext | None]

LOOKED_AT = 40
"""The best-scored candidates parsed for their meaning in the context (most are legal:
the first or second is nearly always the best, the rest find the best other meaning)."""


@dataclass(frozen=True, slots=True)
class WhisperTuning:
    """``threads``: CTranslate2's intra-op threads (the machine has other work);
    ``window``: seconds of audio the encoder sees (the utterance is cut or padded to
    it: shorter windows are faster; Whisper was trained on 30 s); ``beam``: prefix-tree
    nodes kept per step; ``alpha``: length normalisation, a candidate's score is its
    log-probability over ``tokens ** alpha``; ``margin``: the normalised score lead
    over the best other meaning read as confidence 0.5; ``none_gap``: how far (nats per
    token) the best candidate may fall below the free transcription before the
    utterance reads as none of the commands; ``free_tokens``: the free transcription's
    length cap (it loops otherwise).

    Measured on the voice benchmark's development set (quick, 160 commands): a window
    of 8 s understood 59.4% with both ears and asked 63.5% of right commands (5 s:
    58.8% / 68.3%; 10 s: 57.5% / 63.9%; 15 s: 57.5% / 64.5%; 3 s with beam 4: 54.4%);
    beam 4 lost 3 points at 5 s, beam 12 gained nothing over 8. Later, on the full
    development set replayed offline (480 commands): pruning prefixes 6 nats below the
    best one cut Whisper's CPU per utterance from 309 to 247 ms (decoder rows 28.8 ->
    20.7) with 320 against 319 understood but one more wrong action (4 against 3), and 4
    nats 217 ms with 317 understood; a 5 s window with it 239 ms and 313: both left off.
    ``trim``: the decoder attends only to the speech and this many seconds after it
    (with CTranslate2's walk, a candidate row's cost was mostly attention over the
    encoder's 400 frames). Full
    development set, one pass each on the same renders, both ears and this round's
    rules: trim 1 s took Whisper's work per command from p50 560 to 389 ms but
    understood 71.5% -> 69.4% with wrong actions 1 -> 2 of 480; 2 s: 398 ms, 70.0%, 2
    wrong. Left off.

    The walk moved from CTranslate2's ``generate`` (each row recomputed from the first
    token, with the cross-attention over every encoder frame: ~9 ms a row) to the numpy
    decoder with cached states: Whisper's work per command on 40 cached clips alone
    407 -> 212 ms (the walk 313 -> 117 ms on one BLAS thread), the same scores to 0.002
    nats as CTranslate2's float32 decoder (its int8 one differs by up to ~0.5).
    ``blas_threads``: numpy's BLAS threads while walking. With 2, the benchmark's two
    listeners sharing the 2 cores spent more CPU than the walk saved (OpenBLAS threads
    wait spinning): development set end of speech to intent p50 874 ms against 481 ms
    with 1; alone (bench_whisper_frames) 2 threads took p50 143 ms a command against
    174 ms with 1. ``compute_type``: CTranslate2's float32 weights in place of int8
    (development set, both ears): understood 70.8 -> 71.5%, but Whisper's work p50 ->
    675 ms and end of speech to intent p50 -> 976 ms, and the model's memory three
    times int8's: left at int8 (int16 is not offered on this CPU). ``beam`` again, now
    that a row is cheap (full development set, both ears): 16 understood 71.0% (one
    command more) with Whisper's work p50 307 ms, 32 understood 70.8% with one wrong
    action and 377 ms, against 70.8% and 293 ms with 8: 8 kept.

    ``prompt``: earlier text (Whisper's ``<|startofprev|>``) the walk is conditioned on,
    and with ``prompt_free`` the free transcription too. Full development set, both
    ears, against 71.0% understood, 0 wrong actions, 50.7% of right commands asked and 2
    requests done per 10 minutes of no-command audio: " Call. Check. Fold. Bet 60.
    Raise to 200. All in. Half pot. What's the pot?" 76.2%, 1 wrong, 58.3% asked, 8
    requests (with the free transcription: 76.5% but 5 wrong, three "raise two hundred
    ninety" done as "raise 200", the prompt's amount); without the amounts 73.8% / 1 /
    54.5% / 6, with the free transcription 73.5% / 1 / 44.0% / 8, end of speech to
    intent p50 491 -> 577 ms. That last one on the test set and the held-out families:
    test 64.2% (the same), festival 80.0 -> 82.4%, the Piper voice 84.7 -> 80.0%: it
    did not hold on the human-like voice, so no prompt.

    ``bare``: a number said alone (" 4.", refused: never acted on) is a candidate when
    the free transcription has at most this many words. Real speakers' digits at small
    stakes (the spoken-digit corpus's dev speaker): Whisper's reading the digit 1 -> 56
    of 100. Always in the set, Whisper alone on the benchmark's clean development
    renders was right 57 of 80 times against 63 (" 1." won espeak-ng's "raise to two
    hundred"); up to two words 59; one word 61, and the held-out renders 70 either way."""

    threads: int = 2
    window: float = 8.0
    beam: int = 8
    alpha: float = 0.0
    margin: float = 3.0
    none_gap: float = 3.0
    free_tokens: int = 24
    enough: float = 12.0  # nats: a lead this large is sure; no need to look further
    free_confidence: float = 0.3  # a free transcription read as a command (0: never)
    pad: float = 0.2  # seconds of silence before the speech (Whisper clips a cold start)
    heard_amounts: bool = True  # amounts in the free transcription become candidates
    free_candidate: bool = True  # so does the free transcription when it is a command
    trim: float = 0.0  # seconds after the speech the decoder attends to (0: the window)
    blas_threads: int = 1  # numpy's BLAS threads for the prefix walk (see above)
    compute_type: str = "int8"  # CTranslate2's weights for encoding and transcribing
    prompt: str = ""  # text the walk hears as said before the utterance ("": none)
    prompt_free: bool = False  # ... and the free transcription too
    bare: int = 1  # a number alone is a candidate when the free text has this many words


class WhisperTokens:
    """Whisper's tokenizer: the prompt's special tokens, text to token ids and back."""

    def __init__(self, path: Path, multilingual: bool = False):
        import tokenizers

        self._tokenizer = tokenizers.Tokenizer.from_file(str(path))
        self.eot = self._special("<|endoftext|>")
        start = [self._special("<|startoftranscript|>")]
        if multilingual:  # a multilingual model is told the language and the task
            start += [self._special("<|en|>"), self._special("<|transcribe|>")]
        # plain text, no timestamps: the prompt every hearing starts from
        self.start = [*start, self._special("<|notimestamps|>")]
        self.previous = self._special("<|startofprev|>")  # text said before this

    def _special(self, name: str) -> int:
        found = self._tokenizer.token_to_id(name)
        if found is None:
            raise ValueError(f"the tokenizer has no {name}")
        return int(found)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text`` (no special tokens)."""
        return list(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def decode(self, ids: Sequence[int]) -> str:
        """The text of ``ids``, special tokens left out."""
        return str(self._tokenizer.decode([t for t in ids if t < self.eot]))


@dataclass(slots=True)
class _Node:
    children: dict[int, _Node] = field(default_factory=dict)
    ends: list[Candidate] = field(default_factory=list)


class WhisperRecognizer:
    """The closed-set and free hearings of one utterance, on a worker thread."""

    name = "whisper"
    sample_rate = RATE

    def __init__(self, model_dir: Path, tuning: WhisperTuning = WhisperTuning(),
                 context: ContextSource | None = None):
        import ctranslate2
        from threadpoolctl import ThreadpoolController

        self.tuning = tuning
        self._model = ctranslate2.models.Whisper(
            str(model_dir), device="cpu", compute_type=tuning.compute_type,
            intra_threads=tuning.threads, inter_threads=1)
        self._tokenizer = WhisperTokens(model_dir / "tokenizer.json",
                                        self._model.is_multilingual)
        self._start = self._tokenizer.start
        # the walk's start: after earlier text, when tuned so (Whisper's prompt)
        self._walk_start = self._start if not tuning.prompt else [
            self._tokenizer.previous, *self._tokenizer.encode(" " + tuning.prompt.strip()),
            *self._start]
        self._free_start = self._walk_start if tuning.prompt_free else self._start
        # a candidate is scored as the text Whisper writes next, never as the end
        self._decoder = WhisperDecoder(model_dir / "model.bin", (self._tokenizer.eot,))
        self._blas = ThreadpoolController()
        self._context: ContextSource = context or (lambda: None)
        self.answers: Callable[[], bool] = lambda: False  # a question waits for yes/no
        self.screens = False  # a screen around the table listens: its commands are scored
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="whisper")
        self._audio: list[bytes] = []
        self._settled: Future[Result] | None = None
        self._generation = 0  # the audio's: a hearing of older audio gives up
        self._trees: dict[tuple[BettingContext | None, bool, bool], _Node] = {}
        self._tokens: dict[str, list[int]] = {}  # candidate text -> token ids
        self._lock = threading.Lock()

    # --- the Recognizer interface ---------------------------------------------------

    def bind_context(self, context: ContextSource) -> None:
        """Where the legal context comes from (the listener's)."""
        self._context = context

    def set_screens(self, on: bool) -> None:
        """Score the screens' commands (the start screen, menus, dialogs) rather than
        the table's, from the next utterance on."""
        self.screens = on

    def feed(self, pcm: bytes) -> str:
        if pcm:
            if not self._audio:  # a new utterance: lay out the legal commands meanwhile
                self._pool.submit(self._tree, self._context(), self.answers(),
                                  self.screens)
            if self._settled is not None:  # the speaker went on after the pause
                self._generation += 1
            self._settled = None
            self._audio.append(pcm)
        return ""

    def settle(self) -> None:
        if self._audio and self._settled is None:
            self._settled = self._submit()

    def finish(self) -> Result:
        settled, self._settled = self._settled, None
        if not self._audio:
            return Result("", (), 0.0, self.name)
        future = settled or self._submit()
        self._audio = []
        try:
            return future.result(timeout=30)
        except Exception:  # a decoding error is nothing heard, never a crash
            return Result("", (), 0.0, self.name, {"error": 1.0})

    def reset(self) -> None:
        self._audio = []
        self._settled = None
        self._generation += 1

    def close(self) -> None:
        self.reset()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _submit(self) -> Future[Result]:
        pcm = b"".join(self._audio)
        ctx, answers = self._context(), self.answers()
        generation = self._generation
        return self._pool.submit(self.hear, pcm, ctx, answers,
                                 lambda: self._generation == generation, self.screens)

    # --- hearing ----------------------------------------------------------------------

    def hear(self, pcm: bytes, ctx: BettingContext | None, answers: bool = False,
             current: Callable[[], bool] = lambda: True, screens: bool = False) -> Result:
        """Both hearings of one utterance (16 kHz int16 PCM). ``current`` says whether
        the audio is still the utterance's: a hearing begun at a pause the speaker then
        talked through gives up between its stages (nothing heard) and frees the
        thread for the whole utterance's. ``screens``: a screen around the table
        listens, so its commands are the closed set (there is no betting context)."""
        if not pcm:
            return Result("", (), 0.0, self.name)
        began = time.perf_counter()
        stale = Result("", (), 0.0, self.name, {"stale": 1.0})
        encoded = self._encode(pcm)
        if not current():
            return stale
        free, free_lp, free_n = self._transcribe(encoded)
        if not current():
            return stale
        more: list[Candidate] = []
        if screens and ctx is None:  # no betting here: the screens' commands are scored
            if self.tuning.free_candidate:
                more += [c for c in self._as_written(free, DEFAULT_CONTEXT, answers)
                         if c.text in self._screen_texts(answers)
                         or not _is_action(c, DEFAULT_CONTEXT)]
            scored = self._score(encoded, None, answers, more, current, screens=True)
            ctx = DEFAULT_CONTEXT  # what the candidates mean is read without a bet
        else:
            if ctx is not None:
                written = heard_amounts(plain(free))
                if self.tuning.heard_amounts:
                    more += with_amounts(ctx, written, answers)
                more += numbers_alone(free, ctx, self.tuning.bare)
                if self.tuning.free_candidate:
                    more += self._as_written(free, ctx, answers)
            scored = self._score(encoded, ctx, answers, more, current) \
                if ctx is not None or answers else []
        if not current():  # the walk stopped part way
            return stale
        result = self._result(scored, free, free_lp, free_n, ctx)
        ms = (time.perf_counter() - began) * 1000
        # "answers": yes and no were candidates (a question waited): the decision needs it
        return replace(result, details={**result.details, "ms": ms, "answers": float(answers)})

    def _encode(self, pcm: bytes) -> Any:
        import ctranslate2

        window = int(self.tuning.window * RATE)
        lead = int(self.tuning.pad * RATE)
        audio = np.frombuffer(pcm, dtype=np.int16).astype(np.float32) / 32768.0
        audio = audio[-(window - lead):]
        padded = np.zeros(window, dtype=np.float32)
        padded[lead:lead + len(audio)] = audio
        frames = int(self.tuning.window * 100)
        mel = log_mel(padded, self._model.n_mels)[:, :frames]
        view = ctranslate2.StorageView.from_array(np.ascontiguousarray(mel[None]))
        with self._lock:
            encoded = self._model.encode(view, to_cpu=True)
        if self.tuning.trim > 0:
            # The padding after the speech (50 frames a second) is cut off: with
            # CTranslate2's walk, most of a candidate row's cost was attention over it.
            kept = math.ceil((lead + len(audio)) / RATE * 50 + self.tuning.trim * 50)
            if kept < frames // 2:
                encoded = ctranslate2.StorageView.from_array(
                    np.ascontiguousarray(np.array(encoded)[:, :kept]))
        return encoded

    def _transcribe(self, encoded: Any) -> tuple[str, float, int]:
        """Greedy free transcription: (text, summed log-probability, tokens)."""
        with self._lock:
            out = self._model.generate(
                encoded, [self._free_start], beam_size=1, return_scores=True,
                max_length=len(self._free_start) + self.tuning.free_tokens,
                no_repeat_ngram_size=3, length_penalty=1.0)[0]
        ids = [t for t in out.sequences_ids[0] if t < self._tokenizer.eot]
        n = max(1, len(ids) + 1)
        score = float(out.scores[0]) if out.scores else -math.inf
        # scores come normalised by length (length_penalty 1): back to a sum
        return self._tokenizer.decode(ids).strip(), score * n, n

    def _grow(self, tree: _Node, more: Sequence[Candidate]) -> Callable[[], None]:
        """Add ``more`` to a prefix tree; returns what takes them out again (one
        utterance's own candidates must not stay for the next)."""
        made: list[tuple[_Node, int]] = []
        ended: list[tuple[_Node, Candidate]] = []
        for cand in more:
            tokens = self._tokens.get(cand.text)
            if tokens is None:
                tokens = self._tokens[cand.text] = self._tokenizer.encode(cand.text)
            node = tree
            for token in tokens:
                if token not in node.children:
                    node.children[token] = _Node()
                    made.append((node, token))
                node = node.children[token]
            if cand not in node.ends:
                node.ends.append(cand)
                ended.append((node, cand))

        def undo() -> None:
            for node, cand in ended:
                node.ends.remove(cand)
            for node, token in reversed(made):
                del node.children[token]
        return undo

    def _tree(self, ctx: BettingContext | None, answers: bool, screens: bool = False
              ) -> _Node:
        screens = screens and ctx is None  # on a player's turn the table's commands
        key = (ctx, answers, screens)
        tree = self._trees.get(key)
        if tree is None:
            if len(self._trees) > 32:
                self._trees.clear()
            tree = _Node()
            if len(self._tokens) > 50_000:
                self._tokens.clear()
            if screens:
                self._grow(tree, screen_candidates(answers))
            else:
                self._grow(tree, candidates(ctx, answers) if ctx is not None else ())
            self._trees[key] = tree
        return tree

    @staticmethod
    @functools.lru_cache(maxsize=2)
    def _screen_texts(answers: bool) -> frozenset[str]:
        return frozenset(c.text for c in screen_candidates(answers))

    @staticmethod
    def _as_written(free: str, ctx: BettingContext, answers: bool) -> list[Candidate]:
        """The free transcription as a candidate, when the parser reads it as a command
        that can be done now (a yes or no only while a question waits): it says what no
        listed wording does ("raise to sixty", "I'll call"), scored like every other."""
        cand = Candidate(" " + free.strip(), plain(free))
        intent = meaning(cand, ctx) if cand.spoken else None
        if intent is None or (not answers and intent.intent in ANSWERS):
            return []
        return [cand]

    def _score(self, encoded: Any, ctx: BettingContext | None, answers: bool,
               more: Sequence[Candidate] = (), current: Callable[[], bool] = lambda: True,
               screens: bool = False) -> list[tuple[float, int, Candidate]]:
        """(summed log-probability, tokens, candidate) for every candidate reached,
        walking the prefix tree a decoder step at a time; ``more``: candidates from the
        free transcription (its amounts, itself), in the tree for this utterance only."""
        tree = self._tree(ctx, answers, screens)
        undo = self._grow(tree, more)
        try:
            return self._walk(encoded, tree, current)
        finally:
            undo()

    def _walk(self, encoded: Any, tree: _Node, current: Callable[[], bool] = lambda: True
              ) -> list[tuple[float, int, Candidate]]:
        """The prefix walk itself (see :meth:`_score`): every kept node of a depth is
        one row of one batched decoder step over its parent's cached state; it stops
        early once ``current`` says the audio is out of date."""
        with self._blas.limit(limits=self.tuning.blas_threads, user_api="blas"):
            return self._walk_limited(encoded, tree, current)

    def _walk_limited(self, encoded: Any, tree: _Node, current: Callable[[], bool]
                      ) -> list[tuple[float, int, Candidate]]:
        """:meth:`_walk` with numpy's BLAS threads already limited."""
        memory = self._decoder.memory(np.array(encoded))
        state = self._decoder.start(memory, self._walk_start)
        # (score, state row, node): the row's log-probabilities are the node's children's
        frontier: list[tuple[float, int, _Node]] = [(0.0, 0, tree)]
        done: list[tuple[float, int, Candidate]] = []
        depth = 0
        while frontier:
            grown: list[tuple[float, int, int, _Node]] = []  # (score, parent row, token, node)
            for score, row, node in frontier:
                logp = state.logp[row]
                for token, child in node.children.items():
                    total = score + float(logp[token])
                    for cand in child.ends:
                        done.append((total, depth + 1, cand))
                    if child.children:
                        grown.append((total, row, token, child))
            grown.sort(key=lambda item: item[0], reverse=True)
            # Log-probabilities only fall as tokens are added: once every kept node is
            # already further below the best finished candidate than a sure lead, no
            # continuation can win or come close.
            best = max((d[0] for d in done), default=-math.inf)
            kept = [g for g in grown[:self.tuning.beam] if g[0] > best - self.tuning.enough]
            if not kept or not current():
                break
            state = self._decoder.step(memory, state, [g[1] for g in kept],
                                       [g[2] for g in kept])
            frontier = [(g[0], i, g[3]) for i, g in enumerate(kept)]
            depth += 1
        return done

    def _result(self, scored: Sequence[tuple[float, int, Candidate]], free: str,
                free_lp: float, free_n: int, ctx: BettingContext | None = None) -> Result:
        spoken_free = plain(free)
        if not scored:
            return Result(spoken_free, (spoken_free,) if spoken_free else (),
                          0.5 if spoken_free else 0.0, self.name,
                          {"free_lp": free_lp}, second=spoken_free)
        alpha = self.tuning.alpha
        ordered = sorted(((lp / n ** alpha, lp, n, c) for lp, n, c in scored),
                         key=lambda item: item[0], reverse=True)
        # Only commands that can be done now count, and the refused candidates (their
        # meaning is the refusal): parsed best first, until the best and the best that
        # means something else are known.
        ranked: list[tuple[float, float, int, Candidate, Intent]] = []
        for norm, lp, n, cand in ordered[:LOOKED_AT]:
            intent = meaning(cand, ctx) if ctx is not None else None
            if intent is None:
                continue
            ranked.append((norm, lp, n, cand, intent))
            if intent.meaning != ranked[0][4].meaning:
                break
        if not ranked:
            return self._free_only(spoken_free, ctx, {"free_lp": free_lp})
        best_norm, best_lp, best_n, best, _ = ranked[0]
        other = ranked[-1] if len(ranked) > 1 and ranked[-1][4].meaning != ranked[0][4].meaning \
            else None
        lead = best_norm - other[0] if other is not None else self.tuning.enough
        gap = free_lp / free_n - best_lp / best_n  # nats per token below the free reading
        details = {"lead": lead, "gap": gap, "best_lp": best_lp, "free_lp": free_lp,
                   "tokens": float(best_n)}
        if gap > self.tuning.none_gap:  # none of these: Whisper heard something else
            return self._free_only(spoken_free, ctx, details)
        confidence = lead / (lead + self.tuning.margin) if lead > 0 else 0.0
        texts = [best.spoken]
        for item in ranked[1:6]:
            if item[3].spoken not in texts:
                texts.append(item[3].spoken)
        return Result(texts[0], tuple(texts), confidence, self.name, details,
                      second=spoken_free)

    def _free_only(self, spoken_free: str, ctx: BettingContext | None,
                   details: dict[str, float]) -> Result:
        """No command scored close to what Whisper wrote freely: the free transcription
        is the reading when it is a command that can be done now ("I'll call": the
        candidates carry no filler words), at a confidence that asks; else nothing."""
        from voice.understand.parse import parse

        if self.tuning.free_confidence > 0 and spoken_free and ctx is not None:
            intent = parse(spoken_free, ctx)
            if intent.intent is not IntentKind.UNKNOWN and intent.error is None:
                return Result(spoken_free, (spoken_free,), self.tuning.free_confidence,
                              self.name, {**details, "free": 1.0}, second=spoken_free)
        return Result("", (), 0.0, self.name, details, second=spoken_free)


def numbers_alone(free: str, ctx: BettingContext, words: int) -> tuple[Candidate, ...]:
    """The numbers said alone (:func:`voice.recognize.closed_set.bare_candidates`, and
    those the free transcription wrote) for an utterance whose free transcription has at
    most ``words`` words; none for a longer one."""
    spoken = plain(free)
    if len(spoken.split()) > words:
        return ()
    return bare_candidates(ctx) + bare_candidates(ctx, heard_amounts(spoken))


def _is_action(cand: Candidate, ctx: BettingContext) -> bool:
    """Whether a candidate means a bet, a call or another action: none is said on a
    screen around the table (Whisper's "5.50 big blinds" for "buy in fifty big blinds")."""
    intent = meaning(cand, ctx)
    return intent is not None and intent.intent not in SCREEN_INTENTS


_PUNCT = re.compile(r"(?!(?<=\d)[./](?=\d))[^\w' ]+")


def plain(text: str) -> str:
    """Whisper's text in the parser's words: lower case, digits without thousands
    commas, no punctuation but a decimal point or a fraction's stroke between digits
    ("Raise to 1,000." -> "raise to 1000"; "2.5x" and "3/4 pot" kept)."""
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    return " ".join(_PUNCT.sub(" ", text.lower()).split())
