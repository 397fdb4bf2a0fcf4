"""The hold'em family of seed 003 (Texas Reach Around to Royal Hold'em,
`rules/games/catalog/holdem_family/games.py`) through the CLI contract: one or more fresh showdowns
per game, each worked by hand from the seed's own words and run through the CLI contract
in-process (`python -m rules showdown FILE`), asserting the JSON it prints: awards, carry, owes
and the categories of the hands."""

from cli_helpers import cat, sides
from cli_helpers import p as pl
from cli_helpers import paid as won

# =============================================================================================
# The hold'em family (seed 003, Texas Reach Around to Royal Hold'em)
# =============================================================================================

def test_texas_reach_around_each_players_lowest_hole_rank_is_wild_board_too(showdown):
    board = {"community": "4h Kd Kh 7s 2c".split()}
    players = [pl("A", "4c 9d Ts"),            # 4s wild (4c, board 4h): four kings, ten kicker
               pl("B", "Ks Qs Js"),            # jacks wild: K K K + J = four kings, queen kicker
               pl("C", "3c 8c", "2s")]         # bought 2s up: threes wild -> kings full of deuces
    result = showdown("texas-reach-around", players, board=board)
    assert [cat(result, n) for n in "ABC"] == ["four_of_a_kind", "four_of_a_kind", "full_house"]
    assert won(result) == {"B": "1.00"}


def test_doogie_pigger_who_ties_low_with_a_non_perfect_doogie_wins_nothing(showdown):
    board = {"community": "Kc Kd 9h 9s".split()}
    players = [pl("A", "As 2h 3d 5c Ks 9c", declare="both"),   # kings full; 5-3-2-A doogie
               pl("B", "Ah 2s 3c 5d Qh Qs", declare="low"),    # 5-3-2-A doogie too
               pl("C", "Jc Jd Jh 7c 7d 4h", declare="high")]   # jacks full of kings
    result = showdown("doogie", players, board=board)
    assert cat(result, "A") == "full_house" and cat(result, "A", "low") is not None
    assert sides(result) == [("B", "low", "0.50"), ("C", "high", "0.50")]


def test_doogie_pigger_tying_with_a_perfect_doogie_keeps_its_share(showdown):
    board = {"community": "Kc Kd 9h 9s".split()}
    players = [pl("A", "As 2h 3d 4c Kh Qh", declare="both"),   # perfect doogie: high and low
               pl("B", "Ah 2s 3c 4d 7h 8h", declare="low"),    # perfect doogie
               pl("C", "Jc Jd Jh 7c 7d 6s", declare="high")]   # jacks full of kings
    result = showdown("doogie", players, board=board)
    assert cat(result, "A") == "perfect_doogie"
    assert sides(result) == [("A", "both", "0.75"), ("B", "low", "0.25")]


def test_doogie_high_below_a_full_house_cannot_win_and_stays(showdown):
    board = {"community": "Kc Kd 9h 9s".split()}
    players = [pl("A", "Ks 2h 3d 8c Qs Js", declare="high"),   # kings full? no: KKK 99 = full
               pl("B", "Ac 2d 3h 8s Qh Qd", declare="high")]   # queens and kings: two pair
    result = showdown("doogie", players, board=board)
    assert won(result) == {"A": "1.00"}
    players[0] = pl("A", "Ah 2c 3s 8d Js Ts", declare="high")   # kings and nines: two pair
    result = showdown("doogie", players, board=board)
    assert result["awards"] == [] and result["carry"] == "1.00"


def test_buddys_game_diagonal_board_cards_never_combine(showdown):
    # row1 5c Kd / row2 Ks 9h: Kd and Ks touch only at a corner, so A has three kings, not
    # four, and loses to B's nines full (9h with B's 9c 9d, 4h 4s).
    board = {"row1": ["5c", "Kd"], "row2": ["Ks", "9h"]}
    players = [pl("A", "Kh Kc 2s 3d", declare="high"), pl("B", "9c 9d 4h 4s 2c", declare="high")]
    result = showdown("buddys-game", players, board=board)
    assert cat(result, "A") == "three_of_a_kind" and cat(result, "B") == "full_house"
    assert won(result) == {"B": "1.00"}


def test_mutual_of_omaha_exactly_two_from_hand_declared_split(showdown):
    board = {"community": "Ah Kh Qh Jh 3c".split()}
    players = [pl("A", "2c 5d 8s", declare="low"),    # K-5-3-2-A
               pl("B", "Th Tc 9d", declare="high"),   # not a royal flush: T-9 with K Q J
               pl("C", "9s 9c 4d", declare="high")]   # pair of nines
    result = showdown("mutual-of-omaha", players, board=board)
    assert cat(result, "B") == "straight"
    assert sides(result) == [("A", "low", "0.50"), ("B", "high", "0.50")]


def test_double_trouble_insured_hand_plays_all_three_cards(showdown):
    board = {"community": "Kc Kd 7h 4s 2c".split()}
    players = [pl("Ann left", "Ks Kh 9d", declare="high"),      # four kings
               pl("Ann right", "As 3s 9c", declare="low"),      # 7-4-3-2-A
               pl("Bob left", "7c 7d 7s", declare="high"),      # sevens full of kings
               pl("Bob right", "Ac 3h", "6d", declare="low")]   # insured: 6-4-3-2-A
    result = showdown("double-trouble-split", players, board=board)
    assert cat(result, "Ann left") == "four_of_a_kind" and cat(result, "Bob left") == "full_house"
    assert sides(result) == [("Ann left", "high", "0.50"), ("Bob right", "low", "0.50")]
    players[3] = pl("Bob right", "Ac 3h 6d", declare="low")       # not insured: 7-4-3-2-A ties
    result = showdown("double-trouble-split", players, board=board)
    assert sides(result) == [("Ann left", "high", "0.50"), ("Ann right", "low", "0.25"),
                             ("Bob right", "low", "0.25")]


def test_one_mans_trash_board_plays_for_both_and_the_odd_nickel_stays(showdown):
    board = {"community": "As Ks Qs Js Ts".split()}
    result = showdown("one-mans-trash", [pl("A", "2c 3c"), pl("B", "4d 5d")], board=board,
                      pot="1.05")
    assert cat(result, "A") == "straight_flush"
    assert won(result) == {"A": "0.50", "B": "0.50"} and result["carry"] == "0.05"


def test_hollywood_holdem_kings_full_beat_nines_full(showdown):
    board = {"community": "9h 5s 5c Kd 2h".split()}
    result = showdown("hollywood-holdem", [pl("A", "9c 9d"), pl("B", "Kc Ks")], board=board)
    assert won(result) == {"B": "1.00"}


def test_southern_deuce_holdem_three_cards_and_four_on_the_board(showdown):
    board = {"community": "As Kc Kd 7h".split()}
    players = [pl("A", "Ah Qd 2c"), pl("B", "Kh 7s 2d")]
    result = showdown("southern-deuce-holdem", players, board=board)
    assert cat(result, "A") == "two_pair" and cat(result, "B") == "full_house"
    assert won(result) == {"B": "1.00"}
    result = showdown("southern-deuce-holdem", players, board=board,
                      options={"deuce_effects": "wild"})
    assert cat(result, "A") == "full_house" and cat(result, "B") == "four_of_a_kind"


def test_fred_potato_high_by_default_high_low_by_agreement(showdown):
    board = {"community": "3h 4s 7c Kd Qs".split()}
    players = [pl("A", "Ac 2d"), pl("B", "Kc Ks")]
    assert won(showdown("fred-potato", players, board=board)) == {"B": "1.00"}
    result = showdown("fred-potato", players, board=board, options={"split": "cards-talk"})
    assert sides(result) == [("A", "low", "0.50"), ("B", "high", "0.50")]


def test_pyramid_bottom_card_is_in_every_hand_so_a_nine_kills_every_low(showdown):
    # without the 9s A would hold a royal flush and a 6-low; with it: a king-high straight
    board = {"row1": "Ah Kh Qh Jh".split(), "row2": ["2c", "3d"], "bottom": ["9s"]}
    players = [pl("A", "Th 4c 5c 6d 8d"), pl("B", "9c 9d 7s 7c 2s")]
    result = showdown("pyramid", players, board=board)
    assert cat(result, "A") == "straight" and cat(result, "B") == "full_house"
    assert cat(result, "A", "low") is None
    assert won(result) == {"B": "1.00"}


def test_pyramid_high_and_low_both_use_the_bottom_card(showdown):
    board = {"row1": "Ah Kh Qh Jh".split(), "row2": ["2c", "3d"], "bottom": ["6s"]}
    players = [pl("A", "Th 4c 5c 7d 8d"), pl("B", "9c 9d 9h 6c 6d")]
    result = showdown("pyramid", players, board=board)
    # A: 8-7-6-5-4 straight for high, 6-4-3-2-A for low; B: nines full of sixes
    assert cat(result, "A") == "straight" and cat(result, "A", "low") == "high_card"
    assert sides(result) == [("A", "low", "0.50"), ("B", "high", "0.50")]


def test_kryky_the_wild_card_names_the_rank_but_plays_in_no_hand(showdown):
    board = {"community": ["5h", "9s"], "wild": ["Kh"]}
    players = [pl("A", "5c 5d Kc", "Qs Js"),     # 5 5 5 + Kc wild: four fives
               pl("B", "Kd Ks 4h", "4c 4s")]     # 4 4 4 + two wild kings: five fours
    result = showdown("kryky", players, board=board)
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "five_of_a_kind"
    assert won(result) == {"B": "1.00"}


def test_kryky_optional_low_deuce_to_seven(showdown):
    board = {"community": ["5h", "9s"], "wild": ["Kh"]}
    players = [pl("A", "2c 3d 4s", "Ac Qd"), pl("B", "2d 3s 7c", "4h Jc")]
    result = showdown("kryky", players, board=board, options={"split": "cards-talk", "low": "27"})
    # 2-7 low: A's best is 9-5-4-3-2 (A-2-3-4-5 is a straight, and the ace is high);
    # B has 7-5-4-3-2, the best 2-7 low; high: A ace high vs B jack high
    assert sides(result) == [("A", "high", "0.50"), ("B", "low", "0.50")]


def test_circle_jerk_two_hole_cards_and_three_neighbours_center_rank_wild(showdown):
    board = {"circle": "Ah Kd 7c 7s 2h 9d".split(), "center": ["3c"]}
    players = [pl("A", "7h 3d"),    # 3d wild: 7h 7c 7s + wild = four sevens
               pl("B", "Ac Ad")]    # 9d Ah Kd or 2h 9d Ah: three aces
    result = showdown("circle-jerk", players, board=board)
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "three_of_a_kind"
    assert won(result) == {"A": "1.00"}


def test_circle_jerk_cards_apart_on_the_circle_do_not_combine(showdown):
    # Ah and Ad sit opposite each other: B can never hold three aces with them
    board = {"circle": "Ah 5c 6d Ad 8s Jh".split(), "center": ["2s"]}
    players = [pl("A", "Ac Kc"), pl("B", "Qh Qd")]
    result = showdown("circle-jerk", players, board=board)
    assert cat(result, "A") == "pair" and cat(result, "B") == "pair"   # aces over queens
    assert won(result) == {"A": "1.00"}


def test_cold_omaha_two_plus_three_eight_or_better_cards_talk(showdown):
    board = {"community": "Ac 2d 7h Kc Ks".split()}
    players = [pl("A", "3s 4s Kd Qd"),    # three kings; 7-4-3-2-A
               pl("B", "Ah Ad 5c 6c")]    # aces full of kings; 7-6-5-2-A
    result = showdown("cold-omaha", players, board=board)
    assert cat(result, "B") == "full_house"
    assert sides(result) == [("A", "low", "0.50"), ("B", "high", "0.50")]


def test_spots_lines_differ_per_part_and_one_player_can_scoop(showdown):
    board = {"row1": "Ah 2c 3d".split(), "row2": "Kc Kd Ks".split(), "row3": "9h 8h 7h".split()}
    players = [pl("A", "Kh 4h 5h 6h"),   # 8h 7h from row3 + 6h 5h 4h: straight flush;
                                          # low 6h 4h with Ah 2c 3d: 6-4-3-2-A
               pl("B", "Qs Qc 2h 3h")]   # kings full of queens
    result = showdown("spots", players, board=board)
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "full_house"
    assert won(result) == {"A": "1.00"}


def test_strobe_wheel_beats_trips_aces_low(showdown):
    board = {"community": "3d 4s 5h Kc Kd".split()}
    result = showdown("strobe", [pl("A", "Ah 2c"), pl("B", "Kh Qh")], board=board)
    assert cat(result, "A") == "straight" and won(result) == {"A": "1.00"}


def test_stop_drop_roll_the_stop_and_drop_cards_are_out_of_play(showdown):
    board = {"community": "Ac 7s 2d".split(), "stop": ["As"], "drop": ["Kd"]}
    result = showdown("stop-drop-roll", [pl("A", "Ah Ad"), pl("B", "7h 7c")], board=board)
    assert cat(result, "A") == "three_of_a_kind" and won(result) == {"A": "1.00"}


def test_rails_one_rail_not_both_aces_low_only_and_the_ticket(showdown):
    board = {"row1": "Kc Qd Jh".split(), "row2": "4c 5d 8s".split(), "tie": ["2c"]}
    players = [pl("A", "Ac Ts 7d"),    # A K Q J T is no straight: aces are low only
               pl("B", "8c 8d 3d"),    # three eights with row2
               pl("C", "9h 7h 3h")]    # 9h 7h 3h + Jh, king rider Kc: a ticket
    result = showdown("rails", players, board=board)
    assert [cat(result, n) for n in "ABC"] == ["high_card", "three_of_a_kind", "ticket"]
    assert won(result) == {"C": "1.00"}
    result = showdown("rails", players, board=board, options={"ticket_rank": "two_pair"})
    assert won(result) == {"B": "1.00"}


def test_breaker_is_dead_by_option_and_when_played_breaks_the_flush(showdown):
    board = {"community": "Tc Th 8h 4h 2s".split()}
    players = [pl("A", "JK 3d"), pl("B", "Kc 7d"), pl("C", "Ah 6h")]
    result = showdown("breaker", players, board=board, options={"breaker": "dead"})
    assert cat(result, "C") == "flush" and won(result) == {"C": "1.00"}
    result = showdown("breaker", players, board=board, options={"breaker": "played"})
    # the flush is broken: C has tens with an ace, A tens with the Breaker as top kicker
    assert cat(result, "C") == "pair" and won(result) == {"A": "1.00"}


def test_breaker_may_not_be_played_when_a_third_hand_would_win(showdown):
    board = {"community": "Tc Th 8h 4h 2s".split()}
    players = [pl("A", "JK 3d"), pl("C", "Ah 6h"), pl("D", "8c 8d")]   # D: three eights
    error = showdown("breaker", players, board=board, options={"breaker": "played"}, expect=2)
    assert "options.breaker" in error


def test_wraparound_jack_to_deuce_is_a_straight(showdown):
    board = {"community": "Jd Qs Kh 7c 8d".split()}
    result = showdown("wraparound", [pl("A", "Ah 2c"), pl("B", "Kd Kc")], board=board)
    assert cat(result, "A") == "straight" and cat(result, "B") == "three_of_a_kind"
    assert won(result) == {"A": "1.00"}


def test_depot_the_switch_opens_the_middle_rail(showdown):
    board = {"row1": "4c 9d 6h".split(), "row2": "Qs 9s 2d".split(), "switch": ["9c"],
             "depot": ["5s"]}
    players = [pl("A", "9h 3s"),    # 9d 9c 9s up the middle + 9h: four nines
               pl("B", "Ks Js")]    # Qs 9s + depot 5s + Ks Js: a flush
    result = showdown("depot", players, board=board)
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "flush"
    assert won(result) == {"A": "1.00"}


def test_same_em_best_five_of_ten(showdown):
    board = {"community": "5c 6c Kd Kh Ks".split()}
    players = [pl("A", "2c 3c 4c 9d 9h"), pl("B", "Kc Ac Ad Ah 7s")]
    result = showdown("same-em", players, board=board)
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "four_of_a_kind"
    assert won(result) == {"A": "1.00"}


def test_texas_tornado_any_visible_cards_and_kansas_two_from_hand(showdown):
    result = showdown("texas-tornado", [pl("A", "Ah Kh"), pl("B", "2d 2h")],
                      board={"community": "Qh Jh 2c".split()})
    assert cat(result, "A") == "high_card" and won(result) == {"B": "1.00"}
    board = {"community": "Qh Jh Th 9c 2c".split()}
    result = showdown("texas-tornado", [pl("A", "Ah Kh 3s 4s"), pl("B", "2d 2h 9d 9s")],
                      board=board, options={"kansas": True})
    assert cat(result, "A") == "straight_flush" and won(result) == {"A": "1.00"}


def test_odds_and_ends_seed_example_seven_on_board_ends_the_wild(showdown):
    board = {"community": "7d 2c Kd".split()}
    players = [pl("A", "Jc Jd 7s 5h"),     # the seed's J-J-7-5 with a 7 up: two pair
               pl("B", "9c 9d 4s 4h"),     # both nines wild: four fours
               pl("C", "Qs Qh 3d 8c")]     # the 3 is the highest odd card: three queens
    result = showdown("odds-and-ends", players, board=board)
    assert [cat(result, n) for n in "ABC"] == ["two_pair", "four_of_a_kind", "three_of_a_kind"]
    assert won(result) == {"B": "1.00"}


def test_royal_holdem_full_house_beats_the_broadway_straight(showdown):
    board = {"community": "As Kc Kd Qh Jh".split()}
    result = showdown("royal-holdem", [pl("A", "Ah Ad"), pl("B", "Th Kh")], board=board)
    assert cat(result, "A") == "full_house" and cat(result, "B") == "straight"
    assert won(result) == {"A": "1.00"}


# -- more cases on the finer points ----------------------------------------------------------

def test_texas_reach_around_all_aces_in_the_hole_makes_aces_wild_S13(showdown):
    board = {"community": "2c 3d 6h Js Jd".split()}
    players = [pl("A", "Ah Ad Ac"),     # every hole card an ace: aces wild -> five jacks
               pl("B", "Kc Kd 4s")]     # 4s wild: kings full of jacks
    result = showdown("texas-reach-around", players, board=board)
    assert cat(result, "A") == "five_of_a_kind" and cat(result, "B") == "full_house"
    assert won(result) == {"A": "1.00"}


def test_kryky_a_community_card_of_the_wild_rank_is_wild_for_everybody(showdown):
    board = {"community": ["9s", "5h"], "wild": ["9c"]}
    players = [pl("A", "Ac Ad 4s", "Ah 7c"),    # A A A + 9s: four aces
               pl("B", "9h Kc Kd", "Ks 2d")]    # K K K + 9h + 9s: five kings
    result = showdown("kryky", players, board=board)
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "five_of_a_kind"
    assert won(result) == {"B": "1.00"}


def test_circle_jerk_the_last_circle_card_touches_the_first(showdown):
    board = {"circle": "Ah 5c 6d Ad 8s Jh".split(), "center": ["2s"]}
    players = [pl("A", "Jc Js"),    # 8s Jh Ah: three jacks
               pl("B", "5s 5d")]    # Jh Ah 5c: three fives
    result = showdown("circle-jerk", players, board=board)
    assert cat(result, "A") == "three_of_a_kind" and won(result) == {"A": "1.00"}


def test_mutual_of_omaha_pigger_who_wins_both_ways_outright_scoops_P1(showdown):
    board = {"community": "Ah Kh Qh Jh 3c".split()}
    players = [pl("A", "Th 9h 2c 4d", declare="both"),   # K-high straight flush; K-4-3-2-A
               pl("B", "5s 6d 7c", declare="low"),       # K-6-5-3-A
               pl("C", "Ts Tc 9d", declare="high")]      # K-high straight
    result = showdown("mutual-of-omaha", players, board=board)
    assert cat(result, "A") == "straight_flush" and cat(result, "C") == "straight"
    assert won(result) == {"A": "1.00"}


def test_double_trouble_a_hand_cut_to_two_cards_plays_both(showdown):
    board = {"community": "Kc Kd 7h 4s 2c".split()}
    players = [pl("Ann left", "Ks Kh", declare="high"), pl("Bob left", "7c 7d 7s", declare="high")]
    result = showdown("double-trouble-split", players, board=board)
    assert cat(result, "Ann left") == "four_of_a_kind" and won(result) == {"Ann left": "1.00"}


def test_depot_a_diagonal_rail_through_the_switch(showdown):
    board = {"row1": "4c 9d 6h".split(), "row2": "Qs 9s 2d".split(), "switch": ["9c"],
             "depot": ["5s"]}
    players = [pl("A", "Ac 3c"),    # 4c 9c 2d (first, switch, last) + depot 5s: the wheel
               pl("B", "Jh Th")]    # 9d 9c 9s up the middle: three nines
    result = showdown("depot", players, board=board)
    assert cat(result, "A") == "straight" and cat(result, "B") == "three_of_a_kind"
    assert won(result) == {"A": "1.00"}


def test_royal_holdem_refuses_a_card_outside_the_twenty_card_deck(showdown):
    board = {"community": "As Kc Kd Qh 9h".split()}
    error = showdown("royal-holdem", [pl("A", "Ah Ad"), pl("B", "Th Kh")], board=board, expect=2)
    assert "9h" in error


# =============================================================================================
# Engine limits found in review, once strict xfails, now fixed and pinned
# =============================================================================================

def test_breaker_is_played_by_itself_when_it_makes_its_holder_win(showdown):
    # the seed's Example 1 pattern: A's Breaker breaks C's flush; tens with the Breaker kicker
    # beat C's tens with an ace and B's tens with a king
    board = {"community": "Tc Th 8h 4h 2s".split()}
    players = [pl("A", "JK 3d"), pl("B", "Kc 7d"), pl("C", "Ah 6h")]
    assert won(showdown("breaker", players, board=board)) == {"A": "1.00"}


def test_explain_does_not_call_two_shares_the_whole_pot(showdown):
    board = {"community": "Kc Kd 9h 9s".split()}
    players = [pl("A", "As 2h 3d 4c Kh Qh", declare="both"),
               pl("B", "Ah 2s 3c 4d 7h 8h", declare="both")]
    result = showdown("doogie", players, board=board)
    assert won(result) == {"A": "0.50", "B": "0.50"}
    assert not any("whole pot" in line and "takes" in line for line in result["explain"])
