"""pocketsphinx behind the :class:`~voice.recognize.base.Recognizer` interface.

Always available (its wheel ships an English model), restricted to the templates: by
default through a trigram language model trained on sentences sampled from them
(:mod:`voice.recognize.sphinx_lm`), optionally through the finite state grammar of
:func:`voice.recognize.jsgf.jsgf`. Its n-best list gives the alternatives and the lattice
posterior of the best hypothesis the confidence.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from voice.listen.denoise import DenoiseSettings, denoise, dither
from voice.recognize.base import AGREEMENT_PATHS, RATE, Result
from voice.recognize.jsgf import RECOGNIZER_GRAMMAR, GrammarOptions, jsgf
from voice.recognize.sphinx_decode import (
    Hearing,
    Search,
    Setup,
    decode_whole,
    hearing,
    make_decoder,
)
from voice.recognize.sphinx_lm import (
    SCREENS,
    TABLE,
    language_model,
    vocabulary_of,
    write_dictionary,
)
from voice.recognize.sphinx_worker import DecodeWorker
from voice.understand.matching import Templates
from voice.understand.templates import load

DENOISE = DenoiseSettings()


@dataclass(frozen=True, slots=True)
class SphinxTuning:
    """Decoder settings. ``mode`` "lm": a trigram model trained on sentences sampled
    from the templates (fast, n-best lists, lattice posteriors); "jsgf": the finite
    state grammar of :func:`voice.recognize.jsgf.jsgf` (exact, but measured ~60x slower and
    less accurate on the benchmark's voices).

    ``whole``: streaming decoding normalises the cepstra with a running mean that
    starts from the model's clean-speech prior and lags a noisy room by most of a short
    command. Decoding the utterance again once it has ended, with the mean of all of
    it, steady noise subtracted first and a -60 dBFS floor under it (:mod:`voice.listen.denoise`),
    took the benchmark's development set (seed 11, 400 utterances) from 45% to 73%
    exact: whole-utterance mean 54%, subtraction 57%, the floor 73%."""

    mode: str = "lm"
    nbest: int = 8
    lw: float = 6.5
    wip: float = 0.65
    discount: float = 0.1
    corpus_size: int = 20
    adapt: bool = False  # carry noise and cepstral statistics across utterances
    beam: float = 1e-48
    wbeam: float = 7e-29
    whole: bool = True  # decode each utterance whole when it ends (cepstral mean of all of it)
    partials: bool = True  # with ``whole``, also decode as it streams, for the partial text
    denoise: DenoiseSettings | None = DENOISE  # with ``whole``: spectral subtraction first
    dither: float = 32.0  # with ``whole``: a -60 dBFS noise floor (int16 steps rms)
    fwdflat: bool = True  # pocketsphinx's second, flat-lexicon pass
    worker: bool = False  # with ``whole``: decode in a child process (see DecodeWorker)
    screens: bool = True  # "lm" mode: a second model for the screens (``set_screens``)
    pivot: float = 0.15  # the lattice posterior reported as confidence 0.5 (see ``_result``)


class PocketSphinxRecognizer:
    """pocketsphinx restricted to the templates; confidence is the lattice posterior
    of the chosen hypothesis."""

    name = "pocketsphinx"
    sample_rate = RATE

    def __init__(self, tuning: SphinxTuning = SphinxTuning(), templates: Templates | None = None,
                 grammar: str | None = None,
                 options: GrammarOptions = RECOGNIZER_GRAMMAR,
                 lm_cache: Path | bool | None = True):
        self.tuning = tuning
        self.setup = self._setup(tuning, templates, grammar, options, lm_cache)
        self._decoder, self._names = make_decoder(self.setup)
        self._search = self._names[TABLE]  # the model active now
        self._wanted = self._search  # the one the next utterance is heard with
        self._utt_search = self._search  # the one this utterance is heard with
        self._initial_cmn = self._decoder.get_cmn(False)
        self._in_utt = False
        self._audio: list[bytes] = []  # the utterance so far, when decoded whole
        self._settled: Future[Hearing] | None = None  # its decoding, begun at the pause
        self._streamed = ""  # the streaming decode's text when the whole decoding began
        self._cut = False  # a decoding here ended the streaming decode mid-utterance
        self._worker: DecodeWorker | None = None
        if tuning.worker and tuning.whole:
            try:
                self._worker = DecodeWorker(self.setup)
            except OSError:  # no child process to be had: decode in this one
                self._worker = None

    @staticmethod
    def _setup(tuning: SphinxTuning, templates: Templates | None, grammar: str | None,
               options: GrammarOptions, lm_cache: Path | bool | None) -> Setup:
        """What the decoder (here and in the worker) is built from: the dictionary of the
        templates' words and the table's model (with the screens' in "lm" mode) or the
        grammar, as text."""
        common: tuple[tuple[str, Any], ...] = (
            ("loglevel", "FATAL"), ("beam", tuning.beam), ("wbeam", tuning.wbeam),
            ("lw", tuning.lw), ("wip", tuning.wip), ("fwdflat", tuning.fwdflat))
        words = set(vocabulary_of(templates))
        with tempfile.TemporaryDirectory(prefix="holdem-lm-") as tmp:
            scratch = Path(tmp)
            if tuning.mode == "lm":
                dictionary = write_dictionary(words, scratch / "holdem.dict").read_text(
                    encoding="utf-8")
                searches = [Search(TABLE, "lm", language_model(
                    templates, scratch, tuning.corpus_size, tuning.discount, lm_cache
                ).read_text(encoding="utf-8"))]
                if tuning.screens:
                    searches.append(Search(SCREENS, "lm", language_model(
                        templates, scratch, tuning.corpus_size, tuning.discount, lm_cache,
                        search=SCREENS).read_text(encoding="utf-8")))
            else:
                dictionary = write_dictionary(words | {"oh", "point", "a", "and"},
                                              scratch / "holdem.dict").read_text(
                                                  encoding="utf-8")
                known = {line.split(" ", 1)[0].split("(", 1)[0]
                         for line in dictionary.splitlines() if line.strip()}
                searches = [Search(TABLE, "jsgf", grammar or jsgf(
                    templates or load(), options, known=known.__contains__))]
        return Setup(common, dictionary, tuple(searches), tuning.nbest, AGREEMENT_PATHS)

    @property
    def grammar(self) -> str:
        """The finite state grammar heard with ("jsgf" mode; "" in "lm" mode)."""
        first = self.setup.searches[0]
        return first.text if first.kind == "jsgf" else ""

    def set_screens(self, on: bool) -> None:
        """Hear the next utterance with the screens' model (the start screen, menus and
        dialogs) or the table's; an utterance already begun keeps its own."""
        if self.tuning.mode == "lm" and self.tuning.screens:
            self._wanted = self._names[SCREENS if on else TABLE]

    def _activate(self) -> None:
        """The decoder hears with this utterance's model."""
        if self._utt_search != self._search:
            self._decoder.activate_search(self._utt_search)
            self._search = self._utt_search

    def feed(self, pcm: bytes) -> str:
        if not pcm:
            return ""
        if not self._audio and not self._in_utt:  # an utterance begins: its model
            self._utt_search = self._wanted
        self._settled = None
        if self.tuning.whole:
            self._audio.append(pcm)
            if not self.tuning.partials:
                return ""
        if not self._in_utt:
            self._activate()
            if not self.tuning.adapt:
                # Each utterance on its own: no noise estimate or cepstral mean carried
                # over, so a result depends on its audio only.
                self._decoder.reinit_feat()
                self._decoder.set_cmn(self._initial_cmn)
            self._decoder.start_utt()
            self._in_utt = True
        self._decoder.process_raw(pcm, False, False)
        hyp = self._decoder.hyp()
        return hyp.hypstr if hyp is not None else ""

    def settle(self) -> None:
        """With ``whole``: decode the utterance so far (``finish`` then reuses it)."""
        if self.tuning.whole and self._audio and self._settled is None:
            self._settled = self._start_decode()

    def _start_decode(self) -> Future[Hearing]:
        """The whole-utterance decoding of the audio so far: in the worker, or done here
        (the audio is kept either way, for a fallback or more speech)."""
        self._streamed = self._stream_text()
        if self._worker is not None:
            search = next(k for k, v in self._names.items() if v == self._utt_search)
            return self._worker.submit((self.prepared(b"".join(self._audio)), search))
        audio = list(self._audio)
        done: Future[Hearing] = Future()
        done.set_result(self._hear_whole())
        self._audio = audio
        # The decoder's streaming search ended with it: if the speaker goes on, the
        # stream restarts mid-utterance and is no second hearing of all of it.
        self._cut = True
        return done

    def prepared(self, pcm: bytes) -> bytes:
        """An utterance as the whole decoding hears it: steady noise subtracted and a
        noise floor under it (:mod:`voice.listen.denoise`)."""
        if pcm and self.tuning.denoise is not None:
            pcm = denoise(pcm, self.tuning.denoise)
        if pcm and self.tuning.dither:
            pcm = dither(pcm, self.tuning.dither)
        return pcm

    def finish(self) -> Result:
        if self.tuning.whole:
            settled, self._settled = self._settled, None
            result = self._collect(settled or self._start_decode()) if self._audio else None
            if result is None:  # nothing heard, or the worker failed: decode here
                self._streamed = self._streamed or self._stream_text()
                result = self.result_of(self._hear_whole())
            else:
                self.reset()
            streamed, self._streamed, self._cut = self._streamed, "", False
            return replace(result, second=streamed) if result.text else result
        if not self._in_utt:
            return Result("", (), 0.0, self.name)
        self._in_utt = False
        self._decoder.end_utt()
        return self._result()

    def _stream_text(self) -> str:
        """What the streaming decode (``partials``) has heard so far: the second hearing
        of a whole-decoded utterance (:attr:`Result.second`)."""
        if not (self.tuning.whole and self._in_utt) or self._cut:
            return ""
        hyp = self._decoder.hyp()
        return hyp.hypstr.strip() if hyp is not None else ""

    def _hear_whole(self) -> Hearing:
        """The whole decoding of the audio so far, in this process (it is then dropped)."""
        pcm = b"".join(self._audio)
        self._audio.clear()
        self.reset()
        self._activate()
        return decode_whole(self._decoder, self.setup, self.prepared(pcm), self._search,
                            self._initial_cmn, self.tuning.mode == "lm")

    def _result(self) -> Result:
        return self.result_of(hearing(self._decoder, self.setup, self.tuning.mode == "lm"))

    def result_of(self, heard: Hearing) -> Result:
        """A decoding as a :class:`Result`: its lattice posterior as the confidence."""
        if not heard.text:
            return Result("", (), 0.0, self.name)
        # Confidence 0.5 is where the game stops asking "confirm?": the posterior of the
        # best path maps through p / (p + pivot), so the pivot is that threshold. On the
        # benchmark's development set (seed 11), acting from posteriors of 0.15 up gave
        # a different executable action for 0.2% of commands (after the all-in and
        # free-fold questions), from 0.1 up for 0.8%.
        posterior = heard.posterior
        confidence = posterior / (posterior + self.tuning.pivot) if posterior else 0.0
        return Result(heard.text, heard.texts, confidence, self.name,
                      {"frames": float(heard.frames)}, heard.paths)

    def _collect(self, future: Future[Hearing]) -> Result | None:
        """A decoding's result, or None when the worker has failed (it is then dropped
        and decoding goes on in this process)."""
        try:
            return self.result_of(future.result(timeout=30))
        except Exception:  # a dead or stuck worker must not take listening down
            if self._worker is not None:
                self._worker.close()
            self._worker = None
            return None

    def reset(self) -> None:
        self._audio.clear()
        self._settled = None
        self._cut = False
        if self._in_utt:
            self._decoder.end_utt()
            self._in_utt = False

    def close(self) -> None:
        self.reset()
        if self._worker is not None:
            self._worker.close()
            self._worker = None
