"""The narrator: the queue's order, rendering lines to WAV, the worker and the mixer
player (SDL dummy driver), and what is said to a player who can't see the table."""

from __future__ import annotations

import math
import os
import threading
import time
import wave
from pathlib import Path

import pytest

from engine.events import ActionTaken, HandShown, PotAwarded, StreetDealt
from engine.state import HandState
from engine.view import view_of
from tests.engine.util import act, deal
from voice.speak.answers import answer
from voice.speak.backlog import SpeechQueue
from voice.speak.line import DEALER, Line, Priority
from voice.speak.lines import say_event, say_turn
from voice.speak.narrator import (
    BOT_VOICES,
    NARRATOR_VOICE,
    Narrator,
    Pyttsx3Renderer,
    SpeechError,
    VoiceSpec,
    voice_for,
    wav_frames,
)
from voice.understand.intent import Query

# --- the queue --------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_table_events_are_said_before_bot_banter() -> None:
    q = SpeechQueue(clock=Clock())
    q.put(Line("nice hand, pal", "shark", Priority.BANTER))
    q.put(Line("Shark raises to 60"))
    q.put(Line("Your turn: 60 to call, pot 75", priority=Priority.URGENT))
    assert [q.pop().text for _ in range(3)] == [  # type: ignore[union-attr]
        "Your turn: 60 to call, pot 75", "Shark raises to 60", "nice hand, pal"]


def test_lines_of_one_priority_keep_their_order() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    for text in ("one", "two", "three"):
        clock.now += 0.01
        q.put(Line(text))
    assert [q.pop().text for _ in range(3)] == ["one", "two", "three"]  # type: ignore[union-attr]


def test_stale_banter_is_dropped() -> None:
    clock = Clock()
    q = SpeechQueue(banter_max_age=3.0, clock=clock)
    q.put(Line("I'm feeling lucky", "maniac", Priority.BANTER))
    clock.now += 3.5
    q.put(Line("The flop: ..."))
    assert q.pop().text == "The flop: ..."  # type: ignore[union-attr]
    assert q.pop() is None and q.dropped == 1


def test_too_much_banter_is_not_queued() -> None:
    q = SpeechQueue(clock=Clock(), max_banter=2)
    for i in range(4):
        q.put(Line(f"chat {i}", "maniac", Priority.BANTER))
    assert len(q) == 2 and q.dropped == 2


def test_interrupting_empties_the_queue() -> None:
    q = SpeechQueue(clock=Clock())
    q.put(Line("a"))
    q.put(Line("b", "shark", Priority.BANTER))
    assert q.interrupt(keep=Priority.TABLE) == 1
    assert q.interrupt() == 1 and q.pop() is None


def test_each_bot_has_its_own_voice() -> None:
    voices = {voice_for("bot", i) for i in range(len(BOT_VOICES))} | {voice_for(DEALER)}
    assert len(voices) == len(BOT_VOICES) + 1
    assert len({v.voice for v in BOT_VOICES}) == len(BOT_VOICES)


# --- rendering and playing --------------------------------------------------------------


def test_a_line_is_rendered_to_a_non_empty_wav(tmp_path: Path) -> None:
    renderer = Pyttsx3Renderer()
    for spec in (NARRATOR_VOICE, *BOT_VOICES[:2]):
        path = renderer.render("Shark raises to sixty", spec, tmp_path / "line.wav")
        assert wav_frames(path) > 10_000
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)


def test_nothing_to_say_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SpeechError):
        Pyttsx3Renderer().render("  ", NARRATOR_VOICE, tmp_path / "x.wav")


class FakeRenderer:
    def __init__(self) -> None:
        self.rendered: list[tuple[str, VoiceSpec]] = []

    def render(self, text: str, spec: VoiceSpec, path: Path) -> Path:
        self.rendered.append((text, spec))
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16_000)
            w.writeframes(b"\x00\x01" * 1600)
        return path


class FakePlayer:
    """Plays each line for ``seconds`` (``math.inf``: until stopped, or ``finish``)."""

    def __init__(self, seconds: float = 0.05) -> None:
        self.seconds = seconds
        self.played: list[str] = []
        self.until = 0.0
        self.lock = threading.Lock()

    def play(self, path: Path, line: Line) -> None:
        with self.lock:
            self.played.append(line.text)
            self.until = time.monotonic() + self.seconds

    def is_busy(self) -> bool:
        return time.monotonic() < self.until

    def stop(self) -> None:
        self.until = 0.0

    def finish(self) -> None:
        """The line playing comes to its end."""
        self.until = 0.0


def wait_for(condition: object, timeout: float = 60.0) -> None:
    """Until ``condition()``, polling; at most ``timeout`` seconds (the caller asserts)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.01)


def test_the_narrator_renders_in_the_speakers_voice_and_plays_in_order(tmp_path: Path) -> None:
    renderer, player = FakeRenderer(), FakePlayer()
    shark = BOT_VOICES[0]
    narrator = Narrator(player, {"shark": shark}, renderer=renderer,  # type: ignore[arg-type]
                        workdir=tmp_path)
    narrator.say("Shark raises to 60")
    narrator.say("you're dead money", "shark", Priority.BANTER)
    narrator.start()
    wait_for(lambda: len(player.played) == 2 and not narrator.is_speaking())
    narrator.close()
    assert player.played == ["Shark raises to 60", "you're dead money"]
    assert [spec for _, spec in renderer.rendered] == [NARRATOR_VOICE, shark]
    assert narrator.last_line == "Shark raises to 60"


def test_the_narrator_is_speaking_while_a_line_plays(tmp_path: Path) -> None:
    player = FakePlayer(seconds=math.inf)  # plays until the test ends the line
    narrator = Narrator(player, renderer=FakeRenderer(), workdir=tmp_path)  # type: ignore[arg-type]
    narrator.start()
    assert not narrator.is_speaking()
    narrator.say("Your turn: 40 to call, pot 55", priority=Priority.URGENT)
    wait_for(lambda: player.played)
    assert narrator.is_speaking()
    player.finish()
    wait_for(lambda: not narrator.is_speaking())
    assert not narrator.is_speaking()
    narrator.close()


def test_interrupting_the_narrator_stops_the_line(tmp_path: Path) -> None:
    player = FakePlayer(seconds=math.inf)
    narrator = Narrator(player, renderer=FakeRenderer(), workdir=tmp_path)  # type: ignore[arg-type]
    narrator.start()
    narrator.say("a very long story")
    narrator.say("and more", "shark", Priority.BANTER)
    wait_for(lambda: player.played)
    narrator.interrupt()
    wait_for(lambda: not narrator.is_speaking())
    assert not narrator.is_speaking() and len(narrator.queue) == 0
    narrator.close()
    assert player.played == ["a very long story"]


@pytest.mark.slow
def test_the_narrator_with_the_real_engine_and_the_pygame_mixer(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    pygame.mixer.init(frequency=22_050, size=-16, channels=1)
    try:
        from voice.speak.narrator import PygameMixerPlayer

        player = PygameMixerPlayer()
        narrator = Narrator(player, workdir=tmp_path)
        narrator.start()
        narrator.say("The flop: Ace of hearts, Seven of clubs and Two of spades")
        wait_for(narrator.is_speaking)
        assert narrator.is_speaking()
        narrator.interrupt()
        wait_for(lambda: not narrator.is_speaking())
        assert not player.is_busy() and narrator.errors == []
        narrator.close()
    finally:
        pygame.mixer.quit()


# --- what to say ------------------------------------------------------------------------


def facing_raise() -> HandState:
    """Seat 3 opened to 40; the human (seat 0) is to act: 40 to call, pot 55."""
    return act(deal([1000] * 4, holes={0: "AhKd"}, board="Ac 7d 2s 9c Kh",
                    names=("You", "Shark", "Maniac", "Rock")), "raise 40")


def test_your_turn_says_what_to_call_and_the_pot() -> None:
    assert say_turn(view_of(facing_raise(), 0)) == "Your turn: 40 to call, pot 55"
    assert say_turn(view_of(facing_raise(), 1)) == "You to act"


def test_every_question_has_an_answer() -> None:
    view = view_of(facing_raise(), 0)
    answers = {q: answer(q, view, last_line="Rock raises to 40",
                         odds=lambda v: "About 65 percent to win") for q in Query}
    assert answers[Query.POT] == "The pot is 55"
    assert answers[Query.TO_CALL] == "40 to call"
    assert answers[Query.MY_CARDS] == "You have Ace of hearts and King of diamonds"
    assert answers[Query.BOARD] == "No cards on the board yet"
    assert answers[Query.STACKS] == "You have 1,000. Shark 995, Maniac 990, Rock 960"
    assert answers[Query.ODDS] == "About 65 percent to win"
    assert answers[Query.WHOSE_TURN] == "Your turn: 40 to call, pot 55"
    assert answers[Query.REPEAT] == "Rock raises to 40"
    assert answers[Query.HELP].startswith("You can say fold, call 40")
    assert answers[Query.LAST_ACTION] == "Rock raises to 40"
    assert all(answers.values())
    assert "Sorry, I can't answer that" not in answers.values()


def test_the_board_is_read_out_once_dealt() -> None:
    state = act(facing_raise(), "call", "fold", "fold")
    view = view_of(state, 0)
    assert answer(Query.BOARD, view) == "The board: Ace of clubs, Seven of diamonds and Two " \
                                        "of spades"
    assert answer(Query.TO_CALL, view) == "It's not your turn"


def test_the_events_of_a_hand_are_announced() -> None:
    state = act(facing_raise(), "call", "fold", "fold", "check", "check",
                "check", "check", "check", "check")
    view = view_of(state, 0)
    lines = [say_event(e, view) for e in state.events]
    spoken = [line for line in lines if line]
    assert "Rock raises to 40" in spoken
    assert "You call 40" in spoken
    assert "Shark folds" in spoken
    assert "The flop: Ace of clubs, Seven of diamonds and Two of spades" in spoken
    kinds = {type(e) for e in state.events}
    assert {ActionTaken, StreetDealt, PotAwarded, HandShown} <= kinds
    assert any(" wins " in line or " win " in line for line in spoken)
    assert any("show" in line for line in spoken)


def test_the_queue_given_is_the_queue_used_even_empty() -> None:
    """An empty queue has no length, so it is falsy: the game's courteous queue (it waits
    while the player talks) and a test's were replaced by a plain one (issue 48)."""
    queue = SpeechQueue(late=3600.0)
    narrator = Narrator(FakePlayer(), speech_queue=queue)
    assert narrator.queue is queue
