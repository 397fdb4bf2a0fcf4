"""The dealer's-choice staples named in the house rules' index (004)."""

from ...definition import GameDef, Hand, Option, Position, take

SEED = "004_d7b721909def12ec.txt"

GAMES = [
    GameDef(
        id="five-card-draw", name="Five-card draw", source=SEED, rules=("S1", "S2"),
        describe="5 down cards per player, no board; the best five-card high hand wins.",
        down=5,
    ),
    GameDef(
        id="five-card-stud", name="Five-card stud", source=SEED, rules=("S1", "S2"),
        describe="1 down and 4 up cards per player, no board; the best high hand wins.",
        down=1, up=4,
    ),
    GameDef(
        id="seven-card-stud", name="Seven-card stud", source=SEED, rules=("S1", "S2", "S13"),
        describe="3 down (2 before, 1 last) and 4 up cards per player, no board; best five of "
                 "seven. Enter hole and up cards apart: lowest-hole wilds (S13) depend on it.",
        down=3, up=4,
    ),
    GameDef(
        id="texas-holdem", name="Texas Hold'em", source=SEED, rules=("S1", "S2"),
        describe="2 down cards per player and 5 shared cards (board position `community`); "
                 "best five of the seven, in any combination.",
        down=2, board=(Position("community", 5),),
    ),
    GameDef(
        id="omaha", name="Omaha", source=SEED, rules=("S1", "S2", "S8", "S14"),
        describe="4 down cards per player and 5 shared cards (board position `community`); a "
                 "hand uses exactly 2 hole cards and exactly 3 board cards. Option `hi_lo` "
                 "(default false): high-low, cards talk, 8-or-better low.",
        down=4, board=(Position("community", 5),),
        hand=Hand(takes=(take(hand=2, board=3),)),
        options=(
            Option("hi_lo", False, "high-low split, cards talk, 8-or-better low (S8)",
                   choices={"false": {}, "true": {"split": "cards-talk", "low": "low-8",
                                                  "low_qualifier": 8}}),
        ),
    ),
]
