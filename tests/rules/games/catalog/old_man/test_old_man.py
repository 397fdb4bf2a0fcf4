"""Old Man (seed 001) beyond the two worked rounds: sides, go/stop and the old man (P9, P12)."""

from showdown_helpers import awards, owes, p, play

OLD_MAN = {"name": "Old Man", "down": ["2d", "3d", "6h", "8s", "Ad", "Ac"]}
CENTER = {"center": ["5s"]}


def _round(players, **extra):
    return play("old-man", players, board=CENTER, dummy=OLD_MAN, pot="10.05", **extra)


def test_nobody_goes_for_low_so_its_declarers_share_it_P12():
    result = _round([
        p("A", "Kh Kc", "Ks Kd Qc Tc", declare="high", go=True),     # five kings with the wild 5
        p("B", "2c 3c", "4h 6d 9s Jh", declare="low", go=False),
        p("C", "7d 8d", "9h Td Jc Qd", declare="low", go=False),
    ])
    assert awards(result) == {"A": "5.05", "B": "2.50", "C": "2.50"}
    assert owes(result) == {} and result["game_over"] is True


def test_tying_the_old_man_is_not_beating_him_and_go_and_lose_matches_the_side_P9_P12():
    # B's best low is 6-4-3-2-A (the wild five as an ace); so is the old man's: he keeps the low
    # half, and B, who went for low and lost, matches the low half only.
    result = _round([
        p("A", "Kh Kc", "Ks Kd Qc Tc", declare="high", go=True),
        p("B", "2c 3c", "4h 6d 9s Jh", declare="low", go=True),
        p("C", "7d 8d", "9h Td Jc Qd", declare="low", go=False),
    ])
    assert awards(result) == {"A": "5.05"} and result["carry"] == "5.00"
    assert owes(result) == {"B": "5.00"} and result["next_pot"] == "10.00"


def test_pigger_beaten_by_the_old_man_one_way_wins_nothing_P1_P9():
    result = _round([
        p("A", "Kh Kc", "Ks Kd Qc Tc", declare="both", go=True),
        p("B", "7d 8d", "9h Td Jc Qd", declare="high", go=False),
    ])
    # A's low (K-K-...) cannot beat the old man's 6-4-3-2-A: A wins nothing and matches it all
    assert awards(result) == {} and owes(result) == {"A": "10.05"}


def test_last_round_loser_pays_the_winner_directly_P5():
    result = _round([
        p("A", "Kh Kc", "Ks Kd Qc Tc", declare="high", go=True),
        p("B", "7d 8d", "9h Td Jc Qd", declare="high", go=True),
    ], last_round=True)
    assert awards(result) == {"A": "10.05"}
    assert result["owes"] == [{"name": "B", "amount": "10.05", "reason": "last round", "to": "A"}]
    assert result["next_pot"] == "0.00" and result["game_over"] is True
