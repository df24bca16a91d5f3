"""Render a Sit & Go's level change, its results and the start screen's Sit & Go buttons
to PNGs (``docs/screenshots/sitngo_*.png``), from an autoplayed Sit & Go (seeded).

    .venv/bin/python scripts/sitngo_screenshots.py [--size 1280x720] [--seed 3]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App, table_scene  # noqa: E402
from game.scenes.base import Opening, SceneName  # noqa: E402
from game.settings.model import GameSettings  # noqa: E402
from game.table.sitngo import new_sit_and_go  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    a = p.parse_args()
    w, h = (int(v) for v in a.size.split("x"))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((w, h))
    settings = GameSettings(walkthrough_done=True, speed=4.0)
    app = App(screen, settings, fixed_step=True)
    seated = new_sit_and_go(settings, a.seed, autopilot_kind="shark")
    scene = table_scene(app, seated)
    app.push(scene)
    a.out.mkdir(parents=True, exist_ok=True)
    shot_level = False
    for _ in range(400_000):
        app.step(1 / 60)
        if not shot_level and scene.message.startswith("Blinds up: level 4"):
            for _ in range(30):  # let the new hand's cards land
                app.step(1 / 60)
            app.draw()
            pygame.image.save(app.screen, str(a.out / f"sitngo_level-{a.size}.png"))
            shot_level = True
        if not app.running:
            break
    assert scene.desk is not None and scene.desk.sng.finished, "the Sit & Go did not finish"
    app.running = True
    app.open(SceneName.RESULTS, Opening(notice=scene.desk.results_title(),
                                        lines=scene.desk.results_lines()))
    app.draw()
    pygame.image.save(app.screen, str(a.out / f"sitngo_results-{a.size}.png"))
    print(f"level change shot: {shot_level}; results: {scene.desk.results_notice()}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
