"""Breaker: the joker in the hole breaks straights and flushes when that wins (003)."""

import pytest

from rules.cards import parse_cards
from rules.errors import CardError, RulesError
from rules.games.catalog import load_extensions
from rules.games.catalog.holdem_family.breaker import breaker_values

load_extensions()


# -- Breaker ---------------------------------------------------------------------------------

def hands(**holes):
    return {name: parse_cards(text) for name, text in holes.items()}


def test_breaker_breaks_a_flush_and_kicks_above_an_ace():
    # Like the seed's example 1: C's flush is broken; A's pair of tens with the Breaker kicker
    # beats B's pair of tens with an ace kicker and C's broken hand.
    board = parse_cards("Th 7h 4h 2s 3c")
    values = breaker_values(hands(A="Tc JK", B="Ts Ad", C="Kh 9h"), board)
    assert values["A"].category == "pair"
    assert values["C"].category == "high_card"
    assert values["A"].key > values["B"].key > values["C"].key
    assert "Breaker" in values["A"].describe and "broken" in values["C"].describe


def test_breaker_may_not_break_when_another_hand_would_then_win():
    # Seed example 2: breaking C's flush would let D's three sevens beat A's pair of tens.
    board = parse_cards("Th 7h 4h 2s 3c")
    values = breaker_values(hands(A="Tc JK", C="Kh 9h", D="7s 7d"), board)
    assert values["C"].category == "flush"
    assert values["C"].key > values["D"].key > values["A"].key


def test_breaker_may_not_break_when_the_broken_hand_still_wins():
    # Seed example 3: broken, C still holds two queens, which beat A's pair of tens.
    board = parse_cards("Th 7h 4h Qs 3c")
    values = breaker_values(hands(A="Tc JK", C="Qh 9h"), board)
    assert values["C"].category == "flush"


def test_seed_example_four_breaker_holder_keeps_his_straight():
    # A: K-Q, B: Q-Joker, C: 9-9, board J-10-9-8-3: B would have to give up his straight and
    # play queen-high with the Breaker, which loses to C's three nines; the Breaker is dead.
    board = parse_cards("Jd Ts 9h 8c 3d")
    values = breaker_values(hands(A="Kc Qh", B="Qs JK", C="9s 9d"), board)
    assert values["A"].category == "straight" and values["B"].category == "straight"
    assert values["A"].key > values["B"].key > values["C"].key


def test_breaker_does_not_break_a_full_house():
    board = parse_cards("Th Tc 4h 4s 9h")
    values = breaker_values(hands(A="Ac JK", C="4c 2d"), board)
    assert values["C"].category == "full_house"
    assert values["C"].key > values["A"].key


def test_breaker_breaks_a_straight_on_the_board():
    board = parse_cards("9h Ts Jd Qc Kh")
    values = breaker_values(hands(A="2c JK", B="3d 4d"), board)
    assert values["A"].key > values["B"].key
    assert values["B"].category == "high_card"


def test_breaker_on_the_board_or_two_in_one_hole_is_refused():
    with pytest.raises(CardError, match="board"):
        breaker_values(hands(A="2c 3c"), parse_cards("JK Ts Jd Qc Kh"))
    with pytest.raises(RulesError, match="both Breakers"):
        breaker_values(hands(A="JK JK", B="2c 3c"), parse_cards("9h Ts Jd Qc Kh"))
