"""The voice benchmark's material: voices, command cases, rendered speech, room streams.

* Voices come in four TTS families. espeak-ng and flite voices are split between the
  development set (tuning) and the test set (reported only); festival and Piper (a
  neural voice of a real speaker, ``en_US-joe-medium``, at three rates and three noise
  settings: :mod:`piper_voice`) are held out of every tuning decision and reported per
  family. flite's kal voices share their recordings with festival's kal diphone voice,
  so flite plays only rms, slt and awb.
* A case is a command text, the betting context it was said in, the parser's reading
  of it (the truth) and a voice. Which phrases a set may use is decided by phrase (the
  core commands are in every set), deterministically from the seed.
* Rendered speech is cached as WAV under ``benchmarks/.cache/voice`` (git-ignored), keyed
  by the family, voice, rate and text, so reruns only mix and listen.
* A stream is one condition for one set: a continuous noise bed (or a quiet room) with
  the set's commands placed in it 4-5 s apart, each at an active speech level of
  -26 dBFS and the bed ``snr`` dB below that, also measured on its active level.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from piper_voice import PiperSpeaker, PiperStyle, piper_problem
from voice_lines import COMMON, CORE, TALK_A, TALK_B, TV_A, TV_B

from engine.sizing import BettingContext
from voice.listen import room
from voice.listen.audio import read_wav, write_wav
from voice.recognize.sphinx_lm import spoken_amount
from voice.speak.narrator import VoiceSpec
from voice.speak.synth import RATE, Synthesizer, festival_available, flite_available
from voice.understand.intent import Intent, IntentKind
from voice.understand.matching import BlockKind, Template
from voice.understand.parse import parse
from voice.understand.templates import load

CACHE = Path(__file__).resolve().parent / ".cache" / "voice"
SPEECH_DB = -26.0
"""Active level of every command (dBFS)."""
ROOM_DB = -65.0
"""The quiet room under everything: a microphone's own hiss."""
LEAD, GAP = 2.5, (4.0, 5.0)
"""Noise before the first command, and between commands (so at least 2 s either side)."""


@dataclass(frozen=True, slots=True)
class Voice:
    family: str   # espeak | flite | festival | piper
    name: str     # espeak voice id, flite, festival or Piper voice
    rate: float   # espeak words per minute, or a duration stretch (flite, festival, piper)
    pitch: int = 50
    noise: tuple[float, float] = (0.667, 0.8)  # Piper's noise_scale and noise_w

    @property
    def label(self) -> str:
        base = f"{self.family}:{self.name}@{self.rate:g}"
        return f"{base}~{self.noise[0]:g},{self.noise[1]:g}" if self.family == "piper" else base


def _espeak(names: Sequence[str], rates: Sequence[int]) -> list[Voice]:
    return [Voice("espeak", n, r, p) for i, n in enumerate(names)
            for r, p in zip(rates, (40 + 7 * i % 25, 50, 60 - 5 * i % 20), strict=False)]


def _stretched(family: str, names: Sequence[str]) -> list[Voice]:
    return [Voice(family, n, s) for n in names for s in (0.85, 1.0, 1.2)]


PIPER_NOISE = ((0.667, 0.8), (1.0, 1.1), (0.33, 0.4))
"""The voice's own noise settings, a livelier and a flatter delivery."""


def _piper(name: str) -> list[Voice]:
    return [Voice("piper", name, s, noise=n) for s in (0.85, 1.0, 1.2) for n in PIPER_NOISE]


VOICES: dict[str, list[Voice]] = {
    "dev": _espeak(("gmw/en-us", "gmw/en+f3", "gmw/en-gb-x-rp", "gmw/en-us+klatt"),
                   (140, 170, 200)) + _stretched("flite", ("rms", "slt")),
    "test": _espeak(("gmw/en-us+m3", "gmw/en-GB-scotland", "gmw/en+f4", "gmw/en-029"),
                    (145, 175, 205)) + _stretched("flite", ("awb",)),
    "heldout": _stretched("festival", ("ked_diphone", "kal_diphone"))
    + _piper("en_US-joe-medium"),
}
SETS = ("dev", "test", "heldout")

# Background talkers and TV announcers: development voices for the development set,
# test voices for the others (the held-out family never hears festival talk: another
# family talks over it, as over every command).
TALKERS = {"dev": (Voice("espeak", "gmw/en-us", 165), Voice("flite", "rms", 1.0),
                   Voice("espeak", "gmw/en+f3", 180), Voice("flite", "slt", 1.1)),
           "test": (Voice("espeak", "gmw/en-us+m3", 170), Voice("flite", "awb", 1.0),
                    Voice("espeak", "gmw/en-GB-scotland", 160), Voice("espeak", "gmw/en+f4",
                                                                      185))}
ANNOUNCER = {"dev": Voice("espeak", "gmw/en-gb-x-rp", 180),
             "test": Voice("espeak", "gmw/en-029", 175)}
# The no-command set's test half also has festival talkers (nothing is tuned on it).
QUIET_TALKERS = {"dev": TALKERS["dev"],
                 "test": (*TALKERS["test"][:2], Voice("festival", "ked_diphone", 1.0))}


def pool(kind: str) -> str:
    """Which talk pool and voices a set hears: "dev" or "test"."""
    return "dev" if kind == "dev" else "test"


def talk_lines(which: str) -> tuple[str, ...]:
    return TALK_A if which == "dev" else TALK_B


def tv_lines(which: str) -> tuple[str, ...]:
    return TV_A if which == "dev" else TV_B


# --- rendering, cached ------------------------------------------------------------------


def _key(voice: Voice, text: str) -> Path:
    # Earlier caches rendered espeak lines through pyttsx3 (in one process, then one a
    # line): keyed apart, not reused.
    isolated = ":espeak-ng" if voice.family == "espeak" else ""
    digest = hashlib.sha1(f"{voice.label}:{voice.pitch}:{text}{isolated}".encode()
                          ).hexdigest()[:20]
    return CACHE / f"{voice.family}-{digest}.wav"


def render_all(items: Sequence[tuple[Voice, str]]) -> None:
    """Render every (voice, text) not yet in the cache, each espeak line by the
    ``espeak-ng`` program in its own process (:class:`voice.speak.synth.Synthesizer`,
    ``isolated``). Through pyttsx3 in one process espeak-ng's state ran on from line to
    line, so the same line came out differently after other lines: two fresh caches of
    one development run differed in 192 of 339 files, and 297384c's code measured 54.0%
    and 56.7% understood on dev (pocketsphinx) with two such caches. Through pyttsx3 one
    line a process, two fresh caches still differed in 11 long lines, and a line rendered
    beside another render came out 60 ms short one time in 20."""
    CACHE.mkdir(parents=True, exist_ok=True)
    todo = sorted({(v, t) for v, t in items if not _key(v, t).exists()},
                  key=lambda vt: (vt[0].label, vt[1]))
    if not todo:
        return
    with Synthesizer(isolated=True) as synth:
        festival = [(v, t) for v, t in todo if v.family == "festival"]
        for i in range(0, len(festival), 40):
            chunk = festival[i:i + 40]
            done = synth.festival([(t, v.name, v.rate) for v, t in chunk], lead=0, tail=0)
            for (v, t), utt in zip(chunk, done, strict=True):
                write_wav(_key(v, t), utt.pcm, RATE)
        for v, t in todo:
            if v.family == "espeak":
                utt = synth.espeak(t, VoiceSpec(v.name, int(v.rate), v.pitch), lead=0, tail=0)
            elif v.family == "flite":
                utt = synth.flite(t, v.name, stretch=v.rate, lead=0, tail=0)
            else:
                continue
            write_wav(_key(v, t), utt.pcm, RATE)
    piper = [(v, t) for v, t in todo if v.family == "piper"]
    if piper:
        speaker = PiperSpeaker()
        for v, t in piper:
            style = PiperStyle(v.rate, *v.noise)
            write_wav(_key(v, t), speaker.say(t, style, lead=0, tail=0).pcm, RATE)


def speech(voice: Voice, text: str) -> room.Signal:
    """The cached rendering, trimmed to its speech, as float samples."""
    pcm, rate = read_wav(_key(voice, text))
    assert rate == RATE
    return np.frombuffer(pcm, "<i2").astype(np.float64)


def families_ready() -> dict[str, str]:
    """family -> why it cannot be used ("" when it can)."""
    return {"espeak": "", "flite": "" if flite_available() else "flite is not installed",
            "festival": "" if festival_available() else
            "festival is not installed (apt-get install festival festvox-kallpc16k "
            "festvox-kdlpc16k)", "piper": piper_problem()}


# --- command cases ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    text: str
    pattern: str   # the phrase it was made from (what the sets are split by)
    ctx: BettingContext
    truth: Intent
    voice: Voice


def random_context(rng: random.Random) -> BettingContext:
    """A random acting player's view: unopened or facing a bet, deep or short."""
    bb = rng.choice((10, 20, 50, 100))
    stack = bb * rng.choice((15, 40, 100, 150))
    if rng.random() < 0.45:
        pot = bb * rng.randint(2, 30)
        return BettingContext(bb, pot, 0, 0, 0, stack, True, bb, stack,
                              rng.choice(("flop", "turn", "river")))
    bet = bb * rng.choice((1, 2, 3, 5, 8))
    pot = bet + bb * rng.randint(2, 20)
    return BettingContext(bb, pot, bet, 0, bet, stack, False, min(2 * bet, stack), stack,
                          rng.choice(("preflop", "flop", "turn", "river")))


def _amount(ctx: BettingContext, rng: random.Random, by: bool) -> str:
    step = ctx.big_blind * rng.choice((1, 1, 2, 5))
    low = ctx.min_raise_to if ctx.min_raise_to is not None else ctx.big_blind
    if by:
        n = max(ctx.big_blind, low - ctx.current_bet) + step * rng.randint(0, 4)
    else:
        n = low + step * rng.randint(0, 6)
    return spoken_amount(n, rng)


ADDED_SINCE_THE_SETS = frozenset({
    # Round 16 (the screens around the table and the facts one question away): left out
    # so that each set holds the same commands as before; the sets stay comparable
    # across rounds (a template's sampler id is its place among the others).
    "query where", "query position", "query players_in", "query raise_limits",
    "query time_left", "query sized", "query hand_so_far", "query earlier",
    "control leave", "control sit_down", "control new_table", "control sit_and_go",
    "control turbo", "control next_page", "control previous_page",
})
"""Template blocks added after the benchmark's sets were fixed (and every ``choose``
block: a screen's values, never said on the player's turn)."""


def bench_templates() -> list[Template]:
    """The templates the sets sample from: the table's, as the sets were fixed."""
    return [t for t in load().templates if t.block.kind is not BlockKind.CHOOSE
            and t.block.label not in ADDED_SINCE_THE_SETS]


def _templated(rng: random.Random) -> list[tuple[str, str]]:
    """(pattern, sampler id) for the project's template lines, actions weighted up."""
    weights = {"fold": 3, "check": 3, "call": 3, "allin": 2, "wager": 6}
    out = []
    for i, tpl in enumerate(bench_templates()):
        out += [(f"template:{i}", "t")] * weights.get(tpl.block.kind.value, 1)
    return out


def _fill(pattern: str, ctx: BettingContext, rng: random.Random) -> str:
    if pattern.startswith("template:"):
        t = load()
        template = bench_templates()[int(pattern.split(":")[1])]

        def slot(name: str) -> str:
            if name in ("multiple", "blinds"):
                return rng.choice(("two", "three", "four", "two and a half"))
            return _amount(ctx, rng, name == "increment")

        return t.sample(template, rng, slot)
    return re.sub(r"\{amount\}", lambda _: _amount(ctx, rng, "by {" in pattern), pattern)


def split_patterns(seed: int) -> dict[str, list[str]]:
    """Phrases each set may use: the core in all, the rest split 60/40 by phrase."""
    rng = random.Random(seed)
    common = list(COMMON)
    templated = sorted({p for p, _ in _templated(rng)})
    rng.shuffle(common)
    rng.shuffle(templated)
    cut_c, cut_t = int(0.6 * len(common)), int(0.6 * len(templated))
    dev = common[:cut_c] + templated[:cut_t]
    test = common[cut_c:] + templated[cut_t:]
    return {"dev": list(CORE) + dev, "test": list(CORE) + test, "heldout": list(CORE) + test}


def cases_for(kind: str, n: int, seed: int) -> list[Case]:
    """``n`` cases of set ``kind``: 40% core commands, 35% common phrases, 25% template
    samples, each in a context where it parses to a known intent without an error
    (except the amount-less and bare-number phrases, whose error is the point)."""
    allowed = split_patterns(seed)[kind]
    rng = random.Random(f"{seed}:{kind}")
    core = [p for p in allowed if p in CORE]
    common = [p for p in allowed if p in COMMON]
    templated = [p for p, _ in _templated(rng) if p in set(allowed)]
    voices = VOICES[kind]
    out: list[Case] = []
    while len(out) < n:
        roll = rng.random()
        pattern = rng.choice(core if roll < 0.4 else common if roll < 0.75 else templated)
        for _ in range(20):
            ctx = random_context(rng)
            text = _fill(pattern, ctx, rng)
            truth = parse(text, ctx)
            errors_expected = pattern in ("raise", "bet", "{amount}")
            if truth.intent is not IntentKind.UNKNOWN and len(text.split()) <= 9 and (
                    truth.error is None or errors_expected):
                out.append(Case(text, pattern, ctx, truth, voices[len(out) % len(voices)]
                                if rng.random() < 0.5 else rng.choice(voices)))
                break
    return out


# --- streams ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placed:
    case: Case
    start: float   # seconds: the command's speech in the stream
    end: float


@dataclass(frozen=True, slots=True)
class Stream:
    name: str
    pcm: bytes
    commands: tuple[Placed, ...]

    @property
    def seconds(self) -> float:
        return len(self.pcm) / 2 / RATE


CONDITIONS = ("clean", *(f"{kind}{snr}" for kind in ("talk", "steady", "tv")
                         for snr in (20, 15, 10)))


def noise_bed(kind: str, which: str, seconds: float, gen: np.random.Generator) -> room.Signal:
    """The noise of one condition kind at unit active level (0 dBFS scale)."""
    if kind == "talk":
        talkers = [[speech(v, line) for line in talk_lines(which)] for v in TALKERS[which][:3]]
        return room.conversation(talkers, seconds, RATE, gen)
    if kind == "steady":
        return room.pink_noise(seconds, RATE, gen) if which == "dev" else \
            room.fan_noise(seconds, RATE, gen)
    if kind == "tv":
        lines = [speech(ANNOUNCER[which], line) for line in tv_lines(which)]
        return room.tv(lines, seconds, RATE, gen)
    raise ValueError(kind)


def stream(kind: str, condition: str, cases: Sequence[Case], seed: int) -> Stream:
    """``cases`` said one after another into the room of ``condition``."""
    rng = random.Random(f"{seed}:{kind}:{condition}:layout")
    clips = [room.scale_to(speech(c.voice, c.text), SPEECH_DB, RATE) for c in cases]
    starts, t = [], LEAD
    for clip in clips:
        starts.append(t)
        t += len(clip) / RATE + rng.uniform(*GAP)
    total = t - GAP[0] + LEAD
    gen = np.random.default_rng(_seed(seed, kind, condition))
    bed = room.pink_noise(total, RATE, gen) * 32768 * 10 ** (ROOM_DB / 20)
    if condition != "clean":
        noise_kind, snr = re.fullmatch(r"([a-z]+)(\d+)", condition).groups()  # type: ignore[union-attr]
        noise = noise_bed(noise_kind, pool(kind), total, gen)
        bed += room.scale_to(noise, SPEECH_DB - float(snr), RATE)[: len(bed)]
    placed = []
    for case, clip, start in zip(cases, clips, starts, strict=True):
        room.place(bed, clip, int(start * RATE))
        placed.append(Placed(case, start, start + len(clip) / RATE))
    return Stream(f"{kind}/{condition}", room.to_pcm(bed), tuple(placed))


def _seed(*parts: object) -> int:
    return int(hashlib.sha1(repr(parts).encode()).hexdigest()[:8], 16)


def quiet_stream(which: str, minutes: float, seed: int) -> Stream:
    """The no-command set: table talk near the microphone (the loudest talker at the
    player's level) for half of ``minutes``, a loud TV for the other half."""
    gen = np.random.default_rng(_seed(seed, which, "quiet"))
    half = minutes * 30
    talkers = [[speech(v, line) for line in talk_lines(which)] for v in QUIET_TALKERS[which]]
    talk = room.scale_to(room.conversation(talkers, half, RATE, gen, spread_db=8.0),
                         SPEECH_DB, RATE)
    lines = [speech(ANNOUNCER[which], line) for line in tv_lines(which)]
    television = room.scale_to(room.tv(lines, half, RATE, gen), SPEECH_DB - 4, RATE)
    floor = room.pink_noise(2 * half, RATE, gen) * 32768 * 10 ** (ROOM_DB / 20)
    bed = np.concatenate([talk, television])[: len(floor)] + floor[: len(talk) + len(television)]
    return Stream(f"{which}/no-command", room.to_pcm(bed), ())


def needed_renders(cases: dict[str, list[Case]], quiet: bool) -> list[tuple[Voice, str]]:
    """Everything the run will play."""
    items = [(c.voice, c.text) for group in cases.values() for c in group]
    for which in ("dev", "test"):
        talkers = set(TALKERS[which]) | (set(QUIET_TALKERS[which]) if quiet else set())
        items += [(v, line) for v in talkers for line in talk_lines(which)]
        items += [(ANNOUNCER[which], line) for line in tv_lines(which)]
    return items
