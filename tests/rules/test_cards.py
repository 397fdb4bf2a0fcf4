import pytest

from rules.cards import JOKER, Card, check_no_duplicates, deck, parse_card, parse_cards
from rules.errors import CardError


@pytest.mark.parametrize(
    "token, expected",
    [("As", Card(14, "s")), ("10h", Card(10, "h")), ("T♠", Card(10, "s")), ("jk", JOKER),
     ("2c", Card(2, "c")), ("q♦", Card(12, "d"))],
)
def test_card_tokens_as_the_table_writes_them(token, expected):
    assert parse_card(token) == expected


@pytest.mark.parametrize("token", ["1s", "Ax", "10", "", "AsK", "11h"])
def test_an_unknown_card_names_the_token(token):
    with pytest.raises(CardError, match=repr(token)):
        parse_card(token)


def test_deck_sizes():
    sizes = [len(deck(name)) for name in ("standard", "joker", "two-jokers", "royal")]
    assert sizes == [52, 53, 54, 20]


def test_a_card_seen_twice_is_refused_but_two_jokers_are_not():
    check_no_duplicates(parse_cards("JK JK As"))
    with pytest.raises(CardError, match="As is seen 2 times"):
        check_no_duplicates(parse_cards("As Kd As"))

