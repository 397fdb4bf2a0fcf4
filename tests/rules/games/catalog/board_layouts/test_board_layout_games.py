"""Hand-worked showdowns for the games of seed 003 with boards of their own shape (Ruby Run to
Slovak Double Barrel, `rules/games/catalog/board_layouts/games.py`). Each one exercises what makes
its game special, citing the seed's rule (the game's section of 003_f7338090973f449e.txt) and
RULES.md ids."""

import pytest
from showdown_helpers import awards, high, owes, p, play

from rules.errors import RulesError
from rules.games.registry import all_games


def board(**positions):
    return {name: cards.split() for name, cards in positions.items()}


def category(result, name, side="high"):
    return next(player for player in result["players"] if player["name"] == name)[side]


# -- Ruby Run -------------------------------------------------------------------------------


def test_ruby_run_numbered_slam_keeps_the_over_cards_and_a_longer_suited_run_wins():
    # slam 7h: over 5h 6h 9c live. A: 5h 6h 7h 8h, a suited run of four; B: four nines,
    # which also hold the board's 5h-6h-7h run of three: the longer run wins
    result = play("ruby-run", [p("A", "8h Ac Ad"), p("B", "9s 9d 9h")],
                  board=board(over="5h 6h 9c", under="Kd Qs 2s", slam="7h"))
    assert high(result, "A") == "suited_run" and high(result, "B") == "suited_run"
    assert awards(result) == {"A": "1.00"}


def test_ruby_run_face_card_slam_brings_in_the_under_cards_and_a_run_beats_trips():
    # slam Jd: under Kd Qs 2s live. A: Jd Qd Kd, a red suited run; B: three nines
    result = play("ruby-run", [p("A", "Qd Ac Ad"), p("B", "9s 9d 9h")],
                  board=board(over="5h 6h 9c", under="Kd Qs 2s", slam="Jd"))
    assert high(result, "A") == "suited_run" and high(result, "B") == "three_of_a_kind"
    assert awards(result) == {"A": "1.00"}


# -- Oh Shit, Real Poker, Two Eleven ----------------------------------------------------------


def test_oh_shit_exactly_two_hand_cards_and_three_of_one_row_scoop_S8():
    # A: Kh 9h + Qh Jh Th (row 2) straight flush; 4s 5c + Ah 2d 3c (row 1) the wheel low
    result = play("oh-shit", [p("A", "Kh 9h 4s 5c 6d"), p("B", "As Ad 8d 7d 2h")],
                  board=board(row1="Ah 2d 3c Kd Kc", row2="Qh Jh Th 8s 7s"), pot="2.00")
    assert high(result, "A") == "straight_flush" and high(result, "B") == "full_house"
    assert [card[0] for card in category(result, "A", "low")["cards"]] == list("5432A")
    assert awards(result) == {"A": "2.00"}


SLAM = board(row="Ah 2d 8c 9c", column="Jh Th 4s 5s", center="3c")


SLAM_PLAYERS = [p("A", "4d 5d Kh Kd Ks"), p("B", "Ac As Qh Qd 6h")]


def test_slam_aha_two_from_hand_and_three_of_one_line_of_the_cross():
    # A: 4d 5d + Ah 2d 3c (the row line) = the wheel, a straight for high and the best low;
    # B: Ac As + Ah and two more of the row line = three aces. A scoops.
    result = play("slam-aha", SLAM_PLAYERS, board=SLAM, pot="2.00")
    assert high(result, "A") == "straight" and high(result, "B") == "three_of_a_kind"
    assert awards(result) == {"A": "2.00"}


def test_slam_aha_center_wild_option():
    # the 3c in the middle is wild: B's three aces become four and take high
    result = play("slam-aha", SLAM_PLAYERS, board=SLAM, pot="2.00",
                  options={"center_wild": True})
    assert high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00", "B": "1.00"}


REAL = board(group1="5d 6d", group2="Kc Ks", group3="Qs Jd", group4="Tc 8c",
             single1="7h", single2="Kd", single3="2c", single4="9d")


def test_real_poker_group_and_single_with_an_ace_to_six_low_S9():
    # A (low): Ah 2h 3h + group 5d 6d = 6-5-3-2-A; B (high): Kh Qh + group Kc Ks + single Kd
    result = play("real-poker", [p("A", "Ah 2h 3h 4c 9s", declare="low"),
                                 p("B", "Kh Qh 8d 8h 5c", declare="high")], board=REAL, pot="2.00")
    assert high(result, "B") == "four_of_a_kind"
    assert [card[0] for card in category(result, "A", "low")["cards"]] == list("6532A")
    assert awards(result) == {"A": "1.00", "B": "1.00"}


def test_real_poker_pigger_who_ties_a_side_shares_it():
    # A pigs: Ah Kh + group Ts Js + single Qd is the ace-high straight C also makes with
    # As Kd (a tie); A's Ah 2h 3h + group 5d 6d = 6-5-3-2-A wins low alone. Real Poker: a
    # pigger who ties one side and wins the other shares the tied side.
    tie = board(group1="Ts Js", group2="5d 6d", group3="Kc 8c", group4="9h 9c",
                single1="Qd", single2="Ks", single3="2c", single4="7d")
    result = play("real-poker", [p("A", "Ah Kh 2h 3h 4c", declare="both"),
                                 p("C", "As Kd 7c 6h 4h", declare="high")], board=tie,
                  pot="2.00")
    assert high(result, "A") == high(result, "C") == "straight"
    assert awards(result) == {"A": "1.50", "C": "0.50"}


def test_two_eleven_three_from_hand_and_two_from_the_board():
    # A: Ah Kh Qh + Jh Th royal; B: Jc Js Ts + Jh Th jacks full
    result = play("two-eleven", [p("A", "Ah Kh Qh 2c"), p("B", "Jc Js Ts Td")],
                  board=board(community="Jh Th 3s 4d"))
    assert high(result, "B") == "full_house" and awards(result) == {"A": "1.00"}


def test_two_eleven_hi_lo_low_needs_seven_or_better():
    # C: 5c 6c 7c + 3s 4d = 7-6-5-4-3 low (A-5 ignores the straight); D's 8-6-5-4-3 fails
    result = play("two-eleven", [p("A", "Ah Kh Qh 2c"), p("C", "5c 6c 7c 8c"),
                                 p("D", "8d 6d 5h Ks")],
                  board=board(community="Jh Th 3s 4d"), pot="2.00", options={"hi_lo": True})
    assert category(result, "D", "low") is None
    assert awards(result) == {"A": "1.00", "C": "1.00"}


@pytest.mark.parametrize("options", [{"split": "cards-talk"}, {"split": "cards-talk", "low": "a5"},
                                     {"hi_lo": True, "low": "house"}])
def test_two_eleven_high_low_by_split_option_keeps_the_seven_qualifier_003_S8(options):
    """003 "Two Eleven Poker" (S8's "other qualifiers"): played high-low, a low needs no card
    above a seven, however the high-low split is asked for. D's 8-6-5-4-3 was paid half the pot
    as an unqualified house low when the split came from `split` instead of `hi_lo`."""
    result = play("two-eleven", [p("A", "Ah Kh Qh 2c"), p("D", "8d 6d 5h Ks")],
                  board=board(community="Jh Th 3s 4d"), options=options)
    assert category(result, "D", "low") is None
    assert awards(result) == {"A": "1.00"}


def test_two_eleven_declared_low_must_still_be_seven_or_better_003_S14():
    """003 "Two Eleven Poker" with a declared split (S14): the lone low declarer's 8-high low
    does not qualify, so the high declarer takes the whole pot (games/__init__.py)."""
    result = play("two-eleven", [p("A", "Ah Kh Qh 2c", declare="high"),
                                 p("D", "8d 6d 5h Ks", declare="low")],
                  board=board(community="Jh Th 3s 4d"), options={"split": "declare"})
    assert awards(result) == {"A": "1.00"}


# -- El Dorado, the elevators --------------------------------------------------------------


def test_el_dorado_swapped_card_and_its_rank_are_wild():
    # center 7h: B's Ah Ad + As + wild 7h = four aces; A's 7c is wild too: three aces
    result = play("el-dorado", [p("A", "7c 2d"), p("B", "Ah Ad")],
                  board=board(community="As Kd 9c", center="7h"))
    assert high(result, "A") == "three_of_a_kind" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"B": "1.00"}


def test_el_dorado_without_a_swap_nothing_is_wild():
    result = play("el-dorado", [p("A", "7c 2d"), p("B", "Kh Qd")],
                  board=board(community="As Kd 9c 3h", center=""), options={"swapped": False})
    assert high(result, "A") == "high_card" and awards(result) == {"B": "1.00"}


ELEVATOR = board(A1="Ah", A2="2c", A3="4s", B1="Kh", B2="3d", B3="5s", C1="9d", C2="Td",
                 C3="Jc", E1="Qh", E2="8c")


def test_double_elevator_chosen_elevator_rank_is_wild_in_the_hand_too():
    # Y picks E2 (8c) on floor 1 (Kh-8c-9d): all four eights are wild: five kings beat X's
    # natural royal flush on floor 1 of E1 (Ah-Qh-Kh + Jh Th)
    result = play("double-elevator", [p("X", "Jh Th 6c 7c"), p("Y", "8h 8s 8d 2h")],
                  board=ELEVATOR)
    assert high(result, "X") == "straight_flush" and high(result, "Y") == "five_of_a_kind"
    assert awards(result) == {"Y": "1.00"}


def test_skyscraper_elevator_on_any_floor():
    # X: floor 1 (9h-5c-2s), the elevator 5c wild as the Th: king-high straight flush;
    # Y: floor 3 (Ah-5c-Ad) + As, the 5c wild: four aces
    sky = board(A1="9h", A2="4d", A3="Ah", A4="7c", A5="Td", C1="2s", C2="6d", C3="Ad",
                C4="8d", C5="Js", E="5c")
    result = play("skyscraper-elevator", [p("X", "Kh Qh Jh 3s"), p("Y", "As Kc Kd 2h")],
                  board=sky)
    assert high(result, "X") == "straight_flush" and high(result, "Y") == "four_of_a_kind"
    assert awards(result) == {"X": "1.00"}


# -- Cucamonga, Boise, Piles, The Bluffs ---------------------------------------------------

CUCAMONGA = board(top="Ah 2h 9c Kd", bottom="3s 4d Qc Qd")


def test_cucamonga_one_or_two_from_hand_and_from_each_row_scoop():
    # A: Ks Kc + Kd (top) + Qc Qd (bottom) = kings full; 5c + Ah 2h + 3s 4d = the wheel
    result = play("cucamonga", [p("A", "5c 6c Ks Kc Jh"), p("B", "Jc Jd 9d 7h 8h")],
                  board=CUCAMONGA, pot="2.00")
    assert high(result, "A") == "full_house"
    assert awards(result) == {"A": "2.00"}


def test_cucamonga_trips_qualifier_for_high_no_high_winner():
    # the best highs are two pair (B: queens and jacks, C: queens and eights): nobody
    # qualifies for high (trips & 8); C's 6c + Ah 2h + 3s 4d = 6-4-3-2-A takes low (what
    # happens to the high half: test_board_layout_games_cli, an open engine question)
    players = [p("B", "Jc Js 9h 7h 8s"), p("C", "6c 8c 8h 7s 7c")]
    result = play("cucamonga", players, board=CUCAMONGA, pot="2.00")
    assert high(result, "B") == high(result, "C") == "two_pair"
    assert result["winners"]["low"] == ["C"] and "B" not in awards(result)
    relaxed = play("cucamonga", players, board=CUCAMONGA, pot="2.00",
                   options={"qualifiers": "none"})
    assert awards(relaxed) == {"B": "1.00", "C": "1.00"} and relaxed["carry"] == "0.00"


def test_boise_three_from_hand_with_two_from_the_board():
    # B's Qh Qd Qc + Kd Ks (3 + 2) = queens full; A's Kh Kc + Kd Ks Ah = four kings and
    # 4s 5s + Ah 2d 3c = the wheel: A scoops
    result = play("boise", [p("A", "Kh Kc 4s 5s 9d"), p("B", "Qh Qd Qc 7h 8h")],
                  board=board(community="Ah 2d 3c Kd Ks"), pot="2.00")
    assert high(result, "B") == "full_house" and high(result, "A") == "four_of_a_kind"
    assert awards(result) == {"A": "2.00"}


PILES = board(square1="Ah 2d Kc Ks", square2="6s 7h Ac Qd", row="2c 4h 9s Jd Td")


def test_piles_two_from_hand_two_from_one_square_one_from_the_row_pig_scoops():
    # A (both): Kh Kd + Kc Ks + a row card = four kings; 3s 5c + Ah 2d + 4h = the wheel
    result = play("piles", [p("A", "Kh Kd 3s 5c 8c", declare="both"),
                            p("B", "Qh Qs Qc 3c 3d", declare="high")], board=PILES, pot="2.00")
    assert high(result, "A") == "four_of_a_kind" and high(result, "B") == "three_of_a_kind"
    assert awards(result) == {"A": "2.00"}


def test_piles_pig_who_ties_low_wins_nothing_P1():
    # C ties A's wheel for low: A (pig) wins nothing; B takes high, C takes low
    result = play("piles", [p("A", "Kh Kd 3s 5c 8c", declare="both"),
                            p("B", "Qh Qs Qc 3c 3d", declare="high"),
                            p("C", "3h 5d Jc Jh 9h", declare="low")], board=PILES, pot="2.00")
    assert awards(result) == {"B": "1.00", "C": "1.00"}


def test_piles_variation_pairs_do_not_count_for_low():
    # variation: B's 3c 3d + Ah 2d + 2c reads 3-3-2-2-A, a fine low; 5 or lower qualifies
    result = play("piles", [p("B", "Qh Qs Qc 3c 3d", declare="low"),
                            p("D", "7c 8h Kh Kd 9c", declare="low")],
                  board=PILES, pot="2.00", options={"variation": True})
    assert category(result, "D", "low") is None
    assert awards(result) == {"B": "2.00"}


def test_the_bluffs_wheel_is_a_straight_not_an_ace_to_six_low_S9():
    # Y's A-2-3-4-5 (row 1) wins high as a straight but is no low under ace-to-six;
    # X's 6-5-3-2-A takes low
    result = play("the-bluffs", [p("X", "3c 6d Qs Kh"), p("Y", "3d 4d Jh Jc")],
                  board=board(row1="Ah 2s 5c Td", row2="Kc 6h 9s 4h"), pot="2.00")
    assert high(result, "Y") == "straight"
    assert [card[0] for card in category(result, "X", "low")["cards"]] == list("6532A")
    assert awards(result) == {"X": "1.00", "Y": "1.00"}


def test_the_bluffs_joker_option_adds_a_wild_joker_for_nine_players():
    players = [p("X", "JK Kd Qs 3c"), p("Y", "3d 4d Jh Jc")]
    bluffs = board(row1="Ah 2s 5c Td", row2="Kc 6h 9s 4h")
    with pytest.raises(RulesError, match="JK"):
        play("the-bluffs", players, board=bluffs)
    result = play("the-bluffs", players, board=bluffs, options={"joker": True})
    # the joker stands for the 4 of X's 3c with row 1's Ah 2s 5c: A-2-3-4-5
    assert high(result, "X") == "straight"


# -- Woodstock, Flaming Cross, Ponsi -------------------------------------------------------


def test_woodstock_fewer_than_five_shared_cards_when_the_deck_ran_out():
    result = play("woodstock", [p("A", "Ah Kh Qh"), p("B", "2s 2d 3c")],
                  board=board(community="Jh Th 2c"))
    assert high(result, "A") == "straight_flush" and awards(result) == {"A": "1.00"}


CROSS = board(row="Ah 9c", column="Kd 2h", center="Qs")


def test_flaming_cross_one_line_of_the_cross_never_both():
    # X: Kh Kc + Kd Qs 2h (N-C-S) = three kings; mixing in the West ace would make a full
    # house. Y: Ah (W-C-E line) with 3d 4d 5s 6c = 6-5-4-3-A house low
    result = play("flaming-cross", [p("X", "Kh Kc Ad 7s 3c", declare="high"),
                                    p("Y", "3d 4d 5s 6c 8h", declare="low")],
                  board=CROSS, pot="2.00")
    assert high(result, "X") == "three_of_a_kind"
    assert [card[0] for card in category(result, "Y", "low")["cards"]] == list("6543A")
    assert awards(result) == {"X": "1.00", "Y": "1.00"}


def test_flaming_cross_3_center_rank_wild():
    # Qs center and every queen are wild: Y's Ac As + Ah Qs 9c = four aces beat X's Kh Kd
    # + Qh Qs (wild) + 2h = four kings
    result = play("flaming-cross-3", [p("X", "Qh Kh 2c"), p("Y", "Ac As 9d")], board=CROSS)
    assert high(result, "X") == high(result, "Y") == "four_of_a_kind"
    assert awards(result) == {"Y": "1.00"}


def test_ponsi_pig_beaten_for_low_wins_nothing_and_high_stays_P1_S7():
    # A pigs: four kings high, but the wheel is a straight in the house low, so A's best low
    # is 9-4-3-2-A; B's 6-4-3-2-A wins low. Nobody else declared high: that half stays.
    result = play("ponsi", [p("A", "Kh Kc 4s 5s 9d", declare="both"),
                            p("B", "6h 7h 4c 5c 8d", declare="low")],
                  board=board(community="Ah 2c 3d Kd Ks"), pot="2.00")
    assert awards(result) == {"B": "1.00"} and result["carry"] == "1.00"


# -- fixed-stake games -----------------------------------------------------------------------


def test_blind_holdem_best_hand_takes_the_pot_nobody_owes():
    result = play("blind-holdem", [p("A", "As 2c"), p("B", "Kd Kc")],
                  board=board(community="Ah Ad 7s 8c 2d"), pot="3.00")
    assert awards(result) == {"A": "3.00"} and owes(result) == {}


def test_blind_omaha_exactly_two_and_three():
    result = play("blind-omaha", [p("A", "Ah Kh 2c 3c"), p("B", "9h 8h 7d 6d")],
                  board=board(community="Qh Jh Th 9s 2d"))
    assert high(result, "B") == "straight_flush" and awards(result) == {"A": "1.00"}


def test_estonian_twist_two_hole_cards_with_the_board():
    result = play("estonian-twist", [p("A", "7s 7d"), p("B", "Ac Kc")],
                  board=board(community="7h 2c 9d Js 4c"))
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


def test_crazy_dutchy_one_board_at_a_time():
    result = play("crazy-dutchy", [p("A", "Ah Kh"), p("B", "2d 2s")],
                  board=board(row1="Qh Jh Th 2c 3c", row2="2h 5c 6c 7c 9d",
                              row3="Qd Qs Qc 4d 4s"))
    assert high(result, "A") == "straight_flush" and high(result, "B") == "full_house"
    assert awards(result) == {"A": "1.00"}


def test_slovak_double_barrel_face_up_hole_cards():
    result = play("slovak-double-barrel", [p("A", up="9s 9d"), p("B", up="Ac Kc")],
                  board=board(community="9h 2c 5d Js 4c"))
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


def test_every_game_states_its_source_and_positions():
    mine = [game for game in all_games().values() if game.source == "003_f7338090973f449e.txt"
            and game.id in SEED_003B_IDS]
    assert len(mine) == len(SEED_003B_IDS)
    for game in mine:
        for position in game.board:
            assert f"`{position.name.rstrip('0123456789')}" in game.describe, game.id


SEED_003B_IDS = (
    "egyptian-holdem", "island-pineapple", "the-game", "jersey-holdem", "jersey-holdem-south",
    "double-edge-trim-saw", "pass-em", "blue-beacon", "waiting-for-godot", "indian-chief",
    "russian-roulette", "crazy-blind-man", "chowaha", "loco-poker", "forty-three",
    "forty-three-box", "privacy-poker", "swiss-holdem", "suicide-swiss-holdem", "ruby-run",
    "oh-shit", "slam-aha", "real-poker", "two-eleven", "el-dorado", "double-elevator",
    "skyscraper-elevator", "cucamonga", "boise", "piles", "the-bluffs", "woodstock",
    "flaming-cross", "flaming-cross-3", "ponsi", "blind-holdem", "blind-omaha",
    "estonian-twist", "crazy-dutchy", "slovak-double-barrel", "krg",
)
