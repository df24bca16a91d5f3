"""``holdem``: the game's entry point (``python -m game``).

``holdem`` plays (the table and every hand are saved; an interrupted hand resumes on the
next start). ``holdem --autoplay N --seed S [--headless]`` seats a bot in the player's
chair, plays N hands through the full loop (drawing included) and prints one JSON line
of figures; ``--hands N`` plays N hands at the player's own seat. Each continues the saved
table of its kind; ``--new-table`` starts a new one (the saved table cashed out first).
``holdem replay``, ``stats`` and ``export`` read the save file; ``holdem --reset-settings``
rewrites the settings file.
"""

from __future__ import annotations

import time

LAUNCHED = time.perf_counter()  # the first-frame figure counts from here
SAY_OUT_SECONDS = 15.0  # after the last of N hands, the most the game waits to say it out

import argparse  # noqa: E402
import contextlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Mapping, MutableMapping, Sequence  # noqa: E402
from typing import TYPE_CHECKING, TextIO  # noqa: E402

from game.cli import logs  # noqa: E402
from game.cli.args import AUTOPLAY_SPEED, parse  # noqa: E402
from game.settings.model import MIN_SIZE, SessionFlags  # noqa: E402

if TYPE_CHECKING:
    from game.app import App
    from game.cli.signals import Stopper
    from game.persistence.saving import SaveGame
    from game.settings.file import LoadedSettings
    from game.settings.model import GameSettings
    from game.voicectl.controller import VoiceController


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    logs.configure(args.log_level)
    if args.reset_settings:
        from game.cli.tools import reset
        return reset()
    if args.command != "play":
        from game.cli import tools
        run = {"replay": tools.replay, "stats": tools.stats,
               "export": tools.export}[args.command]
        try:
            return run(args)
        except BrokenPipeError:  # `holdem replay 3 | head`
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    return _run_game(args)


def _run_game(args: argparse.Namespace) -> int:
    if args.log is not None and not args.autoplay:
        print("holdem: --log goes with --autoplay", file=sys.stderr)
        return 2
    from game.cli.signals import stopping_on_signals

    # From the first instant, before the save is opened or pygame starts (SDL then leaves
    # SIGINT and SIGTERM to us): a stop signal at any moment ends the run as closing the
    # window does, with its closing line, the save closed.
    with stopping_on_signals() as stopper, contextlib.ExitStack() as files:
        try:
            transcript = None if args.log is None else files.enter_context(
                args.log.open("w", encoding="utf-8"))
            spoken = None if args.speech_log is None else files.enter_context(
                args.speech_log.open("w", encoding="utf-8"))
        except OSError as err:
            print(f"holdem: can't write {err.filename}: {err.strerror}", file=sys.stderr)
            return 1
        return _run_window(args, transcript, stopper, spoken)


def display_hints(environ: MutableMapping[str, str]) -> None:
    """SDL's settings for the window, set before pygame starts; a player's own wins.

    The table is drawn in software; SDL would otherwise show each frame through an
    OpenGL texture, which loads the system's GL driver (under Xvfb, Mesa's software one:
    60 MB of LLVM and 16 MB of heap; the window's frame p99 17.9 -> 8.9 ms without it)
    for a copy the plain window framebuffer does as well."""
    environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _run_window(args: argparse.Namespace, transcript: TextIO | None, stopper: Stopper,
                spoken: TextIO | None = None) -> int:
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    display_hints(os.environ)
    warm = threading.Thread(target=_warm_evaluator, name="warm-evaluator", daemon=True)
    warm.start()

    from game.persistence.saving import SaveGame
    from game.records.histories import HistoryWriter
    from game.settings.file import load_settings

    loaded = load_settings()
    for problem in loaded.problems:
        print(problem, file=sys.stderr)
    flags = _flags(loaded.settings, args)
    settings = loaded.settings.with_(**dict(flags.given))
    save = SaveGame.open(archive=HistoryWriter.for_settings(settings))

    import pygame

    trouble = None
    report = None
    try:
        pygame.display.init()
        pygame.font.init()
        report = _play(args, settings, loaded, flags, save, transcript, stopper, spoken)
        trouble = save.trouble  # autoplay stops rather than play on unsaved
    finally:
        save.close()
        pygame.quit()
        warm.join(timeout=10)  # never leave it running into interpreter shutdown
    if report is not None:
        print(json.dumps(report), flush=True)
    if trouble is not None and args.autoplay:
        for notice in save.take_notices():
            print(notice, file=sys.stderr)
        print(f"holdem: autoplay stopped: {trouble}", file=sys.stderr)
        return 3
    return 0


def _flags(settings: GameSettings, args: argparse.Namespace) -> SessionFlags:
    """The command line's settings, over the settings file's, for this session only."""
    changes: dict[str, object] = {}
    if args.level is not None:
        changes["level"] = args.level
    if args.four_color:
        changes["four_color"] = True
    if args.speed is not None:
        changes["speed"] = args.speed
    elif args.autoplay:
        changes["speed"] = AUTOPLAY_SPEED
    return SessionFlags(tuple(changes.items()), settings)


def _play(args: argparse.Namespace, settings: GameSettings, loaded: LoadedSettings,
          flags: SessionFlags, save: SaveGame, transcript: TextIO | None = None,
          stopper: Stopper | None = None, spoken: TextIO | None = None
          ) -> dict[str, object] | None:
    """Open the window, run the loop; the autoplay report, if autoplaying. Every
    surface and font is released before ``pygame.quit``."""
    import pygame

    from game.app import App
    from game.scenes.base import Opening, SceneName
    from game.table.factory import table_seed

    pygame.display.set_caption("Hold'em")
    screen = pygame.display.set_mode(args.size, pygame.RESIZABLE)
    window = _minimum_size()  # held until the loop ends: see _minimum_size
    app = App(screen, settings, fps=args.fps, launched=LAUNCHED,
              fixed_step=args.autoplay is not None,
              stop_after_hands=args.autoplay or args.hands, save=save,
              settings_file=None if args.autoplay else loaded.path, flags=flags,
              voice=_voice(args, settings, spoken))
    if stopper is not None:
        stopper.to(app.stop)
    recovery = "none"
    seed = table_seed(args.seed)
    if args.sit_and_go:
        recovery = _sit_and_go_table(app, settings, args, seed, transcript)
    elif args.autoplay or args.hands or args.new_table:
        recovery = _sit_down(app, settings, args, seed, transcript)
    else:
        app.open(SceneName.START, Opening(notice=" ".join(loaded.problems), seed=args.seed))
    try:
        stats = app.run()
    finally:
        if app.voice is not None:
            if app.ended == "hands":  # the last hand is heard out (and in the speech log)
                app.voice.say_out(SAY_OUT_SECONDS)
            app.voice.close()  # before pygame.quit: the narrator plays through the mixer
    del window
    if not (args.autoplay or args.hands):
        return None
    report = {**_report(app, stats.summary()), "recovery": recovery, "saved": save.active,
              "seed": seed, "ended": app.ended or "quit"}
    scene = app.table() or app.last_table
    if scene is not None and scene.session.tournament is not None:
        report["saved"] = scene.session.save.active  # the Sit & Go's own file
        scene.session.save.close()
    report["voice"] = _voice_report(app.voice)
    return report


def _voice(args: argparse.Namespace, settings: GameSettings,
           spoken: TextIO | None = None) -> VoiceController | None:
    """The voice controller: off with --no-voice, and in autoplay (a bot plays the
    seat; it is the performance probe) unless --voice-from or --speech-log asks for it
    (with only --speech-log, autoplay narrates and does not listen)."""
    if args.no_voice or (args.autoplay and not args.voice_from and spoken is None):
        return None
    from game.voicectl.controller import VoiceController
    from game.voicectl.speech_log import SpeechLog

    def report(message: str) -> None:  # a headless run has no panel to read
        print(message, file=sys.stderr)
    return VoiceController(settings.voice, files=tuple(args.voice_from or ()),
                           report=report if args.headless else None,
                           listens=not (args.autoplay and not args.voice_from),
                           speech_log=None if spoken is None else SpeechLog.since(spoken,
                                                                                  LAUNCHED))


def _voice_report(voice: VoiceController | None) -> dict[str, object]:
    """The ``voice`` object of the report line: what was heard, applied, asked and
    dropped, the player's turn time and how much of it the microphone was deaf."""
    from game.voicectl.stats import VoiceStats
    if voice is None:
        return {"backend": "", "mic": "voice off", **VoiceStats().report()}
    narrator = voice.narrator
    return {"backend": voice.backend, "mic": voice.mic.value, "duplex": voice.duplex,
            **voice.stats.report(), "applied_actions": voice.applied,
            "transcript": voice.transcript[-20:],
            "lines_played": voice.lines_played,
            "speech_errors": [] if narrator is None else narrator.errors[:3]}


def _sit_down(app: App, settings: GameSettings, args: argparse.Namespace, seed: int,
              transcript: TextIO | None = None) -> str:
    """Sit at the saved table of this run's kind (a bot's chair with ``--autoplay``, the
    player's otherwise), or a new one with ``--new-table`` or when none is saved; the
    recovery kind. Notices (a table cashed out, a save left alone) are told on the table
    (the notices panel, the hand log) and logged (standard error)."""
    from game.app import table_scene
    from game.table.factory import arrive

    arrival = arrive(settings, seed, app.save,
                     autopilot_kind="shark" if args.autoplay else None, fresh=args.new_table)
    scene = table_scene(app, arrival.seated)
    scene.transcript = transcript
    app.push(scene)
    for notice in arrival.notices:  # on screen and in the logs, as the start screen's are
        if notice not in scene.shown_notices():  # (a save held by another game: told)
            scene.tell(notice, error=True)
    return arrival.recovery


def _sit_and_go_table(app: App, settings: GameSettings, args: argparse.Namespace,
                      seed: int, transcript: TextIO | None = None) -> str:
    """Continue the saved Sit & Go of this kind (the player's, or autoplay's), or start a
    new one; it has its own save file beside the cash table's and never replaces it. The
    recovery kind."""
    from game.app import table_scene
    from game.table.sitngo import seat_sit_and_go

    seated, notices, recovery = seat_sit_and_go(
        settings, seed, speed=args.sit_and_go,
        autoplay=bool(args.autoplay), minutes_per_level=args.level_minutes)
    scene = table_scene(app, seated)
    scene.transcript = transcript
    app.push(scene)
    for notice in notices:
        scene.tell(notice, error=True)
    return recovery


def _report(app: App, summary: Mapping[str, object]) -> dict[str, object]:
    """The closing line's figures from the table played last (the player may have left
    it for the start screen)."""
    scene = app.table() or app.last_table
    if scene is None:  # stopped before a table was seated
        return {"hands": 0, **summary, "final_stacks": [], "chips_conserved": True}
    table = scene.session.table
    tournament = scene.session.tournament
    extra: dict[str, object] = {}
    if tournament is not None:
        from game.table.sitngo import report
        extra["tournament"] = report(tournament)
    return {
        "hands": scene.session.hand_number,
        **summary,
        "final_stacks": list(scene.session.stacks()),
        "bought_in": table.bought_in,
        "chips_conserved": scene.session.chips_accounted(),
        "display_matched_engine": not scene.display.mismatch,
        "size": list(app.size),
        **extra,
    }


def _warm_evaluator() -> None:
    """Build the evaluator's tables off the main thread so the first showdown is smooth."""
    from engine.evaluator import describe
    describe([0, 5, 10, 15, 20, 25, 30])


def _minimum_size() -> object:
    """Ask the window manager for the smallest size, where pygame can (``Window`` has no
    ``minimum_size`` in pygame 2.6; the resize handler clamps instead).

    The ``Window`` wrapper is created only when it will be used, and returned so it
    outlives the loop: SDL keeps a pointer to it that pygame reads back for every window
    event, and a wrapper freed early crashes ``pygame.event.get`` once its memory is
    reused (a segfault seen under load).
    """
    try:
        from pygame._sdl2.video import Window
    except ImportError:
        return None
    if not hasattr(Window, "minimum_size"):
        return None
    window = Window.from_display_module()
    with contextlib.suppress(Exception):  # a driver that refuses: the resize handler clamps
        setattr(window, "minimum_size", MIN_SIZE)  # noqa: B010 (not in pygame's stubs)
    return window


if __name__ == "__main__":
    sys.exit(main())
