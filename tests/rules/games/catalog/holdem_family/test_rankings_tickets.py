"""Rails and Depot's ranking (`ticket`): aces low only, and the ticket hand (003)."""

import pytest
from rankings_helpers import value

from rules.errors import CardError
from rules.evaluator import category_rank
from rules.games.catalog import load_extensions

load_extensions()


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
