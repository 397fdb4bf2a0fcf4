"""Hand-worked showdowns for the community games of seed 003 (Egyptian Hold 'Em to Suicide Swiss
Hold'em, `rules/games/catalog/community_games/games.py`). Each one exercises what makes its game
special, citing the seed's rule (the game's section of 003_f7338090973f449e.txt) and RULES.md
ids."""

import pytest
from showdown_helpers import awards, high, p, play

from rules.errors import RulesError
from rules.games.registry import all_games


def board(**positions):
    return {name: cards.split() for name, cards in positions.items()}


def category(result, name, side="high"):
    return next(player for player in result["players"] if player["name"] == name)[side]


# -- Egyptian Hold 'Em ------------------------------------------------------------------------

EGYPT = board(row1="Kh 9h 4h", row2="2h 7c", row3="Jd")


def test_egyptian_five_card_flush_is_nothing_in_a_six_card_hand():
    # A's A-K-9-4-2 of hearts would be a flush in hold'em; six cards make only ace high,
    # and B's pair of jacks wins (Egyptian ranking: a flush is six of one suit)
    result = play("egyptian-holdem", [p("A", "Ah 3s"), p("B", "Jc 5d")], board=EGYPT)
    assert high(result, "A") == "high_card" and high(result, "B") == "pair"
    assert awards(result) == {"B": "1.00"}


def test_egyptian_house_party_beats_a_full_house_with_a_kicker():
    # A: four eights and the board's pair of threes = house party; B: kings full of eights
    result = play("egyptian-holdem", [p("A", "8h 8s"), p("B", "Kd Kc")],
                  board=board(row1="8c 8d Ks", row2="3h 3d", row3="9c"))
    assert high(result, "A") == "house_party" and high(result, "B") in ("full_house",
                                                                          "double_happy")
    assert len(category(result, "A")["cards"]) == 6
    assert awards(result) == {"A": "1.00"}


# -- Island Pineapple -------------------------------------------------------------------------

ISLAND = board(first="6s Kd", flop="7s 8s", turn="Qc", river="Td Kc")


def test_island_suited_deuce_fills_a_straight_flush_that_beats_a_full_house():
    # A: 2s Ts + 6s 7s 8s of the board 6s-7s-8s-Qc-Td: the deuce is the 9s, a ten-high
    # straight flush; B: Qd Qh + Qc Kd Kc (board Kd-7s-8s-Qc-Kc), queens full of kings
    result = play("island-pineapple", [p("A", "2s Ts"), p("B", "Qd Qh")], board=ISLAND)
    assert high(result, "A") == "straight_flush" and high(result, "B") == "full_house"
    assert awards(result) == {"A": "1.00"}


def test_island_board_mixes_only_one_first_card_with_one_river_card():
    # 6s and Kd are on different boards: C's Kh Ks cannot join both Kd and Kc with 6s
    result = play("island-pineapple", [p("C", "Kh Ks"), p("D", "9d 9c")], board=ISLAND)
    assert high(result, "C") == "four_of_a_kind"       # Kh Ks + Kd (first) + Kc (river)
    assert high(result, "D") == "straight"              # 9d + 6s 7s 8s Td
    assert awards(result) == {"C": "1.00"}


def test_island_no_playing_the_board_unless_the_option_allows_it():
    # the board 9s-Ts-Js-Qs-Ks is a straight flush on its own. A hand must use a down card:
    # E's 4c 5d make only king high and F's Ah the ace-high straight. With "Playing the
    # Board", both play the board and the pot is split.
    royal_board = board(first="9s 2d", flop="Ts Js", turn="Qs", river="Ks 3c")
    players = [p("E", "4c 5d"), p("F", "Ah 2c")]
    result = play("island-pineapple", players, board=royal_board)
    assert high(result, "E") == "high_card" and high(result, "F") == "straight"
    assert awards(result) == {"F": "1.00"}
    loose = play("island-pineapple", players, board=royal_board,
                 options={"play_the_board": True})
    assert high(loose, "E") == high(loose, "F") == "straight_flush"
    assert awards(loose) == {"E": "0.50", "F": "0.50"}


def test_island_phantom_ship_three_down_cards_with_two_of_one_board():
    # G's three tens with the Td on the turn: four tens (Phantom Ship variation)
    ship = board(first="6s Kd", flop="7s 8s", turn="Td", river="Qc Kc")
    result = play("island-pineapple", [p("G", "Th Ts Tc"), p("H", "Qd Qh 9c")], board=ship,
                  options={"phantom_ship": True})
    assert high(result, "G") == "four_of_a_kind" and high(result, "H") == "three_of_a_kind"
    assert awards(result) == {"G": "1.00"}


def test_island_straight_with_wilds_variation_deuce_fills_any_straight():
    # A's 2h with the board 6s-7d-8c-Qc-Td: the deuce fills the 9 of a ten-high straight
    # (any suit, under the variation only), beating B's pair of kings
    wild_board = board(first="6s Kd", flop="7d 8c", turn="Qc", river="Td 3h")
    players = [p("A", "2h 5h"), p("B", "Ac Kc")]
    assert awards(play("island-pineapple", players, board=wild_board)) == {"B": "1.00"}
    result = play("island-pineapple", players, board=wild_board,
                  options={"straight_wilds": True})
    assert high(result, "A") == "straight" and awards(result) == {"A": "1.00"}
    assert "2h replaces the 9h" in category(result, "A")["describe"]


# -- The Game, KRG, Jersey, Trim-Saw, Pass 'em, Blue Beacon, Godot ----------------------------


def test_the_game_may_use_all_three_hand_cards():
    result = play("the-game", [p("A", "Ah Kh Qh"), p("B", "2s 2d 3c")],
                  board=board(community="Jh Th 2c 3d"))
    assert high(result, "A") == "straight_flush" and high(result, "B") == "full_house"
    assert awards(result) == {"A": "1.00"}


KRG_BOARD = board(community="Ah Kd 7c 7d 2s")


def test_krg_winner_scores_a_win_and_the_pool_stays():
    result = play("krg", [p("A", "As Qc"), p("B", "Ks Qd")], board=KRG_BOARD, pot="10.00")
    assert result["legs"] == ["A"] and awards(result) == {} and result["carry"] == "10.00"
    assert result["game_over"] is False


def test_krg_third_win_takes_the_pool():
    result = play("krg", [p("A", "As Qc"), p("B", "Ks Qd")], board=KRG_BOARD, pot="10.00",
                  legs={"A": 2, "B": 2})
    assert awards(result) == {"A": "10.00"} and result["game_over"] is True


def test_krg_tied_winners_each_score_a_win():
    result = play("krg", [p("A", "3s 4c"), p("B", "3d 4h")], board=KRG_BOARD, pot="10.00")
    assert result["legs"] == ["A", "B"] and result["carry"] == "10.00"


def test_krg_series_to_four_wins_option():
    result = play("krg", [p("A", "As Qc"), p("B", "Ks Qd")], board=KRG_BOARD, pot="10.00",
                  legs={"A": 2}, options={"wins": 4})
    assert awards(result) == {} and result["carry"] == "10.00"


def test_north_jersey_three_hand_cards_make_a_royal_and_the_low_S8():
    # A: Ah Kh Qh + Jh Th (3 + 2) = royal flush; A 2 3 + 8 4 = 8-4-3-2-A; B no 8-low
    result = play("jersey-holdem", [p("A", "Ah Kh Qh 2c 3c"), p("B", "Js Jc Jd 5c 6c")],
                  board=board(community="Jh Th 9s 8s 4d"), pot="2.00")
    assert high(result, "A") == "straight_flush" and high(result, "B") == "four_of_a_kind"
    assert category(result, "B", "low") is None
    assert awards(result) == {"A": "2.00"}


def test_south_jersey_four_down_splits_high_and_low_odd_nickel_high_P2():
    # A: Ah Kh Qh + Jh Th royal; B: 6c 5d 3s + 8s 4d = 8-6-5-4-3 low
    result = play("jersey-holdem-south", [p("A", "Ah Kh Qh 2c"), p("B", "7c 6c 5d 3s")],
                  board=board(community="Jh Th 9s 8s 4d"), pot="2.05")
    assert awards(result) == {"A": "1.05", "B": "1.00"}
    assert [card[0] for card in category(result, "B", "low")["cards"]] == list("86543")


def test_double_edge_trim_saw_uses_one_set_of_hole_cards_deuces_wild():
    # A's first set 2c 2d (wild) makes A-2-3-4-5 with the board; C's K and Q T are in
    # different sets, so C has no ace-high straight
    result = play("double-edge-trim-saw",
                  [p("A", "2c 2d Kh 7s"), p("B", "Jc Js 4h 4d"), p("C", "Kd 8c Qd Tc")],
                  board=board(community="Ac Jd 9h 5s 3c"))
    assert high(result, "A") == "straight" and high(result, "B") == "three_of_a_kind"
    assert high(result, "C") == "high_card"
    assert awards(result) == {"A": "1.00"}


def test_pass_em_two_from_hand_and_three_from_board_or_three_and_two():
    # A: Ah Kh + Qh Jh Th; B: 9h 8h + Qh Jh Th (2 + 3) beats 9h 8h 7h + Jh Th (3 + 2)
    result = play("pass-em", [p("A", "Ah Kh 4c"), p("B", "9h 8h 7h")],
                  board=board(community="Qh Jh Th"))
    assert category(result, "B")["describe"].lower().startswith("queen")
    assert awards(result) == {"A": "1.00"}


def test_blue_beacon_five_hand_cards_and_four_board_cards():
    result = play("blue-beacon", [p("A", "Ah Ad 3c 5s 9h"), p("B", "Kh Ks Kc 7d 2c")],
                  board=board(community="As Ac Kd Qd"))
    assert high(result, "A") == "four_of_a_kind" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00"}


def test_waiting_for_godot_up_card_plays_with_the_down_cards():
    result = play("waiting-for-godot", [p("A", "Ah Kh", "Qh"), p("B", "2s 2d", "3h")],
                  board=board(community="Jh Th 2c 3d"))
    assert high(result, "A") == "straight_flush" and high(result, "B") == "full_house"
    assert awards(result) == {"A": "1.00"}


# -- Indian Chief, Russian Roulette, Crazy Blind Man, the undefined ---------------------------


def test_indian_chief_hand_is_what_you_see_on_the_others_foreheads():
    # C holds 2h 7d but sees A's aces and B's kings: two pair wins
    result = play("indian-chief", [p("A", up="Ah Ad"), p("B", up="Kc Ks"), p("C", up="2h 7d")],
                  board=board(community="9c"))
    assert high(result, "A") == "pair" and high(result, "C") == "two_pair"
    assert awards(result) == {"C": "1.00"}


ROULETTE = board(circle="Kh Qh Jh 3c 3d")


def test_russian_roulette_only_the_three_cards_from_the_trigger_play():
    result = play("russian-roulette", [p("A", "Ah Th"), p("B", "3s 3h")], board=ROULETTE)
    assert high(result, "A") == "straight_flush"
    assert high(result, "B") == "pair"                 # the 3c 3d are inactive
    assert awards(result) == {"A": "1.00"}


def test_russian_roulette_active_option_brings_more_cards_into_play():
    result = play("russian-roulette", [p("B", "3s 3h"), p("C", "Kc Kd")], board=ROULETTE,
                  options={"active": 5})
    assert high(result, "B") == "four_of_a_kind" and awards(result) == {"B": "1.00"}


def test_crazy_blind_man_two_forehead_cards_and_five_board_cards():
    result = play("crazy-blind-man", [p("A", up="Ah Ad"), p("B", up="Kc Ks")],
                  board=board(community="As Kd Qc 7h 2s"))
    assert high(result, "A") == "three_of_a_kind" and awards(result) == {"A": "1.00"}


@pytest.mark.parametrize("game", ["chowaha", "loco-poker"])
def test_games_named_without_rules_refuse_a_showdown(game):
    assert all_games()[game].defined is False
    with pytest.raises(RulesError, match="without rules"):
        play(game, [p("A", "Ah Kh")])


# -- Forty-Three ------------------------------------------------------------------------------

FORTY_THREE = [p("A", "7h 8h 2c 3c", declare="both"), p("B", "7c 8c Jd Jh", declare="high")]


def test_forty_three_pigger_who_ties_high_and_wins_low_still_wins_P1():
    # both make 8-high straights (tie high); A's 7-5-4-3-2 is the only low. Forty-Three: a
    # player going both ways must win or tie both: A shares high and takes low
    result = play("forty-three", FORTY_THREE, board=board(community="4s 5s 6d"), pot="2.00")
    assert awards(result) == {"A": "1.50", "B": "0.50"}


def test_forty_three_under_the_house_pigging_rule_the_same_pigger_wins_nothing_P1():
    result = play("forty-three", FORTY_THREE, board=board(community="4s 5s 6d"), pot="2.00",
                  options={"pigging": "house"})
    assert awards(result) == {"B": "1.00"} and result["carry"] == "1.00"


def test_forty_three_hand_cards_option_for_the_missing_deal():
    five = [p("A", "7h 8h 2c 3c Ad", declare="both"), p("B", "7c 8c Jd Jh", declare="high")]
    with pytest.raises(RulesError, match="players\\[0\\]"):
        play("forty-three", five, board=board(community="4s 5s 6d"))
    result = play("forty-three", five, board=board(community="4s 5s 6d"),
                  options={"hand_cards": 5}, pot="2.00")
    assert awards(result) == {"A": "1.50", "B": "0.50"}


def test_forty_three_box_uses_one_row_or_one_column_never_both():
    # the royal A-K-Q (row 1) + J (row 2) + T would mix rows: A has only a flush
    result = play("forty-three-box",
                  [p("A", "Th 9h 4s 5s", declare="high"), p("B", "Jc Js 7d 8d", declare="high")],
                  board=board(row1="Ah Kh Qh", row2="Jh 2c 3d"))
    assert high(result, "A") == "flush" and high(result, "B") == "three_of_a_kind"
    assert awards(result) == {"A": "1.00"}


def test_forty_three_box_column_of_two():
    # column Kh/2c: C's 2h 2s with the 2c make three deuces, the K kicks
    result = play("forty-three-box", [p("C", "2h 2s 8c 9c", declare="high")],
                  board=board(row1="Ah Kh Qh", row2="Jh 2c 3d"))
    assert high(result, "C") == "three_of_a_kind"


# -- Privacy, Swiss -------------------------------------------------------------------------


def test_privacy_poker_down_and_up_cards_and_two_shared_cards():
    result = play("privacy-poker", [p("A", "Ah 2c", "Kh Qh Jh"), p("B", "3s 3c 3h", "9d 9c")],
                  board=board(community="Th 3d"))
    assert high(result, "A") == "straight_flush" and high(result, "B") == "four_of_a_kind"
    assert awards(result) == {"A": "1.00"}


def test_swiss_holdem_is_holdem_at_the_showdown():
    result = play("swiss-holdem", [p("A", "As Ks"), p("B", "Ah Ad")],
                  board=board(community="Qs Js Ts Ac 3c"))
    assert high(result, "A") == "straight_flush" and awards(result) == {"A": "1.00"}


def test_suicide_swiss_holdem_king_of_hearts_on_the_board_is_wild_for_all():
    # A: 9h + the board's 9c 9d + wild Kh = four nines; B: Ac Ad + wild = aces full of nines
    result = play("suicide-swiss-holdem", [p("A", "9h 5s"), p("B", "Ac Ad")],
                  board=board(community="Kh 9c 9d 4s 2c"))
    assert high(result, "A") == "four_of_a_kind" and high(result, "B") == "full_house"
    assert awards(result) == {"A": "1.00"}
