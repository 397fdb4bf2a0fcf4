"""The popular family (POPULAR_GAMES.md, H ids) through the command line: `games` lists each
id, `showdown`, `payout` and `odds` answer for each game, and bad input is one line naming
the field and the card, exit 2."""

import json

import pytest

from rules.cli import main
from rules.games.options import apply_options
from rules.games.registry import get_game
from rules.games.words import plain_words

FTQ = [{"name": "Ann", "down": ["Ah", "Ad", "9d"], "up": ["2h", "4s", "7d", "5c"]},
       {"name": "Bob", "down": ["Jh", "Jc", "9c"], "up": ["9h", "Jd", "3s", "Qs"]}]


@pytest.fixture
def cli(tmp_path, capsys):
    def run(command, data):
        path = tmp_path / "input.json"
        path.write_text(json.dumps(data))
        code = main([command, str(path)])
        out, err = capsys.readouterr()
        if code == 0:
            return code, json.loads(out)
        assert out == "" and len(err.strip().splitlines()) == 1, err
        return code, err.strip()
    return run


def test_games_lists_the_popular_ids_after_the_seeds_H1(capsys):
    assert main(["games"]) == 0
    ids = capsys.readouterr().out.split()
    assert "follow-the-queen" in ids
    assert ids.index("follow-the-queen") > ids.index("old-man")


def test_follow_the_queen_answers_showdown_payout_and_odds_H1(cli):
    code, shown = cli("showdown", {"game": "follow-the-queen", "pot": "2.00", "players": FTQ})
    assert code == 0 and shown["awards"] == [{"name": "Bob", "amount": "2.00", "side": "high"}]
    code, paid = cli("payout", {"game": "follow-the-queen", "pot": "2.00", "players": [
        {"name": "Ann"}, {"name": "Bob", "won": ["high"]}]})
    assert code == 0 and paid["awards"] == [{"name": "Bob", "amount": "2.00", "side": "high"}]
    fourth = [{"name": "Ann", "down": ["Ah", "Ad"], "up": ["2h", "Qc"]},
              {"name": "Bob", "down": ["Jh", "Jc"], "up": ["9h", "Jd"]}]
    code, chance = cli("odds", {"game": "follow-the-queen", "players": fourth, "trials": 200,
                                "exact": False})
    assert code == 0 and chance["exact"] is False and chance["trials"] == 200
    assert "±" in chance["explain"]


def test_follow_the_queen_in_words_H1():
    game, settings = apply_options(get_game("follow-the-queen"), {"follow_card": "Qh,Qd"})
    wild = dict(plain_words(game, settings))["Wild"]
    assert wild.startswith("The Q♥ and the Q♦.")
    assert "right after the last face-up Q♥ or Q♦ is wild too" in wild


@pytest.mark.parametrize("bad,word", [("Z", "'Z'"), ("Qx", "'Qx'"), ("lowest", "'lowest'")])
def test_a_bad_follow_card_is_one_line_naming_the_field_and_card_exit_2_H1(cli, bad, word):
    code, error = cli("showdown", {"game": "follow-the-queen", "pot": "2.00", "players": FTQ,
                                   "options": {"follow_card": bad}})
    assert code == 2
    assert "options.follow_card" in error and word in error


def test_a_dealers_own_game_follows_a_king_inline_H1(cli):
    # "Follow the King" built inline: kings wild and the card after the last face-up king.
    # Ann's Kh (third street) is followed by Bob's 9h: nines wild. Bob: J J J + 9 9 9: five jacks.
    game = {"id": "follow-the-king", "down": 3, "up": 4, "wild": "K", "follow": "K"}
    players = [{"name": "Ann", "down": ["Ah", "Ad", "9d"], "up": ["Kh", "4s", "7d", "5c"]},
               {"name": "Bob", "down": ["Jh", "Jc", "9c"], "up": ["9h", "Jd", "3s", "2s"]}]
    code, shown = cli("showdown", {"game": game, "pot": "2.00", "players": players})
    assert code == 0
    assert shown["explain"][0].startswith("Nines are wild: Bob's 9h was the next card dealt "
                                          "face up after Ann's Kh, on third street")
    bob = shown["players"][1]["high"]
    assert bob["category"] == "five_of_a_kind"
    code, error = cli("showdown", {"game": {**game, "follow": "X"}, "pot": "2.00",
                                   "players": players})
    assert code == 2 and "follow" in error and "'X'" in error


CHICAGO = [{"name": "Ann", "down": ["2c", "2d", "Ks"], "up": ["Ah", "8s", "3d", "Jc"]},
           {"name": "Bob", "down": ["5c", "5d", "9h"], "up": ["5h", "8c", "Ts", "4s"]}]


def test_chicago_answers_showdown_payout_and_odds_H3(cli):
    code, shown = cli("showdown", {"game": "chicago", "pot": "2.00", "players": CHICAGO})
    assert code == 0 and shown["winners"] == {"high": ["Bob"], "spade": ["Ann"]}
    code, paid = cli("payout", {"game": "chicago", "pot": "2.00", "players": [
        {"name": "Ann", "won": ["spade"]}, {"name": "Bob", "won": ["high"]}]})
    assert code == 0 and [a["side"] for a in paid["awards"]] == ["high", "spade"]
    third = [{"name": "Ann", "down": ["2c", "Ks"], "up": ["Ah"]},
             {"name": "Bob", "down": ["5c", "5d"], "up": ["5h"]}]
    code, chance = cli("odds", {"game": "chicago", "players": third, "trials": 200,
                                "exact": False})
    assert code == 0 and chance["trials"] == 200 and "±" in chance["explain"]


def test_chicago_bad_input_is_one_line_naming_the_field_and_card_exit_2_H3(cli):
    bad = [{**CHICAGO[0], "down": ["2c", "2d", "Zs"]}, CHICAGO[1]]
    code, error = cli("showdown", {"game": "chicago", "pot": "2.00", "players": bad})
    assert code == 2 and "players[0].down[2]" in error and "Zs" in error
    code, error = cli("showdown", {"game": "chicago", "pot": "2.00", "players": CHICAGO,
                                   "options": {"chicago": "middle"}})
    assert code == 2 and "options.chicago" in error


BASEBALL = [{"name": "Ann", "down": ["2c", "2d", "Kc", "Jh"], "up": ["4h", "8s", "3d", "Jc"]},
            {"name": "Bob", "down": ["5c", "5d", "9h"], "up": ["Qh", "8c", "Ts", "6s"]}]


def test_baseball_answers_showdown_payout_and_odds_H2(cli):
    code, shown = cli("showdown", {"game": "baseball", "pot": "2.00", "players": BASEBALL})
    assert code == 0 and shown["winners"] == {"high": ["Ann"]}
    code, paid = cli("payout", {"game": "baseball", "pot": "2.00", "players": [
        {"name": "Ann", "won": ["high"]}, {"name": "Bob"}]})
    assert code == 0 and paid["awards"] == [{"name": "Ann", "amount": "2.00", "side": "high"}]
    fourth = [{"name": "Ann", "down": ["2c", "2d"], "up": ["4h", "8s"]},
              {"name": "Bob", "down": ["5c", "5d"], "up": ["Qh", "8c"]}]
    code, chance = cli("odds", {"game": "baseball", "players": fourth, "trials": 200})
    assert code == 0 and chance["exact"] is False and chance["trials"] == 200


def test_baseball_bad_input_is_one_line_naming_the_field_and_card_exit_2_H2(cli):
    no_four = [{**BASEBALL[0], "up": ["7h", "8s", "3d", "Jc"]}, BASEBALL[1]]
    code, error = cli("showdown", {"game": "baseball", "pot": "2.00", "players": no_four})
    assert code == 2 and error.startswith("error: players[0].down[3]: the Jh")
    code, error = cli("odds", {"game": "baseball", "players": no_four})
    assert code == 2 and "players[0].down[3]: the Jh" in error
    code, error = cli("showdown", {"game": "baseball", "pot": "2.00", "players": BASEBALL,
                                   "options": {"three_price": "0.07"}})
    assert code == 2 and "options.three_price" in error


def test_short_deck_answers_showdown_payout_and_odds_and_refuses_a_4_H6(cli):
    board = {"community": ["7d", "8s", "9h", "Kc", "Qd"]}
    players = [{"name": "Ann", "down": ["Ah", "6c"]}, {"name": "Bob", "down": ["Ks", "Kd"]}]
    code, shown = cli("showdown", {"game": "short-deck-holdem", "pot": "2.00",
                                   "players": players, "board": board})
    assert code == 0 and shown["winners"] == {"high": ["Bob"]}
    code, paid = cli("payout", {"game": "short-deck-holdem", "pot": "2.00", "players": [
        {"name": "Ann", "won": ["high"]}, {"name": "Bob"}]})
    assert code == 0 and paid["awards"][0]["name"] == "Ann"
    code, chance = cli("odds", {"game": "short-deck-holdem", "players": players,
                                "trials": 200, "exact": False})
    assert code == 0 and "36" not in chance["explain"].split("unseen")[0][-3:]
    assert "of the short deck" in chance["explain"]
    four = [{"name": "Ann", "down": ["4h", "6c"]}, players[1]]
    code, error = cli("showdown", {"game": "short-deck-holdem", "pot": "2.00",
                                   "players": four, "board": board})
    assert code == 2 and "players[0].down" in error and "4h" in error


def test_badugi_answers_showdown_payout_and_odds_H5(cli):
    players = [{"name": "Ann", "down": ["Ah", "2c", "3d", "Ks"]},
               {"name": "Bob", "down": ["As", "2s", "3h", "4c"]}]
    code, shown = cli("showdown", {"game": "badugi", "pot": "2.00", "players": players})
    assert code == 0 and shown["winners"] == {"low": ["Ann"]}
    code, paid = cli("payout", {"game": "badugi", "pot": "2.00", "players": [
        {"name": "Ann", "won": ["low"]}, {"name": "Bob"}]})
    assert code == 0 and paid["awards"] == [{"name": "Ann", "amount": "2.00", "side": "low"}]
    code, chance = cli("odds", {"game": "badugi", "players": [
        {"name": "Ann", "down": ["Ah", "2c"]}, {"name": "Bob", "down": ["As", "2s"]}],
        "trials": 200, "exact": False})
    assert code == 0 and chance["trials"] == 200
    twice = [{"name": "Ann", "down": ["Ah", "2c", "3d", "Ah"]}, players[1]]
    code, error = cli("showdown", {"game": "badugi", "pot": "2.00", "players": twice})
    assert code == 2 and "players[0].down" in error and "Ah" in error


def test_seven_twenty_seven_answers_showdown_payout_and_odds_H4(cli):
    players = [{"name": "Ann", "down": ["Ah"], "up": ["6c"], "declare": "7"},
               {"name": "Bob", "down": ["Ks"], "up": ["9d", "8c", "Tc"], "declare": 27}]
    code, shown = cli("showdown", {"game": "seven-twenty-seven", "pot": "2.00",
                                   "players": players})
    assert code == 0 and shown["winners"] == {"high": ["Bob"], "low": ["Ann"]}
    code, paid = cli("payout", {"game": "seven-twenty-seven", "pot": "2.00", "players": [
        {"name": "Ann", "declare": "both", "won": ["low", "high"]}, {"name": "Bob",
                                                                     "declare": "27"}]})
    assert code == 0 and paid["awards"][0]["amount"] == "2.00"
    code, chance = cli("odds", {"game": "seven-twenty-seven", "players": players})
    assert code == 0 and chance["exact"] is True
    twice = [{**players[0], "up": ["Ah"]}, players[1]]
    code, error = cli("showdown", {"game": "seven-twenty-seven", "pot": "2.00",
                                   "players": twice})
    assert code == 2 and "players[0].up" in error and "Ah" in error


def test_the_new_games_say_their_rules_in_words_H4_H5_H6():
    words = {game: dict(plain_words(*apply_options(get_game(game), {})))["Wins"]
             for game in ("seven-twenty-seven", "badugi", "short-deck-holdem")}
    assert "the count closest to 27, under or over (H4)" in words["seven-twenty-seven"]
    assert "at least count" not in words["seven-twenty-seven"]
    assert "badugi: the most cards of different suits and ranks" in words["badugi"]
    assert "a flush over a full house" in words["short-deck-holdem"]


def test_a_dealers_own_game_names_a_card_side_and_extra_cards_inline_H2_H3(cli):
    # "Low Chicago in hearts, 4s buy a card for 25 cents", built on the tablet as data.
    game = {"id": "hearts-low", "down": 3, "up": 4, "extra_down": "4",
            "card_side": {"suit": "hearts", "where": "down", "order": "low", "name": "heart"},
            "side_payments": ["up-card-price"],
            "options": [{"name": "three_price", "default": "0.25", "describe": "a 3 up"},
                        {"name": "price_card", "default": "4", "describe": "the card"}]}
    players = [{"name": "Ann", "down": ["2c", "2d", "Kh", "9h"], "up": ["4s", "8s", "3d", "Jc"]},
               {"name": "Bob", "down": ["5c", "5d", "7h"], "up": ["5h", "8c", "Ts", "6s"]}]
    code, shown = cli("showdown", {"game": game, "pot": "4.00", "players": players})
    assert code == 0, shown
    # Bob's three fives take the high half; Ann's 9h is her lowest heart down, Bob's 7h lower
    assert sorted((a["name"], a["side"]) for a in shown["awards"]) == [("Bob", "both")]
    assert shown["explain"][-1].startswith("Paid 0.25 into the pot for each face-up four")
    no_four = [{**players[0], "up": ["7s", "8s", "3d", "Jc"]}, players[1]]
    code, error = cli("showdown", {"game": game, "pot": "4.00", "players": no_four})
    assert code == 2 and "players[0].down[3]: the 9h" in error
