"""The action bar's clicks and keys: the input bindings that match the drawn bar rect for
rect. One of three parts: the model is ``game.table.actionbar``, the drawing
``game.render.actionbar``."""

from __future__ import annotations

import pygame

from game.input.commands import ActCommand, Command, Ui, UiCommand
from game.input.mapper import Bindings, Drag, Hit
from game.render.layout import PRESETS, TableLayout
from game.table.actionbar import BarModel
from game.voicectl.controller import VoicePanel

TICKS = {Ui.PRE_CHECK_FOLD: "check_fold", Ui.PRE_CALL_ANY: "call_any", Ui.PRE_CHECK: "check",
         Ui.PRE_CALL: "call"}
"""Each pre-action tick's command and the box it ticks (``ActionPanel.tick``)."""


def _act(seat: int, m: BarModel, which: str) -> Command | None:
    choice = {"fold": m.fold, "call": m.call, "wager": m.wager, "allin": m.allin}[which]
    if choice.action is None:
        return None
    return ActCommand(seat, choice.action, "keyboard")


def table_bindings(L: TableLayout, m: BarModel, seat: int,
                   voice: VoicePanel | None = None) -> Bindings:
    """Clickable rects and keys for this frame, built from the same models as the bars
    and the voice panel."""
    b = L.bar
    hits: list[Hit] = [
        Hit(L.sit_out, UiCommand(Ui.SIT_OUT), "sit_out"),
        Hit(L.rebuy, UiCommand(Ui.REBUY) if m.rebuy_asked else None, "rebuy"),
        Hit(L.pause, UiCommand(Ui.PAUSE), "pause"),
    ]
    if voice is not None and voice.question:
        hits += [Hit(L.voice.yes, UiCommand(Ui.CONFIRM), "voice.yes"),
                 Hit(L.voice.no, UiCommand(Ui.CANCEL), "voice.no")]
    elif voice is not None and voice.cancellable:
        hits.append(Hit(L.voice.cancel, UiCommand(Ui.CANCEL), "voice.cancel"))
    elif voice is not None and voice.readings:  # "1 Call 10", "2 All in": a click picks
        hits += [Hit(rect, UiCommand(Ui.PICK, i), f"voice.reading{i + 1}")
                 for i, rect in enumerate(L.voice.readings[:len(voice.readings)])]
    if m.message or m.standing:  # a click or I shows the line whole (or closes it)
        hits.append(Hit(b.message, UiCommand(Ui.READ), "message"))
    keys: dict[int, Command] = {
        pygame.K_i: UiCommand(Ui.READ),
        pygame.K_ESCAPE: UiCommand(Ui.PAUSE), pygame.K_p: UiCommand(Ui.PAUSE),
        pygame.K_s: UiCommand(Ui.SIT_OUT), pygame.K_F1: UiCommand(Ui.HELP),
        pygame.K_o: UiCommand(Ui.SETTINGS),
    }
    if m.rebuy_asked:
        keys[pygame.K_b] = UiCommand(Ui.REBUY)
    shift: dict[int, Command] = {}
    drags: list[Drag] = []
    wheel = None
    if m.my_turn:
        def mouse(which: str) -> Command | None:
            c = _act(seat, m, which)
            return ActCommand(c.seat, c.action, "mouse") if isinstance(c, ActCommand) else c

        hits += [Hit(b.fold, mouse("fold"), "fold"), Hit(b.call, mouse("call"), "call"),
                 Hit(b.wager, UiCommand(Ui.WAGER) if m.can_wager else None, "wager")]
        for (key, _), rect in zip(PRESETS, b.presets, strict=True):
            hits.append(Hit(rect, UiCommand(Ui.PRESET, key) if m.can_wager else None,
                            f"preset.{key}"))
        hits.append(Hit(b.amount, UiCommand(Ui.CLEAR), "amount"))
        if m.can_wager:
            drags.append(Drag(b.slider, lambda f: UiCommand(Ui.SLIDER, f)))
            wheel = _wheel
        for code, which in ((pygame.K_f, "fold"), (pygame.K_c, "call"), (pygame.K_a, "allin")):
            cmd = _act(seat, m, which)
            if cmd is not None:
                keys[code] = cmd
        if m.armed:  # Esc takes back the all-in rather than pausing
            keys[pygame.K_ESCAPE] = UiCommand(Ui.CANCEL)
        keys[pygame.K_r] = UiCommand(Ui.WAGER)
        keys[pygame.K_RETURN] = UiCommand(Ui.WAGER)
        keys[pygame.K_KP_ENTER] = UiCommand(Ui.WAGER)
        keys[pygame.K_BACKSPACE] = UiCommand(Ui.BACKSPACE)
        keys[pygame.K_DELETE] = UiCommand(Ui.CLEAR)
        for k, step in ((pygame.K_RIGHT, 1), (pygame.K_UP, 1), (pygame.K_LEFT, -1),
                        (pygame.K_DOWN, -1)):
            keys[k] = UiCommand(Ui.SIZE_STEP, step)
            shift[k] = UiCommand(Ui.SIZE_STEP, step * 5)
        for k, preset in ((pygame.K_HOME, "min"), (pygame.K_PAGEUP, "pot"),
                          (pygame.K_END, "allin"), (pygame.K_PAGEDOWN, "half")):
            keys[k] = UiCommand(Ui.PRESET, preset)
    elif m.can_post:
        hits.append(Hit(b.wager, UiCommand(Ui.POST_NOW), "post_now"))
        keys[pygame.K_n] = UiCommand(Ui.POST_NOW)
    elif m.standing == "Waiting for the big blind" and not m.in_hand:
        keys[pygame.K_n] = UiCommand(Ui.POST_NOW)  # not here (the button): N says why
    if m.pre_enabled and not m.my_turn:  # the three ticks in the buttons' places
        second = UiCommand(Ui.PRE_CALL if m.pre_to_call else Ui.PRE_CHECK)
        hits += [Hit(b.fold, UiCommand(Ui.PRE_CHECK_FOLD), "pre_check_fold"),
                 Hit(b.call, second, "pre_call" if m.pre_to_call else "pre_check"),
                 Hit(b.wager, UiCommand(Ui.PRE_CALL_ANY), "pre_call_any")]
        keys[pygame.K_f] = UiCommand(Ui.PRE_CHECK_FOLD)
        keys[pygame.K_c] = second
        shift[pygame.K_c] = UiCommand(Ui.PRE_CALL_ANY)
    return Bindings(hits=hits, keys=keys, shift_keys=shift, drags=drags, digits=m.my_turn,
                    chars={"?": UiCommand(Ui.HELP)}, wheel=wheel)


def _wheel(notches: int) -> Command:
    """A turn of the mouse wheel sizes the bet as the arrow keys do, a big blind a notch."""
    return UiCommand(Ui.SIZE_STEP, notches)

