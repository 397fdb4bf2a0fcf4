"""The showdown and games commands' contract for the draw variants (002) and the hold'em family
(003): bad input exits 2 with one line naming the field; `games --json` lists every game with
its seed and the board positions its description names."""

import json

import pytest
from cli_helpers import p as pl

from rules.cli import main

# =============================================================================================
# Bad inputs: exit 2, one line naming the field
# =============================================================================================

@pytest.mark.parametrize("game, players, board, field", [
    ("pyramid", [pl("A", "Th 4c 5c 6d 8d")],
     {"row1": "Ah Kh Qh".split(), "row2": ["2c", "3d"], "bottom": ["9s"]}, "board.row1"),
    ("pyramid", [pl("A", "Th 4c 5c 6d 8d")],
     {"row1": "Ah Kh Qh Jh".split(), "row2": ["2c", "3d"]}, "board.bottom"),
    ("buddys-game", [pl("A", "Kh Kc 2s 3d", declare="high")],
     {"row1": ["5c", "Kd", "4d"], "row2": ["Ks", "9h"]}, "board.row1"),
    ("kryky", [pl("A", "5c 5d Kc", "Qs Js")], {"community": ["5h", "9s"], "wild": ["Kh", "Kd"]},
     "board.wild"),
    ("big-sol", [pl("A", "Kd", "Kc Ks 4h 4d", declare="sideways")], None, "players[0].declare"),
    ("one-card-poker", [pl("A", "As", declare="high")], None, "players[0].declare"),
    ("doogie", [pl("A", "As 2h 3d 5c Ks 9c")], {"community": "Kc Kd 9h 9s".split()},
     "players[0].declare"),
    ("texas-reach-around", [pl("A", "4c 9d")], {"circle": "4h Kd Kh 7s 2c".split()},
     "board.circle"),
    ("show-five", [pl("A", "2h 3h 4h", "Kc Ks 9h 7d 4c")], None, "players[0]"),
])
def test_bad_input_exits_2_with_one_line_naming_the_field(showdown, game, players, board, field):
    error = showdown(game, players, board=board, expect=2)
    assert field in error


def test_games_json_lists_every_reviewed_game_with_its_seed_and_positions(capsys):
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    draw_games = ["three-card-draw", "three-card-monte", "two-card-poker",
                  "two-card-deuces-wild", "dynamite", "one-card-poker", "show-five", "big-sol",
                  "draw-your-own", "whiskey-poker", "knock-poker", "knock-poker-deuces-wild",
                  "brag", "pokino", "red-and-black"]
    holdem_family = ["texas-reach-around", "doogie", "buddys-game", "mutual-of-omaha",
                     "double-trouble-split", "one-mans-trash", "hollywood-holdem",
                     "southern-deuce-holdem", "fred-potato", "pyramid", "kryky", "circle-jerk",
                     "cold-omaha", "spots", "strobe", "stop-drop-roll", "rails", "breaker",
                     "wraparound", "depot", "same-em", "texas-tornado", "odds-and-ends",
                     "royal-holdem"]
    for ids, seed in ((draw_games, "002_42b055345a383a80.txt"),
                      (holdem_family, "003_f7338090973f449e.txt")):
        for game_id in ids:
            game = games[game_id]
            assert game["source"] == seed and game["defined"] is True
            for position in game["board"]:
                assert f"`{position['name']}`" in game["describe"], (game_id, position["name"])
