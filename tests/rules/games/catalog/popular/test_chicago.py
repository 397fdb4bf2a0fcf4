"""H3 Chicago: half the pot to the best high hand, half to the highest spade in the hole
(option `chicago: "low"`: the lowest); hands worked by hand from H3's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.cards import deck
from rules.errors import RulesError
from rules.games.options import apply_options
from rules.games.payout import payout
from rules.games.registry import get_game
from rules.games.words import plain_words
from rules.odds import odds

GAME = "chicago"

# Ann: a pair of deuces, the K♠ in the hole. Bob: three fives, spades only face up (T♠ 4♠).
# Cy: sevens and threes, the 3♠ in the hole.
TABLE = [
    p("Ann", "2c 2d Ks", "Ah 8s 3d Jc"),
    p("Bob", "5c 5d 9h", "5h 8c Ts 4s"),
    p("Cy", "Ac 3s 6h", "Kd 7c 7s 3c"),
]


def side_of(result):
    return sorted((a["name"], a["side"], a["amount"]) for a in result["awards"])


def test_half_to_the_high_hand_half_to_the_highest_spade_in_the_hole_odd_unit_high_H3_P2():
    # 10.05 is 201 white chips: 101 to the high half (5.05), 100 to the spade half (5.00).
    result = play(GAME, TABLE, pot="10.05")
    assert side_of(result) == [("Ann", "spade", "5.00"), ("Bob", "high", "5.05")]
    assert result["winners"] == {"high": ["Bob"], "spade": ["Ann"]}
    assert "Ann holds the highest spade in the hole, the Ks: the spade half (H3)." \
        in result["explain"]
    assert "the odd white chip goes high (P2)" in result["explain"][3]


def test_spades_face_up_do_not_count_only_the_hole_H3():
    # Bob's T♠ and 4♠ are up, his hole has no spade: only Ann's K♠ and Cy's 3♠ are in it.
    result = play(GAME, [TABLE[1], TABLE[2]], pot="4.00")
    assert side_of(result) == [("Bob", "high", "2.00"), ("Cy", "spade", "2.00")]


def test_one_player_may_take_both_halves_H3():
    result = play(GAME, [p("Ann", "Ks Kd Kh", "Ah 8s 3d Jc"), TABLE[1]], pot="4.00")
    assert awards(result) == {"Ann": "4.00"}
    assert result["awards"] == [{"name": "Ann", "amount": "4.00", "side": "both"}]


def test_no_spade_in_any_hole_gives_the_high_hand_the_whole_pot_H3():
    # Bob's three fives beat Dee's aces and sevens; neither has a spade down.
    result = play(GAME, [TABLE[1], p("Dee", "Ad Ah 2h", "Kd 7c 7s 3c")], pot="4.00")
    assert side_of(result) == [("Bob", "high", "4.00")]
    assert "Nobody still in holds a spade in the hole: the high hand takes the whole pot " \
           "(H3)." in result["explain"]


def test_a_folded_player_s_spade_takes_nothing_H3():
    folded = p("Ann", "2c 2d As", "Ah 8s 3d Jc", **{"in": False})
    result = play(GAME, [folded, TABLE[1], TABLE[2]], pot="4.00")
    assert side_of(result) == [("Bob", "high", "2.00"), ("Cy", "spade", "2.00")]


def test_the_seventh_street_card_counts_as_a_hole_card_H3():
    # Bob's seventh-street card (his third down card) is the A♠: higher than Ann's K♠, and
    # his three fives are the high hand: both halves.
    bob = p("Bob", "5c 5d As", "5h 8c Ts 4s")
    result = play(GAME, [TABLE[0], bob], pot="4.00")
    assert side_of(result) == [("Bob", "both", "4.00")]


def test_low_chicago_gives_half_to_the_lowest_spade_the_ace_is_high_H3():
    # Ann K♠, Cy 3♠: the 3♠ is lower. Dee's A♠ is the highest spade, never the lowest.
    dee = p("Dee", "As 9c 9d", "Qh Qc 2h 6c")
    result = play(GAME, [TABLE[0], TABLE[1], TABLE[2], dee], pot="4.00",
                  options={"chicago": "low"})
    assert side_of(result) == [("Bob", "high", "2.00"), ("Cy", "spade", "2.00")]
    assert "Cy holds the lowest spade in the hole, the 3s: the spade half (H3)." \
        in result["explain"]
    high = play(GAME, [TABLE[0], TABLE[1], TABLE[2], dee], pot="4.00")
    assert ("Dee", "spade", "2.00") in side_of(high)


def test_payout_by_winners_takes_the_spade_side_H3():
    result = payout({"game": GAME, "pot": "10.05", "players": [
        {"name": "Ann", "won": ["spade"]}, {"name": "Bob", "won": ["high"]}, {"name": "Cy"}]})
    assert result["awards"] == [{"name": "Bob", "amount": "5.05", "side": "high"},
                                {"name": "Ann", "amount": "5.00", "side": "spade"}]
    whole = payout({"game": GAME, "pot": "10.05", "players": [
        {"name": "Ann"}, {"name": "Bob", "won": ["high"]}]})
    assert whole["awards"] == [{"name": "Bob", "amount": "10.05", "side": "high"}]
    with pytest.raises(RulesError, match=r"players\[0\]\.won: chicago has no 'low' side"):
        payout({"game": GAME, "pot": "1.00", "players": [{"name": "Ann", "won": ["low"]}]})


def test_odds_count_the_spade_half_H3():
    # Only 3 cards unseen (the rest dead): 5♠, 6♦, 7♥; Ann's seventh-street card to come,
    # Bob complete. Bob: three fives, no spade in the hole. Ann: a pair of aces, no spade
    # down. Ann's last card the 5♠: the only hole spade, Ann takes the spade half (Bob high);
    # the 6♦ or 7♥: nobody has a hole spade, Bob the whole pot. Ann: 1/3 of a half.
    seen = {"Ah", "Ad", "2c", "3d", "8h", "Jc", "5c", "5d", "9h", "5h", "8c", "Ts", "4s"}
    unseen = {"5s", "6d", "7h"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    result = odds({"game": GAME, "dead": dead, "exact": True, "players": [
        {"name": "Ann", "down": ["Ah", "Ad"], "up": ["2c", "3d", "8h", "Jc"]},
        {"name": "Bob", "down": ["5c", "5d", "9h"], "up": ["5h", "8c", "Ts", "4s"]}]})
    assert result["exact"] is True and result["trials"] == 3
    shares = {pl["name"]: pl["share"] for pl in result["players"]}
    assert shares == {"Ann": "0.1667", "Bob": "0.8333"}


def test_chicago_in_words_H3():
    game, settings = apply_options(get_game(GAME), {"chicago": "low"})
    wins = dict(plain_words(game, settings))["Wins"]
    assert wins.startswith("Half the pot to the best high hand")
    assert "the lowest spade in the hole" in wins and "(P2, H3)" in wins


def test_a_bad_chicago_option_is_refused_naming_it_H3():
    with pytest.raises(RulesError, match="options.chicago: expected one of high, low"):
        play(GAME, TABLE, options={"chicago": "middle"})
