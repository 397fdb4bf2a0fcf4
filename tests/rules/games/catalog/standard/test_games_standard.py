"""Hand-worked showdowns for the dealer's-choice staples (004 index; S1, S2, S8, S13, P2)."""

from showdown_helpers import awards, high, p, play


def test_five_card_draw_trips_beat_two_pair_S2():
    result = play("five-card-draw", [p("A", "Ks Kd 7h 7c 2s"), p("B", "3h 3d 3c 9s 4d")])
    assert awards(result) == {"B": "1.00"} and high(result, "A") == "two_pair"


def test_five_card_stud_hole_card_plays_with_the_up_cards_S1():
    result = play("five-card-stud", [p("A", "As", "Ah Kd 7c 2s"), p("B", "9h", "9c 9d Qs Js")])
    assert awards(result) == {"B": "1.00"} and high(result, "B") == "three_of_a_kind"


def test_seven_card_stud_best_five_of_seven_S1():
    result = play("seven-card-stud", [p("A", "Ah Kh 2c", "Qh Jh Th 3d"),
                                      p("B", "As Ad 9c", "Ac 9d 9s 2d")])
    assert awards(result) == {"A": "1.00"} and high(result, "B") == "full_house"


def test_texas_holdem_board_plays_and_the_odd_nickel_stays_P2():
    result = play("texas-holdem", [p("A", "2c 3c"), p("B", "4d 5d")], pot="1.05",
                  board={"community": "Ah Kh Qh Jh Th".split()})
    assert awards(result) == {"A": "0.50", "B": "0.50"} and result["carry"] == "0.05"


def test_omaha_needs_exactly_two_hole_cards_no_one_card_flush():
    # A holds one heart: with four hearts on the board that is a flush in hold'em, not in Omaha
    result = play("omaha", [p("A", "Qh 8s 7s 6d"), p("B", "Kd Ks 3c 4c")],
                  board={"community": "Ah 9h 5h 2h Kc".split()})
    assert awards(result) == {"B": "1.00"} and high(result, "A") != "flush"


def test_omaha_hi_lo_option_splits_high_and_8_or_better_low_S8_P2():
    result = play("omaha", [p("A", "3d 4d Qs Js"), p("B", "Qh Th 8c 9c")], pot="2.05",
                  board={"community": "Ah 9h 5h 2h Kc".split()}, options={"hi_lo": True})
    assert awards(result) == {"B": "1.05", "A": "1.00"}
    assert [c[0] for c in result["players"][0]["low"]["cards"]] == ["5", "4", "3", "2", "A"]


def test_omaha_split_option_plays_the_8_or_better_low_of_hi_lo_004_S8():
    """GAMES.md omaha (004 index; Omaha high-low is 8-or-better, S8): `split: cards-talk` plays
    the same low as `hi_lo`. B's T-9-4-3-2 was paid half as an unqualified house low; with
    the 8 qualifier nobody has a low and A's trip kings take the pot."""
    players = [p("A", "Ks Kd Qs Js"), p("B", "Td 9h Tc 9c")]
    board = {"community": "2c 3d 4h Qh Kc".split()}
    for options in ({"split": "cards-talk"}, {"hi_lo": True}):
        result = play("omaha", players, board=board, options=options)
        assert result["players"][1]["low"] is None
        assert awards(result) == {"A": "1.00"}
