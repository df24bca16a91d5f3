"""The table scene: takes the player's commands, runs the hand loop
(:class:`game.table.loop.HandLoop`) each frame and shows it all. Every decision arrives
as an ``ActCommand``."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, TextIO

import pygame

from engine.actions import Action, ActionKind, LegalActions
from engine.chips import chip_text
from engine.events import (
    ActionTaken,
    Event,
    HandEnded,
    HandStarted,
)
from engine.sizing import BettingContext
from engine.table import PlayerLeft
from engine.view import PlayerView
from game.help.walkthrough import Until, Walkthrough
from game.input.actionbar import TICKS, table_bindings
from game.input.commands import ActCommand, Command, Ui, UiCommand, cancels_voice, confirms_all_in
from game.input.mapper import Bindings, Hit
from game.records.handlog import log_line
from game.render.actionbar import draw_bar, draw_top
from game.render.layout import TableLayout, table_layout
from game.render.side import SideRenderer
from game.render.table import Bubble, SeatStatus, TableRenderer
from game.render.tour import draw_tour, tour_box
from game.render.voice import draw_voice
from game.scenes.base import Host, Opening, SceneName
from game.scenes.sitngo_desk import SitAndGoPart
from game.settings.model import HUMAN_SEAT, GameSettings
from game.sound.effects import effect_for
from game.table.actionbar import ActionPanel, BarModel, bar_model
from game.table.clock import TurnClock
from game.table.loop import HandLoop
from game.table.moods import Moods
from game.table.notes import NoteBook
from game.table.players import Seats
from game.table.presenter import Presenter
from game.table.session import TableSession
from game.table.sitngo import SitAndGoDesk
from game.table.view import TableDisplay
from game.voicectl.controller import OFF_PANEL, VoiceController, VoicePanel

_log = logging.getLogger(__name__)

MESSAGE_SECONDS = 4.0
NOTICE_SECONDS = 20.0
"""How long a notice stays in the notices panel (it stays in the hand log)."""
BUBBLE_SECONDS = 4.0


@dataclass(slots=True)
class TableScene(SitAndGoPart):
    host: Host
    session: TableSession
    seats: Seats
    autopilot: bool = False
    opaque: bool = True
    me: int = HUMAN_SEAT
    layout: TableLayout = field(init=False)
    display: TableDisplay = field(init=False)
    loop: HandLoop = field(init=False)
    moods: Moods = field(init=False)
    tour: Walkthrough | None = None  # the first-run walkthrough, while it runs
    tip_said: int = -1  # the walkthrough's step last said
    panel: ActionPanel = field(init=False)
    renderer: TableRenderer = field(init=False)
    side: SideRenderer = field(init=False)
    log: list[str] = field(default_factory=list)
    bubbles: list[Bubble] = field(default_factory=list)
    # seat: its line about the betting, and any reply to it, kept until the seat acts
    held_lines: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    notebook: NoteBook = field(init=False)  # the player's notes on the bots
    message: str = ""
    notices: list[tuple[str, float]] = field(default_factory=list)  # (sentence, shown until)
    message_error: bool = False
    message_age: float = 0.0
    opened: str = ""  # the bar's line the player opened whole (I or a click), kept open
    rebuy_requested: bool = False
    refused_at: tuple[int, int] | None = None  # when the refusal on the message line was
    now: float = 0.0
    model: BarModel = field(init=False)
    transcript: TextIO | None = None  # the whole log, for ``--log FILE``
    desk: SitAndGoDesk | None = None  # a Sit & Go's levels, knockouts and results
    results_in: float | None = None  # game seconds until a finished Sit & Go's results

    def __post_init__(self) -> None:
        settings = self.session.settings
        self.layout = table_layout(*self.host.size)
        self.display = TableDisplay.empty(self.me, len(self.session.table.seats))
        self.panel = ActionPanel(self.me)
        self.moods = Moods(-1 if self.autopilot else self.me)
        if not self.autopilot and not self.host.settings.walkthrough_done:
            self.tour = Walkthrough()
        self.loop = HandLoop(
            self.session, self.seats, self, Presenter(self.display),
            TurnClock(float(settings.turn_seconds), float(settings.bank_seconds)),
            me=self.me, autopilot=self.autopilot)
        self.renderer = TableRenderer(self.host.text, self.host.sprites)
        self.notebook = self._notebook()
        self.side = SideRenderer(self.host.text)
        self._seat_display()
        if strength := self.seats.strength_line():
            self.note(strength)
        voice = self.voice
        if voice is not None:
            voice.set_voices({seat: (b.voice.hint, b.voice.rate, b.voice.pitch)
                              for seat, b in self.seats.bots.items() if seat != self.me
                              and hasattr(b, "voice")})
        if self.session.tournament is not None:
            self.desk = SitAndGoDesk(self.session.tournament, self.me)
        self._catch_up()
        self.model = self._model()

    @property
    def presenter(self) -> Presenter:
        return self.loop.presenter

    @property
    def clock(self) -> TurnClock:
        return self.loop.clock

    @property
    def next_deck(self) -> list[int] | None:
        """Scripted hands (tests, screenshots): the next hand's deck."""
        return self.loop.next_deck

    @next_deck.setter
    def next_deck(self, deck: list[int] | None) -> None:
        self.loop.next_deck = deck

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
                self.note(line)
        self.clock.new_hand()

    @property
    def voice(self) -> VoiceController | None:
        """The application's voice controller (None: mouse and keyboard only; with a bot
        in the player's chair, only one that narrates without listening)."""
        voice = self.host.voice
        return None if self.autopilot and (voice is None or voice.listens) else voice

    @property
    def voice_panel(self) -> VoicePanel:
        voice = self.voice
        return voice.panel if voice is not None else OFF_PANEL

    def tell(self, text: str, error: bool = False) -> None:
        """A sentence the player must not miss (a save problem, a recovered hand): the
        hand log, the program's log, the message line for three times as long as usual,
        and, when it is trouble, the notices panel, whole, for :data:`NOTICE_SECONDS`."""
        self.note(text)
        (_log.warning if error else _log.info)("%s", text)
        self.announce(text, error)
        self.message_age = -2 * MESSAGE_SECONDS
        if error:
            self.notices.append((text, self.now + NOTICE_SECONDS))

    def shown_notices(self) -> tuple[str, ...]:
        """The notices on screen now (oldest first)."""
        return tuple(text for text, until in self.notices if until > self.now)

    def note(self, line: str) -> None:
        """A line for the hand log (the panel keeps the last 400; a transcript all)."""
        self.log.append(line)
        del self.log[:-400]
        if self.transcript is not None:
            self.transcript.write(line + "\n")

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_error, self.message_age = text, error, 0.0
        voice = self.voice
        if voice is not None:
            voice.notice(text)

    # ------------------------------------------------------ loop listener

    def shown(self, event: Event) -> None:
        effect = effect_for(event, self.me, autopilot=self.autopilot)
        if effect is not None:
            self.host.effects.play(effect)
        if isinstance(event, HandStarted) and self.desk is not None \
                and self.session.level_up is not None:
            self.tell(self.desk.level_up(self.session.level_up))
        names = tuple(s.name for s in self.display.seats)
        line = log_line(event, names, self.me, self.session.number)
        if line:
            self.note(line + (" (the clock ran out)" if event is self.loop.timed_out else ""))
        voice = self.voice
        if voice is not None:
            voice.narrate(event, self.session.view(self.me))
        self._answered(event)
        self.chat([event])

    def chat(self, facts: list[Any]) -> None:
        self.moods.react(facts)  # the faces react to what the banter reacts to
        held: set[int] = set()  # seats whose line of this batch waits for them to act
        for line in self.seats.chat(facts, self.session.view(self.me), self.now):
            if line.answers is not None and line.answers in held:  # said after the line
                self.held_lines[line.answers].append((line.seat, line.text))  # it answers
            elif line.about_betting and self._owes_answer(line.seat):
                # said once it has acted: a bot never cheers a bet and then folds to it
                self.held_lines[line.seat] = [(line.seat, line.text)]
                held.add(line.seat)
            else:
                self._talk(line.seat, line.text)

    def _owes_answer(self, seat: int) -> bool:
        """The seat still has to answer a bet in the hand in play."""
        hand = self.session.hand
        return (hand is not None and not hand.finished and hand.config.players[seat]
                and not hand.folded[seat] and hand.stacks[seat] > 0
                and hand.street_bets[seat] < hand.current_bet)

    def _answered(self, event: Event) -> None:
        """A seat holding a line acted: a fold drops it, and any reply to it (the fold
        says enough; nobody answers a line that was never said)."""
        if isinstance(event, ActionTaken) and event.seat in self.held_lines:
            lines = self.held_lines.pop(event.seat)
            if event.kind is not ActionKind.FOLD:  # a fold drops the line and its reply
                for seat, text in lines:
                    self._talk(seat, text)
        elif isinstance(event, HandEnded):
            self.held_lines.clear()

    def _talk(self, seat: int, text: str) -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        self.bubbles.append(Bubble(seat, text, 0.0, BUBBLE_SECONDS))
        self.note(f"{self.display.seats[seat].name or self.session.names[seat]}: “{text}”")
        voice = self.voice
        if voice is not None:
            voice.banter(seat, text)

    def my_action(self) -> None:
        self.message = ""
        self._tour_moved(Until.ACTED)

    def your_turn(self, view: PlayerView) -> Action | None:
        self.panel.reset(view.legal, view.context)
        pre = self.panel.pre_action(view.legal) if view.legal else None
        self._tour_moved(Until.MY_TURN)
        if pre is None:
            self.host.effects.play("chime")
            voice = self.voice
            if voice is not None:
                voice.your_turn(view)
        return pre

    def hears(self) -> bool:
        voice = self.voice
        return voice is not None and voice.listens

    def clock_waits(self, dt: float) -> bool:
        """The clock waits while the game talks during the player's turn."""
        voice = self.voice
        if voice is None or not voice.holds_clock():
            return False
        voice.clock_held(dt)
        return True

    def clock_ran_out(self) -> None:
        voice = self.voice
        if voice is not None:
            voice.clock_expired()

    def break_over(self, lines: list[str]) -> None:
        self._seat_display()
        for line in lines:
            self.note(line)

    def hand_over(self) -> None:
        self._tour_moved(Until.HAND_OVER)
        if self.desk is not None:
            self._tournament_news()
        self.panel.clear_pre()
        voice = self.voice
        if voice is not None:
            voice.between_hands()
        self.host.hand_finished(self.session.hand_number)

    def save_trouble(self) -> None:
        """Saving fails: autoplay stops (its exit says why); a player is asked."""
        if self.autopilot:
            self.host.quit()
            return
        self.host.open(SceneName.SAVE_TROUBLE, Opening())

    def left_table(self, event: PlayerLeft) -> None:
        if self.desk is not None:  # knocked out: told in hand_over; the rest plays on
            return
        self.host.open(SceneName.START, Opening(
            notice=f"You left the table ({event.reason}) with {event.cashed_out} chips"))

    # ------------------------------------------------------------ queries

    @property
    def animating(self) -> bool:
        return self.presenter.busy or bool(self.bubbles)

    def _seat_display(self) -> None:
        t = self.session.table
        self.display.seat_table(
            tuple(p.name if p else "" for p in t.seats), self.session.stacks(),
            tuple(p is not None for p in t.seats),
            tuple(bool(p and p.sitting_out) for p in t.seats))

    # ------------------------------------------------------------- input

    def bindings(self) -> Bindings:
        b = table_bindings(self.layout, self.model, self.me, self.voice_panel)
        b.hits[:0] = [Hit(self.layout.seats[i].panel, UiCommand(Ui.NOTES, i), f"notes.seat{i}")
                      for i, seat in enumerate(self.display.seats)
                      if seat.present and i != self.me and not self.autopilot]
        tip = self.tour.tip if self.tour is not None else None
        if tip is not None:
            t = tour_box(self.layout, self.host.text, tip)
            tour = [Hit(t.skip, UiCommand(Ui.TOUR_SKIP), "tour.skip")]
            if t.next is not None:
                tour.append(Hit(t.next, UiCommand(Ui.TOUR_NEXT), "tour.next"))
                b.keys[pygame.K_TAB] = UiCommand(Ui.TOUR_NEXT)
            b.hits[:0] = tour  # the table's own controls win where they overlap
            b.keys[pygame.K_x] = UiCommand(Ui.TOUR_SKIP)
        return b

    def handle(self, command: Command) -> None:
        voice = self.voice
        if voice is not None and voice.confirm.pending is not None and cancels_voice(command):
            voice.click()
            if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
                return
        armed = self.panel.armed
        if armed is not None and not confirms_all_in(command):
            self.panel.armed = None  # anything else takes the all-in or fold back
            if isinstance(command, UiCommand) and command.kind is Ui.CANCEL:
                if armed.kind is ActionKind.FOLD:  # Esc on "fold for free?" checks
                    self._player_act(ActCommand(self.me, Action(self.me, ActionKind.CHECK),
                                                "keyboard"))
                else:
                    self.say("All-in cancelled")
                self.model = self._model()
                return
        if isinstance(command, ActCommand):
            self._player_act(command)
        elif isinstance(command, UiCommand):
            self._ui(command)
        self.model = self._model()

    def _player_act(self, command: ActCommand) -> None:
        """A decision from a key, click, voice or test. A key or click that puts the
        whole stack in asks first (press or click again); a refused wager is told
        prominently and the typed amount cleared, so no button reads a refused amount."""
        legal = self._legal()
        if (command.seat == self.me and command.source in ("mouse", "keyboard")
                and not self.panel.confirm(command.action, legal,
                                           free_fold=self.host.settings.voice.confirm_free_fold)):
            if command.action.kind is ActionKind.FOLD:
                self.say("Fold when checking is free? F or Fold again folds, C or Escape "
                         "checks", error=True)
            else:
                total = legal.all_in_to if legal is not None else 0
                self.say(f"All in for {chip_text(total)}? Press again to confirm, or "
                         "Escape to take it back", error=True)
            self.message_age = -MESSAGE_SECONDS
            return
        refusal = self.loop.attempt(command)
        if refusal is not None:  # a refused typed amount stays in the box, reason beside
            self._refuse(self.panel.refuse_typed(command.action, refusal)
                         if command.seat == self.me else refusal)

    def _refuse(self, refusal: str) -> None:
        """A refusal, shown prominently until it times out or the hand moves on (a
        "15 refused" no longer applies once anyone has acted or a card has come)."""
        self.say(refusal, error=True)
        self.message_age = -MESSAGE_SECONDS
        self.refused_at = self._moment()

    def _moment(self) -> tuple[int, int]:
        hand = self.session.hand
        return self.session.hand_number, -1 if hand is None else len(hand.events)

    def _ui(self, c: UiCommand) -> None:
        k, p = c.kind, self.panel
        if self._voice_ui(c):
            return
        legal, ctx = self._legal(), self._context()
        if k in _BOX_EDITS and self.refused_at is not None:  # about the amount just changed
            self.message, self.refused_at = "", None
        if k is Ui.WAGER:  # what the box shows, or why nothing (a shove being confirmed)
            action, why = p.to_send(legal, ctx)
            if why is not None:
                self._refuse(why)
            elif action is not None:
                self._player_act(ActCommand(self.me, action, "keyboard"))
        elif k is Ui.SIZE_STEP:
            p.step_by(int(c.number))
        elif k is Ui.SLIDER:
            p.set_fraction(c.number)
        elif k is Ui.PRESET:
            p.set_preset(c.text, ctx)
        elif k is Ui.TYPE and (refusal := p.type_digit(c.text)
                               or p.typed_refusal(self.session.hand, legal, ctx)):
            self._refuse(refusal)
        elif k is Ui.BACKSPACE:
            p.backspace()
        elif k is Ui.CLEAR:
            p.clear_box()
        elif k in TICKS:
            p.tick(TICKS[k], self._to_call())
        elif k is Ui.READ:
            self.opened = "" if self.opened else self.model.message or self.model.standing
        elif k is Ui.SIT_OUT:
            self._toggle_sit_out()
        elif k is Ui.REBUY:
            self._request_rebuy()
        elif k is Ui.POST_NOW:
            self._post_now()
        elif k is Ui.NOTES:
            self._open_notes(int(c.number))
        elif k is Ui.PAUSE:
            self.host.open(SceneName.PAUSE, Opening(session=self.session, seat=self.me,
                                                    on_change=self.settings_changed))
        elif k is Ui.SETTINGS:
            self.host.open(SceneName.SETTINGS, Opening(on_change=self.settings_changed))
        elif k is Ui.HELP:
            self.host.open(SceneName.HELP)
        elif k is Ui.TOUR_NEXT and self.tour is not None:
            self.tour.next()
            self._tour_moved()
        elif k is Ui.TOUR_SKIP and self.tour is not None:
            self.tour.skip()
            self._tour_moved()
            self._tell_voice("Tour skipped")
        elif k is Ui.TOUR_SKIP:
            self._tell_voice("There is no tour running")

    def _voice_ui(self, c: UiCommand) -> bool:
        """The voice panel's numbered readings and Yes/No, and "deal"; True when handled
        (push-to-talk goes to the voice controller from the app, on every scene)."""
        voice = self.voice
        if c.kind is Ui.PICK:
            if voice is not None:
                voice.pick(int(c.number), self.host, self)  # type: ignore[arg-type]
            return True
        if c.kind is Ui.CONFIRM and voice is not None:
            voice.answer_yes(self.host, self)  # type: ignore[arg-type]
            return True
        if c.kind is Ui.DEAL:
            if not self.loop.deal_now():
                self.say("The next hand is dealt when this one is over")
            return True
        return False

    def _tell_voice(self, text: str) -> None:
        voice = self.voice
        if voice is not None:
            voice.notice(text)

    def _say_tip(self) -> None:
        """The walkthrough's tip, said once when it appears (in the table's order)."""
        tour, voice = self.tour, self.voice
        if tour is None or tour.tip is None or voice is None or voice.narrator is None \
                or tour.step == self.tip_said:
            return
        self.tip_said = tour.step
        if tour.tip.said:
            voice.tip(tour.tip.said)

    def _tour_moved(self, reached: Until | None = None) -> None:
        """The walkthrough moved (or the table got somewhere); once it is over, the
        settings file remembers it so it is not shown again."""
        tour = self.tour
        if tour is None:
            return
        if reached is not None:
            tour.reached(reached)
        if tour.done:
            self.tour = None
            self.host.settings = self.host.settings.with_(walkthrough_done=True)
            trouble = self.host.keep_settings()
            if trouble:
                self.note(trouble)

    def settings_changed(self, settings: GameSettings) -> None:
        """The settings overlay changed the speed, the deck or the player's auto top-up:
        this table follows."""
        self.session.settings = self.session.settings.with_(
            speed=settings.speed, four_color=settings.four_color,
            effects_volume=settings.effects_volume, voice_volume=settings.voice_volume,
            voice=settings.voice, muck_losers=settings.muck_losers,
            auto_rebuy=settings.auto_rebuy)
        if self.session.seated(self.me) and not self.autopilot:
            self.session.table.set_auto_rebuy(self.me, settings.auto_rebuy)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        game_dt = dt * self.session.settings.speed
        self.now += dt
        self.notices[:] = [(text, until) for text, until in self.notices if until > self.now]
        for notice in self.session.save.take_notices():
            self.tell(notice, error=True)
        self._say_tip()
        voice = self.voice
        if voice is not None:
            for text, spoken in voice.take_notices():
                if spoken:
                    self.tell(text, error=True)
                else:
                    self.note(text)
        self._age(game_dt)
        if self.desk is not None:
            self.desk.sng.tick(game_dt)  # levels by the clock count game time
            self._results(game_dt)
        self._untick()
        self.moods.update(game_dt)
        self.loop.update(game_dt, dt)  # the turn clock counts real seconds
        self.display.seat_states(tuple(self._standing(i) for i in range(len(self.display.seats))))
        for i, seat in enumerate(self.display.seats):
            seat.noted = bool(self.notebook.note(i, seat.name))
        self.model = self._model()

    def _age(self, dt: float) -> None:
        if self.refused_at is not None and self.refused_at != self._moment():
            self.refused_at = None
            if self.message_error:
                self.message = ""
        if self.message and self.message != self.opened:  # an opened line stays
            self.message_age += dt
            if self.message_age > MESSAGE_SECONDS:
                self.message = ""
        if self.bubbles:
            self.bubbles = [Bubble(b.seat, b.text, b.age + dt, b.life) for b in self.bubbles
                            if b.age + dt < b.life]

    # ------------------------------------------------------------ model

    def _legal(self) -> LegalActions | None:
        view = self.loop.my_view()
        return view.legal if view is not None else None

    def _context(self) -> BettingContext | None:
        view = self.loop.my_view()
        return view.context if view is not None else None

    def _model(self) -> BarModel:
        hand = self.session.hand
        in_hand = (hand is not None and not hand.finished and hand.config.players[self.me]
                   and not hand.folded[self.me] and hand.stacks[self.me] > 0)
        sb, bb = self.session.settings.blinds
        title = (f"Hold'em · No-limit {sb}/{bb} · Hand #{self.session.number}"
                 if self.desk is None else self.desk.title(self.session.number)) \
            + ("  ·  autoplay" if self.autopilot else "")
        return bar_model(
            self.panel, self._legal(), self._context(), in_hand=bool(in_hand),
            message=self.message, error=self.message_error, title=title,
            sitting_out=self.session.sitting_out(self.me),
            can_rebuy=self.session.seated(self.me) and not self.autopilot
            and self.session.table.can_add_chips(),
            rebuy_asked=self.session.seated(self.me) and not self.autopilot,
            standing=self._standing(self.me), to_call=self._to_call(),
            may_post=self.session.seated(self.me)
            and self.session.table.can_post_now(self.me))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = table_layout(*size)

    # ------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        acting = self.loop.acting()
        thinking = acting is not None and (acting != self.me or self.autopilot)
        clock = self.clock
        human_clock = acting == self.me and clock.running
        status = SeatStatus(
            acting=acting, thinking=thinking,
            clock_fraction=clock.fraction if human_clock else None,
            clock_warning=human_clock and clock.warning,
            clock_bank=human_clock and clock.in_bank,
            clock_seconds=clock.left if human_clock else self.now,
            faces=tuple(self.moods.face(i, thinking and acting == i)
                        for i in range(len(self.display.seats))),
            strengths=tuple(self.seats.strength(i) for i in range(len(self.display.seats))),
            clock_action_seconds=clock.remaining, clock_bank_seconds=clock.bank,
            clock_paused=human_clock and clock.paused,
        )
        beat = self.presenter.beat if self.presenter.current is not None else None
        L = self.layout
        self.renderer.draw(surface, L, self.display, beat, self.presenter.progress, status,
                           tuple(self.bubbles), self.shown_notices())
        draw_top(surface, self.host.text, L, self.model)
        draw_bar(surface, self.host.text, L, self.model,
                 bool(self.opened) and self.opened == (self.message or self.model.standing))
        names = tuple(s.name for s in self.display.seats)
        self.side.draw(surface, L.side, L.log, L.graph, self.log, self.session.history, names,
                       L.ui_scale, hands=self.session.graph_hands)
        draw_voice(surface, self.host.text, L.voice, self.voice_panel)
        tip = self.tour.tip if self.tour is not None else None
        if tip is not None:
            draw_tour(surface, self.host.text, tour_box(L, self.host.text, tip))


_BOX_EDITS = frozenset({Ui.TYPE, Ui.BACKSPACE, Ui.CLEAR, Ui.SLIDER, Ui.SIZE_STEP, Ui.PRESET})
