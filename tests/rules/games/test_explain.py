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
