"""H1 Follow the Queen: queens wild, and the rank of the next up card after the last face-up
queen; hands worked by hand from H1's text, and a brute force of the follow card over every
up-card deal of a small deck against the rule stated directly."""

from itertools import permutations, product

import pytest
from showdown_helpers import awards, p, play

from rules.cards import parse_card
from rules.errors import RulesError
from rules.games.up_cards import followed
from rules.odds import odds

GAME = "follow-the-queen"


def explain(result):
    return result["explain"][0]


def describe(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["high"]["describe"]


def test_a_queen_followed_by_a_seven_on_fifth_street_makes_sevens_and_queens_wild_H1():
    # Street by street, seats in order Ann, Bob, Cy:
    #   third: Ann 2h, Bob 9d, Cy Kc;  fourth: Ann 4s, Bob Jd, Cy Qh (a queen: next card names)
    #   fifth: Ann 7d (the next up card: sevens wild), Bob 3s, Cy 8c;  sixth: Ann 5c, Bob Tc, Cy 6s
    # No queen after Cy's: sevens and queens wild. Bob's 7s in the hole makes his jacks three.
    result = play(GAME, [
        p("Ann", "Ah Ad Ac", "2h 4s 7d 5c"),      # three aces + a wild 7: four aces
        p("Bob", "Jh Jc 7s", "9d Jd 3s Tc"),      # three jacks + wild 7: four jacks
        p("Cy", "Kd Ks 2c", "Kc Qh 8c 6s"),       # three kings + wild queen: four kings
    ], pot="9.00")
    assert explain(result).startswith("Sevens are wild: Ann's 7d was the next card dealt face "
                                      "up after Cy's Qh, on fourth street, the 7d on fifth")
    assert "queens are wild too (H1)" in explain(result)
    assert awards(result) == {"Ann": "9.00"}           # four aces beat four kings and jacks
    assert "four aces" in describe(result, "Ann").lower()


def test_a_queen_that_is_the_last_up_card_leaves_only_queens_wild_H1():
    # Seats Ann, Cy, Bob. Fifth street: Ann Qd, Cy 7c (sevens named), Bob 3s; Ann folds.
    # Sixth street: Cy 6s, Bob Qs: the last up card dealt, a queen: sevens are wild no more.
    result = play(GAME, [
        p("Ann", "As Ad", "2h 4s Qd", **{"in": False}),
        p("Cy", "Kd Ks 2c", "Kc 5h 7c 6s"),        # three kings (the 7c is no wild)
        p("Bob", "7h 7s 3c", "9d Jd 3s Qs"),       # 7 7 3 3 + a wild queen: sevens full
    ])
    assert explain(result).startswith("Only queens are wild: no card was dealt face up after "
                                      "Bob's Qs on sixth street")
    assert awards(result) == {"Bob": "1.00"}
    assert "full house, sevens full of threes" in describe(result, "Bob").lower()


def test_a_queen_followed_by_a_queen_waits_for_the_card_after_it_H1():
    # third street: Ann Qh, Bob Qc (a queen: the card after it counts), Cy 5d: fives wild.
    result = play(GAME, [
        p("Ann", "2s 3s 4d", "Qh 8d 9c Td"),
        p("Bob", "2d 3d 4h", "Qc 8h 9h Th"),
        p("Cy", "5s 5c 6c", "5d 8s 9s Ts"),        # four fives... all wild: five of a kind? no:
    ])
    assert explain(result).startswith("Fives are wild: Cy's 5d was the next card dealt face up "
                                      "after Bob's Qc, on third street")
    # Cy holds three wild fives with 8s 9s Ts: a straight flush to the queen of spades
    assert awards(result) == {"Cy": "1.00"}


def test_a_later_queen_replaces_the_rank_named_before_and_folded_up_cards_count_H1():
    # third: Ann Qd, Bob 4c (fours wild); fourth: Ann 8h, Bob Qs (cancels fours), Cy 9s ... but
    # Cy folded after third street with up card Jc: it was dealt (third street, after Bob).
    # Order: third Ann Qd, Bob 4c, Cy Jc; fourth Ann 8h, Bob Qs; fifth Ann 6d (sixes wild)...
    result = play(GAME, [
        p("Ann", "Kh Kd", "Qd 8h 6d 2c"),
        p("Bob", "4h 4d 6h", "4c Qs 3h 9c"),       # three fours (not wild), a wild 6 and a Q
        p("Cy", "Ac Ad", "Jc", **{"in": False}),
    ])
    assert explain(result).startswith("Sixes are wild: Ann's 6d was the next card dealt face "
                                      "up after Bob's Qs, on fourth street, the 6d on fifth")
    # Bob: 4-4-4 with a wild 6 and a wild queen: five fours; Ann: K K + wild Q + wild 6: four kings
    assert awards(result) == {"Bob": "1.00"}
    assert "five fours" in describe(result, "Bob").lower()


def test_the_seventh_street_card_is_down_and_names_nothing_H1():
    # Bob's sixth-street queen is the last up card; his seventh card, the 9c, is down.
    result = play(GAME, [
        p("Ann", "Ah Ad 9d", "2h 4s 7d 5c"),
        p("Bob", "Jh Jc 9c", "9h Jd 3s Qs"),
    ])
    assert "Only queens are wild" in explain(result)
    assert awards(result) == {"Bob": "1.00"}            # J J J + wild Q: four jacks


def test_no_queen_up_at_all_leaves_queens_wild_and_says_so_H1():
    result = play(GAME, [p("Ann", "Qh 2d 3c", "7h 9s Jd Kc"),    # a wild queen: pair of kings
                         p("Bob", "Kh Kd 2c", "Ks 6s 7d Tc")])   # three kings
    assert explain(result) == ("Only queens are wild: no queen was dealt face up, so no card "
                               "follows one (H1).")
    assert awards(result) == {"Bob": "1.00"}            # three kings beat a wild-queen pair


def test_follow_the_red_queen_option_follow_card_H1():
    # `follow_card: "Qh,Qd"`: only the red queens are wild and only they name a rank. The Qs
    # dealt up after the Qh names queens: every queen is then wild.
    red = {"follow_card": "Qh,Qd"}
    result = play(GAME, [
        p("Ann", "2s 3s 4d", "Qh 8d 9c Td"),
        p("Bob", "Kh Kd Kc", "Qs 8h 2h 3h"),       # K K K + the Qs (queens named): four kings
    ], options=red)
    assert explain(result) == ("Queens are wild: Bob's Qs was the next card dealt face up "
                               "after Ann's Qh, on third street; the Q♥ and the Q♦ are wild "
                               "too (H1).")
    assert "four kings" in describe(result, "Bob").lower()
    black = play(GAME, [
        p("Ann", "2s 3s 4d", "Qs 8d 9c Td"),       # a black queen: not wild, names nothing
        p("Bob", "Kh Kd 5c", "7s 8h 2h 3h"),
    ], options=red)
    assert "no the Q♥ or the Q♦ was dealt face up" not in explain(black)
    assert explain(black).startswith("Only the Q♥ and the Q♦ are wild")
    assert awards(black) == {"Bob": "1.00"}             # a pair of kings; Ann's Qs is no wild


@pytest.mark.parametrize("bad", ["Z", "Qx", "lowest", "", 7])
def test_a_follow_card_that_is_not_a_rank_or_card_is_refused_naming_the_field_H1(bad):
    with pytest.raises(RulesError, match="options.follow_card"):
        play(GAME, [p("Ann", "2s 3s 4d", "Qs 8d 9c Td"), p("Bob", "Kh Kd 5c", "7s 8h 2h 3h")],
             options={"follow_card": bad})


# -- the brute force: every up-card deal of a small deck ----------------------------------------

SMALL = ["Qh", "Qs", "7c", "5d", "9s"]


def _direct(sequence, follow):
    """H1 stated directly: the last follow card dealt face up; the card right after it (in the
    order dealt) names the wild rank; nothing after it, or no follow card: no rank."""
    last = max((i for i, card in enumerate(sequence) if follow(card)), default=None)
    if last is None or last + 1 == len(sequence):
        return None
    return parse_card(sequence[last + 1]).rank


def _as_dealt(ups):
    """The order dealt: street by street, seat by seat (H1's seat order)."""
    return [ups[seat][street] for street in range(3) for seat in range(len(ups))
            if street < len(ups[seat])]


@pytest.mark.parametrize("follow_card,follow", [
    ("Q", lambda card: card[0] == "Q"),
    ("Qh", lambda card: card == "Qh"),
])
def test_every_up_card_deal_of_a_small_deck_names_the_rank_the_direct_rule_names_H1(
        follow_card, follow):
    checked = 0
    for seats in (2, 3):
        for lengths in product(range(3), repeat=seats):       # any seat may have folded early
            total = sum(lengths)
            for cards in permutations(SMALL, total):
                ups, start = [], 0
                for length in lengths:
                    ups.append(list(cards[start:start + length]))
                    start += length
                named = followed(follow_card, [(f"P{i}", [parse_card(c) for c in up])
                                               for i, up in enumerate(ups)])
                assert named.rank == _direct(_as_dealt(ups), follow), (ups, named.reason)
                checked += 1
    assert checked == 1947   # every deal of 0 to 5 up cards to 2 or 3 seats


# -- odds deal the follow card's order --------------------------------------------------------


def test_odds_order_the_up_cards_to_come_and_move_the_wild_rank_H1():
    # Everything but Qh 5c 8d is dead; Ann (second seat) has two up cards to come. Dealt:
    # fifth street Cy 4s, Ann X; sixth street Cy 6h, Ann Y.
    #   X = Qh: the next up card is Cy's 6h: sixes wild. Ann A A + 6c + Qh = four aces beat
    #     Cy's K K K 9 9 + 6h = four kings: Ann.  (Qh, 5c) and (Qh, 8d).
    #   Y = Qh: the last up card: only queens wild. Ann's three aces lose to Cy's kings full.
    #   no queen: Cy.
    # So Ann wins 2 of the 6 ordered deals (unordered, 3 deals, would say 0 or 2/3).
    from rules.cards import deck

    seen = {"Ah", "Ad", "6c", "2c", "3d", "Kh", "Kd", "Ks", "9c", "9d", "4s", "6h"}
    unseen = {"Qh", "5c", "8d"}
    dead = [str(c) for c in deck("standard") if str(c) not in seen | unseen]
    data = {"game": GAME, "dead": dead, "exact": True, "players": [
        {"name": "Cy", "down": ["Kh", "Kd", "Ks"], "up": ["9c", "9d", "4s", "6h"]},
        {"name": "Ann", "down": ["Ah", "Ad", "6c"], "up": ["2c", "3d"]},
    ]}
    result = odds(data)
    assert result["exact"] is True and result["trials"] == 6
    ann = next(pl for pl in result["players"] if pl["name"] == "Ann")
    assert ann["share"] == "0.3333"
