"""Personalities are data, distinct, and play to their target VPIP/PFR bands."""

from __future__ import annotations

import json

import pytest

from bots.api import PERSONALITIES, personalities
from bots.personality import PERSONALITIES_FILE, personality_from_json
from bots.sim import SimRequest, run


@pytest.fixture(scope="module")
def session() -> dict[str, object]:
    return run(SimRequest(2000, 11, tuple(PERSONALITIES), 5, 10, 1000, chatter=False))


@pytest.mark.slow
@pytest.mark.parametrize("kind", PERSONALITIES)
def test_vpip_and_pfr_land_in_the_target_band_over_a_session(
        kind: str, session: dict[str, dict[str, float]]) -> None:
    seat = str(PERSONALITIES.index(kind))
    p = personalities()[kind]
    vpip, pfr = session["vpip"][seat], session["pfr"][seat]
    assert p.vpip_band[0] <= vpip <= p.vpip_band[1], f"{kind} VPIP {vpip:.3f}"
    assert p.pfr_band[0] <= pfr <= p.pfr_band[1], f"{kind} PFR {pfr:.3f}"


def test_the_four_styles_are_told_apart_by_their_data() -> None:
    data = personalities()
    shark, maniac, station, rock = (data[k] for k in PERSONALITIES)
    assert maniac.open_range > shark.open_range > rock.open_range  # loose vs tight
    assert maniac.aggression > shark.aggression > rock.aggression  # aggressive vs passive
    assert station.call_slack > shark.call_slack > rock.call_slack  # the station calls
    assert maniac.bluff > shark.bluff > station.bluff
    assert len({p.name for p in data.values()}) == 4
    assert len({p.voice for p in data.values()}) == 4


def test_a_personality_with_a_bad_field_is_refused_by_name() -> None:
    raw = json.loads(PERSONALITIES_FILE.read_text())["personalities"]["shark"]
    with pytest.raises(ValueError, match="aggression"):
        personality_from_json("shark", {**raw, "aggression": 3})
    with pytest.raises(ValueError, match="bet_sizes"):
        personality_from_json("shark", {**raw, "bet_sizes": ["huge"]})
