"""The ``holdem`` command line: ``play`` (the default), ``replay``, ``stats``, ``export``,
and ``--reset-settings``. Every value is checked, with a sentence saying what is wanted."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from game.cli.logs import DEFAULT_LEVEL, LEVELS
from game.paths import APP_NAME
from game.settings.model import MAX_LEVEL_MINUTES, MAX_SPEED, MIN_SIZE, MIN_SPEED

MIN_W, MIN_H = MIN_SIZE

AUTOPLAY_SPEED = 8.0
COMMANDS = ("play", "replay", "stats", "export")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < MIN_W or h < MIN_H:
        raise argparse.ArgumentTypeError(f"the smallest window is {MIN_W}x{MIN_H}, not {w}x{h}")
    if w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"{w}x{h} is larger than any screen (max 7680x4320)")
    return w, h


def _ranged(name: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (no upper bound when None)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") \
                from None
        if high is None and value < low:
            raise argparse.ArgumentTypeError(f"{name} must be {low} or more, not {value}")
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low} to {high}, not {value}")
        return value
    return parse


def _positive(name: str) -> Callable[[str], int]:
    return _ranged(name, 1)


def _speed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be a number, not {text!r}") from None
    if not MIN_SPEED <= value <= MAX_SPEED:
        raise argparse.ArgumentTypeError(
            f"speed must be from {MIN_SPEED:g} to {MAX_SPEED:g}, not {value}")
    return value


def _output(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("-o needs a file name")
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name inside it")
    return path


def _output_or_stdout(text: str) -> Path | None:
    """``-o``'s file; ``-`` is standard output, as in other command-line tools."""
    return None if text.strip() == "-" else _output(text)


def _wav(text: str) -> Path:
    """A readable PCM WAV file (checked now, so a typo fails before the window opens)."""
    from voice.listen.audio import AudioFileError, WavFileSource

    path = Path(text).expanduser()
    try:
        with WavFileSource(path):
            pass
    except AudioFileError as err:
        raise argparse.ArgumentTypeError(f"--voice-from: {err}") from None
    return path


def _play_flags(p: argparse.ArgumentParser, *, quiet_defaults: bool) -> None:
    """The game's flags; on the ``play`` subcommand their defaults are left to the
    top level so ``holdem --level 3 play`` keeps level 3."""
    def default(value: object) -> object:
        return argparse.SUPPRESS if quiet_defaults else value

    p.add_argument("--autoplay", type=_ranged("--autoplay", 1, 100000), metavar="N",
                   default=default(None),
                   help="a bot plays your seat for N hands, then one JSON line is printed; "
                        "it continues the saved autoplay table, if there is one (with your "
                        "own table saved, it plays unsaved and leaves yours alone)")
    p.add_argument("--seed", type=_ranged("--seed", 0, 2**63 - 1), metavar="S",
                   default=default(None),
                   help="seed for the deck and the bots, so a table can be dealt again "
                        "(default: a fresh random one for each table; the JSON line gives it)")
    p.add_argument("--headless", action="store_true", default=default(False),
                   help="no window or sound (SDL dummy drivers)")
    p.add_argument("--size", type=_size, default=default((1280, 720)), metavar="WxH",
                   help=f"window size, at least {MIN_W}x{MIN_H} (default 1280x720)")
    p.add_argument("--level", type=_ranged("--level", 1, 5), default=default(None),
                   help="blind level 1-5: 5/10, 10/20, 25/50, 50/100, 100/200 "
                        "(default: the settings file, else 1)")
    p.add_argument("--fps", type=_ranged("--fps", 0, 240), default=default(60),
                   help="frame cap while animating (0: uncapped; idle is capped at 30)")
    p.add_argument("--speed", type=_speed, default=default(None),
                   help=f"animation and bot speed (default: the settings file, else 1; "
                        f"autoplay {AUTOPLAY_SPEED:g})")
    p.add_argument("--log", type=_output, default=default(None), metavar="FILE",
                   help="with --autoplay: write the whole hand log (actions and table "
                        "talk) to FILE")
    p.add_argument("--speech-log", type=_output, default=default(None), metavar="FILE",
                   help="write every line the game says (or was about to say) to FILE as "
                        "JSON Lines: when it was queued, the screen, the text, and whether "
                        "it was said to the end")
    p.add_argument("--four-color", action="store_true", default=default(False),
                   help="four-colour deck")
    p.add_argument("--voice-from", type=_wav, nargs="+", action="extend",
                   default=default(None), metavar="FILE.wav",
                   help="speak for the player from WAV files instead of the microphone, "
                        "one file each time the game waits for you (repeatable)")
    p.add_argument("--no-voice", action="store_true", default=default(False),
                   help="no voice control and no narration (mouse and keyboard only)")
    p.add_argument("--hands", type=_ranged("--hands", 1, 100000), metavar="N",
                   default=default(None),
                   help="sit down at once, play N hands as yourself (mouse, keyboard or "
                        "voice), then print the autoplay JSON line and exit; it continues "
                        "your saved table, if there is one (with autoplay's table saved, it "
                        "plays unsaved: --new-table replaces it)")
    p.add_argument("--new-table", action="store_true", default=default(False),
                   help="sit down at a new table: the saved one is cashed out into the "
                        "record first (without this flag every way in continues it)")
    p.add_argument("--sit-and-go", nargs="?", const="standard", choices=("standard", "turbo"),
                   default=default(None), metavar="SPEED",
                   help="play a four-player Sit & Go instead of the cash table: standard "
                        "(the default) or turbo blinds; with --autoplay, to its end or N "
                        "hands, whichever comes first")
    p.add_argument("--level-minutes", type=_ranged("--level-minutes", 1, MAX_LEVEL_MINUTES),
                   metavar="M", default=default(None),
                   help="with --sit-and-go: the blinds go up every M minutes of game time "
                        "instead of every 10 (Turbo: 5) hands (default: the settings "
                        "file's table.level_minutes, 0 meaning by hands)")


def _log_flag(p: argparse.ArgumentParser, *, quiet_default: bool) -> None:
    """``--log-level``, before or after the command (``holdem stats --log-level info``)."""
    p.add_argument("--log-level", type=str.lower, choices=LEVELS, metavar="LEVEL",
                   default=argparse.SUPPRESS if quiet_default else DEFAULT_LEVEL,
                   help=f"diagnostics on standard error from LEVEL up: {', '.join(LEVELS)} "
                        f"(default {DEFAULT_LEVEL})")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=APP_NAME, description="No-limit Texas Hold'em against three bots. "
        "Your table and every hand are saved in the data folder ($HOLDEM_DATA_DIR): "
        "holdem.sqlite3 (the cash table), sitngo.sqlite3 (the Sit & Gos) and "
        "hand-histories/ (PokerStars text for trackers: a file per table and day, one "
        "per Sit & Go with its summary); settings live in settings.toml "
        "($HOLDEM_CONFIG_DIR).")
    p.add_argument("--reset-settings", action="store_true",
                   help="write the default settings file and exit")
    _log_flag(p, quiet_default=False)
    _play_flags(p, quiet_defaults=False)
    sub = p.add_subparsers(dest="command", metavar="COMMAND",
                           title="commands (play is the default)")
    play = sub.add_parser("play", help="play at the table (the default)")
    _log_flag(play, quiet_default=True)
    _play_flags(play, quiet_defaults=True)

    replay = sub.add_parser("replay", help="step through a stored hand in the terminal")
    _log_flag(replay, quiet_default=True)
    replay.add_argument("hand", nargs="?", type=_positive("HAND_ID"),
                        metavar="HAND_ID", help="the hand's id (omit it to list recent hands)")
    replay.add_argument("--step", action="store_true",
                        help="wait for Enter between steps")

    stats = sub.add_parser("stats", help="player stats, this session and all time")
    _log_flag(stats, quiet_default=True)
    stats.add_argument("--json", action="store_true",
                       help="print one JSON object (seats, stacks, rebuys, hands, stats)")
    stats.add_argument("--session", type=_positive("--session"), metavar="ID",
                       help="one run of the game to report (default: this session, every "
                            "hand at the current table, as the game's stats panel counts)")

    export = sub.add_parser(
        "export", help="hand histories: PokerStars text or PHH",
        description="Write stored hands as PokerStars text or PHH. Hands are read from "
        "the save files in the data folder ($HOLDEM_DATA_DIR): holdem.sqlite3 (the cash "
        "table) and sitngo.sqlite3 (the Sit & Gos); the same hands are written as they "
        "are played to hand-histories/ there (one file per table and day, one per "
        "tournament with its TS… summary).")
    _log_flag(export, quiet_default=True)
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("--hand", type=_positive("--hand"), metavar="ID")
    which.add_argument("--session", type=_positive("--session"), metavar="ID",
                       help="one session at the cash table")
    which.add_argument("--all", action="store_true",
                       help="every stored hand: the cash table's and every Sit & Go's, in "
                            "the order played")
    which.add_argument("--cash", action="store_true", help="every cash-table hand")
    which.add_argument("--tournament", type=_positive("--tournament"), metavar="ID",
                       help="one Sit & Go's hands (its number, as shown at the table)")
    export.add_argument("--format", choices=("pokerstars", "phh"), default="pokerstars",
                        help="pokerstars (text tracking tools import) or phh (default "
                             "pokerstars)")
    export.add_argument("-o", "--output", type=_output_or_stdout, metavar="FILE",
                        help="write to FILE instead of the terminal (- is standard output)")
    export.add_argument("--hero", type=_ranged("--hero", 1, 10), default=1, metavar="SEAT",
                        help="whose hole cards the PokerStars text shows (seat 1-10, "
                             "default 1: you)")
    return p


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parsed and cross-checked arguments (exit 2 with a message when wrong)."""
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        args.command = "play"
    if args.reset_settings and args.command != "play":
        p.error("--reset-settings is used on its own: holdem --reset-settings")
    if args.command == "play" and args.voice_from and args.no_voice:
        p.error("--voice-from and --no-voice contradict each other: choose one")
    if args.command == "play" and args.level_minutes and not args.sit_and_go:
        p.error("--level-minutes goes with --sit-and-go")
    if args.command == "play" and args.hands and args.autoplay:
        p.error("--hands plays your own seat; --autoplay seats a bot there: choose one")
    return args
