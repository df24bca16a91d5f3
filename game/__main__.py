"""``holdem``: the game's entry point (``python -m game``).

``holdem --autoplay N --seed S [--headless]`` seats a bot in the player's chair, plays
N hands through the full loop (drawing included) and prints one JSON line of figures.
"""

from __future__ import annotations

import time

LAUNCHED = time.perf_counter()  # the first-frame figure counts from here

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Callable, Mapping, Sequence  # noqa: E402

MIN_W, MIN_H = 960, 540
AUTOPLAY_SPEED = 8.0


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


def _ranged(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") \
                from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low} to {high}, not {value}")
        return value
    return parse


def _speed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be a number, not {text!r}") from None
    if not 0.25 <= value <= 100:
        raise argparse.ArgumentTypeError(f"speed must be from 0.25 to 100, not {value}")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="holdem", description="No-limit Texas Hold'em against three bots "
                                   "(mouse, keyboard; voice coming).")
    p.add_argument("--autoplay", type=_ranged("--autoplay", 1, 100000), metavar="N",
                   help="a bot plays your seat for N hands, then one JSON line is printed")
    p.add_argument("--seed", type=_ranged("--seed", 0, 2**63 - 1), metavar="S",
                   help="seed for the deck and the bots (default: random)")
    p.add_argument("--headless", action="store_true",
                   help="no window or sound (SDL dummy drivers)")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                   help="window size, at least 960x540 (default 1280x720)")
    p.add_argument("--level", type=_ranged("--level", 1, 5), default=1,
                   help="blind level 1-5: 5/10, 10/20, 25/50, 50/100, 100/200")
    p.add_argument("--fps", type=_ranged("--fps", 0, 240), default=60,
                   help="frame cap while animating (0: uncapped; idle is capped at 30)")
    p.add_argument("--speed", type=_speed, default=None,
                   help=f"animation and bot speed (default 1, autoplay {AUTOPLAY_SPEED:g})")
    p.add_argument("--four-color", action="store_true", help="four-colour deck")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    warm = threading.Thread(target=_warm_evaluator, name="warm-evaluator", daemon=True)
    warm.start()

    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        report = _play(args)
    finally:
        pygame.quit()
        warm.join(timeout=10)  # never leave it running into interpreter shutdown
    if report is not None:
        print(json.dumps(report), flush=True)
    return 0


def _play(args: argparse.Namespace) -> dict[str, object] | None:
    """Open the window, run the loop; the autoplay report, if autoplaying. Every
    surface and font is released before ``pygame.quit``."""
    import pygame

    from game.app import App
    from game.settings import GameSettings

    pygame.display.set_caption("Hold'em")
    screen = pygame.display.set_mode(args.size, pygame.RESIZABLE)
    _minimum_size()
    speed = args.speed if args.speed is not None else (
        AUTOPLAY_SPEED if args.autoplay else 1.0)
    settings = GameSettings(level=args.level, four_color=args.four_color, speed=speed)
    app = App(screen, settings, fps=args.fps, launched=LAUNCHED,
              fixed_step=args.autoplay is not None, stop_after_hands=args.autoplay)
    if args.autoplay:
        from game.scenes.factory import table_scene
        app.push(table_scene(app, settings, args.seed if args.seed is not None else 0,
                             autopilot_kind="shark"))
    else:
        from game.scenes.start import StartScene
        app.push(StartScene(app, seed=args.seed))
    stats = app.run()
    return _report(app, stats.summary()) if args.autoplay else None


def _report(app: object, summary: Mapping[str, object]) -> dict[str, object]:
    from game.scenes.table import TableScene
    scene = next(s for s in app.scenes if isinstance(s, TableScene))  # type: ignore[attr-defined]
    table = scene.session.table
    return {
        "hands": scene.session.hand_number,
        **summary,
        "final_stacks": list(scene.session.stacks()),
        "bought_in": table.bought_in,
        "chips_conserved": scene.session.chips_accounted(),
        "display_matched_engine": not scene.display.mismatch,
        "size": list(app.size),  # type: ignore[attr-defined]
    }


def _warm_evaluator() -> None:
    """Build the evaluator's tables off the main thread so the first showdown is smooth."""
    from engine.evaluator import describe
    describe([0, 5, 10, 15, 20, 25, 30])


def _minimum_size() -> None:
    try:
        from pygame._sdl2.video import Window
        Window.from_display_module().minimum_size = (MIN_W, MIN_H)  # type: ignore[attr-defined]
    except Exception:  # older SDL or a dummy driver: the resize handler clamps instead
        pass


if __name__ == "__main__":
    sys.exit(main())
