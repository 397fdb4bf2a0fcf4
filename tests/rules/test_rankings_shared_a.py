"""Special rankings of the first part of the shared-card seed (003): Wraparound, Rails/Depot
tickets, Odds and Ends wilds and the Breaker."""

import pytest

import rules.rankings  # noqa: F401  (registers the schemes)
from rules.cards import parse_cards
from rules.errors import CardError, RulesError
from rules.hands import category_rank, evaluate
from rules.rankings.shared_a import breaker_values, odds_and_ends_wild


def value(text, scheme):
    return evaluate(parse_cards(text), scheme)


# -- Wraparound ------------------------------------------------------------------------------

def test_wraparound_straight_through_the_ace():
    hand = value("Jh Qd Kc As 2h", "high-wrap")
    assert hand.category == "straight"
    assert value("Jh Qd Kc As 2h", "high").category == "high_card"


def test_every_wraparound_straight_of_the_seed_is_a_straight():
    for text in ("Th Jd Qc Ks Ah", "Jh Qd Kc As 2h", "Qh Kd Ac 2s 3h", "Kh Ad 2c 3s 4h",
                 "Ah 2d 3c 4s 5h"):
        assert value(text, "high-wrap").category == "straight", text


def test_wrapped_straights_rank_below_the_wheel_by_their_last_card():
    broadway = value("Th Jd Qc Ks Ah", "high-wrap").key
    wheel = value("Ah 2d 3c 4s 5h", "high-wrap").key
    k_to_4 = value("Kh Ad 2c 3s 4h", "high-wrap").key
    j_to_2 = value("Jh Qd Kc As 2h", "high-wrap").key
    assert broadway > wheel > k_to_4 > j_to_2 > value("As Ad Ac 4s 9h", "high-wrap").key


def test_wraparound_straight_flush():
    assert value("Qh Kh Ah 2h 3h", "high-wrap").category == "straight_flush"


def test_wraparound_best_five_of_seven():
    assert value("Kh Ad 2c 3s 4h 9d 9c", "high-wrap").category == "straight"


# -- Rails / Depot ticket --------------------------------------------------------------------

def test_ticket_is_a_four_flush_with_a_royal_rider_of_another_suit():
    hand = value("2h 5h 9h Ah Qs", "ticket")
    assert hand.category == "ticket"
    assert [str(card) for card in hand.cards] == ["Qs", "9h", "5h", "2h", "Ah"]


def test_rider_of_the_flush_suit_makes_a_flush_not_a_ticket():
    assert value("2h 5h 9h Ah Qh", "ticket").category == "flush"


def test_ten_or_ace_is_no_rider():
    assert value("2h 5h 9h Kh Ts", "ticket").category == "high_card"
    assert value("2h 5h 9h Kh As", "ticket").category == "high_card"


def test_tickets_compare_riders_first_then_the_flush():
    # The seed's example: a queen rider beats a jack rider whatever the flushes hold.
    assert value("2h 3h 4h 6h Qd", "ticket").key > value("9s Ts Ks 8s Jc", "ticket").key
    assert value("2h 3h 4h 9h Qd", "ticket").key > value("2s 3s 4s 8s Qc", "ticket").key


def test_default_ticket_sits_between_three_of_a_kind_and_a_straight():
    ticket = value("2h 5h 9h Ah Qs", "ticket").key
    assert value("9s 9h 9d 2c 3c", "ticket").key < ticket < value("As 2d 3c 4h 5s", "ticket").key
    assert category_rank("ticket", "ticket") == category_rank("ticket", "three_of_a_kind") + 1


def test_ticket_rank_option_schemes_move_the_ticket():
    ticket = value("2h 5h 9h Ah Qs", "ticket-over-flush").key
    assert ticket > value("2c 5c 9c Jc Qc", "ticket-over-flush").key
    assert ticket < value("2c 2d 2s 3c 3d", "ticket-over-flush").key


def test_aces_are_low_only_in_rails():
    assert value("Ts Jd Qc Kh Ah", "ticket").category == "high_card"   # no ace-high straight
    assert value("As 2d 3c 4h 5s", "ticket").category == "straight"
    assert value("9s Td Jc Qh Ks", "ticket").key > value("As 2d 3c 4h 5s", "ticket").key
    assert value("2s 2d 7c 8h 9s", "ticket").key > value("As Ad 7c 8h 9s", "ticket").key
    assert value("Ks 2d 7c 8h 9s", "ticket").key > value("As Qd 7c 8h 9s", "ticket").key


def test_ticket_refuses_a_joker_that_is_not_wild():
    with pytest.raises(CardError):
        value("JK 2d 7c 8h 9s", "ticket")


# -- Odds and Ends ---------------------------------------------------------------------------

def test_highest_odd_card_is_wild():
    wild = odds_and_ends_wild(parse_cards("Js Jd 7c 5h"), parse_cards("Kd 2s 4c"))
    assert wild == frozenset(parse_cards("7c"))
    hand = evaluate(parse_cards("Js Jd 7c 5h Kd 2s 4c"), "high", wild)
    assert hand.category == "three_of_a_kind"


def test_odd_rank_on_the_board_ends_the_wild_and_no_lower_odd_card_takes_over():
    # The seed's example: J-J-7-5 with a 7 turned up falls from three jacks to two pair.
    board = parse_cards("7d 2s 4c")
    wild = odds_and_ends_wild(parse_cards("Js Jd 7c 5h"), board)
    assert wild == frozenset()
    assert evaluate(parse_cards("Js Jd 7c 5h") + board, "high", wild).category == "two_pair"


def test_faces_and_aces_are_not_odd_cards():
    assert odds_and_ends_wild(parse_cards("As Kd Qc Jh"), parse_cards("2s 4c 6d")) == frozenset()
    assert odds_and_ends_wild(parse_cards("As 3d 3c Jh"), ()) == frozenset(parse_cards("3d 3c"))


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
