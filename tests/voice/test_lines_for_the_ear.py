"""Lines for the ear (issue 40, finding 8): amounts, blinds and results as a person says
them, one idea a line, and answers short enough to hear."""

from __future__ import annotations

from engine.events import PotAwarded
from engine.view import view_of
from tests.engine.util import act, deal
from voice.speak.ear import for_the_voice
from voice.understand.intent import Query
from voice.understand.numbers import parse_number, said_amount


def test_a_pot_nobody_contested_is_won_without_the_word_uncontested() -> None:
    from voice.speak.lines import say_award

    state = act(deal([1000] * 4, names=("You", "Vera", "Blaze", "Doris")),
                "raise 40", "fold", "fold", "fold")
    award = next(e for e in state.events if isinstance(e, PotAwarded))
    line = say_award(award, view_of(state, 0))
    assert line == "Doris wins 25"  # the uncalled 30 went back


def test_blinds_are_said_with_and() -> None:
    from voice.speak.answers import TableFacts, TournamentStatus, answer, answer_tournament

    status = TournamentStatus(4, 50, 100, 10, 75, 150, 15, 3, None, 1250)
    assert answer_tournament(Query.LEVEL, status) == "Level 4: blinds 50 and 100, ante 10"
    view = view_of(deal([1000] * 4), 0)
    assert answer(Query.LEVEL, view, facts=TableFacts(small_blind=10, big_blind=20)) \
        == "Blinds 10 and 20"


def test_the_stacks_answer_names_each_seat_once_and_is_short_to_say() -> None:
    """Four stacks took 7 s: "has" three times and every amount in full ("nine hundred
    and ninety five"); now each seat's name and chips, amounts as players say them."""
    from voice.speak.answers import answer

    state = deal([1000, 1000, 2025, 990], names=("You", "Vera", "Blaze", "Doris"))
    text = answer(Query.STACKS, view_of(state, 0))
    assert text == "You have 1,000. Vera 995, Blaze 2,015, Doris 990"
    assert len(for_the_voice(text).split()) <= 16


def test_amounts_are_said_as_players_say_them_and_read_back_the_same() -> None:
    assert [said_amount(n) for n in (140, 995, 105, 1240, 1500, 2015, 40)] == [
        "one forty", "nine ninety five", "one oh five", "twelve forty", "fifteen hundred",
        "two thousand fifteen", "forty"]
    assert all(parse_number(said_amount(n)) == n for n in range(1, 30_000))
    assert for_the_voice("Blaze raises to 140, pot 2,015, 2.5 big blinds") == \
        "Blaze raises to one forty, pot two thousand fifteen, 2.5 big blinds"


def test_hands_turned_face_up_all_in_are_said() -> None:
    from engine.events import HandsTabled
    from voice.speak.lines import say_event

    state = act(deal([200, 1000, 1000, 1000], holes={0: "7h2c", 3: "AdAc"},
                     names=("You", "Vera", "Blaze", "Doris")),
                "call", "allin", "fold", "fold", "call")
    tabled = next(e for e in state.events if isinstance(e, HandsTabled))
    assert say_event(tabled, view_of(state, 0)) == \
        "All in, hands face up: Doris has Ace of diamonds and Ace of clubs"



def test_a_catch_up_says_whose_hands_are_face_up_and_which_pot_was_won() -> None:
    """Issue 48, finding 8: a catch-up folded "Hands face up" without whose cards, and
    "Vera won 3,840 ... Vera won 320" without the main and the side pot."""
    from engine.events import HandsTabled
    from voice.speak.lines import event_brief

    state = act(deal([1000, 100, 1000, 1000], names=("You", "Vera", "Blaze", "Doris")),
                "allin", "fold", "allin", "allin")
    view = view_of(state, 0)
    tabled = next(e for e in state.events if isinstance(e, HandsTabled))
    assert event_brief(tabled, view).startswith("Hands face up: Doris has Two of hearts")
    main, side = (e for e in state.events if isinstance(e, PotAwarded))
    assert "split the main pot, 300" in event_brief(main, view)
    assert "split side pot 1, 1,800" in event_brief(side, view)
