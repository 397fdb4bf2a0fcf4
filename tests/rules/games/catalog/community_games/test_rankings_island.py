"""Island Pineapple's deuce and suited-ace replacements (`island`, `island-straights`, 003)."""

from rankings_helpers import value

from rules.games.catalog import load_extensions

load_extensions()


# --- Island Pineapple ------------------------------------------------------------------------

def test_suited_deuce_fills_the_gap_of_a_straight_flush():
    # 6s 7s 8s 2s Ts: the seed's example, a spades straight flush (the deuce is the 9)
    hand = value("6s 7s 8s 2s Ts", "island")
    assert hand.category == "straight_flush"
    assert [str(card) for card in hand.cards] == ["Ts", "9s", "8s", "7s", "6s"]
    assert value("6s 7s 8s 2s Ts", "high").category == "flush"


def test_deuce_with_four_in_a_row_replaces_the_lowest_card():
    # 2s Ts Js Qs Ks: the deuce is the 9s, a king-high straight flush (not a royal)
    hand = value("2s Ts Js Qs Ks", "island")
    assert hand.category == "straight_flush"
    assert hand.key == value("9s Ts Js Qs Ks", "high").key
    assert hand.key < value("Ts Js Qs Ks As", "high").key


def test_suited_ace_is_wild_only_with_the_suited_deuce_and_tops_the_sequence():
    # 2h Ah 7h 8h 9h: deuce below (6h), ace above (Th): ten-high straight flush
    hand = value("2h Ah 7h 8h 9h", "island")
    assert hand.category == "straight_flush"
    assert hand.key == value("6h 7h 8h 9h Th", "high").key
    # without the deuce the ace is only an ace: Ah 7h 8h 9h Jh is a flush
    assert value("Ah 7h 8h 9h Jh", "island").category == "flush"


def test_off_suit_deuce_completes_no_straight_flush():
    assert value("6s 7s 8s 2d Ts", "island").category == "high_card"
    # and a deuce completes no plain straight in the basic game
    assert value("5s 2h 7d 8c 6c", "island").category == "high_card"


def test_straight_with_wilds_variation_examples_from_the_seed():
    # 5s 2h 7d 8c Ah is a straight equal to 5-6-7-8-9
    hand = value("5s 2h 7d 8c Ah", "island-straights")
    assert hand.category == "straight"
    assert hand.key == value("5s 6h 7d 8c 9h", "high").key
    # 8s 2d Th 2c Jc is not a straight: only one deuce may be wild
    assert value("8s 2d Th 2c Jc", "island-straights").category == "pair"
    # Ac 2d 2h 4s 5d is a straight: one deuce natural, the other wild as the 3
    assert value("Ac 2d 2h 4s 5d", "island-straights").category == "straight"
