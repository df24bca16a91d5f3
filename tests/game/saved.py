"""Save files with played hands for the game tests: a ``TableSession`` wired to a
``SaveGame`` plays random legal actions (no window needed)."""

from __future__ import annotations

import random
from pathlib import Path

from game.persistence.saving import SaveGame
from game.persistence.store import DB_NAME, Store
from game.settings.model import GameSettings
from game.table.session import TableSession
from tests.game.test_store import choose

NAMES = ("You", "Shark", "Maniac", "Station")
BOTS = {1: "shark", 2: "maniac", 3: "station"}


def new_session(save: SaveGame, seed: int = 1,
                settings: GameSettings | None = None) -> TableSession:
    """The player's table (bots in seats 2-4), saved as the current one."""
    return TableSession.create(settings or GameSettings(), NAMES, random.Random(seed),
                               save=save, bots=BOTS)


def play_hands(session: TableSession, count: int, seed: int = 2,
               stop_after: int | None = None) -> None:
    """``count`` whole hands; then, with ``stop_after``, one more stopped after that many
    actions (left in play, as a crash would leave it)."""
    rng = random.Random(seed)
    for n in range(count + (stop_after is not None)):
        session.start_hand()
        hand = session.hand
        assert hand is not None
        done = 0
        while (legal := hand.legal()) is not None:
            if n == count and done == stop_after:
                return
            session.submit(choose(rng, legal))
            done += 1
        session.end_hand()


def saved_store(folder: Path, hands: int = 6, stop_after: int | None = None) -> Path:
    """A closed save file in ``folder`` holding ``hands`` complete hands (and one in play
    when ``stop_after`` is given); returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / DB_NAME
    store = Store.open(path)
    save = SaveGame(store)
    play_hands(new_session(save), hands, stop_after=stop_after)
    store.close()
    return path
