"""Everybody dropped (seed 000: "If nobody stayed in, then everyone re-antes"; P11, P14):
which games allow it, what the table is told, and what the payout makes of it."""

import pytest

from rules.errors import RulesError
from rules.games.antes import antes
from rules.games.drops import dropped_players, lets_everybody_drop, when_everybody_drops
from rules.games.options import apply_options
from rules.games.payout import payout
from rules.games.registry import all_games, get_game

NAMES = ["Ann", "Bob", "Cal"]


@pytest.mark.parametrize("game", ["guts", "one-card-guts", "one-card-guts-pass",
                                  "two-card-guts", "four-card-guts", "three-five-seven",
                                  "six-seven-eight", "piranha", "evolution", "deadly-69s",
                                  "draw-match-pot", "two-more-inches", "omaha-burns"])
def test_the_drop_games_of_seed_000_let_everybody_drop(game):
    assert lets_everybody_drop(get_game(game))


@pytest.mark.parametrize("game", ["five-card-draw", "texas-holdem", "seven-card-stud",
                                  "old-man", "knock-poker"])
def test_a_game_the_winner_takes_or_old_mans_go_and_stop_has_no_drop(game):
    game = get_game(game)
    assert not lets_everybody_drop(game)
    assert when_everybody_drops(game, {}) == ""


def test_every_drop_game_comes_from_the_match_and_burn_seed():
    sources = {g.source[:3] for g in all_games().values() if lets_everybody_drop(g)}
    assert sources == {"000"}


def test_nobody_stayed_in_the_pot_stays_and_everybody_re_antes_P14():
    game, settings = apply_options(get_game("draw-match-pot"), {})
    assert "re-antes" in when_everybody_drops(game, settings)
    result = payout({"game": "draw-match-pot", "pot": "6.00",
                     "players": dropped_players(NAMES)})
    assert result["awards"] == [] and result["owes"] == []
    assert result["carry"] == "6.00" and result["next_pot"] == "6.00"
    assert result["game_over"] is False                      # the match-pot game goes on
    assert "Everyone re-antes (P14)." in result["explain"]
    # the next deal: everybody antes again (P14), even though it is a match-pot game
    assert antes(game, settings, players=NAMES, winners=[], first_hand=False,
                 reante=True) == {"Ann": 5, "Bob": 5, "Cal": 5}


@pytest.mark.parametrize("wimp, pays, words", [("1.00", "1.00", "pays $1.00 into it"),
                                               ("pot", "4.00", "matches it")])
def test_the_wimp_rule_makes_the_best_hand_pay_instead_of_a_re_ante_P11(wimp, pays, words):
    game, settings = apply_options(get_game("guts"), {"wimp": wimp})
    assert words in when_everybody_drops(game, settings)
    result = payout({"game": "guts", "pot": "4.00", "options": {"wimp": wimp},
                     "players": dropped_players(NAMES, best="Bob")})
    assert result["owes"] == [{"name": "Bob", "amount": pays, "reason": "wimp"}]
    assert not any("re-antes" in line for line in result["explain"])


def test_without_the_wimp_rule_the_best_hand_pays_nothing():
    result = payout({"game": "guts", "pot": "4.00",
                     "players": dropped_players(NAMES, best="Bob")})
    assert result["owes"] == [] and "Everyone re-antes (P14)." in result["explain"]


def test_the_best_hand_is_marked_only_among_players_who_dropped():
    players = dropped_players(NAMES, best="Bob")
    players[0] = {"name": "Ann"}                                  # Ann stayed in
    with pytest.raises(RulesError, match=r"^players\[1\]\.best: somebody stayed in"):
        payout({"game": "guts", "pot": "4.00", "options": {"wimp": "pot"}, "players": players})
    with pytest.raises(RulesError, match=r"^players\[0\]\.best: only a player who dropped"):
        payout({"game": "guts", "pot": "4.00",
                "players": [{"name": "Ann", "best": True}, {"name": "Bob", "folded": True}]})
    twice = [{"name": "Ann", "folded": True, "best": True},
             {"name": "Bob", "folded": True, "best": True}]
    with pytest.raises(RulesError, match=r"^players\[1\]\.best: only one player"):
        payout({"game": "guts", "pot": "4.00", "players": twice})


def test_dropped_players_are_all_folded_and_only_the_best_is_marked():
    assert dropped_players(["Ann", "Bob"]) == [{"name": "Ann", "folded": True},
                                               {"name": "Bob", "folded": True}]
    assert dropped_players(["Ann", "Bob"], best="Bob")[1] == {"name": "Bob", "folded": True,
                                                              "best": True}
