"""The community games of seed 003 (Egyptian Hold 'Em to Suicide Swiss Hold'em) through the
CLI contract, `python -m rules showdown FILE` run in-process: each case worked by hand from the
game's section of 003_f7338090973f449e.txt; a refused input exits 2 with one line naming the
field."""

import json

import pytest
from cli_helpers import cat, hand, ok, p, paid, ranks, refused

from rules.cli import main

# -- Egyptian Hold 'Em: six-card hands --------------------------------------------------------


def test_egyptian_double_happy_beats_a_full_house(showdown_run):
    # pyramid 7d 9c 2s / 7c Qd / 9h. A 7h 9s: three sevens and three nines = double happy.
    # B Qs Qh: three queens, the nines and a seven = full house, below double happy.
    result = ok(showdown_run, "egyptian-holdem", [p("A", "7h 9s"), p("B", "Qs Qh")],
                board={"row1": "7d 9c 2s", "row2": "7c Qd", "row3": "9h"})
    assert cat(result, "A") == "double_happy" and cat(result, "B") == "full_house"
    assert len(hand(result, "A")["cards"]) == 6
    assert paid(result) == {"A": "1.00"} and result["carry"] == "0.00" and result["owes"] == []


def test_egyptian_three_of_a_kind_ranks_above_three_pair(showdown_run):
    # pyramid 8s 8d Ts / 2h 5c / Kh. A Th 2d: eights, tens and deuces = three pair.
    # B 8c 3c: three eights with K T 5: the seed lists three of a kind above three pair.
    result = ok(showdown_run, "egyptian-holdem", [p("A", "Th 2d"), p("B", "8c 3c")],
                board={"row1": "8s 8d Ts", "row2": "2h 5c", "row3": "Kh"})
    assert cat(result, "A") == "three_pair" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"B": "1.00"}


def test_egyptian_royal_flush_is_six_cards_nine_to_ace(showdown_run):
    # the seed's royal flush: 9c Tc Jc Qc Kc Ac. B's four eights with the ace and king lose.
    result = ok(showdown_run, "egyptian-holdem", [p("A", "9c Tc"), p("B", "8h 8s")],
                board={"row1": "Jc Qc Kc", "row2": "Ac 8c", "row3": "8d"})
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "four_of_a_kind"
    assert paid(result) == {"A": "1.00"}


def test_egyptian_rows_top_to_bottom_river_first(showdown_run):
    # ARCHITECTURE's rows run top to bottom: row1 is the river on top, row3 the flop. Same
    # cards as the double happy case above, same result.
    result = ok(showdown_run, "egyptian-holdem", [p("A", "7h 9s"), p("B", "Qs Qh")],
                board={"row1": "9h", "row2": "7c Qd", "row3": "7d 9c 2s"})
    assert cat(result, "A") == "double_happy" and paid(result) == {"A": "1.00"}


def test_egyptian_board_must_fit_the_pyramid(showdown_run):
    error = refused(showdown_run, "egyptian-holdem", [p("A", "9c Tc"), p("B", "8h 8s")],
                    board={"row1": "Jc Qc Kc", "row2": "Ac 8c", "row3": "8d 2d"})
    assert "board.row3" in error


# -- Island Pineapple --------------------------------------------------------------------------

ISLAND = {"first": "6s Ac", "flop": "7s 8s", "turn": "Kd", "river": "Kc 3h"}


def test_island_deuce_fills_the_gap_of_a_spade_straight_flush(showdown_run):
    # the seed's 6s 7s 8s 2s Ts: A's 2s Ts with 6s (first) 7s 8s (flop) = ten-high straight
    # flush; B's Ks Kh with Kd (turn) and Kc (river) = four kings, on one board.
    result = ok(showdown_run, "island-pineapple", [p("A", "2s Ts"), p("B", "Ks Kh")], board=ISLAND)
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "four_of_a_kind"
    assert ranks(result, "A") == list("T9876")
    assert paid(result) == {"A": "1.00"}


def test_island_suited_deuce_and_ace_replace_bottom_and_top(showdown_run):
    # A holds 2s As with 7s 8s 9s on a board: deuce below (6s), ace on top (Ts): ten-high
    # straight flush beats B's four kings (Kh Kd + Kc turn + Ks river).
    result = ok(showdown_run, "island-pineapple", [p("A", "2s As"), p("B", "Kh Kd")],
                board={"first": "7s 3c", "flop": "8s 9s", "turn": "Kc", "river": "Ks 4d"})
    assert cat(result, "A") == "straight_flush" and ranks(result, "A") == list("T9876")
    assert paid(result) == {"A": "1.00"}


def test_island_off_suit_deuce_is_only_a_deuce(showdown_run):
    # A 2h 6d with 7s 8s 9s: no straight (the deuce fills only straight flushes of its suit)
    result = ok(showdown_run, "island-pineapple", [p("A", "2h 6d"), p("B", "Jh Jd")],
                board={"first": "7s 3c", "flop": "8s 9s", "turn": "Jc", "river": "Qd 4d"})
    assert cat(result, "A") == "high_card" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"B": "1.00"}


def test_island_straight_wilds_variation_seed_example(showdown_run):
    # the variation's 5s 2h 7d 8c Ah: a straight; here 2h Ah with 8c Jc Qd fill 9 and T
    result = ok(showdown_run, "island-pineapple", [p("A", "2h Ah"), p("B", "Jh Jd")],
                board={"first": "7d 3c", "flop": "8c 5s", "turn": "Jc", "river": "Qd 4d"},
                options={"straight_wilds": True})
    assert cat(result, "A") == "straight" and paid(result) == {"A": "1.00"}


def test_island_no_playing_the_board(showdown_run):
    # the board 9d Jc Qs Kc + 5d/6h: Tc (first) would make the board a straight, but a hand
    # must use a down card: A's best is king high, B's pair of fours wins
    result = ok(showdown_run, "island-pineapple", [p("A", "2h 3d"), p("B", "4h 4c")],
                board={"first": "9d Tc", "flop": "Jc Qs", "turn": "Kc", "river": "5d 6h"})
    assert cat(result, "A") == "high_card" and paid(result) == {"B": "1.00"}


def test_island_board_positions_are_checked(showdown_run):
    error = refused(showdown_run, "island-pineapple", [p("A", "2h 3d"), p("B", "4h 4c")],
                    board={"first": "9d", "flop": "Jc Qs", "turn": "Kc", "river": "5d 6h"})
    assert "board.first" in error


# -- The Game, KRG, Jersey, Trim-Saw, Pass 'em, Blue Beacon, Godot -----------------------------


def test_the_game_all_three_hand_cards_with_the_board(showdown_run):
    result = ok(showdown_run, "the-game", [p("A", "9h 9d 9c"), p("B", "Qh Qd 3s")],
                board={"community": "Kh Ks 2d 5c"})
    assert cat(result, "A") == "full_house" and cat(result, "B") == "two_pair"
    assert paid(result) == {"A": "1.00"}


def test_krg_fourth_win_of_a_series_to_four_takes_the_pool(showdown_run):
    result = ok(showdown_run, "krg", [p("A", "Ah Ad"), p("B", "Kh Kd")],
                board={"community": "As 7c 2d 9h Js"}, pot="20.00", legs={"A": 3, "B": 3},
                options={"wins": 4})
    assert paid(result) == {"A": "20.00"} and result["carry"] == "0.00"
    assert result["game_over"] is True


def test_krg_a_win_short_of_the_series_keeps_the_pool(showdown_run):
    result = ok(showdown_run, "krg", [p("A", "Ah Ad"), p("B", "Kh Kd")],
                board={"community": "As 7c 2d 9h Js"}, pot="20.00", legs={"A": 1})
    assert result["awards"] == [] and result["carry"] == "20.00" and result["legs"] == ["A"]


def test_north_jersey_three_hand_cards_flush_and_low_scoop(showdown_run):
    # board Ks 7h 8h Qd 9c. A: Ah 2h 3h + 7h 8h = ace-high flush (3 + 2) and 8-7-3-2-A low.
    # B: Js Ts + Qd 9c 8h = queen-high straight; 4d 5d 6d + 7h 8h = 8-7-6-5-4 low.
    result = ok(showdown_run, "jersey-holdem", [p("A", "Ah 2h 3h Kd Kc"), p("B", "Js Ts 4d 5d 6d")],
                board={"community": "Ks 7h 8h Qd 9c"}, pot="2.05")
    assert cat(result, "A") == "flush" and cat(result, "B") == "straight"
    assert ranks(result, "A", "low") == list("8732A")
    assert paid(result) == {"A": "2.05"} and result["carry"] == "0.00"


def test_south_jersey_takes_four_cards_only(showdown_run):
    error = refused(showdown_run, "jersey-holdem-south", [p("A", "Ah 2h 3h Kd Kc")],
                    board={"community": "Ks 7h 8h Qd 9c"})
    assert "players[0]" in error


def test_double_edge_trim_saw_never_mixes_the_two_sets(showdown_run):
    # board Kc Jc 4d 5s 8h. A's sets: 2c 9h and Ts Qd. Mixing 2c with Ts Qd would make the
    # ace-high straight; one set at a time the best is the 2c (wild) as a king: K K J 9 8.
    # B's Kd 3c: K K J 8 5. A wins on the nine.
    result = ok(showdown_run, "double-edge-trim-saw",
                [p("A", "2c 9h Ts Qd"), p("B", "Kd 3c 7h Qh")],
                board={"community": "Kc Jc 4d 5s 8h"})
    assert cat(result, "A") == "pair" and cat(result, "B") == "pair"
    assert paid(result) == {"A": "1.00"}


def test_pass_em_three_hand_cards_with_two_board_cards(showdown_run):
    # A: Ah Kh Qh + Jh Th = royal flush (3 + 2); B: Jd Js 2s + Jh 2c = jacks full
    result = ok(showdown_run, "pass-em", [p("A", "Ah Kh Qh"), p("B", "Jd Js 2s")],
                board={"community": "Jh Th 2c"})
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "full_house"
    assert paid(result) == {"A": "1.00"}


def test_blue_beacon_nine_cards_any_five(showdown_run):
    result = ok(showdown_run, "blue-beacon", [p("A", "2c 3d 4h 9s Ks"), p("B", "Ac Qd 7s 7h 8c")],
                board={"community": "5c 6d Kh Kd"})
    assert cat(result, "A") == "straight" and cat(result, "B") == "two_pair"
    assert paid(result) == {"A": "1.00"}


def test_waiting_for_godot_up_card_plays(showdown_run):
    result = ok(showdown_run, "waiting-for-godot", [p("A", "9c 9d", "9h"), p("B", "Qc 2d", "3s")],
                board={"community": "Qs Qd 3c 4h"})
    assert cat(result, "A") == "full_house" and cat(result, "B") == "full_house"
    assert ranks(result, "B") == list("QQQ33") and paid(result) == {"B": "1.00"}


# -- Indian Chief, Russian Roulette, Crazy Blind Man ------------------------------------------


def test_indian_chief_the_worst_forehead_sees_the_best_hand(showdown_run):
    # C sees As Ad Ks Kd and the board Ah 9s 4d: aces full of kings; B sees three aces
    result = ok(showdown_run, "indian-chief", [p("A", up="As Ad"), p("B", up="Ks Kd"),
                                           p("C", up="2c 7h")],
                board={"community": "Ah 9s 4d"})
    assert cat(result, "A") == "pair" and cat(result, "B") == "three_of_a_kind"
    assert cat(result, "C") == "full_house" and paid(result) == {"C": "1.00"}


def test_russian_roulette_cards_behind_the_trigger_do_not_play(showdown_run):
    result = ok(showdown_run, "russian-roulette", [p("A", "Ah Ad"), p("B", "9h 9d")],
                board={"circle": "2c 7h 9s As Ac"})
    assert cat(result, "A") == "pair" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"B": "1.00"}


def test_crazy_blind_man_two_cards_and_the_board(showdown_run):
    result = ok(showdown_run, "crazy-blind-man", [p("A", up="Ah Kh"), p("B", up="2c 2d")],
                board={"community": "Qh Jh Th 2s 5c"})
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "three_of_a_kind"
    assert paid(result) == {"A": "1.00"}


# -- Forty-Three -------------------------------------------------------------------------------

FORTY_THREE = [p("A", "Ah 2c 3d 9s", declare="both"), p("B", "9h As 2s 3c", declare="high"),
               p("C", "5c 7c 8h Tc", declare="low")]


def test_forty_three_pigger_who_ties_high_and_wins_low_wins_or_ties_both(showdown_run):
    # board 9d 6s 4h. A: 9 9 A 6 4 for high (B has the same), 6-4-3-2-A for low (C's best
    # house low is 9-7-6-5-4: 8-7-6-5-4 is a straight). A ties high and wins low: A takes the
    # low half and shares the high half with B.
    result = ok(showdown_run, "forty-three", FORTY_THREE, board={"community": "9d 6s 4h"},
                pot="3.00")
    assert ranks(result, "A") == ranks(result, "B") == list("99A64")
    assert ranks(result, "A", "low") == list("6432A")
    assert paid(result) == {"A": "2.25", "B": "0.75"} and result["carry"] == "0.00"


def test_forty_three_with_house_pigging_the_tying_pigger_wins_nothing_P1(showdown_run):
    result = ok(showdown_run, "forty-three", FORTY_THREE, board={"community": "9d 6s 4h"},
                pot="3.00", options={"pigging": "house"})
    assert paid(result) == {"B": "1.50", "C": "1.50"}


def test_forty_three_declaration_must_be_high_low_or_both(showdown_run):
    players = [dict(FORTY_THREE[0], declare="pig")] + FORTY_THREE[1:]
    error = refused(showdown_run, "forty-three", players, board={"community": "9d 6s 4h"})
    assert "players[0].declare" in error


def test_forty_three_declaration_is_required(showdown_run):
    players = [{k: v for k, v in FORTY_THREE[0].items() if k != "declare"}] + FORTY_THREE[1:]
    error = refused(showdown_run, "forty-three", players, board={"community": "9d 6s 4h"})
    assert "players[0].declare" in error


def test_forty_three_box_a_column_of_two(showdown_run):
    # column 1 is Ac over As: A's Ah Ad make four aces; B: Ks Kd + Kc 9d (row 2) = kings full
    result = ok(showdown_run, "forty-three-box",
                [p("A", "Ah Ad 3d 5h", declare="high"), p("B", "Ks Kd 7h 9c", declare="high")],
                board={"row1": "Ac 2s Kh", "row2": "As Kc 9d"}, pot="3.00")
    assert cat(result, "A") == "four_of_a_kind" and cat(result, "B") == "full_house"
    assert paid(result) == {"A": "3.00"}


# -- Privacy Poker, Swiss Hold 'em ---------------------------------------------------------------


def test_privacy_poker_five_own_cards_and_two_shared(showdown_run):
    result = ok(showdown_run, "privacy-poker", [p("A", "Ah Kh 3c", "Qh Jh"),
                                            p("B", "Tc Td", "Ts 2c 2s")],
                board={"community": "Th 2d"})
    assert cat(result, "A") == "straight_flush" and cat(result, "B") == "four_of_a_kind"
    assert paid(result) == {"A": "1.00"}


def test_suicide_swiss_king_of_hearts_wild_in_the_hand(showdown_run):
    result = ok(showdown_run, "suicide-swiss-holdem", [p("A", "Kh 9s"), p("B", "4d 4c")],
                board={"community": "9d 9c 4h 4s 7c"})
    assert cat(result, "A") == "four_of_a_kind" and ranks(result, "A")[:4] == list("9999")
    assert paid(result) == {"A": "1.00"}


def test_chowaha_is_not_defined(showdown_run):
    error = refused(showdown_run, "chowaha", [p("A", "Ah Ad")])
    assert "game" in error


def test_privacy_poker_holds_five_cards(showdown_run):
    error = refused(showdown_run, "privacy-poker", [p("A", "Ah Kh 3c 4c", "Qh Jh")],
                    board={"community": "Th 2d"})
    assert "players[0]" in error


# -- the rankings through `python -m rules eval` / `compare` ------------------------------------


@pytest.fixture
def cli(capsys):
    def run(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        assert code == 0, err
        return json.loads(out)

    return run


EGYPTIAN_EXAMPLES = [   # the seed's list, best first, one example per hand
    ("9c Tc Jc Qc Kc Ac", "straight_flush"), ("2d 3d 4d 5d 6d 7d", "straight_flush"),
    ("Kc Kd Kh Ks Ad Ac", "house_party"), ("8c 8d 8h 8s Ad 2c", "four_of_a_kind"),
    ("Ah As Ad 7h 7s 7d", "double_happy"), ("3h 3s 3d 7h 7s 9d", "full_house"),
    ("2s As 7s 9s 3s Ks", "flush"), ("3h 4s 5d 6h 7s 8d", "straight"),
    ("Ac Ad Ah 2s 7d 9c", "three_of_a_kind"), ("Th Ts 2d 2h 8s 8d", "three_pair"),
    ("9c 9d Ah As 3d 4c", "two_pair"), ("2c 2d Th 7s 5d 9c", "pair"),
]


def test_egyptian_seed_examples_rank_in_the_seeds_order(cli):
    result = cli("compare", "--scheme", "egyptian", *(cards for cards, _ in EGYPTIAN_EXAMPLES))
    assert result["order"] == [[i] for i in range(len(EGYPTIAN_EXAMPLES))]
    assert [hand["category"] for hand in result["hands"]] == [c for _, c in EGYPTIAN_EXAMPLES]


@pytest.mark.parametrize("cards, scheme, category", [
    ("6s 7s 8s 2s Ts", "island", "straight_flush"),        # the deuce is the 9s
    ("2s Ts Js Qs Ks", "island", "straight_flush"),        # the deuce is the 9s, below
    ("6h 7s 8s 2s Ts", "island", "high_card"),             # not one suit: no replacement
    ("5s 2h 7d 8c Ah", "island-straights", "straight"),    # the variation's examples
    ("8s 2d Th 2c Jc", "island-straights", "pair"),
    ("Ac 2d 2h 4s 5d", "island-straights", "straight"),
])
def test_island_seed_examples(cli, cards, scheme, category):
    assert cli("eval", "--scheme", scheme, *cards.split())["category"] == category


def test_island_deuce_below_four_in_a_row_gives_the_king_high_straight_flush(cli):
    result = cli("eval", "--scheme", "island", *"2s Ts Js Qs Ks".split())
    assert [card[0] for card in result["cards"]] == list("KQJT9")


def test_jersey_three_way_scoop_tie_leaves_the_odd_dime_P2(showdown_run):
    # board 3c 4d 5h Js Qh: A, B and C each hold an ace and a deuce: three five-high
    # straights and three wheels. 2.05 = 1.05 high (0.35 each) + 1.00 low (0.30 each, 0.10
    # stays in the pot).
    result = ok(showdown_run, "jersey-holdem", [p("A", "Ah 2h Kd Kc Qc"), p("B", "As 2s Jd Jc Tc"),
                                            p("C", "Ad 2d 9d 9c 9h")],
                board={"community": "3c 4d 5h Js Qh"}, pot="2.05")
    assert paid(result) == {"A": "0.65", "B": "0.65", "C": "0.65"}
    assert result["carry"] == "0.10"


def test_egyptian_has_no_community_position(showdown_run):
    error = refused(showdown_run, "egyptian-holdem", [p("A", "9c Tc")],
                    board={"community": "Jc Qc Kc Ac 8c 8d"})
    assert "board.community" in error


def test_trim_saw_pocket_deuces_only_tie_the_natural_same_hand_S6(showdown_run):
    # the seed: a pair of deuces usually wins "except" against the natural version of the same
    # hand. A: 2c 2d + Ks Kh = four kings, jack kicker; B: Kd Kc + Ks Kh, the same natural.
    # Ties are not broken by wild cards (S6): split.
    result = ok(showdown_run, "double-edge-trim-saw",
                [p("A", "2c 2d Ah 3s"), p("B", "Kd Kc 9s 9h")],
                board={"community": "Ks Kh 7c 8d Jc"})
    assert cat(result, "A") == cat(result, "B") == "four_of_a_kind"
    assert paid(result) == {"A": "0.50", "B": "0.50"}


def test_loco_poker_is_not_defined(showdown_run):
    error = refused(showdown_run, "loco-poker", [p("A", "Ah Ad")])
    assert "game" in error
