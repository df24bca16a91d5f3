"""The application: one clock loop (input → update → draw), the scene stack, and the
frame statistics autoplay reports."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from engine.chips import chip_text
from game.input.commands import Command, QuitCommand, ResizeCommand, Ui, UiCommand
from game.input.mapper import InputMapper
from game.input.talk_keys import binding as talk_binding
from game.persistence.saving import SaveGame
from game.render.sprites import Sprites
from game.render.theme import Text
from game.scenes.base import Host, Opening, Scene, SceneName
from game.scenes.career import CareerScene
from game.scenes.confirm import ConfirmScene
from game.scenes.help import HelpScene
from game.scenes.notes import NotesScene
from game.scenes.pause import PauseScene
from game.scenes.rebuy import RebuyScene
from game.scenes.replayer import ReplayerScene
from game.scenes.results import ResultsScene
from game.scenes.save_trouble import SaveTroubleScene
from game.scenes.settings import SettingsScene
from game.scenes.start import StartScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.settings.file import save_settings
from game.settings.model import HUMAN_SEAT, MIN_SIZE, GameSettings, SessionFlags
from game.sound.effects import Effects
from game.table.factory import SeatedTable
from game.voicectl.controller import VoiceController


def table_scene(host: Host, seated: SeatedTable, notice: str = "") -> TableScene:
    """The table scene over a seated table; ``notice`` (a problem) and the table's own
    sentence (a recovered hand) are told at the table."""
    scene = TableScene(host, seated.session, seated.seats, autopilot=seated.autopilot)
    if seated.told:
        scene.tell(seated.told)
    if notice:
        scene.tell(notice, error=True)
    unsaved = seated.session.save.why_unsaved  # a second game on the save, at every table
    if unsaved and unsaved not in notice:
        scene.tell(unsaved, error=True)
    return scene


def _table(host: Host, o: Opening) -> Scene:
    if o.table is None:
        raise ValueError("the table scene is opened with a table")
    return table_scene(host, o.table, o.notice)


def _pause(host: Host, o: Opening) -> Scene:
    if o.session is None:
        raise ValueError("the pause menu is opened with the table's session")
    return PauseScene(host, o.session, o.seat, o.on_change)


def _rebuy(host: Host, o: Opening) -> Scene:
    if o.session is None or o.on_added is None:
        raise ValueError("the rebuy dialog is opened with a session and on_added")
    return RebuyScene(host, o.session, o.seat, o.on_added)


def _confirm(host: Host, o: Opening) -> Scene:
    if o.on_yes is None:
        raise ValueError("a question is opened with what its yes does")
    return ConfirmScene(host, o.name or "confirm", o.question, o.notice, o.on_yes, o.name)


def _notes(host: Host, o: Opening) -> Scene:
    if o.session is None or o.on_note is None:
        raise ValueError("the notes dialog is opened with a session and on_note")
    return NotesScene(host, o.session.names[o.seat], o.notice, o.on_note)


# Each scene name: its constructor, and whether it replaces every scene (True) or is
# pushed on top as an overlay (False).
SCENES: dict[SceneName, tuple[Callable[[Host, Opening], Scene], bool]] = {
    SceneName.START: (lambda host, o: StartScene(host, notice=o.notice, seed=o.seed), True),
    SceneName.TABLE: (_table, True),
    SceneName.PAUSE: (_pause, False),
    SceneName.REBUY: (_rebuy, False),
    SceneName.HANDS: (lambda host, o: ReplayerScene.open(host), False),
    SceneName.STATS: (lambda host, o: StatsScene.open(host, o.session), False),
    SceneName.SAVE_TROUBLE: (lambda host, o: SaveTroubleScene(host, host.save), False),
    SceneName.HELP: (lambda host, o: HelpScene(host), False),
    SceneName.CAREER: (lambda host, o: CareerScene.open(host), False),
    SceneName.SETTINGS: (lambda host, o: SettingsScene(host, o.on_change), False),
    SceneName.NOTES: (_notes, False),
    SceneName.CONFIRM: (_confirm, False),
    SceneName.RESULTS: (lambda host, o: ResultsScene(host, o.notice, o.lines), True),
}

GOODBYE_SECONDS = 12.0
"""The longest the game waits for its goodbye to be said before it closes."""


FRAME_SAMPLE = 20_000  # frame times kept for the percentiles: bounded memory


@dataclass(slots=True)
class FrameStats:
    """Per-frame work time, plus CPU and wall time split by busy and idle frames.

    The frame times for the percentiles are an even sample of at most ``FRAME_SAMPLE``
    values (every frame at first; when full, every other one is dropped and then every
    second frame kept, and so on), so a session of hours holds a fixed amount."""

    frame_ms: list[float] = field(default_factory=list)
    busy_ms: list[float] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0
    idle_cpu: float = 0.0
    idle_wall: float = 0.0
    first_frame_ms: float | None = None
    frames: int = 0
    stride: int = 1

    def add(self, work: float, wall: float, cpu: float, busy: bool) -> None:
        self.frames += 1
        if self.frames % self.stride == 0:
            self.frame_ms.append(work * 1000)
            if busy:
                self.busy_ms.append(work * 1000)
            if len(self.frame_ms) >= FRAME_SAMPLE:
                del self.frame_ms[::2], self.busy_ms[::2]
                self.stride *= 2
        if not busy:
            self.idle_cpu += cpu
            self.idle_wall += wall
        self.cpu += cpu
        self.wall += wall

    def summary(self) -> dict[str, float | int | None]:
        ms = sorted(self.frame_ms) or [0.0]
        busy = sorted(self.busy_ms) or [0.0]

        def pct(values: list[float], q: float) -> float:
            return round(values[min(len(values) - 1, int(q * len(values)))], 3)

        return {
            "frames": self.frames,
            "fps_mean": round(len(self.frame_ms) / self.wall, 1) if self.wall else 0.0,
            "frame_ms_p50": pct(ms, 0.5),
            "frame_ms_p99": pct(ms, 0.99),
            "frame_ms_mean": round(statistics.fmean(ms), 3),
            "animating_frame_ms_p99": pct(busy, 0.99),
            "cpu_percent": round(100 * self.cpu / self.wall, 1) if self.wall else 0.0,
            "idle_cpu_percent": (round(100 * self.idle_cpu / self.idle_wall, 1)
                                 if self.idle_wall else None),
            "first_frame_ms": self.first_frame_ms,
        }


@dataclass(slots=True)
class App:
    """Owns the window surface and the scene stack; scenes reach it as their ``Host``."""

    screen: pygame.Surface
    settings: GameSettings
    fps: int = 60
    idle_fps: int = 30
    fixed_step: bool = False
    stop_after_hands: int | None = None
    launched: float = field(default_factory=time.perf_counter)
    text: Text = field(default_factory=Text)
    sprites: Sprites = field(init=False)
    scenes: list[Scene] = field(default_factory=list)
    mapper: InputMapper = field(default_factory=InputMapper)
    inbox: list[Command] = field(default_factory=list)
    stats: FrameStats = field(default_factory=FrameStats)
    running: bool = True
    hands: int = 0
    idle_redraw_s: float = 0.1
    save: SaveGame = field(default_factory=SaveGame)
    settings_file: Path | None = None  # where the start screen's choices are kept
    flags: SessionFlags = field(default_factory=SessionFlags)  # never kept in the file
    voice: VoiceController | None = None  # hands-free play; started after the first frame
    effects: Effects = field(default_factory=Effects)
    last_table: TableScene | None = None  # the table played last (the closing report's)
    ended: str = ""  # why the loop stopped: "hands", "left the table", "quit", a signal
    _last_draw: float = field(default=float("-inf"), init=False)
    closing_at: float | None = field(default=None, init=False)  # the goodbye was said then
    left_with: tuple[int, int, bool] | None = field(default=None, init=False)  # the chips
    # of the table last left (the goodbye names them when no table is saved)
    _read: object = field(default=None, init=False)  # the screen last read aloud

    def __post_init__(self) -> None:
        self.sprites = Sprites(self.text, self.settings.four_color)
        self.effects.set_volumes(self.settings.effects_volume, self.settings.voice_volume)

    # --------------------------------------------------------------- Host

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        if isinstance(scene, TableScene):
            self.last_table = scene

    def pop(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)

    def replace_all(self, scene: Scene) -> None:
        self.scenes = [scene]
        if isinstance(scene, TableScene):
            self.last_table = scene

    def open(self, name: SceneName, opening: Opening | None = None) -> None:
        """Open a scene by name: the whole screen, or an overlay on top. A run that stops
        after N hands (``--hands``, ``--autoplay``) stops instead when the player leaves
        the table for the start screen: no hand would ever come."""
        if name is SceneName.START and self.stop_after_hands is not None:
            self.stop("left the table")
            return
        make, replaces = SCENES[name]
        scene = make(self, opening if opening is not None else Opening())
        if replaces:
            self.replace_all(scene)
        else:
            self.push(scene)

    def quit(self) -> None:
        self.stop("quit")

    def stop(self, why: str) -> None:
        """End the loop after this frame, saying why (the first reason given stands)."""
        self.ended = self.ended or why
        self.running = False

    # --------------------------------------------------------------- leaving

    def _chips(self) -> tuple[int, int, bool] | None:
        """The player's chips at the table played or saved: behind, in the hand in play,
        and whether it is a Sit & Go's; None when there is no table."""
        table = self.table()
        if table is not None and not table.autopilot:
            session, me = table.session, table.me
            hand = session.hand
            sng = session.tournament is not None
            if hand is not None and not hand.finished and hand.config.players[me]:
                return hand.stacks[me], hand.totals[me], sng
            return session.stacks()[me], 0, sng
        saved, _ = self.save.peek()
        seat = saved.seats[HUMAN_SEAT] if saved is not None and saved.seats else None
        return (seat.stack, 0, False) if seat is not None else self.left_with

    @staticmethod
    def _chips_said(chips: tuple[int, int, bool]) -> str:
        """ "1,240 chips", or "350 chips behind, and 650 in the hand in play"."""
        behind, in_play, _ = chips
        if not in_play:
            return f"{chip_text(behind)} chips"
        return f"{chip_text(behind)} chips behind, and {chip_text(in_play)} in the hand in play"

    def ask_to_leave(self) -> None:
        """ "Leave the table?" (by voice: a yes leaves, the chips said)."""
        chips = self._chips()
        if self.table() is None or chips is None:
            self._tell("You are not at a table")
            return
        waits = " The hand in play waits for you." if chips[1] else ""
        self.open(SceneName.CONFIRM, Opening(
            name="leave", question="Leave the table?",
            notice=f"You have {self._chips_said(chips)}.{waits}", on_yes=self.leave_table))

    def leave_table(self) -> None:
        """Up from the table, to the start screen, the chips said; the table is kept
        (a hand in play waits where it stopped)."""
        chips = self._chips()
        table = self.table()
        if table is None or chips is None:
            return
        self.left_with = chips
        heard = self.voice is not None and self.voice.listens  # with voice off: the keys
        if table.session.tournament is not None:
            kept = (" Your Sit and Go is saved: say sit and go to go back to it." if heard
                    else " Your Sit & Go is saved: Sit & Go (S) takes you back to it.")
        elif table.session.save.active:
            kept = (" Your seat is saved: say continue to sit back down." if heard
                    else " Your seat is saved: Continue (Enter) sits you back down.")
        else:
            kept = ""
        self.open(SceneName.START, Opening(
            notice=f"You leave with {self._chips_said(chips)}.{kept}"))

    def ask_to_quit(self) -> None:
        """ "Quit the game?" (by voice: a yes says goodbye and closes the game)."""
        chips = self._chips()
        detail = f"You have {self._chips_said(chips)}; they are kept." if chips else ""
        self.open(SceneName.CONFIRM, Opening(name="quit", question="Quit the game?",
                                             notice=detail, on_yes=self.farewell))

    def farewell(self) -> None:
        """Say goodbye, naming the chips, then close once it has been said."""
        self.closing_at = time.perf_counter()
        if self.voice is None or not self.voice.say_goodbye(self.goodbye()):
            self.running = False

    def goodbye(self) -> str:
        """The goodbye, with the player's chips and where they are kept."""
        table = self.table()
        chips = self._chips()
        if chips is None:
            return "Goodbye."
        said = self._chips_said(chips)
        if table is not None and not table.session.save.active:
            return f"Goodbye. You leave with {said}; this table is not saved."
        if chips[2]:
            return f"Goodbye. Your Sit and Go is saved, with your {said}."
        if table is None and chips is self.left_with:
            return f"Goodbye. You left the table with {said}."
        return f"Goodbye. You have {said}; your table is saved for next time."

    def _say_keys(self) -> None:
        """F1 in a dialog: the keys of the screen on top, said."""
        describe = getattr(self.top, "describe", None)
        if describe is not None:
            self._tell(describe().keys_said())

    def _tell(self, line: str) -> None:
        if self.voice is not None:
            self.voice.reply(line, self.voice.clock())

    def keep_settings(self) -> str | None:
        """Write the current settings to the settings file (the command line's only as
        the player changed them in the game); a sentence if that fails."""
        if self.settings_file is None:
            return None
        return save_settings(self.flags.to_keep(self.settings), self.settings_file)

    def remember_voice(self, **changes: object) -> str | None:
        """Change voice settings the player said aloud ("mute the bots") and keep them in
        the settings file; a sentence if they could not be written."""
        fields: dict[str, Any] = dict(changes)  # replace() refuses a name VoiceSettings lacks
        self.settings = self.settings.with_(voice=replace(self.settings.voice, **fields))
        return self.keep_settings()

    def hand_finished(self, hands: int) -> None:
        self.hands = hands
        if self.stop_after_hands is not None and hands >= self.stop_after_hands:
            self.stop("hands")

    def submit(self, command: Command) -> None:
        """For other input sources (voice): handled with next frame's input."""
        self.inbox.append(command)

    def paused(self) -> bool:
        """Whether the pause menu is on top (voice: "quit" then really quits)."""
        return bool(self.scenes) and isinstance(self.top, PauseScene)

    def table(self) -> TableScene | None:
        return next((s for s in self.scenes if isinstance(s, TableScene)), None)

    # --------------------------------------------------------------- loop

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    @property
    def animating(self) -> bool:
        return any(s.animating for s in self.scenes)

    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        if self.closing_at is not None:  # the goodbye is being said: then the game ends
            narrator = self.voice.narrator if self.voice is not None else None
            quiet = narrator is None or getattr(narrator, "quiet", lambda: True)()
            if quiet or time.perf_counter() - self.closing_at > GOODBYE_SECONDS:
                self.running = False
            return  # nothing moves while it is said: the goodbye is the last line
        if self.voice is not None and self.scenes:
            top = self.top
            self.voice.check = getattr(top, "voice_check", None)  # the start screen's
            table = self.table()
            self.voice.screen = None if isinstance(top, TableScene) else top
            self.voice.update(self, table if table is not None and not table.autopilot
                              else None)
        self.mapper.talk = talk_binding(self.settings.voice)  # it may change on any scene
        commands = self.mapper.poll(self.top.bindings())
        commands += self.inbox
        self.inbox = []
        for command in commands:
            if not self.running or not self.scenes:
                break
            if isinstance(command, QuitCommand):
                self.quit()
            elif isinstance(command, ResizeCommand):
                self.resize(command.size)
            elif isinstance(command, UiCommand) and command.kind is Ui.KEYS:
                self._say_keys()
            elif isinstance(command, UiCommand) and command.kind is Ui.PUSH_TO_TALK:
                if self.voice is not None:  # on every scene, so a release is never lost
                    self.voice.set_push_to_talk(bool(command.value))
            else:
                self.top.handle(command)
        if not self.scenes:
            self.running = False
            return
        if self.closing_at is not None:  # the goodbye was just queued: nothing after it
            return
        if self.voice is not None and self.voice.narrator is not None \
                and self.closing_at is None and (commands or self.top is not self._read):
            self._read = self.top
            self.voice.read_screen(self.top)
        self.top.update(dt)
        # Input is read every frame; the screen is repainted on input, while anything
        # animates, and otherwise ten times a second (the clock ring, bubbles), so a
        # player thinking costs little CPU.
        now = time.perf_counter()
        if commands or self.animating or now - self._last_draw >= self.idle_redraw_s:
            self.draw()
            pygame.display.flip()
            self._last_draw = now

    def draw(self) -> None:
        """Paint from the highest opaque scene up (drawing changes no state)."""
        start = max((i for i, s in enumerate(self.scenes) if s.opaque), default=0)
        for scene in self.scenes[start:]:
            scene.draw(self.screen)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        for scene in self.scenes:
            scene.resize((w, h))

    def run(self) -> FrameStats:
        clock = pygame.time.Clock()
        dt = 0.0
        while self.running:
            busy = self.animating
            cap = self.fps if busy or not self.fps else min(self.fps, self.idle_fps)
            t0, c0 = time.perf_counter(), time.process_time()
            self.step(dt)
            work = time.perf_counter() - t0
            if self.stats.first_frame_ms is None and self._on_table():
                self.stats.first_frame_ms = round((time.perf_counter() - self.launched) * 1000,
                                                  1)
            if self.voice is not None and not self.voice.started:
                self.voice.start()  # after the first frame: models load in the background
            if cap:
                clock.tick(cap)
            wall = time.perf_counter() - t0
            self.stats.add(work, wall, time.process_time() - c0, busy)
            # Autoplay is deterministic: game time follows frames, not the wall clock.
            dt = 1.0 / (cap or 60) if self.fixed_step else min(0.1, wall)
        return self.stats

    def _on_table(self) -> bool:
        return any(isinstance(s, TableScene) for s in self.scenes)
