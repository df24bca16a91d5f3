"""The template file: loading, checking, and what is generated from it."""

import random
import re

import pytest

from voice.recognize.jsgf import RECOGNIZER_GRAMMAR, jsgf
from voice.understand.expression import TemplateError, parse_expression
from voice.understand.intent import IntentKind
from voice.understand.matching import BlockKind
from voice.understand.numbers import NUMBER_WORDS, number_to_words
from voice.understand.parse import parse
from voice.understand.phrase_list import phrase_list
from voice.understand.templates import DEFAULT_PATH, compile_templates, load, vocabulary

from .contexts import FACING, OPEN

EXPECTED_INTENT = {
    BlockKind.FOLD: IntentKind.FOLD,
    BlockKind.CHECK: IntentKind.CHECK,
    BlockKind.CALL: IntentKind.CALL,
    BlockKind.ALLIN: IntentKind.ALLIN,
    BlockKind.WAGER: IntentKind.RAISE,  # facing a bet
    BlockKind.QUERY: IntentKind.QUERY,
    BlockKind.CONTROL: IntentKind.CONTROL,
    BlockKind.CONFIRM: IntentKind.CONFIRM,
    BlockKind.DENY: IntentKind.DENY,
    BlockKind.CHOOSE: IntentKind.CONTROL,  # control "choose", the row its block's value
}
# Sentences two blocks both accept, and which one wins on purpose.
INTENDED_OVERLAPS = {"pot size": IntentKind.QUERY}  # asking is safer than betting the pot


def _samples(per_template: int = 40, seed: int = 7):
    templates, rng = load(), random.Random(seed)
    for template in templates.templates:
        for _ in range(per_template):
            yield template, templates.sample(template, rng)


def test_the_template_file_loads_and_is_compiled_once(tmp_path):
    copy = tmp_path / "templates.txt"
    copy.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    assert load() is load()
    assert load(copy) is load(str(copy)) is not load()
    assert len(load().templates) > 100


def test_every_templated_sentence_parses_to_its_blocks_intent():
    wrong = []
    for template, sentence in _samples():
        intent = parse(sentence, FACING)
        expected = INTENDED_OVERLAPS.get(sentence, EXPECTED_INTENT[template.block.kind])
        named = intent.choice.row if intent.choice else intent.query or intent.control
        if intent.intent is not expected or (
                template.block.kind in (BlockKind.QUERY, BlockKind.CONTROL, BlockKind.CHOOSE)
                and named != template.block.value and sentence not in INTENDED_OVERLAPS):
            wrong.append((template.line, sentence, intent.to_json()))
    assert wrong == []


def test_every_word_of_every_templated_sentence_is_in_the_vocabulary():
    words = set(vocabulary())
    missing = {w for _, sentence in _samples(10) for w in sentence.split()} - words
    assert missing == set()


def test_vocabulary_is_sorted_unique_lowercase_words_and_has_every_number_word():
    words = vocabulary()
    assert words == sorted(set(words))
    assert all(re.fullmatch(r"[a-z][a-z']*", w) for w in words)
    assert set(words) >= NUMBER_WORDS
    assert {"fold", "check", "call", "raise", "what's", "uh", "please", "thirds"} <= set(words)


def test_jsgf_grammar_has_a_header_and_one_public_rule():
    grammar = jsgf(load())
    assert grammar.startswith("#JSGF V1.0;")
    assert len(re.findall(r"^public ", grammar, flags=re.M)) == 1
    assert grammar.count("(") == grammar.count(")")
    assert grammar.count("[") == grammar.count("]")


@pytest.fixture(scope="module")
def grammar_fsg():
    pocketsphinx = pytest.importorskip("pocketsphinx")
    try:
        decoder = pocketsphinx.Decoder(loglevel="FATAL")
    except Exception as err:  # no acoustic model installed
        pytest.skip(f"pocketsphinx cannot start: {err}")
    return decoder.parse_jsgf(jsgf(load()))


def test_pocketsphinx_accepts_the_jsgf_grammar_and_every_templated_sentence(grammar_fsg):
    rejected = [s for _, s in _samples(10) if not grammar_fsg.accept(s)]
    assert rejected == []


@pytest.mark.parametrize("sentence", [
    "raise to two fifty", "bet a grand", "raise to twelve hundred fifty", "bet one oh five",
    "raise to ten thousand five hundred", "raise to one hundred thousand", "bet two k",
    "raise to one point five k", "raise two and a half x", "uh i think i'll call please",
    "raise to to fifty", "bet for hundred", "let's raise it to eighty please",
])
def test_jsgf_number_grammar_covers_spoken_amounts(grammar_fsg, sentence):
    assert grammar_fsg.accept(sentence)


@pytest.mark.slow
def test_jsgf_number_grammar_covers_every_number_said_plainly(grammar_fsg):
    rng = random.Random(3)
    numbers = [*range(1, 1001), *(rng.randint(1, 999_999) for _ in range(500))]
    rejected = [n for n in numbers if not grammar_fsg.accept(f"bet {number_to_words(n)}")]
    assert rejected == []


def test_jsgf_grammar_rejects_what_no_template_says(grammar_fsg):
    for sentence in ("i like turtles", "raise to banana", "call me maybe"):
        assert not grammar_fsg.accept(sentence)


def test_the_recognizer_grammar_keeps_commands_and_drops_filler_and_homophones():
    pocketsphinx = pytest.importorskip("pocketsphinx")
    fsg = pocketsphinx.Decoder(loglevel="FATAL").parse_jsgf(jsgf(load(), RECOGNIZER_GRAMMAR))
    for sentence in ("raise to two fifty", "bet one point five k", "raise two and a half x",
                     "call", "what's the pot"):
        assert fsg.accept(sentence), sentence
    for sentence in ("uh i think i'll call please", "raise to to fifty", "bet for hundred"):
        assert not fsg.accept(sentence), sentence


def test_phrase_list_shows_every_block_and_the_rules_it_names():
    listing = phrase_list(load())
    for heading in ("Fold:", "Check:", "Call:", "All in:", "Bet or raise:", "Ask (pot):",
                    "Table (sit out):", "Yes:", "No:", "Bet or raise the pot:"):
        assert heading in listing
    assert "<amount>" in listing and "<wager> is bet | raise" in listing


# --- teaching the game a phrase is a template line -------------------------------------

def _with(block_header: str, line: str) -> str:
    text = DEFAULT_PATH.read_text()
    return text.replace(f"\n{block_header}:\n", f"\n{block_header}:\n    {line}\n", 1)


def test_a_new_template_line_teaches_a_new_phrase():
    assert parse("lay down my cards", FACING).intent is IntentKind.UNKNOWN
    taught = compile_templates(_with("fold", "lay down my cards"))
    assert parse("lay down my cards", FACING, taught).intent is IntentKind.FOLD
    assert "lay down my cards" in phrase_list(taught)


def test_a_new_wager_template_with_a_slot_is_sized_by_the_table():
    taught = compile_templates(_with("wager", "go {amount}"))
    assert parse("go 300", FACING, taught).to_json()["to"] == 300
    assert parse("go two hundred", OPEN, taught).intent is IntentKind.BET


def test_a_new_word_reaches_the_vocabulary_and_the_grammar():
    taught = compile_templates(_with("check", "tap the table"))
    assert "tap" in taught.vocabulary()
    assert "tap the table" in jsgf(taught)


# --- the loader refuses malformed files, naming the line --------------------------------

@pytest.mark.parametrize(("text", "complaint"), [
    ("fold:\n    fold (it\n", "missing ')'"),
    ("fold:\n    fold it]\n", "unbalanced"),
    ("fold:\n    fold (it | )\n", "empty alternative"),
    ("fold:\n    fold <nothing>\n", "undefined rule"),
    ("fold:\n    fold {amount}\n", "no amount slot"),
    ("fold:\n    fold {colour}\n", "unknown slot"),
    ("folding:\n    fold\n", "unknown block"),
    ("    fold\n", "outside a block"),
    ("query:\n    pot\n", "needs one of"),
    ("query weather:\n    weather\n", "cannot be 'weather'"),
    ("control nap:\n    nap\n", "cannot be 'nap'"),
    ("wager tenfold:\n    ten\n", "cannot be 'tenfold'"),
    ("wager min:\n    min {amount}\n", "one size"),
    ("wager:\n    bet {amount} {fraction}\n{fraction} half = half\n", "one size"),
    ("wager bare:\n    bet\n", "take an {amount}"),
    ("fold:\n    [fold]\n", "must not match silence"),
    ("<a> = b <a>\nfold:\n    <a>\n", "refers to itself"),
    ("<a> = b <a>\n@prefix = <a>\n", "refers to itself"),
    ("<a> = x\n<a> = y\n", "defined twice"),
    ("<a> = {amount}\n", "only templates may have slots"),
    ("{fraction} tenth = a tenth\n", "values must be among"),
    ("fold:\n    Fold!\n", "unexpected"),
    ("what is this\n", "cannot read"),
])
def test_malformed_template_files_are_refused_with_the_line(text, complaint):
    with pytest.raises(TemplateError, match=re.escape(complaint)) as refused:
        compile_templates(text, "t.txt")
    assert re.match(r"t\.txt(:\d+)?: ", str(refused.value))


def test_expressions_parse_into_optional_alternative_rule_and_slot_parts():
    expr = parse_expression("raise [it] (to | by) <verb> {amount}")
    assert repr(expr).count("Word(") == 4
    assert "Opt(" in repr(expr) and "Alt(" in repr(expr)
    assert "Ref(name='verb')" in repr(expr) and "Slot(name='amount')" in repr(expr)


# --- parser-only words: typed, never offered to a recognizer ----------------------------

def test_a_parser_only_phrase_parses_but_its_words_are_not_in_the_recognizer_vocabulary():
    from voice.recognize.sphinx_lm import lm_corpus, vocabulary_of

    text = _with("check", "tap the table")
    if "\n@parser_only = " in text:
        text = text.replace("\n@parser_only = ", "\n@parser_only = tap | ", 1)
    else:
        text = text.replace("\n<im> =", "\n@parser_only = tap\n\n<im> =", 1)
    taught = compile_templates(text)
    assert parse("tap the table", FACING, taught).intent is IntentKind.CHECK
    assert "tap" in taught.vocabulary() and "tap" not in taught.recognizer_vocabulary()
    assert "tap" not in vocabulary_of(taught) and "table" in vocabulary_of(taught)
    assert not any("tap" in s.split() for s in lm_corpus(taught, per_template=2))
    assert "tap the table" in jsgf(taught)  # the parser's grammar keeps it
    pocketsphinx = pytest.importorskip("pocketsphinx")
    fsg = pocketsphinx.Decoder(loglevel="FATAL").parse_jsgf(jsgf(taught, RECOGNIZER_GRAMMAR))
    assert not fsg.accept("tap the table") and fsg.accept("check")


def test_a_filler_word_that_is_also_a_number_word_is_filler_when_the_number_needs_it():
    # "oh" is filler and a number word ("one oh five"): read as a number it spoils one.
    for text in ("oh to six bets it", "oh two bets", "oh to three times"):
        assert parse(text, FACING).intent is IntentKind.RAISE, text
