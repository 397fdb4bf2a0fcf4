"""Games of the shared-card seed (003, "Ruby Run" to "Slovak Double Barrel") whose board has a
shape of its own: rows, a cross, squares, elevator shafts, groups and singles, an over/under
slam, a swapped flop; and the blind and twist games that close the seed.

Their layouts beyond the built-in ones (`slam`, `group-and-single`, `swap-flop`, `skyscraper`)
are in `layouts.py` beside this module, the `ruby-run` and `low-ranks` rankings in `ruby_run.py`
and `low_ranks.py`.

Readings chosen where the seed is vague or a piece is missing (each `describe` says so too):
- Real Poker's list of allowed combinations is missing: 5 from the hand, 4 + a single, 3 + a
  group of two, or 2 + a group + a single (option `board_use` 'any' lifts it).
- The Bluffs' showdown steps are missing: the hand cards with one row (option `hand_rule`
  'omaha' for exactly 2 + 3); cards talk, ace-to-six low.
- Estonian Twist and Crazy Dutchy lack their deals: 2 hole cards at the showdown; Crazy Dutchy
  plays each hand on one board of the player's choice.
- Skyscraper Elevator's shafts are A and C (the names it is dealt by); its list of floors says
  B, so B1-B5 are accepted in place of C1-C5 (layout `skyscraper`).
- Ruby Run's runs treat the ace as high only, like its poker hands.
- El Dorado without a swap: option `swapped` false, all 4 shared cards in `community`, nothing
  wild (layout `swap-flop` checks the 4 shared cards).
- Games that say "high-low" without saying how declare (Oh Shit, Slam-aha, Cucamonga, Boise,
  Two Eleven, The Bluffs) play cards talk; Real Poker, Piles, Flaming Cross and Ponsi declare,
  as their text says. A low the seed does not name is the house low (S7).
"""

from __future__ import annotations

from dataclasses import replace

from ...definition import ANY_COMBINATION, GameDef, Hand, Option, Position, take
from ..common import HI_LO_8, HOLDEM_BOARD, SHARED_CARD_SEED, TWO_OR_THREE

SEED = SHARED_CARD_SEED


RUBY_RUN = GameDef(
    id="ruby-run", name="Ruby Run", source=SEED, rules=("S1",),
    describe="3 down each; board positions `over` (3), `under` (3) and `slam` (1). A slam of 2 "
             "to 10 keeps the over cards live, a face card or ace the under cards; the live "
             "three and the slam play with the hole cards, best five in any combination. A "
             "run (3+ cards of one colour in sequence, aces high only) beats any hand without "
             "one: a run of one suit beats a mixed run, then the longer run, then red over "
             "black, then the poker hand (aces high only); hands without runs compare as "
             "poker hands. Ties split.",
    down=3, high="ruby-run",
    board=(Position("over", 3), Position("under", 3), Position("slam", 1)),
    hand=Hand(layout="slam", takes=(ANY_COMBINATION,)),
)

OH_SHIT = GameDef(
    id="oh-shit", name="Oh Shit", source=SEED, rules=("S8", "S14", "P2"),
    describe="5 down each and two rows of 5 shared cards (board positions `row1`, `row2`); "
             "high and low each use exactly 2 hand cards with exactly 3 cards of one row. "
             "High-low cards talk; low is ace-to-five, 8 or better (A-2-3-4-5 best).",
    down=5, board=(Position("row1", 5), Position("row2", 5)),
    hand=Hand(layout="rows", takes=(take(hand=2, row=3),)),
    low="low-8", low_qualifier=8, split="cards-talk",
)

SLAM_AHA = GameDef(
    id="slam-aha", name="Slam-aha", source=SEED, rules=("S8", "S14", "P2"),
    describe="Oh Shit on a cross: 5 down each and 9 shared cards, a row and a column of five "
             "crossing at the middle card (board positions `row`: the 4 row cards left to "
             "right, `column`: the 4 column cards top to bottom, and `center`). High and low "
             "each use exactly 2 hand cards with exactly 3 cards of one line. High-low cards "
             "talk, ace-to-five low 8 or better. Option `center_wild`: the middle card and its "
             "rank are wild.",
    down=5, board=(Position("row", 4), Position("column", 4), Position("center", 1)),
    hand=Hand(layout="cross", takes=(take(hand=2, line=3),)),
    low="low-8", low_qualifier=8, split="cards-talk",
    options=(Option("center_wild", False, "the middle card and every card of its rank are wild",
                    choices={"false": {}, "true": {"wild": "center"}}),),
)

REAL_POKER = GameDef(
    id="real-poker", name="Real Poker", source=SEED, rules=("S9", "S14", "S15", "P1"),
    describe="5 down each; 12 shared cards: four groups of two (board positions `group1` .. "
             "`group4`) and four single cards (`single1` .. `single4`). A hand uses at least 2 "
             "hand cards. The seed's list of the allowed combinations is missing; by default "
             "(option `board_use` 'group-and-single') a hand is 5 hand cards, 4 with one single "
             "card, 3 with one group of two, or 2 with one group and one single ('any': any "
             "board cards with at least 2 hand cards). Declare high, low or both; low is "
             "ace-to-six; a pigger who loses either side wins nothing, one who ties shares it.",
    down=5, low="low-a6", split="declare", pigging="share-ties",
    board=tuple(Position(f"group{i}", 2) for i in range(1, 5))
    + tuple(Position(f"single{i}", 1) for i in range(1, 5)),
    hand=Hand(layout="group-and-single", takes=(
        take(hand=5), take(hand=4, single=1), take(hand=3, group=2),
        take(hand=2, group=2, single=1))),
    options=(Option("board_use", "group-and-single", "which shared cards a hand may use",
                    choices={"group-and-single": {}, "any": {"hand": Hand(
                        takes=(take(hand=(2, None), board=(0, None)),))}}),),
)

TWO_ELEVEN = GameDef(
    id="two-eleven", name="Two Eleven", source=SEED, rules=("S1",),
    describe="4 down each and 4 shared cards (board position `community`); a hand is exactly 2 "
             "hand cards with 3 board cards, or 3 with 2. High wins; option `hi_lo`: high-low "
             "cards talk with an ace-to-five low that must be 7 or better.",
    down=4, board=(Position("community", 4),), hand=Hand(takes=TWO_OR_THREE),
    options=(Option("hi_lo", False, "high-low, ace-to-five low, 7 or better",
                    choices={"false": {}, "true": {"split": "cards-talk", "low": "low-a5",
                                                   "low_qualifier": 7}}),),
)

EL_DORADO = GameDef(
    id="el-dorado", name="El Dorado Hold'em", source=SEED, rules=("S11",),
    describe="2 down each and 4 shared cards (3 flop, 1 turn): board position `center` holds "
             "the card last swapped into the flop and `community` the other 3. The center card "
             "and every card of its rank are wild; best five of the six in any combination. "
             "With nobody swapping, set option `swapped` false: `community` holds all 4, "
             "no `center`, nothing is wild. High by default; "
             "option `split` 'low' plays it low.",
    down=2, board=(Position("community", None), Position("center", None)), wild="center",
    hand=Hand(layout="swap-flop", takes=(ANY_COMBINATION,)),
    options=(Option("swapped", True, "a card was swapped into the flop (its rank is wild)",
                    choices={"true": {}, "false": {"wild": "", "hand": Hand(
                        layout="swap-flop", params={"swapped": False},
                        takes=(ANY_COMBINATION,))}}),),
)


def _elevator(game_id: str, name: str, shafts: tuple[str, ...], elevators: tuple[str, ...],
              floors: int, describe: str) -> GameDef:
    board = tuple(Position(f"{shaft}{floor}") for shaft in shafts
                  for floor in range(1, floors + 1)) + tuple(Position(e) for e in elevators)
    return GameDef(
        id=game_id, name=name, source=SEED, rules=("S11",),
        describe=describe + " A hand is the 4 hand cards with one floor: an elevator and the "
                 "two shaft cards beside it on that floor (floor 1 at the bottom); the chosen "
                 "elevator and every card of its rank are wild for that hand. Best five, any "
                 "combination.",
        down=4, board=board, wild="center",
        hand=Hand(layout="floors", params={"shafts": shafts, "elevators": elevators},
                  takes=(ANY_COMBINATION,)),
    )


ELEVATORS = [
    _elevator("double-elevator", "Double Elevator", ("A", "B", "C"), ("E1", "E2"), 3,
              "4 down each; three shafts of 3 cards (board positions `A1`-`A3`, `B1`-`B3`, "
              "`C1`-`C3`) with elevator `E1` between shafts A and B and `E2` between B and C."),
    _elevator("skyscraper-elevator", "Skyscraper Elevator", ("A", "C"), ("E",), 5,
              "4 down each; two shafts of 5 cards (board positions `A1`-`A5` and `C1`-`C5`, "
              "the names the seed deals them by; its list of floors calls the second shaft B, "
              "so `B1`-`B5` are accepted instead of `C1`-`C5`) with the elevator `E` between "
              "them."),
]
# Skyscraper: the second shaft may be entered as C (the deal's names) or B (the floors' names)
ELEVATORS[1] = replace(
    ELEVATORS[1], hand=Hand(layout="skyscraper", takes=(ANY_COMBINATION,)),
    board=tuple(Position(f"A{floor}") for floor in range(1, 6))
    + tuple(Position(f"{shaft}{floor}", None) for shaft in "BC" for floor in range(1, 6))
    + (Position("E"),))

CUCAMONGA = GameDef(
    id="cucamonga", name="Cucamonga", source=SEED, rules=("S8", "S14", "P2"),
    describe="5 down each (4 with 9 or more players) and two rows of 4 shared cards (board "
             "positions `top` and `bottom`); a hand is exactly five cards: 1 or 2 from the "
             "hand, 1 or 2 from the top row and 1 or 2 from the bottom row, chosen apart for "
             "high and low. High-low cards talk; 'trips & 8': three of a kind or better to win "
             "high, an ace-to-five 8-or-better low; when nobody qualifies one way, the other "
             "way's winner takes the whole pot. Option `qualifiers` 'none' (the 9-11 player "
             "game): any high or ace-to-five low.",
    down=5, board=(Position("top", 4), Position("bottom", 4)),
    hand=Hand(layout="positions", takes=(take(hand=(1, 2), top=(1, 2), bottom=(1, 2)),)),
    high_qualifier="three_of_a_kind", **HI_LO_8,
    options=(Option("qualifiers", "trips-8", "'trips-8' or 'none'", choices={
        "trips-8": {}, "none": {"high_qualifier": None, "low": "low-a5", "low_qualifier": None}}),),
)

BOISE = GameDef(
    id="boise", name="Boise", source=SEED, rules=("S8", "S14", "P2"),
    describe="5 down each and 5 shared cards (board position `community`); a hand is 3 hand "
             "cards with 2 board cards or 2 with 3, chosen apart for high and low. High-low "
             "cards talk with the usual qualifiers: three of a kind or better for high, an "
             "ace-to-five 8-or-better low (options `high_qualifier`, `low_qualifier`); when "
             "nobody qualifies one way, the other way's winner takes the whole pot.",
    down=5, board=HOLDEM_BOARD, hand=Hand(takes=TWO_OR_THREE),
    high_qualifier="three_of_a_kind", **HI_LO_8,
)

PILES = GameDef(
    id="piles", name="Piles", source=SEED, rules=("S8", "S14", "P1"),
    describe="5 down each; shared piles `square1` (4 cards, a 2x2 square), `square2` (4) and "
             "`row` (5). A hand is exactly 2 hand cards, 2 cards of one square and 1 of the "
             "row. Declare high, low or both; a pigger must win both ways. Low is ace-to-five, "
             "8 or better. Option `variation`: pairs do not count against a low (A-A-A-A-2 is "
             "the best), a low needs 5 or lower, and high needs a full house.",
    down=5, board=(Position("square1", 4), Position("square2", 4), Position("row", 5)),
    hand=Hand(layout="squares", takes=(take(hand=2, square=2, row=1),)),
    low="low-8", low_qualifier=8, split="declare",
    options=(Option("variation", False, "pairs do not count for low; 5 low, full house high",
                    choices={"false": {}, "true": {"low": "low-ranks", "low_qualifier": 5,
                                                   "high_qualifier": "full_house"}}),),
)

THE_BLUFFS = GameDef(
    id="the-bluffs", name="The Bluffs", source=SEED, rules=("S9", "S14"),
    describe="4 down each and two rows of 4 shared cards (board positions `row1` above "
             "`row2`). High-low cards talk with an ace-to-six low. The seed's list of how a hand "
             "is made is missing: by default (option `hand_rule` 'one-row') a hand is the hand "
             "cards with the cards of one row, best five in any combination; 'omaha' is exactly "
             "2 hand cards with 3 of one row. Option `joker` (9 players): one wild joker.",
    down=4, board=(Position("row1", 4), Position("row2", 4)),
    hand=Hand(layout="rows", takes=(take(hand=(0, None), row=(0, None)),)),
    low="low-a6", split="cards-talk",
    options=(
        Option("hand_rule", "one-row", "'one-row' or 'omaha'", choices={
            "one-row": {}, "omaha": {"hand": Hand(layout="rows", takes=(take(hand=2, row=3),))}}),
        Option("joker", False, "a wild joker in the deck (9 players)",
               choices={"false": {}, "true": {"deck": "joker", "wild": "joker"}}),
    ),
)

WOODSTOCK = GameDef(
    id="woodstock", name="Woodstock", source=SEED, rules=("S1",),
    describe="3 down each and up to 5 shared cards chosen by the players (board position "
             "`community`: usually 5, fewer if the deck ran out); best five in any "
             "combination; high wins, ties split.",
    down=3, board=(Position("community", None),),
)

_CROSS = (Position("row", 2), Position("column", 2), Position("center", 1))

FLAMING_CROSS = GameDef(
    id="flaming-cross", name="Flaming Cross", source=SEED, rules=("S7", "S14", "S15", "P1"),
    describe="5 down each and a cross of 5 shared cards: board positions `row` (West, East), "
             "`column` (North, South) and `center`. A hand is 2 or more hand cards with 0 to 3 "
             "cards of one line (West-Centre-East or North-Centre-South); a pigger may use "
             "different lines. Declare high, low or both; house low (S7); a pigger must win "
             "both ways. The doubling prices to stay in are paid during the play.",
    down=5, board=_CROSS, low="low", split="declare",
    hand=Hand(layout="cross", takes=(take(hand=(2, 5), line=(0, 3)),)),
)

FLAMING_CROSS_3 = GameDef(
    id="flaming-cross-3", name="3-card Flaming Cross", source=SEED, rules=("S11",),
    describe="3 down each and the cross of 5 shared cards (`row`: West, East; `column`: North, "
             "South; `center`). A hand is 2 or 3 hand cards with cards of one line, five in "
             "all; the center card and every card of its rank are wild. High wins.",
    down=3, board=_CROSS, wild="center",
    hand=Hand(layout="cross", takes=(take(hand=(2, 3), line=(2, 3)),)),
)

PONSI = GameDef(
    id="ponsi", name="Ponsi", source=SEED, rules=("S7", "S14", "S15", "P1"),
    describe="5 down each and a row of 5 shared cards (board position `community`); any five "
             "of the ten, chosen apart for high and low. Declare high, low or both (pig); house "
             "low (S7); a pigger must win both ways. The $1-$5 prices to see each card are paid "
             "during the play; the ante is $1 (option `ante`).",
    down=5, board=HOLDEM_BOARD, low="low", split="declare",
    options=(Option("ante", "1.00", "Ponsi's ante before the deal, $1 (003, P7)"),),
)

# The five fixed-stake games (003): every player pays the same stake to play each hand, and
# the winner collects the pot; the stake is their ante, paid by everybody every hand.
FIXED_STAKE = (
    Option("ante", "1.00", "the fixed stake each player pays to play a hand (003's $1, P7)"),
    Option("baltimore", False, "false: everybody pays the stake every hand, the winner of "
                                "the last pot does not pay it for the table"),
)
FIXED_STAKE_TEXT = (" Every player pays the fixed stake to play each hand (option `ante`, "
                    "$1.00; option `baltimore` false).")

BLIND_HOLDEM = GameDef(
    id="blind-holdem", name="Blind Hold'em", source=SEED, rules=("S1",),
    describe="Fixed stake, no betting: Texas Hold'em (2 down, 5 shared cards in board position "
             "`community`, any combination); the best hand takes the pot, ties split."
             + FIXED_STAKE_TEXT,
    down=2, board=HOLDEM_BOARD, options=FIXED_STAKE,
)

BLIND_OMAHA = GameDef(
    id="blind-omaha", name="Blind Omaha", source=SEED, rules=("S1",),
    describe="Fixed stake, no betting: Omaha high (4 down, 5 shared cards in board position "
             "`community`, exactly 2 hand and 3 board cards); the best hand takes the pot."
             + FIXED_STAKE_TEXT,
    down=4, board=HOLDEM_BOARD, hand=Hand(takes=(take(hand=2, board=3),)), options=FIXED_STAKE,
)

ESTONIAN_TWIST = GameDef(
    id="estonian-twist", name="Estonian Twist", source=SEED, rules=("S1",),
    describe="Fixed stake, no betting. The seed's deal is missing; from what it says (players "
             "pass one card and discard another, then show two hole cards) we play 2 down at "
             "the showdown with 5 shared cards (board position `community`), any combination; "
             "the best hand takes the pot." + FIXED_STAKE_TEXT,
    down=2, board=HOLDEM_BOARD, options=FIXED_STAKE,
)

CRAZY_DUTCHY = GameDef(
    id="crazy-dutchy", name="Crazy Dutchy", source=SEED, rules=("S1",),
    describe="Fixed stake, no betting: as Estonian Twist (2 down at the showdown) with three "
             "separate 5-card boards (board positions `row1`, `row2`, `row3`). The seed does not "
             "say how the boards are scored; we play each hand with one board of the player's "
             "choice, any combination, and the best hand takes the pot." + FIXED_STAKE_TEXT,
    down=2, board=(Position("row1", 5), Position("row2", 5), Position("row3", 5)),
    hand=Hand(layout="rows", takes=(take(hand=(0, None), row=(0, None)),)), options=FIXED_STAKE,
)

SLOVAK_DOUBLE_BARREL = GameDef(
    id="slovak-double-barrel", name="Slovak Double Barrel", source=SEED, rules=("S1",),
    describe="Fixed stake, no betting: hold'em with the 2 hole cards dealt face up (enter them "
             "as `up`; each may have been exchanged once) and 5 shared cards (board position "
             "`community`), any combination; the best hand takes the pot." + FIXED_STAKE_TEXT,
    down=0, up=2, board=HOLDEM_BOARD, options=FIXED_STAKE,
)

GAMES = [
    RUBY_RUN, OH_SHIT, SLAM_AHA, REAL_POKER, TWO_ELEVEN, EL_DORADO, *ELEVATORS, CUCAMONGA, BOISE,
    PILES, THE_BLUFFS, WOODSTOCK, FLAMING_CROSS, FLAMING_CROSS_3, PONSI, BLIND_HOLDEM, BLIND_OMAHA,
    ESTONIAN_TWIST, CRAZY_DUTCHY, SLOVAK_DOUBLE_BARREL,
]
