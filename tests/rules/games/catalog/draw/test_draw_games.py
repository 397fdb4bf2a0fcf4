"""Hand-worked showdowns for the draw variants of seed 002, one or more per game, each on what
makes the game special (its ranking, its wilds, its split, its side payments)."""

import pytest
from showdown_helpers import awards, high, p, play

from rules.errors import RulesError


def owed(result):
    return [(o["name"], o.get("to"), o["amount"], o["reason"]) for o in result["owes"]]


def low(result, name):
    hand = next(player for player in result["players"] if player["name"] == name)["low"]
    return hand and hand["category"]


# -- three-card games ------------------------------------------------------------------------

def test_three_card_draw_straight_flush_beats_trips_by_default_S3():
    # "the cards rank as in standard poker": a 3-card straight flush tops three of a kind
    players = [p("A", "5h 6h 7h"), p("B", "Ks Kd Kc")]
    assert awards(play("three-card-draw", players)) == {"A": "1.00"}


def test_three_card_draw_trips_on_top_option_S3():
    players = [p("A", "5h 6h 7h"), p("B", "Ks Kd Kc")]
    result = play("three-card-draw", players, options={"trips_on_top": True})
    assert awards(result) == {"B": "1.00"}


def test_three_card_monte_one_down_two_up_flush_beats_straight_as_in_standard_poker():
    result = play("three-card-monte", [p("A", "4c", "5d 6h"), p("B", "Kh", "9h 2h")])
    assert high(result, "A") == "straight" and high(result, "B") == "flush"
    assert awards(result) == {"B": "1.00"}


# -- two-card games --------------------------------------------------------------------------

def test_two_card_poker_pair_beats_ace_king_suited_S5():
    result = play("two-card-poker", [p("A", "2c 2d"), p("B", "Ah Kh")])
    assert awards(result) == {"A": "1.00"}


def test_two_card_deuces_wild_high_low_ace_high_for_high_low_for_low_S10_S15():
    # A: pair of aces wins high. B: 3 and a wild deuce -> the deuce becomes an ace without
    # pairing, 3-A is the best low here. C: 5-4.
    result = play("two-card-deuces-wild", [p("A", "Ac Ah"), p("B", "2c 3d"), p("C", "4s 5d")])
    assert awards(result) == {"A": "0.50", "B": "0.50"}
    assert low(result, "A") == "pair"


def test_dynamite_one_down_one_up_high_only_by_default():
    result = play("dynamite", [p("A", "Kc", "Kd"), p("B", "As", "Qs")])
    assert awards(result) == {"A": "1.00"}


def test_dynamite_options_wild_and_high_low():
    players = [p("A", "Kc", "Kd"), p("B", "As", "Qs")]
    assert awards(play("dynamite", players, options={"wild": "Q"})) == {"B": "1.00"}
    split = play("dynamite", players, options={"split": "cards-talk"})
    assert awards(split) == {"A": "0.50", "B": "0.50"}     # B's Q-A is the low


def test_dynamite_may_be_played_high_low_by_its_named_option_hi_lo_002_S5():
    """002 "Two-Card Poker" (Dynamite): "the play may also be for high-low": option `hi_lo`,
    cards talk, with the two-card low (S5: ace low). B's Q-A is the low."""
    players = [p("A", "Kc", "Kd"), p("B", "As", "Qs")]
    assert awards(play("dynamite", players, options={"hi_lo": False})) == {"A": "1.00"}
    split = play("dynamite", players, options={"hi_lo": True})
    assert awards(split) == {"A": "0.50", "B": "0.50"}


# -- one card --------------------------------------------------------------------------------

def test_one_card_poker_ace_is_only_high_S5():
    result = play("one-card-poker", [p("A", "Ah"), p("B", "3c"), p("C", "9d")])
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_one_card_poker_joker_ties_an_ace_high_and_a_deuce_low_S5():
    # Joker = ace for high (ties A's ace) and deuce for low (ties C's deuce): each half splits.
    result = play("one-card-poker", [p("J", "JK"), p("A", "Ah"), p("C", "2c")],
                  options={"joker": True})
    assert awards(result) == {"J": "0.50", "A": "0.25", "C": "0.25"}


# -- exposed-card and declare games -----------------------------------------------------------

def test_show_five_the_five_exposed_cards_are_the_hand_high_low_S14():
    result = play("show-five", [p("A", up="As Ks Qs Js 9s"), p("B", up="2c 3d 4h 6s 7c")])
    assert high(result, "A") == "flush" and awards(result) == {"A": "0.50", "B": "0.50"}


def test_big_sol_declare_and_a_pigger_who_loses_high_wins_nothing_P1():
    players = [
        p("A", "Kd", "Ks Kh 9c 4d", declare="high"),        # three kings
        p("B", "2c", "3d 4h 5s 7c", declare="low"),         # 7-5-4-3-2
        p("C", "Qd", "Qs 9h 9s 3c", declare="both"),        # two pair: loses high to A
    ]
    result = play("big-sol", players)
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_draw_your_own_house_low_a_straight_is_no_low_S7():
    # C's wheel is a straight: it wins high over trips but is no good as a house low.
    players = [p("A", "Kh Kd Kc 2s 3s"), p("B", "Ah 2d 3c 4s 6h"), p("C", "As 2h 3d 4c 5s")]
    result = play("draw-your-own", players)
    assert high(result, "C") == "straight"
    assert awards(result) == {"C": "0.50", "B": "0.50"}


# -- Whiskey and Knock -------------------------------------------------------------------------

def test_whiskey_poker_high_takes_the_pot_lowest_pays_the_forfeit():
    players = [p("A", "Kh Kd 7c 5s 3s"), p("B", "Qh Jd 8c 6s 2s"), p("C", "9h 9d 4c 4s 2c")]
    result = play("whiskey-poker", players)
    assert awards(result) == {"C": "1.00"}
    assert owed(result) == [("B", None, "0.25", "forfeit")]
    assert result["next_pot"] == "0.25"
    higher = play("whiskey-poker", players, options={"forfeit": "1.00"})
    assert owed(higher) == [("B", None, "1.00", "forfeit")]


def test_knock_poker_beaten_knocker_pays_two_chips_each_and_droppers_pay_him_one_P15():
    players = [p("A", "Js Jd 7c 5h 2c", knock=True), p("B", "9s 9d 9c 2h 3d"),
               p("C", "Ks Qd 4c 3h 2d"), p("D", **{"in": False})]
    result = play("knock-poker", players)
    assert awards(result) == {"B": "1.00"}
    assert owed(result) == [("D", "A", "0.05", "knock"), ("A", "B", "0.10", "knock"),
                            ("A", "C", "0.10", "knock")]


def test_knock_poker_winning_knocker_with_four_of_a_kind_collects_and_gets_the_bonus_P15():
    players = [p("A", "Js Jd Jc Jh 2c", knock=True), p("B", "9s 9d 9c 2h 3d"),
               p("D", **{"in": False})]
    result = play("knock-poker", players, options={"chip": "0.10"})
    assert owed(result) == [("D", "A", "0.10", "knock"), ("B", "A", "0.20", "knock"),
                            ("B", "A", "0.40", "bonus"), ("D", "A", "0.40", "bonus")]


def test_knock_poker_deuces_wild_five_of_a_kind_bonus_but_none_for_four_P15():
    five = play("knock-poker-deuces-wild",
                [p("A", "Kh Kd Kc Ks 2h", knock=True), p("B", "9s 9d 9c 4h 3d")])
    assert high(five, "A") == "five_of_a_kind"
    assert owed(five) == [("B", "A", "0.10", "knock"), ("B", "A", "0.20", "bonus")]
    four = play("knock-poker-deuces-wild",
                [p("A", "Kh Kd Kc 2h 7s", knock=True), p("B", "9s 9d 9c 4h 3d")])
    assert high(four, "A") == "four_of_a_kind"
    assert owed(four) == [("B", "A", "0.10", "knock")]


# -- Brag --------------------------------------------------------------------------------------

def test_brag_bragger_makes_trips_and_ranks_come_first():
    # A: A♦ stands for a king -> three kings (with a bragger) beat B's natural three queens.
    result = play("brag", [p("A", "Ad Ks Kh"), p("B", "Qs Qh Qd")])
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


def test_brag_natural_beats_the_same_hand_made_with_braggers():
    result = play("brag", [p("A", "Ks Kh Kc"), p("B", "Kd Jc 9d")])
    assert awards(result) == {"A": "1.00"}


def test_brag_suits_break_what_is_still_tied_spades_high():
    result = play("brag", [p("A", "Qd Qc 7h"), p("B", "Qs Qh 7s")])
    assert awards(result) == {"B": "1.00"}


# -- Pokino and Red and Black ------------------------------------------------------------------

def test_pokino_better_hand_takes_the_pot_and_scores_its_honour():
    result = play("pokino", [p("A", "Kh Kd 7c 5s 3s", tricks=3, penalty="double"),
                             p("B", "2h 6h 9h Jh Qh", tricks=2, penalty="pat")])
    assert awards(result) == {"B": "1.00"}
    assert "A scores 3 below the line and 0 above (Pokino)." in result["explain"]
    assert "B scores 4 below the line and 400 above (Pokino)." in result["explain"]


def test_red_and_black_points_high_and_low_split():
    # A +49 (all red), B -49 (all black), C: K♣ J♦ 7♠ 3♣ 2♥ = -10 + 10 - 7 - 3 + 2 = -8
    players = [p("A", "Kh Qd Jh Td 9d"), p("B", "Ks Qs Jc Tc 9c"), p("C", "Kc Jd 7s 3c 2h")]
    result = play("red-and-black", players)
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_red_and_black_nobody_minus_smallest_plus_is_low():
    players = [p("A", "Kh Qd Jh Td 9d"), p("B", "Ah 2d 3h 4d 5h"), p("C", "8h 6d 6h 2h 7d")]
    result = play("red-and-black", players)   # A +49, B +15, C +29
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_knock_poker_allows_only_one_knocker():
    players = [p("A", "Js Jd 7c 5h 2c", knock=True), p("B", "9s 9d 9c 2h 3d", knock=True)]
    with pytest.raises(RulesError, match="knock"):
        play("knock-poker", players)


def test_pokino_tricks_must_add_up_to_five():
    with pytest.raises(RulesError, match="tricks"):
        play("pokino", [p("A", "Kh Kd 7c 5s 3s", tricks=3, penalty="pat"),
                        p("B", "2h 6h 9h Jh Qh", tricks=3, penalty="pat")])


def test_whiskey_poker_forfeit_to_the_winner_option():
    players = [p("A", "Kh Kd 7c 5s 3s"), p("B", "Qh Jd 8c 6s 2s"), p("C", "9h 9d 4c 4s 2c")]
    result = play("whiskey-poker", players, options={"forfeit_to": "winner"})
    assert owed(result) == [("B", "C", "0.25", "forfeit")]


def test_brag_natural_first_option_lets_natural_queens_beat_wild_kings():
    players = [p("A", "Ad Ks 4c"), p("B", "Qs Qh 9s")]
    assert awards(play("brag", players)) == {"A": "1.00"}
    assert awards(play("brag", players, options={"natural_first": True})) == {"B": "1.00"}
