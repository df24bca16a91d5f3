"""The first-run walkthrough moves on for a player who never presses a key."""

from __future__ import annotations

from game.help.walkthrough import TIPS, Until, Walkthrough


def test_a_player_without_a_keyboard_is_walked_through_a_hand_and_out() -> None:
    tour = Walkthrough()
    assert tour.tip is TIPS[0] and TIPS[0].until is Until.NEXT
    tour.reached(Until.MY_TURN)  # the welcome has been read long enough: the turn came
    assert tour.tip is not None and tour.tip.until is Until.ACTED
    assert "Your turn" in tour.tip.text
    tour.reached(Until.ACTED)
    tour.reached(Until.HAND_OVER)
    assert tour.tip is TIPS[-1]  # the last tip is shown, not passed in the same moment
    tour.reached(Until.MY_TURN)  # the next hand's turn
    assert tour.done and tour.tip is None


def test_next_still_moves_only_a_tip_that_waits_for_it() -> None:
    tour = Walkthrough()
    tour.next()
    assert tour.step == 1
    tour.next()  # this tip waits for the player's turn, not for Next
    assert tour.step == 1
