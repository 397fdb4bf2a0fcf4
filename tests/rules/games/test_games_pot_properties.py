"""Properties of the pot rules over random showdowns: money is never made or lost (P2)."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.definition import Dummy, GameDef, PotRule
from rules.games.pots import DummyHand, Entrant, Table, settle

BASE = GameDef(id="prop", name="p", source="test", describe="p", low="low")

entrant = st.builds(
    Entrant,
    name=st.sampled_from(["A", "B", "C", "D", "E"]),
    high=st.one_of(st.none(), st.integers(0, 4)),
    low=st.one_of(st.none(), st.integers(0, 4)),
    declare=st.sampled_from(["high", "low", "both"]),
    go=st.booleans(),
    dead=st.booleans(),
    stayed=st.booleans(),
)


@settings(max_examples=100, deadline=None)
@given(players=st.lists(entrant, min_size=1, max_size=5, unique_by=lambda e: e.name),
       pot=st.integers(0, 400).map(lambda n: n * 5),
       split=st.sampled_from(["high", "low", "cards-talk", "declare"]),
       pigging=st.sampled_from(["house", "win-or-tie", "share-ties"]),
       ties=st.sampled_from(["split", "goal-post"]),
       go_stop=st.booleans(), kind=st.sampled_from(["winner-takes", "match", "burn"]),
       dummy=st.one_of(st.none(), st.tuples(st.integers(0, 4), st.integers(0, 4))),
       last_round=st.booleans())
def test_awards_plus_carry_is_the_pot_and_everything_is_in_white_chips(
        players, pot, split, pigging, ties, go_stop, kind, dummy, last_round):
    game = replace(BASE, split=split, pigging=pigging, ties=ties, go_stop=go_stop,
                   pot=PotRule(kind=kind), dummy=Dummy() if dummy else None)
    table = Table(game, pot, dummy=DummyHand("Kitty", *dummy) if dummy else None,
                  last_round=last_round)
    out = settle(table, players)
    assert sum(a.amount for a in out.awards) + out.carry == pot
    assert all(a.amount >= 0 and a.amount % 5 == 0 for a in out.awards)
    assert all(o.amount > 0 for o in out.owes) and out.carry >= 0
    paid = {a.name for a in out.awards}
    stayed = {e.name for e in players if e.stayed}
    assert paid <= stayed                                   # dropped players never win
    assert not (paid & {e.name for e in players if e.dead})   # dead hands never win (P13)
    assert {o.name for o in out.owes} <= stayed
    if kind == "winner-takes":
        assert out.owes == []
    if split == "declare" and pigging == "house" and not go_stop:
        for e in players:
            if e.declare == "both" and e.name in paid:
                assert [a.side for a in out.awards if a.name == e.name] == ["both"]
