"""Nothing the player needs goes unsaid, nothing out of order (issue 40, findings 4 and
5): the seats' actions waiting to be said when the player's turn comes are said in the
turn's own line; the turn, a result and "You're out of chips" keep the table's order; a
turn's line is said whole in a new hand."""

from __future__ import annotations

import re
from pathlib import Path

from engine.actions import ActionKind
from engine.events import HandStarted
from game.app import App
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from tests.game.helpers import all_in_and_lose, bot, run_until, scripted_table, to_act
from tests.game.voice_fakes import FakeNarrator
from tests.voice.test_narrator_speech import FakePlayer
from voice.speak.narrator import Narrator


class Behind:
    """A narrator that has fallen behind: it says nothing until asked, so every line
    waits in its queue; ``heard`` then takes them in the order they would be said."""

    def __init__(self, tmp_path: Path) -> None:
        self.told: list[tuple[str, str, str]] = []
        self.narrator = Narrator(FakePlayer(), workdir=tmp_path,  # type: ignore[arg-type]
                                 fate=lambda line, spoken, why: self.told.append(
                                     (line.text, line.speaker, why)))

    def heard(self) -> str:
        """Every line waiting, as it would be said, joined by " | "."""
        said = []
        while (line := self.narrator.queue.pop()) is not None:
            said.append(line.text)
        return " | ".join(said)

    def dropped(self) -> list[str]:
        """The dealer's lines dropped unsaid (bot banter may be)."""
        return [text for text, speaker, why in self.told
                if why == "dropped" and speaker == "dealer"]


def _voice(app: App, narrator: object) -> VoiceController:
    voice = VoiceController(VoiceSettings(), narrator=narrator)  # type: ignore[arg-type]
    app.voice = voice
    return voice


def test_the_action_before_the_players_turn_is_said_in_the_turns_line(
        app: App, tmp_path: Path) -> None:
    behind = Behind(tmp_path)
    _voice(app, behind.narrator)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.RAISE, 40)
    to_act(app, scene, 0)
    name = scene.session.names[3]
    heard = behind.heard()
    assert f"Your turn: {name} raised to 40. 40 to call, pot 55" in heard
    assert behind.dropped() == []


def test_the_turn_comes_after_the_cards_and_the_last_hands_result(
        app: App, tmp_path: Path) -> None:
    behind = Behind(tmp_path)
    _voice(app, behind.narrator)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    bot(app, scene, 0, ActionKind.CALL)
    bot(app, scene, 1, ActionKind.CALL)
    bot(app, scene, 2, ActionKind.CHECK)
    bot(app, scene, 1, ActionKind.BET, 20)
    bot(app, scene, 2, ActionKind.FOLD)
    bot(app, scene, 3, ActionKind.FOLD)
    to_act(app, scene, 0)
    heard = behind.heard()
    flop, turn = heard.lower().index("flop"), heard.rindex("Your turn")
    assert flop < turn and "bet 20" in heard[turn:]  # the bet said, in the turn's line
    bot(app, scene, 0, ActionKind.FOLD)
    run_until(app, lambda: scene.session.hand_number == 2)
    to_act(app, scene, 0)  # the next hand: the player is first to act
    heard = behind.heard()
    won = re.search(r" (wins|won) ", heard)
    assert won is not None and won.start() < heard.index("New hand") < heard.index("Your turn")
    assert behind.dropped() == []


def test_out_of_chips_is_said_after_the_hand_that_busted_the_player(
        app: App, tmp_path: Path) -> None:
    behind = Behind(tmp_path)
    _voice(app, behind.narrator)
    scene = all_in_and_lose(app)
    run_until(app, lambda: app.top is not scene)  # the rebuy dialog
    heard = behind.heard()
    won = re.search(r" (wins|won) ", heard)
    assert won is not None, heard
    assert heard.lower().index("river") < won.start() < heard.index("out of chips"), heard


def test_a_new_hands_turn_is_said_whole_even_when_it_is_the_same(app: App) -> None:
    narrator = FakeNarrator()
    voice = _voice(app, narrator)
    scene = scripted_table(app)
    bot(app, scene, 3, ActionKind.CALL)
    to_act(app, scene, 0)
    view = scene.session.view(0)
    assert view is not None
    assert narrator.texts()[-1] == "Your turn: 10 to call, pot 25"
    voice.narrate(HandStarted(0, 1, 2, (0, 1, 2, 3), (1000,) * 4), view)
    voice.your_turn(view)  # the next hand, the same price
    assert narrator.texts()[-1] == "Your turn: 10 to call, pot 25"
    voice.your_turn(view)  # the same again within a hand: short
    assert narrator.texts()[-1] == "Your turn"
