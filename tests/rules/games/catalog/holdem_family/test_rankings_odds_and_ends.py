"""Odds and Ends: each player's highest odd card is wild unless the board ends it (003)."""

from rules.cards import parse_cards
from rules.evaluator import evaluate
from rules.games.catalog import load_extensions
from rules.games.catalog.holdem_family.odds_and_ends import odds_and_ends_wild

load_extensions()


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
