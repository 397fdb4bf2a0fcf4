"""The typed hand and result (rules/games/hand_types.py): one serializer, read and written
back unchanged, the rules' JSON entry points reached through it."""

import pytest

from rules.errors import RulesError
from rules.games.hand_types import HandInput, HandResult, Seat, settle, typed_problems
from rules.games.payout import payout
from rules.games.showdown import resolve

BY_CARDS = {"game": "old-man", "pot": "3.00", "round": 2, "last_round": True,
            "players": [{"name": "Ann", "in": False, "declare": "high", "go": True,
                         "down": ["As", "Ad", "Ac", "7d", "2c"], "up": []},
                        {"name": "Bob", "declare": "low", "go": True,
                         "down": ["2s", "3d", "4h", "5c", "7s"], "up": []}],
            "board": {"center": ["9s"]}, "dummy": {"name": "Old Man", "down": ["Qs"]},
            "awards": {"Bob": "3.00"}}
BY_WINNERS = {"game": "draw-match-pot", "pot": "0.25", "options": {"wild": "2"},
              "legs": {"Ann": 1}, "players": [{"name": "Ann", "won": ["high"]},
                                             {"name": "Bob", "folded": True}],
              "next_best": {"low": "Bob"}, "owes": {"Bob": "0.00"}}


@pytest.mark.parametrize("data", [BY_CARDS, BY_WINNERS, {"pot": "2.00", "awards": {"Ann": "1.50"},
                                                          "carry": "0.50"}])
def test_a_hand_is_written_back_as_it_was_read(data):
    hand = HandInput.from_json(data)
    assert hand.to_json() == data and list(hand.to_json()) == list(data)
    assert HandInput.from_json({"type": "hand", **data, "result": {}, "ids": {}}) == hand


def test_the_kind_and_the_rules_fields():
    assert HandInput.from_json(BY_CARDS).kind == "cards"
    assert HandInput.from_json(BY_WINNERS).kind == "winners"
    assert HandInput(pot=100).kind == "typed"
    assert "awards" not in HandInput.from_json(BY_CARDS).rules_json()
    assert HandInput.from_json(BY_WINNERS).rules_json()["next_best"] == {"low": "Bob"}
    assert HandInput.from_json(BY_CARDS).pot == 300


def test_an_unknown_field_is_refused():
    with pytest.raises(RulesError, match="note: not a field of a hand"):
        HandInput.from_json({"players": [], "note": "x"})


def test_settle_gives_the_json_entry_points_result_typed():
    data = {"game": "draw-match-pot", "pot": "3.00", "players": [
        {"name": "Ann", "won": ["high"]}, {"name": "Bob"}, {"name": "Cal"}]}
    hand = HandInput(players=(Seat("Ann", won=("high",)), Seat("Bob"), Seat("Cal")),
                     game="draw-match-pot", pot=300)
    result = settle(hand)
    wanted = payout(data)
    assert result.to_json() == {k: wanted[k] for k in result.to_json()}
    assert HandResult.from_json(result.to_json()) == result
    assert result.won_by("Ann") == 300 and result.winners() == ["Ann"]
    assert typed_problems(hand, result) == []
    cards = HandInput(players=(Seat("Ann", down=("As", "Ad", "Ac", "7d", "2c")),
                               Seat("Bob", down=("Ks", "Kd", "Qh", "Jc", "9s"))),
                      game="five-card-draw", pot=100)
    assert settle(cards).to_json()["explain"] == resolve(cards.rules_json())["explain"]
