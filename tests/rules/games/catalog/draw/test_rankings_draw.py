"""The special rankings and side payments of the draw variants (seed 002, RULES G, P15, S6)."""

import pytest

from rules.cards import parse_cards
from rules.errors import RulesError
from rules.evaluator import evaluate
from rules.games.catalog.draw.rankings import (
    BRAGGERS,
    Payment,
    PokinoScore,
    bonus_class,
    knock_payments,
    pokino_score,
    red_black_points,
)

BRAG_WILD = frozenset(BRAGGERS)
DEUCES = frozenset(parse_cards("2s 2h 2d 2c"))


def brag(text):
    return evaluate(parse_cards(text), "brag", BRAG_WILD)


def shown(value):
    return [str(card) for card in value.cards]


# -- Brag ------------------------------------------------------------------------------------

def test_brag_bragger_makes_trips_and_is_shown_as_what_it_stands_for():
    value = brag("Ad Kc Ks")
    assert value.category == "three_of_a_kind"
    assert shown(value) == ["Ks", "Kd", "Kc"]
    assert [str(held) for held, _ in value.wilds] == ["Ad"]


def test_brag_has_no_straights_or_flushes():
    assert brag("4s 5s 6s").category == "high_card"


def test_brag_natural_trips_beat_the_same_trips_made_with_braggers_S6():
    assert brag("Ks Kh Kc").key > brag("Kd Jc 9d").key


def test_brag_higher_bragger_wins_between_equal_wild_hands():
    # A♦ outranks J♣: both hands are three queens with one bragger.
    assert brag("Ad Qs Qh").key > brag("Jc Qd Qc").key


def test_brag_ranks_come_before_the_natural_rule():
    # Our reading of "hands of equal rank": a wild pair of kings still beats natural queens.
    assert brag("Ad Ks 4c").key > brag("Qs Qh 9s").key


def test_brag_equal_pairs_go_to_the_higher_odd_card():
    assert brag("Qs Qh 8c").key > brag("Qd Qc 7s").key


def test_brag_suits_break_a_tie_spades_high():
    assert brag("Qs Qh 7s").key > brag("Qd Qc 7h").key
    assert brag("As Kh 5c").key > brag("Ah Ks 5d").key


def test_brag_equal_pairs_and_odd_cards_go_by_the_odd_cards_suit():
    # "if the odd cards are of the same value, high suit wins": the 7s beats the 7h even
    # though the other pair holds the queen of spades
    assert brag("Qd Qc 7s").key > brag("Qs Qh 7h").key


def test_brag_three_braggers_are_three_aces_with_the_ace_of_diamonds_natural():
    value = brag("Ad Jc 9d")
    assert value.category == "three_of_a_kind"
    assert {card.rank for card in value.cards} == {14}
    assert [str(held) for held, _ in value.wilds] == ["Jc", "9d"]


# -- Two-card low ----------------------------------------------------------------------------

def test_two_low_ace_and_wild_deuce_is_the_best_low_S10():
    best = evaluate(parse_cards("Ah 2c"), "two-low", DEUCES)
    assert best.category == "high_card"
    assert best.key > evaluate(parse_cards("Ac 3d"), "two-low", DEUCES).key


def test_two_low_pair_is_worse_than_any_two_odd_cards():
    odd_cards = evaluate(parse_cards("Kd Qs"), "two-low")
    assert odd_cards.key > evaluate(parse_cards("3s 3d"), "two-low").key


def test_two_low_wild_need_not_pair_S10():
    value = evaluate(parse_cards("5s 2d"), "two-low", DEUCES)
    assert value.category == "high_card"
    assert shown(value) == ["5s", "Ad"]


# -- Red and Black ---------------------------------------------------------------------------

def test_red_black_seed_example_is_minus_eight():
    # K♣ J♥ 7♠ 3♣ 2♦: -10 + 10 - 7 - 3 + 2 = -8 (the seed's own example).
    assert red_black_points(parse_cards("Kc Jh 7s 3c 2d")) == -8
    value = evaluate(parse_cards("Kc Jh 7s 3c 2d"), "red-black")
    assert value.category == "points" and value.describe == "Minus 8 points"


def test_red_black_ace_counts_one_and_faces_ten():
    assert red_black_points(parse_cards("Ah Qd Td 9h 2h")) == 1 + 10 + 10 + 9 + 2


def test_red_black_high_wants_most_points_low_wants_fewest():
    plus = parse_cards("Kh Qh Jd Td 9d")    # +49
    minus = parse_cards("Ks Qs Jc Tc 9c")   # -49
    assert evaluate(plus, "red-black").key > evaluate(minus, "red-black").key
    assert evaluate(minus, "red-black-low").key > evaluate(plus, "red-black-low").key


def test_red_black_with_no_minus_hands_smallest_plus_is_low():
    small = parse_cards("Ah 2d 3h 4d 5h")   # +15
    large = parse_cards("Kh Qd Jh Td 9h")   # +49
    assert evaluate(small, "red-black-low").key > evaluate(large, "red-black-low").key


# -- Knock Poker side payments (P15) -------------------------------------------------------

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def test_dropped_players_pay_the_knocker_and_a_winning_knocker_collects_two_P15():
    payments = knock_payments(players=PLAYERS, active=["Ann", "Bob", "Cy"], knocker="Ann",
                              winners=["Ann"], winning_hand="pair")
    assert payments == [
        Payment("Di", "Ann", 1, "dropped after the knock"),
        Payment("Bob", "Ann", 2, "the knocker wins"),
        Payment("Cy", "Ann", 2, "the knocker wins"),
    ]


def test_beaten_knocker_pays_two_to_each_active_player_P15():
    payments = knock_payments(players=PLAYERS, active=["Ann", "Bob", "Cy"], knocker="Ann",
                              winners=["Cy"], winning_hand="flush")
    assert Payment("Ann", "Bob", 2, "the knocker is beaten") in payments
    assert Payment("Ann", "Cy", 2, "the knocker is beaten") in payments
    assert Payment("Di", "Ann", 1, "dropped after the knock") in payments


def test_four_of_a_kind_bonus_from_every_player_P15():
    payments = knock_payments(players=PLAYERS, active=["Ann", "Bob"], knocker="Bob",
                              winners=["Bob"], winning_hand="four_of_a_kind")
    bonus = [p for p in payments if p.reason.startswith("bonus")]
    assert bonus == [Payment(name, "Bob", 4, "bonus for four of a kind")
                     for name in ("Ann", "Cy", "Di")]


def test_royal_flush_bonus_is_eight_but_four_with_deuces_wild_P15():
    royal = evaluate(parse_cards("As Ks Qs Js Ts"), "high")
    assert bonus_class(royal) == "royal_flush"
    plain = knock_payments(players=PLAYERS, active=PLAYERS, knocker=None, winners=["Cy"],
                           winning_hand="royal_flush")
    wild = knock_payments(players=PLAYERS, active=PLAYERS, knocker=None, winners=["Cy"],
                          winning_hand="royal_flush", deuces_wild=True)
    assert {p.chips for p in plain} == {8}
    assert {p.chips for p in wild} == {4}


def test_deuces_wild_knock_pays_no_bonus_for_four_of_a_kind_but_four_for_five_P15():
    assert knock_payments(players=PLAYERS, active=PLAYERS, knocker=None, winners=["Ann"],
                          winning_hand="four_of_a_kind", deuces_wild=True) == []
    five = knock_payments(players=PLAYERS, active=PLAYERS, knocker=None, winners=["Ann"],
                          winning_hand="five_of_a_kind", deuces_wild=True)
    assert len(five) == 3 and {p.chips for p in five} == {4}


def test_knocker_who_ties_neither_pays_nor_collects():
    payments = knock_payments(players=PLAYERS, active=["Ann", "Bob"], knocker="Ann",
                              winners=["Ann", "Bob"], winning_hand="pair")
    assert [p.reason for p in payments] == ["dropped after the knock"] * 2


def test_knocker_must_be_in_the_showdown():
    with pytest.raises(RulesError, match="knocker"):
        knock_payments(players=PLAYERS, active=["Bob"], knocker="Ann", winners=["Bob"],
                       winning_hand="pair")


# -- Pokino ----------------------------------------------------------------------------------

def test_pokino_tricks_are_worth_the_opponents_penalty():
    scores = pokino_score(tricks={"Ann": 3, "Bob": 2}, penalty={"Ann": "double", "Bob": "pat"},
                          poker_winner="Bob", winning_hand="flush")
    # Ann's tricks count 1 (Bob stood pat); Bob's count 2 (Ann drew: doubled); Bob's flush 400.
    assert scores == {"Ann": PokinoScore(3, 0), "Bob": PokinoScore(4, 400)}


def test_pokino_sweep_and_redouble():
    scores = pokino_score(tricks={"Ann": 5, "Bob": 0}, penalty={"Ann": "pat", "Bob": "redouble"},
                          poker_winner="Ann", winning_hand="four_of_a_kind")
    assert scores["Ann"] == PokinoScore(20, 250 + 900)


def test_pokino_tricks_must_add_to_five():
    with pytest.raises(RulesError, match="tricks"):
        pokino_score(tricks={"Ann": 3, "Bob": 3}, penalty={"Ann": "pat", "Bob": "pat"},
                     poker_winner=None, winning_hand=None)


# -- Three-card poker in the standard order ----------------------------------------------------

def three(text, scheme="three-standard", wild=frozenset()):
    return evaluate(parse_cards(text), scheme, wild)


def test_three_card_standard_order_straight_flush_flush_straight_trips_pair_high():
    hands = ["5h 6h 7h", "Qh 7h 3h", "9c Td Js", "8s 8d 8c", "Ks Kd 2c", "Ac 9d 4s"]
    keys = [three(hand).key for hand in hands]
    assert keys == sorted(keys, reverse=True)
    assert [three(hand).category for hand in hands] == [
        "straight_flush", "flush", "straight", "three_of_a_kind", "pair", "high_card"]


def test_three_card_ace_two_three_is_the_lowest_straight_and_ace_king_queen_the_highest():
    assert three("Ah 2d 3c").key < three("2h 3d 4c").key < three("Ah Kd Qc").key
    assert shown(three("Ah 2d 3c")) == ["3c", "2d", "Ah"]


def test_three_card_trips_top_puts_three_of_a_kind_over_the_straight_flush():
    assert three("2s 2d 2c", "three-trips-top").key > three("Qh Kh Ah", "three-trips-top").key
    assert three("Qh 7h 3h", "three-trips-top").key > three("9c Td Js", "three-trips-top").key


def test_three_card_wild_deuce_makes_the_best_flush_without_duplicating_a_card_S11():
    value = three("2h Kh 5h", wild=DEUCES)
    assert value.category == "flush" and shown(value) == ["Ah", "Kh", "5h"]
