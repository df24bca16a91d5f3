"""The bot in the player's chair is "Autoplay", not a second bot of its kind's name
(issue 43, finding 5: "Vera 2" sat beside "Vera")."""

from __future__ import annotations

from game.settings.model import HUMAN_SEAT, GameSettings
from game.table.factory import new_table
from game.table.players import AUTOPLAY_NAME
from game.table.sitngo import new_sit_and_go


def test_the_autoplay_seat_has_its_own_name_at_a_cash_table_and_a_sit_and_go() -> None:
    cash = new_table(GameSettings(), 3, autopilot_kind="shark")
    sng = new_sit_and_go(GameSettings(), 3, autopilot_kind="shark")
    for seated in (cash, sng):
        names = seated.session.names
        assert names[HUMAN_SEAT] == AUTOPLAY_NAME
        assert len(set(names)) == len(names), names
        assert not any(name[-1].isdigit() for name in names), names
