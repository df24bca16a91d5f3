"""The table's lines, written for a player who cannot see the table: each engine event
as it is said when it happens ("Blaze raises to 140") and as a catch-up folds it with
others ("Blaze raised to 140"), and the player's turn. Amounts are written as the table
writes them (:func:`engine.chips.chip_text`) and said as a player says them
(:func:`voice.speak.ear.for_the_voice`); cards by name; one idea a line."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import ActionKind
from engine.cards import Card, card_name
from engine.chips import chip_text
from engine.events import ActionTaken, Event, HandShown, HandsTabled, PotAwarded, StreetDealt
from engine.view import PlayerView
from voice.speak.line import ACTION, AWARD, SHOWN

_VERBS = {ActionKind.FOLD: ("folds", "fold", "folded"),
          ActionKind.CHECK: ("checks", "check", "checked"),
          ActionKind.CALL: ("calls", "call", "called"),
          ActionKind.BET: ("bets", "bet", "bet"),
          ActionKind.RAISE: ("raises to", "raise to", "raised to")}
"""Each action's verb: said of a bot, of the player, and in a catch-up."""


def cards_text(cards: Sequence[Card]) -> str:
    """ "Ace of hearts, King of spades and Ten of clubs"."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def name_of(view: PlayerView, seat: int) -> str:
    """ "You" for the player, else the seat's name."""
    return "You" if seat == view.seat else view.names[seat]


def say_action(event: ActionTaken, view: PlayerView) -> str:
    """ "Maniac raises to 60", "You call 20", "Rock goes all in for 340"."""
    who = name_of(view, event.seat)
    you = event.seat == view.seat
    if event.kind is ActionKind.ALLIN or (event.all_in and event.kind is not ActionKind.FOLD):
        return f"{who} {'go' if you else 'goes'} all in for {chip_text(event.to)}"
    verb = _VERBS[event.kind][1 if you else 0]
    if event.kind is ActionKind.CALL:
        return f"{who} {verb} {chip_text(event.added)}"
    if event.kind in (ActionKind.BET, ActionKind.RAISE):
        return f"{who} {verb} {chip_text(event.to)}"
    return f"{who} {verb}"


def action_brief(event: ActionTaken, view: PlayerView) -> str:
    """The action in a catch-up: every bet and raise with its amount, a call without
    ("Blaze raised to 140", "Doris called", "You went all in for 400")."""
    who = name_of(view, event.seat)
    if event.kind is ActionKind.ALLIN or (event.all_in and event.kind is not ActionKind.FOLD):
        return f"{who} went all in for {chip_text(event.to)}"
    verb = _VERBS[event.kind][2]
    if event.kind in (ActionKind.BET, ActionKind.RAISE):
        return f"{who} {verb} {chip_text(event.to)}"
    return f"{who} {verb}"


def say_street(event: StreetDealt) -> str:
    """ "The flop: Ace of hearts, Seven of clubs and Two of spades" (the pot is said on
    the player's turn: with it the flop's line took 6 s, and the lines behind it waited)."""
    return f"The {event.street.value}: {cards_text(event.cards)}"


def street_brief(event: StreetDealt) -> str:
    """ "Flop: Ace of hearts, Seven of clubs and Two of spades"."""
    return f"{event.street.value.capitalize()}: {cards_text(event.cards)}"


def say_shown(event: HandShown, view: PlayerView) -> str:
    """ "Blaze shows Ace of hearts and Eight of spades: One Pair, Eights"."""
    verb = "show" if event.seat == view.seat else "shows"
    return f"{name_of(view, event.seat)} {verb} {cards_text(event.cards)}: {event.description}"


def shown_brief(event: HandShown, view: PlayerView) -> str:
    """ "Blaze showed One Pair, Eights"."""
    return f"{name_of(view, event.seat)} showed {without_kicker(event.description)}"


def say_tabled(event: HandsTabled, view: PlayerView) -> str | None:
    """ "All in, hands face up: Blaze has Ace of hearts and Eight of spades" (the
    others' cards; None when only the player's are turned)."""
    others = [f"{name_of(view, seat)} has {cards_text(cards)}" for seat, cards in event.hands
              if seat != view.seat]
    return f"All in, hands face up: {'; '.join(others)}" if others else None


def _pot_name(event: PotAwarded, view: PlayerView) -> str:
    """ "the main pot" or "side pot 1" when there are several, else ""."""
    if event.pot_index:
        return f"side pot {event.pot_index}"
    return "the main pot" if len(view.pots) > 1 else ""


def say_award(event: PotAwarded, view: PlayerView) -> str:
    """ "Blaze wins 2,015 with One Pair, Eights", "Doris wins 180" (everyone else
    folded), "Blaze wins side pot 1, 615", "You and Doris split 400, 200 each"."""
    pot = _pot_name(event, view)
    shown = event.description and event.description != "uncontested"
    tail = f" with {event.description}" if shown else ""
    amount = chip_text(event.amount)
    if len(event.shares) == 1:
        seat = event.shares[0][0]
        verb = "win" if seat == view.seat else "wins"
        won = f"{pot}, {amount}" if pot else amount
        return f"{name_of(view, seat)} {verb} {won}{tail}"
    names = _listed([name_of(view, seat) for seat, _ in event.shares])
    shares = {chips for _, chips in event.shares}
    each = f", {chip_text(shares.pop())} each" if len(shares) == 1 else ""
    what = f"{pot}, {amount}" if pot else amount
    return f"{names} split {what}{each}{tail}"


def without_kicker(description: str) -> str:
    """ "One Pair, Eights, Ace kicker" -> "One Pair, Eights"."""
    return ", ".join(w for w in description.split(", ") if not w.endswith("kicker"))


def award_brief(event: PotAwarded, view: PlayerView) -> str:
    """ "Blaze won 2,015 with One Pair, Eights", "You and Doris split 400"; with several
    pots, which one: "Vera won the main pot, 3,840", "Vera won side pot 1, 320"."""
    shown = event.description and event.description != "uncontested"
    tail = f" with {without_kicker(event.description)}" if shown else ""
    pot = _pot_name(event, view)
    amount = f"{pot}, {chip_text(event.amount)}" if pot else chip_text(event.amount)
    if len(event.shares) == 1:
        return f"{name_of(view, event.shares[0][0])} won {amount}{tail}"
    names = _listed([name_of(view, seat) for seat, _ in event.shares])
    return f"{names} split {amount}{tail}"


def _listed(names: Sequence[str]) -> str:
    """ "Vera, Doris and you" (the player named last but first when first)."""
    out = [n if i == 0 or n != "You" else "you" for i, n in enumerate(names)]
    return out[0] if len(out) == 1 else f"{', '.join(out[:-1])} and {out[-1]}"


def price(view: PlayerView) -> str:
    """What the player's turn costs: "130 to call, pot 330" or "you can check, pot 60"."""
    ctx = view.context
    if ctx is None:
        return f"pot {chip_text(view.pot)}"
    if not ctx.to_call:
        return f"you can check, pot {chip_text(ctx.pot)}"
    owe = min(ctx.to_call, ctx.stack)
    all_in = ", all in" if ctx.to_call >= ctx.stack else ""
    return f"{chip_text(owe)} to call{all_in}, pot {chip_text(ctx.pot)}"


def say_turn(view: PlayerView, since: str = "") -> str:
    """Whose turn it is; for the player "Your turn: 40 to call, pot 135", with ``since``
    (what happened since they last acted, not said yet) before the price ("Your turn:
    Blaze raised to 140, Doris called. 130 to call, pot 330")."""
    if view.finished or view.to_act is None:
        return "The hand is over"
    if view.to_act != view.seat:
        return f"{view.names[view.to_act]} to act"
    if view.context is None:
        return "Your turn"
    if since:
        return f"Your turn: {since}. {price(view).capitalize()}"
    return f"Your turn: {price(view)}"


def say_event(event: Event, view: PlayerView) -> str | None:
    """The line announcing an engine event for ``view``'s player, None for silent ones."""
    if isinstance(event, ActionTaken):
        return say_action(event, view)
    if isinstance(event, StreetDealt):
        return say_street(event)
    if isinstance(event, HandShown):
        return say_shown(event, view) if not event.mucked else None
    if isinstance(event, HandsTabled):
        return say_tabled(event, view)
    if isinstance(event, PotAwarded):
        return say_award(event, view)
    return None


def event_topic(event: Event) -> str:
    """The narrator's topic for an event's line (:mod:`voice.speak.line`)."""
    if isinstance(event, ActionTaken):
        return ACTION
    if isinstance(event, HandShown | HandsTabled):
        return SHOWN
    return AWARD if isinstance(event, PotAwarded) else ""


def event_brief(event: Event, view: PlayerView) -> str:
    """The event as a catch-up folds it ("" for silent ones)."""
    if isinstance(event, ActionTaken):
        return action_brief(event, view)
    if isinstance(event, StreetDealt):
        return street_brief(event)
    if isinstance(event, HandShown):
        return shown_brief(event, view) if not event.mucked else ""
    if isinstance(event, HandsTabled):  # whose cards are the news: never cut
        said = say_tabled(event, view)
        return f"Hands face up{said.partition('hands face up')[2]}" if said else "Hands face up"
    if isinstance(event, PotAwarded):
        return award_brief(event, view)
    return ""
