"""Match-pot and burn games (seed 000): losers match the pot or burn until nobody does."""

from ...definition import Dummy, GameDef, Hand, Option, Position, PotRule, Round, take

SEED = "000_396552ad006a9bcb.txt"
MATCH = PotRule(kind="match")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
WIMP = Option(
    "wimp", "none",
    "wimp rule (P11): when everybody drops, the best hand pays: 'none', 'pot' (matches the "
    "pot) or a set amount such as '1.00'",
)

THREE_FIVE_SEVEN = GameDef(
    id="three-five-seven", name="3-5-7", source=SEED, rules=("P3", "P10", "S4"),
    describe="Three rounds (showdown field `round`): 3 down with 3s wild, ranked three of a "
             "kind > pair > high card; then 5 down with 5s wild; then 7 down with 7s wild, best "
             "five. No board. High hand takes the pot, losers match; a lone player, or players "
             "who all tie, get a leg instead; 3 legs take the pot and end the game.",
    down=7, pot=PotRule(kind="match", legs=3),
    rounds=(
        Round({"down": 3, "high": "three-plain", "wild": "3"}, "3 down, 3s wild, 3-card hands"),
        Round({"down": 5, "wild": "5"}, "5 down, 5s wild"),
        Round({"down": 7, "wild": "7"}, "7 down, 7s wild, best five"),
    ),
)

SIX_SEVEN_EIGHT = GameDef(
    id="six-seven-eight", name="6-7-8", source=SEED, rules=("P3", "P10"),
    describe="3-5-7 with a shared board (position `community`): round 1 has 3 down and 3 "
             "board cards, 6s wild; the first board card is removed, round 2 has 5 down and 2 "
             "board cards, 7s wild; the second is removed, round 3 has 7 down and 1 board card, "
             "8s wild. Best five in any combination; losers match; legs (3).",
    down=7, board=(Position("community", 1),), pot=PotRule(kind="match", legs=3),
    rounds=(
        Round({"down": 3, "board": (Position("community", 3),), "wild": "6"}, "6 cards, 6s wild"),
        Round({"down": 5, "board": (Position("community", 2),), "wild": "7"}, "7 cards, 7s wild"),
        Round({"down": 7, "board": (Position("community", 1),), "wild": "8"}, "8 cards, 8s wild"),
    ),
)

FOUR_CARD_FOURS = GameDef(
    id="four-card-fours", name="Four-card fours", source=SEED, rules=("P3", "P14", "S4"),
    describe="4 down, 4s wild, ranked four of a kind > three of a kind > two pair > pair > high "
             "card; draw up to 3; no board. Losers match. A lone player must beat the top 4 "
             "cards of the deck (entered as `dummy`) or match.",
    down=4, high="four", wild="4", pot=MATCH,
    dummy=Dummy(name="Top four cards", cards=4, when="alone"),
)


def _deadly(game_id: str, name: str, wild: str, kill: str, describe: str) -> GameDef:
    return GameDef(
        id=game_id, name=name, source=SEED, rules=("P3", "P13"),
        describe="2 down, then a third card up for each player who stays in; no board; "
                 "ranked three of a kind > pair > high card. " + describe +
                 " A dead player loses and matches the pot (P13).",
        down=2, up=1, high="three-plain", wild=wild, wild_where="down", kill=kill, pot=MATCH,
    )


DEADLY = [
    _deadly("deadly-69s", "Deadly 69s", "6,9", "6,9",
            "6s and 9s are wild down; a 6 or 9 dealt up kills."),
    _deadly("deadly-7s", "Deadly 7s", "7", "7", "7s are wild down; a 7 up kills."),
    _deadly("deadly-spades", "Deadly Spades", "spades", "spades",
            "Spades are wild down; a spade up kills."),
    _deadly("lively-diamonds", "Lively Diamonds", "hearts,spades,clubs", "hearts,spades,clubs",
            "Every card that is not a diamond is wild down; anything but a diamond up kills."),
]
DEADLY.insert(2, GameDef(
    id="deadly-low", name="Deadly Low", source=SEED, rules=("P3", "P13", "S13"),
    describe="2 down, then a third card up for each player who stays in; no board; ranked "
             "three of a kind > pair > high card. Each player's lowest card is wild (S13); a "
             "player whose lowest card is up is dead, loses and matches the pot (P13).",
    down=2, up=1, high="three-plain", wild="lowest", kill="lowest", pot=MATCH,
))

GUTS = [
    GameDef(
        id="guts", name="Guts", source=SEED, rules=("P3", "P11", "S3"),
        describe="3 down, pass one to the left, 1-2-3-drop; no board; ranked three of a kind > "
                 "straight flush > straight > flush > pair > high card. High hand wins, losers "
                 "match. Options: `wimp` (P11), alternate passing (no effect on the showdown).",
        down=3, high="three", pot=MATCH, side_payments=("wimp",), options=(WIMP,),
    ),
    GameDef(
        id="one-card-guts", name="One-card guts", source=SEED, rules=("P3", "S5"),
        describe="1 down card, drop; no board; high card wins (ace high), losers match.",
        down=1, high="one", pot=MATCH,
    ),
    GameDef(
        id="one-card-guts-pass", name="One-card guts with a pass", source=SEED, rules=("P3", "S5"),
        describe="1 card each, which may be swapped with the left neighbour (the dealer with "
                 "the deck) before the drop; no board; high card wins, losers match.",
        down=1, high="one", pot=MATCH,
    ),
    GameDef(
        id="two-card-guts", name="Two-card guts", source=SEED, rules=("P3", "S5"),
        describe="2 down, drop; no board; only pairs and high cards count; losers match.",
        down=2, high="two", pot=MATCH,
    ),
    GameDef(
        id="four-card-guts", name="Four-card guts", source=SEED, rules=("P3", "S3"),
        describe="4 down, discard and replace 2, drop; no board; best three cards, ranked as in "
                 "guts (three of a kind > straight flush > straight > flush > pair > high "
                 "card); losers match. Option `wimp` (P11).",
        down=4, high="three", pot=MATCH, side_payments=("wimp",), options=(WIMP,),
    ),
]

INDIAN_POKER = GameDef(
    id="indian-poker", name="Indian poker", source=SEED, rules=("P3", "S5"),
    describe="1 card on each forehead (enter it as `up`); no board; high card wins (ace high); "
             "everyone else who stayed in matches the pot.",
    down=0, up=1, high="one", pot=MATCH,
)

OMAHA_BURNS = GameDef(
    id="omaha-burns", name="Omaha Burns", source=SEED, rules=("P2", "P4", "P6", "S8", "S14"),
    describe="4 down and 5 shared cards (board position `community`); exactly 2 from the hand "
             "and 3 from the board, different cards allowed for high and low. High-low, cards "
             "talk, 8-or-better low (no low: high takes all), ties goal-post (P6). Everyone "
             "who stayed in and wins nothing burns: the pot up to $5.00 unless the caller set "
             "another `burn_cap`; `burn` 'fixed' or 'fraction' (`burn_percent`) are options.",
    down=4, board=(Position("community", 5),), hand=Hand(takes=(take(hand=2, board=3),)),
    low="low-8", low_qualifier=8, split="cards-talk", ties="goal-post",
    pot=PotRule(kind="burn", burn="pot-up-to", burn_amount=500),
)

PROGRESSIVE_OMAHA_BURNS = GameDef(
    id="progressive-omaha-burns", name="Progressive Omaha Burns", source=SEED,
    rules=("P2", "P4", "P6", "S8"),
    describe="Omaha Burns (board position `community`, exactly 2 + 3, 8-or-better cards-talk "
             "high-low, goal-posting) whose burn cap grows each round: pot up to $1.00 in round "
             "1, $2.00 in round 2 ... (showdown field `round`; options `burn_cap`, "
             "`burn_step`, default $1.00 each).",
    down=4, board=(Position("community", 5),), hand=Hand(takes=(take(hand=2, board=3),)),
    low="low-8", low_qualifier=8, split="cards-talk", ties="goal-post",
    pot=PotRule(kind="burn", burn="pot-up-to", burn_amount=100, burn_step=100),
)

PIRANHA = GameDef(
    id="piranha", name="Piranha", source=SEED, rules=("P3",),
    describe="4 down and 5 shared cards (3 up, 2 down then turned; board position "
             "`community`); 1-2-3-drop; best five from any number of hand and board cards; "
             "the winner takes the pot, losers match.",
    down=4, board=(Position("community", 5),), pot=MATCH,
)

EVOLUTION = GameDef(
    id="evolution", name="Evolution", source=SEED, rules=("P3", "P10"),
    describe="Piranha (4 down, 5 shared cards in position `community`, any combination) with "
             "legs: a lone player, or players who all tie, get a leg instead of the pot; 3 legs "
             "(option `legs`) take the pot and end the game.",
    down=4, board=(Position("community", 5),), pot=PotRule(kind="match", legs=3),
)

DRAW_MATCH_POT = GameDef(
    id="draw-match-pot", name="Draw match pot", source=SEED, rules=("P3",),
    describe="5 down, draw up to 3; no board; high hand wins, losers match.",
    down=5, pot=MATCH,
)

TWO_MORE_INCHES = GameDef(
    id="two-more-inches", name="Two more inches", source=SEED, rules=("P3",),
    describe="5 down plus 2 up for each player who stays in; no board; best five of seven; "
             "losers match. A wild card is an option (`wild`).",
    down=5, up=2, pot=MATCH,
)

TWO_MORE_DEADLY_INCHES = GameDef(
    id="two-more-deadly-inches", name="Two more deadly inches", source=SEED,
    rules=("P3", "P13"),
    describe="Two more inches (5 down + 2 up, no board, best five, losers match) where a rank "
             "chosen by the dealer is wild down and kills up. The seed leaves the rank to the "
             "dealer: option `deadly` (default 7).",
    down=5, up=2, wild="7", wild_where="down", kill="7", pot=MATCH,
    options=(Option("deadly", "7", "the rank that is wild down and kills up",
                    choices={rank: {"wild": rank, "kill": rank} for rank in RANKS}),),
)

GAMES = [
    THREE_FIVE_SEVEN, SIX_SEVEN_EIGHT, FOUR_CARD_FOURS, *DEADLY, *GUTS, INDIAN_POKER,
    OMAHA_BURNS, PROGRESSIVE_OMAHA_BURNS, PIRANHA, EVOLUTION, DRAW_MATCH_POT, TWO_MORE_INCHES,
    TWO_MORE_DEADLY_INCHES,
]
