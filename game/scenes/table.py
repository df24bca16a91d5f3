"""The table scene: deals hands, lets the seat to act decide (human, bot or clock),
plays the events, and shows it all. Every decision arrives as an ``ActCommand``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TextIO

import pygame

from engine.actions import IllegalAction
from engine.events import Event
from engine.sizing import BettingContext
from engine.table import PlayerBusted, PlayerLeft, TableError, TableEvent
from engine.view import PlayerView
from game.input.commands import ActCommand, Command, Ui, UiCommand
from game.input.mapper import Bindings
from game.records.handlog import log_line
from game.render.bar import BarModel, draw_bar, draw_top
from game.render.layout import TableLayout, table_layout
from game.render.side import SideRenderer
from game.render.table import Bubble, SeatStatus, TableRenderer
from game.render.voice import draw_voice
from game.scenes.base import Host
from game.scenes.table_ui import bar_model, table_bindings
from game.settings.model import HUMAN_SEAT
from game.table.actionbar import ActionPanel
from game.table.clock import TurnClock
from game.table.players import Seats
from game.table.presenter import Presenter
from game.table.session import TableSession
from game.table.view import TableDisplay
from game.voicectl.controller import OFF_PANEL, VoiceController, VoicePanel

BETWEEN_HANDS = 0.8
MESSAGE_SECONDS = 4.0
BUBBLE_SECONDS = 4.0
LONG_THINK = 15.0


@dataclass(slots=True)
class TableScene:
    host: Host
    session: TableSession
    seats: Seats
    autopilot: bool = False
    opaque: bool = True
    me: int = HUMAN_SEAT
    layout: TableLayout = field(init=False)
    display: TableDisplay = field(init=False)
    presenter: Presenter = field(init=False)
    panel: ActionPanel = field(init=False)
    clock: TurnClock = field(init=False)
    renderer: TableRenderer = field(init=False)
    side: SideRenderer = field(init=False)
    log: list[str] = field(default_factory=list)
    bubbles: list[Bubble] = field(default_factory=list)
    message: str = ""
    message_error: bool = False
    message_age: float = 0.0
    between: float = 0.3
    decision: tuple[int, int] | None = None
    bot_wait: float = 0.0
    thought: float = 0.0
    long_think_told: bool = False
    rebuy_requested: bool = False
    now: float = 0.0
    model: BarModel = field(init=False)
    next_deck: list[int] | None = None  # scripted hands (tests, screenshots)
    transcript: TextIO | None = None  # the whole log, for ``--log FILE``

    def __post_init__(self) -> None:
        settings = self.session.settings
        self.layout = table_layout(*self.host.size)
        self.display = TableDisplay.empty(self.me, len(self.session.table.seats))
        self.presenter = Presenter(self.display)
        self.panel = ActionPanel(self.me)
        self.clock = TurnClock(float(settings.turn_seconds), float(settings.bank_seconds))
        self.renderer = TableRenderer(self.host.text, self.host.sprites)
        self.side = SideRenderer(self.host.text)
        self._seat_display()
        voice = self.voice
        if voice is not None:
            voice.set_voices({seat: (b.voice.hint, b.voice.rate, b.voice.pitch)
                              for seat, b in self.seats.bots.items() if seat != self.me
                              and hasattr(b, "voice")})
        self._catch_up()
        self.model = self._model()

    def _catch_up(self) -> None:
        """A hand resumed from the save file: show what has happened in it so far."""
        hand = self.session.hand
        if hand is None:
            return
        self.presenter.push(list(hand.events))
        names = tuple(s.name for s in self.display.seats)
        for event in self.presenter.flush():
            line = log_line(event, names, self.me, self.session.number)
            if line:
                self._note(line)
        self.clock.new_hand()

    @property
    def voice(self) -> VoiceController | None:
        """The application's voice controller (None: mouse and keyboard only)."""
        return None if self.autopilot else getattr(self.host, "voice", None)

    @property
    def voice_panel(self) -> VoicePanel:
        voice = self.voice
        return voice.panel if voice is not None else OFF_PANEL

    def voice_turn(self) -> tuple[int | None, BettingContext | None]:
        """The player's turn id and betting context while it is their turn."""
        if not self._human_turn():
            return None, None
        hand = self.session.hand
        view = self.session.view(self.me)
        return (self.session.hand_number * 100_000 + len(hand.events),
                view.context if view is not None else None)

    def voice_view(self) -> PlayerView | None:
        return self.session.view(self.me)

    def sitting_out_now(self) -> bool:
        return self.session.sitting_out(self.me)

    def show(self, text: str, error: bool = False) -> None:
        """A voice notice on the message line and in the log."""
        self._note(text)
        self.message, self.message_error, self.message_age = text, error, 0.0

    def tell(self, text: str, error: bool = False) -> None:
        """A sentence the player must not miss (a save problem, a recovered hand): the
        log, and the message line for three times as long as usual."""
        self._note(text)
        self._say(text, error)
        self.message_age = -2 * MESSAGE_SECONDS

    def _note(self, line: str) -> None:
        """A line for the hand log (the panel keeps the last 400; a transcript all)."""
        self.log.append(line)
        del self.log[:-400]
        if self.transcript is not None:
            self.transcript.write(line + "\n")

    # ------------------------------------------------------------ queries

    @property
    def animating(self) -> bool:
        return self.presenter.busy or bool(self.bubbles)

    @property
    def hand(self) -> Any:
        return self.session.hand

    def _human_turn(self) -> bool:
        hand = self.session.hand
        return (hand is not None and not hand.finished and hand.to_act == self.me
                and not self.presenter.busy and not self.autopilot)

    def _seat_display(self) -> None:
        t = self.session.table
        self.display.seat_table(
            tuple(p.name if p else "" for p in t.seats), self.session.stacks(),
            tuple(p is not None for p in t.seats),
            tuple(bool(p and p.sitting_out) for p in t.seats))

    # ------------------------------------------------------------- input

    def bindings(self) -> Bindings:
        return table_bindings(self.layout, self.model, self.me, self.voice_panel)

    def handle(self, command: Command) -> None:
        voice = self.voice
        if voice is not None and voice.confirm.pending is not None and _cancels(command):
            voice.click()
            if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
                return
        if isinstance(command, ActCommand):
            self._act(command)
        elif isinstance(command, UiCommand):
            self._ui(command)

    def _act(self, command: ActCommand) -> None:
        hand = self.session.hand
        if hand is not None and hand.to_act == command.seat == self.me and self.presenter.busy:
            self._say("Wait for your turn", error=True)
            return
        try:
            events = self.session.submit(command.action)
        except IllegalAction as refusal:
            self._say(str(refusal), error=True)
            return
        if command.seat == self.me:
            self.clock.stop()
            self.message = ""
        self.decision = None
        self.presenter.push(events)  # the display keeps only our own hole cards

    def _ui(self, c: UiCommand) -> None:
        k, p = c.kind, self.panel
        if self._voice_ui(c):
            return
        legal = self._legal()
        ctx = self._context()
        if k is Ui.WAGER:
            choice = p.wager(legal, ctx)
            if choice.action is not None:
                self._act(ActCommand(self.me, choice.action, "keyboard"))
        elif k is Ui.SIZE_STEP:
            p.step_by(int(c.number))
        elif k is Ui.SLIDER:
            p.set_fraction(c.number)
        elif k is Ui.PRESET:
            p.set_preset(c.text, ctx)
        elif k is Ui.TYPE:
            p.type_digit(c.text)
        elif k is Ui.BACKSPACE:
            p.backspace()
        elif k is Ui.CLEAR:
            p.typed = ""
        elif k is Ui.PRE_CHECK_FOLD:
            p.pre_check_fold, p.pre_call_any = not p.pre_check_fold, False
        elif k is Ui.PRE_CALL_ANY:
            p.pre_call_any, p.pre_check_fold = not p.pre_call_any, False
        elif k is Ui.SIT_OUT:
            self._toggle_sit_out()
        elif k is Ui.REBUY:
            self._request_rebuy()
        elif k is Ui.PAUSE:
            from game.scenes.pause import PauseScene
            self.host.push(PauseScene(self.host, self))
        self.model = self._model()

    def _voice_ui(self, c: UiCommand) -> bool:
        """Push-to-talk, the voice panel's Yes/No, and "deal"; True when handled."""
        voice = self.voice
        if c.kind is Ui.PUSH_TO_TALK:
            if voice is not None:
                voice.set_push_to_talk(bool(c.value))
            return True
        if c.kind is Ui.CONFIRM and voice is not None:
            voice.answer_yes(self.host, self)  # type: ignore[arg-type]
            return True
        if c.kind is Ui.DEAL:
            if self.session.hand is None and not self.presenter.busy:
                self.between = min(self.between, 0.0)
            else:
                self._say("The next hand is dealt when this one is over")
            return True
        return False

    def _toggle_sit_out(self) -> None:
        table = self.session.table
        try:
            if self.session.sitting_out(self.me):
                self.session.set_sitting_out(self.me, False)
                self._say("You'll be dealt in at the big blind")
            else:
                self.session.set_sitting_out(self.me, True)
                limit = table.config.sit_out_limit
                self._say(f"Sitting out: you leave the table after {limit} hands")
        except TableError as refusal:
            self._say(str(refusal), error=True)
        if self.session.hand is None:
            self._seat_display()

    def _request_rebuy(self) -> None:
        if self.session.hand is None and not self.presenter.busy:
            self._open_rebuy()
        else:
            self.rebuy_requested = True
            self._say("Rebuy/top-up opens when this hand is over")

    def _open_rebuy(self) -> None:
        from game.scenes.rebuy import RebuyScene
        self.rebuy_requested = False
        self.host.push(RebuyScene(self.host, self))

    def rebought(self, amount: int) -> None:
        """Called by the rebuy dialog once chips were added."""
        self._note(f"{self.display.seats[self.me].name} adds {amount:,} chips")
        self._seat_display()
        self.session.history[-1] = self.session.stacks()
        self._say(f"Added {amount:,} chips")
        fact = self.seats.rebought(self.me, amount)
        if fact is not None:
            self._chat([fact])

    def _say(self, text: str, error: bool = False) -> None:
        self.message, self.message_error, self.message_age = text, error, 0.0
        voice = self.voice
        if voice is not None:
            voice.notice(text)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        speed = self.session.settings.speed
        game_dt = dt * speed
        self.now += dt
        for event in self.presenter.update(game_dt):
            self._shown(event)
        for notice in self.session.save.take_notices():
            self.tell(notice, error=True)
        voice = self.voice
        if voice is not None:
            for text, spoken in voice.take_notices():
                if spoken:
                    self.tell(text, error=True)
                else:
                    self._note(text)
        self._age(game_dt)
        hand = self.session.hand
        if hand is None:
            self._between(game_dt)
        elif not self.presenter.busy:
            if hand.finished:
                self._finish_hand()
            elif hand.to_act is not None:
                self._decide(hand.to_act, game_dt)
        self.model = self._model()

    def _age(self, dt: float) -> None:
        if self.message:
            self.message_age += dt
            if self.message_age > MESSAGE_SECONDS:
                self.message = ""
        if self.bubbles:
            self.bubbles = [Bubble(b.seat, b.text, b.age + dt, b.life) for b in self.bubbles
                            if b.age + dt < b.life]

    def _shown(self, event: Event) -> None:
        names = tuple(s.name for s in self.display.seats)
        line = log_line(event, names, self.me, self.session.number)
        if line:
            self._note(line)
        voice = self.voice
        if voice is not None:
            voice.narrate(event, self.session.view(self.me))
        self._chat([event])

    def _chat(self, events: list[Any]) -> None:
        lines = self.seats.chat(events, self.session.view(self.me), self.now)
        for seat, text in lines:
            self.bubbles = [b for b in self.bubbles if b.seat != seat]
            self.bubbles.append(Bubble(seat, text, 0.0, BUBBLE_SECONDS))
            self._note(f"{self.display.seats[seat].name}: “{text}”")
            voice = self.voice
            if voice is not None:
                voice.banter(seat, text)

    def _between(self, dt: float) -> None:
        if self.presenter.busy:
            return
        self.between -= dt
        if self.between > 0:
            return
        if self.session.save.needs_decision:  # issue 16: never play on unsaved silently
            self.between = BETWEEN_HANDS
            self._save_trouble()
            return
        if self.session.seated(self.me) and not self.autopilot and (
                self.session.stacks()[self.me] == 0 or self.rebuy_requested):
            self.between = BETWEEN_HANDS
            self._open_rebuy()
            return
        if not self.session.can_deal():
            self._say("Waiting for players", error=True)
            self.between = 1.0
            return
        events = self.session.start_hand(self.next_deck)
        self.next_deck = None
        self.clock.new_hand()
        self.decision = None
        self.presenter.push(events)

    def _save_trouble(self) -> None:
        """Saving fails: autoplay stops (its exit says why); a player is asked."""
        if self.autopilot:
            self.host.quit()
            return
        from game.scenes.save_trouble import SaveTroubleScene
        self.host.push(SaveTroubleScene(self.host, self.session.save))

    def _finish_hand(self) -> None:
        hand = self.session.hand
        self.seats.hand_over(hand)
        table_events = self.session.end_hand()
        self._table_events(table_events)
        self._seat_display()
        self.between = BETWEEN_HANDS
        voice = self.voice
        if voice is not None:
            voice.between_hands()
        self.host.hand_finished(self.session.hand_number)

    def _table_events(self, events: list[TableEvent]) -> None:
        for e in events:
            if isinstance(e, PlayerLeft) and e.seat == self.me:
                from game.scenes.start import StartScene
                self.host.replace_all(StartScene(self.host, notice=(
                    f"You left the table ({e.reason}) with {e.cashed_out} chips")))
                return
            if isinstance(e, PlayerBusted) and e.seat == self.me:
                self._say("You're out of chips: rebuy to keep playing", error=True)
            elif isinstance(e, PlayerLeft):
                self._note(f"{e.name} left the table ({e.reason})")

    def _decide(self, seat: int, dt: float) -> None:
        key = (self.session.hand_number, len(self.session.hand.events))
        human = seat == self.me and not self.autopilot
        if self.decision != key:
            self.decision = key
            self.thought = 0.0
            self.long_think_told = False
            view = self.session.view(seat)
            assert view is not None
            if human:
                self.panel.reset(view.legal, view.context)
                pre = self.panel.pre_action(view.legal) if view.legal else None
                if pre is not None:
                    self._act(ActCommand(self.me, pre, "pre-action"))
                    return
                self.clock.start()
                voice = self.voice
                if voice is not None:
                    voice.your_turn(view)
            else:
                self.bot_wait = self.seats.think_seconds(seat, view)
        self.thought += dt
        if human:
            if self.clock.tick(dt):
                action = self.session.hand.timeout_action()
                self._act(ActCommand(self.me, action, "clock"))
                self._say("Time's up", error=True)
            elif self.clock.warning and not self.clock.warned:
                self.clock.warned = True
                self._say(f"{self.clock.left:.0f} seconds left", error=True)
            elif self.thought > LONG_THINK and not self.long_think_told:
                self.long_think_told = True
                fact = self.seats.long_think(seat, self.thought)
                if fact is not None:
                    self._chat([fact])
            return
        self.bot_wait -= dt
        if self.bot_wait <= 0:
            view = self.session.view(seat)
            assert view is not None
            action = self.seats.decide(seat, view)
            hand = self.session.hand
            if not hand.can(action):  # a bot bug must not stall the table
                self._note(f"{self.display.seats[seat].name} chose an illegal action")
                action = hand.timeout_action()
            self._act(ActCommand(seat, action, "bot"))

    # ------------------------------------------------------------ model

    def _legal(self) -> Any:
        if not self._human_turn():
            return None
        view = self.session.view(self.me)
        return view.legal if view is not None else None

    def _context(self) -> Any:
        if not self._human_turn():
            return None
        view = self.session.view(self.me)
        return view.context if view is not None else None

    def _model(self) -> BarModel:
        hand = self.session.hand
        in_hand = (hand is not None and not hand.finished and hand.config.players[self.me]
                   and not hand.folded[self.me] and hand.stacks[self.me] > 0)
        sb, bb = self.session.settings.blinds
        title = (f"Hold'em · No-limit {sb}/{bb} · Hand #{self.session.number}"
                 + ("  ·  autoplay" if self.autopilot else ""))
        return bar_model(
            self.panel, self._legal(), self._context(), in_hand=bool(in_hand),
            message=self.message, error=self.message_error, title=title,
            sitting_out=self.session.sitting_out(self.me),
            can_rebuy=self.session.seated(self.me) and not self.autopilot)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = table_layout(*size)

    # ------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        hand = self.session.hand
        acting = None
        thinking = False
        if hand is not None and not hand.finished and not self.presenter.busy:
            acting = hand.to_act
            thinking = acting is not None and (acting != self.me or self.autopilot)
        clock = self.clock
        human_clock = acting == self.me and clock.running
        status = SeatStatus(
            acting=acting, thinking=thinking,
            clock_fraction=clock.fraction if human_clock else None,
            clock_warning=human_clock and clock.warning,
            clock_bank=human_clock and clock.in_bank,
            clock_seconds=clock.left if human_clock else self.now,
        )
        beat = self.presenter.beat if self.presenter.current is not None else None
        L = self.layout
        self.renderer.draw(surface, L, self.display, beat, self.presenter.progress, status,
                           tuple(self.bubbles))
        draw_top(surface, self.host.text, L, self.model)
        draw_bar(surface, self.host.text, L, self.model)
        names = tuple(s.name for s in self.display.seats)
        self.side.draw(surface, L.side, L.log, L.graph, self.log, self.session.history, names,
                       L.ui_scale)
        draw_voice(surface, self.host.text, L.voice, self.voice_panel)


def _cancels(command: Command) -> bool:
    """A click or key from the player (not voice, a bot or the clock) cancels a pending
    voice action; push-to-talk and the Yes button do not."""
    if isinstance(command, ActCommand):
        return command.source in ("mouse", "keyboard")
    if isinstance(command, UiCommand):
        return command.kind not in (Ui.PUSH_TO_TALK, Ui.CONFIRM)
    return False
