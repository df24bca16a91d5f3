"""One pocketsphinx decoder and its hearing of a whole utterance, shared by the game's
process and pocketsphinx's decoding worker (:mod:`voice.recognize.sphinx_child`).

The worker imports this module and nothing else of the game's, so that it holds only
Python, pocketsphinx and the decoder (~29 MB): no numpy (the audio is cleaned before it
is sent, :meth:`voice.recognize.pocketsphinx.PocketSphinxRecognizer.prepared`), no
templates (the language models and the dictionary arrive as text, :class:`Setup`).
Both processes build their decoder with :func:`make_decoder` from the same setup and
read a decoding with :func:`hearing`, so the two give the same result.
"""

from __future__ import annotations

import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Search:
    """One model the decoder can hear with: ``kind`` "lm" (an ARPA language model's
    text) or "jsgf" (a grammar's text), under ``name``."""

    name: str
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Setup:
    """What a decoder is built from: pocketsphinx's ``options`` (beam, weights...), the
    pronunciation ``dictionary``'s text and its ``searches``, the first active; how
    many distinct texts (``nbest``) and best paths (``paths``) a hearing keeps."""

    options: tuple[tuple[str, Any], ...]
    dictionary: str
    searches: tuple[Search, ...]
    nbest: int
    paths: int


@dataclass(frozen=True, slots=True)
class Hearing:
    """A decoding read off the decoder: the best ``text`` ("" for nothing), the distinct
    ``texts`` best first, the best ``paths`` with repeats, the lattice ``posterior`` of
    the best path (1.0 under a grammar) and the ``frames`` decoded."""

    text: str
    texts: tuple[str, ...]
    paths: tuple[str, ...]
    posterior: float
    frames: int


def make_decoder(setup: Setup) -> tuple[Any, dict[str, str]]:
    """The decoder with every search of ``setup`` loaded and the first active, and each
    search's name as the decoder knows it (the first is pocketsphinx's default)."""
    import pocketsphinx

    first, *rest = setup.searches
    names: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="holdem-lm-") as tmp:
        scratch = Path(tmp)
        dictionary = scratch / "holdem.dict"
        dictionary.write_text(setup.dictionary, encoding="utf-8")

        def written(search: Search) -> str:
            path = scratch / f"{len(names)}.{search.kind}"
            path.write_text(search.text, encoding="utf-8")
            return str(path)

        options = dict(setup.options)
        if first.kind == "lm":
            decoder = pocketsphinx.Decoder(lm=written(first), dict=str(dictionary), **options)
            names[first.name] = decoder.current_search()
        else:
            decoder = pocketsphinx.Decoder(lm=None, dict=str(dictionary), **options)
            decoder.add_jsgf_string(first.name, first.text)
            names[first.name] = first.name
        for search in rest:
            if search.kind == "lm":
                decoder.add_lm_file(search.name, written(search))
            else:
                decoder.add_jsgf_string(search.name, search.text)
            names[search.name] = search.name
        decoder.activate_search(names[first.name])  # adding one may switch to it
    return decoder, names


def hearing(decoder: Any, setup: Setup, posterior: bool = True) -> Hearing:
    """What the decoder heard in the utterance it just ended; ``posterior``: the
    lattice posterior is read (a language model's; a grammar's is taken as 1)."""
    hyp = decoder.hyp()
    text = hyp.hypstr.strip() if hyp is not None else ""
    if not text:
        return Hearing("", (), (), 0.0, 0)
    texts = [text]
    paths = [entry.hypstr.strip() for entry in itertools.islice(
        decoder.nbest() or (), max(setup.paths, setup.nbest * 3))
        if entry is not None and entry.hypstr and entry.hypstr.strip()]
    for path in paths:
        if len(texts) >= setup.nbest:
            break
        if path not in texts:
            texts.append(path)
    prob = float(decoder.get_prob()) if posterior else 1.0
    return Hearing(text, tuple(texts), tuple(paths[:setup.paths]),
                   max(0.0, min(1.0, prob)), int(decoder.n_frames()))


def decode_whole(decoder: Any, setup: Setup, pcm: bytes, search: str, initial_cmn: str,
                 posterior: bool = True) -> Hearing:
    """One whole utterance (16 kHz int16, already cleaned) heard with ``search`` (the
    decoder's own name of it), the cepstral mean starting from ``initial_cmn``."""
    if not pcm:
        return Hearing("", (), (), 0.0, 0)
    if decoder.current_search() != search:
        decoder.activate_search(search)
    decoder.reinit_feat()
    decoder.set_cmn(initial_cmn)
    decoder.start_utt()
    decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    return hearing(decoder, setup, posterior)
