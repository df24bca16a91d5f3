"""Two or three hearings, one decision: what the game does with pocketsphinx's and
Whisper's readings of one utterance, and the command spotter's when it listens.

The two ears fail differently (pocketsphinx swaps commands inside its grammar, "fold"
for "call"; Whisper misses whole phrases, "That's 60" for "bet sixty"), so when they
mean the same thing they are almost never both wrong. :func:`decide` turns the pair
into one of four outcomes:

* **act**: both mean the same command: said back with the grace window, no question
  (the confirm machine still asks about an all-in and a fold that could check); also
  when pocketsphinx's reading and Whisper's free transcription mean the same, when
  Whisper's two hearings (its closed-set pick and its free transcription) mean the same
  action, question or table command and pocketsphinx is unsure, and when Whisper wrote
  the amount of pocketsphinx's bet or raise;
* **offer**: they mean two different actions: both shown numbered, "one or two?";
* **ask**: one heard an action, the other nothing usable: "Call 40? Say yes or no";
* **none**: nothing usable from either.

A "yes" (or "okay", "all right") heard by one ear alone is never taken when no question
waits for it: "pot" and "check" come out of Whisper as "all right" and "okay". While one
waits, Whisper scores "yes" and "no" among the commands, and its sure answer is taken.
A table command that changes the player's seat or the game (:data:`STATE_CHANGING`:
sit out, sit in, quit, rebuy, deal) heard by one ear alone is asked, never just done; a
"what?" (say that again) needs two ears; a question Whisper heard twice is answered
whatever pocketsphinx made of it (a question changes nothing).

The third ear, the command spotter (:mod:`voice.recognize.spotter`), knows only the short
commands. Its reading counts as an ear's for those: agreeing with either other ear it
acts, its sure reading breaks a disagreement between the other two (or turns a lone
ear's act into a question when it heard another command), and heard alone, surely, it
is asked about (:func:`_with_spotter`). Its word inside a longer reading by another ear
that means something else ("pot" in "half pot") counts for nothing (:func:`part_of_whole`).
When pocketsphinx and the spotter agree, Whisper is not waited for (:func:`early`).

The game (``game.voicectl``) and the voice benchmark both call :func:`decide`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from voice.understand.intent import DISRUPTIVE, STATE_CHANGING, Intent, IntentKind, Query
from voice.understand.numbers import heard_amounts
from voice.understand.parse import as_said_whole

ACTIONS = frozenset({IntentKind.FOLD, IntentKind.CHECK, IntentKind.CALL, IntentKind.BET,
                     IntentKind.RAISE, IntentKind.ALLIN})
WAGERS = frozenset({IntentKind.BET, IntentKind.RAISE})

THRESHOLD = 0.5
"""The confirm machine acts (after the grace window) from this confidence up and asks
below it (``voice.confirm.ConfirmPolicy.min_confidence``)."""

AGREED = 0.9
"""The confidence an agreed reading is given: sure, but a question about a fold or an
all-in still comes from the confirm machine's own rules."""

UNSURE = 0.25
"""The confidence of a reading that is asked about (below :data:`THRESHOLD`)."""


class DecisionKind(StrEnum):
    ACT = "act"
    ASK = "ask"
    OFFER = "offer"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Reading:
    """One recognizer's hearing: who heard it, what it means and how sure it was;
    ``also`` what its own second hearing means (Whisper's free transcription beside
    its closed-set pick, which can only be legal; an error kept, None: nothing
    understood) and ``second`` that hearing's words; ``whole`` the ear's whole hearing
    when ``text`` is only its last command (salvaged from words that, whole, mean
    nothing: "of pot" read as "pot")."""

    recognizer: str
    intent: Intent
    confidence: float
    text: str
    also: Intent | None = None
    second: str = ""
    whole: str = ""

    @property
    def usable(self) -> bool:
        return self.intent.intent is not IntentKind.UNKNOWN and self.intent.error is None


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do: ``intent`` (acted on or asked about) with ``confidence`` for the
    confirm machine, ``offered`` the two actions shown numbered (offer), ``rule`` the
    rule that decided (for the log and the benchmark)."""

    kind: DecisionKind
    intent: Intent
    confidence: float
    text: str
    readings: tuple[Reading, ...]
    offered: tuple[Intent, ...] = ()
    rule: str = ""


@dataclass(frozen=True, slots=True)
class AgreementRules:
    """The rules :func:`decide` applies, switchable for the benchmark.

    ``agree``: the confidence the surer of two agreeing ears needs for an action to
    be done without a question; ``alone``: the confidence a lone reading needs to act
    when the other ear heard nothing usable (above 1: always asked); ``whisper_alone``:
    what a lone Whisper pick needs besides (its free transcription did not back it:
    "whisper twice" did not apply); ``override``: Whisper's confidence needed to act on
    its reading over a disagreeing pocketsphinx (above 1: never, offered); ``offer``:
    disagreeing actions are offered numbered (else the surer one is asked);
    ``free``: pocketsphinx's reading is done when Whisper's free transcription means
    the same (two ears agreeing, though Whisper's closed-set pick differs);
    ``twice``: the confidence Whisper needs to act when its two hearings (closed set and
    free transcription) mean the same action and pocketsphinx is below ``unsure`` or
    heard nothing usable (above 1: never); ``impossible``: pocketsphinx and Whisper's
    free transcription both heard a command that cannot be done now, and Whisper's
    closed-set pick is unsure: the parser's reason is said; ``impossible_alone``: the
    same from this pocketsphinx confidence whatever the free transcription wrote (above
    1: never); ``twice_asks``: Whisper heard twice applies to questions and table
    commands too ("what was the last move" over pocketsphinx's unsure "all in", which
    was asked about); ``echo``:
    pocketsphinx's bet or raise is done when Whisper picked no command but wrote its
    amount ("bet four hundred" and "That 400."); ``surer``: two readings that differ
    and are neither of them actions (questions, table commands): the surer is taken from
    this confidence (above 1: neither, nothing is done); ``instead``: while a question
    waits, Whisper's sure yes or no is not taken when pocketsphinx heard another command
    from this confidence (above 1: always taken); ``faint``: a lone action reading
    below this confidence is nothing heard, not asked about; ``lone_table``: a
    state-changing table command heard by one ear alone is asked; ``repeat_two``: "what?"
    needs both ears; ``query_twice``: a question Whisper heard twice is answered whatever
    pocketsphinx heard; ``question``: of two different questions, the one that is not
    "what?" is answered from this confidence (above 1: never);
    ``refused``: from this confidence, Whisper's pick of a command the
    rules refuse is answered with the reason (pocketsphinx heard nothing usable or the
    same), or makes pocketsphinx's other action a question. The spotter: ``spot_agree``,
    the confidence from which its reading counts (agreeing with another ear, it acts);
    ``spot_sure``, from which it breaks a disagreement, or turns a lone ear's act on
    another command into a question; ``spot_quiet``: its lone reading is asked only when
    neither other ear heard anything usable;
    ``spot_alone``: its sure reading alone is asked about (else nothing); ``part``: a
    spotter word inside another ear's longer reading that means something else ("pot" in
    "half pot", "what's the pot", "pot odds") counts for nothing: a part never overrides
    or outvotes the whole. Deciding without Whisper (:func:`early`): ``early``, the
    spotter's confidence from which its agreeing with pocketsphinx decides before Whisper
    is heard; ``early_salvaged``: pocketsphinx's last command salvaged from a longer
    hearing may be that agreeing reading. ``size_word``: the spotter's "pot" is a
    word of every pot-sized bet ("half the pot", "two thirds pot"), so it backs an ear's
    pot bet only when that ear heard it from this confidence on its own (below: the pot
    bet is asked, and not decided without Whisper; above 1: never backed). ``bare``: the
    same amount heard alone by pocketsphinx and written by Whisper ("four hundred" and
    "400", the verb lost by both) is asked about as the bet or raise it would be;
    ``bare_whisper``: Whisper's pick of a number said alone (refused, as bare amounts
    are) is what was heard, over pocketsphinx's reading: nothing is done and the way to
    bet it is said.
    ``fraction``: a pot bet is asked when an ear's words (its pick or free hearing)
    hold a fraction ("half", "third", "quarter") that the decided words do not.
    Real people's words (``benchmarks/bench_real.py``): ``fraction_alone``, a fraction
    word alone ("third", "a half") is no bet in any ear's hearing ("bird" written
    "third"); ``word_heard``: an action or table command decided from a short utterance
    (its words at most ``short``) is done only when Whisper's free transcription, the
    one ear that can write any word, means it too; closed-set readings alone
    (pocketsphinx's grammar, the spotter, Whisper's pick) are asked when the free
    transcription wrote nothing, offered beside another action it wrote, and, when it
    wrote words that mean no such command, asked if two closed-set ears agree
    (``agreed_asks``: Whisper tiny writes "I fall" for a synthetic "I fold", "okay" for
    "check") and otherwise left alone (one ear's "shut up" for "sheila": talk is neither
    done nor asked; ``lone_asks``: one pocketsphinx or Whisper pick from this
    confidence is asked all the same); ``fillers``: a free transcription of fillers
    and Whisper's inventions on noise alone ("Uh.", "Thank you.") wrote nothing;
    ``room_words``: nor did one longer than a short utterance (the room's talk or TV
    written over the word, "the audience will be" for "call"); ``disruptive``: pause
    and muting the bots join the table commands one ear alone only asks about
    (:data:`DISRUPTIVE`); ``lone_acts``:
    a lone ear's action is done from ``alone`` (off: no single ear acts at a threshold,
    its reading is asked; "five" heard by pocketsphinx alone as "pot it" at 0.5)."""

    agree: float = 0.3
    alone: float = 0.5
    whisper_alone: float = 0.7
    override: float = 2.0
    offer: bool = True
    free: bool = True
    twice: float = 0.3
    unsure: float = 0.5
    impossible: bool = True
    impossible_alone: float = 2.0
    twice_asks: bool = True
    echo: bool = True
    surer: float = 2.0
    instead: float = 0.3
    faint: float = 0.05
    lone_table: bool = True
    repeat_two: bool = True
    query_twice: bool = True
    refused: float = 0.3
    spot_agree: float = 0.5
    spot_sure: float = 0.6
    spot_alone: bool = True
    spot_quiet: bool = False
    question: float = 0.3
    part: bool = True
    bare: bool = True
    bare_whisper: bool = True
    early: float = 0.5
    early_salvaged: bool = False
    size_word: float = 0.3
    fraction: bool = True
    fraction_alone: bool = True
    word_heard: bool = True
    short: int = 2
    disruptive: bool = True
    lone_acts: bool = False
    agreed_asks: bool = True
    lone_asks: float = 0.4
    fillers: bool = True
    room_words: bool = True


RULES = AgreementRules()
"""Measured on the voice benchmark's development set (quick, 160 commands, 10 rooms;
``bench_voice.py --rules-grid``): a lone reading acting from 0.5 up took the right
commands asked from 76.2% to 68.3% with no wrong action and no action on the
no-command audio; letting a sure Whisper (0.5 to 0.8) override a disagreeing
pocketsphinx asked 61.9-74.6% but acted wrongly on 0.6% (over the 0.5% budget), so
disagreement is offered. Then on the full development set (480 commands, replayed
offline from one pass): Whisper heard twice from 0.3 with pocketsphinx below 0.5, the
free-transcription agreement and the amount echo took the right actions asked from 96
to 62 of 206 with no more wrong actions (0.3 and 0.5 were tried for both thresholds;
0.7 asked 79). Then (full development set, one pass, each variant scored on it): asking
when the surer of two agreeing ears is below 0.3 took the wrong actions without a
question from 6 to 5 of 480 with no more questions (0.45: 4, but right commands asked
48.5% -> 55.0%); a lone Whisper pick its free transcription does not back acting only
from 0.7 took them from 6 to 4 (asked 48.5% -> 52.0%; 0.8 and never: the same 4, 53.0%).
Both wrong actions it stopped were multiples made of other words ("bet four hundred"
heard as "4x" while the free transcription wrote "or honey you're always"). Then
(full development set, one pass, new renders): Whisper heard twice settling questions
and table commands too took understood from 68.3% to 70.4% ("what was the last move",
"end the game", "shut up" had been asked about as pocketsphinx's unsure "all in", "up
pot", "shove") with the same wrong actions (1 of 480), right commands asked (51.4%) and
requests done on the no-command audio (1 per 10 minutes, dev and test). Taking the
surer of two different requests from 0.5 as well gave 71.5%, but the game then answered
"what" and did "keep going" out of table talk and TV: 4 requests per 10 minutes. Off.
Saying why a command pocketsphinx heard cannot be done now (from its confidence 0.3,
whatever Whisper's free transcription wrote) while Whisper's pick is unsure:
development 70.4% -> 71.0% understood, right commands asked 51.4% -> 50.7%, but
held-out festival 78.6% -> 78.1%: off; with the free transcription agreeing (seen in
play) it changed nothing in the benchmark, whose commands can all be done, and is on.
A lone action reading below 0.05 taken as nothing heard rather than asked about
(development set): questions out of table talk and TV 22 -> 16 per 10 minutes, no
command's fate changed (0.1: 14 and one command fewer understood; 0.15: 12 and three);
then on the test set 8 -> 4 per 10 minutes, and again no command's fate changed there
or in either held-out family."""


ANSWERS = frozenset({IntentKind.CONFIRM, IntentKind.DENY})


REQUESTS = frozenset({IntentKind.QUERY, IntentKind.CONTROL})
"""Questions and table commands: answered or done, never a bet."""


def decide(first: Reading, second: Reading, rules: AgreementRules = RULES,
           waiting: bool = False, third: Reading | None = None) -> Decision:
    """The decision for the readings of one utterance (``first``: the streaming ear,
    pocketsphinx; ``second``: Whisper; ``third``: the command spotter, when it listens).
    ``waiting``: a question waits for yes or no (Whisper then scored "yes" and "no" among
    the commands): its sure answer is taken whatever pocketsphinx made of the word."""
    if rules.fraction_alone:
        first, second = no_lone_fraction(first), no_lone_fraction(second)
        third = no_lone_fraction(third) if third is not None else None
    two = _decide_two(first, second, rules, waiting)
    two = _one_ear_rules(two, first, second, rules)
    if third is not None:
        two = _with_spotter(two, first, second, third, rules, waiting)
    two = _fraction_heard(two, rules) if rules.fraction else two
    return _word_heard(two, second, rules) if rules.word_heard else two


def lone_fraction(text: str) -> bool:
    """Whether ``text`` is a fraction word alone, with at most an article ("third", "a
    half", "the quarter"): no bet, whatever the parser makes of it."""
    words = [w for w in _words(text) if w not in ("a", "an", "the", "one")]
    return len(words) == 1 and words[0] in FRACTION_WORDS


def no_lone_fraction(reading: Reading) -> Reading:
    """``reading`` with a bet or raise heard as a fraction word alone taken as nothing
    (its pick, or its free hearing's meaning)."""
    pick = reading.intent.intent in WAGERS and lone_fraction(reading.text)
    free = reading.also is not None and reading.also.intent in WAGERS \
        and lone_fraction(reading.second)
    if not pick and not free:
        return reading
    return replace(reading, intent=Intent(IntentKind.UNKNOWN) if pick else reading.intent,
                   confidence=0.0 if pick else reading.confidence,
                   also=None if free else reading.also)


def short(decision: Decision, rules: AgreementRules) -> bool:
    """Whether the decided command comes from a short utterance: its words (and the
    whole hearing it was salvaged from) at most ``rules.short``."""
    heard = [decision.text, *(r.whole for r in decision.readings
                               if r.whole and r.text == decision.text)]
    return all(len(_words(t)) <= rules.short for t in heard)


FILLERS = frozenset({"uh", "um", "ah", "huh", "hmm", "mm", "hi", "bye", "thank", "thanks",
                     "you"})
"""What Whisper tiny writes for a sound it cannot make a word of ("Uh.", "Huh?") and its
well-known inventions on noise ("Thank you.", "Bye."): no word written."""


def written(text: str, rules: AgreementRules) -> bool:
    """Whether Whisper's free transcription wrote a word (not only fillers, when
    ``rules.fillers``)."""
    words = _words(text)
    if rules.room_words and len(words) > rules.short:
        return False  # more words than a short utterance holds: the room's, not the player's
    return any(w not in FILLERS for w in words) if rules.fillers else bool(words)


def _word_heard(decision: Decision, whisper: Reading, rules: AgreementRules) -> Decision:
    """A short utterance's action or disruptive table command (:data:`DISRUPTIVE`)
    stands only when Whisper's free transcription means it
    (:attr:`AgreementRules.word_heard`); a menu's value or a harmless table command
    ("resume", "next page") is decided as before."""
    intent = decision.intent
    commands = intent.intent in ACTIONS or (intent.intent is IntentKind.CONTROL
                                            and intent.control in DISRUPTIVE)
    if decision.kind is DecisionKind.NONE or not commands or not short(decision, rules):
        return decision
    free = whisper.also if whisper.second.strip() else None
    meant = {intent.meaning, *(i.meaning for i in decision.offered)}
    if free is not None and free.meaning in meant:
        return decision
    if intent.to is not None and intent.to in heard_amounts(whisper.second):
        return decision  # Whisper wrote its amount ("1 1" for "one" at small stakes)
    if not written(whisper.second, rules):  # nothing written (or not heard): asked
        if decision.kind is not DecisionKind.ACT:
            return decision
        return Decision(DecisionKind.ASK, intent, min(UNSURE, decision.confidence),
                        decision.text, decision.readings, rule=f"{decision.rule}, no word")
    if decision.kind is DecisionKind.ACT and free is not None and free.error is None \
            and free.intent in ACTIONS and intent.intent in ACTIONS:
        return Decision(DecisionKind.OFFER, intent, min(UNSURE, decision.confidence),
                        decision.text, decision.readings, (intent, free),
                        rule=f"{decision.rule}, another word")
    agreeing = sum(r.usable and r.intent.meaning == intent.meaning
                   and (r.recognizer != "spotter" or r.confidence >= rules.spot_agree)
                   for r in decision.readings)
    sure = any(r.usable and r.intent.meaning == intent.meaning
               and r.recognizer != "spotter" and r.confidence >= rules.lone_asks
               for r in decision.readings)
    if (rules.agreed_asks and agreeing >= 2) or sure:  # a question at most
        if decision.kind is not DecisionKind.ACT:
            return decision
        return Decision(DecisionKind.ASK, intent, min(UNSURE, decision.confidence),
                        decision.text, decision.readings, rule=f"{decision.rule}, other words")
    return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, whisper.second,
                    decision.readings, rule=f"{decision.rule}, not the word")


FRACTION_WORDS = frozenset({"half", "third", "thirds", "quarter", "quarters"})
"""Words that make a pot-sized bet a smaller one ("bet half the pot")."""


def _fraction_heard(decision: Decision, rules: AgreementRules) -> Decision:
    """A pot bet heard whole by one ear and with a fraction by another (pocketsphinx's
    "bet it the pot" beside Whisper's free "met half the pot"): asked, never done."""
    if decision.kind is not DecisionKind.ACT or decision.intent.intent not in WAGERS:
        return decision
    said = _words(decision.text)
    if "pot" not in said or FRACTION_WORDS & set(said):
        return decision
    heard = {w for r in decision.readings for t in (r.text, r.second) for w in _words(t)}
    if not FRACTION_WORDS & heard:
        return decision
    return Decision(DecisionKind.ASK, decision.intent, min(UNSURE, decision.confidence),
                    decision.text, decision.readings, decision.offered,
                    rule=f"{decision.rule}, a fraction heard beside the pot")


def _decide_two(first: Reading, second: Reading, rules: AgreementRules,
                waiting: bool) -> Decision:
    """pocketsphinx's and Whisper's readings: the rules measured over two ears."""
    pair = (first, second)
    both = [r for r in pair if r.usable]
    if waiting and second.usable and second.intent.intent in ANSWERS \
            and second.confidence >= rules.alone:
        if not _said_instead(first, rules):
            return Decision(DecisionKind.ACT, second.intent,
                            max(THRESHOLD, second.confidence), second.text, pair,
                            rule="answer")
        if first.intent.error is not None:
            # "check" said again over "Fold?" facing a bet: the reason is said ("You
            # can't check: 40 to call"), not "Sorry, I didn't catch that"
            return Decision(DecisionKind.NONE, first.intent, 0.0, first.text, pair,
                            rule="said instead, not possible")
    whole = as_said_whole(first.intent) if rules.bare and not second.usable else None
    if whole is not None and whole.to in heard_amounts(second.second):
        # both ears heard the amount, neither the verb: a question, never an action
        return Decision(DecisionKind.ASK, whole, UNSURE, first.text, pair,
                        rule="an amount both heard")
    if first.intent.error is not None and first.intent.intent is not IntentKind.UNKNOWN \
            and (not second.usable or second.confidence < rules.alone):
        # pocketsphinx heard a command that cannot be done now ("check" facing a bet)
        # and Whisper heard it too (its closed set holds only legal commands, so its
        # pick, "I'm out", is unsure or nothing; its free transcription wrote "check"):
        # nothing is done, and the parser's reason is said, not a miss or a question.
        also = second.also.meaning if second.also is not None else None
        same = first.intent.meaning in (second.intent.meaning, also)
        if (same and (rules.impossible or not second.usable)) \
                or first.confidence >= rules.impossible_alone:
            return Decision(DecisionKind.NONE, first.intent, 0.0, first.text, pair,
                            rule="agree, not possible" if same else "not possible")
    refused = second.intent.error is not None \
        and second.intent.intent is not IntentKind.UNKNOWN \
        and second.confidence >= rules.refused
    if refused and (not first.usable or first.intent.meaning == second.intent.meaning):
        # Whisper picked a command the rules refuse ("raise to 200" under a minimum of
        # 240: its closed set holds such amounts, marked refused): the reason is said
        return Decision(DecisionKind.NONE, second.intent, 0.0, second.text, pair,
                        rule="whisper, not possible")
    if refused and rules.bare_whisper and as_said_whole(second.intent) is not None:
        # Whisper heard a number said alone ("four": its closed set holds the bare
        # amounts, refused): the amount is what was said, whatever pocketsphinx's grammar
        # made of it ("fold", "what"); its reason is said ("Say bet 4 to bet that")
        return Decision(DecisionKind.NONE, second.intent, 0.0, second.text, pair,
                        rule="whisper, a bare amount")
    if refused and first.intent.intent in ACTIONS:
        return Decision(DecisionKind.ASK, first.intent, min(UNSURE, first.confidence),
                        first.text, pair, rule="lone, whisper heard it refused")
    if not both:
        return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0,
                        second.text or first.text, pair, rule="nothing usable")
    if len(both) == 2 and first.intent.meaning == second.intent.meaning:
        surest = max(both, key=lambda r: r.confidence)
        if surest.confidence >= rules.agree or second.intent.intent not in ACTIONS:
            return Decision(DecisionKind.ACT, second.intent, max(AGREED, surest.confidence),
                            second.text, pair, rule="agree")
        return Decision(DecisionKind.ASK, second.intent, min(UNSURE, surest.confidence),
                        second.text, pair, rule="agree, both unsure")
    heard = _agreed_otherwise(first, second, rules)
    if heard is not None:
        return heard
    if len(both) == 1:
        (lone,) = both
        if lone.intent.intent is IntentKind.CONFIRM:
            return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, lone.text,
                            pair, rule="lone yes")
        if lone.intent.intent not in ACTIONS:  # a question or a table command: answered
            return Decision(DecisionKind.ACT, lone.intent, max(THRESHOLD, lone.confidence),
                            lone.text, pair, rule="lone query")
        needed = max(rules.alone, rules.whisper_alone) if lone is second else rules.alone
        if rules.lone_acts and lone.confidence >= needed:
            return Decision(DecisionKind.ACT, lone.intent, max(THRESHOLD, lone.confidence),
                            lone.text, pair, rule="lone sure")
        if lone.confidence < rules.faint:
            return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, lone.text,
                            pair, rule="lone faint")
        return Decision(DecisionKind.ASK, lone.intent, min(UNSURE, lone.confidence),
                        lone.text, pair, rule="lone")
    # Two usable readings that differ.
    if second.confidence >= rules.override and second.intent.intent in ACTIONS \
            and second.intent.intent is not IntentKind.CONFIRM:
        return Decision(DecisionKind.ACT, second.intent, max(THRESHOLD, second.confidence),
                        second.text, pair, rule="whisper sure")
    actions = [r for r in pair if r.intent.intent in ACTIONS]
    if len(actions) == 2 and rules.offer:
        ordered = sorted(actions, key=lambda r: r.confidence, reverse=True)
        return Decision(DecisionKind.OFFER, ordered[0].intent, min(UNSURE, ordered[0].confidence),
                        ordered[0].text, pair, tuple(r.intent for r in ordered),
                        rule="disagree")
    if actions:
        asked = max(actions, key=lambda r: r.confidence)
        return Decision(DecisionKind.ASK, asked.intent, min(UNSURE, asked.confidence),
                        asked.text, pair, rule="disagree, one action")
    questions = [r for r in pair if r.intent.intent is IntentKind.QUERY
                 and r.intent.query is not Query.REPEAT and r.confidence >= rules.question]
    if len(questions) == 1 and all(r.intent.intent is IntentKind.QUERY for r in pair):
        # "what is the pot" whole against a bare "what?": the question is answered (a
        # question changes nothing)
        (asked,) = questions
        return Decision(DecisionKind.ACT, asked.intent, max(THRESHOLD, asked.confidence),
                        asked.text, pair, rule="disagree, a question")
    surer = max(pair, key=lambda r: r.confidence)
    if surer.confidence >= rules.surer and surer.intent.intent not in ANSWERS:
        return Decision(DecisionKind.ACT, surer.intent, max(THRESHOLD, surer.confidence),
                        surer.text, pair, rule="disagree, surer request")
    return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, second.text, pair,
                    rule="disagree, no action")


def _said_instead(first: Reading, rules: AgreementRules) -> bool:
    """Whether pocketsphinx heard a command other than an answer (one that can be done
    now or not) surely enough that Whisper's yes or no may be that command forced onto
    the only words it had: facing a bet, "check" is no candidate, and its nearest one
    was "Yes." (seen in play: "Fold? Say yes or no", "check", folded)."""
    return first.intent.intent not in ANSWERS | {IntentKind.UNKNOWN} \
        and first.confidence >= rules.instead


def _agreed_otherwise(first: Reading, second: Reading, rules: AgreementRules
                      ) -> Decision | None:
    """Agreement the two closed-set readings do not show: pocketsphinx's reading and
    Whisper's free transcription mean the same; Whisper's two hearings mean the same
    action while pocketsphinx is unsure; pocketsphinx's amount written by Whisper."""
    pair = (first, second)
    also = second.also
    if rules.free and first.usable and also is not None \
            and first.intent.meaning == also.meaning \
            and first.intent.intent is not IntentKind.CONFIRM:
        return Decision(DecisionKind.ACT, first.intent, max(AGREED, first.confidence),
                        first.text, pair, rule="agree free")
    unsure = not first.usable or first.confidence < rules.unsure
    kinds = ACTIONS | REQUESTS if rules.twice_asks else ACTIONS
    question = rules.query_twice and second.intent.intent is IntentKind.QUERY \
        and second.intent.query is not Query.REPEAT
    if second.usable and second.intent.intent in kinds and also is not None \
            and also.meaning == second.intent.meaning and (unsure or question) \
            and second.confidence >= rules.twice:
        return Decision(DecisionKind.ACT, second.intent, max(THRESHOLD, second.confidence),
                        second.text, pair, rule="whisper twice")
    if rules.echo and first.usable and not second.usable and first.intent.to is not None \
            and first.intent.intent in (IntentKind.BET, IntentKind.RAISE) \
            and first.intent.to in heard_amounts(second.second):
        return Decision(DecisionKind.ACT, first.intent, max(AGREED, first.confidence),
                        first.text, pair, rule="amount echo")
    return None


def _one_ear(decision: Decision) -> bool:
    """Whether the two-ear decision rests on one ear's hearing (its two hearings count
    as one)."""
    return decision.rule in ("lone query", "lone sure", "lone", "whisper twice",
                             "whisper sure", "disagree, surer request", "answer")


def _one_ear_rules(decision: Decision, first: Reading, second: Reading,
                   rules: AgreementRules) -> Decision:
    """A state-changing table command one ear heard is asked; a "what?" one ear heard
    is nothing."""
    intent = decision.intent
    if decision.kind is not DecisionKind.ACT or not _one_ear(decision):
        return decision
    table = DISRUPTIVE if rules.disruptive else STATE_CHANGING
    if rules.lone_table and intent.intent is IntentKind.CONTROL and intent.control in table:
        return Decision(DecisionKind.ASK, intent, min(UNSURE, decision.confidence),
                        decision.text, decision.readings, rule=f"{decision.rule}, asked")
    if rules.repeat_two and intent.intent is IntentKind.QUERY \
            and intent.query is Query.REPEAT:
        return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, decision.text,
                        decision.readings, rule=f"{decision.rule}, one ear's what")
    return decision


def _with_spotter(two: Decision, first: Reading, second: Reading, spot: Reading,
                  rules: AgreementRules, waiting: bool) -> Decision:
    """The spotter's reading on top of the two ears' decision ``two``."""
    readings = (first, second, spot)
    if not spot.usable or spot.confidence < rules.spot_agree:
        return _replace_readings(two, readings)
    if rules.part and part_of_whole(spot, first, second):
        return _replace_readings(two, readings, f"{two.rule}, the spotter heard a part")
    meaning = spot.intent.meaning
    answer = spot.intent.intent in ANSWERS
    if answer and not waiting:
        return _replace_readings(two, readings)  # no question waits: a yes or no is a miss

    def heard_same(r: Reading) -> bool:
        # an ear's second hearing counts only when its first is nothing usable: "what is
        # the pot" heard whole, with "pot" in a second hearing, is no bet of the pot
        return (r.usable and r.intent.meaning == meaning) or (
            not r.usable and r.also is not None and r.also.error is None
            and r.also.meaning == meaning)

    agreeing = [r for r in (first, second) if heard_same(r)]
    if two.kind is DecisionKind.ACT and two.intent.meaning == meaning:
        return _replace_readings(two, readings, f"{two.rule} + spotter")
    both_others = two.rule in ("agree", "agree free", "amount echo") \
        and two.kind is DecisionKind.ACT
    if agreeing and not both_others:
        ear = agreeing[0]
        if not size_backed(spot, agreeing, rules):
            return Decision(DecisionKind.ASK, ear.intent if ear.usable else spot.intent,
                            UNSURE, spot.text, readings,
                            rule=f"spotter's size word with an unsure {ear.recognizer}")
        return Decision(DecisionKind.ACT, ear.intent if ear.usable and
                        ear.intent.meaning == meaning else spot.intent,
                        max(AGREED, spot.confidence), spot.text, readings,
                        rule=f"spotter agrees with {ear.recognizer}")
    if both_others or spot.confidence < rules.spot_sure:
        return _replace_readings(two, readings)
    # The spotter is sure and neither other ear heard its command.
    if two.kind in (DecisionKind.ACT, DecisionKind.ASK) and two.intent.intent in ACTIONS \
            and spot.intent.intent in ACTIONS:
        ordered = (two.intent, spot.intent)
        return Decision(DecisionKind.OFFER, two.intent, min(UNSURE, two.confidence),
                        two.text, readings, ordered, rule="spotter disagrees")
    if two.kind is DecisionKind.ACT and answer and two.intent.intent in ANSWERS:
        # Whisper's yes and the spotter's sure no (or the other way): neither is taken
        return Decision(DecisionKind.NONE, Intent(IntentKind.UNKNOWN), 0.0, two.text,
                        readings, rule="spotter answers otherwise")
    if two.kind is DecisionKind.ACT:
        return _replace_readings(two, readings)
    if answer:
        return _replace_readings(two, readings)  # a lone yes or no: as a lone ear's
    if not rules.spot_alone or (rules.spot_quiet and (first.usable or second.usable)):
        # the other ears heard another command, a question or table command: the spotter
        # fires on its words inside longer phrases ("pot" in "what is the pot")
        return _replace_readings(two, readings)
    return Decision(DecisionKind.ASK, spot.intent, min(UNSURE, spot.confidence), spot.text,
                    readings, rule="spotter alone")


def early(first: Reading, spot: Reading, rules: AgreementRules = RULES,
          waiting: bool = False) -> bool:
    """Whether pocketsphinx's reading and the spotter's are enough to decide without
    waiting for Whisper: they mean the same command, one that can be done now (a yes or
    no only while a question waits), the spotter from ``rules.early``, and the spotter's
    words are not a part of pocketsphinx's whole hearing; :func:`decide` would act on
    the two whatever Whisper heard."""
    if not (first.usable and spot.usable and spot.confidence >= rules.early
            and first.intent.meaning == spot.intent.meaning):
        return False
    if first.whole and not rules.early_salvaged:
        return False
    if rules.word_heard and len(_words(first.text)) <= rules.short:
        return False  # a short command waits for Whisper's free transcription
    if rules.part and part_of_whole(spot, replace(first, text=first.whole or first.text)):
        return False
    if not size_backed(spot, (first,), rules):
        return False
    return spot.intent.intent not in ANSWERS or waiting


SIZE_WORDS = frozenset({"pot"})
"""The spotter's commands that are also a word of other sizes ("half the pot")."""


def size_backed(spot: Reading, agreeing: Sequence[Reading], rules: AgreementRules) -> bool:
    """Whether the spotter's reading may back the ``agreeing`` ears' same command: always,
    unless it is a size word (:data:`SIZE_WORDS`) that no agreeing ear heard from
    ``rules.size_word`` on its own (pocketsphinx's unsure "bet up the pot" for "bet half
    the pot", the spotter sure of "pot")."""
    if " ".join(_words(spot.text)) not in SIZE_WORDS:
        return True
    return any(r.usable and r.intent.meaning == spot.intent.meaning
               and r.confidence >= rules.size_word for r in agreeing)


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() or c == "'" else " " for c in text.lower()).split()


def part_of_whole(spot: Reading, *others: Reading) -> bool:
    """Whether the spotter's words are a part of a longer reading by another ear (its
    pick, or Whisper's free transcription) that means something else: "pot" inside
    "half pot" (a smaller bet), "what's the pot" (a question), "pot odds"."""
    said = _words(spot.text)
    if not said:
        return False
    n = len(said)
    for ear in others:
        for text, intent in ((ear.text, ear.intent), (ear.second, ear.also)):
            if intent is None or intent.intent is IntentKind.UNKNOWN \
                    or intent.meaning == spot.intent.meaning:
                continue
            words = _words(text)
            if len(words) > n and any(words[i:i + n] == said
                                      for i in range(len(words) - n + 1)):
                return True
    return False


def _replace_readings(decision: Decision, readings: tuple[Reading, ...],
                      rule: str = "") -> Decision:
    return Decision(decision.kind, decision.intent, decision.confidence, decision.text,
                    readings, decision.offered, rule or decision.rule)
