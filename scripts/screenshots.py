"""Render key table states to PNGs in screenshots/ (git-ignored) for a person to look at.

    .venv/bin/python scripts/screenshots.py [--size 1280x720] [--four-color] [--docs]

(``--docs``: the states the docs show, into docs/screenshots under their names.)

States: start screen, preflop, a side-pot all-in run-out, a split-pot showdown, the
rebuy dialog, the pause overlay, a hand on the flop, the help and settings overlays, the
voice panel offering two numbered readings, the start screen's voice check, the player's
seat waiting for the big blind (with Post now), the win moment, the hand break with
a top-up queued and a bot's top-up in the log, the voice panel's longest answers and a
notice in the notices panel.
Hands use stacked decks and scripted actions.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from engine.actions import Action, ActionKind  # noqa: E402
from engine.cards import stacked_deck  # noqa: E402
from engine.events import HandEnded  # noqa: E402
from game.app import App, table_scene  # noqa: E402
from game.input.commands import ActCommand, Ui, UiCommand  # noqa: E402
from game.persistence.saving import SaveGame  # noqa: E402
from game.records.career import Career  # noqa: E402
from game.scenes.base import SceneName  # noqa: E402
from game.scenes.career import CareerScene  # noqa: E402
from game.scenes.pause import PauseScene  # noqa: E402
from game.scenes.rebuy import RebuyScene  # noqa: E402
from game.scenes.replayer import ReplayerScene  # noqa: E402
from game.scenes.start import ROWS, StartScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.settings.model import GameSettings  # noqa: E402
from game.table.factory import new_table  # noqa: E402
from game.voicectl.controller import VoiceController  # noqa: E402
from game.voicectl.listening import Captured  # noqa: E402
from game.voicectl.panel import MicState  # noqa: E402
from tests.game.saved import saved_store  # noqa: E402
from voice.understand.intent import Intent, IntentKind, Query  # noqa: E402

F, X, C, K = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.ALLIN
R = ActionKind.RAISE


def deck_for(button: int, holes: dict[int, str], board: str, n: int = 4) -> list[int]:
    return stacked_deck(button, n, holes, board)


def make_app(size: tuple[int, int], four_color: bool) -> App:
    screen = pygame.display.set_mode(size)
    return App(screen, GameSettings(four_color=four_color, turn_seconds=30,
                                    walkthrough_done=True))


def table(app: App, stacks: tuple[int, ...] | None = None) -> TableScene:
    scene = table_scene(app, new_table(app.settings, 7, think_scale=1e9, stacks=stacks))
    app.replace_all(scene)
    return scene


def run_until(app: App, scene: TableScene, done: Callable[[], bool], limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(1 / 60)
    raise RuntimeError("state not reached")


def act(app: App, scene: TableScene, seat: int, kind: ActionKind, to: int | None = None) -> None:
    run_until(app, scene, lambda: scene.session.hand is not None and not scene.presenter.busy
              and scene.session.hand.to_act == seat)
    scene.handle(ActCommand(seat, Action(seat, kind, to), "script"))


DOC_NAMES = {
    "05_split_pot": "split_pot", "06_rebuy": "rebuy", "07_pause": "pause",
    "08_table_flop": "table_flop", "09_help": "help", "09_help_2": "help_page2",
    "10_settings": "settings", "11_voice_readings": "voice_readings",
    "12_start_voice_check": "voice_check", "13_waiting_big_blind": "waiting_big_blind",
    "14_win_moment": "win_moment", "15_hand_break": "hand_break",
    "16_voice_sorry": "voice_sorry", "17_voice_what_can_i_say": "voice_what_can_i_say",
    "18_notice": "notice", "19_recovery_notice": "recovery_notice", "20_career": "career",
    "21_replayer": "replayer", "22_long_message": "long_message",
}
"""The states the docs show, by the names docs/screenshots keeps them under."""
DOCS: list[str] = []  # with --docs: the window size, "960x540", naming docs files


def shoot(app: App, name: str, out: Path) -> None:
    """Save the frame as NAME.png, or with --docs as its docs name (the rest skipped)."""
    if DOCS and name not in DOC_NAMES:
        return
    app.draw()
    path = out / (f"{DOC_NAMES[name]}-{DOCS[0]}.png" if DOCS else f"{name}.png")
    pygame.image.save(app.screen, str(path))
    print(path)


def voice_states(app: App, scene: TableScene, out: Path) -> None:
    """The voice panel unsure between two readings (push-to-talk on), and the start
    screen's voice check having heard "check" (a controller that never listens: the
    states are set as the audio thread would set them)."""
    settings = replace(app.settings.voice, push_to_talk=True)
    voice = VoiceController(settings)
    voice.mic, voice.mic_note, voice.backend = MicState.PUSH_TO_TALK, "", "pocketsphinx"
    app.voice = voice
    app.step(1 / 60)
    voice.captured(Captured(Intent(IntentKind.CALL), 0.3, "call", voice.turn, voice.context,
                            readings=(Intent(IntentKind.CALL), Intent(IntentKind.ALLIN))))
    app.step(1 / 60)
    shoot(app, "11_voice_readings", out)
    start = StartScene(app)
    app.replace_all(start)
    voice.mic, voice.level_db = MicState.LISTENING, -22.0
    voice.check = start.voice_check
    start.voice_check.take("check it", Intent(IntentKind.CHECK))
    start.focus = ROWS.index("check")
    app.step(1 / 60)
    shoot(app, "12_start_voice_check", out)
    app.voice = None


def voice_answers(app: App, scene: TableScene, out: Path) -> None:
    """The voice panel's longest answers on the player's turn facing a bet: words it
    could not use ("Sorry, I didn't catch that. You can say fold, call 20, or raise to an
    amount") and "what can I say"; then a notice a player must not miss (the save file
    held by another game) in the notices panel."""
    voice = VoiceController(app.settings.voice)
    voice.mic, voice.mic_note, voice.backend = MicState.LISTENING, "", "whisper+pocketsphinx"
    app.voice = voice
    app.step(1 / 60)
    for name, heard, intent in (
            ("16_voice_sorry", "blue cheese", Intent(IntentKind.UNKNOWN)),
            ("17_voice_what_can_i_say", "what can I say",
             Intent(IntentKind.QUERY, query=Query.HELP))):
        voice.captured(Captured(intent, 0.8, heard, voice.turn, voice.context))
        app.step(1 / 60)
        shoot(app, name, out)
        app.step(4.0)
    app.voice = None
    scene.tell("Another Hold'em game is using the save file in ~/.local/share/holdem; this "
               "one plays on without saving.", error=True)
    app.step(1 / 60)
    shoot(app, "18_notice", out)


def seat_states(app: App, out: Path) -> None:
    """Back from sitting out: the seat waits for the big blind (Post now offered); a
    showdown's win moment; the break after it, a top-up queued and Vera's in the log."""
    scene = table(app)
    me = scene.session.table
    me.sit_out(0)
    me.seat(0).hands_sat_out = 1  # missed a hand: back in, the seat waits
    me.hands_played, me.button = 5, 0  # next: button 1, so Post now is allowed after it
    scene.handle(UiCommand(Ui.SIT_OUT))  # back in: waits for the big blind
    run_until(app, scene, lambda: scene.session.hand is not None and not scene.presenter.busy
              and scene.session.hand.to_act == 1)
    app.step(1 / 60)
    scene.message = ""
    shoot(app, "13_waiting_big_blind", out)

    scene = table(app, stacks=(600, 1000, 1000, 1000))
    vera = scene.session.table.seat(1)
    vera.stack = vera.bought_in = 150  # under 20 big blinds: she tops up after the hand
    scene.next_deck = deck_for(0, {0: "AhAd", 1: "7c2d", 2: "8s3h", 3: "9d4c"},
                               "As Kd 5h 6c Js")
    act(app, scene, 3, C)
    act(app, scene, 0, C)
    act(app, scene, 1, C)
    act(app, scene, 2, X)
    for _ in range(3):
        for seat in (1, 2, 3, 0):
            act(app, scene, seat, X)
    run_until(app, scene, lambda: bool(scene.display.win) and scene.display.pot_total == 0)
    shoot(app, "14_win_moment", out)
    run_until(app, scene, lambda: scene.session.hand is None and not scene.presenter.busy)
    scene.handle(UiCommand(Ui.REBUY))  # asked during the break: it waits for the break
    run_until(app, scene, lambda: (scene.loop.settled is None and scene.loop.between > 0.01)
              or isinstance(app.top, RebuyScene))
    if isinstance(app.top, RebuyScene):
        app.pop(app.top)
    shoot(app, "15_hand_break", out)


def long_lines(app: App, out: Path) -> None:
    """The longest lines a regular meets: the one notice after a damaged Sit & Go save, a
    long bottom-bar message, the career page with a long best hand, the replayer's list."""
    scene = table(app)
    run_until(app, scene, lambda: scene.session.hand is not None and not scene.presenter.busy)
    scene.tell("The Sit & Go's save file was damaged and set aside. Sit & Go #1 was rebuilt "
               "from its 17 hands and goes on at level IV (50/100 ante 10): You 783, Vera "
               "5,217 (out: Blaze 4th, Doris 3rd); a hand in play when it stopped was "
               "voided, its chips returned.", error=True)
    scene.message = ""
    app.step(1 / 60)
    shoot(app, "19_recovery_notice", out)
    scene.notices.clear()
    scene.say("Sitting out from the next hand: after 12 hands sitting out you leave the "
              "table, your seat and chips kept for your return")
    app.step(1 / 60)
    shoot(app, "22_long_message", out)
    app.replace_all(CareerScene(app, Career(sessions=3, hands=418, hands_won=97,
                                            best_hand="One Pair, Sixes, Queen kicker",
                                            best_hand_id=1234, biggest_pot=5120,
                                            biggest_pot_hand=977, net=-380)))
    shoot(app, "20_career", out)
    folder = Path(tempfile.mkdtemp())
    os.environ["HOLDEM_DATA_DIR"] = str(folder)
    saved_store(folder, hands=6)
    app.save = SaveGame.open()
    app.replace_all(ReplayerScene.open(app))
    app.step(1 / 60)
    shoot(app, "21_replayer", out)
    app.save.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--four-color", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "screenshots"))
    ap.add_argument("--docs", action="store_true",
                    help="only the states the docs show, into docs/screenshots under the "
                         "docs' names (help-960x540.png)")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    if args.docs:
        DOCS.append(f"{w}x{h}")
        args.out = str(ROOT / "docs" / "screenshots")
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    app = make_app((w, h), args.four_color)

    app.replace_all(StartScene(app))
    shoot(app, "01_start", out)

    # Preflop: UTG raises, the player is to act facing 30.
    scene = table(app)
    scene.next_deck = deck_for(0, {0: "AhKh", 1: "7c2d", 2: "9s9d", 3: "QcJc"},
                               "Ks 8h 3c 4d 2s")
    act(app, scene, 3, R, 30)
    run_until(app, scene, lambda: scene.model.my_turn)
    shoot(app, "02_preflop", out)

    # Side pots: four different stacks all in before the flop, caught on the turn.
    scene = table(app, stacks=(1000, 250, 500, 800))
    scene.next_deck = deck_for(0, {0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JhTh"},
                               "2c 7d 9h Qc 3s")
    act(app, scene, 3, K)
    act(app, scene, 0, C)
    act(app, scene, 1, K)
    act(app, scene, 2, K)
    run_until(app, scene, lambda: len(scene.display.board) == 4)
    shoot(app, "03_side_pots_allin", out)
    run_until(app, scene, lambda: "side pot 2" in scene.display.banner)
    shoot(app, "04_side_pots_showdown", out)

    # Split pot: two players with the same two pair and ace kicker.
    scene = table(app)
    scene.next_deck = deck_for(0, {0: "Ac2d", 1: "8c4d", 2: "9s5d", 3: "Ad3c"},
                               "Kh Kd 7s 7c Qh")
    act(app, scene, 3, C)
    act(app, scene, 0, C)
    act(app, scene, 1, F)
    act(app, scene, 2, F)
    for _ in range(3):
        act(app, scene, 3, X)
        act(app, scene, 0, X)
    run_until(app, scene, lambda: scene.display.banner.startswith("Split"))
    run_until(app, scene, lambda: isinstance(scene.presenter.current, HandEnded))
    shoot(app, "05_split_pot", out)

    # Rebuy after busting: the dialog opens by itself between hands.
    scene = table(app, stacks=(200, 1000, 1000, 1000))
    scene.next_deck = deck_for(0, {0: "7h2c", 1: "8c4d", 2: "9s5d", 3: "AdAc"},
                               "Kh Kd 7s 3c Qh")
    act(app, scene, 3, C)
    act(app, scene, 0, K)
    act(app, scene, 1, F)
    act(app, scene, 2, F)
    act(app, scene, 3, C)
    run_until(app, scene, lambda: isinstance(app.top, RebuyScene))
    shoot(app, "06_rebuy", out)
    app.pop(app.top)
    app.push(PauseScene(app, scene.session, scene.me))
    shoot(app, "07_pause", out)

    # During a hand: the flop, the top seat has bet, the player's live hand strength.
    scene = table(app)
    scene.next_deck = deck_for(0, {0: "Th3c", 1: "8c4d", 2: "AsQd", 3: "9c9d"},
                               "Td 3s 9h 2c 7h")
    act(app, scene, 3, C)
    act(app, scene, 0, C)
    act(app, scene, 1, C)
    act(app, scene, 2, X)
    act(app, scene, 1, X)
    act(app, scene, 2, ActionKind.BET, 20)
    act(app, scene, 3, C)
    run_until(app, scene, lambda: scene.model.my_turn)
    shoot(app, "08_table_flop", out)
    app.open(SceneName.HELP)
    shoot(app, "09_help", out)
    if app.top.bindings().keys.get(pygame.K_RIGHT) is not None:  # a second page
        app.top.handle(UiCommand(Ui.MOVE, 1))
        shoot(app, "09_help_2", out)
    app.pop(app.top)
    scene.handle(UiCommand(Ui.SETTINGS))  # O at the table: the table paused behind it
    shoot(app, "10_settings", out)
    app.pop(app.top)
    voice_answers(app, scene, out)
    voice_states(app, scene, out)
    seat_states(app, out)
    long_lines(app, out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
