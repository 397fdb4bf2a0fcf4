"""H2a Night Baseball: seven down cards rolled one at a time; baseball's wild cards, 4s and 3s;
all of a player's cards play, best five. Hands worked by hand from H2a's text."""

import pytest
from showdown_helpers import awards, p, play

from rules.cards import deck
from rules.errors import RulesError
from rules.odds import odds

GAME = "night-baseball"


def test_rolled_and_unrolled_cards_all_play_best_five_with_3s_and_9s_wild_H2a():
    # Ann rolled 8s Kc Jd and holds four unrolled: K K K (one rolled) + the 9c wild: four
    # kings. Bob rolled Ac Ad and holds five unrolled: A A + the 3h wild: three aces.
    result = play(GAME, [p("Ann", "Kh Kd 9c 2c", "8s Kc Jd"),
                         p("Bob", "3h 5c 6d 7c Th", "Ac Ad")], pot="4.00")
    assert awards(result) == {"Ann": "4.00"}
    ann = next(pl for pl in result["players"] if pl["name"] == "Ann")["high"]
    assert ann["category"] == "four_of_a_kind"


def test_a_4_rolled_face_up_gives_one_more_down_card_and_without_one_it_is_refused_H2a():
    ann = p("Ann", "Kh Kd 2c 5s 6s", "4s 8s Jd")           # 8 cards: the 4s gave the eighth
    bob = p("Bob", "3h 5c 6d 7c Th", "Ac Ad")
    assert awards(play(GAME, [ann, bob])) == {"Bob": "1.00"}
    with pytest.raises(RulesError, match=r"players\[0\]\.down\[7\]: the 6s is one down card "
                                         r"too many"):
        play(GAME, [p("Ann", "Kh Kd 2c 5s 7s Qs Qh 6s", ""), bob])   # 8 down, no 4 rolled


def test_a_3_rolled_face_up_is_priced_H2a_P15():
    result = play(GAME, [p("Ann", "Kh Kd 2c 5s", "3s 8s Jd"),
                         p("Bob", "4h 5c 6d 7c Th", "Ac Ad")], options={"three_price": "0.25"})
    assert result["explain"][-1].endswith("Ann (3s); 0.25 in all.")


def test_odds_deal_the_unrolled_cards_as_down_cards_H2a():
    # Ann has rolled 3 cards and shows them; her 4 down cards are unseen; Bob is complete.
    # Everything else dead but 4 cards: Ann gets all of them: one deal.
    seen = {"8s", "Kc", "Jd", "3h", "5c", "6d", "7c", "Th", "Ac", "Ad"}
    unseen = {"Kh", "Kd", "2c", "2d"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    result = odds({"game": GAME, "dead": dead, "players": [
        {"name": "Ann", "up": ["8s", "Kc", "Jd"]},
        {"name": "Bob", "down": ["3h", "5c", "6d", "7c", "Th"], "up": ["Ac", "Ad"]}]})
    # Ann: K K K 2 2: a full house beats Bob's three aces
    assert result["exact"] is True and result["trials"] == 1
    assert result["players"][0]["share"] == "1.0000"
