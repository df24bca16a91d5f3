#!/usr/bin/env bash
# One entry point for players and developers:
#   ./dev.sh play [holdem options]   set everything up, then launch the game
#   ./dev.sh test [pytest options]   set everything up, then run the whole test suite
#                                    on every core (-n 0: in one process)
# Setup is idempotent: system packages are installed only when missing, the virtual
# environment is rebuilt only when pyproject.toml changes.
set -euo pipefail
cd "$(dirname "$0")"

SYSTEM_PACKAGES=(espeak-ng flite festival festvox-kallpc16k festvox-kdlpc16k libportaudio2)
VENV=.venv

say() { printf '%s\n' "$*" >&2; }

missing_system_packages() {
    local p
    for p in "${SYSTEM_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || printf '%s ' "$p"
    done
}

ensure_system_packages() {
    command -v dpkg-query >/dev/null 2>&1 || {
        say "note: not a Debian system; make sure these are installed: ${SYSTEM_PACKAGES[*]}"
        return 0
    }
    local missing
    missing=$(missing_system_packages)
    [ -z "$missing" ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo="sudo -n"
        else
            say "Missing system packages: $missing"
            say "Install them with:  sudo apt-get install -y $missing"
            say "(voices and the microphone need them; the game still starts without them)"
            return 0
        fi
    fi
    say "Installing system packages: $missing"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}

find_python() {
    local c
    for c in python3.13 python3.12 python3.11 python3; do
        if command -v "$c" >/dev/null 2>&1 &&
            "$c" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$c"
            return 0
        fi
    done
    say "Python 3.11 or newer is needed (apt-get install python3 python3-venv)."
    exit 1
}

ensure_venv() {
    local extras=$1 stamp hash
    hash=$(sha1sum pyproject.toml | cut -c1-12)
    stamp="$VENV/.installed-$extras-$hash"
    [ -f "$stamp" ] && return 0
    # The test install is the game's plus the test tools: it serves play as well.
    [ "$extras" = play ] && [ -f "$VENV/.installed-test-$hash" ] && return 0
    [ -x "$VENV/bin/python" ] || "$(find_python)" -m venv "$VENV"
    say "Installing Python packages into $VENV ..."
    "$VENV/bin/python" -m pip install -q --upgrade pip
    if [ "$extras" = test ]; then
        "$VENV/bin/python" -m pip install -q -e ".[test]"
    else
        "$VENV/bin/python" -m pip install -q -e .
    fi
    rm -f "$VENV"/.installed-"$extras"-*
    touch "$stamp"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
play)
    ensure_system_packages
    ensure_venv play
    exec "$VENV/bin/holdem" "$@"
    ;;
test)
    ensure_system_packages
    ensure_venv test
    export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOLDEM_OFFLINE=1
    "$VENV/bin/ruff" check .
    "$VENV/bin/mypy"
    set +e
    # Every core (a test file stays on one worker, so its module fixtures are built
    # once), the files in the order tests/conftest.py gives them (the longest first);
    # options given after "test" override these.
    "$VENV/bin/python" -m pytest -n auto --dist loadfile --no-loadscope-reorder "$@"
    rc=$?
    set -e
    [ $rc -eq 5 ] && { say "pytest collected no tests"; exit 1; }
    exit $rc
    ;;
*)
    say "usage: ./dev.sh play [options]   # set up and launch the game"
    say "       ./dev.sh test [options]   # set up and run the whole test suite"
    exit 2
    ;;
esac
