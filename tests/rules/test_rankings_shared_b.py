"""Special rankings of seed 003, second part: Egyptian six-card hands, Island Pineapple's deuce and
suited-ace replacements, Ruby Run's runs. Every example is worked from the seed's text."""

import pytest

import rules.rankings  # noqa: F401  (registers the schemes)
from rules.cards import parse_cards
from rules.errors import RulesError
from rules.hands import evaluate


def value(cards: str, scheme: str, wild: str = ""):
    return evaluate(parse_cards(cards), scheme, frozenset(parse_cards(wild)) if wild else frozenset())


def order(scheme: str, *hands: str) -> list[str]:
    """Hands sorted best first (the test lists them best first when the ranking is right)."""
    return sorted(hands, key=lambda hand: value(hand, scheme).key, reverse=True)


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


# --- Ruby Run --------------------------------------------------------------------------------


def test_suited_run_of_three_beats_a_mixed_red_run_of_four():
    # the seed's example: 2D 3D 4D beats 6D 7D 8H 9H
    suited = value("2d 3d 4d Kc 9s", "ruby-run")
    mixed = value("6d 7d 8h 9h Kc", "ruby-run")
    assert (suited.category, mixed.category) == ("suited_run", "run")
    assert suited.key > mixed.key


def test_longer_run_wins_among_runs_of_the_same_kind():
    assert value("5c 6s 7c 8s Kd", "ruby-run").key > value("9h Th Jd Ac Ks", "ruby-run").key


def test_red_run_beats_black_run_of_the_same_kind_and_length():
    assert value("2h 3d 4h 9c 9s", "ruby-run").key > value("Qs Kc As 9d 9h", "ruby-run").key


def test_tied_runs_go_to_the_better_poker_hand_then_split():
    # both a suited red run of three; the pair of nines decides
    better = value("5h 6h 7h 9c 9s", "ruby-run")
    worse = value("Jd Qd Kd Ac 3s", "ruby-run")
    assert better.key > worse.key
    # same run kind, length and colour, same poker hand: a tie (the pot splits)
    assert value("5d 6d 7d 9h 9d", "ruby-run").key == better.key


def test_any_run_beats_every_hand_without_one():
    assert value("2c 3s 4c 7d 9h", "ruby-run").key > value("Ac Ad Ah As Kd", "ruby-run").key


def test_without_runs_aces_are_high_only():
    # A-2-3-4-5 is no straight in Ruby Run (mixed colours: no run either)
    assert value("Ac 2h 3s 4d 5c", "ruby-run").category == "high_card"
    assert value("Tc Jh Qs Kd Ac", "ruby-run").category == "straight"


def test_too_many_wild_cards_are_refused():
    with pytest.raises(RulesError, match="at most 2 wild"):
        value("2c 2d 2h 7s 9c 9d", "egyptian", wild="2c 2d 2h")
