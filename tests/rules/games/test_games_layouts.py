"""Layouts through inline (dealer's own) definitions: rows, grid lines, cross, squares, circle,
floors, mandatory cards, several hands, forehead cards (G; issue 4 'custom games')."""

import json
import subprocess
import sys

from showdown_helpers import awards, high, p, play


def game(board, layout="community", takes=None, params=None, **fields):
    takes = takes or [{"hand": (0, None), "board": (0, None)}]
    return {"id": "dealers-own", "board": [{"name": n, "count": c} for n, c in board],
            "hand": {"layout": layout, "params": params or {},
                     "takes": [[{"source": s, "min": lo, "max": hi} for s, (lo, hi) in alt.items()]
                               for alt in takes]},
            **fields}


def cards(result, name):
    return next(x for x in result["players"] if x["name"] == name)["high"]["cards"]


def test_rows_use_one_row_only_oh_shit_style():
    g = game([("row1", 3), ("row2", 3)], "rows", [{"hand": (2, 2), "row": (3, 3)}])
    result = play(g, [p("A", "As Ad Kc Qd")], board={"row1": "Ac 7h 2d".split(),
                                                        "row2": "Kd Ks 3c".split()})
    # aces from row 1 and kings from row 2 would be a full house: rows do not mix
    assert high(result, "A") == "three_of_a_kind" and cards(result, "A")[0][0] == "A"


def test_grid_lines_include_columns_and_diagonals_spots_style():
    g = game([("row1", 3), ("row2", 3), ("row3", 3)], "grid", [{"hand": (2, 2), "line": (3, 3)}])
    board = {"row1": "Ah 2c 7c".split(), "row2": "5d Kh 8d".split(), "row3": "Qh 4s Kc".split()}
    result = play(g, [p("A", "Jh Th 5c 6c"), p("B", "Ks 9s 9d 3h")], board=board)
    assert high(result, "A") == "pair"
    # B: only the diagonal Ah-Kh-Kc gives three kings (every row and column holds one king)
    assert high(result, "B") == "three_of_a_kind" and awards(result) == {"B": "1.00"}


def test_cross_lines_run_through_the_center_slam_aha_style():
    g = game([("row", 4), ("column", 4), ("center", 1)], "cross",
             [{"hand": (2, 2), "line": (3, 3)}])
    board = {"row": "2c 3c 5h 6h".split(), "column": "Ks Qs Jd Td".split(), "center": ["4d"]}
    result = play(g, [p("A", "7c 8c 2s 2h")], board=board)
    # 7c 8c with 4d 5h 6h: the row's line runs through the center card
    assert high(result, "A") == "straight" and "4d" in cards(result, "A")


def test_squares_take_two_from_one_square_and_one_from_the_row_piles_style():
    g = game([("square1", 4), ("square2", 4), ("row", 2)], "squares",
             [{"hand": (2, 2), "square": (2, 2), "row": (1, 1)}])
    board = {"square1": "Ah Ad 2c 3c".split(), "square2": "Kh Kd 4s 5s".split(),
             "row": "7d 8d".split()}
    result = play(g, [p("A", "As Ks 9h Tc")], board=board)
    # As Ks + Ah Ad + 7d = three aces; A-A-A-K-K would need both squares
    assert high(result, "A") == "three_of_a_kind"


def test_circle_adjacent_triples_wrap_and_center_is_wild_circle_jerk_style():
    g = game([("circle", 6), ("center", 1)], "circle", [{"hand": (2, 2), "board": (3, 3)}],
             wild="center")
    board = {"circle": "Qh 2c 7d 9s Jh Th".split(), "center": ["3s"]}
    result = play(g, [p("A", "Ah Kh")], board=board)
    # Jh Th Qh are adjacent only across the wrap (last, second last, first): a royal flush
    assert high(result, "A") == "straight_flush"


def test_floors_elevator_is_wild_for_the_floor_chosen_double_elevator_style():
    names = [f"{s}{i}" for s in "ABC" for i in (1, 2, 3)] + ["E1", "E2"]
    g = game([(n, 1) for n in names], "floors", [{"hand": (0, None), "board": (0, None)}],
             wild="center")
    deal = dict(zip(names, "2c 3d 4h Kc 5h Td 7s 8s 9d Ts Jh".split(), strict=True))
    board = {name: [card] for name, card in deal.items()}
    result = play(g, [p("A", "Jd Jc 4d 6d")], board=board)
    # choosing E2 (Jh) makes every jack wild: Td 9d of floor B3-E2-C3 + three wild jacks is a
    # straight flush; no floor of E1 (tens wild) comes close
    assert high(result, "A") == "straight_flush"
    assert {"Td", "9d"} <= set(cards(result, "A"))


def test_mandatory_bottom_card_must_be_used_pyramid_style():
    g = game([("row1", 3), ("bottom", 1)], "community",
             [{"hand": (0, None), "board": (0, None), "bottom": (1, 1)}],
             params=None)
    g["hand"]["params"] = {"mandatory": ["bottom"]}
    result = play(g, [p("A", "As Ad Ah Ac 9c")], board={"row1": "2d 3d 4d".split(),
                                                        "bottom": ["Kh"]})
    assert cards(result, "A")[-1] == "Kh" or "Kh" in cards(result, "A")


def test_two_hands_use_one_double_trouble_style():
    g = game([("community", 3)], "split-hand", [{"hand": (2, 2), "board": (3, 3)}],
             params=None, down=6)
    g["hand"]["params"] = {"sizes": [3, 3]}
    result = play(g, [p("A", "Ah Kd 2c Qs Qd 7h")], board={"community": "Qh Ad 9c".split()})
    # Ah + Ad... needs both from one hand: Qs Qd (second hand) + Qh = three queens
    assert high(result, "A") == "three_of_a_kind"


def test_others_foreheads_are_your_hand_indian_chief_style():
    g = game([], "others-up", down=0, up=1, high="two")
    result = play(g, [p("A", up="As"), p("B", up="Ks"), p("C", up="Kd")])
    # A sees two kings; B and C each see an ace and a king
    assert high(result, "A") == "pair" and awards(result) == {"A": "1.00"}


def test_inline_game_through_the_cli_with_options():
    data = {"game": game([("community", 3)], down=3), "pot": "2.05",
            "options": {"split": "cards-talk", "low": "8-or-better"},
            "board": {"community": ["2c", "5d", "Kh"]},
            "players": [p("A", "Ac 3c 4c"), p("B", "Ks Kd 5s")]}
    done = subprocess.run([sys.executable, "-m", "rules", "showdown", "-"],
                          input=json.dumps(data), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert awards(result) == {"B": "1.05", "A": "1.00"}
