"""Breaker (003): the showdown engine plays the Breaker by itself, through the game's
`adjustments` (rules.games.adjustments), exactly when breaking makes its holder win (rule 2)."""

import pytest

from rules.errors import RulesError
from rules.games.adjustments import ADJUSTMENTS, AdjustContext, Adjusted
from tests.rules.games.showdown_helpers import awards, p, play

EXAMPLE_BOARD = {"community": "Th 7h 4h 2s 3c".split()}


def _hand(result, name):
    return next(seat for seat in result["players"] if seat["name"] == name)["high"]


def test_example_1_the_breaker_breaks_the_flush_and_kicks_above_the_ace():
    result = play("breaker", [p("A", "Tc JK"), p("B", "Ts Ad"), p("C", "Kh 9h")],
                  board=EXAMPLE_BOARD)
    assert awards(result) == {"A": "1.00"}
    assert _hand(result, "C")["category"] == "high_card"
    assert "broken by A's Breaker" in _hand(result, "C")["describe"]
    assert any("A plays the Breaker" in line for line in result["explain"])


def test_example_1_note_with_the_flush_folded_there_is_nothing_to_break_so_b_wins():
    # a Breaker is never played just as a kicker: with C out, B's ace kicker wins
    result = play("breaker", [p("A", "Tc JK"), p("B", "Ts Ad"), p("C", "Kh 9h", **{"in": False})],
                  board=EXAMPLE_BOARD)
    assert awards(result) == {"B": "1.00"}
    assert _hand(result, "C")["category"] == "flush"      # shown as dealt, for the record


def test_example_2_breaking_would_hand_the_pot_to_d_so_the_flush_stands():
    players = [p("A", "Tc JK"), p("C", "Kh 9h"), p("D", "7s 7d")]
    result = play("breaker", players, board=EXAMPLE_BOARD)
    assert awards(result) == {"C": "1.00"} and _hand(result, "C")["category"] == "flush"
    assert any("Breaker, so it is dead" in line for line in result["explain"])


def test_example_2_notes_who_wins_when_d_or_c_folds():
    players = [p("A", "Tc JK"), p("C", "Kh 9h"), p("D", "7s 7d", **{"in": False})]
    assert awards(play("breaker", players, board=EXAMPLE_BOARD)) == {"A": "1.00"}
    players = [p("A", "Tc JK"), p("C", "Kh 9h", **{"in": False}), p("D", "7s 7d")]
    assert awards(play("breaker", players, board=EXAMPLE_BOARD)) == {"D": "1.00"}


def test_example_3_the_broken_hand_would_still_win_so_the_flush_stands():
    result = play("breaker", [p("A", "Tc JK"), p("C", "Qh 9h")],
                  board={"community": "Th 7h 4h Qs 3c".split()})
    assert awards(result) == {"C": "1.00"} and _hand(result, "C")["category"] == "flush"


def test_example_4_the_holder_keeps_his_straight_and_the_higher_straight_wins():
    result = play("breaker", [p("A", "Kc Qh"), p("B", "Qs JK"), p("C", "9s 9d")],
                  board={"community": "Jd Ts 9h 8c 3d".split()})
    assert awards(result) == {"A": "1.00"}
    assert _hand(result, "B")["category"] == "straight"


def test_rule_6_a_straight_on_the_board_is_broken_by_the_holder():
    result = play("breaker", [p("A", "2c JK"), p("B", "3d 4d")],
                  board={"community": "9h Ts Jd Qc Kh".split()})
    assert awards(result) == {"A": "1.00"}


def test_option_dead_overrules_the_engine_and_the_flush_stands():
    players = [p("A", "Tc JK"), p("B", "Ts Ad"), p("C", "Kh 9h")]
    result = play("breaker", players, board=EXAMPLE_BOARD, options={"breaker": "dead"})
    assert awards(result) == {"C": "1.00"}


def test_an_adjustment_may_not_touch_a_player_who_is_out():
    def meddle(context: AdjustContext) -> Adjusted:
        out = next(player for player in context.players if not player.contending)
        return Adjusted(high={out.name: out.high})

    ADJUSTMENTS.add("test-meddle", meddle)
    game = {"id": "meddle", "down": 2, "board": [{"name": "community", "count": 5}],
            "adjustments": ["test-meddle"]}
    try:
        with pytest.raises(RulesError, match="adjustments: test-meddle"):
            play(game, [p("A", "Tc 9c"), p("B", "Ts Ad", **{"in": False})],
                 board=EXAMPLE_BOARD)
    finally:
        ADJUSTMENTS.remove("test-meddle")


def test_an_unknown_adjustment_names_the_field():
    game = {"id": "x", "down": 2, "board": [{"name": "community", "count": 5}],
            "adjustments": ["no-such-thing"]}
    with pytest.raises(RulesError, match="adjustments: unknown adjustment 'no-such-thing'"):
        play(game, [p("A", "Tc 9c"), p("B", "Ts Ad")], board=EXAMPLE_BOARD)


def test_dual_breaker_two_holders_whose_played_hands_tie_both_play_and_split_S6():
    # both would win by breaking C's flush with the same tens and Breaker kicker: no name or
    # seat decides between them, so both play and the pot splits
    result = play("breaker", [p("A", "Tc JK"), p("B", "Ts JK"), p("C", "Kh 9h")],
                  board=EXAMPLE_BOARD, options={"two_breakers": True})
    assert awards(result) == {"A": "0.50", "B": "0.50"}
    assert "the Breakers of A and B" in _hand(result, "C")["describe"]


def test_dual_breaker_only_the_holder_who_wins_by_it_plays():
    # B's sevens with a Breaker would still lose to A's tens: B's Breaker is dead, A's plays
    result = play("breaker", [p("A", "Tc JK"), p("B", "7s JK"), p("C", "Kh 9h")],
                  board=EXAMPLE_BOARD, options={"two_breakers": True})
    assert awards(result) == {"A": "1.00"}
    assert "plays the Breaker" not in _hand(result, "B")["describe"]
