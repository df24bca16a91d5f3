"""What waits to be said (issue 40, finding 5): the table's lines in the table's order,
and, when speech falls behind, the lines waiting folded into one catch-up line that says
every bet and raise with its name and amount, so no line is said long after its event."""

from __future__ import annotations

from voice.speak.backlog import LATE_SECONDS, SpeechQueue, seconds_to_say
from voice.speak.line import ACTION, AWARD, SHOWN, TURN, Line, Priority


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


SHOWDOWN = [  # a hand's end as the game showed it (issue 40's capture): (s, line, brief)
    (0.0, "You call 405", "You called", ACTION),
    (0.72, "The river: Nine of hearts", "River: Nine of hearts", ""),
    (2.48, "Blaze goes all in for 400", "Blaze went all in for 400", ACTION),
    (2.81, "Your turn: 400 to call, all in, pot 1,615", "", TURN),
    (18.82, "You go all in for 400", "You went all in for 400", ACTION),
    (19.54, "Blaze shows Ace of hearts and Eight of spades: One Pair, Eights, Ace kicker",
     "Blaze showed One Pair, Eights, Ace kicker", SHOWN),
    (20.0, "You show Ace of clubs and Six of diamonds: High Card, Ace",
     "You showed High Card, Ace", SHOWN),
    (20.0, "Blaze wins 2,015 with One Pair, Eights, Ace kicker",
     "Blaze won 2,015 with One Pair, Eights", AWARD),
    (22.47, "You're out of chips: rebuy to keep playing", "You're out of chips", ""),
    (26.0, "New hand. You have Ace of clubs and Six of diamonds", "", ""),
    (26.6, "Vera raises to 40", "Vera raised to 40", ACTION),
    (27.1, "Blaze raises to 140", "Blaze raised to 140", ACTION),
    (27.5, "Doris calls 140", "Doris called", ACTION),
]


def play(queue: SpeechQueue, clock: Clock, lines: list[tuple[float, str, str, str]],
         slower: float = 1.2) -> list[tuple[Line, float]]:
    """Queue each line at its moment and say them as a narrator does, one at a time,
    each taking ``slower`` times the estimate; the lines said and when each began."""
    start, said, free = clock.now, [], clock.now
    pending = list(lines)
    while pending or len(queue):
        due = [p for p in pending if start + p[0] <= max(clock.now, free)]
        for at, text, brief, topic in due:
            clock.now = max(clock.now, start + at)
            queue.put(Line(text, topic=topic, brief=brief, created=start + at))
            pending.remove((at, text, brief, topic))
        clock.now = max(clock.now, free)
        line = queue.pop()
        if line is None:
            clock.now = start + pending[0][0]
            continue
        said.append((line, clock.now))
        free = clock.now + slower * seconds_to_say(line.text, line.quick)
    return said


def test_no_line_is_said_long_after_its_event_when_speech_falls_behind() -> None:
    clock = Clock()
    told: list[tuple[str, bool, str]] = []
    queue = SpeechQueue(clock=clock)
    queue.fate = lambda line, spoken, why: told.append((line.text, spoken, why))
    said = play(queue, clock, SHOWDOWN)
    late = {line.text: round(at - line.created, 1) for line, at in said}
    assert max(late.values()) <= LATE_SECONDS + 1.0, late  # about 3 s at most
    spoken = " | ".join(line.text for line, _ in said)
    for bet in ("Blaze went all in for 400", "Vera raise", "40", "Blaze raise", "140"):
        assert bet in spoken  # every bet and raise, with its name and amount
    assert spoken.index("river") < spoken.index("Your turn")
    assert spoken.index("2,015") < spoken.index("out of chips") < spoken.index("New hand")
    replaced = [text for text, _, why in told if why == "replaced"]
    assert "Blaze wins 2,015 with One Pair, Eights, Ace kicker" in replaced


def test_lines_said_in_time_are_said_as_they_are() -> None:
    clock = Clock()
    queue = SpeechQueue(clock=clock)
    calm = [(0.0, "Vera folds", "Vera folded", ACTION),
            (3.0, "Blaze raises to 60", "Blaze raised to 60", ACTION),
            (6.0, "Doris calls 60", "Doris called", ACTION)]
    said = play(queue, clock, calm, slower=1.0)
    assert [line.text for line, _ in said] == ["Vera folds", "Blaze raises to 60",
                                               "Doris calls 60"]


def test_a_catch_up_joins_actions_in_a_row_and_keeps_the_rest_in_order() -> None:
    clock = Clock()
    queue = SpeechQueue(clock=clock)
    for text, brief, topic in [("Vera folds", "Vera folded", ACTION),
                               ("Doris folds", "Doris folded", ACTION),
                               ("Blaze raises to 140", "Blaze raised to 140", ACTION),
                               ("The flop: Five of hearts, Two of clubs and Eight of diamonds",
                                "Flop: Five of hearts, Two of clubs and Eight of diamonds",
                                ""),
                               ("Blaze bets 135", "Blaze bet 135", ACTION)]:
        queue.put(Line(text, topic=topic, brief=brief))
    clock.now += 2.0
    line = queue.pop()
    assert line is not None and line.text == (
        "Vera and Doris folded, Blaze raised to 140. Flop: Five of hearts, Two of clubs and "
        "Eight of diamonds. Blaze bet 135")
    assert len(queue) == 0 and queue.folds == 1


def test_the_turn_takes_the_actions_queued_since_the_last_card_line() -> None:
    queue = SpeechQueue(clock=Clock())
    told: list[tuple[str, str]] = []
    queue.fate = lambda line, spoken, why: told.append((line.text, why))
    queue.put(Line("Doris calls 10", topic=ACTION, brief="Doris called", scene="table"))
    queue.put(Line("The flop: ...", scene="table"))
    queue.put(Line("Blaze bets 135", topic=ACTION, brief="Blaze bet 135", scene="table"))
    queue.put(Line("Sorry, I didn't catch that", priority=Priority.URGENT, scene="table"))
    taken = queue.take_tail(ACTION, "table")
    assert [line.short for line in taken] == ["Blaze bet 135"]
    assert told == [("Blaze bets 135", "replaced")]
    queue.put(Line("Your turn: Blaze bet 135. 135 to call, pot 270", topic=TURN,
                   scene="table"))
    first, then = queue.pop(), queue.pop()
    assert first is not None and first.text == "Sorry, I didn't catch that"
    assert then is not None and then.text.startswith("Doris call")
    assert then.text.endswith("Your turn: Blaze bet 135. 135 to call, pot 270")


def test_a_screens_lines_are_read_as_written_and_a_question_keeps_its_mark() -> None:
    clock = Clock()
    queue = SpeechQueue(clock=clock)
    for text in ("Leave the table?", "You have 1,240 chips. Say yes or no.", "Say yes, or no"):
        queue.put(Line(text, scene="leave"))
    clock.now += 5.0
    assert [queue.pop().text for _ in range(3)] == [  # type: ignore[union-attr]
        "Leave the table?", "You have 1,240 chips. Say yes or no.", "Say yes, or no"]
    for text in ("Blaze raises to 140?", "Doris folds"):
        queue.put(Line(text, scene="table"))
    clock.now += 5.0
    line = queue.pop()
    assert line is not None and line.text == "Blaze raises to 140? Doris folds"


def test_a_tours_tip_is_left_out_of_a_catch_up() -> None:
    """Issue 48: a first-run tip folded in made the catch-up 16 s late; it is not news."""
    from voice.speak.line import TIP
    from voice.speak.recap import folded

    lines = [Line("Vera folds", topic=ACTION, brief="Vera folded"),
             Line("Say what can I say, or press F1, any time.", topic=TIP),
             Line("Blaze wins 20", topic=AWARD, brief="Blaze won 20")]
    assert folded(lines) == "Vera folded. Blaze won 20"
