"""High hands and the small schemes (S1-S6), through the public API of rules.evaluator."""

import pytest

from rules.cards import JOKER, Card, parse_cards
from rules.errors import CardError, RulesError
from rules.evaluator import (
    HIGH_CATEGORIES,
    SCHEMES,
    HandValue,
    Source,
    best_hand,
    category_rank,
    evaluate,
    register_scheme,
)


def value(text, scheme="high", wild=frozenset(), **options):
    return evaluate(parse_cards(text), scheme, wild, **options)


def shown(hand_value):
    return " ".join(str(card) for card in hand_value.cards)


@pytest.mark.parametrize("text, category", [
    ("As Ks Qs Js Ts", "straight_flush"),
    ("9c 9d 9h 9s 2c", "four_of_a_kind"),
    ("Kc Kd Kh 7s 7c", "full_house"),
    ("2h 7h 9h Jh Kh", "flush"),
    ("Ah 2d 3c 4s 5h", "straight"),
    ("Qc Qd Qh 7s 2c", "three_of_a_kind"),
    ("Jc Jd 4h 4s 2c", "two_pair"),
    ("Tc Td 8h 4s 2c", "pair"),
    ("Ac Jd 8h 4s 2c", "high_card"),
])
def test_every_high_category_by_its_contract_name_S2(text, category):
    assert value(text).category == category


def test_the_categories_rank_in_the_house_order_S2():
    hands = ["Ac Jd 8h 4s 2c", "Tc Td 8h 4s 2c", "Jc Jd 4h 4s 2c", "Qc Qd Qh 7s 2c",
             "Ah 2d 3c 4s 5h", "2h 7h 9h Jh Kh", "Kc Kd Kh 7s 7c", "9c 9d 9h 9s 2c",
             "5s 6s 7s 8s 9s"]
    keys = [value(text).key for text in hands]
    assert keys == sorted(keys)
    assert [category_rank("high", name) for name in HIGH_CATEGORIES] == list(range(10, 0, -1))


def test_the_wheel_is_the_lowest_straight_and_reads_five_high_S2():
    wheel = value("Ah 2d 3c 4s 5h")
    assert shown(wheel) == "5h 4s 3c 2d Ah"
    assert wheel.key < value("2d 3c 4s 5h 6c").key
    assert wheel.describe == "Five-high straight"


def test_cards_talk_the_best_five_of_seven_are_used_S1():
    best = value("Ks Kd Kh 2c 3d 9s 9h")
    assert best.category == "full_house"
    assert shown(best) == "Ks Kh Kd 9s 9h"


def test_ties_are_not_broken_by_suit_S6():
    assert value("As Kd Qh Jc 9s").key == value("Ah Kc Qd Js 9h").key


def test_ties_are_not_broken_by_counting_wild_cards_S6():
    natural = value("Ks Kd Kh Kc 9s", wild=frozenset({Card(2, "h")}))
    with_wild = value("Ks Kd Kh 2h 9s", wild=frozenset({Card(2, "h")}))
    assert with_wild.category == natural.category == "four_of_a_kind"
    assert with_wild.key == natural.key


def test_kickers_decide_within_a_category_S2():
    assert value("As Ad Kh 7c 3s").key > value("Ah Ac Qh Jc 9s").key


def test_three_card_house_order_puts_trips_over_straight_flush_S3():
    trips, straight_flush = value("2s 2d 2h", "three"), value("Qs Ks As", "three")
    assert (trips.category, straight_flush.category) == ("three_of_a_kind", "straight_flush")
    assert trips.key > straight_flush.key
    assert value("As 2d 3h", "three").category == "straight"


def test_three_card_straight_beats_flush_and_flush_beats_pair_S3():
    order = [value(text, "three").key for text in ("Ah Ad 3h", "9s 5s 2s", "4d 5h 6c")]
    assert order == sorted(order)


def test_three_card_variants_S3():
    assert value("Qs Ks As", "three-plain").category == "high_card"
    assert value("Qs Ks As", "three-sf-top").key > value("Ks Kd Kh", "three-sf-top").key


def test_four_card_ranking_has_no_straights_or_flushes_S4():
    assert value("5s 6s 7s 8s", "four").category == "high_card"
    order = [value(text, "four").key
             for text in ("As Kd 9h 2c", "2s 2d 9h 3c", "2s 2d 3h 3c", "2s 2d 2h 3c",
                          "2s 2d 2h 2c")]
    assert order == sorted(order)


def test_two_and_one_card_rankings_S5():
    assert value("As Ad", "two").key > value("Ks Qd", "two").key
    assert value("Kd", "one").key > value("Qd", "one").key
    assert value("JK", "one").key == value("As", "one").key
    assert value("JK", "one-low").key == value("2s", "one-low").key
    assert value("As", "one-low").key < value("Ks", "one-low").key


def test_every_contract_scheme_is_registered():
    for name in ("high", "three", "three-plain", "three-sf-top", "four", "two", "one",
                 "one-low", "low", "low-a5", "low-27", "low-a6", "low-8", "doogie"):
        assert name in SCHEMES


def test_too_few_cards_duplicates_and_unknown_schemes_are_refused():
    with pytest.raises(CardError, match="too few"):
        value("As Kd Qh Jc")
    with pytest.raises(CardError, match="As"):
        value("As As Qh Jc Tc")
    with pytest.raises(RulesError, match="'nope'"):
        value("As Kd Qh Jc Tc", "nope")


def test_a_joker_that_is_not_wild_is_refused_outside_one_card_games():
    with pytest.raises(CardError, match="JK"):
        evaluate([JOKER, *parse_cards("As Kd Qh Jc")])


def test_to_json_has_the_contract_shape():
    assert value("As Ks Qs Js Ts").to_json() == {
        "category": "straight_flush", "cards": ["As", "Ks", "Qs", "Js", "Ts"],
        "describe": "Royal flush"}


def test_omaha_uses_exactly_two_from_the_hand():
    hand = parse_cards("As Ks 2d 3c")
    board = parse_cards("Qs Js Ts 9h 8h")
    omaha = best_hand([Source(hand, 2, 2), Source(board, 3, 3)])
    assert omaha.category == "straight_flush"  # As Ks + Qs Js Ts
    straight = best_hand([Source(parse_cards("Kd Qc 4h 5h"), 2, 2),
                          Source(parse_cards("Js Ts 9h 2c 3d"), 3, 3)])
    assert straight.category == "straight"
    flush_board = parse_cards("2h 5h 9h Jh Kh")
    assert best_hand([Source(parse_cards("Ac Qd 3s 4s"), 2, 2), Source(flush_board, 3, 3)]) \
        .category == "high_card"


def test_best_hand_is_none_when_no_combination_exists():
    assert best_hand([Source(parse_cards("As Kd"), 3, 3), Source(parse_cards("Qh Jc Tc"))]) \
        is None


def test_hold_em_single_source_equals_evaluate():
    cards = parse_cards("As Ks Qd Jd Td 2c 3c")
    assert best_hand([Source(cards)]).key == evaluate(cards).key


def test_register_scheme_lets_the_catalog_add_a_ranking():
    def red_points(cards, wild):
        points = sum(card.rank for card in cards if card.suit in "hd")
        return HandValue("red-points-test", "high_card", (points,), tuple(cards), (),
                         f"{points} red points")

    register_scheme("red-points-test", 2, "high", red_points)
    try:
        best = evaluate(parse_cards("Ah Kd 2s 3c"), "red-points-test")
        assert best.key == (27,)
        assert category_rank("red-points-test", "high_card") == 1
    finally:
        SCHEMES.remove("red-points-test")
