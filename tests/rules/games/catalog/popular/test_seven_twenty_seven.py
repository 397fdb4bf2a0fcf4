"""H4 Seven twenty-seven: counts (an ace 1 or 11, each ace and each half apart; J Q K a half;
the rest face value), half to the count closest to 7 and half to closest to 27, declared; P1
pigging; option `bust`. Hands worked by hand from H4's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.cards import parse_cards
from rules.errors import RulesError
from rules.evaluator import evaluate
from rules.games.catalog import load_extensions
from rules.games.payout import payout
from rules.odds import odds

GAME = "seven-twenty-seven"


def hand(result, name, side):
    return next(pl for pl in result["players"] if pl["name"] == name)[side]


def test_the_count_ace_one_or_eleven_faces_a_half_H4():
    load_extensions()
    assert evaluate(parse_cards("Ah 6c"), "count-7").describe == \
        "Counts 7 for the 7 (the ace as 1), 0 away"
    assert evaluate(parse_cards("Ah 6c"), "count-27").describe == \
        "Counts 17 for the 27 (the ace as 11), 10 away"
    assert evaluate(parse_cards("Ks Qd 5c"), "count-7").describe == "Counts 6 for the 7, 1 away"
    assert evaluate(parse_cards("Ks 9d 8c Tc"), "count-27").describe == \
        "Counts 27½ for the 27, ½ away"


def test_an_ace_counted_both_ways_lets_a_pigger_win_both_halves_H4_P1():
    # Ann A A 5, both: for the 7 both aces count 1 (1 + 1 + 5 = 7); for the 27 both count 11
    # (11 + 11 + 5 = 27): exactly 7 and exactly 27, each outright. The whole pot (P1).
    result = play(GAME, [
        p("Ann", "As", "Ad 5c", declare="both"),
        p("Bob", "Ks", "9d 8c Tc", declare="27"),       # 27½
        p("Cy", "4h", "2d Qs", declare="7"),            # 6½
    ], pot="10.05")
    assert awards(result) == {"Ann": "10.05"}
    assert hand(result, "Ann", "low")["describe"] == "Counts 7 for the 7 (aces: 2 as 1), 0 away"
    assert hand(result, "Ann", "high")["describe"] == \
        "Counts 27 for the 27 (aces: 2 as 11), 0 away"


def test_equal_distances_split_that_half_under_or_over_and_the_odd_unit_goes_to_27_H4_P2():
    # Cy 6½ and Dee 7½ are both ½ from 7: they split the 7 half; Bob's 27½ takes the 27 half.
    # 10.05 = 201 white chips: 101 to the 27 half (5.05), 100 to the 7 half (2.50 each).
    result = play(GAME, [
        p("Bob", "Ks", "9d 8c Tc", declare=27),
        p("Cy", "4h", "2d Qs", declare="7"),
        p("Dee", "6h", "Ac Jd", declare="low"),        # 6 + 1 + ½ = 7½
    ], pot="10.05")
    assert awards(result) == {"Bob": "5.05", "Cy": "2.50", "Dee": "2.50"}
    assert "Cy and Dee tie for low." in result["explain"]


def test_a_pigger_who_ties_a_half_wins_nothing_P1_H4():
    # Ann (both) 7 for the 7 ties Cy's 7; she loses both halves (P1); Bob takes the 27 half,
    # Cy the 7 half.
    result = play(GAME, [
        p("Ann", "Ah", "6c", declare="both"),           # 7, and 17 for the 27
        p("Bob", "Ks", "9d 8c Tc", declare="27"),
        p("Cy", "5h", "2d", declare="7"),
    ], pot="4.00")
    assert awards(result) == {"Bob": "2.00", "Cy": "2.00"}


def test_the_bust_option_makes_a_count_over_27_and_a_half_lose_H4():
    # Bob 28 (1 from 27), Dee 25 (2 from 27). Over or under: Bob. With bust: 28 > 27½: Dee.
    players = [p("Bob", "Ts", "9d 9c", declare="27"), p("Dee", "Th", "8c 7d", declare="27"),
               p("Cy", "5h", "2d", declare="7")]
    assert awards(play(GAME, players, pot="4.00")) == {"Bob": "2.00", "Cy": "2.00"}
    busted = play(GAME, players, pot="4.00", options={"bust": True})
    assert awards(busted) == {"Dee": "2.00", "Cy": "2.00"}
    assert "bust for the 27" in hand(busted, "Bob", "high")["describe"]


def test_a_7_half_with_only_busted_hands_leaves_the_27_half_the_whole_pot_H4():
    players = [p("Bob", "Ks", "9d 8c Tc", declare="27"), p("Cy", "9h", "2d", declare="7")]
    # Cy's 11 is 4 from 7: without bust it wins the 7 half; with bust (11 > 7½) nobody can.
    assert awards(play(GAME, players, pot="4.00")) == {"Bob": "2.00", "Cy": "2.00"}
    busted = play(GAME, players, pot="4.00", options={"bust": True})
    assert awards(busted) == {"Bob": "4.00"}
    assert "Nobody has a low hand that qualifies: the high side takes the whole pot." \
        in busted["explain"]


def test_a_count_hand_with_a_card_twice_is_refused_naming_the_card_H4():
    with pytest.raises(RulesError, match=r"players\[0\]\.up: card 6c is seen twice"):
        play(GAME, [p("Ann", "6c", "6c", declare="7"), p("Bob", "Ks", "9d", declare="27")])


def test_a_declaration_that_is_not_7_27_or_both_is_refused_naming_it_H4():
    with pytest.raises(RulesError, match=r"players\[0\]\.declare: '8' is not allowed"):
        play(GAME, [p("Ann", "6c", "Ah", declare="8"), p("Bob", "Ks", "9d", declare="27")])


def test_payout_by_winners_reads_7_and_27_H4():
    result = payout({"game": GAME, "pot": "10.05", "players": [
        {"name": "Ann", "declare": "7", "won": ["low"]},
        {"name": "Bob", "declare": "27", "won": ["high"]}]})
    assert result["awards"] == [{"name": "Bob", "amount": "5.05", "side": "high"},
                                {"name": "Ann", "amount": "5.00", "side": "low"}]


def test_odds_resolve_the_hands_as_they_stand_H4():
    result = odds({"game": GAME, "players": [
        {"name": "Ann", "down": ["Ah"], "up": ["6c"], "declare": "7"},
        {"name": "Bob", "down": ["Ks"], "up": ["9d", "8c", "Tc"], "declare": "27"}]})
    assert [pl["share"] for pl in result["players"]] == ["0.5000", "0.5000"]
