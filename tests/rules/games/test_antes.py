"""Antes before the next deal (RULES.md P7, P14, P3; seed 004's ante paragraph and its
Baltimore Exception): `rules.games.antes.antes`, and the `ante` / `baltimore` options that
every game accepts. The reading of the exception is in the module's docstring."""

import pytest
from showdown_helpers import p, play

from rules.errors import RulesError
from rules.games.antes import antes
from rules.games.options import apply_options
from rules.games.registry import all_games

TABLE = ["Ann", "Bob", "Cal"]


def due(game_id, options=None, *, players=TABLE, winners=(), first_hand=False, reante=False,
        dealer=None):
    game, settings = apply_options(all_games()[game_id], options)
    return antes(game, settings, players=players, winners=winners, first_hand=first_hand,
                 reante=reante, dealer=dealer)


def test_plain_ante_is_one_white_chip_from_everybody_before_the_first_deal_P7():
    assert due("texas-holdem", first_hand=True) == {"Ann": 5, "Bob": 5, "Cal": 5}


def test_without_the_exception_everybody_antes_every_hand_P7():
    assert due("texas-holdem", {"baltimore": False}, winners=["Bob"]) == \
        {"Ann": 5, "Bob": 5, "Cal": 5}


def test_baltimore_exception_the_last_winner_antes_for_the_whole_table_004_P7():
    """004: after a won pot the antes are the winner's; the house plays it (Bethesda note)."""
    assert due("texas-holdem", winners=["Bob"]) == {"Ann": 0, "Bob": 15, "Cal": 0}
    assert due("texas-holdem", {"ante": "0.25"}, winners=["Cal"]) == \
        {"Ann": 0, "Bob": 0, "Cal": 75}


def test_baltimore_exception_does_not_apply_to_a_reante_when_nobody_stayed_P14():
    assert due("texas-holdem", winners=["Bob"], reante=True) == {"Ann": 5, "Bob": 5, "Cal": 5}


def test_baltimore_exception_two_winners_share_the_antes_odd_chip_to_the_first_listed_P2():
    four = [*TABLE, "Dee"]
    assert due("texas-holdem", players=four, winners=["Bob", "Dee"]) == \
        {"Ann": 0, "Bob": 10, "Cal": 0, "Dee": 10}
    assert due("texas-holdem", winners=["Cal", "Ann"]) == {"Ann": 5, "Bob": 0, "Cal": 10}


def test_a_pot_nobody_won_or_a_winner_not_dealt_in_leaves_the_ante_to_everybody():
    assert due("texas-holdem", winners=[]) == {"Ann": 5, "Bob": 5, "Cal": 5}
    assert due("texas-holdem", winners=["Zed"]) == {"Ann": 5, "Bob": 5, "Cal": 5}
    assert due("texas-holdem", winners=["Zed", "Ann"]) == {"Ann": 15, "Bob": 0, "Cal": 0}


def test_match_pot_games_ante_only_first_and_on_a_reante_001_P3():
    """001: Old Man's ante is $1.00, and a matched pot has no ante."""
    assert due("old-man", first_hand=True) == {"Ann": 100, "Bob": 100, "Cal": 100}
    assert due("old-man", winners=["Ann"]) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert due("omaha-burns", winners=["Ann"]) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert due("draw-match-pot", reante=True) == {"Ann": 5, "Bob": 5, "Cal": 5}


def test_games_with_their_own_ante_003_P7():
    assert due("ponsi", winners=["Bob"]) == {"Ann": 0, "Bob": 300, "Cal": 0}
    assert due("swiss-holdem", first_hand=True) == {"Ann": 0, "Bob": 0, "Cal": 0}
    # the fixed-stake games: everybody pays the stake every hand
    assert due("blind-holdem", winners=["Bob"]) == {"Ann": 100, "Bob": 100, "Cal": 100}
    assert due("blind-omaha", {"ante": "2.00"}, winners=["Bob"]) == \
        {"Ann": 200, "Bob": 200, "Cal": 200}


def test_antes_reads_raw_options_and_the_games_defaults_too():
    game = all_games()["old-man"]
    assert antes(game, {}, players=["A"], winners=[], first_hand=True, reante=False) == \
        {"A": 100}
    assert antes(game, {"ante": "0.50"}, players=["A"], winners=[], first_hand=True,
                 reante=False) == {"A": 50}


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_game_accepts_the_ante_and_baltimore_options(game_id):
    _, settings = apply_options(all_games()[game_id], {"ante": "0.10", "baltimore": False})
    assert settings["ante"] == "0.10" and settings["baltimore"] is False


def test_the_ante_options_change_no_showdown_output():
    players = [p("A", "Ah Ac"), p("B", "Qs Qh")]
    board = {"community": "2c 7d 9h Js Kd".split()}
    plain = play("texas-holdem", players, board=board)
    assert play("texas-holdem", players, board=board,
                options={"ante": "0.25", "baltimore": False}) == plain


@pytest.mark.parametrize(("options", "field"), [
    ({"ante": "0.07"}, "options.ante"), ({"ante": 5}, "options.ante"),
    ({"ante": "-0.05"}, "options.ante"), ({"ante": "five"}, "options.ante"),
    ({"baltimore": "yes"}, "options.baltimore"),
])
def test_bad_ante_options_are_refused_naming_the_option(options, field):
    with pytest.raises(RulesError, match=field):
        apply_options(all_games()["texas-holdem"], options)


@pytest.mark.parametrize(("fields", "field"), [
    ({"players": []}, "players"), ({"players": "Ann"}, "players"),
    ({"players": ["Ann", "Ann"]}, "players"), ({"players": ["Ann", ""]}, r"players\[1\]"),
    ({"winners": "Ann"}, "winners"), ({"first_hand": "yes"}, "first_hand"),
    ({"reante": None}, "reante"),
])
def test_bad_antes_arguments_are_refused_naming_the_field(fields, field):
    game, settings = apply_options(all_games()["texas-holdem"], {})
    arguments = {"players": TABLE, "winners": [], "first_hand": False, "reante": False, **fields}
    with pytest.raises(RulesError, match=field):
        antes(game, settings, **arguments)


def test_a_match_pot_game_called_after_a_won_pot_is_anted_by_its_winner_P7_P3():
    from rules.games.antes import antes
    from rules.games.registry import get_game

    game = get_game("draw-match-pot")
    due = antes(game, {}, players=["Ann", "Bob", "Cal"], winners=["Bob"], first_hand=False,
                reante=False, new_game=True)
    assert due == {"Ann": 0, "Bob": 15, "Cal": 0}
    later = antes(game, {}, players=["Ann", "Bob", "Cal"], winners=["Bob"], first_hand=False,
                  reante=False)
    assert later == {"Ann": 0, "Bob": 0, "Cal": 0}     # the matched pot is the stake


# -- who antes: `ante_by` ----------------------------------------------------------------------


def test_brag_is_anted_by_the_dealer_alone_every_deal_002():
    """002 (Brag): the dealer antes an agreed amount, the dealer's edge, as an opening blind."""
    assert due("brag", dealer="Cal", first_hand=True) == {"Ann": 0, "Bob": 0, "Cal": 5}
    assert due("brag", {"ante": "1.00"}, dealer="Bob", winners=["Ann"]) == \
        {"Ann": 0, "Bob": 100, "Cal": 0}
    assert due("brag", dealer="Ann", reante=True) == {"Ann": 5, "Bob": 0, "Cal": 0}


def test_a_dealer_ante_needs_the_dealer_dealt_in():
    with pytest.raises(RulesError, match="dealer: Brag is anted by the dealer alone"):
        due("brag", first_hand=True)
    with pytest.raises(RulesError, match="got 'Dee'"):
        due("brag", dealer="Dee", first_hand=True)


def test_arcade_ante_everybody_but_the_last_winner_antes_003():
    """003 (Island Pineapple, Arcade Ante): every player except the winner of the last hand."""
    arcade = {"ante_by": "all-but-winners", "ante": "0.25"}
    assert due("island-pineapple", arcade, winners=["Bob"]) == {"Ann": 25, "Bob": 0, "Cal": 25}
    assert due("island-pineapple", arcade, winners=["Bob", "Cal"]) == \
        {"Ann": 25, "Bob": 0, "Cal": 0}
    assert due("island-pineapple", arcade, first_hand=True) == {"Ann": 25, "Bob": 25, "Cal": 25}
    assert due("island-pineapple", arcade, winners=["Dee"]) == {"Ann": 25, "Bob": 25, "Cal": 25}
    # without the variation Island Pineapple antes as the house does
    assert due("island-pineapple", winners=["Bob"]) == {"Ann": 0, "Bob": 15, "Cal": 0}


def test_any_game_may_be_played_with_another_ante_by_and_a_wrong_one_is_named():
    assert due("texas-holdem", {"ante_by": "dealer"}, dealer="Ann", winners=["Bob"]) == \
        {"Ann": 5, "Bob": 0, "Cal": 0}
    with pytest.raises(RulesError, match="options.ante_by: 'winner' is not one of everyone, "
                                         "dealer, all-but-winners"):
        due("texas-holdem", {"ante_by": "winner"})
