"""Hand-worked showdowns for the hold'em family of seed 003 ("Texas Reach Around" to "Royal
Hold'em", `rules/games/catalog/holdem_family/games.py`): each exercises what makes its game special
(layout, wild rule, split)."""

import pytest
from showdown_helpers import awards, high, p, play

from rules.cards import parse_cards
from rules.errors import RulesError
from rules.games.catalog.holdem_family.breaker import breaker_values


def community(text):
    return {"community": text.split()}


def low(result, name):
    hand = next(player for player in result["players"] if player["name"] == name)["low"]
    return hand and hand["category"]


# -- Texas Reach Around: lowest hole card wild, a card bought up is not a hole card (S13) -----

def test_texas_reach_around_lowest_hole_rank_is_wild_and_a_bought_up_card_is_not_hole():
    # A holds 9c Kd down and bought 3h face up: the lowest HOLE card is the 9, so nines are
    # wild (9c and the board's 9h) -> four kings. Were the 3h a hole card, only threes would be
    # wild and A would have kings full, losing to B. B: jacks wild -> four queens.
    board = community("9h Ks Qd 5c 2s")
    result = play("texas-reach-around", [p("A", "9c Kd", "3h"), p("B", "Qs Qc Jh")], board=board)
    assert high(result, "A") == "four_of_a_kind" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00"}


# -- Doogie and Buddys Game ------------------------------------------------------------------

def test_doogie_perfect_doogie_wins_high_and_low_S9():
    # A: A♣ 2♦ 3♥ 4♠ is a perfect doogie: it beats B's four kings for high and takes both.
    board = community("Kc Kd Qh 7s")
    players = [p("A", "Ac 2d 3h 4s 9c 9d", declare="both"),
               p("B", "Kh Ks Qs Qc Jc Tc", declare="high"),
               p("C", "5h 6c 7d 8s Js Jh", declare="low")]
    result = play("doogie", players, board=board)
    assert high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00"}


def test_doogie_high_needs_a_full_house_and_low_a_seven_doogie():
    board = community("Kc Kd Qh 7s")
    players = [p("A", "Ks 2d 3h 8s 9c Jd", declare="high"),     # three kings: no high
               p("B", "5h 6c 2s 4d Js Jh", declare="low")]      # 6-5-4-2 doogie qualifies
    result = play("doogie", players, board=board)
    # nobody qualifies for high, so the qualifying low takes the whole pot (as a pot with no
    # qualifying low goes to high, S8)
    assert awards(result) == {"B": "1.00"} and result["carry"] == "0.00"


def test_buddys_game_board_cards_only_in_a_straight_line_never_a_diagonal():
    # Board row1: A♣ K♠ / row2: K♦ 2♥. A's perfect doogie would need A♣ with 2♥: a diagonal.
    # So A has no doogie at all (only three suits in any allowed line); B's 7 doogie wins low.
    board = {"row1": ["Ac", "Ks"], "row2": ["Kd", "2h"]}
    players = [p("A", "3d 4s 7s 8s Qs", declare="low"), p("B", "5h 6c 7d 3s Jd", declare="low"),
               p("C", "Kh Kc 9d 9c 4d", declare="high")]
    result = play("buddys-game", players, board=board)
    assert low(result, "A") is None and low(result, "B") is not None
    assert high(result, "C") == "full_house"   # K♠ and K♦ touch only at a corner: no four kings
    assert awards(result) == {"B": "0.50", "C": "0.50"}


# -- Omaha-style: exactly two from the hand --------------------------------------------------

def test_mutual_of_omaha_exactly_two_hole_cards_and_declare():
    # Board with three hearts: A holds one heart, so no flush (two from hand); B's two hearts
    # make one. A declares low: A-3 with 2-5-8 -> 8-5-3-2-A.
    board = community("2h 5h 8h Jh Kc")
    players = [p("A", "Ah 3c 4d", declare="low"), p("B", "9h 7h 2c Qs", declare="high")]
    result = play("mutual-of-omaha", players, board=board)
    assert high(result, "B") == "flush" and high(result, "A") != "flush"
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_double_trouble_insured_hand_may_use_all_three_cards():
    # Bob's hand bought insurance on the 6♠ (entered up): 8♠ 7♠ 6♠ with T♠ 9♠ is a straight
    # flush. Ann plays two hands, each its own entry and declaration.
    board = community("Ts 9s 2d 3c Kh")
    players = [p("Ann left", "Ks Kd 2c", declare="high"), p("Ann right", "4h 5h 6d", declare="low"),
               p("Bob", "8s 7s", "6s", declare="high")]
    result = play("double-trouble-split", players, board=board)
    assert high(result, "Bob") == "straight_flush"
    assert awards(result) == {"Bob": "0.50", "Ann right": "0.50"}


def test_double_trouble_without_insurance_exactly_two_from_the_hand():
    board = community("Ts 9s 2d 3c Kh")
    players = [p("Ann left", "Ks Kd 2c", declare="high"), p("Bob", "8s 7s 6s", declare="high")]
    result = play("double-trouble-split", players, board=board)
    assert high(result, "Bob") == "high_card" and awards(result) == {"Ann left": "1.00"}


def test_cold_omaha_hi_lo_eight_or_better_two_plus_three_scoop_S8():
    board = community("3s 4d 5c Jh Js")
    players = [p("A", "Ah 2h Kc Kd"), p("B", "Qs Qd 7c 8c")]
    result = play("cold-omaha", players, board=board)
    assert high(result, "A") == "straight" and awards(result) == {"A": "1.00"}


# -- Hold'em shaped games ----------------------------------------------------------------------

def test_one_mans_trash_both_play_the_board_and_split():
    result = play("one-mans-trash", [p("A", "2c 3c"), p("B", "4d 5d")],
                  board=community("9c Tc Jd Qs Kh"))
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_hollywood_holdem_best_five_of_seven():
    result = play("hollywood-holdem", [p("A", "As Ad"), p("B", "Kc Qc")],
                  board=community("Jc Tc 2c 5h 9d"))
    assert high(result, "B") == "flush" and awards(result) == {"B": "1.00"}


def test_southern_deuce_the_picked_deuce_is_plain_unless_option_wild():
    board = community("Qh 7c 7d 3s")
    players = [p("A", "As 9d 2h"), p("B", "Qs Qd 2c")]
    plain = play("southern-deuce-holdem", players, board=board)
    assert high(plain, "B") == "full_house" and high(plain, "A") == "pair"
    wild = play("southern-deuce-holdem", players, board=board, options={"deuce_effects": "wild"})
    assert high(wild, "B") == "four_of_a_kind" and high(wild, "A") == "three_of_a_kind"


def test_fred_potato_high_or_high_low_by_agreement():
    board = community("Ks Kd 4c 5h 9d")
    players = [p("A", "Kh 8s"), p("B", "2c 3d")]
    assert awards(play("fred-potato", players, board=board)) == {"A": "1.00"}
    split = play("fred-potato", players, board=board, options={"split": "cards-talk"})
    assert awards(split) == {"A": "0.50", "B": "0.50"}


def test_fred_potato_high_low_by_prior_agreement_is_the_named_option_hi_lo_003_S7():
    """003 "Fred Potato Poker": high, or high-low "according to prior agreement": the
    agreement is the game's own option `hi_lo` (cards talk, house low S7, no qualifier)."""
    board = community("Ks Kd 4c 5h 9d")
    players = [p("A", "Kh 8s"), p("B", "2c 3d")]
    assert awards(play("fred-potato", players, board=board, options={"hi_lo": False})) == \
        {"A": "1.00"}
    split = play("fred-potato", players, board=board, options={"hi_lo": True})
    assert awards(split) == {"A": "0.50", "B": "0.50"}


def test_strobe_and_same_em_best_five_of_all_cards():
    strobe = play("strobe", [p("A", "7h 8h"), p("B", "Ac Ad")], board=community("9h Th Jc 2s 3d"))
    assert high(strobe, "A") == "straight" and awards(strobe) == {"A": "1.00"}
    same = play("same-em", [p("A", "2h 3h 4h 9c Kd"), p("B", "Ac Ad 7s 8s Qd")],
                board=community("5h 6h As Jc Ts"))
    assert high(same, "A") == "straight_flush" and awards(same) == {"A": "1.00"}


def test_stop_drop_roll_the_stop_and_drop_are_out_of_play():
    board = {"community": ["Ks", "7d", "2c"], "stop": ["As"], "drop": ["Ad"]}
    result = play("stop-drop-roll", [p("A", "Ah Ac"), p("B", "Kh 7h")], board=board)
    assert high(result, "A") == "pair" and awards(result) == {"B": "1.00"}


def test_stop_drop_roll_refuses_a_stop_card_seen_again():
    board = {"community": ["Ks", "7d", "2c"], "stop": ["Ah"]}
    with pytest.raises(RulesError, match="seen twice"):
        play("stop-drop-roll", [p("A", "Ah Ac"), p("B", "Kh 7h")], board=board)


def test_texas_tornado_any_number_of_visible_cards_and_the_kansas_rule():
    board = community("Ah Kh Qh 4c")
    result = play("texas-tornado", [p("A", "Jh Th"), p("B", "As Ad")], board=board)
    assert high(result, "A") == "straight_flush"
    kansas = play("texas-tornado", [p("A", "Jh Th 2s 3s"), p("B", "As Ad 5d 6d")],
                  board=community("Ah Kh Qh 4c Js"), options={"kansas": True})
    assert high(kansas, "A") == "straight_flush" and awards(kansas) == {"A": "1.00"}
    three_hearts = play("texas-tornado", [p("A", "Jh Th 9h 3s"), p("B", "As Ad 5d 6d")],
                        board=community("Kh Qh 2c 4c Js"), options={"kansas": True})
    assert high(three_hearts, "A") == "straight"   # only two hearts from the hand


# -- Pyramid: the bottom card must play ------------------------------------------------------

def test_pyramid_bottom_card_is_in_every_hand():
    # A's royal flush in the top row cannot be played without the bottom 9♠; B's four kings
    # use it. Every low must hold the 9: nobody qualifies (8 or lower), high takes all.
    board = {"row1": ["Ah", "Kh", "Qh", "Jh"], "row2": ["2c", "3d"], "bottom": ["9s"]}
    players = [p("A", "Th 4c 5d 6s 7c"), p("B", "Kc Kd Ks 8c 8d")]
    result = play("pyramid", players, board=board)
    assert high(result, "A") == "straight" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"B": "1.00"}


def test_pyramid_low_qualifies_with_a_low_bottom_card():
    board = {"row1": ["Ah", "Kh", "Qh", "Jh"], "row2": ["2c", "3d"], "bottom": ["4s"]}
    players = [p("A", "Th 9c 5d 6s 7c"), p("B", "Kc Kd Ks 8c 8d")]
    result = play("pyramid", players, board=board)
    assert low(result, "A") is not None and awards(result) == {"B": "0.50", "A": "0.50"}


# -- Wild cards from the board ---------------------------------------------------------------

def test_kryky_the_wild_card_names_a_rank_and_plays_in_no_hand():
    # The 7♣ off to the side makes sevens wild: A's two up sevens and the board's 7♦ turn
    # K K + K♠ into five kings; B (no seven in hand) has four aces with the 7♦.
    board = {"community": ["Ks", "7d"], "wild": ["7c"]}
    result = play("kryky", [p("A", "Kh Kd 2c", "7h 7s"), p("B", "Ac 3c 4d", "Ah Ad")], board=board)
    assert high(result, "A") == "five_of_a_kind" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00"}


def test_kryky_optional_deuce_to_seven_low():
    board = {"community": ["Ks", "9d"], "wild": ["Qc"]}
    players = [p("A", "Kh Kd 2c", "8h 8s"), p("B", "2s 3c 4d", "5h 7c")]
    result = play("kryky", players, board=board, options={"split": "cards-talk", "low": "27"})
    assert awards(result) == {"A": "0.50", "B": "0.50"}


@pytest.mark.parametrize(("low", "low_winner"), [("27", "B"), ("a5", "C")])
def test_kryky_optional_high_low_is_the_named_option_hi_lo_003_S9(low, low_winner):
    """003 "Kryky": optionally high-low, the low being the worst poker hand (deuce-to-seven)
    or ace-to-five (S9): option `hi_lo` `27` or `a5`. B's 7-5-4-3-2 is the best 2-7 low; C's
    wheel is the best A-5 low but a straight in 2-7."""
    board = {"community": ["Ks", "9d"], "wild": ["Qc"]}
    players = [p("A", "Kh Kd 2c", "8h 8s"), p("B", "2s 3c 4d", "5h 7c"),
               p("C", "Ac 3s 4h", "5d 2d")]
    result = play("kryky", players, board=board, pot="2.00", options={"hi_lo": low})
    assert awards(result) == {"A": "1.00", low_winner: "1.00"}


def test_circle_jerk_only_three_neighbours_and_the_center_rank_wild():
    # Circle in order: A♠ K♠ 3♦ Q♠ 4♣ 9♥; center 5♣ (fives wild). A's J♠ T♠ would make a royal
    # flush with A♠ K♠ Q♠, but they are not three neighbours. B's 5♥ is wild: three kings.
    board = {"circle": ["As", "Ks", "3d", "Qs", "4c", "9h"], "center": ["5c"]}
    players = [p("A", "Js Ts"), p("B", "5h Kd")]
    result = play("circle-jerk", players, board=board)
    assert high(result, "A") == "high_card"
    assert high(result, "B") == "three_of_a_kind" and awards(result) == {"B": "1.00"}
    spokes = play("circle-jerk", players, board=board, options={"spokes": True})
    # A♠, the wild center, Q♠ opposite: with J♠ T♠ a royal flush through the middle
    assert high(spokes, "A") == "straight_flush" and awards(spokes) == {"A": "1.00"}


def test_odds_and_ends_highest_odd_card_wild_unless_it_shows_on_the_board():
    # The seed's example: J-J-7-5 with a 7 turned up falls to two pair; B's nines stay wild.
    board = community("7d Ks 4c")
    result = play("odds-and-ends", [p("A", "Js Jd 7c 5h"), p("B", "9s 9d 3c 2h")], board=board)
    assert high(result, "A") == "two_pair" and high(result, "B") == "straight"
    assert awards(result) == {"B": "1.00"}
    no_seven = play("odds-and-ends", [p("A", "Js Jd 7c 5h"), p("B", "Qs Qd 4d 2h")],
                    board=community("8d Ks 4c"))
    assert high(no_seven, "A") == "three_of_a_kind" and awards(no_seven) == {"A": "1.00"}


# -- Spots: 3x3 lines --------------------------------------------------------------------------

SPOTS_BOARD = {"row1": ["Ah", "2c", "9d"], "row2": ["Ks", "3h", "4s"], "row3": ["Qh", "5d", "Js"]}


def test_spots_best_line_for_each_part_cards_talk():
    # A: J♥ T♥ with column 1 (A♥ K♠ Q♥) -> ace-high straight. B: A♣ 6♥ with the middle
    # column (2♣ 3♥ 5♦) -> 6-5-3-2-A, the best house low here.
    players = [p("A", "Jh Th 2s 7c"), p("B", "Ac 4c 6h 8s")]
    result = play("spots", players, board=SPOTS_BOARD)
    assert high(result, "A") == "straight"
    assert awards(result) == {"A": "0.50", "B": "0.50"}


def test_spots_a_line_may_give_a_single_card_to_four_hole_cards():
    # C: K♥ K♣ K♦ with the K♠ of column 1. D: all four hole spades with the J♠ of column 3.
    players = [p("C", "Kh Kc Kd 6c"), p("D", "Ts 9s 8s 7s")]
    result = play("spots", players, board=SPOTS_BOARD)
    assert high(result, "C") == "four_of_a_kind" and high(result, "D") == "straight_flush"
    assert awards(result) == {"D": "1.00"}    # D's 8-7-5-3-2 is the low as well


# -- Rails and Depot ---------------------------------------------------------------------------

def test_rails_ticket_beats_trips_and_one_rail_only():
    # A: 9♠ J♠ with row 1's 2♠ 5♠ and the tie Q♦ -> a ticket with a queen rider.
    # B: 3♥ with row 2's 3♣ 3♦ -> three threes. The ticket ranks above trips by default.
    board = {"row1": ["2s", "5s", "Td"], "row2": ["3c", "3d", "8h"], "tie": ["Qd"]}
    players = [p("A", "9s Js 4h"), p("B", "3h Kc 7c")]
    result = play("rails", players, board=board)
    assert high(result, "A") == "ticket" and high(result, "B") == "three_of_a_kind"
    assert awards(result) == {"A": "1.00"}
    moved = play("rails", players, board=board, options={"ticket_rank": "high_card"})
    assert awards(moved) == {"B": "1.00"}


def test_rails_aces_are_low_only():
    # A's A-K-Q-J-T is no straight in Rails; B's pair of deuces beats A's pair of aces.
    board = {"row1": ["Kd", "Qc", "Jh"], "row2": ["2h", "6c", "8d"], "tie": ["Ts"]}
    players = [p("A", "Ac Ad 4s"), p("B", "2s 5d 4c")]
    result = play("rails", players, board=board)
    assert high(result, "A") == "pair" and high(result, "B") == "pair"
    assert awards(result) == {"B": "1.00"}


def test_depot_switch_opens_diagonal_rails():
    # Rails: row1 2♣ 7♦ K♥, row2 9♠ 5♣ Q♦, switch J♣, depot 8♣. A's five clubs need a rail
    # through the switch (the middle 7♦-J♣-5♣ or the diagonal 2♣-J♣-Q♦) and the depot 8♣: a
    # flush (the straight rails alone give only a ticket). B's Q♥ T♥ with the other
    # diagonal K♥-J♣-9♠: a king-high straight. The flush wins.
    board = {"row1": ["2c", "7d", "Kh"], "row2": ["9s", "5c", "Qd"], "switch": ["Jc"],
             "depot": ["8c"]}
    players = [p("A", "4c 6c"), p("B", "Qh Th")]
    result = play("depot", players, board=board)
    assert high(result, "A") == "flush" and high(result, "B") == "straight"
    assert awards(result) == {"A": "1.00"}


# -- Breaker, Wraparound, Royal Hold'em -------------------------------------------------------

BREAKER_BOARD = community("Th 7h 4h 2s 3c")
BREAKER_PLAYERS = [p("A", "Tc JK"), p("B", "Ts Ad"), p("C", "Kh 9h")]


def test_breaker_dead_by_option_the_flush_stands():
    result = play("breaker", BREAKER_PLAYERS, board=BREAKER_BOARD, options={"breaker": "dead"})
    assert high(result, "C") == "flush" and awards(result) == {"C": "1.00"}


def test_breaker_played_by_the_engine_when_it_wins():
    result = play("breaker", BREAKER_PLAYERS, board=BREAKER_BOARD)
    assert high(result, "C") == "high_card" and awards(result) == {"A": "1.00"}


def test_breaker_played_breaks_the_flush_and_kicks_above_the_ace():
    # The seed's example 1: A's pair of tens with the Breaker kicker beats B's tens with an ace.
    result = play("breaker", BREAKER_PLAYERS, board=BREAKER_BOARD, options={"breaker": "played"})
    assert high(result, "C") == "high_card" and awards(result) == {"A": "1.00"}
    hands = {seat["name"]: parse_cards(seat["down"]) for seat in BREAKER_PLAYERS}
    chosen = breaker_values(hands, parse_cards(BREAKER_BOARD["community"]))
    assert max(chosen, key=lambda name: chosen[name].key) == "A"


def test_breaker_may_not_be_played_when_it_does_not_win():
    # The seed's example 2: breaking C's flush would hand the pot to D's three sevens.
    players = [p("A", "Tc JK"), p("C", "Kh 9h"), p("D", "7s 7d")]
    with pytest.raises(RulesError, match="options.breaker"):
        play("breaker", players, board=BREAKER_BOARD, options={"breaker": "played"})


def test_breaker_on_the_board_is_refused():
    with pytest.raises(RulesError):
        play("breaker", [p("A", "Tc 9c"), p("B", "Ts Ad")], board=community("JK 7h 4h 2s 3c"))


def test_wraparound_straight_through_the_ace_wins():
    board = community("2h 3s 4c Jd 9h")
    players = [p("A", "Kc Ad"), p("B", "9s 9d")]
    result = play("wraparound", players, board=board)
    assert high(result, "A") == "straight" and awards(result) == {"A": "1.00"}
    plain = play("texas-holdem", players, board=board)
    assert awards(plain) == {"B": "1.00"}


def test_royal_holdem_royal_flush_and_the_twenty_card_deck():
    board = community("Qh Jh Th Ad Kd")
    result = play("royal-holdem", [p("A", "Ah Kh"), p("B", "Ac Ks")], board=board)
    assert high(result, "A") == "straight_flush" and awards(result) == {"A": "1.00"}
    with pytest.raises(RulesError, match="royal"):
        play("royal-holdem", [p("A", "9h Kh"), p("B", "Ac Ks")], board=board)


def test_buddys_game_no_trips_for_high_so_the_qualifying_doogie_takes_the_whole_pot():
    # the same rule as Doogie and Boise: A's king high misses the trips qualifier
    board = {"row1": ["Ac", "Ks"], "row2": ["Kd", "2h"]}
    players = [p("A", "3d 4s 7c 8s Qs", declare="high"), p("B", "5h 6c 7d 3s Jd", declare="low")]
    result = play("buddys-game", players, board=board)
    assert high(result, "A") == "high_card" and low(result, "B") is not None
    assert awards(result) == {"B": "1.00"} and result["carry"] == "0.00"
