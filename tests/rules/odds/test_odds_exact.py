"""`python -m rules odds`: exact answers on spots small enough to count by hand."""

from decimal import Decimal
from fractions import Fraction

from rules.odds import odds


def p(name, down="", up="", **fields):
    return {"name": name, "down": down.split(), "up": up.split(), **fields}


def four(value):
    """A fraction as the contract writes a probability."""
    value = Fraction(value)
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001")))


def shares(result):
    return {player["name"]: player["share"] for player in result["players"]}


def test_river_known_is_one_showdown():
    result = odds({"game": "texas-holdem", "players": [p("Ann", "As Ah"), p("Bob", "Kd Kc")],
                   "board": {"community": ["2c", "7d", "9h", "3s", "Jc"]}})
    assert shares(result) == {"Ann": "1.0000", "Bob": "0.0000"}
    assert result["trials"] == 1 and result["exact"] is True and result["stderr"] == "0.0000"
    assert result["players"][0] == {"name": "Ann", "share": "1.0000", "high": "1.0000",
                                    "low": None, "scoop": "1.0000"}


def test_two_outs_on_the_turn():
    # 44 rivers: only the Ks and Kh give Bob trips; 2 3 7 9 make no straight or flush
    result = odds({"game": "texas-holdem", "players": [p("Ann", "As Ah"), p("Bob", "Kd Kc")],
                   "board": {"community": ["2c", "7d", "9h", "3s"]}})
    assert shares(result) == {"Ann": four(Fraction(42, 44)), "Bob": four(Fraction(2, 44))}
    assert result["trials"] == 44 and result["exact"] is True


def test_a_board_that_plays_splits_the_pot():
    # P2: a tie splits; nobody scoops
    result = odds({"game": "texas-holdem", "players": [p("Ann", "2c 3d"), p("Bob", "4h 5s")],
                   "board": {"community": ["As", "Ks", "Qs", "Js", "Ts"]}})
    assert shares(result) == {"Ann": "0.5000", "Bob": "0.5000"}
    assert [pl["high"] for pl in result["players"]] == ["1.0000", "1.0000"]
    assert [pl["scoop"] for pl in result["players"]] == ["0.0000", "0.0000"]


def test_one_card_against_the_deck():
    # Bob's card is any of the 51 others: three aces tie, the other 48 lose
    result = odds({"game": "one-card-guts", "players": [p("Ann", "As"), p("Bob")]})
    assert shares(result) == {"Ann": four(Fraction(48 + Fraction(3, 2), 51)),
                              "Bob": four(Fraction(Fraction(3, 2), 51))}
    assert result["players"][0]["high"] == four(Fraction(51, 51))
    assert result["players"][1]["high"] == four(Fraction(3, 51))
    assert result["trials"] == 51


def test_dead_cards_leave_the_deck():
    # with two aces dead only one ace can tie Ann
    result = odds({"game": "one-card-guts", "players": [p("Ann", "As"), p("Bob")],
                   "dead": ["Ah", "Ad"]})
    assert result["trials"] == 49
    assert shares(result)["Bob"] == four(Fraction(Fraction(1, 2), 49))


def test_a_folded_player_shares_nothing():
    result = odds({"game": "texas-holdem", "players": [
        p("Ann", "As Ah"), p("Bob", "Kd Kc", folded=True), p("Cal", "7c 2d")],
        "board": {"community": ["2c", "7d", "9h", "3s"]}})
    assert shares(result)["Bob"] == "0.0000"
    assert result["players"][1]["high"] == "0.0000"
    assert "Folded, share 0: Bob." in result["explain"]
    # Bob's kings are seen too: 42 rivers. Cal's two pair leads Ann's aces; Ann wins with an ace,
    # a nine or a three (8 cards), everything else is Cal's (no straight or flush can come)
    assert shares(result) == {"Ann": four(Fraction(8, 42)), "Bob": "0.0000",
                              "Cal": four(Fraction(34, 42))}


def test_high_low_halves_and_scoops():
    # Omaha hi-lo on the river: Ann the nut low and the high, Bob no low: Ann scoops
    result = odds({"game": "omaha", "options": {"hi_lo": True},
                   "players": [p("Ann", "Ac 2c Kd Kh"), p("Bob", "Qs Qd Jh Jd")],
                   "board": {"community": ["3c", "4d", "5s", "Ks", "9h"]}})
    assert shares(result) == {"Ann": "1.0000", "Bob": "0.0000"}
    assert result["players"][0]["low"] == "1.0000"
    assert result["players"][0]["scoop"] == "1.0000"


def test_shares_sum_to_one():
    result = odds({"game": "omaha", "options": {"hi_lo": True},
                   "players": [p("Ann", "Ac 2c Kd Kh"), p("Bob", "Qs Qd Jh 3h"), p("Cal")],
                   "board": {"community": ["3c", "4d", "9s"]}, "trials": 300, "exact": False})
    total = sum(Fraction(pl["share"]) for pl in result["players"])
    assert abs(total - 1) <= Fraction(3, 10000)
    assert result["exact"] is False and result["trials"] == 300


def test_a_seed_repeats_its_answer():
    data = {"game": "seven-card-stud", "trials": 200, "seed": 7,
            "players": [p("Ann", "As Ah", "Kd"), p("Bob", "Qc Qd", "2h")]}
    assert odds(data) == odds(data)
    assert odds(data) != odds({**data, "seed": 8})


def test_declare_game_without_declarations_is_cards_speak():
    result = odds({"game": "big-sol", "players": [p("Ann", "", "Ah 2h 3d 4c"),
                                                   p("Bob", "", "Kd Kc Qs Qh")],
                   "trials": 100, "exact": False})
    assert "scored as cards speak" in result["explain"]
    assert result["players"][0]["low"] is not None


def test_draw_game_says_no_draw():
    result = odds({"game": "five-card-draw", "players": [p("Ann", "As Ad"), p("Bob")],
                   "trials": 100, "exact": False})
    assert "No draw is modelled" in result["explain"]
