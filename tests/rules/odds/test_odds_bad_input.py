"""`python -m rules odds`: bad input is one line naming the field, exit 2, nothing on stdout."""

import pytest

HOLDEM = {"game": "texas-holdem",
          "players": [{"name": "Ann", "down": ["As", "Ah"]}, {"name": "Bob", "down": ["Kd"]}]}

BAD = [
    ({**HOLDEM, "dead": ["Ah"]}, "dead[0]: card Ah is seen twice (also in players[0].down[1])"),
    ({**HOLDEM, "board": {"community": ["Kd"]}},
     "players[1].down[0]: card Kd is seen twice (also in board.community[0])"),
    ({**HOLDEM, "players": [{"name": "Ann", "down": ["As", "Ah", "Ad"]}]},
     "players[0]: 3 cards, but texas-holdem deals 2"),
    ({**HOLDEM, "board": {"community": ["2c", "3c", "4c", "5c", "6c", "7c"]}},
     "board.community: 6 cards, but texas-holdem deals 5 there"),
    ({**HOLDEM, "board": {"flop": ["2c"]}}, "board.flop: texas-holdem has no such position"),
    ({**HOLDEM, "game": "texas-holdem-deluxe"}, "game: unknown game 'texas-holdem-deluxe'"),
    ({**HOLDEM, "options": {"wild": "11"}}, "wild"),
    ({**HOLDEM, "options": {"colour": "red"}}, "options.colour"),
    ({**HOLDEM, "trials": 0}, "trials: expected a whole number from 1 to 10,000,000"),
    ({**HOLDEM, "trials": 10_000_001}, "trials: expected a whole number from 1 to 10,000,000"),
    ({**HOLDEM, "trials": "many"}, "trials:"),
    ({**HOLDEM, "seed": "abc"}, "seed: expected an integer"),
    ({**HOLDEM, "seed": 1.5}, "seed: expected an integer"),
    ({**HOLDEM, "seed": True}, "seed: expected an integer"),
    ({**HOLDEM, "exact": "maybe"}, "exact: expected"),
    ({**HOLDEM, "players": []}, "players: missing"),
    ({**HOLDEM, "players": [{"name": "Ann", "folded": "yes"}]}, "players[0].folded"),
    ({**HOLDEM, "dead": ["Zz"]}, "dead[0]"),
    ({"game": "big-sol", "players": [{"name": "Ann", "declare": "high"}, {"name": "Bob"}]},
     "players[1].declare: missing"),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_bad_input_names_the_field(odds_cli, data, message):
    code, error = odds_cli(data)
    assert code == 2
    assert error.count("\n") == 1, error
    assert message in error


def test_too_many_to_enumerate_by_force(odds_cli):
    code, error = odds_cli({"game": "texas-holdem", "exact": True,
                            "players": [{"name": name} for name in "ABCDEF"]})
    assert code == 2 and error.startswith("error: exact:")


def test_good_input_prints_the_contract(odds_cli):
    code, result = odds_cli({**HOLDEM, "board": {"community": ["2c", "7d", "9h", "3s", "Jc"]}})
    assert code == 0
    assert set(result) == {"players", "trials", "exact", "stderr", "explain"}
    assert set(result["players"][0]) == {"name", "share", "high", "low", "scoop"}
