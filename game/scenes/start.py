"""Start screen: continue the saved table, or choose a new one (blind level, buy-in, the
three bots, the turn clock, deck colours, animation speed); the hands played (replayer)
and the stats are one key away."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field, replace

import pygame

from bots.levels import LEVEL_NAMES, LEVELS
from engine.chips import chip_text
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.persistence.sitngo import SitAndGoStateError, read_state
from game.render.theme import BG, GOLD, MUTED, ORANGE, PANEL
from game.render.voice import draw_voice_check
from game.render.widgets import panel
from game.scenes.base import Host, Opening, SceneName, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    MenuLayout,
    Row,
    draw_menu,
    menu_bindings,
    menu_layout,
)
from game.scenes.settings import changed
from game.settings.model import (
    BANK_CHOICES,
    BOT_KINDS,
    BUY_IN_CHOICES_BB,
    CLOCK_CHOICES,
    SPEED_CHOICES,
    GameSettings,
    cycle,
    strength_words,
)
from game.table.factory import continuable, continued_table, new_table, table_seed
from game.table.players import bot_blurb
from game.table.sitngo import seat_sit_and_go
from game.voicectl.controller import list_microphones
from game.voicectl.room_options import push_to_talk_words, wake_words
from game.voicectl.voice_check import CheckView, VoiceCheck

_log = logging.getLogger(__name__)

ROWS = ("level", "buy_in", "bot1", "bot2", "bot3", "strength", "clock", "bank", "deck",
        "speed", "mic", "ptt", "wake", "phones", "check")
HANDS, STATS, CONTINUE, NEW, CAREER = "hands", "stats", "continue", "new", "career"
SIT_AND_GO, TURBO = "standard", "turbo"  # the Sit & Go buttons' values: its speed
NOTICE_PAD = 6  # the notice banner's margin from the window's edge, and its padding


NEW_TABLE_ROWS = ("level", "buy_in", "bot1", "bot2", "bot3", "strength")
"""The rows that set up a new table: a continued table keeps its own blinds, stacks and
bots."""
NEW_TABLE_NOTE = "For a new table (N): Continue keeps your table's blinds, stacks and bots"


def waiting_sit_and_go() -> str:
    """A line saying the player's Sit & Go waits to be continued ("" when none does)."""
    try:
        state = read_state()
    except SitAndGoStateError:
        return ""
    if state is None or state.autopilot:
        return ""
    number = state.data.get("number")
    return f"Your Sit & Go #{number} waits to be continued: Sit & Go (S) continues it."


_VOICE_NOTES = {
    "ptt": "For a noisy room: heard only while held · key and button in Settings (O)",
    "wake": "For a noisy room: only what starts with “dealer” counts; other talk is ignored",
    "phones": "Headphones: the game keeps listening while it talks",
    "check": "Speak: the meter should move and the word come back",
}


def _bot_row(kind: str) -> str:
    name, _ = bot_blurb(kind)
    return f"{name} ({kind})"


@dataclass(slots=True)
class StartScene(StillScene):
    host: Host
    notice: str = ""
    opaque: bool = True
    focus: int = 0
    seed: int | None = None
    can_continue: bool = False
    asking: bool = False  # "New table" pressed over a saved table: asking before closing it
    saved: str = ""  # the saved table's seats and stacks, in a line
    waiting: str = ""  # the player's saved Sit & Go, waiting to be continued, in a line
    buttons: list[ButtonSpec] = field(default_factory=list)
    microphones: list[str] = field(default_factory=list)  # filled by a background thread
    mics_listed: threading.Event = field(default_factory=threading.Event)
    voice_check: VoiceCheck = field(default_factory=VoiceCheck)  # heard while shown
    check_view: CheckView = field(default_factory=lambda: CheckView(None, ""))

    def __post_init__(self) -> None:
        threading.Thread(target=self._list_microphones, name="list-mics", daemon=True).start()
        table, bots = self.host.save.peek()
        self.can_continue = continuable(table, bots, autopilot=False)
        if self.can_continue and table is not None:
            self.saved = "Saved table: " + " · ".join(
                f"{p.name} {chip_text(p.stack)}" for p in table.seats if p is not None)
        self.waiting = waiting_sit_and_go()
        told = self.host.save.take_notices()
        for notice in told:  # on the screen below, and in the log
            _log.warning("%s", notice)
        self.notice = " ".join([*told, self.notice, self.waiting]).strip()
        self._menu_buttons()

    def _menu_buttons(self) -> None:
        self.asking = False
        enter = UiCommand(Ui.SELECT, CONTINUE) if self.can_continue else UiCommand(Ui.CONFIRM)
        self.buttons = [
            *([ButtonSpec("Continue", enter, pygame.K_RETURN, "Enter")]
              if self.can_continue else []),
            ButtonSpec("New table" if self.can_continue else "Sit down", UiCommand(Ui.CONFIRM),
                       pygame.K_n if self.can_continue else pygame.K_RETURN,
                       "N" if self.can_continue else "Enter"),
            ButtonSpec("Sit & Go", UiCommand(Ui.SELECT, SIT_AND_GO), pygame.K_s, "S"),
            ButtonSpec("Turbo", UiCommand(Ui.SELECT, TURBO), pygame.K_u, "U"),
            ButtonSpec("Hands", UiCommand(Ui.SELECT, HANDS), pygame.K_h, "H"),
            ButtonSpec("Stats", UiCommand(Ui.SELECT, STATS), pygame.K_t, "T"),
            ButtonSpec("Career", UiCommand(Ui.SELECT, CAREER), pygame.K_k, "K"),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_ESCAPE, "Esc"),
        ]

    def _ask_new(self) -> None:
        """Starting a new table closes the saved one: say so and wait for a yes."""
        self.asking = True
        self.buttons = [
            ButtonSpec("Yes, new table", UiCommand(Ui.SELECT, NEW), pygame.K_y, "Y"),
            ButtonSpec("Keep my table", UiCommand(Ui.CANCEL), pygame.K_ESCAPE, "Esc"),
        ]

    def _list_microphones(self) -> None:
        self.microphones.extend(list_microphones())
        self.mics_listed.set()

    def _mic_label(self) -> str:
        chosen = self.settings.voice.microphone
        if chosen:
            return chosen
        if not self.mics_listed.is_set():
            return "System default (looking…)"
        return "System default" if self.microphones else "none found"

    @property
    def settings(self) -> GameSettings:
        return self.host.settings

    def rows(self) -> list[Row]:
        s = self.settings
        sb, bb = s.blinds
        clock = "Off" if s.turn_seconds == 0 else f"{s.turn_seconds} s per action"
        return [
            Row("Blinds", f"Level {s.level}: {sb}/{bb}"),
            Row("Buy-in", f"{s.buy_in_bb} BB = {chip_text(s.buy_in)} chips"),
            Row("Seat 2 (left)", _bot_row(s.bots[0])),
            Row("Seat 3 (across)", _bot_row(s.bots[1])),
            Row("Seat 4 (right)", _bot_row(s.bots[2])),
            Row("Table strength", strength_words(s.strength)),
            Row("Turn clock", clock),
            Row("Time bank", f"{s.bank_seconds} s per hand" if s.turn_seconds else "—"),
            Row("Deck", "Four colours" if s.four_color else "Two colours"),
            Row("Animation speed", f"{s.speed:g}×"),
            Row("Microphone", self._mic_label()),
            Row("Push-to-talk", push_to_talk_words(s.voice)),
            Row("Wake word", wake_words(s.voice)),
            Row("Sound out", "Headphones: the game can't hear itself" if s.voice.headphones
                else "Speakers: its own voice is cancelled"),
            Row("Voice check", "", arrows=False),  # drawn live by draw_voice_check
        ]

    @property
    def animating(self) -> bool:
        """While the level meter moves, it is drawn every frame."""
        return self.check_view.meter is not None and self.voice_check.shown > 0.01

    def update(self, dt: float) -> None:
        self.check_view = self.voice_check.view(self.host.voice, self.settings.voice, dt)

    def bindings(self) -> Bindings:
        L = self._layout()
        keys: dict[int, Command] = {pygame.K_q: UiCommand(Ui.QUIT),
                                    pygame.K_F1: UiCommand(Ui.HELP)}
        keys[pygame.K_KP_ENTER] = self.buttons[0].command
        if self.asking:  # only Y or a click closes the saved table, never a stray Enter
            keys = {}
        bindings = menu_bindings(L, len(ROWS), self.buttons, keys)
        bindings.chars["?"] = UiCommand(Ui.HELP)
        return bindings

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        k = command.kind
        if k is Ui.MOVE:
            self.focus = (self.focus + int(command.number)) % len(ROWS)
        elif k is Ui.SELECT and command.value == CONTINUE:
            self.continue_table()
        elif k is Ui.SELECT and command.value == NEW:
            self.sit_down()
        elif k is Ui.CANCEL:
            self._menu_buttons()
        elif k is Ui.SELECT and command.value in (SIT_AND_GO, TURBO):
            self.sit_and_go(str(command.value))
        elif k is Ui.SELECT and command.value == HANDS:
            self.host.open(SceneName.HANDS)
        elif k is Ui.SELECT and command.value == STATS:
            self.host.open(SceneName.STATS)
        elif k is Ui.SELECT and command.value == CAREER:
            self.host.open(SceneName.CAREER)
        elif k is Ui.SELECT:
            self.focus = int(command.number)
        elif k is Ui.CHANGE:
            row, step = command.pair
            row = self.focus if row < 0 else row
            self.focus = row
            self.host.settings = self._changed(ROWS[row], step)
            if self.host.voice is not None:  # at once: the voice check hears with them
                self.host.voice.configure(self.host.settings.voice)
        elif k is Ui.CONFIRM and self.can_continue:
            self._ask_new()
        elif k is Ui.CONFIRM:
            self.sit_down()
        elif k is Ui.HELP:
            self.host.open(SceneName.HELP)
        elif k is Ui.QUIT:
            self.host.quit()

    def _changed(self, row: str, step: int) -> GameSettings:
        s = self.settings
        if row == "level":
            return s.with_(level=(s.level - 1 + step) % 5 + 1)
        if row == "buy_in":
            return s.with_(buy_in_bb=cycle(BUY_IN_CHOICES_BB, s.buy_in_bb, step))
        if row.startswith("bot"):
            i = int(row[-1]) - 1
            bots = list(s.bots)
            bots[i] = cycle(BOT_KINDS, bots[i], step)
            return s.with_(bots=tuple(bots))
        if row == "clock":
            return s.with_(turn_seconds=cycle(CLOCK_CHOICES, s.turn_seconds, step))
        if row == "bank":
            return s.with_(bank_seconds=cycle(BANK_CHOICES, s.bank_seconds, step))
        if row in ("deck", "ptt", "wake", "strength"):  # as in the settings overlay
            return changed(s, row, step)
        if row == "mic":
            options = ("", *self.microphones)
            return s.with_(voice=replace(s.voice, microphone=cycle(
                options, s.voice.microphone, step)))
        if row == "phones":
            return s.with_(voice=replace(s.voice, headphones=not s.voice.headphones))
        if row == "check":  # a read-out: nothing to change
            return s
        return s.with_(speed=cycle(SPEED_CHOICES, s.speed, step))

    def _seed(self) -> int:
        return table_seed(self.seed)

    def _prepare(self) -> str | None:
        self.host.sprites.four_color = self.settings.four_color
        self.host.sprites.cache.clear()
        voice = self.host.voice
        if voice is not None:
            voice.configure(self.settings.voice)
        return self.host.keep_settings()

    def sit_down(self) -> None:
        """A new table with the chosen settings (saved as the current table)."""
        trouble = self._prepare()
        seated = new_table(self.settings, self._seed(), save=self.host.save)
        self.host.open(SceneName.TABLE, Opening(notice=trouble or "", table=seated))

    def sit_and_go(self, speed: str) -> None:
        """A four-player Sit & Go (its own save file: the cash table is kept); the saved
        one, if the player left one unfinished, is continued."""
        trouble = self._prepare()
        seated, notices, _ = seat_sit_and_go(self.settings, self._seed(), speed=speed)
        notice = " ".join([*notices, trouble or ""]).strip()
        self.host.open(SceneName.TABLE, Opening(notice=notice, table=seated))

    def continue_table(self) -> None:
        """Back to the saved table; a hand in play resumes where it stopped."""
        found = self.host.save.saved_table()
        if found is None:
            self.can_continue = False
            self.notice = " ".join(["There is no saved table to continue.",
                                    *self.host.save.take_notices()])
            return
        trouble = self._prepare()
        seated = continued_table(self.settings, self._seed(), found, self.host.save)
        self.host.open(SceneName.TABLE, Opening(notice=trouble or "", table=seated))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        L = self._layout()
        text = self.host.text
        if self.notice:  # a banner above the menu, in the room _layout keeps for it
            size, lines = self._notice_lines()
            box = self._notice_box()
            panel(surface, box, PANEL, ORANGE, radius=8, width=2)
            y = box.y + NOTICE_PAD
            for line in lines:
                y = text.blit(surface, line, size, (box.centerx, y), ORANGE,
                              anchor="midtop", width=box.w - 2 * NOTICE_PAD).bottom + 3
        elif L.box.top >= round(L.title.h * 0.8) + 10:  # the subtitle, where there's room
            text.blit(surface, "Hold'em · no-limit cash table", round(L.title.h * 0.8),
                      (L.box.centerx, L.box.top - 8), MUTED, anchor="midbottom")
        title, note, color = "New table", self._note(), MUTED
        if self.asking:
            title = "Close your saved table?"
            note, color = f"It is cashed out into your record. {self.saved}", ORANGE
        elif self.can_continue:
            title = "Continue your table, or set up a new one"
            if ROWS[self.focus] not in NEW_TABLE_ROWS:
                note, color = self.saved, GOLD
        draw_menu(surface, text, L, title, self.rows(), self.focus, self.buttons, note, color)
        _, left, _, right = L.rows[ROWS.index("check")]
        draw_voice_check(surface, text, left.union(right), self.check_view,
                         ROWS[self.focus] == "check")

    def _notice_lines(self) -> tuple[int, list[str]]:
        """The notice's text size and lines (at most three) at this window size."""
        w, h = self.host.size
        size = max(15, round(22 * min(w / 1280, h / 720)))
        return size, self.host.text.lines(self.notice, size, w - 40 - 4 * NOTICE_PAD, 3)

    def _notice_box(self) -> pygame.Rect:
        """The notice's banner: inside the window with a margin, never on its edge."""
        size, lines = self._notice_lines()
        w = self.host.size[0]
        widest = max(self.host.text.font(size).size(line)[0] for line in lines)
        h = len(lines) * (size + 3) + 2 * NOTICE_PAD
        return pygame.Rect((w - widest) // 2 - 2 * NOTICE_PAD, NOTICE_PAD,
                           widest + 4 * NOTICE_PAD, h)

    def _layout(self) -> MenuLayout:
        """The menu, moved down below the notice when there is one, so neither hides the
        other (a full-height menu left the notice no room above it)."""
        top = 0
        if self.notice:
            top = self._notice_box().bottom + NOTICE_PAD
        return menu_layout(self.host.size, len(ROWS), len(self.buttons), 0.6, top=top,
                           per_row=4)  # two lines of buttons: each label whole

    def _note(self) -> str:
        """The focused bot's description, else how the menu works."""
        row = ROWS[self.focus]
        if self.can_continue and row in NEW_TABLE_ROWS:
            return NEW_TABLE_NOTE
        if row.startswith("bot"):
            name, style = bot_blurb(self.settings.bots[int(row[-1]) - 1])
            return f"{name}: {style}"
        if row == "strength":
            return (f"{LEVELS[self.settings.strength - 1].about} · "
                    + " · ".join(LEVEL_NAMES))
        if row == "check" and self.host.voice is not None and self.host.voice.files:
            return "The --voice-from files are the microphone: one plays each time it is your turn"
        if row in _VOICE_NOTES:
            return _VOICE_NOTES[row]
        return "Up/Down choose · Left/Right change · Enter sit down · F1 help · mouse works too"
