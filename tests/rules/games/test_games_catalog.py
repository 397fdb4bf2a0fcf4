"""The catalog covers GAMES.md (G): every id of the standard, seed-000 and seed-001 tables is
defined, cites its seed, and its description names its board positions and options."""

import pytest

from rules.games.options import apply_options
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


# Every game whose seed text gives a low qualifier, with the low it plays high-low: (scheme,
# the highest rank a qualifying low may hold, the seed and its section). A game played
# high-low only by an option (`hi_lo`) is listed with the low that option plays.
LOW_QUALIFIERS = {
    "omaha": ("low-8", 8, "004 index / GAMES.md: Omaha hi-lo 8-or-better (S8)"),
    "omaha-burns": ("low-8", 8, "000 Omaha Burns: 8 or better low"),
    "progressive-omaha-burns": ("low-8", 8, "000 Omaha Burns, progressive variant"),
    "doogie": ("doogie", 7, "003 Doogie: a 7 doogie for low"),
    "buddys-game": ("doogie", 7, "003 Buddys Game: a 7 doogie for low"),
    "pyramid": ("low", 8, "003 Pyramid: the low's highest card an 8 or lower"),
    "cold-omaha": ("low-8", 8, "003 Cold Omaha: Omaha 8 or better"),
    "jersey-holdem": ("low-8", 8, "003 Jersey Holdem: O8B"),
    "jersey-holdem-south": ("low-8", 8, "003 Jersey Holdem, South Jersey: O8B"),
    "oh-shit": ("low-8", 8, "003 Oh Shit: eight-high or better"),
    "slam-aha": ("low-8", 8, "003 Slam-aha: played as Oh Shit"),
    "two-eleven": ("low-a5", 7, "003 Two Eleven: no card higher than a seven, A-5"),
    "cucamonga": ("low-8", 8, "003 Cucamonga: trips & 8"),
    "boise": ("low-8", 8, "003 Boise: eight or under"),
    "piles": ("low-8", 8, "003 Piles: 8 or lower qualifier"),
    # the popular family (POPULAR_GAMES.md)
    "crazy-pineapple": ("low-8", 8, "H13 Crazy Pineapple: option hi_lo, 8-or-better"),
    "big-o": ("low-8", 8, "H14 Big O: high-low 8-or-better"),
    "double-board-holdem": ("low-8", 8, "H7 double board: option hi_lo, 8-or-better"),
    "double-board-omaha": ("low-8", 8, "H7 double board: option hi_lo, 8-or-better"),
}


def _played_high_low(game_id, options):
    game, _ = apply_options(all_games()[game_id], options)
    return game.low, game.low_qualifier


@pytest.mark.parametrize("game_id", sorted(LOW_QUALIFIERS))
@pytest.mark.parametrize("options", [{}, {"split": "cards-talk"}, {"split": "declare"},
                                     {"low": "house"}])
def test_every_low_qualifier_of_the_seeds_applies_however_the_game_is_played_high_low_S8(
        game_id, options):
    """S8 and 003's qualifiers: a game's qualifier holds in its own high-low play, with the
    split asked for by `split`, and under another low scheme that names no qualifier."""
    scheme, qualifier, _seed = LOW_QUALIFIERS[game_id]
    game = all_games()[game_id]
    if game.split == "high":     # high-low only by its own option
        options = {**options, "hi_lo": True}
    low, played = _played_high_low(game_id, options)
    assert played == qualifier
    if "low" not in options:
        assert low == scheme


def test_the_low_qualifier_table_lists_every_game_with_a_qualifier():
    """A definition that gains or drops a low qualifier must be added to or removed from
    LOW_QUALIFIERS on purpose (with its seed)."""
    with_qualifier = set()
    for game_id, game in all_games().items():
        hi_lo = next((option for option in game.options if option.name == "hi_lo"), None)
        values = [value for value in (hi_lo.choices if hi_lo else ()) if value != "false"]
        for options in ({}, *({"hi_lo": value} for value in values)):
            if _played_high_low(game_id, options)[1] is not None:
                with_qualifier.add(game_id)
    assert with_qualifier == set(LOW_QUALIFIERS)


def test_a_low_qualifier_option_still_overrides_the_games_own_in_any_order():
    """The `low_qualifier` option is read after `low` and `split`, so it always wins."""
    for options in ({"low_qualifier": 6, "low": "a5", "split": "cards-talk"},
                    {"split": "cards-talk", "low": "8-or-better", "low_qualifier": 6}):
        assert _played_high_low("two-eleven", options)[1] == 6
    assert _played_high_low("omaha-burns", {"low_qualifier": None})[1] is None
