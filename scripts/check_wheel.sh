#!/usr/bin/env bash
# Does the *installed* package work? Builds the wheel from this checkout, installs it into
# a fresh virtual environment and, from a scratch folder outside the repository (so
# nothing here can shadow the installed modules or their data files), runs
#   holdem --autoplay 5 --seed 1 --headless
# and one JSON line through each of the four JSON Lines tools. Any error answer or
# non-zero exit fails the check. CI runs it after the test suite; by hand:
#   scripts/check_wheel.sh            (after ./dev.sh test or ./dev.sh play)
# Python packages come through pip's cache, so a second run takes a few seconds more
# than the installs themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

say() { printf 'check_wheel: %s\n' "$*" >&2; }
# pip's notes about index folders this machine's pip configuration names but lacks
pip_quiet() { "$@" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2); }
fail() { say "FAILED: $*"; exit 1; }

build_python=${PYTHON:-}
if [ -z "$build_python" ]; then
    if [ -x .venv/bin/python ]; then build_python=.venv/bin/python; else build_python=python3; fi
fi
command -v espeak-ng >/dev/null 2>&1 || fail "espeak-ng is needed to make a test WAV (./dev.sh test installs it)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/holdem-wheel.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src" "$scratch/dist" "$scratch/run" "$scratch/data" "$scratch/config"

# Build from a copy of the files git would commit (tracked or new, not ignored), so the
# build leaves nothing behind in the checkout and sees no stale build/ folder.
git ls-files -z --cached --others --exclude-standard |
    (cd "$repo" && xargs -0 tar -cf - --no-recursion --ignore-failed-read 2>/dev/null) | tar -xf - -C "$scratch/src"
say "building the wheel"
pip_quiet "$build_python" -m pip wheel -q --no-deps -w "$scratch/dist" "$scratch/src" >/dev/null
wheel=$(ls "$scratch"/dist/*.whl)
"$build_python" - "$wheel" <<'EOF' || fail "the wheel lacks package data"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = {"bots/data/personalities.json", "bots/data/lines.json", "voice/data/templates.txt",
        "voice/data/spotter.npz", "voice/data/spotter.json"}
need |= {f"{package}/py.typed" for package in ("engine", "voice", "bots", "game")}
missing = sorted(need - names)
if missing:
    sys.exit(f"missing from the wheel: {', '.join(missing)}")
EOF

say "installing $(basename "$wheel") into a fresh virtual environment"
base_python=$("$build_python" -c 'import sys; print(getattr(sys, "_base_executable", sys.executable))')
"$base_python" -m venv "$scratch/venv"
venv=$scratch/venv/bin
pip_quiet "$venv/python" -m pip install -q "$wheel"

cd "$scratch/run"  # outside the repository from here on
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOLDEM_OFFLINE=1
export HOLDEM_DATA_DIR=$scratch/data HOLDEM_CONFIG_DIR=$scratch/config
unset PYTHONPATH

# Every answer must be a JSON object that is not the error line; the exit status 0.
check_answer() {
    local what=$1 answer=$2
    "$venv/python" - "$what" "$answer" <<'EOF' || fail "$what"
import json, sys
what, text = sys.argv[1], sys.argv[2]
lines = text.splitlines()
if len(lines) != 1:
    sys.exit(f"{what}: expected one line, got {len(lines)}: {text[-500:]}")
answer = json.loads(lines[0])
if not isinstance(answer, dict) or isinstance(answer.get("error"), dict):
    sys.exit(f"{what}: answered with an error: {lines[0][:500]}")
print(f"check_wheel: ok  {what}: {lines[0][:100]}", file=sys.stderr)
EOF
}

run() {  # run WHAT INPUT CMD...: one line in, one answer out, exit status 0
    local what=$1 input=$2 answer
    shift 2
    answer=$(printf '%s\n' "$input" | "$@") || fail "$what exited with status $?"
    check_answer "$what" "$answer"
}

"$venv/python" -c '
import sys, engine, voice, bots, game
for package in (engine, voice, bots, game):
    if not package.__file__.startswith(sys.prefix):
        sys.exit(f"{package.__name__} comes from {package.__file__}, not the fresh install")
' || fail "the installed packages are not the ones imported"

answer=$("$venv/holdem" --autoplay 5 --seed 1 --headless </dev/null) ||
    fail "holdem --autoplay 5 --seed 1 --headless exited with status $?"
check_answer "holdem --autoplay 5 --seed 1 --headless" "$answer"

run "python -m engine.replay" \
    '{"small_blind": 5, "big_blind": 10, "stacks": [100, 100], "seed": 1, "actions": [["call"], ["check"]]}' \
    "$venv/python" -m engine.replay
run "python -m voice.parse" '{"text": "raise to two hundred", "context": {"to_call": 20, "current_bet": 20, "pot": 30, "stack": 980, "min_raise_to": 40, "max_raise_to": 980}}' \
    "$venv/python" -m voice.parse
espeak-ng -v gmw/en-us+klatt -s 150 -w fold.wav "fold"
run "python -m voice.transcribe" '{"wav": "fold.wav"}' "$venv/python" -m voice.transcribe
answer=$(printf '%s\n' '{"wav": "fold.wav"}' | "$venv/python" -m voice.transcribe)
"$venv/python" -c '
import json, sys
answer = json.loads(sys.argv[1])
ears = [r["backend"] for r in answer["readings"]]
if ears != ["pocketsphinx", "whisper", "spotter"]:
    sys.exit(f"the installed game does not listen with three ears: {ears}")
' "$answer" || fail "python -m voice.transcribe: three ears"
run "python -m bots.sim" '{"hands": 20, "seed": 1, "seats": ["shark", "rock"]}' \
    "$venv/python" -m bots.sim
say "the installed package works from $scratch/run"
