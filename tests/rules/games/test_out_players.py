"""Players who folded (`"in": false`) or said stop (`"go": false`, P12) are shown with what
their cards make, for the banker's record, but never win or owe anything they should not."""

from tests.rules.games.showdown_helpers import awards, owes, p, play

BOARD = {"community": "2c 7d 9h Jc 4s".split()}
OLD_MAN = {"name": "Old Man", "down": "2d 3d 6h 8s Ad Ac".split()}


def test_a_folded_player_with_the_best_cards_wins_nothing_and_is_still_shown():
    result = play("texas-holdem", [p("A", "As Ad", **{"in": False}), p("B", "Ks Kd"),
                                   p("C", "Qs Qd")], board=BOARD)
    assert awards(result) == {"B": "1.00"} and owes(result) == {}
    shown = next(seat for seat in result["players"] if seat["name"] == "A")
    assert shown["high"]["category"] == "pair"
    assert any(line.startswith("A folded") and "aces" in line.lower() for line in result["explain"])


def test_a_folded_player_in_a_match_game_never_matches_P3():
    players = [p("A", "As Ad", **{"in": False}), p("B", "Ks Kd"), p("C", "Qs Qd")]
    result = play("texas-holdem", players, board=BOARD, options={"pot_rule": "match"})
    assert awards(result) == {"B": "1.00"} and owes(result) == {"C": "1.00"}


def test_old_man_a_stopper_with_the_best_cards_wins_and_owes_nothing_P12():
    # fives wild: Jim stops holding five kings; Eric goes with four sixes, beats the old man's
    # three aces and takes the pot. Jim's better cards win him nothing.
    players = [p("Jim", up="Kd Kc Ks 5h", down="Qc Tc", declare="high", go=False),
               p("Eric", down="6d 9c", up="6c 4d 6s 2s", declare="high", go=True)]
    result = play("old-man", players, pot="18.00", board={"center": ["5s"]}, dummy=OLD_MAN)
    assert awards(result) == {"Eric": "18.00"} and owes(result) == {}
    jim = next(seat for seat in result["players"] if seat["name"] == "Jim")
    assert jim["high"]["category"] == "five_of_a_kind"       # shown for the record
    assert any(line.startswith("Jim (declared high) said stop") and "Five kings" in line
               for line in result["explain"])


def test_old_man_a_stopper_may_be_entered_without_cards_P12():
    players = [p("Jim", declare="high", go=False),
               p("Ashley", down="7h 4h", up="Qh 8h 5h 4c", declare="high", go=True)]
    result = play("old-man", players, pot="18.00", board={"center": ["5s"]}, dummy=OLD_MAN)
    assert awards(result) == {"Ashley": "18.00"} and owes(result) == {}


def test_a_dead_player_who_said_stop_pays_nothing_P12():
    game = {"id": "stop-kill", "down": 2, "up": 1, "high": "three", "kill": "9", "go_stop": True,
            "pot": {"kind": "match"}}
    players = [p("A", "As Ad", "9s", go=False), p("B", "Ks Kd", "2c", go=True),
               p("C", "Qs Qd", "3c", go=True)]
    result = play(game, players)
    assert awards(result) == {"B": "1.00"} and owes(result) == {"C": "1.00"}


def test_knock_poker_a_player_who_dropped_may_be_entered_without_cards_P15():
    players = [p("A", "As Ad Kc Qh 4d", knock=True), p("B", "9s 8d 6c Th 2s"),
               {"name": "C", "in": False}]
    result = play("knock-poker", players)
    assert awards(result) == {"A": "1.00"}
    assert owes(result) == {"C": "0.05", "B": "0.10"}     # C: dropped after the knock
    assert "C folded: out of the showdown, in no side of the pot." in result["explain"]
