"""A game's rules in plain words and its family, read from the definition (the call page and the
hand page show them)."""

import pytest

from rules.games.options import apply_options
from rules.games.registry import all_games, get_game
from rules.games.words import FAMILIES, family, plain_words


def _words(game_id, options=None):
    return dict(plain_words(*apply_options(get_game(game_id), options or {})))


@pytest.mark.parametrize("game, expected", [
    ("seven-card-stud", "Stud"), ("five-card-stud", "Stud"), ("five-card-draw", "Draw"),
    ("brag", "Draw"), ("texas-holdem", "Community cards"), ("omaha", "Community cards"),
    ("pyramid", "Boards of their own shape"), ("guts", "Guts"), ("one-card-guts", "Guts"),
    ("draw-match-pot", "Match pot and burn"), ("omaha-burns", "Match pot and burn"),
    ("old-man", "Match pot and burn"),
])
def test_each_game_has_a_family(game, expected):
    assert family(get_game(game)) == expected


def test_every_catalog_game_reads_in_plain_words_without_code():
    for game in all_games().values():
        if not game.defined:
            continue
        words = dict(plain_words(*apply_options(game, {})))
        assert family(game) in FAMILIES
        assert {"Dealt", "Wild", "Wins", "Losers pay"} <= set(words), game.id
        for sentence in words.values():
            assert "`" not in sentence and "None" not in sentence, (game.id, sentence)


def test_what_is_dealt_wild_split_and_paid_S3_P3_P13():
    deadly = _words("deadly-69s")
    assert deadly["Dealt"] == "2 down and 1 up each."
    assert deadly["Wild"].startswith("6s and 9s when dealt face down.")
    assert "a 6 or a 9 face up is dead" in deadly["Wild"]
    assert "matches the pot into the next pot (P3)" in deadly["Losers pay"]
    draw = _words("five-card-draw")
    assert draw["Dealt"] == "5 cards each, face down." and draw["Wild"] == "No wild cards."
    assert "Everybody drops" not in draw
    holdem = _words("omaha-burns")
    assert "5 shared cards in the middle" in holdem["Dealt"]
    assert "exactly 2 of your own cards" in holdem["Dealt"]
    assert "at most $5.00" in holdem["Losers pay"] and "goal-posting, P6" in holdem["Wins"]


def test_the_dealers_changes_are_in_the_words_S12():
    assert _words("five-card-draw", {"wild": "2"})["Wild"] == "Deuces."
    assert "burns as much as the pot, at most $2.00" in _words(
        "omaha-burns", {"burn_cap": "2.00"})["Losers pay"]


def test_everybody_drops_is_said_where_it_can_happen_P11_P14():
    assert "re-antes" in _words("guts")["Everybody drops"]
    assert "pays $1.00 into it" in _words("guts", {"wimp": "1.00"})["Everybody drops"]


def test_old_mans_dummy_and_a_lone_players_ghost_P9_P14():
    assert "every player must beat it" in _words("old-man")["Dealt"]
    assert "A lone player must beat Top four cards" in _words("four-card-fours")["Dealt"]
