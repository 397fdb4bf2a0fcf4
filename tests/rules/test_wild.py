"""Wild cards (S10-S13): any rank and suit, the flush exception, and "lowest card wild"."""

import pytest

from rules.cards import JOKER, Card, parse_cards
from rules.errors import RulesError
from rules.evaluator import evaluate, parse_wild


def value(text, spec="", scheme="high", **options):
    cards = parse_cards(text)
    return evaluate(cards, scheme, parse_wild(spec).resolve(cards), **options)


def shown(hand_value):
    return " ".join(str(card) for card in hand_value.cards)


def test_three_aces_and_two_wild_deuces_are_five_aces_S11():
    five = value("As Ad Ac 2h 2d", "2")
    assert five.category == "five_of_a_kind"
    assert [str(stand_in) for _, stand_in in five.wilds] == ["Ah", "As"]
    assert five.describe.startswith("Five aces (two wild deuces)")


def test_a_wild_may_not_duplicate_a_card_in_the_flush_S11():
    flush = value("Ah Jh 9h 7h JK", "joker")
    assert flush.category == "flush"
    assert shown(flush) == "Ah Kh Jh 9h 7h"
    assert flush.key < value("Ad Kd Jd 9d 8d").key


def test_a_wild_completes_a_straight_flush_before_five_of_a_kind_is_possible_S11():
    assert value("9h Th Jh Qh 2c", "2").category == "straight_flush"
    assert shown(value("9h Th Jh Qh 2c", "2")) == "Kh Qh Jh Th 9h"


def test_five_of_a_kind_beats_a_straight_flush_S2():
    assert value("Ks Kd Kc Kh JK", "joker").key > value("As Ks Qs Js Ts").key


def test_a_wild_pair_makes_quads_not_a_full_house():
    assert value("Ks Kd 7c 2h 2d", "2").category == "four_of_a_kind"


def test_specific_cards_and_several_ranks_can_be_wild():
    assert value("Kh 5s 5d 9c 3h", "Kh").category == "three_of_a_kind"
    assert value("Kh 5s 5d 9c 3h", "K,3").category == "four_of_a_kind"


def test_in_lows_a_wild_need_not_pair_S10():
    low = value("As 2d 3c 4h 2s", "2", "low-8")
    assert low.category == "high_card"
    assert shown(low) == "5s 4h 3c 2d As"
    house = value("As 2d 3c 4h JK", "joker", "low")
    assert shown(house) == "6s 4h 3c 2d As"


def test_lowest_hole_card_already_wild_still_counts_as_the_lowest_S13():
    rule = parse_wild("3,lowest-hole")
    down, up = parse_cards("4s 4d 3c"), parse_cards("Kh 4c 7d 9s")
    wild = rule.resolve(down, up)
    assert Card(4, "s") not in wild and Card(3, "c") in wild
    hand = evaluate(down + up, "high", wild)
    assert hand.category == "four_of_a_kind"
    assert "S13" in hand.describe


def test_aces_are_wild_only_when_every_hole_card_is_an_ace_S13():
    rule = parse_wild("3,lowest-hole")
    down, up = parse_cards("As Ad Ac"), parse_cards("2h 3d 6s Jh")
    hand = evaluate(down + up, "high", rule.resolve(down, up))
    assert hand.category == "five_of_a_kind"
    assert {card.rank for card in hand.cards} == {11}
    assert "every hole card is an ace (S13)" in hand.describe


def test_an_ace_in_the_hole_is_passed_over_for_a_lower_card_S13():
    wild = parse_wild("lowest-hole").resolve(parse_cards("As 9d"), parse_cards("2c"))
    assert Card(9, "d") in wild and Card(14, "s") not in wild
    assert Card(2, "c") not in wild  # up cards are not eligible for lowest-hole


def test_up_cards_of_the_lowest_hole_rank_are_wild_too_S13():
    wild = parse_wild("lowest-hole").resolve(parse_cards("5s 9d"), parse_cards("5c"))
    assert Card(5, "c") in wild


def test_lowest_counts_up_cards_as_well():
    wild = parse_wild("lowest").resolve(parse_cards("As 9d"), parse_cards("4c"))
    assert Card(4, "c") in wild and Card(9, "d") not in wild


def test_center_card_and_its_rank_are_wild():
    wild = parse_wild("center").resolve(parse_cards("As 9d"), (), Card(5, "s"))
    assert Card(5, "s") in wild and Card(5, "h") in wild
    with pytest.raises(RulesError, match="center"):
        parse_wild("center").resolve(parse_cards("As 9d"))


def test_wild_specs_parse_ranks_cards_and_jokers():
    rule = parse_wild("2, Kh,joker,10")
    assert rule.ranks == {2, 10} and rule.cards == {Card(13, "h")} and rule.joker
    assert JOKER in rule.resolve(())
    assert parse_wild("").resolve(()) == frozenset()


@pytest.mark.parametrize("spec, token", [("2,bogus", "'bogus'"), ("Zz", "'Zz'"), ("1", "'1'")])
def test_a_bad_wild_token_is_named(spec, token):
    with pytest.raises(RulesError, match=token):
        parse_wild(spec)


def test_with_four_wilds_seven_cards_still_find_five_of_a_kind():
    hand = value("2s 2d 2h 2c Kd 7s 8h", "2")
    assert hand.category == "five_of_a_kind" and hand.cards[0].rank == 13  # four wilds + the king
