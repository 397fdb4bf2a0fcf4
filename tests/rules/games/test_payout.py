"""`python -m rules payout`: the payout from who won each side, with the same pot rules as a
showdown (P1-P6, P9, P10, B11), and typed awards/owes checked against them."""

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.cards import deck
from rules.errors import RulesError
from rules.games.payout import payout
from rules.games.registry import all_games
from rules.games.showdown import resolve
from rules.money import format_cents

CONTRACT = {
    "game": "omaha-burns", "pot": "6.10", "options": {"burn_cap": "5.00"},
    "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob", "won": ["low"]},
                {"name": "Cal"}, {"name": "Dee", "folded": True}],
    "awards": {"Ann": "3.00", "Bob": "3.10"},
}


def test_the_contract_example_splits_evenly_and_cal_burns_P2_P4():
    result = payout(CONTRACT)
    assert result["awards"] == [{"name": "Ann", "amount": "3.05", "side": "high"},
                                {"name": "Bob", "amount": "3.05", "side": "low"}]
    assert result["owes"] == [{"name": "Cal", "amount": "5.00", "reason": "burn"}]
    assert (result["carry"], result["next_pot"], result["game_over"]) == ("0.00", "5.00", False)
    assert result["check"]["ok"] is False
    [problem] = result["check"]["problems"]
    assert "122 white chips" in problem and "(P2)" in problem
    assert "Ann 3.05, Bob 3.05" in problem and "Cal burns 5.00" in problem and "(P4)" in problem


def test_typed_figures_that_agree_pass_the_check():
    data = {**CONTRACT, "awards": {"Ann": "3.05", "Bob": "3.05"}, "owes": {"Cal": "5.00"}}
    assert payout(data)["check"] == {"ok": True, "problems": []}


def test_typed_owes_that_differ_name_the_rule_P4():
    data = {**CONTRACT, "awards": {"Ann": "3.05", "Bob": "3.05"}, "owes": {"Cal": "6.10"}}
    [problem] = payout(data)["check"]["problems"]
    assert problem.startswith("owes: typed Cal 6.10;") and "Cal burns 5.00" in problem


def test_the_odd_white_chip_goes_to_the_high_half_P2():
    data = {**CONTRACT, "pot": "6.15", "awards": {"Ann": "3.05", "Bob": "3.10"}}
    result = payout(data)
    assert [a["amount"] for a in result["awards"]] == ["3.10", "3.05"]
    assert "odd white chip to the high half" in result["check"]["problems"][0]


def test_losers_match_the_pot_without_the_penalties_P3_B11():
    result = payout({"game": "draw-match-pot", "pot": "10.20", "penalties": "0.20",
                     "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob"},
                                 {"name": "Cal"}, {"name": "Dee", "folded": True}]})
    assert result["awards"] == [{"name": "Ann", "amount": "10.20", "side": "high"}]
    assert result["owes"] == [{"name": "Bob", "amount": "10.00", "reason": "match"},
                              {"name": "Cal", "amount": "10.00", "reason": "match"}]
    assert result["next_pot"] == "20.00" and not result["game_over"]


def test_a_tie_splits_in_white_chips_and_the_odd_chip_stays_P2():
    result = payout({"game": "five-card-draw", "pot": "1.05",
                     "players": [{"name": "Ann", "won": ["high"]},
                                 {"name": "Bob", "won": ["high"]}, {"name": "Cal"}]})
    assert [(a["name"], a["amount"]) for a in result["awards"]] == [("Ann", "0.50"),
                                                                    ("Bob", "0.50")]
    assert result["carry"] == "0.05"


def test_tied_goal_posters_win_nothing_and_lose_P6():
    result = payout({"game": "omaha-burns", "pot": "4.00", "options": {"burn_cap": "1.00"},
                     "players": [{"name": "Ann", "won": ["high", "low"]},
                                 {"name": "Bob", "won": ["high"]}, {"name": "Cal"}]})
    assert result["awards"] == [{"name": "Ann", "amount": "2.00", "side": "low"}]
    assert result["carry"] == "2.00"
    assert {o["name"] for o in result["owes"]} == {"Bob", "Cal"}


def test_nobody_with_a_low_gives_high_the_whole_pot_P7():
    result = payout({"game": "omaha-burns", "pot": "4.00",
                     "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob"}]})
    assert result["awards"] == [{"name": "Ann", "amount": "4.00", "side": "high"}]


def test_a_pigger_who_ties_a_side_wins_nothing_and_the_next_best_takes_it_P1():
    data = {"game": "big-sol", "pot": "6.00",
            "players": [{"name": "Ann", "declare": "both", "won": ["high", "low"]},
                        {"name": "Bob", "declare": "low", "won": ["low"]},
                        {"name": "Cal", "declare": "high"}, {"name": "Dee", "declare": "high"}],
            "next_best": {"high": "Dee"}}
    result = payout(data)
    assert [(a["name"], a["amount"], a["side"]) for a in result["awards"]] == [
        ("Dee", "3.00", "high"), ("Bob", "3.00", "low")]
    assert any("(P1)" in line for line in result["explain"])


def test_a_forfeited_side_without_next_best_is_bad_input_naming_the_side_P1():
    data = {"game": "big-sol", "pot": "6.00",
            "players": [{"name": "Ann", "declare": "both", "won": ["high", "low"]},
                        {"name": "Bob", "declare": "low", "won": ["low"]},
                        {"name": "Cal", "declare": "high"}, {"name": "Dee", "declare": "high"}]}
    with pytest.raises(RulesError, match="next_best.high: missing"):
        payout(data)


def test_a_pigger_who_wins_both_sides_outright_scoops_P1():
    result = payout({"game": "big-sol", "pot": "6.00",
                     "players": [{"name": "Ann", "declare": "both", "won": ["high", "low"]},
                                 {"name": "Bob", "declare": "low"}]})
    assert result["awards"] == [{"name": "Ann", "amount": "6.00", "side": "both"}]


def test_the_old_man_not_beaten_keeps_the_pot_and_losers_match_P9():
    result = payout({"game": "old-man", "pot": "3.00",
                     "players": [{"name": "Jim", "declare": "high", "go": True},
                                 {"name": "Ashley", "declare": "high", "go": True}],
                     "dummy": {"name": "Old Man", "won": ["high"]}})
    assert result["awards"] == [] and result["carry"] == "3.00"
    assert [o["name"] for o in result["owes"]] == ["Jim", "Ashley"]


def test_a_lone_player_takes_a_leg_instead_of_the_pot_P10():
    result = payout({"game": "evolution", "pot": "2.00", "legs": {"Ann": 1},
                     "players": [{"name": "Ann", "won": ["high"]},
                                 {"name": "Bob", "folded": True}]})
    assert result["legs"] == ["Ann"] and result["carry"] == "2.00"


def test_the_last_round_pays_the_winner_directly_P5():
    result = payout({"game": "draw-match-pot", "pot": "4.00", "last_round": True,
                     "players": [{"name": "Ann", "won": ["high"]}, {"name": "Bob"}]})
    assert result["owes"] == [{"name": "Bob", "amount": "4.00", "reason": "last round",
                               "to": "Ann"}]
    assert result["next_pot"] == "0.00"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["players"][3].update(won=["high"]), "Dee folded and cannot win high"),
    (lambda d: d["players"][0].update(won=["middle"]), "has no 'middle' side"),
    (lambda d: d.update(pot=6.1), "pot: write the amount as a decimal string"),
    (lambda d: d.update(pot="٦.١٠"), "pot: write the amount as a decimal string"),
    (lambda d: d.update(awards={"Ann": 3}), "awards.Ann: write the amount as a decimal string"),
    (lambda d: d["players"].append({"name": "Ann"}), "'Ann' appears twice"),
    (lambda d: d.update(game="no-such-game"), "game"),
    (lambda d: d.pop("players"), "players: missing"),
])
def test_bad_input_names_the_field(change, message):
    data = json.loads(json.dumps(CONTRACT))
    change(data)
    with pytest.raises(RulesError, match=message):
        payout(data)


def test_the_cli_prints_json_and_exits_2_on_bad_input(tmp_path):
    good = tmp_path / "hand.json"
    good.write_text(json.dumps(CONTRACT))
    done = subprocess.run([sys.executable, "-m", "rules", "payout", str(good)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["check"]["ok"] is False
    bad = subprocess.run([sys.executable, "-m", "rules", "payout", "-"], input='{"pot": 1}',
                         capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


# -- the payout from a showdown's winners is the showdown's payout ---------------------------

PLAIN = sorted(g.id for g in all_games().values()
               if g.defined and g.split != "declare" and g.dummy is None and not g.rounds
               and not g.adjustments and not g.side_payments and g.deck == "standard")


def _deal(game, rng: random.Random) -> dict:
    cards = [str(card) for card in deck(game.deck)]
    rng.shuffle(cards)
    board = {pos.name: [cards.pop() for _ in range(pos.count or 5)] for pos in game.board}
    players = []
    for index in range(rng.randint(2, 6)):
        down = (5 if not game.board else 2) if game.down is None else game.down
        players.append({"name": f"P{index}", "down": [cards.pop() for _ in range(down)],
                        "up": [cards.pop() for _ in range(game.up)],
                        "in": rng.random() < 0.85})
    return {"game": game.id, "pot": format_cents(5 * rng.randint(1, 400)), "board": board,
            "players": players}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(PLAIN), seed=st.integers(0, 10**9))
def test_payout_of_the_showdowns_winners_is_the_showdowns_payout(game_id, seed):
    game = all_games()[game_id]
    try:
        show = _deal(game, random.Random(seed))
        shown = resolve(show)
    except (RulesError, IndexError):    # a layout the simple deal does not fit, or too few cards
        assume(False)
    assume(not shown["legs"] and not any("(P6)" in line for line in shown["explain"]))
    winners = shown["winners"]
    players = [{"name": p["name"], "folded": not p["in"],
                "won": [side for side, names in winners.items() if p["name"] in names]}
               for p in show["players"]]
    result = payout({"game": game_id, "pot": show["pot"], "players": players})
    for field in ("awards", "carry", "owes", "legs", "next_pot", "game_over"):
        assert result[field] == shown[field], field


def test_a_last_round_payment_smaller_than_the_winners_goes_whole_to_the_first_P2_P5():
    result = payout({"game": "draw-match-pot", "pot": "0.05", "last_round": True,
                     "players": [{"name": "Ann", "won": ["high"]},
                                 {"name": "Bob", "won": ["high"]}, {"name": "Cal"}]})
    assert result["owes"] == [{"name": "Cal", "amount": "0.05", "reason": "last round",
                               "to": "Ann"}]
