"""The unit of play (the house's smallest chip, ARCHITECTURE.md "A house's own game"): every
`python -m rules` input may carry `"unit"`; odd money (P2), splits, burns (P4), caps, antes (P7)
and the whole-chip checks (B10) follow it. Without it, everything is the seed house's."""

import json
import subprocess
import sys

import pytest

from rules.errors import RulesError
from rules.games.antes import antes
from rules.games.hand_types import HandInput, Seat, settle, typed_problems
from rules.games.options import apply_options
from rules.games.payout import payout
from rules.games.registry import get_game
from rules.games.showdown import resolve
from rules.games.table import TableState, next_antes
from rules.games.words import plain_words
from rules.money import (
    SEED_BURN_CAP,
    SEED_BUY_IN_STEP,
    SEED_CASH_UNIT,
    SEED_UNIT,
    read_unit,
    require_units,
    whole_dollars_and_odd_cents,
)
from rules.odds import odds

DOLLAR = 100


def cli(command, data):
    run = subprocess.run([sys.executable, "-m", "rules", command, "-"], input=json.dumps(data),
                         capture_output=True, text=True, check=False)
    return run.returncode, json.loads(run.stdout) if run.returncode == 0 else run.stderr


def hi_lo(pot, **extra):
    return {"game": "seven-card-stud", "unit": "1.00", "pot": pot,
            "options": {"split": "cards-talk"},
            "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob", "won": ["low"]}],
            **extra}


def amounts(result):
    return [(a["name"], a["amount"], a["side"]) for a in result["awards"]]


# -- the "done when", through the command line -------------------------------------


def test_a_7_dollar_pot_split_high_low_gives_the_odd_dollar_to_high_P2():
    code, result = cli("payout", hi_lo("7.00"))
    assert code == 0, result
    assert amounts(result) == [("Ann", "4.00", "high"), ("Bob", "3.00", "low")]
    assert result["carry"] == "0.00"
    assert ("The pot splits 4.00 high and 3.00 low: the odd $1.00 goes to the high half (P2)."
            in result["explain"])


def test_a_5_dollar_side_tied_by_two_pays_2_each_and_carries_1_P2():
    code, result = cli("payout", {
        "game": "seven-card-stud", "unit": "1.00", "pot": "5.00",
        "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob", "won": ["high"]}]})
    assert code == 0, result
    assert amounts(result) == [("Ann", "2.00", "high"), ("Bob", "2.00", "high")]
    assert (result["carry"], result["next_pot"]) == ("1.00", "1.00")
    assert any("1.00 stays in the pot (P2)" in line for line in result["explain"])


def test_a_pot_not_in_whole_units_is_refused_in_one_line_naming_the_unit_B10():
    code, error = cli("payout", hi_lo("7.05"))
    assert code == 2
    assert error == "error: pot: 7.05 is not a multiple of $1.00, the unit (B10)\n"


def test_the_seed_unit_keeps_its_own_words_B10():
    code, error = cli("payout", {**hi_lo("7.03"), "unit": "0.05"})
    assert (code, error) == (2, "error: pot: 7.03 is not a multiple of $0.05 (B10)\n")


@pytest.mark.parametrize("command", ["payout", "showdown", "odds"])
@pytest.mark.parametrize("unit, words", [
    ("0", "more than 0.00"), ("0.00", "more than 0.00"), ("-1.00", "more than 0.00"),
    ("0.005", "whole cents"), ("1.001", "whole cents"), (5, "whole cents"),
    ("abc", "whole cents"), ("", "whole cents"), (True, "whole cents"), ([1], "whole cents")])
def test_a_bad_unit_is_one_sentence_naming_the_field_B10(command, unit, words):
    data = {"game": "texas-holdem", "pot": "1.00", "unit": unit,
            "players": [{"name": "Ann", "won": ["high"], "down": ["As", "Ah"]},
                        {"name": "Bob", "down": ["Kd", "Kc"]}]}
    if command == "payout":
        for player in data["players"]:
            player.pop("down")
    code, error = cli(command, data)
    assert code == 2
    assert error.startswith("error: unit: ") and words in error and error.count("\n") == 1


# -- the default stays the seed house's -----------------------------------------------------


def test_no_unit_and_the_seed_unit_give_the_same_output_byte_for_byte():
    data = {"game": "omaha-burns", "pot": "6.15", "options": {"burn_cap": "5.00"},
            "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob", "won": ["low"]},
                        {"name": "Cal"}], "awards": {"Ann": "3.05", "Bob": "3.10"}}
    plain = payout(data)
    assert json.dumps(payout({**data, "unit": "0.05"})) == json.dumps(plain)
    assert "the odd white chip goes high (P2)" in plain["explain"][0]
    assert "(123 white chips)" in plain["check"]["problems"][0]


def test_the_seed_constants_are_the_seed_house():
    assert (SEED_UNIT, SEED_BUY_IN_STEP, SEED_CASH_UNIT, SEED_BURN_CAP) == (5, 500, 100, 500)
    assert read_unit(None) == SEED_UNIT and read_unit("1.00") == DOLLAR


# -- the showdown, by cards -----------------------------------------------------------------


def test_a_showdown_splits_in_the_unit_P2():
    result = resolve({
        "game": "texas-holdem", "unit": "1.00", "pot": "5.00",
        "board": {"community": ["2c", "3d", "4h", "5s", "9c"]},
        "players": [{"name": "Ann", "down": ["Ah", "Kd"]}, {"name": "Bob", "down": ["As", "Kc"]}]})
    assert amounts(result) == [("Ann", "2.00", "high"), ("Bob", "2.00", "high")]
    assert result["carry"] == "1.00"


def test_a_showdown_pot_not_in_whole_units_is_refused_B10():
    with pytest.raises(RulesError, match=r"^pot: 5.50 is not a multiple of \$1.00, the unit"):
        resolve({"game": "texas-holdem", "unit": "1.00", "pot": "5.50",
                 "board": {"community": ["2c", "3d", "4h", "5s", "9c"]},
                 "players": [{"name": "Ann", "down": ["Ah", "Kd"]}]})


# -- burns and caps (P4, P3) ---------------------------------------------------------------


def test_a_fractional_burn_rounds_down_to_the_unit_P4():
    result = payout({"game": "omaha-burns", "unit": "1.00", "pot": "7.00",
                     "options": {"burn": "fraction", "burn_percent": 50},
                     "players": [{"name": "Ann", "won": ["high", "low"]}, {"name": "Cal"}]})
    assert result["owes"] == [{"name": "Cal", "amount": "3.00", "reason": "burn"}]


@pytest.mark.parametrize("game, option, value", [
    ("omaha-burns", "burn_cap", "2.50"), ("omaha-burns", "burn_step", "0.50"),
    ("draw-match-pot", "match_cap", "3.50")])
def test_a_cap_not_in_whole_units_is_refused_naming_the_option_P3_P4(game, option, value):
    data = {"game": game, "unit": "1.00", "pot": "7.00", "options": {option: value},
            "players": [{"name": "Ann", "won": ["high"]}, {"name": "Cal"}]}
    with pytest.raises(RulesError, match=rf"^options.{option}: {value} is not a multiple of "
                                         r"\$1.00, the unit \(B10\)$"):
        payout(data)


def test_the_games_own_cap_in_another_unit_is_refused_naming_the_definition_P4():
    with pytest.raises(RulesError, match=r"^game.pot.burn_amount: 5.00 is not a multiple of "
                                         r"\$2.00, the unit"):
        payout({"game": "omaha-burns", "unit": "2.00", "pot": "8.00",
                "players": [{"name": "Ann", "won": ["high"]}, {"name": "Cal"}]})


def test_a_winner_takes_game_ignores_the_burn_cap_it_never_uses():
    result = payout({"game": "texas-holdem", "unit": "2.00", "pot": "8.00",
                     "players": [{"name": "Ann", "won": ["high"]}]})
    assert amounts(result) == [("Ann", "8.00", "high")]


# -- typed figures checked (B10, P2) --------------------------------------------------------


def test_typed_awards_in_part_units_are_refused_B10():
    with pytest.raises(RulesError, match=r"^awards.Ann: 3.50 is not a multiple of \$1.00"):
        payout(hi_lo("7.00", awards={"Ann": "3.50", "Bob": "3.50"}))


def test_a_wrong_typed_split_is_explained_in_units_P2():
    result = payout(hi_lo("7.00", awards={"Ann": "3.00", "Bob": "4.00"}))
    [problem] = result["check"]["problems"]
    assert ("the pot of 7.00 (7 units of $1.00) splits with the odd $1.00 to the high half "
            "(P2): Ann 4.00, Bob 3.00") in problem


# -- the site's typed inside: Stakes, HandInput, TableState -----------------------------------


def test_a_typed_hand_settles_in_the_nights_unit_P2():
    hand = HandInput(players=(Seat("Ann", won=("high",)), Seat("Bob", won=("low",))),
                     game="seven-card-stud", pot=700, options={"split": "cards-talk"})
    result = settle(hand, unit=DOLLAR)
    assert [(a.name, a.amount) for a in result.awards] == [("Ann", 400), ("Bob", 300)]
    assert [(a.name, a.amount) for a in settle(hand).awards] == [("Ann", 350), ("Bob", 350)]
    typed = HandInput(**{**hand.__dict__, "awards": {"Ann": 350, "Bob": 350}})
    with pytest.raises(RulesError, match=r"^awards.Ann: 3.50 is not a multiple of \$1.00"):
        typed_problems(typed, result, unit=DOLLAR)


def test_the_default_ante_is_one_unit_P7():
    _, settings = apply_options(get_game("texas-holdem"), {}, unit=DOLLAR)
    assert settings["ante"] == "1.00"
    _, seed = apply_options(get_game("texas-holdem"), {})
    assert seed["ante"] == "0.05"
    _, old_man = apply_options(get_game("old-man"), {}, unit=25)
    assert old_man["ante"] == "1.00"      # a game's own ante is its own (P7)


def test_an_ante_not_in_whole_units_is_refused_P7_B10():
    with pytest.raises(RulesError, match=r"^options.ante: 0.50 is not a multiple of \$1.00"):
        apply_options(get_game("texas-holdem"), {"ante": "0.50"}, unit=DOLLAR)


def test_winners_share_the_tables_antes_in_units_P7():
    game = get_game("texas-holdem")
    due = antes(game, {}, players=["Ann", "Bob", "Cal"], winners=["Ann", "Bob"],
                first_hand=False, reante=False, unit=DOLLAR)
    assert due == {"Ann": 200, "Bob": 100, "Cal": 0}


def test_the_table_state_antes_in_the_nights_unit_P7():
    state = TableState(game="texas-holdem", called=True, unit=DOLLAR)
    assert next_antes(state, ["Ann", "Bob"]) == {"Ann": DOLLAR, "Bob": DOLLAR}
    assert next_antes(TableState(game="texas-holdem", called=True), ["Ann"]) == {"Ann": 5}


# -- odds ------------------------------------------------------------------------------------


def test_odds_in_another_unit_give_the_same_shares_P2():
    data = {"game": "texas-holdem",
            "players": [{"name": "Ann", "down": ["As", "Ah"]},
                        {"name": "Bob", "down": ["Ad", "Ac"]},
                        {"name": "Cal", "down": ["Kd", "Kc"]}],
            "board": {"community": ["2c", "7d", "9h", "3s"]}}
    assert odds({**data, "unit": "1.00"}) == odds(data)


# -- words and money ------------------------------------------------------------------------


def test_the_plain_words_name_the_odd_unit_P2():
    game, settings = apply_options(get_game("seven-card-stud"), {"split": "cards-talk"},
                                   unit=DOLLAR)
    wins = dict(plain_words(game, settings, unit=DOLLAR))["Wins"]
    assert "the odd $1.00 to high (P2)" in wins and "an odd $1.00 stays in it (P2)" in wins
    assert "odd white chip to high" in dict(plain_words(game, settings))["Wins"]


def test_whole_units_and_the_cash_unit_B10_B12():
    assert require_units(700, unit=DOLLAR) == 700
    with pytest.raises(RulesError, match=r"^amount: 7.05 is not a multiple of \$1.00, the unit"):
        require_units(705, unit=DOLLAR)
    assert whole_dollars_and_odd_cents(1865) == (1800, 65)
    assert whole_dollars_and_odd_cents(1865, cash_unit=500) == (1500, 365)


def test_a_side_payments_chip_is_one_unit_P15_P7():
    players = [{"name": "A", "down": "Js Jd 7c 5h 2c".split(), "knock": True},
               {"name": "B", "down": "9s 9d 9c 2h 3d".split()},
               {"name": "C", "down": "Ks Qd 4c 3h 2d".split()}, {"name": "D", "in": False}]
    result = resolve({"game": "knock-poker", "unit": "1.00", "pot": "3.00",
                      "players": players})
    assert sorted((o["name"], o["to"], o["amount"]) for o in result["owes"]) == [
        ("A", "B", "2.00"), ("A", "C", "2.00"), ("D", "A", "1.00")]
    with pytest.raises(RulesError, match=r"^options.chip: 0.50 is not a multiple of \$1.00"):
        resolve({"game": "knock-poker", "unit": "1.00", "pot": "3.00",
                 "options": {"chip": "0.50"}, "players": players})
