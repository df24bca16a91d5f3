"""Many ways to say each intent, filler around them, and near-misses that stay unknown."""

import pytest

from voice.understand.intent import Control, IntentKind, Query
from voice.understand.parse import parse

from .contexts import FACING, OPEN

FOLDS = [
    "fold", "I fold", "fold it", "folding", "I'll fold this one", "fold this hand",
    "fold my hand", "fold my cards", "muck", "muck it", "I'm out", "im out",
    "throw it away", "throw my cards away", "lay it down", "fold em", "FOLD!", "folded",
]
CHECKS = ["check", "check it", "checking", "I check", "I'll check", "check check", "knock",
          "knock knock", "czech", "checking here"]
CALLS = ["call", "I call", "call it", "calling", "I'll call", "call that", "call the bet",
         "call the raise", "just call", "flat call", "smooth call", "match it", "match the bet",
         "call 50", "call fifty", "call the fifty", "call for fifty", "call 50 chips"]
ALLINS = ["all in", "all-in", "I'm all in", "i am all in", "I'm going all in", "go all in",
          "let's go all in", "shove", "shove it", "jam", "jam it", "push", "push all in",
          "ship it", "allin", "everything", "all of it", "put it all in", "bet everything",
          "push all my chips", "move all in"]
CONFIRMS = ["yes", "yeah", "yep", "yup", "yes please", "yes do it", "confirm", "confirmed",
            "do it", "correct", "that's right", "that is correct", "right", "sure", "okay",
            "ok", "alright", "affirmative", "absolutely", "go ahead"]
DENIES = ["no", "nope", "nah", "don't", "do not", "don't do it", "negative", "no thanks",
          "no way", "no no", "wrong", "incorrect", "that's wrong", "not that"]


@pytest.mark.parametrize("text", FOLDS)
def test_fold_phrasings_fold(text):
    assert parse(text, FACING).intent is IntentKind.FOLD


@pytest.mark.parametrize("text", CHECKS)
def test_check_phrasings_check(text):
    intent = parse(text, OPEN)
    assert (intent.intent, intent.error) == (IntentKind.CHECK, None)


@pytest.mark.parametrize("text", CALLS)
def test_call_phrasings_call(text):
    intent = parse(text, FACING)
    assert (intent.intent, intent.error) == (IntentKind.CALL, None)


@pytest.mark.parametrize("text", ALLINS)
def test_all_in_phrasings_go_all_in(text):
    intent = parse(text, FACING)
    assert (intent.intent, intent.to, intent.error) == (IntentKind.ALLIN, None, None)


@pytest.mark.parametrize("text", CONFIRMS)
def test_confirm_phrasings_confirm(text):
    assert parse(text, FACING).intent is IntentKind.CONFIRM


@pytest.mark.parametrize("text", DENIES)
def test_deny_phrasings_deny(text):
    assert parse(text, FACING).intent is IntentKind.DENY


@pytest.mark.parametrize(("text", "to"), [
    ("raise to 200", 200), ("raise 200", 200), ("raise it to 200", 200),
    ("bet 200", 200), ("bet two hundred", 200), ("reraise to two hundred", 200),
    ("re-raise to 200", 200), ("make it 200", 200), ("make it two hundred", 200),
    ("bump it to 200", 200), ("bump it up to 200", 200), ("raise it up to 200", 200),
    ("raise to 200 chips", 200), ("raise two hundred dollars", 200),
    ("raise by 150", 200), ("raise by a hundred and fifty", 200), ("raise it by 150", 200),
    ("raise 150 more", 200), ("raise another 150", 200), ("I raise you 150", 200),
    ("half pot", 175), ("raise half pot", 175), ("bet half the pot", 175),
    ("raise half of the pot", 175), ("half", 175), ("raise by half the pot", 175),
    ("a third of the pot", 133), ("third pot", 133), ("two thirds", 217),
    ("two thirds pot", 217), ("raise to thirds", 217), ("three quarters", 238),
    ("three quarters of the pot", 238), ("quarter pot", 113), ("a quarter of the pot", 113),
    ("pot", 300), ("pot it", 300), ("bet the pot", 300), ("raise the pot", 300),
    ("raise pot", 300), ("full pot", 300), ("pot sized raise", 300), ("raise to pot", 300),
    ("three x", 150), ("3x", 150), ("raise 3x", 150), ("raise three times", 150),
    ("raise it three times", 150), ("three times the bet", 150), ("3 bets", 150),
    ("raise to three x", 150), ("raise to 3x", 150), ("double it", 100), ("double", 100),
    ("double the bet", 100), ("triple it", 150), ("two x", 100), ("raise to x", 100),
    ("2.5x", 125), ("two and a half x", 125), ("raise two and a half times", 125),
    ("three times the big blind", 60), ("raise to five big blinds", 100),
    ("raise to 5 bb", 100), ("ten bbs", 200), ("raise ten big blinds", 200),
    ("min raise", 100), ("minimum", 100), ("min", 100), ("raise the minimum", 100),
    ("minimum raise", 100), ("raise min", 100), ("min it", 100), ("smallest raise", 100),
])
def test_raise_phrasings_facing_a_bet_resolve_to_street_totals(text, to):
    intent = parse(text, FACING)
    assert (intent.intent, intent.to) == (IntentKind.RAISE, to)


@pytest.mark.parametrize(("text", "query"), [
    ("what's in the pot", Query.POT), ("what is in the pot", Query.POT),
    ("how much is in the pot", Query.POT), ("how big is the pot", Query.POT),
    ("what's the pot", Query.POT), ("pot size", Query.POT), ("the pot", Query.POT),
    ("how much do I have to call", Query.TO_CALL), ("how much to call", Query.TO_CALL),
    ("how much is it to me", Query.TO_CALL), ("what's it to me", Query.TO_CALL),
    ("what's the bet", Query.TO_CALL), ("how much do I owe", Query.TO_CALL),
    ("what are my hole cards", Query.MY_CARDS), ("what are my cards", Query.MY_CARDS),
    ("what do I have", Query.MY_CARDS), ("what am I holding", Query.MY_CARDS),
    ("read my cards", Query.MY_CARDS), ("check my cards", Query.MY_CARDS),
    ("my cards", Query.MY_CARDS), ("what's in my hand", Query.MY_CARDS),
    ("what's the board", Query.BOARD), ("what's on the board", Query.BOARD),
    ("read the board", Query.BOARD), ("check the board", Query.BOARD),
    ("what's the flop", Query.BOARD), ("what's the river", Query.BOARD),
    ("what are the community cards", Query.BOARD), ("board", Query.BOARD),
    ("how many chips do I have", Query.STACKS), ("how much do I have left", Query.STACKS),
    ("what's my stack", Query.STACKS), ("stacks", Query.STACKS),
    ("what are the stacks", Query.STACKS), ("chip counts", Query.STACKS),
    ("what are my chances", Query.ODDS), ("what are my odds", Query.ODDS),
    ("pot odds", Query.ODDS), ("what are my pot odds", Query.ODDS), ("odds", Query.ODDS),
    ("what's my equity", Query.ODDS), ("how good is my hand", Query.ODDS),
    ("whose turn is it", Query.WHOSE_TURN), ("who's turn is it", Query.WHOSE_TURN),
    ("is it my turn", Query.WHOSE_TURN), ("who's to act", Query.WHOSE_TURN),
    ("who's up", Query.WHOSE_TURN),
    ("repeat", Query.REPEAT), ("repeat that", Query.REPEAT), ("say that again", Query.REPEAT),
    ("what did you say", Query.REPEAT), ("come again", Query.REPEAT), ("what", Query.REPEAT),
    ("pardon", Query.REPEAT),
    ("help", Query.HELP), ("what can I say", Query.HELP), ("what are my options", Query.HELP),
    ("what can I do", Query.HELP), ("commands", Query.HELP),
    ("what happened", Query.LAST_ACTION), ("what did he do", Query.LAST_ACTION),
    ("what did the bot bet", Query.LAST_ACTION), ("who raised", Query.LAST_ACTION),
    ("what was the last action", Query.LAST_ACTION), ("last action", Query.LAST_ACTION),
])
def test_questions_name_their_query(text, query):
    intent = parse(text, FACING)
    assert (intent.intent, intent.query, intent.to, intent.error) == (
        IntentKind.QUERY, query, None, None)


@pytest.mark.parametrize(("text", "control"), [
    ("cancel", Control.CANCEL), ("cancel that", Control.CANCEL), ("wait", Control.CANCEL),
    ("wait a second", Control.CANCEL), ("hold on", Control.CANCEL),
    ("never mind", Control.CANCEL), ("undo", Control.CANCEL), ("scratch that", Control.CANCEL),
    ("stop", Control.CANCEL), ("take it back", Control.CANCEL),
    ("rebuy", Control.REBUY), ("re-buy", Control.REBUY), ("buy back in", Control.REBUY),
    ("top me up", Control.REBUY), ("add chips", Control.REBUY), ("reload", Control.REBUY),
    ("sit out", Control.SIT_OUT), ("sit me out", Control.SIT_OUT),
    ("sit out the next hand", Control.SIT_OUT), ("I'm sitting out", Control.SIT_OUT),
    ("sit in", Control.SIT_IN), ("sit me in", Control.SIT_IN), ("deal me in", Control.SIT_IN),
    ("I'm back", Control.SIT_IN), ("sit back in", Control.SIT_IN),
    ("deal", Control.DEAL), ("deal the next hand", Control.DEAL), ("next hand", Control.DEAL),
    ("new hand", Control.DEAL), ("deal the cards", Control.DEAL), ("deal again", Control.DEAL),
    ("another round", Control.DEAL),
    ("pause", Control.PAUSE), ("pause the game", Control.PAUSE),
    ("take a break", Control.PAUSE), ("hold the game", Control.PAUSE),
    ("resume", Control.RESUME), ("unpause", Control.RESUME), ("continue", Control.RESUME),
    ("keep going", Control.RESUME), ("resume the game", Control.RESUME),
    ("mute the bots", Control.MUTE_BOTS), ("mute", Control.MUTE_BOTS),
    ("shut up", Control.MUTE_BOTS), ("be quiet", Control.MUTE_BOTS),
    ("stop talking", Control.MUTE_BOTS), ("mute chat", Control.MUTE_BOTS),
    ("unmute the bots", Control.UNMUTE_BOTS), ("unmute", Control.UNMUTE_BOTS),
    ("you can talk again", Control.UNMUTE_BOTS), ("bots on", Control.UNMUTE_BOTS),
    ("quit", Control.QUIT), ("quit the game", Control.QUIT), ("I quit", Control.QUIT),
    ("exit", Control.QUIT), ("leave the table", Control.LEAVE), ("end the game", Control.QUIT),
])
def test_table_commands_name_their_control(text, control):
    intent = parse(text, FACING)
    assert (intent.intent, intent.control, intent.to, intent.error) == (
        IntentKind.CONTROL, control, None, None)


@pytest.mark.parametrize(("text", "kind", "to"), [
    ("uh I'll call", IntentKind.CALL, None),
    ("um call", IntentKind.CALL, None),
    ("call uh", IntentKind.CALL, None),
    ("let's raise it to 200 please", IntentKind.RAISE, 200),
    ("um I think I'll raise to two hundred", IntentKind.RAISE, 200),
    ("raise uh to um two hundred", IntentKind.RAISE, 200),
    ("okay fold", IntentKind.FOLD, None),
    ("I'm gonna fold", IntentKind.FOLD, None),
    ("I'm going to call", IntentKind.CALL, None),
    ("I think I'll fold", IntentKind.FOLD, None),
    ("well I guess I'll call then", IntentKind.CALL, None),
    ("so yeah I'm all in", IntentKind.ALLIN, None),
    ("hmm let me just call", IntentKind.CALL, None),
    ("I'd like to raise to 200", IntentKind.RAISE, 200),
    ("I want to fold", IntentKind.FOLD, None),
    ("dealer, I fold", IntentKind.FOLD, None),
    ("fold please", IntentKind.FOLD, None),
    ("call thanks", IntentKind.CALL, None),
    ("actually I'll just call", IntentKind.CALL, None),
    ("OK, what's in the pot?", IntentKind.QUERY, None),
    ("Raise to 200!", IntentKind.RAISE, 200),
    ("RAISE   TO   200", IntentKind.RAISE, 200),
    ("What’s the board?", IntentKind.QUERY, None),
])
def test_filler_around_a_command_is_tolerated(text, kind, to):
    intent = parse(text, FACING)
    assert (intent.intent, intent.to) == (kind, to)


@pytest.mark.parametrize("text", [
    "I like turtles", "call me maybe", "call it a night", "what time is it",
    "the river is nice", "nice hand", "good game", "raise your hand", "fold the laundry",
    "check the weather", "all in the family", "don't fold", "don't call", "no I fold",
    "maybe fold", "fold fold fold", "raise to banana", "bet you can't", "the turn",
    "I'm in", "pass", "see you later", "please", "uh", "um uh", "", "   ", "?!",
    "to", "bet 50%", "[unk] [unk]", "call [unk]", "1.5", "raise 1.5",
])
def test_near_misses_stay_unknown(text):
    intent = parse(text, FACING)
    assert intent.intent is IntentKind.UNKNOWN and intent.error is None
