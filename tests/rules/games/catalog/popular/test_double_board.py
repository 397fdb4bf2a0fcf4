"""H7 Double-board hold'em and Omaha: two boards, each board's best hand takes half the pot
(each half split high-low with `hi_lo`), the odd unit to the first board's half. Hands worked
by hand from H7's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.errors import RulesError
from rules.games.payout import payout
from rules.odds import odds

BOARDS = {"board1": ["2c", "7d", "9h", "Js", "3c"], "board2": ["Ks", "4d", "8h", "Ts", "5c"]}


def sides(result):
    return sorted((a["name"], a["side"], a["amount"]) for a in result["awards"])


def test_each_board_takes_half_and_the_odd_unit_goes_to_the_first_board_H7_P2():
    # board1: Ann's aces beat Bob's kings; board2: Bob's three kings. 10.05: 5.05 and 5.00.
    result = play("double-board-holdem", [p("Ann", "Ah Ad"), p("Bob", "Kc Kd")],
                  board=BOARDS, pot="10.05")
    assert sides(result) == [("Ann", "board1", "5.05"), ("Bob", "board2", "5.00")]
    assert result["winners"] == {"board1": ["Ann"], "board2": ["Bob"]}
    assert "Board `board1` plays for 5.05 (the odd unit goes to the first board, H7):" \
        in result["explain"]


def test_a_player_may_win_both_boards_H7():
    result = play("double-board-holdem", [p("Ann", "Ks Kh"), p("Bob", "Qc Qd")],
                  board={"board1": ["2c", "7d", "9h", "Js", "3c"],
                         "board2": ["Kd", "4d", "8h", "Ts", "5c"]}, pot="4.00")
    assert awards(result) == {"Ann": "4.00"}


def test_hi_lo_splits_each_boards_half_H7_S8():
    # board1 2c 7d 9h Js 3c: Ann's A-4 makes 7-4-3-2-A, the only low; Bob's kings the high.
    # board2 Ks 4d 8h Ts 5c: no low (Ann's A 4 with 8 5 needs a fifth card of 8 or less that
    # pairs nothing: the 4d pairs her 4): Bob's three kings take all of board2's half.
    result = play("double-board-holdem", [p("Ann", "Ah 4s"), p("Bob", "Kc Kd")],
                  board=BOARDS, pot="4.00", options={"hi_lo": True})
    assert sides(result) == [("Ann", "board1 low", "1.00"), ("Bob", "board1 high", "1.00"),
                             ("Bob", "board2 high", "2.00")]


def test_double_board_omaha_takes_two_hole_cards_and_three_of_each_board_H7():
    # Ann Ah Ad 9c 9s: board1 with 9h: three nines (9c 9s + 9h 2c 7d). Bob Kc Kd Jc Jd: two
    # pair? Bob: Jc Jd + Js: three jacks on board1; board2 Kc Kd + Ks: three kings.
    result = play("double-board-omaha", [p("Ann", "Ah Ad 9c 9s"), p("Bob", "Kc Kd Jc Jd")],
                  board=BOARDS, pot="2.00")
    assert awards(result) == {"Bob": "2.00"}


def test_payout_by_winners_names_the_board_H7():
    result = payout({"game": "double-board-holdem", "pot": "10.05", "players": [
        {"name": "Ann", "won": ["board1", "board2"]}, {"name": "Bob", "won": ["board2"]}]})
    assert sides(result) == [("Ann", "board1", "5.05"), ("Ann", "board2", "2.50"),
                             ("Bob", "board2", "2.50")]
    with pytest.raises(RulesError, match=r"players\[0\]\.won: double-board-holdem has no "
                                         r"'high' side; expected board1 or board2"):
        payout({"game": "double-board-holdem", "pot": "1.00",
                "players": [{"name": "Ann", "won": ["high"]}]})


def test_odds_resolve_each_board_and_never_take_the_one_board_quick_lane_H7():
    # Every card seen but board2's river (39 unseen). Ann's aces take board1 whatever comes;
    # on board2 Bob's kings are three, and Ann beats them only with the A♠ or A♣: 2 of 39.
    data = {"game": "double-board-holdem", "players": [
        {"name": "Ann", "down": ["Ah", "Ad"]}, {"name": "Bob", "down": ["Kc", "Kd"]}],
        "board": {"board1": BOARDS["board1"], "board2": ["Ks", "4d", "8h", "Ts"]}}
    result = odds(data)
    assert result["exact"] is True and "quick lane" not in result["explain"]
    ann = next(pl for pl in result["players"] if pl["name"] == "Ann")
    assert result["trials"] == 39 and ann["share"] == f"{0.5 + 0.5 * 2 / 39:.4f}"


def test_a_board_missing_is_refused_naming_it_H7():
    with pytest.raises(RulesError, match=r"board\.board2: expected 5 cards"):
        play("double-board-holdem", [p("Ann", "Ah Ad"), p("Bob", "Kc Kd")],
             board={"board1": BOARDS["board1"]})


def test_double_board_in_words_H7():
    from rules.games.options import apply_options
    from rules.games.registry import get_game
    from rules.games.words import plain_words

    game, settings = apply_options(get_game("double-board-holdem"), {})
    wins = dict(plain_words(game, settings))["Wins"]
    assert wins.startswith("Each board (board1 and board2) plays for half the pot, the odd "
                           "white chip to the first board's half (H7)")
    assert "On each board: the best high hand takes its half." in wins
