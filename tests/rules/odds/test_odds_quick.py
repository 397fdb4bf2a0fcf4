"""The quick lane (`rules.odds.quick`) against the showdown engine, deal by deal: the same
winners of each side and the same split of the pot (P2) on random spots of every shape it
takes."""

import random

import pytest

from rules.cards import deck
from rules.odds import deals, engine, odds, quick
from rules.odds.spot import read_spot
from rules.odds.tally import Tally

GAMES = [
    ("texas-holdem", {}, 2, 0),
    ("texas-holdem", {}, 2, 3),
    ("omaha", {}, 4, 0),
    ("omaha", {"hi_lo": True}, 4, 3),
    ("omaha", {"hi_lo": True}, 4, 4),
    ("seven-card-stud", {}, 3, 0),
    ("seven-card-stud", {"split": "cards-talk", "low": "8-or-better"}, 3, 0),
    ("five-card-draw", {}, 2, 0),
]


@pytest.mark.parametrize(("game", "options", "down", "board"), GAMES)
def test_quick_lane_agrees_with_the_engine(game, options, down, board):
    rng = random.Random(f"{game}{options}{board}")
    for _ in range(3):
        cards = [str(card) for card in deck()]
        rng.shuffle(cards)
        players = [{"name": name, "down": [cards.pop() for _ in range(down)]}
                   for name in ("Ann", "Bob", "Cal")]
        players[2]["down"] = players[2]["down"][:1]   # a hand with cards still to come
        data = {"game": game, "options": options, "players": players,
                "board": {"community": [cards.pop() for _ in range(board)]} if board else {}}
        spot = read_spot(data)
        assert quick.supported(spot)
        sample = list(deals.sample(spot.unseen, spot.slots, 150, rng.randrange(1000)))
        resolve = engine.resolver(spot)
        split = quick._splitter(spot)
        shape = quick._shape(spot.game)
        for deal, winners in zip(sample, quick._results(spot, shape, sample), strict=True):
            by_engine, by_quick = resolve(deal), split(winners)
            assert by_quick.parts == by_engine.parts, deal
            assert set(by_quick.high) == set(by_engine.high), deal
            assert set(by_quick.low) == set(by_engine.low), deal


@pytest.mark.parametrize("options", [{}, {"hi_lo": True}])
@pytest.mark.parametrize("board", [0, 3, 4])
def test_omaha_board_lane_agrees_with_the_engine(options, board):
    # every hand known, only the board to come: boards scored once per rank multiset, the
    # flushes added for the players holding two of the board's suit
    rng = random.Random(f"omaha board {options} {board}")
    for round_ in range(4):
        cards = [str(card) for card in deck()]
        rng.shuffle(cards)
        if round_ % 2:      # two hearts in every hand, and hearts to come: many flushes
            hearts = [card for card in cards if card.endswith("h")]
            others = [card for card in cards if not card.endswith("h")]
            hands = zip(hearts[:8:2], hearts[1:8:2], others[:4], others[4:8], strict=True)
            cards = [card for hand in hands for card in hand] + hearts[8:] + others[8:]
        players = [{"name": name, "down": [cards.pop(0) for _ in range(4)]}
                   for name in ("Ann", "Bob", "Cal", "Dee")]
        data = {"game": "omaha", "options": options, "players": players,
                "board": {"community": [cards.pop(0) for _ in range(board)]}}
        spot = read_spot(data)
        assert quick.supported(spot) and all(slot.where == "board" for slot in spot.slots)
        sample = list(deals.sample(spot.unseen, spot.slots, 150, rng.randrange(1000)))
        resolve = engine.resolver(spot)
        split = quick._splitter(spot)
        shape = quick._shape(spot.game)
        for deal, winners in zip(sample, quick._results(spot, shape, sample), strict=True):
            by_engine, by_quick = resolve(deal), split(winners)
            assert by_quick.parts == by_engine.parts, deal
            assert set(by_quick.high) == set(by_engine.high), deal
            assert set(by_quick.low) == set(by_engine.low), deal


def test_board_count_lane_agrees_with_the_engine():
    # hold'em from the flop, exact: the counting loop against the engine on every turn+river
    data = {"game": "texas-holdem", "players": [
        {"name": "Ann", "down": ["As", "Kd"]}, {"name": "Bob", "down": ["9h", "9c"]},
        {"name": "Cal", "down": ["Qs", "Js"]}], "board": {"community": ["Ts", "9s", "2d"]}}
    fast = odds(data)
    spot = read_spot(data)
    resolve = engine.resolver(spot)
    tally = Tally(3, engine.pot_units(3))
    for deal in deals.every(spot.unseen, spot.slots):
        tally.add(resolve(deal))
    assert [pl["share"] for pl in fast["players"]] == [
        str(round(tally.share(i), 4)) for i in range(3)]
    assert [pl["high"] for pl in fast["players"]] == [
        f"{tally.high[i] / tally.deals:.4f}" for i in range(3)]


@pytest.mark.parametrize("seed", range(6))
def test_boards_counted_by_their_ranks_are_the_boards_one_by_one(seed):
    # hold'em with three or more board cards to come: the boards without a flush counted by
    # rank multisets, the others card by card, against the count of every board (dead cards
    # keep the deck small; suited hands and a suited board card make flushes likely)
    rng = random.Random(f"rank counts {seed}")
    cards = [str(card) for card in deck()]
    rng.shuffle(cards)
    if seed % 2:
        cards.sort(key=lambda card: card[1] != "s")      # spades first: suited hands
    players = [{"name": name, "down": [cards.pop(0), cards.pop(0)]}
               for name in ("Ann", "Bob", "Cal")[:2 + seed % 2]]
    board = [cards.pop(0) for _ in range(seed % 3)]
    data = {"game": "texas-holdem", "players": players, "board": {"community": board},
            "dead": cards[len(cards) - (26 - len(board) - 2 * len(players)):]}
    spot = read_spot(data)
    count = spot.slots[0].count
    by_ranks = quick._rank_counts(spot, count)
    if by_ranks is None:        # flushes possible in two suits on one board: not this lane
        assert seed % 2
        return
    assert by_ranks == quick._board_counts(spot, count)


def test_the_preflop_count_is_the_one_by_rank():
    data = {"game": "texas-holdem", "players": [{"name": "Ann", "down": ["As", "Ah"]},
                                                 {"name": "Bob", "down": ["Kd", "Kc"]}]}
    spot = read_spot(data)
    assert quick._rank_counts(spot, 5) is not None     # the lane the bench's preflop takes
    result = odds(data)
    assert result["trials"] == 1_712_304 and result["exact"] is True
    assert [p["share"] for p in result["players"]] == ["0.8126", "0.1874"]


def test_wild_and_special_games_take_the_engine():
    for game in ("deadly-7s", "old-man", "omaha-burns", "breaker", "texas-reach-around"):
        data = {"game": game, "players": [{"name": "Ann"}, {"name": "Bob"}]}
        assert not quick.supported(read_spot(data)), game
