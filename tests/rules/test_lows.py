"""Low hands (S7-S9): the house low and the other schemes the seeds name."""

import pytest

from rules.cards import parse_cards
from rules.evaluator import category_rank, evaluate


def value(text, scheme, **options):
    return evaluate(parse_cards(text), scheme, **options)


def shown(hand_value):
    return " ".join(str(card) for card in hand_value.cards)


def better(scheme, first, second, **options):
    return value(first, scheme, **options).key > value(second, scheme, **options).key


def test_house_best_low_is_a_2_3_4_6_in_two_suits_S7():
    assert better("low", "As 2d 3c 4h 6s", "2c 3d 4h 5s 7c")
    assert better("low", "As 2d 3c 4h 6s", "As 2d 3c 4h 7s")
    assert shown(value("As 2d 3c 4h 6s", "low")) == "6s 4h 3c 2d As"


def test_house_low_counts_straights_and_flushes_S7():
    assert value("As 2d 3c 4h 5s", "low").key < value("As 2d 3c 4h 6s", "low").key
    wheel = value("As 2d 3c 4h 5s", "low")
    assert wheel.category == "straight"  # the wheel is no perfect low under the house rule
    assert better("low", "2s 2d 3c 4h 5s", "As 2d 3c 4h 5s")  # even a pair is a lower low
    assert better("low", "2c 3c 4c 6c 8d", "2c 3c 4c 6c 8c")
    assert value("2c 3c 4c 6c 8c", "low").category == "flush"


def test_house_low_a_pair_of_aces_plays_high_so_deuces_are_lower_S7():
    assert better("low", "2s 2d 3c 4h 6s", "As Ad 3c 4h 6s")


def test_house_low_a_single_ace_plays_low_S7():
    assert better("low", "As 2d 3c 4h 7s", "2d 3c 4h 6s 8s")
    assert value("As Kd Qc Jh Ts", "low").category == "high_card"  # no broadway straight


def test_ace_to_five_ignores_straights_and_flushes_S9():
    wheel = value("As 2s 3s 4s 5s", "low-a5")
    assert wheel.category == "high_card"
    assert shown(wheel) == "5s 4s 3s 2s As"
    assert better("low-a5", "As 2s 3s 4s 5s", "As 2d 3c 4h 6s")


def test_eight_or_better_needs_no_pair_and_nothing_above_eight_S8():
    assert value("Ah Ad 3c 4s 5h", "low-8").category is None
    assert value("9h 2d 3c 4s 5h", "low-8").category is None
    assert value("8h 2d 3c 4s 5h", "low-8").category == "high_card"
    assert value("9h 2d 3c 4s 5h", "low-8").key < value("8h 7d 6c 4s 5h", "low-8").key
    assert value("Kh 2d 3c 4s 5h 7d 9c", "low-8").category == "high_card"


def test_a_qualifier_can_be_given_to_any_low_S8():
    assert value("8h 2d 3c 4s 5h", "low-a5", qualifier=7).category is None
    assert value("7h 2d 3c 4s 5h", "low-a5", qualifier=7).category == "high_card"


def test_deuce_to_seven_plays_the_ace_high_S9():
    assert shown(value("2c 3d 4h 5s 7c", "low-27")) == "7c 5s 4h 3d 2c"
    assert better("low-27", "2c 3d 4h 5s 7c", "As 2d 3c 4h 6s")
    assert better("low-27", "As 2d 3c 4h 5s", "Ks Qd Jc 9h 8s") is False
    assert value("2c 3d 4h 5s 6c", "low-27").category == "straight"


def test_ace_to_six_plays_the_ace_low_and_counts_straights_S9():
    assert better("low-a6", "As 2d 3c 4h 6s", "2c 3d 4h 5s 7c")
    assert value("As 2d 3c 4h 5s", "low-a6").category == "straight"
    assert better("low-a6", "2s 2d 3c 4h 6s", "As Ad 3c 4h 6s") is False  # aces always low


def test_doogie_one_card_of_each_suit_no_pair_S9():
    perfect = value("As 2c 3d 4h", "doogie")
    assert perfect.category == "high_card"
    assert shown(perfect) == "4h 3d 2c As"
    assert value("As 2s 3d 4h", "doogie").category is None  # two spades
    assert value("As Ac 3d 4h", "doogie").category is None  # a pair
    assert value("8s 2c 3d 4h", "doogie").category is None  # qualifier 7
    assert value("8s 2c 3d 4h", "doogie", qualifier=8).category == "high_card"
    assert better("doogie", "As 2c 3d 4h", "As 2c 3d 5h")


def test_doogie_picks_the_best_four_of_many_cards_S9():
    best = value("Ks 7s 2c 3d 4h Ac 9d", "doogie")
    assert shown(best) == "7s 4h 3d Ac"


def test_a_non_qualifying_low_ranks_below_every_qualifying_one():
    assert value("Ks Kd Kc Kh Qs", "low-8").key < value("8h 7d 6c 4s 5h", "low-8").key
    assert value("Ks Kd Kc Kh Qs", "low-8").key == value("9s 9d 9c 2h Qs", "low-8").key


@pytest.mark.parametrize("scheme", ["low", "low-27", "low-a6"])
def test_low_category_ranks_put_no_pair_first(scheme):
    assert category_rank(scheme, "high_card") > category_rank(scheme, "pair")


def test_a_pigger_may_use_different_cards_and_the_ace_both_ways_S15():
    cards = parse_cards("As Ad 2c 3h 4s 6d Kc")
    high, low = evaluate(cards, "high"), evaluate(cards, "low")
    assert high.category == "pair" and high.cards[0].rank == 14  # aces high for high
    assert shown(low) == "6d 4s 3h 2c As"  # one ace, low, for low
    assert set(high.cards) != set(low.cards)


def test_describe_says_what_the_low_is():
    assert value("As 2d 3c 4h 6s", "low").describe == "6-4-3-2-A low"
    assert value("As Ad 3c 4h 6s", "low").describe == "A-A-6-4-3 low, counting as pair"
    assert value("9h 2d 3c 4s 5h", "low-8").describe == "No qualifying low (8 or better)"
