"""Sitting down from a screen: the one way the start screen and the results open a Sit &
Go (scenes never import each other)."""

from __future__ import annotations

from game.scenes.base import Host, Opening, SceneName
from game.table.factory import table_seed
from game.table.sitngo import seat_sit_and_go


def open_sit_and_go(host: Host, speed: str, seed: int | None = None,
                    trouble: str | None = None) -> None:
    """A four-player Sit & Go at ``speed`` (its own save file: the cash table is kept);
    the saved one, if the player left one unfinished, is continued."""
    seated, notices, _ = seat_sit_and_go(host.settings, table_seed(seed), speed=speed)
    notice = " ".join([*notices, trouble or ""]).strip()
    host.open(SceneName.TABLE, Opening(notice=notice, table=seated))
