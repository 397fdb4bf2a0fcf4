"""H2 Baseball: 3s and 9s wild; a face-up 4 gives an extra down card (best five of eight or
more); a face-up 3 costs a price (option `three_price`), table money recorded with the hand
like P15's prices. Hands worked by hand from H2's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.cards import deck
from rules.errors import RulesError
from rules.games.options import apply_options
from rules.games.registry import get_game
from rules.games.words import plain_words
from rules.odds import odds

GAME = "baseball"
BOB = p("Bob", "5c 5d 9h", "Qh 8c Ts 6s")       # 5 5 + a wild 9: three fives


def category(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["high"]["category"]


def test_a_face_up_4_accepts_an_extra_down_card_and_the_best_five_of_eight_play_H2():
    # Ann: down 2c 2d Kc and the extra Jh (for her face-up 4h); up 4h 8s 3d Jc. The 3d is wild:
    # J J + wild = three jacks, with 2 2: jacks full of deuces, beating Bob's three fives.
    ann = p("Ann", "2c 2d Kc Jh", "4h 8s 3d Jc")
    result = play(GAME, [ann, BOB], pot="10.00")
    assert awards(result) == {"Ann": "10.00"}
    assert category(result, "Ann") == "full_house"
    assert next(pl for pl in result["players"]
                if pl["name"] == "Ann")["high"]["cards"] == ["Jh", "Jc", "Js", "2d", "2c"]


def test_an_extra_down_card_without_a_face_up_4_is_refused_naming_the_card_H2():
    ann = p("Ann", "2c 2d Kc Jh", "7h 8s 3d Jc")
    with pytest.raises(RulesError) as error:
        play(GAME, [ann, BOB])
    message = str(error.value)
    assert message.startswith("players[0].down[3]: the Jh is one down card too many")
    assert "no face-up four (H2)" in message and "\n" not in message


def test_two_face_up_4s_give_two_extra_down_cards_and_no_more_H2():
    ann = p("Ann", "Ac Ad Kc Ah As", "4h 4s 8d Jc")      # nine cards: four aces
    result = play(GAME, [ann, BOB])
    assert category(result, "Ann") == "four_of_a_kind"
    with pytest.raises(RulesError, match=r"players\[0\]\.down\[5\]: the 2h .*2 face-up fours"):
        play(GAME, [p("Ann", "Ac Ad Kc Ah As 2h", "4h 4s 8d Jc"), BOB])


def test_threes_and_nines_are_wild_H2():
    # Bob: 9h 9c 3s wild with the K K: five kings. Ann: four aces and no wild card.
    result = play(GAME, [p("Ann", "Ac Ad Kc", "Ah As 8d Jc"),
                         p("Bob", "Kh Kd 9h", "9c 3s 6d 7d")])
    assert category(result, "Bob") == "five_of_a_kind"
    assert awards(result) == {"Bob": "1.00"}


def test_a_fixed_price_for_each_face_up_3_is_recorded_as_table_money_H2_P15():
    # Ann's 3d and Bob's 3c face up, at 0.50 each: 1.00 paid into the pot during the play.
    ann = p("Ann", "2c 2d Kc", "7h 8s 3d Jc")
    bob = p("Bob", "5c 5d 9h", "3c 8c Ts 6s")
    result = play(GAME, [ann, bob], pot="6.00", options={"three_price": "0.50"})
    assert awards(result) == {"Bob": "6.00"} and result["owes"] == []
    assert result["next_pot"] == "0.00"                 # never owed again: already in the pot
    assert result["explain"][-1] == ("Paid 0.50 into the pot for each face-up three, during "
                                     "the play (H2; table money, already in the pot, P15): "
                                     "Ann (3d), Bob (3c); 1.00 in all.")
    matched = play(GAME, [ann, bob], pot="6.00")
    assert matched["explain"][-1].startswith("Matched the pot for a face-up three")


@pytest.mark.parametrize("price", ["0.03", "-0.50", "x", 5])
def test_a_price_for_a_3_that_is_not_whole_units_is_refused_naming_the_field_H2(price):
    ann = p("Ann", "2c 2d Kc", "7h 8s 3d Jc")
    with pytest.raises(RulesError, match="options.three_price"):
        play(GAME, [ann, BOB], options={"three_price": price})


def test_fold_refuses_a_player_still_in_with_a_face_up_3_and_records_a_folded_one_H2():
    ann = p("Ann", "2c 2d Kc", "7h 8s 3d Jc")
    with pytest.raises(RulesError, match=r"players\[0\]\.up\[2\]: the 3d dealt face up folds"):
        play(GAME, [ann, BOB], options={"three_price": "fold"})
    folded = p("Ann", "2c 2d Kc", "7h 8s 3d", **{"in": False})
    result = play(GAME, [folded, BOB], options={"three_price": "fold"})
    assert awards(result) == {"Bob": "1.00"}
    assert "Folded by a face-up three (H2): Ann (3d)." in result["explain"]


def test_odds_deal_the_extra_card_owed_exactly_when_no_up_card_is_to_come_H2():
    # Ann's face-up 4h owes her one more down card; nothing else is to come. Unseen: A♠ Q♠ 6♠.
    # Only the A♠ gives her three aces over Bob's three kings: 1 of 3.
    seen = {"Ac", "Ad", "5c", "4h", "8s", "Tc", "Jh", "Kh", "Kd", "2h", "Kc", "6d", "7d", "Jd"}
    unseen = {"As", "Qs", "6s"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    result = odds({"game": GAME, "dead": dead, "players": [
        {"name": "Ann", "down": ["Ac", "Ad", "5c"], "up": ["4h", "8s", "Tc", "Jh"]},
        {"name": "Bob", "down": ["Kh", "Kd", "2h"], "up": ["Kc", "6d", "7d", "Jd"]}]})
    assert result["exact"] is True and result["trials"] == 3
    assert result["players"][0]["share"] == "0.3333"


def test_odds_sample_an_extra_down_card_for_a_face_up_4_to_come_H2():
    # Ann has her sixth-street up card and seventh down card to come from 4♣ A♠ K♠:
    #   up 4♣: an extra down card, so she gets both others, the A♠ among them: wins;
    #   up A♠: three aces: wins;  up K♠: the A♠ down half the time.
    # 1/3 + 1/3 + 1/6 = 5/6 (without the extra card it would be 2/3).
    seen = {"Ac", "Ad", "7h", "8s", "Tc", "Kh", "Kd", "2h", "Kc", "6d", "7d", "Jd"}
    unseen = {"4c", "As", "Ks"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    result = odds({"game": GAME, "dead": dead, "trials": 6000, "seed": 7, "players": [
        {"name": "Ann", "down": ["Ac", "Ad"], "up": ["7h", "8s", "Tc"]},
        {"name": "Bob", "down": ["Kh", "Kd", "2h"], "up": ["Kc", "6d", "7d", "Jd"]}]})
    assert result["exact"] is False and "extra down card (H2)" in result["explain"]
    share, stderr = float(result["players"][0]["share"]), float(result["stderr"])
    assert abs(share - 5 / 6) < 4 * stderr + 0.005


def test_baseball_in_words_H2():
    game, settings = apply_options(get_game(GAME), {})
    wild = dict(plain_words(game, settings))["Wild"]
    assert wild.startswith("3s and 9s.")
    assert "Each 4 dealt face up gives its holder one more down card" in wild


def test_odds_fold_a_player_dealt_a_face_up_3_under_three_price_fold_H2():
    # Ann's sixth-street up card is the 3♣ or the 8♦ (the rest dead; no 4 left to give an extra
    # card, so the two deals are counted); Bob has three kings. Matching the pot: the 3♣ is
    # wild, A A + 3 = three aces, Ann wins; the 8♦: Bob. 1/2. With fold the 3♣ folds her: 0.
    seen = {"Ac", "Ad", "7h", "8s", "Tc", "Kh", "Kd", "2h", "Kc", "6d", "7d", "Jd", "5s"}
    unseen = {"3c", "8d"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    players = [{"name": "Ann", "down": ["Ac", "Ad", "5s"], "up": ["7h", "8s", "Tc"]},
               {"name": "Bob", "down": ["Kh", "Kd", "2h"], "up": ["Kc", "6d", "7d", "Jd"]}]
    matched = odds({"game": GAME, "dead": dead, "players": players})
    folded = odds({"game": GAME, "dead": dead, "players": players,
                   "options": {"three_price": "fold"}})
    assert matched["exact"] is True and matched["trials"] == 2
    assert matched["players"][0]["share"] == "0.5000"
    assert folded["players"][0]["share"] == "0.0000" and "refuse" not in folded["explain"]
