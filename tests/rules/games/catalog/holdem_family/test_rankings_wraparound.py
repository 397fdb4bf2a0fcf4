"""Wraparound's ranking (`high-wrap`): straights may run through the ace (003)."""

import pytest
from rankings_helpers import value

from rules.cards import parse_cards
from rules.errors import RulesError
from rules.evaluator import evaluate
from rules.games.catalog import load_extensions

load_extensions()


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


def test_too_many_wild_cards_are_refused_naming_the_ranking():
    with pytest.raises(RulesError, match="the high-wrap ranking allows at most 2 wild cards"):
        evaluate(parse_cards("2h 2d 2c 5s 6h"), "high-wrap", frozenset(parse_cards("2h 2d 2c")))
