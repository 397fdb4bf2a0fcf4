"""The games of seed 003 with boards of their own shape (Ruby Run to Slovak Double Barrel)
through the CLI contract.

Every case here was worked by hand from the game's own section of 003_f7338090973f449e.txt and
is run through the CLI contract in-process (`python -m rules showdown FILE`), checking the JSON
the table would read: awards, carry, owes and the hand categories. Bad inputs must give exit
code 2 and one line naming the field.
"""

import json

import pytest
from cli_helpers import cat, ok, p, paid, ranks, refused

from rules.cli import main

# -- Ruby Run ---------------------------------------------------------------------------------


def test_ruby_run_seed_example_suited_three_beats_mixed_four(showdown_run):
    # slam 7c (a number): over cards 4d 9h Qs live. A: 2d 3d 4d suited run; B: 6d 7d 8h 9h,
    # a longer run of one colour but not one suit: the seed's own example, A wins.
    result = ok(showdown_run, "ruby-run", [p("A", "2d 3d Kc"), p("B", "6d 7d 8h")],
                board={"over": "4d 9h Qs", "under": "5h 6h 7h", "slam": "7c"})
    assert cat(result, "A") == "suited_run" and cat(result, "B") == "run"
    assert paid(result) == {"A": "1.00"}


def test_ruby_run_face_slam_under_cards_and_red_beats_black(showdown_run):
    # slam Kd (a face card): under Jh 5c 2s live, over 9s 8s 7s dead. A: 9d Th Jh red run of
    # 3; B: Qs Jc Tc black run of 3 with a better poker hand (K Q J T 5): red wins.
    result = ok(showdown_run, "ruby-run", [p("A", "Th 9d 3c"), p("B", "Qs Jc Tc")],
                board={"over": "9s 8s 7s", "under": "Jh 5c 2s", "slam": "Kd"})
    assert cat(result, "A") == "run" and cat(result, "B") == "run"
    assert paid(result) == {"A": "1.00"}


def test_ruby_run_no_run_poker_hand_with_aces_high_only(showdown_run):
    # slam 8s: over 4c 5d 9s live. A's Ah 2h 3h with 4c 5d is neither a run nor a straight
    # (aces high only): ace high. B's 7s with 8s 9s is a suited run.
    result = ok(showdown_run, "ruby-run", [p("A", "Ah 2h 3h"), p("B", "Kc Kd 7s")],
                board={"over": "4c 5d 9s", "under": "Jh Qh Ts", "slam": "8s"})
    assert cat(result, "A") == "high_card" and cat(result, "B") == "suited_run"
    assert paid(result) == {"B": "1.00"}


def test_ruby_run_slam_is_required(showdown_run):
    error = refused(showdown_run, "ruby-run", [p("A", "Ah 2h 3h")],
                    board={"over": "4c 5d 9s", "under": "Jh Qh Ts"})
    assert "board.slam" in error


# -- Oh Shit, Slam-aha -------------------------------------------------------------------------


def test_oh_shit_one_row_only_for_the_low(showdown_run):
    # Mixing rows A would hold the wheel (Ah 2h + 3c 4d + 5c); one row at a time its best low
    # is Ah 2h + 5c 6c 7c = 7-6-5-2-A, still better than B's 7-6-5-3-A. High: A's Kc Kd + Ks
    # (row 1) = three kings over B's three queens. A scoops 2.05.
    result = ok(showdown_run, "oh-shit", [p("A", "Ah 2h Kc Kd 9s"), p("B", "Ad 3d Qd Qc 9h")],
                board={"row1": "Ks 3c 4d Qh Jh", "row2": "5c 6c 7c 8c Tc"}, pot="2.05")
    assert ranks(result, "A", "low") == list("7652A")
    assert cat(result, "A") == "three_of_a_kind"
    assert paid(result) == {"A": "2.05"}


def test_oh_shit_row_must_hold_five_cards(showdown_run):
    error = refused(showdown_run, "oh-shit", [p("A", "Ah 2h Kc Kd 9s")],
                    board={"row1": "Ks 3c 4d Qh", "row2": "5c 6c 7c 8c Tc"})
    assert "board.row1" in error


def test_slam_aha_middle_card_joins_both_lines(showdown_run):
    # cross: row 6c 7d [8h] 9s Ts, column Ah Ad [8h] 2c 3c. A: 4h 5h + 6c 7d 8h = eight-high
    # straight; 4h 5h + Ah 2c 3c = the wheel low. B: 9h 9d + 9s Ts 8h = three nines.
    result = ok(showdown_run, "slam-aha", [p("A", "4h 5h Kc Kd Qs"), p("B", "9h 9d 3d 2d Kh")],
                board={"row": "6c 7d 9s Ts", "column": "Ah Ad 2c 3c", "center": "8h"},
                pot="2.00")
    assert cat(result, "A") == "straight" and ranks(result, "A", "low") == list("5432A")
    assert paid(result) == {"A": "2.00"}


# -- Real Poker ---------------------------------------------------------------------------------

REAL = {"group1": "5d Ts", "group2": "Ks Kh", "group3": "Qs Jd", "group4": "Tc 8c",
        "single1": "5h", "single2": "Kd", "single3": "Qd", "single4": "Jc"}


def test_real_poker_ace_to_six_counts_the_wheel_as_a_straight(showdown_run):
    # A: Ah 2s 3d 4c + single 5h is a straight (bad in ace-to-six); A's best is the five hand
    # cards 9-4-3-2-A. B: Ad 2c 3s 6h + 5h = 6-5-3-2-A, better. Both declared low.
    result = ok(showdown_run, "real-poker", [p("A", "Ah 2s 3d 4c 9s", declare="low"),
                                         p("B", "Ad 2c 3s 6h 7c", declare="low")],
                board=REAL, pot="2.00")
    assert ranks(result, "A", "low") == list("9432A")
    assert ranks(result, "B", "low") == list("6532A")
    assert paid(result) == {"B": "2.00"}


def test_real_poker_pigger_who_loses_a_side_gets_nothing(showdown_run):
    # A pigs: Ah Kc + group Ks Kh + single Kd = four kings beat B's four queens (Qh Qc +
    # Qs Jd + Qd); A's best low T-5-3-2-A (Ah 2s 3d + 5d Ts) loses to C's 6-5-3-2-A (4 hand
    # cards + single 5h): A gets nothing; B takes high, C low.
    result = ok(showdown_run, "real-poker", [p("A", "Ah Kc 2s 3d 4c", declare="both"),
                                         p("B", "Qh Qc 9h 9d 8d", declare="high"),
                                         p("C", "Ad 2c 3s 6h 7h", declare="low")],
                board=REAL, pot="2.00")
    assert cat(result, "A") == "four_of_a_kind"
    assert paid(result) == {"B": "1.00", "C": "1.00"}


def test_real_poker_missing_group_card_is_refused(showdown_run):
    board = dict(REAL, group3="Qs")
    error = refused(showdown_run, "real-poker", [p("A", "Ah Kc 2s 3d 4c", declare="low")],
                    board=board)
    assert "board.group3" in error


# -- Two Eleven, El Dorado, the elevators ------------------------------------------------------


def test_two_eleven_high_low_seven_or_better(showdown_run):
    # board 4c 7d 8s Ks. A: Ah 2h 3h + 4c 7d = 7-4-3-2-A (3 + 2). B: 8c 8h + 8s ... three
    # eights; B has no 7-or-better low. Split 1.00 / 1.00.
    result = ok(showdown_run, "two-eleven", [p("A", "Ah 2h 3h Kd"), p("B", "8c 8h 5c 6c")],
                board={"community": "4c 7d 8s Ks"}, pot="2.00", options={"hi_lo": True})
    assert ranks(result, "A", "low") == list("7432A") and cat(result, "B", "low") is None
    assert paid(result) == {"A": "1.00", "B": "1.00"}


def test_two_eleven_high_only_by_default(showdown_run):
    result = ok(showdown_run, "two-eleven", [p("A", "Ah 2h 3h Kd"), p("B", "8c 8h 5c 6c")],
                board={"community": "4c 7d 8s Ks"}, pot="2.00")
    assert paid(result) == {"B": "2.00"}


def test_el_dorado_swapped_rank_wild_in_hand_and_board(showdown_run):
    # center 7h swapped in; A's 7c is wild too: Ks Kc + two wild = four kings
    result = ok(showdown_run, "el-dorado", [p("A", "7c Ks"), p("B", "Ah Ad")],
                board={"community": "Kc 9d 4s", "center": "7h"})
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"A": "1.00"}


def test_el_dorado_board_is_three_plus_the_swapped_card(showdown_run):
    error = refused(showdown_run, "el-dorado", [p("A", "7c Ks"), p("B", "Ah Ad")],
                    board={"community": "Kc 9d 4s 2s 3s", "center": "7h"})
    assert "board.community" in error


def test_el_dorado_center_card_needed_unless_nobody_swapped(showdown_run):
    error = refused(showdown_run, "el-dorado", [p("A", "7c Ks"), p("B", "9h 9s")],
                    board={"community": "Kc 9d 4s 7h"})
    assert "board.center" in error


def test_el_dorado_without_a_swap_four_community_cards(showdown_run):
    # nothing wild: A's 7c Ks make kings and sevens, B's 9h 9s three nines
    result = ok(showdown_run, "el-dorado", [p("A", "7c Ks"), p("B", "9h 9s")],
                board={"community": "Kc 9d 4s 7h"}, options={"swapped": False})
    assert cat(result, "A") == "two_pair" and paid(result) == {"B": "1.00"}


def test_double_elevator_five_kings_beat_five_queens(showdown_run):
    # A: floor 3 of E1 (Kh 8s Kd): Kc Kh Kd with 8s and 8d wild = five kings.
    # B: floor 1 of E2 (Ks 5h 5s): 5h 5s 5c wild with Qs Qd = five queens.
    board = {"A1": "2c", "A2": "3d", "A3": "Kh", "B1": "Ks", "B2": "9h", "B3": "Kd",
             "C1": "5s", "C2": "5d", "C3": "Jc", "E1": "8s", "E2": "5h"}
    result = ok(showdown_run, "double-elevator", [p("A", "Kc 8d 4h 4c"), p("B", "5c Qs Qd 2d")],
                board=board)
    assert cat(result, "A") == cat(result, "B") == "five_of_a_kind"
    assert ranks(result, "A") == list("KKKKK") and paid(result) == {"A": "1.00"}


# -- Cucamonga, Boise, Piles, The Bluffs --------------------------------------------------------


def test_cucamonga_at_most_two_hand_cards_so_no_low(showdown_run):
    # B's hand holds A 2 4 5 6 but may use only two of them: with one or two of each row
    # (top 2c Jd Td Ks, bottom Kc 3s 9h Qh) no 8-or-better low forms. A: Kh Kd + Ks + Kc
    # + Jd = four kings takes the whole pot.
    result = ok(showdown_run, "cucamonga", [p("A", "Kh Kd 9c 9d Qs"), p("B", "Ah 2d 4h 5c 6s")],
                board={"top": "2c Jd Td Ks", "bottom": "Kc 3s 9h Qh"}, pot="2.00")
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B", "low") is None
    assert paid(result) == {"A": "2.00"}


def test_boise_trips_qualify_for_high(showdown_run):
    # board Qd Th 6s 5c 2h. A: Qs Qh + Qd = three queens; 7d + ... low: Ac 7d + 6s 5c 2h =
    # 7-6-5-2-A. B: 7c 8c 4s + 6s 5c = eight-high straight; B's low 7-6-5-4-2 (4s 7c + 6s 5c
    # 2h). A's low is better; B's straight is the best high.
    result = ok(showdown_run, "boise", [p("A", "Qs Qh Ac Kd 7d"), p("B", "7c 8c Jh Jd 4s")],
                board={"community": "Qd Th 6s 5c 2h"}, pot="2.00")
    assert cat(result, "B") == "straight" and ranks(result, "A", "low") == list("7652A")
    assert paid(result) == {"A": "1.00", "B": "1.00"}


PILES = {"square1": "Kh 3d Tc Js", "square2": "4h 5s 8h 7h", "row": "Kc 8s Qs 9d 6h"}


def test_piles_pig_who_loses_high_wins_nothing(showdown_run):
    # A pigs: Ah 2h + 4h 5s + 6h = 6-5-4-2-A low; Ah 2h + 8h 7h + 6h = ace-high flush.
    # B (high): Kd Ks + Kh Js (square 1) + Kc (row) = four kings. A loses high and gets
    # nothing; B takes high (the odd nickel, P2), C's 8-7-6-5-4 (5d 6d + 4h 7h + 8s) low.
    result = ok(showdown_run, "piles", [p("A", "Ah 2h Qd Jd 9c", declare="both"),
                                    p("B", "Kd Ks 3c 4c Jc", declare="high"),
                                    p("C", "5d 6d Th Jh 9h", declare="low")],
                board=PILES, pot="2.05")
    assert cat(result, "A") == "flush" and cat(result, "B") == "four_of_a_kind"
    assert paid(result) == {"B": "1.05", "C": "1.00"}


def test_piles_variation_four_aces_and_a_deuce_is_the_best_low(showdown_run):
    # Ah Ad + Ac As (square 1) + 2c (row): A-A-A-A-2, the best low of the variation
    board = {"square1": "Ac As Th Jh", "square2": "4d 5d 9s 9h", "row": "2c 6s Kh Qh Js"}
    result = ok(showdown_run, "piles", [p("A", "Ah Ad 9c 9d Kc", declare="low"),
                                    p("B", "2h 3h Qd Qc Jd", declare="low")],
                board=board, pot="2.00", options={"variation": True})
    assert ranks(result, "A", "low") == list("2AAAA")
    assert paid(result) == {"A": "2.00"}


def test_the_bluffs_seed_table_cards(showdown_run):
    # the seed's example table A 10 6 5 / K 4 2 9 and the hand Q 3 A K: one row at a time,
    # high is a pair of aces (Ac + Ad of row 1) and the ace-to-six low 9-4-3-2-A (row 2).
    # B's 8c 7c + 6 5 A (row 1) = 8-7-6-5-A is the lower low.
    result = ok(showdown_run, "the-bluffs", [p("A", "Qs 3h Ac Kd"), p("B", "7c 8c Jh Jd")],
                board={"row1": "Ad Th 6s 5c", "row2": "Kh 4d 2c 9s"}, pot="2.00")
    assert cat(result, "A") == "pair" and ranks(result, "A")[:2] == ["A", "A"]
    assert ranks(result, "A", "low") == list("9432A")
    assert ranks(result, "B", "low") == list("8765A")
    assert paid(result) == {"A": "1.00", "B": "1.00"}


def test_the_bluffs_cards_talk_so_no_declaration(showdown_run):
    error = refused(showdown_run, "the-bluffs", [p("A", "Qs 3h Ac Kd", declare="high")],
                    board={"row1": "Ad Th 6s 5c", "row2": "Kh 4d 2c 9s"})
    assert "players[0].declare" in error


# -- Flaming Cross, Ponsi, Woodstock -----------------------------------------------------------

CROSS = {"row": "Ah 2d", "column": "Kh Ks", "center": "Kd"}


def test_flaming_cross_pigger_loses_low_and_gets_nothing(showdown_run):
    # lines Ah Kd 2d and Kh Kd Ks. A (both): Kc 3c + Kh Kd Ks = four kings; low 3c 4c 5s +
    # Ah 2d is a straight (house low), so 9-4-3-2-A. C (low): 3d 4d 6h + Ah 2d = 6-4-3-2-A.
    # A loses low: nothing. B (high): Qs Qd Qc + ... kings full; B takes high, C low.
    result = ok(showdown_run, "flaming-cross", [p("A", "Kc 3c 4c 5s 9d", declare="both"),
                                            p("B", "Qs Qd Qc 7h 8h", declare="high"),
                                            p("C", "3d 4d 6h 7c 8c", declare="low")],
                board=CROSS, pot="2.00")
    assert cat(result, "A") == "four_of_a_kind" and ranks(result, "A", "low") == list("9432A")
    assert ranks(result, "C", "low") == list("6432A")
    assert paid(result) == {"B": "1.00", "C": "1.00"}


def test_flaming_cross_3_center_rank_wild(showdown_run):
    # row Ah [7d] 2d, column Kh [7d] 9s; 7s are wild. A: Qs Qd 7c + 7d Kh = four queens;
    # B: Kd Ks + Kh 7d 9s = four kings.
    result = ok(showdown_run, "flaming-cross-3", [p("A", "7c Qs Qd"), p("B", "Kd Ks 3c")],
                board={"row": "Ah 2d", "column": "Kh 9s", "center": "7d"})
    assert cat(result, "A") == cat(result, "B") == "four_of_a_kind"
    assert paid(result) == {"B": "1.00"}


def test_ponsi_pig_who_wins_both_takes_all(showdown_run):
    result = ok(showdown_run, "ponsi", [p("A", "Ah 2h 3h 4h 6c", declare="both"),
                                    p("B", "Ks Kd 9c 5d Qs", declare="high")],
                board={"community": "Kh Jh 8d 7s 2c"}, pot="2.00")
    assert cat(result, "A") == "flush" and paid(result) == {"A": "2.00"}


def test_woodstock_with_only_three_shared_cards(showdown_run):
    result = ok(showdown_run, "woodstock", [p("A", "Ah As Kd"), p("B", "Qc Qd Qh")],
                board={"community": "Ac 5d 9h"})
    assert cat(result, "A") == "three_of_a_kind" and paid(result) == {"A": "1.00"}


# -- the fixed-stake games ------------------------------------------------------------------


def test_blind_omaha_exactly_two_hand_cards(showdown_run):
    # A holds four hearts but only two may play: no flush, no straight; ace high.
    # B: 5c 6c + 2c 3d 4s = six-high straight.
    result = ok(showdown_run, "blind-omaha", [p("A", "Ah Kh Qh Jh"), p("B", "5c 6c 7d 8d")],
                board={"community": "Th 2c 3d 4s 9h"})
    assert cat(result, "A") == "high_card" and cat(result, "B") == "straight"
    assert paid(result) == {"B": "1.00"} and result["owes"] == []


def test_crazy_dutchy_one_board_only(showdown_run):
    # boards: A's Ah Ad with Ac (board 1) and As (board 2) never meet: three aces at most
    result = ok(showdown_run, "crazy-dutchy", [p("A", "Ah Ad"), p("B", "Kc Kd")],
                board={"row1": "Ac 2c 7d 9s Js", "row2": "As Ks 3h 4h 8c",
                       "row3": "Kh 5s 6d Tc Qd"})
    assert cat(result, "A") == "three_of_a_kind" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"A": "1.00"}


SKY = {"A1": "9h", "A2": "4d", "A3": "Ah", "A4": "7c", "A5": "Td", "E": "5c"}


SKY_SHAFT = ["2s", "6d", "Ad", "8d", "Js"]


@pytest.mark.parametrize("shaft", ["C", "B"])
def test_skyscraper_second_shaft_named_c_or_b(showdown_run, shaft):
    # the seed deals shafts A and C but lists the floors as A-E-B: either name is accepted.
    # X: floor 1 (9h 5c 2s) with the 5c wild as the Th: king-high straight flush.
    # Y: floor 3 (Ah 5c Ad) + As, the 5c wild: four aces.
    board = dict(SKY, **{f"{shaft}{n}": card for n, card in enumerate(SKY_SHAFT, 1)})
    result = ok(showdown_run, "skyscraper-elevator", [p("X", "Kh Qh Jh 3s"), p("Y", "As Kc Kd 2h")],
                board=board)
    assert cat(result, "X") == "straight_flush" and cat(result, "Y") == "four_of_a_kind"
    assert paid(result) == {"X": "1.00"}


def test_skyscraper_missing_shaft_card_names_the_position(showdown_run):
    board = dict(SKY, **{f"C{n}": card for n, card in enumerate(SKY_SHAFT[:4], 1)})
    error = refused(showdown_run, "skyscraper-elevator", [p("X", "Kh Qh Jh 3s")], board=board)
    assert "board.C5" in error


# -- the rankings through `python -m rules eval` / `compare` ------------------------------------


@pytest.fixture
def cli(capsys):
    def run(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        assert code == 0, err
        return json.loads(out)

    return run


def test_ruby_run_seed_example_through_compare(cli):
    result = cli("compare", "--scheme", "ruby-run", "6d 7d 8h 9h Kc", "2d 3d 4d Kc Qs",
                 "Ac Ad Ah As Kh")
    # the suited three beats the mixed four; any run beats four aces
    assert result["order"] == [[1], [0], [2]]


# -- splits and odd money ------------------------------------------------------------------------


def test_real_poker_pigger_who_ties_both_sides_shares_both(showdown_run):
    # board groups 5d 6d / Kc Ks / Qs Jd / Tc 8c, singles 7h Kd 2c 9d. A (both): 4c 3h +
    # 5d 6d + 7h = seven-high straight, tied by B (4d 3s, same cards); A's Ah 2h 3h + 5d 6d
    # = 6-5-3-2-A low, tied by C (Ac 2d 3c). Each half splits: A 0.50 + 0.50.
    board = {"group1": "5d 6d", "group2": "Kc Ks", "group3": "Qs Jd", "group4": "Tc 8c",
             "single1": "7h", "single2": "Kd", "single3": "2c", "single4": "9d"}
    result = ok(showdown_run, "real-poker", [p("A", "Ah 2h 3h 4c 9s", declare="both"),
                                         p("B", "As 2s 3s 4d 9c", declare="high"),
                                         p("C", "Ac 2d 3c 4h 9h", declare="low")],
                board=board, pot="2.00")
    assert cat(result, "A") == cat(result, "B") == "straight"
    assert paid(result) == {"A": "1.00", "B": "0.50", "C": "0.50"}


def test_boise_nobody_qualifies_for_high_so_the_low_takes_the_whole_pot(showdown_run):
    # board Qd Th 6s 5c 2h. A: Ac 7d + 6s 5c 2h = 7-6-5-2-A low, best high a pair of queens
    # (Qs + Qd) - no trips. B: Jh Jd, a pair of jacks, no low (only the 3s are low).
    # Nobody has trips: by the usual rule for a split pot with qualifiers (as "no qualifying
    # low: high takes all"), the low winner A takes the whole 2.00.
    result = ok(showdown_run, "boise", [p("A", "Qs 9h Ac Kd 7d"), p("B", "Jh Jd 3c 3d Ks")],
                board={"community": "Qd Th 6s 5c 2h"}, pot="2.00")
    assert cat(result, "A") == "pair" and ranks(result, "A", "low") == list("7652A")
    assert paid(result) == {"A": "2.00"} and result["carry"] == "0.00"


# -- more bad inputs ----------------------------------------------------------------------------


def test_bluffs_unknown_hand_rule_names_the_option(showdown_run):
    error = refused(showdown_run, "the-bluffs", [p("A", "Qs 3h Ac Kd")],
                    board={"row1": "Ad Th 6s 5c", "row2": "Kh 4d 2c 9s"},
                    options={"hand_rule": "any"})
    assert "options.hand_rule" in error


def test_ruby_run_four_hole_cards_are_too_many(showdown_run):
    error = refused(showdown_run, "ruby-run", [p("A", "Ah 2h 3h 4h")],
                    board={"over": "4c 5d 9s", "under": "Jh Qh Ts", "slam": "8s"})
    assert "players[0]" in error


def test_piles_pig_word_is_both(showdown_run):
    error = refused(showdown_run, "piles", [p("A", "Ah 2h Qd Jd 9c", declare="pig")], board=PILES)
    assert "players[0].declare" in error


@pytest.mark.parametrize("game", ["swiss-holdem", "blind-holdem", "estonian-twist"])
def test_holdem_at_the_showdown_board_plays_and_ties_split(showdown_run, game):
    # board Ah Kh Qh Jh Th: a royal flush on the board; both play it and split 1.05: 0.50
    # each and the odd nickel stays (P2). Nobody owes anything (fixed stake / hold'em).
    result = ok(showdown_run, game, [p("A", "2c 3d"), p("B", "9h 8h")],
                board={"community": "Ah Kh Qh Jh Th"}, pot="1.05")
    assert cat(result, "A") == cat(result, "B") == "straight_flush"
    assert paid(result) == {"A": "0.50", "B": "0.50"} and result["carry"] == "0.05"
    assert result["owes"] == []


def test_slovak_double_barrel_face_up_hole_cards(showdown_run):
    # A's 7c 7d with 7h on the board: three sevens; B's Ad Kd: ace-king high
    result = ok(showdown_run, "slovak-double-barrel", [p("A", up="7c 7d"), p("B", up="Ad Kd")],
                board={"community": "7h 2s 9c Jd 4h"})
    assert cat(result, "A") == "three_of_a_kind" and paid(result) == {"A": "1.00"}
