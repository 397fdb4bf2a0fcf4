"""The options vocabulary (ARCHITECTURE.md) works on any game where it makes sense, and the
showdown's extra inputs (penalties, dead, in) do what the rules say (B11, P6, P9, P13)."""

from showdown_helpers import awards, dead, owes, p, play

BOARD = {"community": "2c 7d 9h Js Kd".split()}


def test_kitty_option_on_holdem_must_be_beaten_P9():
    result = play("texas-holdem", [p("A", "Ah Ac"), p("B", "Qs Qh")], board=BOARD,
                  options={"kitty": True}, dummy={"name": "Kitty", "down": ["Kh", "Ks"]})
    assert awards(result) == {} and result["carry"] == "1.00"
    assert result["dummy"]["high"]["category"] == "three_of_a_kind"


def test_goal_post_option_on_draw_leaves_a_tied_pot_P6():
    result = play("five-card-draw", [p("A", "Ks Qd 9c 7h 5d"), p("B", "Kh Qc 9d 7s 5c")],
                  options={"ties": "goal-post", "pot_rule": "match"})
    assert awards(result) == {} and result["carry"] == "1.00"
    assert owes(result) == {"A": "1.00", "B": "1.00"}


def test_high_qualifier_option_a_pair_cannot_win_high():
    result = play("texas-holdem", [p("A", "Ah 3c"), p("B", "Qs 4h")], board=BOARD,
                  options={"high_qualifier": "two_pair"})
    assert awards(result) == {} and result["carry"] == "1.00"


def test_low_qualifier_option_seven_or_better():
    players = [p("A", "Ac 7c Jd 9c"), p("B", "Kh Ks Qc Qd")]
    board = {"community": "2d 5s 6h Th Jc".split()}
    eight = play("omaha", players, board=board,
                 options={"split": "cards-talk", "low": "8-or-better"})
    assert awards(eight)["A"] == "0.50"
    seven = play("omaha", players, board=board,
                 options={"split": "cards-talk", "low": "8-or-better", "low_qualifier": 6})
    assert awards(seven) == {"B": "1.00"}


def test_penalty_money_is_won_but_never_matched_B11():
    result = play("draw-match-pot", [p("A", "Ks Kd 7h 6c 2s"), p("B", "3h 3d 9c 9s 4d")],
                  pot="3.40", penalties="0.20")
    assert awards(result) == {"B": "3.40"} and owes(result) == {"A": "3.20"}


def test_a_player_entered_dead_loses_and_matches_P13():
    result = play("draw-match-pot", [p("A", "As Ad Ah Ac 2s", dead=True), p("B", "3h 3d 9c 9s 4d")])
    assert dead(result) == ["A"]
    assert awards(result) == {"B": "1.00"} and owes(result) == {"A": "1.00"}


def test_players_who_dropped_neither_win_nor_pay_P3():
    result = play("draw-match-pot", [p("A", "As Ad Ah Ac 2s", **{"in": False}),
                                     p("B", "3h 3d 9c 9s 4d"), p("C", "Kh Qd Jc 8s 5d")])
    assert awards(result) == {"B": "1.00"} and owes(result) == {"C": "1.00"}


def test_match_cap_option_limits_what_a_loser_matches_P5():
    result = play("draw-match-pot", [p("A", "Ks Kd 7h 6c 2s"), p("B", "3h 3d 9c 9s 4d")],
                  pot="30.00", options={"match_cap": "10.00"})
    assert owes(result) == {"A": "10.00"}


def test_declare_split_with_go_less_game_and_odd_money_P2():
    result = play("seven-card-stud", [p("H", "Ks Kd Kh", "Qs Qd 2c 9h", declare="high"),
                                      p("L", "Ac 2d 3h", "4s 6c Jd Td", declare="low")],
                  pot="1.05", options={"split": "declare"})
    assert awards(result) == {"H": "0.55", "L": "0.50"}


def test_inline_lowball_game_split_low_deuce_to_seven_S9():
    lowball = {"id": "deuce-to-seven-draw", "down": 5, "high": None, "low": "low-27",
               "split": "low"}
    result = play(lowball, [p("A", "2c 3d 4h 5s 7c"), p("B", "Ac 2d 3h 4s 5c")])
    assert awards(result) == {"A": "1.00"}
    assert result["players"][1]["high"] is None


def test_perfect_ties_pigger_holding_a_perfect_doogie_shares_the_tied_low_P1():
    doogie_like = {"id": "dg", "down": 6, "board": [{"name": "community", "count": 4}],
                   "low": "doogie", "low_qualifier": 7, "split": "declare",
                   "pigging": "perfect-ties", "perfect": {"low": ["As", "2h", "3d", "4c"]}}
    result = play(doogie_like, [p("Pig", "3d 4c Ks Kh 9s 9h", declare="both"),
                                p("L", "3c 4d Qs Jh Td 8h", declare="low")],
                  pot="6.00", board={"community": ["As", "2h", "Kd", "Kc"]})
    assert awards(result) == {"Pig": "4.50", "L": "1.50"}
    house = dict(doogie_like, pigging="house")
    result = play(house, [p("Pig", "3d 4c Ks Kh 9s 9h", declare="both"),
                          p("L", "3c 4d Qs Jh Td 8h", declare="low")],
                  pot="6.00", board={"community": ["As", "2h", "Kd", "Kc"]})
    assert awards(result) == {"L": "3.00"} and result["carry"] == "3.00"
