"""The GameDef format: data in, data out; options and rounds change fields, typos fail."""

import pytest

from rules.errors import RulesError
from rules.games.definition import GameDef
from rules.games.options import apply_options
from rules.games.registry import all_games, get_game


def test_every_catalog_game_survives_a_json_round_trip():
    for game in all_games().values():
        assert GameDef.from_json(game.to_json()) == game, game.id


def test_three_five_seven_round_one_is_three_cards_threes_wild_G():
    first = get_game("three-five-seven").for_round(1)
    assert (first.down, first.high, first.wild) == (3, "three-plain", "3")
    third = get_game("three-five-seven").for_round(3)
    assert (third.down, third.high, third.wild) == (7, "high", "7")


def test_round_out_of_range_names_the_field():
    with pytest.raises(RulesError, match="round"):
        get_game("three-five-seven").for_round(4)


def test_options_vocabulary_turns_omaha_into_declare_with_house_low():
    game, _ = apply_options(get_game("omaha"), {"split": "declare", "low": "house"})
    assert (game.split, game.low) == ("declare", "low")


def test_burn_cap_option_is_money_in_cents_P4():
    game, _ = apply_options(get_game("omaha-burns"), {"burn_cap": "2.50"})
    assert (game.pot.kind, game.pot.burn, game.pot.burn_amount) == ("burn", "pot-up-to", 250)


def test_game_option_choice_sets_fields_and_is_reported_in_settings():
    game, settings = apply_options(get_game("two-more-deadly-inches"), {"deadly": "Q"})
    assert (game.wild, game.kill, settings["deadly"]) == ("Q", "Q", "Q")


def test_kitty_option_adds_a_dummy_P9():
    game, _ = apply_options(get_game("five-card-draw"), {"kitty": True})
    assert game.dummy is not None and game.dummy.name == "Kitty"


@pytest.mark.parametrize("options, field", [
    ({"split": "sideways"}, "options.split"),
    ({"colour": "red"}, "options.colour"),
    ({"pigging": "greedy"}, "options.pigging"),
])
def test_bad_option_names_the_field(options, field):
    with pytest.raises(RulesError, match=field):
        apply_options(get_game("five-card-draw"), options)


def test_a_typo_in_a_definition_fails_when_it_is_built():
    with pytest.raises(RulesError, match="split"):
        GameDef(id="x", name="x", source="inline", describe="x", split="hi-lo")


def test_inline_definition_errors_name_the_field():
    with pytest.raises(RulesError, match=r"game\.board\[0\]"):
        GameDef.from_json({"id": "mine", "board": [{"nme": "community"}]})
