"""The action bar's model: the wager amount (slider or typed), presets, pre-actions, and
what the bar shows this frame. One of three parts: the clicks and keys are
``game.input.actionbar``, the drawing ``game.render.actionbar``.

Presets use ``engine.sizing`` exactly as the voice parser does. The amount box sends
exactly what it shows and shows exactly what was typed (leading zeros dropped as they
are typed): a typed amount goes to the engine as typed; one the engine refuses stays in
the box with the reason beside it, and Enter on it (or on an emptied box) says why
rather than bet anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionKind, IllegalAction, LegalActions
from engine.chips import chip_text
from engine.sizing import POT_FRACTIONS, BettingContext, clamp_to, sized_to
from engine.state import HandState

MAX_TYPED_DIGITS = 15  # more chips than any table holds; past it a digit is refused aloud


def preset_to(name: str, ctx: BettingContext) -> int:
    """The street total a preset button puts in (the voice says the same words)."""
    if name == "min":
        legal = ctx.raise_range
        return ctx.all_in_to if legal is None else clamp_to(legal[0], ctx)
    if name == "allin":
        return ctx.all_in_to
    return sized_to(POT_FRACTIONS[name], ctx)


@dataclass(frozen=True, slots=True)
class Choice:
    """One button's label and the action it sends (None: nothing to send)."""

    label: str
    action: Action | None


@dataclass(slots=True)
class ActionPanel:
    """Amount state for the human's decision: one sizing state for the box, the slider,
    the arrow keys, the presets and the mouse wheel. ``amount`` is the slider's value;
    while ``editing`` the box holds ``typed`` instead (possibly nothing), which the knob
    shows and the arrows and wheel step from (:attr:`sized`), and ``refused`` is why that
    amount was refused, kept beside it until the amount changes."""

    seat: int
    amount: int = 0
    typed: str = ""
    editing: bool = False
    refused: str = ""
    low: int = 0
    high: int = 0
    step: int = 10
    pre_check_fold: bool = False
    pre_call_any: bool = False
    pre_check: bool = False  # check if still free; a bet clears it
    pre_call: int | None = None  # call exactly this; cleared when the amount changes
    armed: Action | None = None  # an all-in asked for once, waiting for the second ask

    def reset(self, legal: LegalActions | None, ctx: BettingContext | None) -> None:
        """A new decision: slider to the minimum, typed text cleared."""
        self.use_slider()
        self.armed = None
        wager = None if ctx is None else ctx.raise_range
        if legal is None or ctx is None or wager is None:  # no bet or raise possible
            self.low = self.high = self.amount = 0
            return
        self.step = max(1, ctx.big_blind)
        self.low, self.high = min(wager), wager[1]
        self.amount = self.low

    @property
    def sized(self) -> int:
        """The one amount every sizing control starts from: the typed amount while the
        box holds one (the knob and the arrows follow it), else the slider's."""
        if self.editing and self.typed:
            return int(self.typed)
        return self.amount

    @property
    def fraction(self) -> float:
        """Where the knob stands: at the box's amount (clamped into the slider's range)."""
        if self.high <= self.low:
            return 1.0
        at = max(self.low, min(self.high, self.sized))
        return (at - self.low) / (self.high - self.low)

    def wager_value(self) -> int | None:
        """What the wager button would send: the typed number (None for an empty box),
        else the slider."""
        if self.editing:
            return int(self.typed) if self.typed else None
        return self.amount if self.high > 0 else None

    def use_slider(self) -> None:
        """The box shows the slider's amount again (the slider, a step or a preset moved)."""
        self.typed, self.editing, self.refused = "", False, ""

    def box_refusal(self) -> str | None:
        """Why the wager button must not send the box as it stands (an emptied box, an
        amount already refused), or None."""
        if self.editing and not self.typed:
            return "Type an amount first, or use the slider or a preset"
        return self.refusal_text or None

    @property
    def refusal_text(self) -> str:
        """"15 refused: Minimum raise is to 20" while the box holds a refused amount."""
        if not (self.refused and self.editing and self.typed):
            return ""
        return f"{chip_text(int(self.typed))} refused: {self.refused}"

    def set_fraction(self, f: float) -> None:
        self.use_slider()
        if self.high <= self.low:
            self.amount = self.high
            return
        raw = self.low + f * (self.high - self.low)
        snapped = round(raw / self.step) * self.step
        self.amount = self.high if f >= 1.0 else max(self.low, min(self.high, snapped))

    def step_by(self, steps: int) -> None:
        """An arrow key or a turn of the mouse wheel: ``steps`` big blinds from the amount
        shown (typed or not), kept within the legal range."""
        base = self.sized
        self.use_slider()
        if self.high <= self.low:
            return
        target = base + steps * self.step
        if steps > 0 and base == self.low and self.low % self.step:
            target = (self.low // self.step + steps) * self.step
        self.amount = max(self.low, min(self.high, target))

    def set_preset(self, name: str, ctx: BettingContext | None) -> None:
        if ctx is None or self.high <= 0:
            return
        self.use_slider()
        self.amount = preset_to(name, ctx)

    def type_digit(self, digit: str) -> str | None:
        """Add a digit to the box, as typed: never dropped or changed to fit (the engine
        says what is wrong with an amount), except that a leading zero goes as it is
        typed ("0050" shows 0, 0, 5, 50). The sentence saying why not when the box is
        full."""
        typed = (self.typed if self.editing else "") + digit
        if len(typed.lstrip("0")) > MAX_TYPED_DIGITS:
            return f"An amount has at most {MAX_TYPED_DIGITS} digits"
        self.typed, self.editing, self.refused = typed.lstrip("0") or "0", True, ""
        return None

    def typed_refusal(self, hand: HandState | None, legal: LegalActions | None,
                      ctx: BettingContext | None) -> str | None:
        """The engine's sentence for a typed amount no further digit can mend (0, or
        past the whole stack), said as it is typed and kept beside the box (Enter is
        refused with the same words)."""
        if hand is None or not self.editing or not self.typed or self.high <= 0:
            return None
        if self.typed != "0" and int(self.typed) <= self.high:
            return None  # still typing: a longer amount may be legal
        action = self.wager(legal, ctx).action
        if action is None:
            return None
        try:
            hand.verify(action)
        except IllegalAction as refusal:
            self.refused = str(refusal)
            return self.refused
        return None

    def refuse_typed(self, action: Action, reason: str) -> str:
        """The engine refused ``action``: when it is the box's typed amount, the amount
        stays in the box with the reason beside it. The sentence to show."""
        if not (self.editing and self.typed and action.to == int(self.typed)):
            return reason
        self.refused = reason
        return self.refusal_text

    def backspace(self) -> None:
        """Take the last digit off the box (editing the slider's amount when it shows)."""
        if not self.editing:
            self.typed = str(self.amount) if self.high > 0 else ""
        self.typed, self.editing, self.refused = self.typed[:-1], True, ""

    def clear_box(self) -> None:
        """Empty the box to type a new amount (Enter on it bets nothing, and says why)."""
        self.typed, self.editing, self.refused = "", True, ""

    # -------------------------------------------------------------- choices

    def fold(self, legal: LegalActions | None) -> Choice:
        if legal is None:
            return Choice("Fold", None)
        return Choice("Fold", Action(self.seat, ActionKind.FOLD))

    def check_call(self, legal: LegalActions | None, ctx: BettingContext | None) -> Choice:
        if legal is None:
            return Choice("Check", None)
        if legal.check:
            return Choice("Check", Action(self.seat, ActionKind.CHECK))
        call = legal.call or 0
        all_in = ctx is not None and call >= ctx.stack
        label = f"Call {chip_text(call)}" + (" (all-in)" if all_in else "")
        return Choice(label, Action(self.seat, ActionKind.CALL))

    def wager(self, legal: LegalActions | None, ctx: BettingContext | None) -> Choice:
        """Bet or raise to the box's amount; sent even when out of range so the engine
        can say why."""
        if legal is None or ctx is None:
            return Choice("Raise", None)
        kind = ActionKind.BET if ctx.unopened else ActionKind.RAISE
        to = self.wager_value()
        word = "Bet" if kind is ActionKind.BET else "Raise to"
        if to is None:
            return Choice(word, Action(self.seat, kind, None))
        suffix = " (all-in)" if to == legal.all_in_to else ""
        return Choice(f"{word} {chip_text(to)}{suffix}", Action(self.seat, kind, to))

    def to_send(self, legal: LegalActions | None, ctx: BettingContext | None
                ) -> tuple[Action | None, str | None]:
        """What the wager button (R, Enter) sends now, or why it sends nothing: the
        all-in waiting for its confirmation, else the box's amount unless it is empty or
        already refused."""
        if self.armed is not None and self.armed.kind is not ActionKind.FOLD:
            return self.armed, None  # an all-in, by A or by R: the same button confirms
        why = self.box_refusal() if legal is not None else None
        return (None, why) if why is not None else (self.wager(legal, ctx).action, None)

    def all_in(self, legal: LegalActions | None) -> Choice:
        if legal is None:
            return Choice("All-in", None)
        return Choice(f"All-in {chip_text(legal.all_in_to)}", Action(self.seat, ActionKind.ALLIN))

    def confirm(self, action: Action, legal: LegalActions | None, *,
                free_fold: bool = True) -> bool:
        """Whether ``action`` from a key or click may go now: an all-in (the whole stack
        in, by the all-in key or a bet/raise to it) and, with ``free_fold``, a fold when
        checking is free go only when asked for twice in a row, as voice asks "confirm?"
        first. Asking once arms it."""
        shove = legal is not None and (
            action.kind is ActionKind.ALLIN
            or (action.kind in (ActionKind.BET, ActionKind.RAISE)
                and action.to == legal.all_in_to))
        given_away = (free_fold and legal is not None and legal.check
                      and action.kind is ActionKind.FOLD)
        if not (shove or given_away) or self.armed == action:
            self.armed = None
            return True
        self.armed = action
        return False

    def pre_action(self, legal: LegalActions) -> Action | None:
        """The action a ticked pre-action box takes now that it's our turn (clears it).
        "Check" and "Call N" take nothing when the bet is no longer what was ticked: the
        player decides."""
        kind = None
        if self.pre_check_fold:
            kind = ActionKind.CHECK if legal.check else ActionKind.FOLD
        elif self.pre_call_any:
            kind = ActionKind.CHECK if legal.check else ActionKind.CALL
        elif self.pre_check and legal.check:
            kind = ActionKind.CHECK
        elif self.pre_call is not None and legal.call == self.pre_call:
            kind = ActionKind.CALL
        self.pre_check_fold = self.pre_call_any = self.pre_check = False
        self.pre_call = None
        return None if kind is None else Action(self.seat, kind)

    def tick(self, which: str, to_call: int = 0) -> None:
        """Tick (or untick) one pre-action box; ticking one unticks the others."""
        on = {"check_fold": self.pre_check_fold, "call_any": self.pre_call_any,
              "check": self.pre_check, "call": self.pre_call is not None}
        was = on[which]
        self.clear_pre()
        if not was:
            self.pre_check_fold = which == "check_fold"
            self.pre_call_any = which == "call_any"
            self.pre_check = which == "check"
            self.pre_call = to_call if which == "call" else None

    def clear_pre(self) -> None:
        self.pre_check_fold = self.pre_call_any = self.pre_check = False
        self.pre_call = None


@dataclass(frozen=True, slots=True)
class BarModel:
    """What the bars show this frame (built in update, read by bindings and drawing)."""

    my_turn: bool
    in_hand: bool
    fold: Choice
    call: Choice
    wager: Choice
    allin: Choice
    can_wager: bool
    amount_text: str
    typed: bool
    slider_fraction: float
    pre_check_fold: bool
    pre_call_any: bool
    pre_enabled: bool
    message: str
    message_is_error: bool
    title: str
    sitting_out: bool
    can_rebuy: bool
    rebuy_asked: bool = False  # B and the Rebuy button answer (at a freeze-out: why not)
    armed: bool = False  # an all-in or a free fold waits for its confirmation
    pre_check: bool = False
    pre_call: bool = False
    pre_to_call: int = 0  # what calling would cost now, for the "Call N" box
    standing: str = ""  # the player's seat between hands: "Waiting for the big blind"...
    can_post: bool = False  # waiting for the big blind: "Post now" plays the next hand


def bar_model(panel: ActionPanel, legal: LegalActions | None, ctx: BettingContext | None, *,
              in_hand: bool, message: str, error: bool, title: str, sitting_out: bool,
              can_rebuy: bool, rebuy_asked: bool = False, standing: str = "",
              to_call: int = 0, may_post: bool = True) -> BarModel:
    """``may_post``: the rules let the seat post a big blind now (never from the button
    or the small blind)."""
    my_turn = legal is not None
    value = panel.wager_value()
    if my_turn and panel.refusal_text and not message:  # the reason stays by the amount
        message, error = panel.refusal_text, True
    armed = my_turn and panel.armed is not None
    wager, allin = panel.wager(legal, ctx), panel.all_in(legal)
    fold = panel.fold(legal)
    if armed and legal is not None and panel.armed is not None:
        confirm = Choice(f"Confirm all-in {chip_text(legal.all_in_to)}", panel.armed)
        if panel.armed.kind is ActionKind.FOLD:
            fold = Choice("Confirm fold", panel.armed)
        else:  # by A or by R, the all-in waits on the same button: "Confirm all-in N"
            wager = confirm
            if panel.armed.kind is ActionKind.ALLIN:
                allin = confirm
    confirming = armed and panel.armed is not None and panel.armed.kind is not ActionKind.FOLD
    return BarModel(
        my_turn=my_turn, in_hand=in_hand,
        fold=fold, call=panel.check_call(legal, ctx),
        wager=wager, allin=allin, armed=armed,
        can_wager=legal is not None and (legal.wager is not None or confirming),
        amount_text=panel.typed if panel.editing else
        (chip_text(value) if value is not None else ""),
        typed=panel.editing, slider_fraction=panel.fraction,
        pre_check_fold=panel.pre_check_fold, pre_call_any=panel.pre_call_any,
        pre_enabled=in_hand and not my_turn, message=message, message_is_error=error,
        pre_check=panel.pre_check, pre_call=panel.pre_call is not None,
        pre_to_call=to_call,
        title=title, sitting_out=sitting_out, can_rebuy=can_rebuy,
        rebuy_asked=can_rebuy or rebuy_asked,
        standing=standing, can_post=standing == "Waiting for the big blind" and not in_hand
        and may_post,
    )
