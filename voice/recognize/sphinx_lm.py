"""pocketsphinx's language model and dictionary, made from the templates.

The trigram model is trained on sentences sampled from every template
(:func:`lm_corpus`) with realistic amounts and some filler, and kept in the user
cache keyed by the template file; the dictionary holds just the templates' words.
There are two models: the table's leaves out the screens' own commands and values
("sit down", "level three"), which only the screens' model has; the screens' leaves out
the betting actions (:func:`for_search`).
Words the file marks ``@parser_only`` are in neither: the typed parser reads them,
the recognizer never hears them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
from collections.abc import Iterable
from pathlib import Path

from voice.recognize.cache import cache_dir
from voice.understand.intent import SCREEN_ONLY, Control
from voice.understand.matching import Block, BlockKind, Templates
from voice.understand.numbers import number_to_words
from voice.understand.templates import DEFAULT_PATH, load

PRONUNCIATIONS: dict[str, str] = {
    "bb": "B IY B IY",
    "bbs": "B IY B IY Z",
    "rebuy": "R IY B AY",
    "reraise": "R IY R EY Z",
    "unmute": "AH N M Y UW T",
    "unpause": "AH N P AO Z",
}
"""ARPAbet for template words missing from pocketsphinx's CMU dictionary."""


def spoken_amount(n: int, rng: random.Random) -> str:
    """One way a player says ``n`` chips: "two hundred and fifty", "two fifty",
    "twelve hundred", "a grand"... (what the language model is trained on)."""
    words = number_to_words(n)
    roll = rng.random()
    if n == 100 and roll < 0.5:
        return "a hundred"
    if n == 1000 and roll < 0.6:
        return rng.choice(("a thousand", "a grand"))
    if 100 < n < 1000 and n % 100:
        if roll < 0.4:
            return f"{number_to_words(n // 100)} {number_to_words(n % 100)}"
        if roll < 0.7:
            return words.replace("hundred ", "hundred and ")
    if 1100 <= n < 10_000 and n % 1000 and n % 100 == 0 and roll < 0.5:
        return f"{number_to_words(n // 100)} hundred"
    return words


def chip_amount(rng: random.Random) -> int:
    """A plausible bet size: multiples of 5, 10, 50, 100 and 500 chips."""
    step, most = rng.choice(((5, 20), (10, 40), (50, 99), (100, 10), (500, 20)))
    return step * rng.randint(1, most)


_SAMPLE_ATTEMPTS = 50
"""Samples drawn per sentence before a template is taken to be parser-only."""

_BLOCK_WEIGHTS = {"fold": 6, "check": 6, "call": 6, "allin": 5, "wager": 10,
                  "confirm": 3, "deny": 3}


FILLER_SHARE = 0.25
"""Share of training sentences given prefix filler ("okay", "i think"; suffixes at 60%
of it)."""


TABLE, SCREENS = "table", "screens"
"""The two language models: the table's (what is said at the table: no screen's values
or commands) and the screens' (every template: the start screen, menus and dialogs)."""


_ACTIONS = frozenset({BlockKind.FOLD, BlockKind.CHECK, BlockKind.CALL, BlockKind.ALLIN,
                      BlockKind.WAGER})
"""The betting actions: said at the table only, never on a screen around it."""


def for_search(templates: Templates, search: str) -> Templates:
    """The templates a search's model is trained on: at the table, none of the
    screens' own commands (:data:`voice.understand.intent.SCREEN_ONLY`); on the
    screens, everything but the betting actions (no screen takes a bet)."""
    if search == SCREENS:
        kept = tuple(t for t in templates.templates if t.block.kind not in _ACTIONS)
    else:
        kept = tuple(t for t in templates.templates if not _screen_only(t.block))
    return dataclasses.replace(templates, templates=kept)


def _screen_only(block: Block) -> bool:
    return block.kind is BlockKind.CHOOSE or (
        block.kind is BlockKind.CONTROL and Control(str(block.value)) in SCREEN_ONLY)


def lm_corpus(templates: Templates | None = None, seed: int = 1,
              per_template: int = 40, filler_share: float | None = None,
              search: str = TABLE) -> list[str]:
    """Sentences sampled from every template of ``search`` (actions weighted up), with
    realistic amounts and some prefix/suffix filler: the training text of the language
    model. No sentence has a parser-only word (a template's other phrasings are
    sampled)."""
    if filler_share is None:
        filler_share = FILLER_SHARE
    t = for_search(templates or load(), search)
    rng = random.Random(seed)
    multiples = ("two", "three", "four", "five", "two and a half", "six", "ten")

    def fill(slot: str) -> str:
        if slot in ("multiple", "blinds"):
            return rng.choice(multiples)
        return spoken_amount(chip_amount(rng), rng)

    def heard(phrase: Iterable[str]) -> bool:
        return t.parser_only.isdisjoint(phrase)

    prefixes = sorted(filter(heard, t.prefix_phrases))
    suffixes = sorted(filter(heard, t.suffix_phrases))
    sentences = []
    for template in t.templates:
        # Each template's own random stream (its block and text): a phrase added to the
        # file, or a screen's left out, never changes what the others are trained on.
        rng.seed(f"{seed}:{template.block.label}:{template.source}")
        for _ in range(per_template * _BLOCK_WEIGHTS.get(template.block.kind.value, 1)):
            for _attempt in range(_SAMPLE_ATTEMPTS):
                words = t.sample(template, rng, fill)
                if heard(words.split()):
                    break
            else:
                continue  # nothing but parser-only phrasings here
            if prefixes and rng.random() < filler_share:
                words = " ".join(rng.choice(prefixes)) + " " + words
            if suffixes and rng.random() < filler_share * 0.6:
                words += " " + " ".join(rng.choice(suffixes))
            sentences.append(words)
    return sentences


def build_arpa(sentences: Iterable[str], path: Path, discount: float = 0.1) -> Path:
    """A trigram ARPA language model of ``sentences`` (pocketsphinx's own builder)."""
    from pocketsphinx.lm import ArpaBoLM

    lm = ArpaBoLM(text="\n".join(sentences), add_start=True, discount_mass=discount)
    lm.compute()
    with open(path, "w", encoding="utf-8") as out:
        lm.write(out)
    return path


def vocabulary_of(templates: Templates | None = None) -> list[str]:
    """Every word the templates can produce that a recognizer is given (the
    ``@parser_only`` words left out)."""
    return (templates or load()).recognizer_vocabulary()


def write_dictionary(words: Iterable[str], path: Path) -> Path:
    """A pronunciation dictionary of just ``words`` (with their alternative
    pronunciations) from pocketsphinx's CMU dictionary plus :data:`PRONUNCIATIONS`:
    loads in milliseconds where the full dictionary takes most of a second."""
    import pocketsphinx

    wanted = set(words)
    lines: list[str] = []
    found: set[str] = set()
    source = Path(pocketsphinx.get_model_path()) / "en-us" / "cmudict-en-us.dict"
    with open(source, encoding="utf-8") as cmudict:
        for line in cmudict:
            head = line.split(" ", 1)[0]
            base = head.split("(", 1)[0]
            if base in wanted:
                lines.append(line.rstrip("\n"))
                found.add(base)
    for word in sorted(wanted - found):
        if word in PRONUNCIATIONS:
            lines.append(f"{word} {PRONUNCIATIONS[word]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def language_model(templates: Templates | None, scratch: Path, corpus_size: int,
                   discount: float, cache: Path | bool | None = True,
                   search: str = TABLE) -> Path:
    """The ARPA model of ``search`` for the templates (``corpus_size`` sentences per
    template, the given back-off ``discount``): built once and kept in the user cache
    (keyed by the template file, the search and the settings) when ``cache`` allows,
    else in ``scratch``."""
    def build(path: Path) -> Path:
        return build_arpa(lm_corpus(templates, per_template=corpus_size, search=search),
                          path, discount)

    if templates is not None or cache is False or cache is None:
        return build(scratch / f"holdem-{search}.arpa")
    digest = hashlib.sha256(DEFAULT_PATH.read_bytes())
    digest.update(f"{corpus_size}:{discount}:{FILLER_SHARE}:{_LM_VERSION}".encode())
    if search != TABLE:
        digest.update(search.encode())
    folder = cache_dir("lm") if cache is True else Path(cache)
    path = folder / f"holdem-{digest.hexdigest()[:16]}.arpa"
    if path.exists():
        return path
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        os.replace(build(partial), path)
        return path
    except OSError:
        return build(scratch / f"holdem-{search}.arpa")


_LM_VERSION = 5  # bump when the corpus generator changes: cached models are rebuilt
