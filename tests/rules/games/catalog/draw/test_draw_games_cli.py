"""The draw variants of seed 002 (`rules/games/catalog/draw/games.py`) through the CLI contract:
one or more fresh showdowns per game, each worked by hand from the seed's own words and
run through the CLI contract in-process (`python -m rules showdown FILE`), asserting the JSON
it prints: awards, carry, owes and the categories of the hands."""

import pytest
from cli_helpers import cat, owed, sides
from cli_helpers import p as pl
from cli_helpers import paid as won

# =============================================================================================
# Seed 002: draw variants
# =============================================================================================

def test_three_card_draw_flush_beats_straight_beats_trips_in_the_standard_order(showdown):
    # "the cards rank as in standard poker": flush > straight > three of a kind
    players = [pl("A", "Qh 7h 3h"), pl("B", "9c Td Js"), pl("C", "8s 8d 8c")]
    result = showdown("three-card-draw", players, pot="1.20")
    assert [cat(result, n) for n in "ABC"] == ["flush", "straight", "three_of_a_kind"]
    assert won(result) == {"A": "1.20"} and result["carry"] == "0.00" and result["owes"] == []


def test_three_card_draw_some_players_put_three_of_a_kind_on_top(showdown):
    players = [pl("A", "Qh 7h 3h"), pl("B", "9c Td Js"), pl("C", "8s 8d 8c"), pl("D", "4s 5s 6s")]
    result = showdown("three-card-draw", players, options={"trips_on_top": True})
    assert won(result) == {"C": "1.00"}
    assert won(showdown("three-card-draw", players)) == {"D": "1.00"}   # straight flush


def test_three_card_monte_ace_two_three_is_the_lowest_straight(showdown):
    # A: A-2-3 (three high) loses to B's 2-3-4; both beat C's pair of kings
    players = [pl("A", "Ac", "2d 3h"), pl("B", "4c", "2s 3s"), pl("C", "Kc", "Kd 9s")]
    result = showdown("three-card-monte", players)
    assert cat(result, "A") == "straight" and cat(result, "B") == "straight"
    assert won(result) == {"B": "1.00"}


def test_two_card_poker_same_ranks_split_and_the_odd_nickel_stays_P2(showdown):
    players = [pl("A", "Ah Kh"), pl("B", "Ad Kd"), pl("C", "Qs Js")]
    result = showdown("two-card-poker", players, pot="1.05")
    assert won(result) == {"A": "0.50", "B": "0.50"} and result["carry"] == "0.05"


def test_two_card_deuces_wild_two_deuces_are_aces_for_high_and_ace_deuce_for_low(showdown):
    # A's two deuces: a pair of aces for high, and A-2 (the wilds need not pair) for low
    players = [pl("A", "2s 2h"), pl("B", "Ac 3d"), pl("C", "Kc Kd")]
    result = showdown("two-card-deuces-wild", players)
    assert cat(result, "A") == "pair" and cat(result, "A", "low") == "high_card"
    assert sides(result) == [("A", "both", "1.00")]


def test_dynamite_high_only_then_high_low_by_option(showdown):
    players = [pl("A", "7c", "7d"), pl("B", "As", "Kc")]
    assert won(showdown("dynamite", players)) == {"A": "1.00"}
    result = showdown("dynamite", players, options={"split": "cards-talk"})
    # for low the ace is low and a pair counts against: B's K-A beats A's pair of sevens
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]


def test_one_card_poker_ace_is_only_high_and_joker_is_ace_high_deuce_low(showdown):
    players = [pl("A", "As"), pl("B", "2c"), pl("C", "Kh")]
    result = showdown("one-card-poker", players)
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]
    players.append(pl("D", "JK"))
    result = showdown("one-card-poker", players, options={"joker": True})
    assert sides(result) == [("A", "high", "0.25"), ("B", "low", "0.25"), ("D", "both", "0.50")]


def test_one_card_poker_three_deuces_share_the_low_half_and_odd_nickels_stay_P2(showdown):
    players = [pl("A", "Ks"), pl("B", "2c"), pl("C", "2d"), pl("D", "2h")]
    result = showdown("one-card-poker", players, pot="1.10")
    # halves 0.55 / 0.55; the low half among three: 0.15 each, 0.10 stays
    assert sides(result) == [("A", "high", "0.55"), ("B", "low", "0.15"), ("C", "low", "0.15"),
                             ("D", "low", "0.15")]
    assert result["carry"] == "0.10"


def test_two_card_poker_goal_posting_option_leaves_a_tied_pot_P6(showdown):
    players = [pl("A", "Ah Kh"), pl("B", "Ad Kd"), pl("C", "Qs Js")]
    result = showdown("two-card-poker", players, options={"ties": "goal-post"})
    assert result["awards"] == [] and result["carry"] == "1.00"


def test_show_five_only_the_five_exposed_cards_play(showdown):
    # B's two unexposed queens would make trips; A's unexposed 2-3 would make a fine low.
    # Exposed only: A pair of kings takes high, B's queen-high no-pair hand takes low.
    players = [pl("A", "2h 3h", "Kc Ks 9h 7d 4c"), pl("B", "Qh Qs", "Qc Jd 8s 6h 5c")]
    result = showdown("show-five", players)
    assert cat(result, "A") == "pair" and cat(result, "B") == "high_card"
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]


def test_big_sol_pigger_who_loses_high_wins_nothing_P1(showdown):
    players = [pl("A", "Kd", "Kc Ks 4h 4d", declare="high"),
               pl("B", "5c", "4s 3d 2c 7h", declare="low"),
               pl("C", "Ah", "2h 3h 5h 6s", declare="both")]
    result = showdown("big-sol", players)
    # C's 6-5-3-2-A is the best low, but C loses high to A's kings full: C wins nothing
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]
    assert cat(result, "A") == "full_house"


def test_draw_your_own_odd_nickel_of_the_halves_goes_high_P2(showdown):
    players = [pl("A", "As Ah Kd Kc 2s"), pl("B", "7c 5d 4h 3s 2d")]
    result = showdown("draw-your-own", players, pot="1.15")
    assert sides(result) == [("A", "high", "0.60"), ("B", "low", "0.55")]
    assert result["carry"] == "0.00"


def test_whiskey_poker_lowest_hand_pays_the_forfeit(showdown):
    players = [pl("A", "Ah Ad 5c 6c 9s"), pl("B", "Kh Kd Qc Js 2c"), pl("C", "9h 7d 5s 4c 2h")]
    result = showdown("whiskey-poker", players)
    assert won(result) == {"A": "1.00"}
    assert owed(result) == [("C", None, "0.25", "forfeit")]
    result = showdown("whiskey-poker", players, options={"forfeit": "0.50", "forfeit_to": "winner"})
    assert owed(result) == [("C", "A", "0.50", "forfeit")]


def test_knock_poker_beaten_knocker_pays_each_active_player_two_chips_P15(showdown):
    players = [pl("A", "Qs Qd 8c 5h 3d", knock=True), pl("B", "Kc Kd 9s 7h 2c"),
               pl("C", **{"in": False}), pl("D", "Jh Td 8s 6c 2d")]
    result = showdown("knock-poker", players, pot="0.20")
    assert won(result) == {"B": "0.20"}
    assert owed(result) == [("A", "B", "0.10", "knock"), ("A", "D", "0.10", "knock"),
                            ("C", "A", "0.05", "knock")]


def test_knock_poker_winning_knocker_with_four_of_a_kind_collects_the_bonus_P15(showdown):
    players = [pl("A", "9s 9d 9c 9h 3d", knock=True), pl("B", "Kc Kd 7s 7h 2c"),
               pl("C", **{"in": False})]
    result = showdown("knock-poker", players, pot="0.15")
    assert won(result) == {"A": "0.15"}
    assert owed(result) == [("B", "A", "0.10", "knock"), ("B", "A", "0.20", "bonus"),
                            ("C", "A", "0.05", "knock"), ("C", "A", "0.20", "bonus")]


def test_knock_poker_deuces_wild_five_of_a_kind_pays_four_chips_four_kings_nothing(showdown):
    players = [pl("A", "2s 2d Kc Kh Ks", knock=True), pl("B", "Ac Ad Ah 7c 7d")]
    result = showdown("knock-poker-deuces-wild", players, pot="0.10")
    assert cat(result, "A") == "five_of_a_kind"
    assert owed(result) == [("B", "A", "0.10", "knock"), ("B", "A", "0.20", "bonus")]
    players = [pl("A", "2s Kd Kc Kh 5s", knock=True), pl("B", "Ac Ad Ah 7c 7d")]
    result = showdown("knock-poker-deuces-wild", players, pot="0.10")
    assert cat(result, "A") == "four_of_a_kind" and won(result) == {"A": "0.10"}
    assert owed(result) == [("B", "A", "0.10", "knock")]


def test_brag_natural_pair_beats_the_same_pair_made_with_a_bragger(showdown):
    players = [pl("A", "9d Ks 4c"), pl("B", "Kh Kc 4d")]
    result = showdown("brag", players)
    assert cat(result, "A") == "pair" and cat(result, "B") == "pair"
    assert won(result) == {"B": "1.00"}


def test_brag_higher_bragger_wins_between_two_wild_hands_of_equal_rank(showdown):
    # A: the A♦ as a seven; B: the J♣ as a seven; same pair, same odd card: A♦ outranks J♣
    result = showdown("brag", [pl("A", "Ad 7s 3c"), pl("B", "Jc 7h 3d")])
    assert cat(result, "A") == "pair" and won(result) == {"A": "1.00"}


def test_brag_rank_first_three_wild_fives_lose_to_natural_three_kings(showdown):
    result = showdown("brag", [pl("A", "Ad 5c 5h"), pl("B", "Kc Kd Ks")])
    assert cat(result, "A") == "three_of_a_kind" and won(result) == {"B": "1.00"}


def test_brag_equal_natural_pairs_and_odd_cards_go_by_the_odd_cards_suit(showdown):
    # the odd fives are of the same value: the five of spades outranks the five of hearts
    result = showdown("brag", [pl("A", "Qs Qh 5h"), pl("B", "Qd Qc 5s")])
    assert won(result) == {"B": "1.00"}


def test_pokino_better_poker_hand_takes_the_pot_and_the_explanation_scores_it(showdown):
    players = [pl("A", "Ah Ad Kc Kd 5s", tricks=2, penalty="double"),
               pl("B", "Qs Qh Qc 7d 2s", tricks=3, penalty="pat")]
    result = showdown("pokino", players)
    assert won(result) == {"B": "1.00"} and result["owes"] == []
    # tricks are worth the opponent's penalty: B's 3 tricks x 2 (A doubled), A's 2 x 1;
    # only the better poker hand scores its honour (three of a kind: 200)
    text = " ".join(result["explain"])
    assert "B scores 6 below the line and 200 above" in text
    assert "A scores 2 below the line and 0 above" in text


def test_red_and_black_seed_example_is_minus_eight_and_wins_low(showdown):
    players = [pl("A", "Kc Jh 7s 3c 2d"), pl("B", "Kh Qd 5h Ac 2s"), pl("C", "9d 8h 4c 3s 6d")]
    result = showdown("red-and-black", players)
    # A: -10 +10 -7 -3 +2 = -8; B: +10 +10 +5 -1 -2 = 22; C: +9 +8 -4 -3 +6 = 16
    assert sides(result) == [("A", "low", "0.50"), ("B", "high", "0.50")]
    a_hand = next(p for p in result["players"] if p["name"] == "A")["high"]
    assert "Minus 8 points" in a_hand["describe"]


def test_red_and_black_all_minus_smallest_minus_is_high_largest_minus_is_low(showdown):
    players = [pl("A", "Kc Jh 7s 3c 2d"), pl("B", "Ks Qc 5s Ac 2h"), pl("C", "9s 8c 4d 3h 6c")]
    # A -8, B -10 -10 -5 -1 +2 = -24, C -9 -8 +4 +3 -6 = -16
    result = showdown("red-and-black", players)
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]


@pytest.mark.parametrize("game, option", [("whiskey-poker", {"forfeit": "0.07"}),
                                           ("knock-poker", {"chip": "0.12"})])
def test_side_payments_are_whole_white_chips_B10(showdown, game, option):
    players = [pl("A", "As Ks Qs Js Ts"), pl("B", "Ah Ad Ac 2c 2d")]
    error = showdown(game, players, options=option, expect=2)
    assert f"options.{next(iter(option))}" in error


def test_pokino_refuses_a_third_player(showdown):
    players = [pl("A", "Ah Ad Kc Kd 5s"), pl("B", "Qs Qh Qc 7d 2s"), pl("C", "3s 4h 6c 8d Ts")]
    assert "players" in showdown("pokino", players, expect=2)
