"""`python -m rules eval | compare | census`: the contracts of ARCHITECTURE.md."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cli import main

# The house rules' worked examples, copied into the repository (tests/rules/fixtures).
ACCEPTANCE = Path(__file__).resolve().parent / "fixtures" / "house_rules.json"
EVAL_CASES = json.loads(ACCEPTANCE.read_text())["eval"]


def run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    return code, (json.loads(captured.out) if code == 0 else None), captured.err


def run_subprocess(*args):
    done = subprocess.run([sys.executable, "-m", "rules", *args], capture_output=True,
                          text=True, timeout=60)
    return done.returncode, (json.loads(done.stdout) if done.returncode == 0 else None), \
        done.stderr


@pytest.mark.parametrize("case", EVAL_CASES, ids=[case["name"] for case in EVAL_CASES])
def test_acceptance_eval_cases_in_process(case, capsys):
    code, output, _ = run(capsys, "eval", *case["args"])
    assert code == 0
    for field, expected in case["expect"].items():
        assert output[field] == expected, case["rule"]


def test_acceptance_eval_cases_through_python_dash_m():
    for case in EVAL_CASES:
        code, output, _ = run_subprocess("eval", *case["args"])
        assert code == 0
        for field, expected in case["expect"].items():
            assert output[field] == expected, case["rule"]


def test_eval_prints_the_contract_shape(capsys):
    code, output, _ = run(capsys, "eval", "--wild", "2", "As", "Ad", "Ac", "2h", "2d")
    assert code == 0
    assert set(output) == {"scheme", "category", "cards", "describe"}
    assert output["scheme"] == "high"
    assert output["cards"][:3] == ["As", "Ad", "Ac"]
    assert "wild" in output["describe"]


def test_eval_accepts_ten_and_suit_symbols(capsys):
    code, output, _ = run(capsys, "eval", "A♠", "K♠", "Q♠", "J♠", "10♠")
    assert (code, output["category"]) == (0, "straight_flush")


def test_eval_lowest_hole_with_up_cards_S13(capsys):
    code, output, _ = run(capsys, "eval", "--wild", "3,lowest-hole", "--up", "2h 3d 6s Jh",
                          "As", "Ad", "Ac")
    assert (code, output["category"]) == (0, "five_of_a_kind")
    assert "every hole card is an ace" in output["describe"]


@pytest.mark.parametrize("args, token", [
    (["eval", "As", "Zz", "Qh", "Jc", "Ts"], "'Zz'"),
    (["eval", "--wild", "2,bogus", "As", "Kd", "Qh", "Jc", "Ts"], "'bogus'"),
    (["eval", "--scheme", "nope", "As", "Kd", "Qh", "Jc", "Ts"], "'nope'"),
    (["eval", "As", "As", "Qh", "Jc", "Ts"], "As"),
    (["eval", "As", "Kd", "Qh", "Jc"], "too few"),
    (["census", "--deck", "pinochle"], "'pinochle'"),
    (["compare", "As Kd Qh Jc Ts", "2c 3d 4h 5x 7c"], "'5x'"),
])
def test_bad_input_is_one_line_and_exit_2(args, token, capsys):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and token in err


def test_bad_input_through_python_dash_m_exits_2():
    code, _, err = run_subprocess("eval", "As", "Zz")
    assert code == 2 and "'Zz'" in err and err.count("\n") == 1


def test_compare_groups_ties_best_first(capsys):
    code, output, _ = run(capsys, "compare", "As Kd Qh Jc Ts", "2c 3d 4h 5s 7c",
                          "Ah Kc Qd Js Th")
    assert code == 0
    assert output["order"] == [[0, 2], [1]]
    assert [hand["category"] for hand in output["hands"]] == ["straight", "high_card",
                                                               "straight"]


def test_compare_low_puts_non_qualifying_hands_last_together(capsys):
    code, output, _ = run(capsys, "compare", "--scheme", "low-8", "As Kd Qh Jc Ts",
                          "2c 3d 4h 5s 7c", "Ah 2h 3d 4s 5h", "9s 9c 8d 7d 6d")
    assert output["order"] == [[2], [1], [0, 3]]
    assert output["hands"][0]["category"] is None


def test_census_five_card_table(capsys):
    code, output, _ = run(capsys, "census")
    assert code == 0
    assert output["total"] == 2598960
    assert output["counts"]["straight_flush"] == 40
    assert output["counts"]["high_card"] == 1302540


def test_census_low_8_keys_are_qualifying_and_none(capsys):
    code, output, _ = run(capsys, "census", "--scheme", "low-8")
    assert output["counts"] == {"qualifying": 57344, "none": 2598960 - 57344}


def test_census_three_card_deck_and_wild(capsys):
    code, output, _ = run(capsys, "census", "--size", "3", "--scheme", "three", "--deck",
                          "royal", "--wild", "joker")
    assert code == 0 and output["total"] == 1140
