"""H6 Short-deck hold'em: 36 cards (6s to aces), A-6-7-8-9 a straight, a flush over a full
house, three of a kind over a straight (option `trips_beat_straight`). Hands worked by hand
from H6's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.cards import deck, parse_cards
from rules.errors import RulesError
from rules.evaluator import evaluate
from rules.games.catalog import load_extensions
from rules.odds import odds

GAME = "short-deck-holdem"


def category(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["high"]


def test_the_deck_is_36_cards_6s_to_aces_H6():
    cards = deck("short")
    assert len(cards) == 36 and min(card.rank for card in cards) == 6


def test_a_6_7_8_9_is_a_straight_and_three_of_a_kind_beats_it_H6():
    board = {"community": ["7d", "8s", "9h", "Kc", "Qd"]}
    players = [p("Ann", "Ah 6c"), p("Bob", "Ks Kd")]
    result = play(GAME, players, board=board)
    ann = category(result, "Ann")
    assert ann["category"] == "straight" and "the ace below the six" in ann["describe"]
    assert awards(result) == {"Bob": "1.00"}                 # three kings beat the straight
    straights = play(GAME, players, board=board, options={"trips_beat_straight": False})
    assert awards(straights) == {"Ann": "1.00"}


def test_a_flush_beats_a_full_house_H6():
    board = {"community": ["Th", "7h", "6h", "Tc", "Kd"]}
    result = play(GAME, [p("Ann", "Ah Jh"), p("Bob", "Ks Kc")], board=board)
    assert category(result, "Bob")["category"] == "full_house"
    assert category(result, "Ann")["category"] == "flush"
    assert awards(result) == {"Ann": "1.00"}
    # ... with either reading of trips and straights
    assert awards(play(GAME, [p("Ann", "Ah Jh"), p("Bob", "Ks Kc")], board=board,
                       options={"trips_beat_straight": False})) == {"Ann": "1.00"}


def test_the_ace_low_straight_is_the_lowest_straight_H6():
    load_extensions()
    low = evaluate(parse_cards("As 6c 7d 8h 9s"), "high-short")
    ten = evaluate(parse_cards("6c 7d 8h 9s Ts"), "high-short")
    assert low.category == ten.category == "straight" and ten.key > low.key
    assert evaluate(parse_cards("Ks Kc Kd 7h 6s"), "high-short").key > ten.key


def test_a_card_the_short_deck_has_not_is_refused_naming_the_field_and_card_H6():
    with pytest.raises(RulesError, match=r"players\[0\]\.down: card 4h is not in the short deck"):
        play(GAME, [p("Ann", "4h 6c"), p("Bob", "Ks Kd")],
             board={"community": ["7d", "8s", "9h", "Kc", "Qd"]})


@pytest.mark.parametrize("trips_first,share", [(True, "0.0000"), (False, "0.6429")])
def test_odds_deal_the_short_deck_river_H6(trips_first, share):
    # 36 - 8 seen = 28 rivers. Ann's A-6-7-8-9 against Bob's three kings: with trips over
    # straights she is drawing dead; with straights over trips she wins unless the river
    # pairs the board (7, 8, 9: three each) or is the last king: 28 - 10 = 18 of 28.
    data = {"game": GAME, "players": [{"name": "Ann", "down": ["Ah", "6c"]},
                                      {"name": "Bob", "down": ["Ks", "Kd"]}],
            "board": {"community": ["7d", "8s", "9h", "Kc"]},
            "options": {"trips_beat_straight": trips_first}}
    result = odds(data)
    assert result["exact"] is True and result["trials"] == 28
    assert result["players"][0]["share"] == share
