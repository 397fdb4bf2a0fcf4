"""H8-H14: the popular games the engine already has the mechanics for (catalog entries and
their names). One or more hands each, worked by hand from the H text."""

from showdown_helpers import awards, p, play

from rules.errors import RulesError

BOARD = {"community": ["Kh", "Qh", "7c", "4d", "2s"]}


def low_of(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["low"]


def high_of(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["high"]


def test_anaconda_seven_final_cards_best_five_each_way_declared_H8():
    # Ann (high): five hearts, a flush. Bob (low): A-2-3-4-6 of two suits, the house's best
    # low (S7). Cy (both): a pair of kings and 8-6-5-3-2: loses both ways and wins nothing (P1).
    result = play("anaconda", [
        p("Ann", "Ah Jh 9h 5h 3h Kc Kd", declare="high"),
        p("Bob", "As 2c 3d 4s 6c Qs Qd", declare="low"),
        p("Cy", "Ks Kh 8d 6d 5c 3c 2d", declare="both"),
    ], pot="4.00")
    assert awards(result) == {"Ann": "2.00", "Bob": "2.00"}
    assert high_of(result, "Ann")["category"] == "flush"


def test_kings_and_little_ones_kings_and_each_players_lowest_hole_rank_H9():
    # Ann's lowest down card is the 3c: threes are wild for her (3c 3d), and the Ks: A A and
    # three wild cards, five aces. Bob's lowest down card is a 5: fives wild for him (5h 5d),
    # and the Kc: J J and three wild cards, five jacks. Five aces win.
    result = play("kings-and-little-ones", [
        p("Ann", "Ah Ad 3c", "Ks 3d 8h 9c"),
        p("Bob", "5h 5d Jd", "Kc Jc 2h 7s"),
    ])
    assert high_of(result, "Ann")["category"] == "five_of_a_kind"
    assert high_of(result, "Bob")["category"] == "five_of_a_kind"
    assert awards(result) == {"Ann": "1.00"}
    drawn = play("kings-and-little-ones", [p("Ann", "Ah Ad 3c 8h 9c"), p("Bob", "Kd Kc Jc 2h 7s")],
                 options={"base": "draw"})
    # draw: Ann's lowest card, the 3c, is wild: three aces. Bob's kings and his lowest card,
    # the 2h, are wild: the Jc and three wild cards, four jacks.
    assert awards(drawn) == {"Bob": "1.00"}


def test_dr_pepper_tens_deuces_and_fours_are_wild_H10():
    result = play("dr-pepper", [p("Ann", "Th 2c 4d", "As 9c 8h 7s"),     # four aces
                                p("Bob", "Kh Kd Kc", "Ks 9d 8d 7d")])    # four kings
    assert high_of(result, "Ann")["category"] == "four_of_a_kind"
    assert awards(result) == {"Ann": "1.00"}


def test_razz_the_lowest_five_ace_to_five_straights_and_flushes_do_not_count_H11():
    # Ann: 5-4-3-2-A, a wheel: the best razz hand though it is a straight. Bob: 6-4-3-2-A.
    result = play("razz", [p("Ann", "Ah 2h Kd", "3h 4h 5h Qc"),
                           p("Bob", "As 2d Ks", "3c 4d 6s Qs")])
    assert awards(result) == {"Ann": "1.00"}
    assert result["winners"] == {"low": ["Ann"]}


def test_deuce_to_seven_aces_high_straights_count_against_H12():
    # Ann 7-5-4-3-2 of mixed suits: the best hand. Bob's 6-5-4-3-2 is a straight, which counts
    # against him; Cy's A-2-3-4-5 is ace high (aces are high only).
    for game in ("deuce-to-seven-single-draw", "deuce-to-seven-triple-draw"):
        result = play(game, [p("Ann", "7h 5d 4c 3s 2h"), p("Bob", "6h 5c 4d 3h 2c"),
                             p("Cy", "As 2d 3c 4h 5s")])
        assert awards(result) == {"Ann": "1.00"}, game


def test_crazy_pineapple_plays_as_holdem_with_two_kept_cards_and_hi_lo_option_H13():
    players = [p("Ann", "Ah 3c"), p("Bob", "Kd Ks")]
    assert awards(play("crazy-pineapple", players, board=BOARD)) == {"Bob": "1.00"}
    split = play("crazy-pineapple", players, board=BOARD, options={"hi_lo": True}, pot="2.00")
    # Ann's low 7-4-3-2-A qualifies (8 or better): the low half
    assert awards(split) == {"Ann": "1.00", "Bob": "1.00"}
    try:
        play("crazy-pineapple", [p("Ann", "Ah 3c 9d"), p("Bob", "Kd Ks")], board=BOARD)
    except RulesError as error:
        assert "players[0]: 3 cards, but crazy-pineapple deals 2" in str(error)
    else:
        raise AssertionError("three hole cards at the showdown must be refused")


def test_big_o_exactly_two_of_five_hole_cards_high_low_eight_or_better_H14():
    # Board Kh Qh 7c 4d 2s; exactly two hole cards and three board cards. Bob: Kd Ks with
    # Kh Qh 7c, three kings: the high. Ann's high is no pair at best; her low Ah 3c with 7c 4d 2s
    # is 7-4-3-2-A, below Bob's 8-7-6-4-2 (8c 6h with 7c 4d 2s): the low.
    result = play("big-o", [p("Ann", "Ah 3c Jh Td 9s"), p("Bob", "Kd Ks 8c 8d 6h")],
                  board=BOARD, pot="2.00")
    assert awards(result) == {"Ann": "1.00", "Bob": "1.00"}
    assert low_of(result, "Ann")["describe"].startswith("7-4-3-2-A")
