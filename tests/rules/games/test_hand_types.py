"""The typed hand and result (rules/games/hand_types.py, rules/games/result.py): one
serializer, read and written back unchanged; `settle` reaches the rules' typed inside and
agrees with their JSON entry points, refusals included."""

import json
import random

import pytest
from showdown_helpers import random_deal

from rules.errors import RulesError
from rules.games import payout as payout_module
from rules.games import showdown_input
from rules.games.hand_types import HandInput, HandResult, Seat, settle, typed_problems
from rules.games.payout import check_typed, payout
from rules.games.registry import all_games
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


def _json_path(data):
    """What `settle` gave before it was typed: the JSON entry point, its output parsed, and
    the typed figures checked on the JSON's decimal strings."""
    hand = HandInput.from_json(data)
    try:
        rules = resolve if hand.kind == "cards" else payout
        result = HandResult.from_json(rules(hand.rules_json()))
        typed = hand.to_json(("awards", "owes"))
        return result, check_typed(result, typed.get("awards"), typed.get("owes"), hand.pot)
    except RulesError as error:
        return type(error), str(error)


def _typed_path(data):
    hand = HandInput.from_json(data)
    try:
        result = settle(hand)
        return result, typed_problems(hand, result)
    except RulesError as error:
        return type(error), str(error)


def _winners(deal, rng, game):
    rules = game.for_round(len(game.rounds)) if game.rounds else game
    players = []
    for player in deal["players"]:
        entry = {"name": player["name"]}
        if not player.get("in", True):
            entry["folded"] = True
        elif rng.random() < 0.4:
            entry["won"] = ["low"] if rules.split == "low" else ["high"]
        entry.update({k: player[k] for k in ("declare", "go") if k in player})
        players.append(entry)
    data = {"game": game.id, "pot": deal["pot"], "players": players,
            **{k: deal[k] for k in ("round",) if k in deal}}
    if rules.dummy:
        data["dummy"] = {"won": []}
    return data


def _hands():
    rng = random.Random(26)
    hands = []
    for game in all_games().values():
        if not game.defined:
            continue
        try:
            deal = random_deal(game, rng)
        except IndexError:      # a small deck (royal) runs out for five players
            continue
        variant = rng.randrange(4)
        extra = [{}, {"pot": "10.03"}, {"penalties": "0.20", "legs": {"P0": 1}},
                 {"awards": {"P0": "10.05"}, "owes": {"P1": "1.00"}}][variant]
        hands.append(pytest.param({**deal, **extra}, id=f"{game.id}-cards"))
        hands.append(pytest.param({**_winners(deal, rng, game), **extra},
                                  id=f"{game.id}-winners"))
    return hands


@pytest.mark.parametrize("data", _hands())
def test_settle_typed_agrees_with_the_json_entry_points(data):
    """Every catalog game, by cards and by winners: the typed path gives the result (and the
    typed figures' problems) the JSON entry points give, and refuses with the same sentence."""
    assert _typed_path(data) == _json_path(data)


@pytest.mark.parametrize("data, sentence", [
    ({"game": "five-card-draw", "players": [{"name": "A", "won": ["high"]}, {"name": "B"}]},
     "pot: missing"),
    ({"game": "five-card-draw", "pot": "1.01",
      "players": [{"name": "A", "won": ["high"]}, {"name": "B"}]},
     "pot: 1.01 is not a multiple of $0.05 (B10)"),
    ({"game": "five-card-draw", "pot": "1.00", "penalties": "0.03",
      "players": [{"name": "A", "won": ["high"]}, {"name": "B"}]},
     "penalties: 0.03 is not a multiple of $0.05 (B10)"),
    ({"game": "five-card-draw", "pot": "1.00", "penalties": "3.00",
      "players": [{"name": "A", "down": "As Ks Qs Js Ts".split()},
                  {"name": "B", "down": "2s 3s 4s 5s 7d".split()}]},
     "penalties: expected an amount between 0.00 and the pot"),
    ({"game": "five-card-draw", "pot": "1.00", "awards": {"A": "1.02"},
      "players": [{"name": "A", "won": ["high"]}, {"name": "B"}]},
     "awards.A: 1.02 is not a multiple of $0.05 (B10)"),
])
def test_settle_refuses_money_as_the_json_entry_points_do(data, sentence):
    assert _typed_path(data)[1].startswith(sentence)
    assert _typed_path(data) == _json_path(data)


def test_settle_makes_no_json_round_trip(monkeypatch):
    """The pot, the penalties and the result stay cents: no decimal string is read on the
    way in, and no result JSON is parsed on the way out."""
    def refuse(*args, **kwargs):
        raise AssertionError("a JSON money or result read on the typed path")

    monkeypatch.setattr(showdown_input, "read_money", refuse)
    monkeypatch.setattr(payout_module, "read_money", refuse)
    monkeypatch.setattr(HandResult, "from_json", refuse)
    by_winners = HandInput(players=(Seat("Ann", won=("high",)), Seat("Bob")),
                           game="draw-match-pot", pot=300, penalties=20, awards={"Ann": 300})
    assert settle(by_winners).won_by("Ann") == 300
    assert typed_problems(by_winners, settle(by_winners)) == []
    by_cards = HandInput(players=(Seat("Ann", down=("As", "Ad", "Ac", "7d", "2c")),
                                  Seat("Bob", down=("Ks", "Kd", "Qh", "Jc", "9s"))),
                         game="five-card-draw", pot=105)
    assert settle(by_cards).awards[0].amount == 105


def test_the_command_lines_output_is_unchanged():
    """The JSON entry points keep their shapes and key order (`winners`, the hands)."""
    data = {"game": "five-card-draw", "pot": "1.00",
            "players": [{"name": "A", "down": "As Ks Qs Js Ts".split()},
                        {"name": "B", "down": "2s 3s 4s 5s 7d".split()}]}
    assert list(resolve(data)) == ["game", "players", "awards", "carry", "owes", "legs",
                                   "game_over", "next_pot", "winners", "explain"]
    paid = payout({"game": "five-card-draw", "pot": "1.00", "awards": {"A": "1.00"},
                   "players": [{"name": "A", "won": ["high"]}, {"name": "B"}]})
    assert json.dumps(paid) == json.dumps({
        "awards": [{"name": "A", "amount": "1.00", "side": "high"}], "carry": "0.00",
        "owes": [], "legs": [], "game_over": True, "next_pot": "0.00",
        "winners": {"high": ["A"]}, "explain": paid["explain"],
        "check": {"ok": True, "problems": []}})
