"""Egyptian Hold 'Em's six-card hands (`egyptian`, 003), worked from the seed's table."""

import pytest
from rankings_helpers import order, value

from rules.errors import RulesError
from rules.games.catalog import load_extensions

load_extensions()


# --- Egyptian Hold 'Em: the seed's table, one example per line, best first -------------------

EGYPTIAN_TABLE = [
    ("9c Tc Jc Qc Kc Ac", "straight_flush"),   # royal flush
    ("2d 3d 4d 5d 6d 7d", "straight_flush"),
    ("Kc Kd Kh Ks Ad Ac", "house_party"),
    ("8c 8d 8h 8s Ad 2c", "four_of_a_kind"),
    ("Ah As Ad 7h 7s 7d", "double_happy"),
    ("3h 3s 3d 7h 7s 9d", "full_house"),
    ("2s As 7s 9s 3s Ks", "flush"),
    ("3h 4s 5d 6h 7s 8d", "straight"),
    ("Ac Ad Ah 2s 7d 9c", "three_of_a_kind"),
    ("Th Ts 2d 2h 8s 8d", "three_pair"),
    ("9c 9d Ah As 3d 4c", "two_pair"),
    ("2c 2d Th 7s 5d 9c", "pair"),
]


@pytest.mark.parametrize("cards, category", EGYPTIAN_TABLE)
def test_egyptian_names_each_hand_of_the_seed_table(cards, category):
    assert value(cards, "egyptian").category == category


def test_egyptian_order_is_the_seed_table_order():
    hands = [cards for cards, _ in EGYPTIAN_TABLE]
    assert order("egyptian", *reversed(hands)) == hands


def test_house_party_beats_plain_four_of_a_kind_and_double_happy_beats_a_full_house():
    # four deuces with a pair of threes (house party) beat four aces with two odd cards
    assert value("2c 2d 2h 2s 3c 3d", "egyptian").key > value("Ac Ad Ah As Kc Qd", "egyptian").key
    # three fours and three fives (double happy) beat aces full of kings
    assert value("4c 4d 4h 5s 5c 5d", "egyptian").key > value("Ac Ad Ah Ks Kc Qd", "egyptian").key


def test_three_pair_beats_two_pair_but_not_three_of_a_kind():
    three_pair = value("4c 4d 3h 3s 2c 2d", "egyptian")
    assert three_pair.key > value("Ac Ad Kh Ks Qc Jd", "egyptian").key
    assert three_pair.key < value("2c 2d 2h 5s 7c 9d", "egyptian").key
    assert three_pair.describe == "Three pair, fours, threes and deuces"


def test_egyptian_five_card_straights_and_flushes_do_not_count():
    # five hearts and a club, and five in a row with a gap: just high cards
    assert value("2h 5h 8h Th Kh 3c", "egyptian").category == "high_card"
    assert value("4c 5d 6h 7s 8c Kd", "egyptian").category == "high_card"


def test_egyptian_ace_plays_low_in_a_six_card_straight_S2():
    wheel = value("Ac 2d 3h 4s 5c 6d", "egyptian")
    assert wheel.category == "straight"
    assert wheel.key < value("2d 3h 4s 5c 6d 7h", "egyptian").key


def test_egyptian_wild_card_completes_a_house_party():
    hand = value("Kc Kd Kh Ad Ac 2s", "egyptian", wild="2s")
    # the deuce as a king (four kings, two aces) beats the deuce as an ace (double happy)
    assert hand.category == "house_party"
    assert hand.wilds[0][1].rank == 13


def test_too_many_wild_cards_are_refused():
    with pytest.raises(RulesError, match="at most 2 wild"):
        value("2c 2d 2h 7s 9c 9d", "egyptian", wild="2c 2d 2h")
