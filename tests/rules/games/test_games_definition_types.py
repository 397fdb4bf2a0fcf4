"""Every field of an inline game definition, set to a value of the wrong type, is refused with
a RulesError naming it: never a TypeError or ValueError from deep in the engine (the CLI's
last-resort line). Each game is first dealt a hand it resolves, so the mutated definition
reaches its layout, rankings and side payments."""

import copy
import random

import pytest
from showdown_helpers import random_deal

from rules.errors import RulesError
from rules.games.definition import GameDef
from rules.games.registry import all_games
from rules.games.showdown import resolve

# games whose definitions carry layout parameters, option choices and side payments
GAMES = ["five-card-draw", "old-man", "rails", "double-edge-trim-saw", "russian-roulette",
         "krg", "spots", "circle-jerk", "double-elevator", "flaming-cross", "pyramid",
         "three-five-seven", "texas-tornado"]
WRONG = [5, None, "x", [], {}, True, -1, [5], [{}], {"a": 1}, 1.5]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield from _paths(item, (*path, index))


def _set(document, path, value):
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = value


@pytest.mark.parametrize("game_id", GAMES)
def test_a_field_of_the_wrong_type_is_refused_by_name(game_id):
    game = all_games()[game_id]
    deal = random_deal(game, random.Random(game_id))
    resolve(deal)                      # the deal itself is sound
    definition = {**game.to_json(), "id": "mine"}
    for path in list(_paths(definition))[1:]:
        for wrong in WRONG:
            mutated = copy.deepcopy(definition)
            _set(mutated, path, wrong)
            try:
                resolve({**deal, "game": mutated})
            except RulesError:
                pass


def test_the_message_names_the_nested_field():
    use = {"source": "hand", "min": "x"}
    with pytest.raises(RulesError, match=r"game\.hand\.takes\[0\]\[0\]\.min: expected a whole "
                                         r"number, got 'x'"):
        GameDef.from_json({"id": "mine", "hand": {"takes": [[use]]}})


@pytest.mark.parametrize("params, message", [
    ({"layout": "split-hand", "params": {"sizes": 5}}, "hand.params.sizes: expected a list"),
    ({"layout": "rows", "params": {"with": [{}]}}, "hand.params.with: expected a list of "
                                                   "position names"),
    ({"layout": "circle", "params": {"adjacent": "x"}}, "hand.params.adjacent: expected a "
                                                        "whole number of 1 or more"),
    ({"layout": "cross", "params": {"center_plays": "no"}}, "hand.params.center_plays: "
                                                            "expected true or false"),
])
def test_layout_parameters_are_read_by_name(params, message):
    game = GameDef.from_json({"id": "mine", "hand": params, "board": [
        {"name": "circle", "count": None}, {"name": "center"}, {"name": "row", "count": None},
        {"name": "column", "count": None}]})
    deal = {"game": game.to_json(), "pot": "1.00", "board": {
        "circle": ["2c", "3c", "4c"], "center": ["5d"], "row": ["6h", "7h"],
        "column": ["8s", "9s"]},
        "players": [{"name": "Ann", "down": ["As", "Ks"]}, {"name": "Bob", "down": ["Ad", "Kd"]}]}
    with pytest.raises(RulesError, match=message):
        resolve(deal)
