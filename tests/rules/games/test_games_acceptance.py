"""The worked examples in tests/rules/fixtures (old_man.json, house_rules.json showdowns) come out
exactly, in process and through `python -m rules showdown -` (S1, S11, S13, P1, P2, P3, P9, P12)."""

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from rules.games.showdown import resolve

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _cases():
    cases = []
    old_man = json.loads((FIXTURES / "old_man.json").read_text())
    cases += [pytest.param(case, id=case["name"][:40]) for case in old_man["cases"]]
    house = json.loads((FIXTURES / "house_rules.json").read_text())
    cases += [pytest.param(case, id=f"{case['rule']} {case['name'][:40]}")
              for case in house["showdown"]]
    return cases


def _by_name(entries):
    totals = defaultdict(int)
    for entry in entries:
        totals[entry["name"]] += round(float(entry["amount"]) * 100)
    return {name: f"{cents // 100}.{cents % 100:02d}" for name, cents in totals.items()}


def _hands(result):
    hands = {player["name"]: player for player in result["players"]}
    if "dummy" in result:
        hands[result["dummy"]["name"]] = result["dummy"]
    return hands


def check(result, expect):
    hands = _hands(result)
    for name, category in expect.get("high", {}).items():
        assert hands[name]["high"]["category"] == category, name
    for name, ranks in expect.get("low_best", {}).items():
        assert [card[0] for card in hands[name]["low"]["cards"]] == ranks, name
    assert _by_name(result["awards"]) == expect["awards"]
    if "owes" in expect:
        assert _by_name(result["owes"]) == expect["owes"]
    assert result["carry"] == expect["carry"]
    if "next_pot" in expect:
        assert result["next_pot"] == expect["next_pot"]


@pytest.mark.parametrize("case", _cases())
def test_acceptance_case_in_process(case):
    check(resolve(case["input"]), case["expect"])


@pytest.mark.parametrize("case", _cases())
def test_acceptance_case_through_the_cli(case):
    done = subprocess.run([sys.executable, "-m", "rules", "showdown", "-"],
                          input=json.dumps(case["input"]), capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    check(json.loads(done.stdout), case["expect"])
