"""The `explain` sentences say what happened to the money: who takes what, which side, with
whom it is split, and what stays (P1, P2, P6, P12)."""

from tests.rules.games.showdown_helpers import awards, p, play


def _takes(result):
    return [line for line in result["explain"] if " takes " in line]


def test_a_lone_winner_of_a_high_game_takes_the_whole_pot_S1():
    result = play("texas-holdem", [p("A", "As Ad"), p("B", "Ks Kd")],
                  board={"community": "2c 7d 9h Jc 4s".split()})
    assert _takes(result) == ["A takes 1.00 (the whole pot)."]


def test_a_tie_says_the_pot_is_split_and_names_the_others_S6():
    result = play("texas-holdem", [p("A", "As Kd"), p("B", "Ac Kh")], pot="1.05",
                  board={"community": "2c 7d 9h Jc 4s".split()})
    assert awards(result) == {"A": "0.50", "B": "0.50"} and result["carry"] == "0.05"
    assert _takes(result) == ["A takes 0.50 (a share of the pot, split with B).",
                              "B takes 0.50 (a share of the pot, split with A)."]
    assert any("0.05 stays in the pot (P2)" in line for line in result["explain"])


def test_two_piggers_tying_both_ways_each_take_a_share_of_each_half_P1():
    board = {"community": "Kc Kd 9h 9s".split()}
    result = play("doogie", [p("A", "As 2h 3d 4c Kh Qh", declare="both"),
                             p("B", "Ah 2s 3c 4d 7h 8h", declare="both")], board=board)
    assert awards(result) == {"A": "0.50", "B": "0.50"}
    assert _takes(result) == ["A takes 0.50 (a share of each half, split with B).",
                              "B takes 0.50 (a share of each half, split with A)."]
    assert not any("whole pot" in line for line in result["explain"])


def test_a_half_and_a_shared_half_are_told_apart_P2():
    # A's perfect doogie ties B's for low and wins high alone (Doogie's perfect-ties pigging)
    board = {"community": "Kc Kd 9h 9s".split()}
    result = play("doogie", [p("A", "As 2h 3d 4c Kh Qh", declare="both"),
                             p("B", "Ah 2s 3c 4d 7h 8h", declare="low"),
                             p("C", "Jc Jd Jh 7c 7d 6s", declare="high")], board=board)
    assert awards(result) == {"A": "0.75", "B": "0.25"}
    assert _takes(result) == ["A takes 0.75 (the high half; a share of the low half, split "
                              "with B).", "B takes 0.25 (a share of the low half, split with A)."]


def test_a_high_only_game_names_the_best_hand_not_a_side_S1():
    result = play("texas-holdem", [p("A", "As Ad"), p("B", "Ks Kd")],
                  board={"community": "2c 7d 9h Jc 4s".split()})
    assert "A has the best hand." in result["explain"]
    assert not any("wins high" in line for line in result["explain"])


def test_wimp_rule_does_not_also_say_everyone_re_antes_P11():
    players = [p("A", "Ks Kd Qc", **{"in": False}), p("B", "Qs Qd 2c", **{"in": False})]
    result = play("guts", players, pot="2.00", options={"wimp": "pot"})
    assert not any("re-ante" in line for line in result["explain"])
    assert not any("owes nothing" in line for line in result["explain"])   # A pays the wimp
    plain = play("guts", [p("A", "Ks Kd Qc", **{"in": False}), p("B", "Qs Qd 2c", **{"in": False})],
                 pot="2.00")
    assert "Everyone re-antes (P14)." in plain["explain"]


def test_goal_posters_are_not_said_to_have_lost_P6():
    result = play("omaha-burns", [p("A", "Qs Js 3h 5h"), p("B", "Qd Jd 3c 5c"),
                                  p("C", "9s 9c Tc Th")], pot="3.00",
                  board={"community": "Ah Kd 7c 4s 2d".split()})
    assert "A wins nothing and burns 3.00 for the next hand (P4)." in result["explain"]
    assert not any(" lost " in line for line in result["explain"])


def test_a_lone_player_reaching_the_legs_takes_the_pot_in_good_grammar_P10():
    result = play("three-five-seven", [p("A", "Ks Kd Qc"), p("B", "9s 2d 2c", **{"in": False})],
                  pot="2.00", round=1, legs={"A": 2})
    assert "A reaches 3 legs and takes the pot; the game is over (P10)." in result["explain"]


def test_the_wild_card_note_is_said_once_not_on_every_hand_S12():
    result = play("old-man", [p("Eric", "6d Ah", "6c 9c 6s 2s", declare="high", go=True),
                              p("Ashley", "7h 4h", "Qh 8h Jh 4c", declare="high", go=True)],
                  pot="18.00", board={"center": ["5s"]},
                  dummy={"name": "Old Man", "down": "2d 3d 6h 8s Ad Ac".split()})
    notes = [line for line in result["explain"] if "center card is the 5s" in line]
    assert notes == ["Fives are wild (the center card is the 5s)."]
    assert result["explain"][0] == notes[0]


def test_boise_nobody_qualifies_either_way_says_the_pot_stays_once_S8():
    # no trips and no 8-low: nothing qualifies, and the text must not say "high takes" it
    result = play("boise", [p("A", "Qs Ks Kc 4d 4c"), p("B", "Jh Js Ac Ad Ts")], pot="2.00",
                  board={"community": "Qd Th 6s 5c 2h".split()})
    assert result["awards"] == [] and result["carry"] == "2.00"
    stays = [line for line in result["explain"] if "stays" in line]
    assert stays == ["Nobody has a hand that qualifies, high or low: the whole pot stays."]


def test_a_lone_player_who_loses_to_the_ghost_is_told_the_pot_stays_P14():
    players = [p("A", "Ks Kd Qc 2h"), p("B", "9s 2d 3c 5h", **{"in": False})]
    result = play("four-card-fours", players, pot="2.00",
                  dummy={"name": "Top four cards", "down": "As Ad Ac 7h".split()})
    assert "Top four cards is not beaten (P14): the pot stays." in result["explain"]
    assert result["carry"] == "2.00"


def test_players_who_all_tie_each_take_a_leg_P10():
    result = play("evolution", [p("A", "As Kd 3h 3c"), p("B", "Ac Kh 3d 3s")], legs={"A": 1},
                  board={"community": "2c 7d 9h Jc 4s".split()})
    assert result["legs"] == ["A", "B"]
    assert ("A and B tie: each takes a leg instead of the pot, which stays (P10)."
            in result["explain"])


def test_krg_a_win_short_of_the_series_is_not_called_taking_the_pot():
    board = {"community": "2c 7d 9h Jc 4s".split()}
    result = play("krg", [p("A", "As Ad"), p("B", "Kc Kh")], pot="5.00", board=board)
    assert result["awards"] == [] and result["carry"] == "5.00"
    assert not any(" takes " in line for line in result["explain"])
    result = play("krg", [p("A", "As Ad"), p("B", "Kc Kh")], pot="5.00", board=board,
                  legs={"A": 2})
    assert awards(result) == {"A": "5.00"}
    assert "A reaches 3 wins and takes the pool of 5.00; the series is over." in result["explain"]


def test_old_man_stoppers_who_share_an_unclaimed_side_are_not_called_out_P12():
    result = play("old-man", [p("Jim", up="Kd Qc Tc Ks", declare="high", go=False),
                              p("Ann", declare="high", go=False)],
                  pot="18.00", board={"center": ["5s"]},
                  dummy={"name": "Old Man", "down": "2d 3d 6h 8s Ad Ac".split()})
    assert awards(result) == {"Jim": "9.00", "Ann": "9.00"}
    assert "Ann (declared high) said stop: pays nothing (P12)." in result["explain"]


def test_the_last_sentence_says_what_the_next_pot_starts_with_P3_P4():
    result = play("omaha-burns", [p("A", "Qs Js 3h 5h"), p("B", "Qd Jd 3c 5c"),
                                  p("C", "9s 9c Tc Th")], pot="3.00",
                  board={"community": "Ah Kd 7c 4s 2d".split()})
    assert result["next_pot"] == "12.00"
    assert result["explain"][-1] == ("The next pot starts at 12.00: 3.00 left in this pot plus "
                                     "9.00 owed into it.")
    done = play("texas-holdem", [p("A", "As Ad"), p("B", "Ks Kd")],
                board={"community": "2c 7d 9h Jc 4s".split()})
    assert not any("next pot" in line for line in done["explain"])
