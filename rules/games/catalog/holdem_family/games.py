"""Hold'em and Omaha shaped games of the shared-card seed (003, "Texas Reach Around" to "Royal
Hold'em"): hole cards and a shared board, with special wild cards (the lowest hole card, Kryky's
named rank, Odds and Ends), special rankings (Doogie's perfect doogie, Breaker, Wraparound,
Rails and Depot's ticket), and a few boards of their own (Pyramid, Circle Jerk, Spots).

Their rankings, layouts and the Breaker's adjustment are beside this module (`doogie`,
`breaker`, `wraparound`, `tickets`, `odds_and_ends`, `layouts`)."""

from typing import Any

from rules.rankings.five_card import STANDARD_ORDER

from ...definition import ANY_COMBINATION, GameDef, Hand, Option, Position, take
from ..common import HOLDEM_BOARD, OMAHA, SHARED_CARD_SEED
from .tickets import DEFAULT_TICKET_ABOVE, ticket_scheme_name

SEED = SHARED_CARD_SEED
# the best possible hand of each side in Doogie and Buddys Game: a perfect doogie, which also
# wins high (any fifth card: the high-doogie ranking puts every perfect doogie on top)
PERFECT_DOOGIE = {"high": ("As", "2h", "3d", "4c", "5s"), "low": ("As", "2h", "3d", "4c")}


def _holdem(game_id: str, name: str, describe: str, **fields: Any) -> GameDef:
    """A hold'em-shaped game: 2 down, 5 community cards, any combination, high."""
    values = {"down": 2, "board": HOLDEM_BOARD, "rules": ("S1", "S2"), **fields}
    return GameDef(id=game_id, name=name, source=SEED, describe=describe, **values)


TICKET_RANK = Option(
    "ticket_rank", DEFAULT_TICKET_ABOVE,
    "the category the ticket ranks directly above (the seed's ranking list was an image)",
    choices={category: {"high": ticket_scheme_name(category)} for category in STANDARD_ORDER[:-1]},
)
TICKET_TEXT = ("Aces are low only (no ace-high straight, no royal flush, a pair of aces is the "
               "lowest pair), and a ticket (four cards of one suit plus a jack, queen or king of "
               "another suit; riders compare first, then the four-flush) is a hand. The seed's "
               "ranking list was an image: by default the ticket ranks just above three of a "
               "kind (it is rarer than trips and commoner than a straight); option "
               "`ticket_rank` names the category it sits directly above.")

GAMES = [
    GameDef(
        id="texas-reach-around", name="Texas Reach Around", source=SEED, rules=("S1", "S13"),
        describe="2 down, a third card down (or bought face up: enter it as `up`), and 5 "
                 "community cards (position `community`); best five in any combination, high, "
                 "ties split. Each player's lowest hole (down) card is wild with every card of "
                 "its rank, on the board too (S13: aces only when every hole card is an ace); a "
                 "card bought face up is not a hole card.",
        down=3, board=HOLDEM_BOARD, wild="lowest-hole",
    ),
    GameDef(
        id="doogie", name="Doogie", source=SEED, rules=("S9", "S14", "P1"),
        describe="6 down and 4 community cards (position `community`), any combination. "
                 "High-low, declare (low, high or both). High: a normal poker hand, full house or "
                 "better to win. Low: the doogie, four cards one of each suit with no pair, 7 or "
                 "lower to qualify. A perfect doogie (A-2-3-4 in four suits) also wins high. A "
                 "pigger must win each side outright (P1), except that a tie holding the best "
                 "possible hand of that side (a perfect doogie) does not lose it: `pigging` "
                 "`perfect-ties`. When nobody qualifies one way, the other way's winner takes "
                 "the whole pot.",
        down=6, board=(Position("community", 4),), high="high-doogie",
        high_qualifier="full_house", low="doogie", low_qualifier=7, split="declare",
        pigging="perfect-ties", perfect=PERFECT_DOOGIE,
    ),
    GameDef(
        id="buddys-game", name="Buddys Game", source=SEED, rules=("S9", "S14", "P1"),
        describe="4 down (plus a fifth bought at the end: up to 5) and a 2x2 board, rows `row1` "
                 "and `row2` of two cards. Board cards play only in a straight line: one card, "
                 "or two that touch along a side (a row or a column, never a diagonal). "
                 "High-low declare as in Doogie: trips or better to win high, a 7 doogie to "
                 "win low, a perfect doogie wins high too, `pigging` `perfect-ties` (a pigger's "
                 "tie counts only when it is a perfect doogie). When nobody qualifies one way, the "
                 "other way's winner takes the whole pot.",
        down=5, board=(Position("row1", 2), Position("row2", 2)),
        hand=Hand(layout="grid", params={"diagonals": False},
                  takes=(take(hand=(0, None), line=(0, 2)),)),
        high="high-doogie", high_qualifier="three_of_a_kind", low="doogie", low_qualifier=7,
        split="declare", pigging="perfect-ties", perfect=PERFECT_DOOGIE,
    ),
    GameDef(
        id="mutual-of-omaha", name="Mutual of Omaha", source=SEED, rules=("S7", "S14", "P1"),
        describe="3 down (4 with the bought insurance card) and 5 community cards (position "
                 "`community`); exactly 2 hole cards and 3 board cards. High-low, no "
                 "qualifiers, players declare low, high or both (house low, P1 pigging).",
        down=4, board=HOLDEM_BOARD, hand=Hand(takes=(OMAHA,)), low="low", split="declare",
    ),
    GameDef(
        id="double-trouble-split", name="Double Trouble", source=SEED, rules=("S7", "S14"),
        describe="Each player splits 6 cards into two 3-card hands: enter each hand as its own "
                 "player (e.g. \"Ann left\", \"Ann right\"), each with its own declaration. 5 "
                 "community cards (position `community`). A hand uses exactly 2 of its cards "
                 "and 3 board cards; a hand that bought insurance (enter the insured card as "
                 "`up`) may instead use all 3 with 2 board cards. A hand cut to two by a discard "
                 "uses both. No wild cards; high-low declare, house low.",
        down=3, board=HOLDEM_BOARD,
        hand=Hand(layout="insured", takes=(take(hand=2, board=3), take(insured=3, board=2))),
        low="low", split="declare",
    ),
    _holdem("one-mans-trash", "One Man's Trash",
            "Hold'em: 2 down and the 5 community cards left after every replacement (position "
            "`community`); best five in any combination, high."),
    _holdem("hollywood-holdem", "Hollywood Hold'em",
            "Hold'em with an optional paid exchange of both hole cards: 2 down and 5 community "
            "cards (position `community`); best five in any combination, high."),
    GameDef(
        id="southern-deuce-holdem", name="Southern Deuce Hold'em", source=SEED, rules=("S1",),
        describe="2 down plus one deuce picked from the set-aside deuces (enter 3 down), and 4 "
                 "community cards (position `community`); best five of seven, high. The seed's "
                 "list of what each deuce does was an image: option `deuce_effects`, default "
                 "`none` (the deuce plays as a plain deuce), or `wild` (every deuce is wild). "
                 "Option `joker_wild`: two jokers in the deck, wild for whoever holds or shares "
                 "them.",
        down=3, board=(Position("community", 4),),
        options=(
            Option("deuce_effects", "none", "what a picked deuce does (missing from the seed)",
                   choices={"none": {}, "wild": {"wild": "2"}}),
            Option("joker_wild", False, "the Joker Wild variation",
                   choices={"false": {}, "true": {"deck": "two-jokers", "wild": "joker"}}),
        ),
    ),
    _holdem("fred-potato", "Fred Potato Poker",
            "5 down, cut to 2 by three discards, and 5 community cards (position `community`); "
            "best five in any combination. High by default; high-low by prior agreement "
            "(option `hi_lo`, default false: cards talk, house low).",
            rules=("S1", "S7"),
            options=(Option("hi_lo", False, "high-low split by prior agreement, cards talk, "
                            "house low (S7)",
                            choices={"false": {}, "true": {"split": "cards-talk",
                                                           "low": "low"}}),)),
    GameDef(
        id="pyramid", name="Pyramid", source=SEED, rules=("S7", "S14"),
        describe="5 down and a pyramid of 7: `row1` (the 4 cards turned first), `row2` (2) and "
                 "`bottom` (1). Every hand must use the bottom card plus any four of the "
                 "player's 5 and the other 6 pyramid cards; high and low may use different "
                 "cards. High-low, cards talk; a low's highest card must be 8 or lower (house "
                 "low, S7, with an 8 qualifier).",
        down=5, board=(Position("row1", 4), Position("row2", 2), Position("bottom", 1)),
        hand=Hand(params={"mandatory": ["bottom"]},
                  takes=(take(bottom=1, hand=(0, None), board=(0, None)),)),
        low="low", low_qualifier=8, split="cards-talk",
    ),
    GameDef(
        id="kryky", name="Kryky", source=SEED, rules=("S1", "S9"),
        describe="2 up and 3 down per player, 2 community cards (position `community`) and a "
                 "separate card (position `wild`) that is in no hand: every card of its rank is "
                 "wild. Best five of seven, high. Optionally high-low, cards talk: option "
                 "`hi_lo` `27` (the worst poker hand is low, 2-3-4-5-7 best) or `a5` "
                 "(A-2-3-4-5 best); default false. No low qualifier.",
        down=3, up=2, board=(Position("community", 2), Position("wild", 1, plays=False)),
        wild="center",
        options=(Option("hi_lo", False, "optional high-low split: the low is deuce-to-seven "
                        "(27) or ace-to-five (a5)",
                        choices={"false": {}, "27": {"split": "cards-talk", "low": "low-27"},
                                 "a5": {"split": "cards-talk", "low": "low-a5"}}),),
    ),
    GameDef(
        id="circle-jerk", name="Circle Jerk", source=SEED, rules=("S1",),
        describe="2 down; 6 community cards in a circle (position `circle`, in order round it) "
                 "and one in the middle (position `center`): the center card and every card of "
                 "its rank are wild. A hand is both hole cards plus any three neighbouring "
                 "circle cards. The seed's diagram of the lines was lost: option `spokes` "
                 "(default false) also allows a circle card, the center and the card opposite.",
        down=2, board=(Position("circle", 6), Position("center", 1)),
        hand=Hand(layout="circle", takes=(take(hand=2, board=3),)), wild="center",
        options=(Option("spokes", False, "lines through the center count as adjacent",
                        choices={"false": {}, "true": {"hand": Hand(
                            layout="circle-spokes", takes=(take(hand=2, board=3),))}}),),
    ),
    GameDef(
        id="cold-omaha", name="Cold Omaha", source=SEED, rules=("S8", "S14"),
        describe="5 dealt, one discarded to make the board: 4 down, and 5 community cards "
                 "(position `community`); exactly 2 hole cards and 3 board cards. High-low, "
                 "cards talk, 8-or-better low (no qualifying low: high takes all).",
        down=4, board=HOLDEM_BOARD, hand=Hand(takes=(OMAHA,)), low="low-8", low_qualifier=8,
        split="cards-talk",
    ),
    GameDef(
        id="spots", name="Spots", source=SEED, rules=("S1", "S7"),
        describe="4 down and a 3x3 board: rows `row1`, `row2`, `row3` of three, left to right. "
                 "A hand takes 1 to 3 cards of one of the 8 lines (rows, columns, diagonals) "
                 "and the rest (2 to 4) from the hole; each part of the pot may use a different "
                 "line; cards talk, ties subdivide. The seed's list of the three parts of the "
                 "pot was an image: played here as high and house low halves; option "
                 "`third_part` (default `none`) records that the third part is not defined.",
        down=4, board=(Position("row1", 3), Position("row2", 3), Position("row3", 3)),
        hand=Hand(layout="grid", takes=(take(hand=(2, 4), line=(1, 3)),)),
        low="low", split="cards-talk",
        options=(Option("third_part", "none", "the third part of the pot (missing in the seed)",
                        choices={"none": {}}),),
    ),
    _holdem("strobe", "Strobe",
            "2 down and the 5 community cards left in the numbered boxes after the die has "
            "removed two and one was refilled (position `community`); best five in any "
            "combination, high, aces high or low."),
    GameDef(
        id="stop-drop-roll", name="Stop, Drop & Roll", source=SEED, rules=("S1", "S2"),
        describe="2 down and 3 community cards, the roll (position `community`): the five "
                 "cards are the hand. The stop and drop cards are out of play (optional "
                 "positions `stop` and `drop`, only checked for duplicates).",
        down=2, board=(Position("community", 3), Position("stop", None, plays=False),
                       Position("drop", None, plays=False)),
    ),
    GameDef(
        id="rails", name="Rails", source=SEED, rules=("S1",),
        describe="3 down; two rails of three cards (positions `row1`, `row2`: two flopped "
                 "cards and the spike) and the tie between them (position `tie`). A hand uses "
                 "the hole cards, one rail (not both) and the tie, best five. " + TICKET_TEXT,
        down=3, board=(Position("row1", 3), Position("row2", 3), Position("tie", 1)),
        hand=Hand(layout="rows", params={"with": ["tie"]},
                  takes=(take(hand=(0, None), row=(0, None), tie=(0, None)),)),
        high="ticket", options=(TICKET_RANK,),
    ),
    GameDef(
        id="breaker", name="Breaker", source=SEED, rules=("S1", "S2"),
        describe="Hold'em (2 down, 5 community cards in position `community`, best five) with "
                 "a 53-card deck: the joker is the Breaker, not wild, and plays only from the "
                 "hole. The engine plays it by itself exactly when that makes its holder win "
                 "(rule 2): then every straight, flush and straight flush of the players still "
                 "in is broken (full houses stand) and the Breaker is its holder's top kicker, "
                 "above an ace; otherwise it is dead, counts for nothing and the hands stand. "
                 "Option `breaker` (default `auto`): `dead` or `played` overrule that choice "
                 "(`played` is refused unless it makes the holder win). Option `two_breakers`: "
                 "both jokers in the deck.",
        down=2, board=HOLDEM_BOARD, deck="joker", high="breaker", wild="joker",
        wild_where="down", side_payments=("breaker-check",), adjustments=("breaker",),
        options=(
            Option("breaker", "auto", "whether a Breaker is played: decided by rule 2 (auto), "
                   "or overruled",
                   choices={"auto": {}, "dead": {"adjustments": ()},
                            "played": {"high": "breaker-played", "adjustments": ()}}),
            Option("two_breakers", False, "Dual Breaker: both jokers in the deck",
                   choices={"false": {}, "true": {"deck": "two-jokers"}}),
        ),
    ),
    _holdem("wraparound", "Wraparound",
            "Pot-limit hold'em: 2 down and 5 community cards (position `community`), best "
            "five, high. Aces are high and low and straights may wrap around them "
            "(J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4). The seed does not rank the wrapped straights: "
            "a straight is named by its last card, so they rank below the wheel (K-A-2-3-4 is "
            "a four-high straight).",
            high="high-wrap"),
    GameDef(
        id="depot", name="Depot", source=SEED, rules=("S1",),
        describe="2 down; two rails of three (positions `row1`, `row2`, left to right), the "
                 "switch between them (position `switch`) and the depot card (position "
                 "`depot`). The switch opens three more rails: up the middle (row1's middle, "
                 "switch, row2's middle) and the two diagonals (row1's first, switch, row2's "
                 "last; row1's last, switch, row2's first) - the seed's diagram was lost, this "
                 "is our reading. A hand uses the hole cards, one of the five rails and the "
                 "depot, best five. " + TICKET_TEXT,
        down=2, board=(Position("row1", 3), Position("row2", 3), Position("switch", 1),
                       Position("depot", 1)),
        hand=Hand(layout="depot", takes=(take(hand=(0, None), rail=(0, None), depot=(0, None)),)),
        high="ticket", options=(TICKET_RANK,),
    ),
    GameDef(
        id="same-em", name="Same'Em", source=SEED, rules=("S1", "S2"),
        describe="5 down and 5 community cards (position `community`); best five of the ten, "
                 "high.",
        down=5, board=HOLDEM_BOARD,
    ),
    GameDef(
        id="texas-tornado", name="Texas (Kansas) Tornado", source=SEED, rules=("S1", "S2"),
        describe="2 down and whatever tornado cards the dealer rules visible (position "
                 "`community`, any number); best five in any combination, high. Option "
                 "`kansas`: 4 down and exactly 2 of them with 3 tornado cards.",
        down=2, board=(Position("community", None),),
        options=(Option("kansas", False, "the Kansas variation",
                        choices={"false": {}, "true": {"down": 4, "hand": Hand(takes=(OMAHA,))}}),),
    ),
    GameDef(
        id="odds-and-ends", name="Odds and Ends", source=SEED, rules=("S1", "S11"),
        describe="4 down and 3 community cards (position `community`); best five of seven, "
                 "high. Each player's highest odd card (9, 7, 5 or 3; no faces, no ace) is wild "
                 "with any other card of that rank they hold, unless that rank shows on the "
                 "board: then it is ended and no lower odd card takes its place.",
        down=4, board=(Position("community", 3),),
        hand=Hand(layout="odds-and-ends", takes=(ANY_COMBINATION,)),
        wild="center",
    ),
    _holdem("royal-holdem", "Royal Hold'em",
            "Hold'em with the 20-card royal deck (A K Q J 10 of each suit): 2 down and 5 "
            "community cards (position `community`), best five, high. Only royal flushes, "
            "four of a kind, full houses, straights (A-K-Q-J-10) and two pair can occur.",
            deck="royal"),
]
