"""The catalog covers GAMES.md (G): every id of the standard, seed-000 and seed-001 tables is
defined, cites its seed, and its description names its board positions and options."""

import pytest

from rules.games.registry import all_games

# The ids of GAMES.md's tables for the standard games (004), the match pot and burn games (000)
# and Old Man (001), copied here so that the test needs nothing outside the repository.
IDS_BY_SEED = {
    "004_": ("five-card-draw", "five-card-stud", "seven-card-stud", "texas-holdem", "omaha"),
    "000_": ("three-five-seven", "six-seven-eight", "four-card-fours", "deadly-69s", "deadly-7s",
             "deadly-low", "deadly-spades", "lively-diamonds", "guts", "one-card-guts",
             "one-card-guts-pass", "two-card-guts", "four-card-guts", "indian-poker",
             "omaha-burns", "progressive-omaha-burns", "piranha", "evolution", "draw-match-pot",
             "two-more-inches", "two-more-deadly-inches"),
    "001_": ("old-man",),
}
IDS = {game_id: seed for seed, ids in IDS_BY_SEED.items() for game_id in ids}


def test_every_games_md_id_is_listed_once():
    assert len(IDS) == 5 + 21 + 1


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_game_is_defined_from_its_seed(game_id):
    game = all_games()[game_id]
    assert game.source.startswith(IDS[game_id])
    assert game.describe and game.name and game.defined


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_describe_names_every_board_position_and_option(game_id):
    game = all_games()[game_id]
    for position in game.board:
        assert f"`{position.name}`" in game.describe, position.name
    for rnd in game.rounds:
        for position in rnd.sets.get("board", ()):
            assert f"`{position.name}`" in game.describe, position.name
    for option in game.options:
        assert f"`{option.name}`" in game.describe, option.name
