"""Pot rules (P1-P13) on plain numbers: larger key = better hand, None = no hand that side."""

from dataclasses import replace

from rules.games.definition import Dummy, GameDef, PotRule
from rules.games.pots import DummyHand, Entrant, Table, halves, settle, shares

DECLARE = GameDef(id="t-declare", name="t", source="test", describe="t", low="low",
                  split="declare")
CARDS_TALK = GameDef(id="t-talk", name="t", source="test", describe="t", low="low-8",
                     split="cards-talk")
HIGH = GameDef(id="t-high", name="t", source="test", describe="t")


def awards(outcome):
    return {a.name: a.amount for a in outcome.awards}


def owes(outcome):
    return {o.name: o.amount for o in outcome.owes}


def test_odd_white_chip_goes_to_the_high_half_P2():
    assert halves(605) == (305, 300)
    assert shares(305, 2) == (150, 5)


def test_pigger_who_wins_both_outright_takes_the_pot_P1():
    out = settle(Table(DECLARE, 605), [Entrant("Pig", 9, 9, "both"), Entrant("H", 5, None, "high"),
                                       Entrant("L", None, 5, "low")])
    assert awards(out) == {"Pig": 605} and out.carry == 0


def test_pigger_who_loses_low_to_a_non_pigger_wins_nothing_P1():
    out = settle(Table(DECLARE, 605), [Entrant("Pig", 9, 3, "both"), Entrant("H", 5, None, "high"),
                                       Entrant("L", None, 5, "low")])
    assert awards(out) == {"H": 305, "L": 300}


def test_pigger_who_ties_high_wins_nothing_P1():
    out = settle(Table(DECLARE, 605), [Entrant("Pig", 9, 9, "both"), Entrant("H", 9, None, "high"),
                                       Entrant("L", None, 5, "low")])
    assert awards(out) == {"H": 305, "L": 300}


def test_failed_pigger_side_goes_to_best_other_declarer_not_the_pigger_P1():
    # nobody but the pigger sought low: the low half stays for the next hand
    out = settle(Table(DECLARE, 600), [Entrant("Pig", 9, 9, "both"), Entrant("H", 9, None, "high")])
    assert awards(out) == {"H": 300} and out.carry == 300


def test_two_piggers_tie_and_nobody_else_pot_stays_P1():
    out = settle(Table(DECLARE, 605), [Entrant("A", 9, 9, "both"), Entrant("B", 9, 9, "both")])
    assert awards(out) == {} and out.carry == 605


def test_win_or_tie_pigger_shares_a_tied_side_P1_variant():
    game = replace(DECLARE, pigging="win-or-tie")
    out = settle(Table(game, 600), [Entrant("Pig", 9, 9, "both"), Entrant("H", 9, None, "high")])
    assert awards(out) == {"Pig": 450, "H": 150}


def test_cards_talk_without_a_low_gives_high_the_whole_pot_S14():
    out = settle(Table(CARDS_TALK, 600), [Entrant("A", 9, None), Entrant("B", 5, None)])
    assert awards(out) == {"A": 600}


def test_cards_talk_one_player_may_win_both_halves_S14():
    out = settle(Table(CARDS_TALK, 605), [Entrant("A", 9, 9), Entrant("B", 5, 3)])
    assert [(a.name, a.amount, a.side) for a in out.awards] == [("A", 605, "both")]


def test_goal_posters_win_nothing_and_burn_P6_P4():
    game = replace(CARDS_TALK, ties="goal-post", pot=PotRule(kind="burn"))
    out = settle(Table(game, 1000), [Entrant("A", 9, None), Entrant("B", 9, None),
                                     Entrant("C", 5, None)])
    assert awards(out) == {} and out.carry == 1000
    assert owes(out) == {"A": 500, "B": 500, "C": 500} and not out.game_over


def test_match_pot_excludes_penalties_B11_P3():
    game = replace(HIGH, pot=PotRule(kind="match"))
    out = settle(Table(game, 340, penalties=20), [Entrant("A", 9), Entrant("B", 5)])
    assert awards(out) == {"A": 340} and owes(out) == {"B": 320}
    assert out.next_pot == 320 and not out.game_over


def test_progressive_burn_grows_each_round_P4():
    game = replace(HIGH, pot=PotRule(kind="burn", burn_amount=100, burn_step=100))
    out = settle(Table(game, 5000, round=3), [Entrant("A", 9), Entrant("B", 5)])
    assert owes(out) == {"B": 300}


def test_burn_as_a_fraction_of_the_pot_rounds_down_to_white_chips_P4():
    game = replace(HIGH, pot=PotRule(kind="burn", burn="fraction", burn_percent=50))
    out = settle(Table(game, 1010), [Entrant("A", 9), Entrant("B", 5)])
    assert owes(out) == {"B": 505}


def test_kitty_must_be_beaten_and_never_pays_P9():
    game = replace(HIGH, dummy=Dummy(), pot=PotRule(kind="match"))
    out = settle(Table(game, 500, dummy=DummyHand("Kitty", 10)), [Entrant("A", 9), Entrant("B", 5)])
    assert awards(out) == {} and out.carry == 500 and owes(out) == {"A": 500, "B": 500}


def test_ghost_hand_plays_only_against_a_lone_player_P14():
    game = replace(HIGH, dummy=Dummy(name="Top four", when="alone"), pot=PotRule(kind="match"))
    ghost = DummyHand("Top four", 7)
    assert awards(settle(Table(game, 500, dummy=ghost), [Entrant("A", 9)])) == {"A": 500}
    lone_loser = settle(Table(game, 500, dummy=ghost), [Entrant("A", 5)])
    assert owes(lone_loser) == {"A": 500}
    two = settle(Table(game, 500, dummy=ghost), [Entrant("A", 5), Entrant("B", 4)])
    assert awards(two) == {"A": 500}


def test_dead_hand_loses_and_matches_P13():
    game = replace(HIGH, pot=PotRule(kind="match"))
    out = settle(Table(game, 400), [Entrant("A", 9, dead=True), Entrant("B", 5)])
    assert awards(out) == {"B": 400} and owes(out) == {"A": 400}


def test_lone_player_gets_a_leg_instead_of_the_pot_P10():
    game = replace(HIGH, pot=PotRule(kind="match", legs=3))
    out = settle(Table(game, 700), [Entrant("A", 9), Entrant("B", None, stayed=False)])
    assert out.legs == ["A"] and awards(out) == {} and out.carry == 700 and not out.game_over


def test_all_tied_get_legs_and_third_leg_takes_the_pot_P10():
    game = replace(HIGH, pot=PotRule(kind="match", legs=3))
    out = settle(Table(game, 700, legs_before={"A": 2}), [Entrant("A", 9), Entrant("B", 9)])
    assert out.legs == ["A", "B"] and awards(out) == {"A": 700} and out.game_over


def test_last_round_losers_pay_the_winner_directly_P5():
    game = replace(HIGH, pot=PotRule(kind="match"))
    out = settle(Table(game, 900, last_round=True), [Entrant("A", 9), Entrant("B", 5)])
    assert [(o.name, o.amount, o.reason, o.to) for o in out.owes] == [("B", 900, "last round", "A")]
    assert out.next_pot == 0 and out.game_over


def test_nobody_goes_for_a_side_its_declarers_share_it_P12():
    game = replace(DECLARE, go_stop=True, pot=PotRule(kind="match", match="side"))
    out = settle(Table(game, 1000), [Entrant("A", 9, None, "high", go=True),
                                     Entrant("B", None, 3, "low", go=False),
                                     Entrant("C", None, 4, "low", go=False)])
    assert awards(out) == {"A": 500, "B": 250, "C": 250}


def test_go_and_lose_matches_only_the_side_contested_P12():
    game = replace(DECLARE, go_stop=True, pot=PotRule(kind="match", match="side"))
    out = settle(Table(game, 1005), [Entrant("A", 9, None, "high"), Entrant("B", 5, None, "high"),
                                     Entrant("C", None, 4, "low")])
    assert awards(out) == {"A": 505, "C": 500} and owes(out) == {"B": 505}


def test_stop_pays_nothing_P12():
    game = replace(HIGH, go_stop=True, pot=PotRule(kind="match"))
    out = settle(Table(game, 1800), [Entrant("Jim", 9, go=False), Entrant("E", 5), Entrant("A", 7)])
    assert awards(out) == {"A": 1800} and owes(out) == {"E": 1800}


def test_perfect_ties_pigger_who_ties_with_the_best_possible_hand_shares_P1_doogie():
    game = replace(DECLARE, pigging="perfect-ties")
    perfect = Table(game, 600, perfect={"low": 9})
    out = settle(perfect, [Entrant("Pig", 9, 9, "both"), Entrant("L", None, 9, "low"),
                           Entrant("H", 5, None, "high")])
    assert awards(out) == {"Pig": 450, "L": 150}
    not_perfect = settle(Table(game, 600, perfect={"low": 10}),
                         [Entrant("Pig", 9, 9, "both"), Entrant("L", None, 9, "low"),
                          Entrant("H", 5, None, "high")])
    assert awards(not_perfect) == {"H": 300, "L": 300}


# -- a side nobody qualifies for (S8's qualifiers, both ways round) ---------------------------


def test_cards_talk_nobody_qualifies_for_high_so_low_takes_the_whole_pot_S8():
    # high keys are None when no hand reaches the high qualifier (Boise, Cucamonga)
    out = settle(Table(CARDS_TALK, 605), [Entrant("A", None, 7), Entrant("B", None, None)])
    assert awards(out) == {"A": 605} and out.carry == 0
    assert any("takes the whole pot" in line for line in out.explain)


def test_declare_nobody_qualifies_for_high_so_low_takes_the_whole_pot_S8():
    out = settle(Table(DECLARE, 600), [Entrant("H", None, None, "high"),
                                       Entrant("L", None, 5, "low")])
    assert awards(out) == {"L": 600} and out.carry == 0


def test_declare_nobody_qualifies_for_low_so_high_takes_the_whole_pot_S8():
    out = settle(Table(DECLARE, 600), [Entrant("H", 4, None, "high"),
                                       Entrant("L", None, None, "low")])
    assert awards(out) == {"H": 600} and out.carry == 0


def test_nobody_qualifies_either_way_so_the_whole_pot_stays_S8():
    out = settle(Table(CARDS_TALK, 600), [Entrant("A", None, None), Entrant("B", None, None)])
    assert awards(out) == {} and out.carry == 600
