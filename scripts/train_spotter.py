"""Train the command spotter's head (voice/data/spotter.npz) from speech this script makes.

    .venv/bin/python scripts/train_spotter.py            # renders, embeds, trains, writes
    .venv/bin/python scripts/train_spotter.py --check    # retrain and compare with the shipped head

Seeded and reproducible: the same seed renders the same speech (espeak-ng, one line a
process), builds the same rooms, and trains the same weights (numpy, one thread for the
embedding models). Only espeak-ng speaks here, in voices and accents the voice benchmark
does not use (its espeak-ng voices are excluded pair by pair; flite, festival and Piper,
the families it scores apart, never), and the room's talk and TV lines are this script's
own. Each example is a phrase said into a room like the benchmark's kinds (a quiet room,
people talking, steady noise, a TV) at 0-25 dB, cut out the way the game's gate cuts an
utterance (sometimes with talk before and after it), padded as the spotter pads, and
embedded by the spotter's own backbone. Windows ending just after the command are that
command; windows that have not heard it yet or heard it long ago, and every window of a
phrase that is no command the spotter knows ("what's the pot", "half pot", "how much to
call"), are "none". A fifth of the voices are kept apart to report the head on.
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

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from voice.listen import room  # noqa: E402
from voice.listen.audio import read_wav, write_wav  # noqa: E402
from voice.recognize.spotter import (  # noqa: E402
    NONE,
    PAD_BEFORE,
    WINDOW,
    Backbone,
    Head,
    data_dir,
    padded,
    save_head,
    window_ends,
    window_features,
)
from voice.speak.narrator import VoiceSpec  # noqa: E402
from voice.speak.synth import RATE, Synthesizer  # noqa: E402

CACHE = ROOT / ".cache" / "spotter"

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

OTHERS = (
    # commands the spotter does not know, some holding its words in another role
    "what's the pot", "what's in the pot", "how big is the pot", "half pot",
    "three quarters pot", "two thirds pot", "a third of the pot", "pot size",
    "how much to call", "what's to call", "how much is it to call", "raise to two hundred",
    "bet fifty", "raise by forty", "make it three hundred", "min raise", "double it",
    "three x", "raise to eighty", "bet one twenty", "what are my cards",
    "what's on the board", "whose turn is it", "what are my odds", "say that again",
    "what", "help", "deal", "next hand", "pause", "resume", "sit out", "deal me in",
    "rebuy", "mute the bots", "one", "two", "hold on", "i'm back", "i quit", "i'm out",
    "what happened", "how much do i have", "bet", "raise", "top up", "keep going",
    "go ahead", "okay", "all right", "nice hand", "good game", "oh well", "hmm",
)
"""Phrases that are none of the spotter's commands."""

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
    "i need to call the garage about the car",
    "let me check the oven before it burns",
    "no idea where the remote has gone",
    "yes i saw that film it was brilliant",
    "the pot of soup is still on the stove",
)
"""The room's talk: this script's own lines (a few hold the spotter's words)."""

TV = (
    "and here are the headlines at the top of the hour",
    "temperatures will climb well above average by thursday",
    "the home team scored twice in the last ten minutes",
    "a new bridge across the river opens to traffic next spring",
    "stay tuned for the evening quiz after the news",
    "markets closed higher after a quiet day of trading",
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


def voices() -> list[str]:
    """Every accent and variant pair the benchmark does not use."""
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
    voice: str
    rate: int
    pitch: int
    room: str       # clean | talk | steady | fan | brown | tv
    snr: float
    held: bool      # a kept-apart voice: reported, not trained on


def render(text: str, voice: str, rate: int, pitch: int) -> np.ndarray:
    """The cached espeak-ng rendering, trimmed (int16-scaled floats)."""
    key = hashlib.sha1(f"{voice}:{rate}:{pitch}:{text}".encode()).hexdigest()[:20]
    path = CACHE / f"{key}.wav"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with Synthesizer(isolated=True) as synth:
            utt = synth.espeak(text, VoiceSpec(voice, rate, pitch), lead=0, tail=0)
        write_wav(path, utt.pcm, RATE)
    pcm, got = read_wav(path)
    assert got == RATE
    return np.frombuffer(pcm, "<i2").astype(np.float64)


def scenes(seed: int, per_class: int, others: int, noise_only: int) -> list[Scene]:
    """The seeded list of examples."""
    rng = random.Random(seed)
    names = voices()
    rng.shuffle(names)
    held = set(names[: len(names) // 5])
    plan = [(c, rng.choice(COMMANDS[c])) for c in COMMANDS for _ in range(per_class)]
    plan += [(NONE, rng.choice(OTHERS)) for _ in range(others)]
    plan += [("", "") for _ in range(noise_only)]
    out = []
    for i, (label, text) in enumerate(plan):
        voice = rng.choice(names)
        kind = rng.choices(("clean", "talk", "steady", "fan", "brown", "tv"),
                           (0.12, 0.36, 0.13, 0.08, 0.06, 0.25))[0]
        if label == "" and kind == "clean":
            kind = "talk"
        out.append(Scene(i, label, text, voice, rng.randint(120, 230), rng.randint(25, 75),
                         kind, rng.uniform(0.0, 25.0), voice in held))
    return out


def _people(seed: int, n: int) -> list[tuple[str, int, int]]:
    """The room's talkers and announcers: a fixed few, so their lines render once."""
    rng = random.Random(seed)
    return [(rng.choice(voices()), rng.randint(130, 210), rng.randint(30, 70))
            for _ in range(n)]


TALKERS = _people(5, 12)
ANNOUNCERS = _people(6, 4)


def _bed(scene: Scene, seconds: float, gen: np.random.Generator,
         rng: random.Random) -> np.ndarray:
    """The room's noise at unit active level."""
    if scene.room == "talk":
        talkers = [[render(line, *who) for line in rng.sample(TALK, 5)]
                   for who in rng.sample(TALKERS, 3)]
        return room.conversation(talkers, seconds, RATE, gen)
    if scene.room == "tv":
        who = rng.choice(ANNOUNCERS)
        return room.tv([render(line, *who) for line in TV], seconds, RATE, gen)
    if scene.room == "fan":
        return room.fan_noise(seconds, RATE, gen)
    exponent = 2.0 if scene.room == "brown" else 1.0
    return room._shaped(int(seconds * RATE), gen, exponent)


@dataclass(frozen=True, slots=True)
class Example:
    """One scene's windows: features, each window's class index (-1: left out)."""

    scene: Scene
    features: np.ndarray
    labels: np.ndarray


def build(scene: Scene, classes: Sequence[str]) -> Example:
    """Render, place in the room, cut as the gate would, pad, embed, label."""
    rng = random.Random(scene.index * 7919 + 17)
    gen = np.random.default_rng(scene.index * 104729 + 3)
    if scene.text:
        clip = render(scene.text, scene.voice, scene.rate, scene.pitch)
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
        noise = room.scale_to(_bed(scene, total, gen, rng), -26.0 - scene.snr, RATE)
        bed += noise[: len(bed)]
    start = int(before * RATE)
    room.place(bed, clip, start)
    end = start + len(clip)
    # the gate's cut: a little before and after the speech, sometimes the talk around it
    lead = rng.uniform(0.05, 0.45) + (rng.uniform(0.3, 1.0) if rng.random() < 0.3 else 0)
    tail = rng.uniform(0.12, 0.45) + (rng.uniform(0.3, 1.0) if rng.random() < 0.25 else 0)
    lo = max(0, start - int(lead * RATE))
    hi = min(len(bed), end + int(tail * RATE))
    segment = np.clip(bed[lo:hi], -32768, 32767).astype(np.float32)
    features = window_features(BACKBONE.embeddings(padded(segment)))
    ends = window_ends(len(features) + WINDOW - 1) - PAD_BEFORE
    said_from, said_to = (start - lo) / RATE, (end - lo) / RATE
    if scene.label in classes and scene.label != NONE:
        k = classes.index(scene.label)
        labels = np.where((ends >= said_to - 0.05) & (ends <= said_to + 0.35), k, -1)
        gone = ends - (WINDOW - 1) * 0.08 - 0.76 > said_to + 0.05
        labels = np.where((ends < said_from + 0.15) | gone, 0, labels)
    else:
        labels = np.zeros(len(features), int)
    return Example(scene, features.astype(np.float32), labels)


BACKBONE: Backbone


def _init() -> None:
    global BACKBONE
    BACKBONE = Backbone()


def _build(args: tuple[Scene, tuple[str, ...]]) -> Example:
    return build(*args)


def embedded(plan: Sequence[Scene], classes: tuple[str, ...], jobs: int) -> list[Example]:
    """Every scene built (:func:`build`), kept in the cache by the plan's digest so that
    training again with other settings of the head skips the audio."""
    digest = hashlib.sha1(repr((plan, classes, WINDOW, PAD_BEFORE)).encode()).hexdigest()[:16]
    path = CACHE / f"examples-{digest}.pickle"
    if path.exists():
        with path.open("rb") as stream:
            cached: list[Example] = pickle.load(stream)
        return cached
    with multiprocessing.get_context("fork").Pool(jobs, _init) as pool:
        examples = pool.map(_build, [(s, classes) for s in plan], chunksize=16)
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        pickle.dump(examples, stream)
    return examples


# --- the head ---------------------------------------------------------------------------


def train(x: np.ndarray, y: np.ndarray, classes: int, seed: int, hidden: int,
          epochs: int, l2: float, balance: float) -> Head:
    """Softmax regression (``hidden`` 0) or one ReLU layer, by Adam; each class weighed
    by (its share) ** -``balance`` (0: as the windows come, most of them none)."""
    gen = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
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
    step, lr, batch = 0, 2e-3, 256
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
    """Per clip, as the spotter decides (the surest window over all windows): the share
    of command clips spotted right, wrong, and of other clips spotted as a command."""
    right = wrong = false = commands = others = 0
    for ex in examples:
        probs = head.probabilities(ex.features)
        best = probs[:, 1:].max(axis=0)
        k = int(best.argmax()) + 1
        said = head.classes[k] if best[k - 1] >= threshold else NONE
        if ex.scene.label in COMMANDS:
            commands += 1
            right += said == ex.scene.label
            wrong += said not in (NONE, ex.scene.label)
        else:
            others += 1
            false += said != NONE
    return {"right": right / max(commands, 1), "wrong": wrong / max(commands, 1),
            "false_trigger": false / max(others, 1), "commands": commands,
            "others": others}


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--seed", type=int, default=11)
    args.add_argument("--per-class", type=int, default=420)
    args.add_argument("--others", type=int, default=1500)
    args.add_argument("--noise-only", type=int, default=900)
    args.add_argument("--hidden", type=int, default=128)
    args.add_argument("--epochs", type=int, default=20)
    args.add_argument("--l2", type=float, default=1e-3)
    args.add_argument("--balance", type=float, default=0.0)
    args.add_argument("--threshold", type=float, default=0.5)
    args.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args.add_argument("--out", type=Path, default=data_dir(),
                      help="where to write spotter.npz and spotter.json")
    args.add_argument("--check", action="store_true",
                      help="train, then compare with the shipped head instead of writing")
    options = args.parse_args()
    started = time.perf_counter()
    classes = (NONE, *COMMANDS)
    plan = scenes(options.seed, options.per_class, options.others, options.noise_only)
    examples = embedded(plan, classes, options.jobs)
    print(f"{len(examples)} scenes rendered and embedded in "
          f"{time.perf_counter() - started:.0f} s")
    train_set = [e for e in examples if not e.scene.held]
    x = np.concatenate([e.features[e.labels >= 0] for e in train_set])
    y = np.concatenate([e.labels[e.labels >= 0] for e in train_set])
    print(f"training windows: {len(y)} ({np.bincount(y, minlength=len(classes)).tolist()})")
    head = train(x, y, len(classes), options.seed, options.hidden, options.epochs, options.l2,
                 options.balance)
    held = [e for e in examples if e.scene.held]
    figures = {"kept-apart voices": clip_accuracy(head, held, options.threshold),
               "training voices": clip_accuracy(head, train_set, options.threshold)}
    for name, f in figures.items():
        print(f"{name}: commands spotted right {f['right']:.1%}, wrong {f['wrong']:.1%} "
              f"of {f['commands']}; other clips spotted as a command "
              f"{f['false_trigger']:.1%} of {f['others']}")
    for t in (0.5, 0.7, 0.8, 0.9):
        f = clip_accuracy(head, held, t)
        print(f"  kept-apart voices at {t}: right {f['right']:.1%}, wrong {f['wrong']:.1%}, "
              f"false {f['false_trigger']:.1%}")
    facts = {"seed": options.seed, "classes": list(classes), "hidden": options.hidden,
             "scenes": len(plan), "threshold": options.threshold, "figures": figures}
    if options.check:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            digest = save_head(head, Path(tmp), facts)
        shipped = json.loads((options.out / "spotter.json").read_text())["sha256"]
        print(f"retrained {digest}; shipped {shipped}: "
              f"{'the same' if digest == shipped else 'DIFFERENT'}")
        return 0 if digest == shipped else 1
    digest = save_head(head, options.out, facts)
    print(f"wrote {options.out / 'spotter.npz'} (sha256 {digest}) in "
          f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
