"""Table views shared by the voice tests (contract 2 contexts)."""

from engine.sizing import BettingContext

# River, facing a bet of 50 into 150: pot 200 with the bet, min raise to 100.
FACING = BettingContext.from_json(
    {"big_blind": 20, "pot": 200, "current_bet": 50, "my_street_bet": 0, "to_call": 50,
     "stack": 1200, "can_check": False, "min_raise_to": 100, "max_raise_to": 1200,
     "street": "river"})
# Turn, nothing bet yet.
OPEN = BettingContext.from_json(
    {"big_blind": 20, "pot": 120, "current_bet": 0, "my_street_bet": 0, "to_call": 0,
     "stack": 1500, "can_check": True, "min_raise_to": 20, "max_raise_to": 1500,
     "street": "turn"})
# Preflop, first to act after the blinds of 10/20.
PREFLOP = BettingContext.from_json(
    {"big_blind": 20, "pot": 30, "current_bet": 20, "my_street_bet": 0, "to_call": 20,
     "stack": 2000, "can_check": False, "min_raise_to": 40, "max_raise_to": 2000,
     "street": "preflop"})
# Preflop, the big blind's option: a bet stands but there is nothing to call.
BB_OPTION = BettingContext.from_json(
    {"big_blind": 20, "pot": 40, "current_bet": 20, "my_street_bet": 20, "to_call": 0,
     "stack": 980, "can_check": True, "min_raise_to": 40, "max_raise_to": 1000,
     "street": "preflop"})
# Facing 50 with 30 behind: only fold or call all in.
SHORT = BettingContext.from_json(
    {"big_blind": 20, "pot": 200, "current_bet": 50, "my_street_bet": 0, "to_call": 50,
     "stack": 30, "can_check": False, "min_raise_to": 30, "max_raise_to": 30,
     "street": "river"})
# Facing 50 with 80 behind: a raise is only possible all in, for less than a full raise.
SHALLOW = BettingContext.from_json(
    {"big_blind": 20, "pot": 200, "current_bet": 50, "my_street_bet": 0, "to_call": 50,
     "stack": 80, "can_check": False, "min_raise_to": 80, "max_raise_to": 80,
     "street": "river"})
