"""The call page's search, ranked (rules/games/search.py): a game's own name before a whole word
of it, before a match in its rules words; only a clear best name match is chosen (issue 37:
"7 card stud" chose Big Sol, "hi-lo" chose Big Sol among 29)."""

import pytest

from rules.games.options import apply_options
from rules.games.registry import all_games
from rules.games.search import best, names_of, normal, rank, searched
from rules.games.words import family, plain_words


def _catalog():
    games = []
    for game in all_games().values():
        if game.defined:
            words = [" ".join(pair) for pair in plain_words(*apply_options(game, {}))]
            games.append(searched(game.id, game.name, [family(game), *words]))
    return games


CATALOG = _catalog()


@pytest.mark.parametrize("query, chosen", [
    ("7 card stud", "seven-card-stud"), ("seven card stud", "seven-card-stud"),
    ("Seven-Card Stud", "seven-card-stud"), ("7-card stud", "seven-card-stud"),
    ("7 stud", "seven-card-stud"), ("five card stud", "five-card-stud"),
    ("guts", "guts"), ("omaha", "omaha"), ("3-5-7", "three-five-seven"),
    ("three five seven", "three-five-seven"), ("deadly sevens", "deadly-7s"),
    ("deadly 69s", "deadly-69s"), ("forty three", "forty-three"), ("43", "forty-three"),
    ("texas holdem", "texas-holdem"), ("Texas hold 'em", "texas-holdem"),
    ("snookie", "big-sol"), ("T.N.T.", "big-sol"), ("tnt", "big-sol"),
    ("kansas tornado", "texas-tornado"), ("one man's trash", "one-mans-trash"),
    ("big sol", "big-sol"), ("seven c", "seven-card-stud"),
])
def test_a_clear_name_match_is_chosen(query, chosen):
    assert best(query, CATALOG) == chosen
    assert rank(query, CATALOG)[0][1].value == chosen


@pytest.mark.parametrize("query", ["hi-lo", "high-low", "High Low", "declare", "8-or-better",
                                   "stud", "holdem", "omah", "card", "sev"])
def test_no_clear_name_match_chooses_none(query):
    found = rank(query, CATALOG)
    assert found, query                         # the games are listed ...
    assert best(query, CATALOG) is None         # ... and none is chosen for the dealer


def test_a_rules_match_comes_after_every_name_match():
    found = rank("stud", CATALOG)
    ranks = [r for r, _ in found]
    assert ranks == sorted(ranks)
    assert {g.value for r, g in found if r < 3} == {"five-card-stud", "seven-card-stud"}
    assert len(rank("hi-lo", CATALOG)) == len(rank("high-low", CATALOG)) > 10
    assert all(r == 3 for r, _ in rank("hi-lo", CATALOG))


def test_big_sol_is_no_match_for_seven_card_stud():
    found = [g.value for _, g in rank("7 card stud", CATALOG)]
    assert found[0] == "seven-card-stud"
    assert "big-sol" not in found[:1]


def test_digits_and_number_words_are_one():
    assert normal("Seven-card stud") == normal("7 card stud") == "7 card stud"
    assert normal("Forty-Three") == "43"
    assert normal("Deadly Sevens") == normal("deadly 7s") == "deadly 7"
    assert normal("hi/lo") == normal("high or low") == normal("High-Low") == "highlow"


def test_the_other_names_a_game_goes_by():
    assert names_of("Big Sol (T.N.T., Snookie)") == ["Big Sol", "T.N.T.", "Snookie"]
    assert names_of("Texas (Kansas) Tornado") == ["Texas Tornado", "Kansas Tornado"]
    assert names_of("Guts") == ["Guts"]


def test_a_name_typed_twice_is_no_clear_match():
    twins = [searched("a", "Chicago"), searched("b", "Chicago")]
    assert best("chicago", twins) is None
    assert best("", CATALOG) is None and rank("   ", CATALOG) == []


# Every name POPULAR_GAMES.md gives a game (H1-H14) calls that game; where a name covers two
# games (double board, 2-7), the plainer one is chosen and the other is a tap away.
@pytest.mark.parametrize("query, chosen", [
    ("follow the queen", "follow-the-queen"), ("FTQ", "follow-the-queen"),
    ("baseball", "baseball"), ("night baseball", "night-baseball"), ("chicago", "chicago"),
    ("high chicago", "chicago"), ("low chicago", "chicago"), ("7 27", "seven-twenty-seven"),
    ("seven twenty-seven", "seven-twenty-seven"), ("badugi", "badugi"),
    ("short deck", "short-deck-holdem"), ("six plus", "short-deck-holdem"),
    ("double board", "double-board-holdem"), ("bomb pot", "double-board-holdem"),
    ("anaconda", "anaconda"), ("pass the trash", "anaconda"),
    ("kings and little ones", "kings-and-little-ones"), ("dr pepper", "dr-pepper"),
    ("razz", "razz"), ("2-7", "deuce-to-seven-single-draw"),
    ("deuce to seven", "deuce-to-seven-single-draw"),
    ("kansas city", "deuce-to-seven-single-draw"), ("crazy pineapple", "crazy-pineapple"),
    ("big o", "big-o"),
])
def test_each_popular_games_name_calls_it(query, chosen):
    assert best(query, CATALOG) == chosen
