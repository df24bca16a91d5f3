"""The settings overlay (from the pause menu, or O at the table): volumes, speed, deck
colours, voice options and the table's own (auto top-up) — the same values as
``settings.toml``, kept there when the overlay closes — and, read out below them, which
recognizers are listening and why. The table beneath is paused while it is open, as
under the pause menu: nothing is dealt or acted and the clock is stopped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from bots.levels import LEVELS
from game.input.commands import Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.input.talk_keys import BUTTON_NAMES, key_label
from game.render.theme import MUTED, ORANGE, TEXT
from game.render.widgets import dim
from game.scenes.base import Host, StillScene
from game.scenes.dialog import (
    ButtonSpec,
    MenuLayout,
    Row,
    draw_menu,
    menu_bindings,
    menu_layout,
)
from game.scenes.spoken import Description, Heard, menu_items, pressed
from game.settings.by_voice import NotHere, apply_choice
from game.settings.model import (
    LEVEL_MINUTE_CHOICES,
    PTT_BUTTONS,
    PTT_KEYS,
    SIT_OUT_CHOICES,
    SPEED_CHOICES,
    VOLUME_CHOICES,
    GameSettings,
    cycle,
    level_minutes_words,
    strength_words,
)
from game.voicectl.panel import OFF_PANEL
from game.voicectl.room_options import push_to_talk_words, wake_words
from voice.understand.intent import Choice, Control, Intent

AUTO_REBUY_ROW = "Auto top-up below 20 big blinds"
"""The row of ``table.auto_rebuy`` (a Sit & Go, a freeze-out, never adds chips)."""
PAUSED_NOTE = "The table is paused · Left/Right change · saved when you close"
"""The note under the rows when the overlay sits over a table."""

ROWS = ("voice_volume", "effects_volume", "speed", "deck", "ptt", "ptt_key", "ptt_button",
        "wake", "confirm", "bots", "strength", "level_minutes", "muck", "auto_rebuy",
        "sit_out", "phones")
_ROW_OF = {"voice_volume": "voice_volume", "effects_volume": "effects_volume",
           "speed": "speed", "four_color": "deck", "push_to_talk": "ptt", "wake_word": "wake",
           "sound_out": "phones", "strength": "strength", "auto_rebuy": "auto_rebuy"}
"""Each value said here (a choose block's row) and the overlay's row it sets."""
VOICE_ROWS = frozenset(_ROW_OF)


def _step(options: tuple[float, ...], current: float, step: int) -> float:
    """The next choice up or down, stopping at the ends (volumes do not wrap to 0)."""
    nearest = min(range(len(options)), key=lambda i: abs(options[i] - current))
    return options[max(0, min(len(options) - 1, nearest + step))]


def _percent(volume: float) -> str:
    return "Off" if volume <= 0 else f"{round(volume * 100)}%"


def changed(s: GameSettings, row: str, step: int) -> GameSettings:
    """``s`` with one row moved ``step`` (+1 / -1)."""
    v = s.voice
    if row == "voice_volume":
        return s.with_(voice_volume=_step(VOLUME_CHOICES, s.voice_volume, step))
    if row == "effects_volume":
        return s.with_(effects_volume=_step(VOLUME_CHOICES, s.effects_volume, step))
    if row == "speed":
        return s.with_(speed=_step(SPEED_CHOICES, s.speed, step))
    if row == "deck":
        return s.with_(four_color=not s.four_color)
    if row == "ptt":
        return s.with_(voice=replace(v, push_to_talk=not v.push_to_talk))
    if row == "ptt_key":
        return s.with_(voice=replace(v, push_to_talk_key=cycle(PTT_KEYS, v.push_to_talk_key,
                                                                step)))
    if row == "ptt_button":
        return s.with_(voice=replace(v, push_to_talk_button=cycle(
            PTT_BUTTONS, v.push_to_talk_button, step)))
    if row == "wake":
        return s.with_(voice=replace(v, wake_word=not v.wake_word))
    if row == "phones":
        return s.with_(voice=replace(v, headphones=not v.headphones))
    if row == "confirm":
        return s.with_(voice=replace(v, confirm_all_in=not v.confirm_all_in))
    if row == "strength":
        return s.with_(strength=(s.strength - 1 + step) % len(LEVELS) + 1)
    if row == "level_minutes":
        return s.with_(level_minutes=cycle(LEVEL_MINUTE_CHOICES, s.level_minutes, step))
    if row == "muck":
        return s.with_(muck_losers=not s.muck_losers)
    if row == "auto_rebuy":
        return s.with_(auto_rebuy=not s.auto_rebuy)
    if row == "sit_out":
        return s.with_(sit_out_hands=cycle(SIT_OUT_CHOICES, s.sit_out_hands, step))
    return s.with_(voice=replace(v, bots_muted=not v.bots_muted))


@dataclass(slots=True)
class SettingsScene(StillScene):
    host: Host
    on_change: Callable[[GameSettings], None] | None = None  # the table takes speed etc.
    opaque: bool = False
    focus: int = 0
    error: str = ""
    buttons: list[ButtonSpec] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = [ButtonSpec("Done", UiCommand(Ui.CANCEL), pygame.K_ESCAPE, "Esc",
                                   said_by=("cancel", "resume"))]

    def rows(self) -> list[Row]:
        s = self.host.settings
        v = s.voice
        return [
            Row("Voice volume", _percent(s.voice_volume)),
            Row("Effects volume", _percent(s.effects_volume)),
            Row("Animation speed", f"{s.speed:g}×", said=f"{s.speed:g}"),
            Row("Deck", "Four colours" if s.four_color else "Two colours"),
            Row("Push-to-talk", push_to_talk_words(v)),
            Row("Push-to-talk key", key_label(v.push_to_talk_key)),
            Row("Push-to-talk mouse button", BUTTON_NAMES[v.push_to_talk_button]),
            Row("Wake word", wake_words(v)),
            Row("Voice all-in asks to confirm", "Yes" if v.confirm_all_in else "No"),
            Row("Bots' table talk", "Muted" if v.bots_muted else "On"),
            Row("Table strength (new tables)", strength_words(s.strength)),
            Row("Sit & Go blinds rise (new ones)", level_minutes_words(s.level_minutes)),
            Row("Losing hands at showdown", "Mucked" if s.muck_losers else "Shown"),
            Row(AUTO_REBUY_ROW, "On" if s.auto_rebuy else "Off"),
            Row("Sit out at the cash table", f"Up to {s.sit_out_hands} hands, then leave"),
            Row("Sound out", "Headphones" if v.headphones else "Speakers"),
        ]

    def listening(self) -> Row:
        """The read-out row: the voice panel's own words ("Whisper + pocketsphinx",
        "pocketsphinx (Whisper model damaged)"), "voice off" when there is no voice."""
        voice = self.host.voice
        words = voice.panel.listening if voice is not None else ""
        if not words:
            words = "starting…" if voice is not None and voice.started else \
                OFF_PANEL.mic.value
        return Row("Listening", words, arrows=False)

    def bindings(self) -> Bindings:
        L = menu_layout(self.host.size, len(ROWS) + 1, len(self.buttons), 0.5)
        keys: dict[int, Command] = {pygame.K_RETURN: UiCommand(Ui.CANCEL),
                                    pygame.K_o: UiCommand(Ui.CANCEL)}
        return menu_bindings(L, len(ROWS), self.buttons, keys)

    def handle(self, command: Command) -> None:
        if not isinstance(command, UiCommand):
            return
        k = command.kind
        if k is Ui.MOVE:
            self.focus = (self.focus + int(command.number)) % len(ROWS)
        elif k is Ui.SELECT:
            self.focus = int(command.number)
        elif k is Ui.CHANGE:
            row, step = command.pair
            self.focus = self.focus if row < 0 else row
            self.apply(changed(self.host.settings, ROWS[self.focus], step))
        elif k is Ui.CHOOSE:
            said, _, value = command.text.partition("=")
            try:
                settings, _ = apply_choice(self.host.settings, Choice(said, value), VOICE_ROWS)
            except NotHere:
                return  # refused when heard (``hear`` says why)
            self.focus = ROWS.index(_ROW_OF[said])
            self.apply(settings)
        elif k is Ui.CANCEL:
            trouble = self.host.keep_settings()
            if trouble:
                self.error = trouble  # stays open so the player reads it; Esc again closes
                return
            self.host.pop(self)

    def describe(self) -> Description:
        about = (self.error,) if self.error else ()
        return Description("settings", "Settings", about,
                           menu_items([*self.rows(), self.listening()], self.buttons),
                           self.focus, ("voice volume fifty", "effects volume thirty",
                                        "speed two", "push to talk on", "wake word off",
                                        "headphones", "cancel"),
                           key=self.error)

    def hear(self, intent: Intent) -> Heard:
        if intent.control is Control.CHOOSE and intent.choice is not None \
                and intent.choice.row != "screen":
            try:
                apply_choice(self.host.settings, intent.choice, VOICE_ROWS)  # refused: why
            except NotHere as why:
                return str(why)
            return UiCommand(Ui.CHOOSE, f"{intent.choice.row}={intent.choice.value}")
        return pressed(intent, self.buttons)

    def apply(self, settings: GameSettings) -> None:
        """Take effect at once: sounds, deck sprites, voice options, the table's speed."""
        host = self.host
        host.settings = settings
        host.effects.set_volumes(settings.effects_volume, settings.voice_volume)
        if host.sprites.four_color != settings.four_color:
            host.sprites.four_color = settings.four_color
            host.sprites.cache.clear()
        if host.voice is not None:
            host.voice.configure(settings.voice)
        if self.on_change is not None:
            self.on_change(settings)
        self.error = ""

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        L = menu_layout(self.host.size, len(ROWS) + 1, len(self.buttons), 0.5)
        note, color = (PAUSED_NOTE if self.on_change is not None else
                       "Left/Right change · saved to settings.toml when you close", MUTED)
        if self.error:
            note, color = self.error, ORANGE
        listening = self.listening()
        draw_menu(surface, self.host.text, L, "Settings", [*self.rows(), listening],
                  self.focus, self.buttons, note, color)
        value, size = self.listening_rect(L)
        self.host.text.blit(surface, listening.value, size, value.midleft, TEXT,
                            anchor="midleft", width=value.w)

    def listening_rect(self, L: MenuLayout) -> tuple[pygame.Rect, int]:
        """Where the read-out's words go (right after its label: they are longer than
        the other rows' values) and their size (the rows' own)."""
        label, _, _, right = L.rows[len(ROWS)]
        size = round(label.h * 0.6)
        x = label.x + self.host.text.font(size).size("Listening")[0] + size
        return pygame.Rect(x, label.y, right.right - x, label.h), size
