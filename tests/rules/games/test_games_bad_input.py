"""Bad showdown input: a RulesError naming the field and what was expected; exit 2, one line."""

import json
import subprocess
import sys

import pytest

from rules.cli import main
from rules.errors import RulesError
from rules.games.showdown import resolve

HOLDEM = {"game": "texas-holdem", "pot": "1.00",
          "board": {"community": ["2c", "7d", "9h", "Js", "Kd"]},
          "players": [{"name": "A", "down": ["As", "Ah"]}, {"name": "B", "down": ["Qs", "Qh"]}]}


def variant(**changes):
    data = json.loads(json.dumps(HOLDEM))
    data.update(changes)
    return data


def test_the_base_case_is_good():
    assert resolve(HOLDEM)["awards"] == [{"name": "A", "amount": "1.00", "side": "high"}]


@pytest.mark.parametrize("data, pattern", [
    (variant(game="texas-hold-them"), r"game: unknown game 'texas-hold-them'"),
    (variant(game=42), r"game: expected a game id"),
    ({"pot": "1.00", "players": []}, r"game: missing"),
    (variant(players=[{"down": ["As", "Ah"]}]), r"players\[0\]\.name: missing"),
    (variant(players=[{"name": "A"}]), r"players\[0\]\.down: missing"),
    (variant(players=[{"name": "A", "down": ["As", "Kd"]}]),
     r"players\[0\]\.down: card Kd is seen twice \(also in board\.community\)"),
    (variant(players=[{"name": "A", "down": ["As", "Xx"]}]),
     r"players\[0\]\.down\[1\]: unknown card 'Xx'"),
    (variant(players=[{"name": "A", "down": ["As", "Ah"], "declare": "both"}]),
     r"players\[0\]\.declare: 'both' is not allowed in texas-holdem"),
    (variant(board={"community": ["2c", "7d", "9h"]}),
     r"board\.community: expected 5 cards for texas-holdem, got 3"),
    (variant(board={"row1": ["2c", "7d", "9h"]}),
     r"board\.row1: texas-holdem has no such position; expected community"),
    (variant(pot="1.03"), r"pot: 1\.03 is not a multiple of \$0\.05"),
    (variant(pot=1.5), r"pot: write the amount as a decimal string"),
    (variant(pot=5), r"pot: write the amount as a decimal string"),   # never 5 dollars or cents
    (variant(pot="٥.00"), r"pot: write the amount as a decimal string"),         # ASCII digits only
    (variant(options={"split": "sideways"}), r"options\.split: 'sideways' is not one of"),
    (variant(players=[{"name": "A", "down": ["As", "Ah", "Ad"]}]),
     r"players\[0\]: 3 cards, but texas-holdem deals 2"),
    (variant(players=[{"name": "A", "down": ["As"]}, {"name": "A", "down": ["Ks"]}]),
     r"players\[1\]\.name: 'A' appears twice"),
    (variant(dummy={"down": ["3c", "4c"]}), r"dummy: texas-holdem plays without a dummy hand"),
    (variant(round=0), r"round: expected a whole number from 1"),
    (variant(players=[{"name": "A", "down": ["As", "Ah"], "in": "yes"}]),
     r"players\[0\]\.in: expected true or false"),
])
def test_bad_showdown_names_the_field(data, pattern):
    with pytest.raises(RulesError, match=pattern):
        resolve(data)


def test_declare_game_needs_each_declaration_S14():
    data = {"game": "old-man", "pot": "2.00", "board": {"center": ["5s"]},
            "dummy": {"down": ["2d", "3d", "6h", "8s", "Ad", "Ac"]},
            "players": [{"name": "A", "down": ["Kh"], "up": ["Kd", "Qc", "Tc", "Ks"], "go": True}]}
    with pytest.raises(RulesError,
                       match=r"players\[0\]\.declare: missing; expected one of high, low, both"):
        resolve(data)


def test_old_man_needs_the_old_mans_cards_P9():
    data = {"game": "old-man", "pot": "2.00", "board": {"center": ["5s"]},
            "players": [{"name": "A", "up": ["Kd", "Qc", "Tc", "Ks"], "declare": "high",
                         "go": True}]}
    with pytest.raises(RulesError, match=r"dummy: missing; old-man needs the cards of Old Man"):
        resolve(data)


def test_games_played_in_rounds_need_the_round():
    data = {"game": "three-five-seven", "pot": "1.00",
            "players": [{"name": "A", "down": ["As", "Ah", "Kd"]}]}
    with pytest.raises(RulesError,
                       match=r"round: missing; three-five-seven is played in rounds 1 to 3"):
        resolve(data)


def test_bad_input_is_one_line_on_stderr_and_exit_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(variant(game="nope")))
    done = subprocess.run([sys.executable, "-m", "rules", "showdown", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "game: unknown game 'nope'" in done.stderr


def test_unreadable_json_names_the_file(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    assert main(["showdown", str(path)]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_games_lists_one_id_per_line(capsys):
    assert main(["games"]) == 0
    ids = capsys.readouterr().out.splitlines()
    assert {"texas-holdem", "omaha-burns", "old-man", "three-five-seven"} <= set(ids)
    assert len(ids) == len(set(ids))


def test_games_json_gives_full_definitions_with_source_and_describe(capsys):
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert games["old-man"]["source"].startswith("001_")
    assert "center" in games["old-man"]["describe"]


def test_a_declaration_outside_the_games_list_is_refused_S14():
    no_pigs = {"id": "no-pigs", "down": 5, "low": "low", "split": "declare",
               "declarations": ["high", "low"]}
    data = {"game": no_pigs, "pot": "1.00",
            "players": [{"name": "A", "down": ["As", "2d", "3c", "4h", "6s"], "declare": "both"}]}
    with pytest.raises(RulesError, match=r"players\[0\]\.declare: 'both' is not allowed in "
                                         r"no-pigs; expected high, low"):
        resolve(data)
