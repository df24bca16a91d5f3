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
    keys_said,
    menu_bindings,
    menu_layout,
)
from game.scenes.seating import open_sit_and_go
from game.scenes.settings import changed
from game.scenes.spoken import Description, Heard, answers, menu_items, pressed
from game.settings.by_voice import NotHere, apply_choice
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
from game.voicectl.controller import list_microphones
from game.voicectl.room_options import push_to_talk_words, wake_words
from game.voicectl.voice_check import CheckView, VoiceCheck
from voice.understand.intent import Choice, Control, Intent

_log = logging.getLogger(__name__)

ROWS = ("level", "buy_in", "bot1", "bot2", "bot3", "strength", "clock", "bank", "deck",
        "speed", "mic", "ptt", "wake", "phones", "check")
HANDS, STATS, CONTINUE, NEW, CAREER = "hands", "stats", "continue", "new", "career"
SIT_AND_GO, TURBO = "standard", "turbo"  # the Sit & Go buttons' values: its speed
_ROW_OF = {"blinds": "level", "buy_in_bb": "buy_in", "chips": "buy_in", "bot2": "bot1",
           "bot3": "bot2", "bot4": "bot3", "strength": "strength", "clock": "clock",
           "four_color": "deck", "speed": "speed", "push_to_talk": "ptt",
           "wake_word": "wake", "sound_out": "phones"}
"""Each value said here (a choose block's row) and the start screen's row it sets."""
VOICE_ROWS = frozenset(_ROW_OF)
NOTICE_PAD = 6  # the notice banner's margin from the window's edge, and its padding


START_KEYS = ("Up and down, or Tab, move between the settings; left and right change the "
              "one you are on")
"""How the start screen's focus moves, as said."""

NEW_TABLE_ROWS = ("level", "buy_in", "bot1", "bot2", "bot3", "strength")
"""The rows that set up a new table: a continued table keeps its own blinds, stacks and
bots."""
NEW_TABLE_NOTE = "For a new table (N): Continue keeps your table's blinds, stacks and bots"


def waiting_sit_and_go(said: bool = False) -> str:
    """A line saying the player's Sit & Go waits to be continued ("" when none does);
    ``said``: for the ear (the key named in words, not in brackets)."""
    try:
        state = read_state()
    except SitAndGoStateError:
        return ""
    if state is None or state.autopilot:
        return ""
    number = state.data.get("number")
    if said:
        return (f"Your Sit and Go number {number} waits to be continued: say sit and go, "
                "or press S.")
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
    saved_said: str = ""  # the same for the ear ("Doris 2 has 1,000")
    waiting_said: str = ""  # the same for the ear (its key named in words)
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
            self.saved_said = "Your saved table: " + ", ".join(
                f"you have {chip_text(p.stack)}" if p.name == "You"
                else f"{p.name} has {chip_text(p.stack)}" for p in table.seats if p is not None)
        self.waiting = waiting_sit_and_go()
        told = self.host.save.take_notices()
        for notice in told:  # on the screen below, and in the log
            _log.warning("%s", notice)
        self.waiting_said = waiting_sit_and_go(said=True)
        self.notice = " ".join([*told, self.notice, self.waiting]).strip()
        self._menu_buttons()

    def _menu_buttons(self) -> None:
        self.asking = False
        enter = UiCommand(Ui.SELECT, CONTINUE) if self.can_continue else UiCommand(Ui.CONFIRM)
        self.buttons = [
            *([ButtonSpec("Continue", enter, pygame.K_RETURN, "Enter",
                          said_by=("resume", "sit_down"))]
              if self.can_continue else []),
            ButtonSpec("New table" if self.can_continue else "Sit down", UiCommand(Ui.CONFIRM),
                       pygame.K_n if self.can_continue else pygame.K_RETURN,
                       "N" if self.can_continue else "Enter",
                       said_by=("new_table",) if self.can_continue
                       else ("sit_down", "new_table", "resume")),
            ButtonSpec("Sit & Go", UiCommand(Ui.SELECT, SIT_AND_GO), pygame.K_s, "S",
                       said_by=("sit_and_go",)),
            ButtonSpec("Turbo", UiCommand(Ui.SELECT, TURBO), pygame.K_u, "U",
                       said_by=("turbo",)),
            ButtonSpec("Hands", UiCommand(Ui.SELECT, HANDS), pygame.K_h, "H",
                       said_by=("screen=hands",)),
            ButtonSpec("Stats", UiCommand(Ui.SELECT, STATS), pygame.K_t, "T",
                       said_by=("screen=stats",)),
            ButtonSpec("Career", UiCommand(Ui.SELECT, CAREER), pygame.K_k, "K",
                       said_by=("screen=career",)),
            ButtonSpec("Quit", UiCommand(Ui.QUIT), pygame.K_ESCAPE, "Esc"),
        ]

    def _ask_new(self) -> None:
        """Starting a new table closes the saved one: say so and wait for a yes."""
        self.asking = True
        self.buttons = [
            ButtonSpec("Yes, new table", UiCommand(Ui.SELECT, NEW), pygame.K_y, "Y",
                       said_by=("new_table",)),
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
        said_clock = "off" if s.turn_seconds == 0 else f"{s.turn_seconds} seconds an action"
        return [
            Row("Blinds", f"Level {s.level}: {sb}/{bb}",
                said=f"level {s.level}, {sb} and {bb}"),
            Row("Buy-in", f"{s.buy_in_bb} BB = {chip_text(s.buy_in)} chips",
                said=f"{s.buy_in_bb} big blinds, {chip_text(s.buy_in)} chips"),
            Row("Seat 2 (left)", _bot_row(s.bots[0])),
            Row("Seat 3 (across)", _bot_row(s.bots[1])),
            Row("Seat 4 (right)", _bot_row(s.bots[2])),
            Row("Table strength", strength_words(s.strength)),
            Row("Turn clock", clock, said=said_clock),
            Row("Time bank", f"{s.bank_seconds} s, +10% a hand" if s.turn_seconds else "—",
                said=f"{s.bank_seconds} seconds, a tenth back each hand" if s.turn_seconds
                else "none"),
            Row("Deck", "Four colours" if s.four_color else "Two colours"),
            Row("Animation speed", f"{s.speed:g}×", said=f"{s.speed:g}"),
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
        bindings.keys[pygame.K_TAB] = UiCommand(Ui.MOVE, 1)
        bindings.shift_keys[pygame.K_TAB] = UiCommand(Ui.MOVE, -1)
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
            self._set(self._changed(ROWS[row], step))
        elif k is Ui.CHOOSE:
            self._choose(command.text)
        elif k is Ui.CONFIRM and self.can_continue:
            self._ask_new()
        elif k is Ui.CONFIRM:
            self.sit_down()
        elif k is Ui.HELP:
            self.host.open(SceneName.HELP)
        elif k is Ui.QUIT:  # asked first, as by voice
            self.host.ask_to_quit()

    def _set(self, settings: GameSettings) -> None:
        self.host.settings = settings
        if self.host.voice is not None:  # at once: the voice check hears with them
            self.host.voice.configure(settings.voice)

    def _choose(self, said: str) -> None:
        """A value chosen by voice ("row=value"): set, and the row focused so that the
        new value is said back."""
        row, _, value = said.partition("=")
        try:
            settings, _ = apply_choice(self.settings, Choice(row, value), VOICE_ROWS)
        except NotHere:
            return  # refused when heard (``hear`` says why)
        self.focus = ROWS.index(_ROW_OF[row])
        self._set(settings)

    # ------------------------------------------------------------ by ear

    def describe(self) -> Description:
        rows = self.rows()[:-1]  # the voice check's meter is no item to the ear
        notice = self.notice.replace(self.waiting, self.waiting_said) if self.waiting \
            else self.notice
        about: list[str] = [notice] if notice else []
        if self.asking:
            return Description("start", "Close your saved table?",
                               (*about, f"It is cashed out into your record. {self.saved_said}"),
                               menu_items([], self.buttons), None, ("yes", "no"))
        if self.can_continue:
            about.append(self.saved_said)
            hints: tuple[str, ...] = ("continue", "new table", "sit and go", "quit the game")
        else:
            sb, bb = self.settings.blinds
            about.append(f"A new cash table: blinds {sb} and {bb}, "
                         f"buy-in {self.settings.buy_in_bb} big blinds.")
            hints = ("sit down", "sit and go", "level two", "buy in fifty big blinds",
                     "shark", "seat two maniac", "turbo", "open my stats", "quit the game")
        keys = keys_said(self.buttons, "Q: Quit", moving=START_KEYS, f1="F1: the help")
        return Description("start", "Hold'em, the start screen", tuple(about),
                           menu_items(rows, self.buttons), self.focus, hints,
                           key=f"{self.notice}|{self.can_continue}", keys=keys)

    def hear(self, intent: Intent) -> Heard:
        if intent.control is Control.CHOOSE and intent.choice is not None \
                and intent.choice.row != "screen":
            try:
                apply_choice(self.settings, intent.choice, VOICE_ROWS)  # refused: why
            except NotHere as why:
                return str(why)
            return UiCommand(Ui.CHOOSE, f"{intent.choice.row}={intent.choice.value}")
        if self.asking and answers(intent) is not None:
            return UiCommand(Ui.SELECT, NEW) if answers(intent) else UiCommand(Ui.CANCEL)
        if intent.choice is not None and intent.choice.value == "help":
            return UiCommand(Ui.HELP)
        if intent.control is Control.RESUME and not self.can_continue:
            return "There is no saved table to continue. Say sit down for a new one"
        return pressed(intent, self.buttons)

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
        open_sit_and_go(self.host, speed, self.seed, self._prepare())

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
