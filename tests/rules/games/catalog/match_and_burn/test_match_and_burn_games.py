"""Hand-worked showdowns for the match-pot and burn games of seed 000 (P3, P4, P6, P10-P14)."""

from showdown_helpers import awards, dead, high, owes, p, play

BURNS_BOARD = {"community": "2c 5d 7h Kd Ks".split()}
BURNS_PLAYERS = [p("A", "Ac 3c Qh Jh"), p("B", "Kh Qs Qd 9s"), p("C", "Kc 4c 9d Ts"),
                 p("D", "4h 3h 8c 8d")]


# -- 3-5-7 and 6-7-8 -------------------------------------------------------------------------

def test_three_five_seven_round_one_has_no_straights_and_threes_wild_G():
    # 9-T-J of hearts is only jack high in the 3-card round (trips > pair > high card)
    result = play("three-five-seven", [p("A", "2c 2d 7s"), p("B", "9h Th Jh")], round=1)
    assert awards(result) == {"A": "1.00"} and owes(result) == {"B": "1.00"}
    assert result["next_pot"] == "1.00" and result["game_over"] is False


def test_three_five_seven_round_one_a_three_makes_trips():
    result = play("three-five-seven", [p("A", "3h Kd Ks"), p("B", "Ah Ad Qc")], round=1)
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


def test_three_five_seven_lone_player_gets_a_leg_and_the_pot_stays_P10():
    result = play("three-five-seven", [p("A", "5h Kd Ks 2c 9d"), p("B", **{"in": False})], round=2)
    assert result["legs"] == ["A"] and awards(result) == {} and result["carry"] == "1.00"
    assert result["game_over"] is False


def test_three_five_seven_third_leg_takes_the_pot_and_ends_the_game_P10():
    result = play("three-five-seven", [p("A", "7h Kd Ks 2c 9d 4s 4h"), p("B", **{"in": False})],
                  round=3, legs={"A": 2}, pot="12.00")
    assert awards(result) == {"A": "12.00"} and result["game_over"] is True


def test_six_seven_eight_round_one_uses_the_board_and_sixes_wild():
    result = play("six-seven-eight", [p("A", "6h Kd Qs"), p("B", "Ah Ad Ac")], round=1,
                  board={"community": ["Kc", "Ks", "7s"]})
    assert high(result, "A") == "four_of_a_kind" and awards(result) == {"A": "1.00"}


def test_six_seven_eight_round_three_has_one_board_card_and_eights_wild():
    players = [p("A", "8h 2d 4s 6c Td Js 3c"), p("B", "Ah Ad Ac Kc 9s 9d 2s")]
    result = play("six-seven-eight", players, round=3, board={"community": ["Tc"]})
    # A: 2-3-4-6 and a wild eight for the missing five
    assert high(result, "A") == "straight" and high(result, "B") == "full_house"
    assert awards(result) == {"B": "1.00"}


# -- four-card fours -------------------------------------------------------------------------

def test_four_card_fours_trips_beat_two_pair_fours_wild_S4():
    result = play("four-card-fours", [p("A", "4h Kd Ks Qc"), p("B", "Ah Ad Qd Qs")])
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


def test_four_card_fours_lone_player_must_beat_the_top_four_cards_P14():
    result = play("four-card-fours", [p("A", "Kd Ks Qc Qd"), p("B", **{"in": False})],
                  dummy={"down": ["As", "Ah", "Ad", "7c"]}, pot="3.00")
    assert awards(result) == {} and owes(result) == {"A": "3.00"} and result["carry"] == "3.00"


# -- the deadly family -----------------------------------------------------------------------

def test_deadly_69s_down_six_is_wild_and_up_nine_kills_P13():
    result = play("deadly-69s", [p("A", "6h Kd", "Ks"), p("B", "Ah Ad", "9c"),
                                 p("C", "Qh Qd", "2c")])
    assert dead(result) == ["B"] and high(result, "A") == "three_of_a_kind"
    assert awards(result) == {"A": "1.00"} and owes(result) == {"B": "1.00", "C": "1.00"}


def test_deadly_69s_an_up_six_is_not_wild():
    result = play("deadly-69s", [p("A", "Kh Kd", "6s"), p("B", "Qh Qd", "2c")])
    assert "A" in dead(result) and awards(result) == {"B": "1.00"}


def test_deadly_7s():
    result = play("deadly-7s", [p("A", "7h 2c", "Kd"), p("B", "Ah Ac", "7d")])
    assert dead(result) == ["B"] and high(result, "A") == "pair" and awards(result) == {"A": "1.00"}


def test_deadly_low_lowest_card_wild_and_dead_when_it_is_up_S13_P13():
    result = play("deadly-low", [p("A", "2h Kd", "Ks"), p("B", "Kh Qd", "3c"),
                                 p("C", "9h 9d", "Tc")])
    assert dead(result) == ["B"]
    assert high(result, "A") == "three_of_a_kind" and high(result, "C") == "three_of_a_kind"
    assert awards(result) == {"A": "1.00"} and owes(result) == {"B": "1.00", "C": "1.00"}


def test_deadly_spades():
    result = play("deadly-spades", [p("A", "Ks 2s", "Kd"), p("B", "Ah Ad", "3s")])
    assert dead(result) == ["B"] and high(result, "A") == "three_of_a_kind"


def test_lively_diamonds_every_non_diamond_down_is_wild():
    result = play("lively-diamonds", [p("A", "Kd Qd", "Jd"), p("B", "Kh 2c", "5d"),
                                      p("C", "Ad Ac", "9h")])
    assert dead(result) == ["C"] and high(result, "B") == "three_of_a_kind"
    assert high(result, "A") == "high_card" and awards(result) == {"B": "1.00"}


# -- guts ------------------------------------------------------------------------------------

def test_guts_trips_beat_a_straight_flush_S3():
    result = play("guts", [p("A", "9h Th Jh"), p("B", "4c 4d 4s")])
    assert high(result, "A") == "straight_flush" and awards(result) == {"B": "1.00"}
    assert owes(result) == {"A": "1.00"}


def test_guts_wimp_rule_best_hand_pays_when_everybody_drops_P11():
    players = [p("A", "9h Th Jh", **{"in": False}), p("B", "4c 4d 4s", **{"in": False})]
    result = play("guts", players, options={"wimp": "1.00"}, pot="2.00")
    assert owes(result) == {"B": "1.00"} and result["next_pot"] == "3.00"


def test_one_card_guts_ace_is_high_S5():
    result = play("one-card-guts", [p("A", "Ks"), p("B", "As")])
    assert awards(result) == {"B": "1.00"} and owes(result) == {"A": "1.00"}


def test_one_card_guts_with_a_pass():
    result = play("one-card-guts-pass", [p("A", "2s"), p("B", "3s"), p("C", "Qd")])
    assert awards(result) == {"C": "1.00"} and owes(result) == {"A": "1.00", "B": "1.00"}


def test_two_card_guts_pairs_and_high_cards_only_S5():
    result = play("two-card-guts", [p("A", "2c 2d"), p("B", "Ah Kh")])
    assert awards(result) == {"A": "1.00"}


def test_four_card_guts_best_three_of_four_S3():
    result = play("four-card-guts", [p("A", "9h Th Jh 2c"), p("B", "Qs Qd Qc 3h")])
    assert high(result, "A") == "straight_flush" and awards(result) == {"B": "1.00"}


def test_indian_poker_forehead_card_is_up():
    result = play("indian-poker",
                  [p("A", up="Ks"), p("B", up="As"), p("C", up="2d", **{"in": False})])
    assert awards(result) == {"B": "1.00"} and owes(result) == {"A": "1.00"}


# -- Omaha Burns and friends -----------------------------------------------------------------

def test_omaha_burns_high_low_split_and_losers_burn_pot_up_to_five_P4_S8():
    result = play("omaha-burns", BURNS_PLAYERS, board=BURNS_BOARD, pot="10.05")
    assert awards(result) == {"B": "5.05", "A": "5.00"}
    assert owes(result) == {"C": "5.00", "D": "5.00"}
    assert result["next_pot"] == "10.00" and result["game_over"] is False


def test_omaha_burns_tied_high_goal_posts_and_both_burn_P6():
    players = [p("A", "Ac 3c Qh Jh"), p("B", "Kh Qs 4d 9s"), p("C", "Kc Qc 9d Ts")]
    result = play("omaha-burns", players, board=BURNS_BOARD, pot="10.05")
    # B and C both make K-K-K-Q-7: neither takes high; A's 7-5-3-2-A low takes the low half
    assert awards(result) == {"A": "5.00"} and result["carry"] == "5.05"
    assert owes(result) == {"B": "5.00", "C": "5.00"}


def test_omaha_burns_without_a_low_high_takes_all():
    players = [p("B", "Kh Qs Qd 9s"), p("C", "Qc 4c 8d Ts")]
    result = play("omaha-burns", players, board={"community": "2c Jd 9h Kd Ks".split()},
                  pot="4.00")
    assert awards(result) == {"B": "4.00"} and owes(result) == {"C": "4.00"}


def test_omaha_burns_fixed_burn_option_P4():
    result = play("omaha-burns", BURNS_PLAYERS, board=BURNS_BOARD, pot="10.05",
                  options={"burn": "fixed", "burn_cap": "1.50"})
    assert owes(result) == {"C": "1.50", "D": "1.50"}


def test_progressive_omaha_burns_cap_is_three_dollars_in_round_three_P4():
    result = play("progressive-omaha-burns", BURNS_PLAYERS, board=BURNS_BOARD, pot="10.05",
                  round=3)
    assert owes(result) == {"C": "3.00", "D": "3.00"}


def test_piranha_any_number_of_hand_cards_G():
    # four hearts from the hand with one from the board: impossible in Omaha
    result = play("piranha", [p("A", "Ah Kh Qh Jh"), p("B", "As Ad 6c 7c")],
                  board={"community": "Th 2c 3d 4s 5s".split()}, pot="2.00")
    assert high(result, "A") == "straight_flush" and awards(result) == {"A": "2.00"}
    assert owes(result) == {"B": "2.00"}


def test_evolution_all_tie_on_the_board_gives_legs_P10():
    result = play("evolution", [p("A", "2c 3c 4d 5d"), p("B", "2d 3d 4c 5c")],
                  board={"community": "As Ks Qs Js Ts".split()}, pot="2.00")
    assert result["legs"] == ["A", "B"] and result["carry"] == "2.00" and owes(result) == {}


def test_draw_match_pot_losers_match_P3():
    result = play("draw-match-pot", [p("A", "Ks Kd 7h 6c 2s"), p("B", "3h 3d 9c 9s 4d"),
                                     p("C", "Ah Qd Jc 8s 5d")], pot="1.50")
    assert awards(result) == {"B": "1.50"} and owes(result) == {"A": "1.50", "C": "1.50"}


def test_two_more_inches_best_five_of_seven_with_a_called_wild():
    result = play("two-more-inches", [p("A", "2c 2d Ah Ad 7s", "9c 3h"),
                                      p("B", "Kh Kd Ks Qs Qd", "4c 5c")], options={"wild": "2"})
    assert high(result, "A") == "four_of_a_kind" and awards(result) == {"A": "1.00"}


def test_two_more_deadly_inches_chosen_rank_kills_up_P13():
    players = [p("A", "7h Kd Ks 2c 3d", "7c 9s"), p("B", "Qh Qd 4c 5s 8d", "Jc Tc")]
    assert dead(play("two-more-deadly-inches", players)) == ["A"]
    queens = play("two-more-deadly-inches", players, options={"deadly": "Q"})
    assert dead(queens) == [] and high(queens, "B") == "flush"   # two wild queens as clubs
