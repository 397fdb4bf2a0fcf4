"""Ruby Run's runs of one colour beat poker hands (`ruby-run`, 003)."""

from rankings_helpers import value

from rules.games.catalog import load_extensions

load_extensions()


# --- Ruby Run --------------------------------------------------------------------------------

def test_suited_run_of_three_beats_a_mixed_red_run_of_four():
    # the seed's example: 2D 3D 4D beats 6D 7D 8H 9H
    suited = value("2d 3d 4d Kc 9s", "ruby-run")
    mixed = value("6d 7d 8h 9h Kc", "ruby-run")
    assert (suited.category, mixed.category) == ("suited_run", "run")
    assert suited.key > mixed.key


def test_longer_run_wins_among_runs_of_the_same_kind():
    assert value("5c 6s 7c 8s Kd", "ruby-run").key > value("9h Th Jd Ac Ks", "ruby-run").key


def test_red_run_beats_black_run_of_the_same_kind_and_length():
    assert value("2h 3d 4h 9c 9s", "ruby-run").key > value("Qs Kc As 9d 9h", "ruby-run").key


def test_tied_runs_go_to_the_better_poker_hand_then_split():
    # both a suited red run of three; the pair of nines decides
    better = value("5h 6h 7h 9c 9s", "ruby-run")
    worse = value("Jd Qd Kd Ac 3s", "ruby-run")
    assert better.key > worse.key
    # same run kind, length and colour, same poker hand: a tie (the pot splits)
    assert value("5d 6d 7d 9h 9d", "ruby-run").key == better.key


def test_any_run_beats_every_hand_without_one():
    assert value("2c 3s 4c 7d 9h", "ruby-run").key > value("Ac Ad Ah As Kd", "ruby-run").key


def test_without_runs_aces_are_high_only():
    # A-2-3-4-5 is no straight in Ruby Run (mixed colours: no run either)
    assert value("Ac 2h 3s 4d 5c", "ruby-run").category == "high_card"
    assert value("Tc Jh Qs Kd Ac", "ruby-run").category == "straight"
