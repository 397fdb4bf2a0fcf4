"""Draw-poker variants (seed 002): small hands, exposed cards, knocking, Brag, Pokino, Red and
Black. None of them has a board; every player's cards are entered as `down` (and `up` where some
are shown)."""

from ...definition import GameDef, Hand, Option

SEED = "002_42b055345a383a80.txt"

TRIPS_ON_TOP = Option(
    "trips_on_top", False,
    "true: three of a kind is the best hand (some players' rule); false (default): the "
    "standard poker order, straight flush > flush > straight > three of a kind",
    choices={"false": {}, "true": {"high": "three-trips-top"}},
)
CHIP = Option("chip", "0.05", "the value of one chip in the side payments (a white chip, P7)")

GAMES = [
    GameDef(
        id="three-card-draw", name="Three-card poker", source=SEED, rules=("S1", "S3"),
        describe="3 down cards, draw two; no board. Three-card straights and flushes count and "
                 "hands rank in the standard poker order: straight flush > flush > straight > "
                 "three of a kind > pair > high card (A-2-3 the lowest straight, A-K-Q the "
                 "highest). Option `trips_on_top` makes three of a kind the best hand.",
        down=3, high="three-standard", options=(TRIPS_ON_TOP,),
    ),
    GameDef(
        id="three-card-monte", name="Three-card monte (Three-toed Pete)", source=SEED,
        rules=("S1", "S3"),
        describe="1 down and 2 up cards; no board; ranked as three-card poker: straight flush "
                 "> flush > straight > three of a kind > pair > high card (option "
                 "`trips_on_top`).",
        down=1, up=2, high="three-standard", options=(TRIPS_ON_TOP,),
    ),
    GameDef(
        id="two-card-poker", name="Two-card poker (Frustration)", source=SEED, rules=("S5",),
        describe="2 down cards, draw up to two; no board. Only pairs and high cards count: a "
                 "pair of aces is the best hand.",
        down=2, high="two",
    ),
    GameDef(
        id="two-card-deuces-wild", name="Two-card poker, deuces wild", source=SEED,
        rules=("S5", "S10", "S15"),
        describe="2 down cards; no board; deuces wild. High-low, cards talk: for high a pair "
                 "beats a high card and the ace is high; for low the ace is low, any two odd "
                 "cards beat a pair, and a wild deuce takes any rank without pairing (A-2 is "
                 "the best low).",
        down=2, high="two", low="two-low", wild="2", split="cards-talk",
    ),
    GameDef(
        id="dynamite", name="Dynamite (Gruesome Twosome, Double Trouble)", source=SEED,
        rules=("S5", "S12"),
        describe="1 down and 1 up card; no board; pair > high card. The seed allows wild cards "
                 "(option `wild`, none by default) and a high-low game (option `hi_lo`, "
                 "default false: cards talk; or option `split` `declare`), with the two-card "
                 "low: ace low, pairs count against.",
        down=1, up=1, high="two", low="two-low",
        options=(Option("hi_lo", False, "high-low split, cards talk, two-card low (002)",
                        choices={"false": {}, "true": {"split": "cards-talk"}}),),
    ),
    GameDef(
        id="one-card-poker", name="One-card poker (Lazy Edna, Lazy Mary)", source=SEED,
        rules=("S5",),
        describe="1 down card is the whole hand; no board. High-low, cards talk: the highest "
                 "card wins high and the lowest wins low; the ace is only high (the worst low). "
                 "Tied cards split their half. Option `joker` (default false) adds a joker, "
                 "which counts as an ace for high and as a deuce for low.",
        down=1, high="one", low="one-low", split="cards-talk",
        options=(Option("joker", False, "a 53-card deck with one joker",
                        choices={"false": {}, "true": {"deck": "joker"}}),),
    ),
    GameDef(
        id="show-five", name="Show five cards", source=SEED, rules=("S1", "S7", "S14"),
        describe="7 cards dealt down, five of them turned up one at a time: enter the five "
                 "exposed cards as `up` (and the two others as `down` if you like); the five "
                 "exposed cards are the hand and the two unexposed cards do not play (with "
                 "fewer than five `up`, every card entered plays). No board. Played high-low, "
                 "cards talk, house low (option `split`).",
        down=2, up=5, hand=Hand(layout="exposed"), low="low", split="cards-talk",
    ),
    GameDef(
        id="big-sol", name="Big Sol (T.N.T., Snookie)", source=SEED, rules=("S7", "S14", "P1"),
        describe="7 down cards, two discarded, four of the rest turned up: 1 down + 4 up; no "
                 "board. Players declare high, low or both, house low; a pigger must win both "
                 "sides outright (P1).",
        down=1, up=4, low="low", split="declare",
    ),
    GameDef(
        id="draw-your-own", name="Draw your own", source=SEED, rules=("S7", "S14"),
        describe="5 down cards, each replaced in turn from the player's own stock of three; the "
                 "final five are the hand. No board. High-low, cards talk, house low (the seed "
                 "says only high-low: option `split` `declare` if the table declares).",
        down=5, low="low", split="cards-talk",
    ),
    GameDef(
        id="whiskey-poker", name="Whiskey poker", source=SEED, rules=("S2",),
        describe="5 cards each after exchanges with the widow (the widow is not a player); no "
                 "board. The highest hand takes the pot; the lowest hand pays a forfeit, agreed "
                 "beforehand (option `forfeit`, default $0.25), into the next pot (option "
                 "`forfeit_to` `winner`: to the winner instead); every player tied for lowest "
                 "pays it.",
        down=5, side_payments=("forfeit",),
        options=(Option("forfeit", "0.25", "what the lowest hand pays"),
                 Option("forfeit_to", "pot", "where the forfeit goes: pot or winner",
                        choices={"pot": {}, "winner": {}})),
    ),
    GameDef(
        id="knock-poker", name="Knock poker (Rap poker)", source=SEED, rules=("S2", "P15"),
        describe="5 cards each, drawn rummy-style; no board. Mark the knocker `\"knock\": "
                 "true`; enter players who dropped after the knock with `\"in\": false` "
                 "(their cards may be left out). High hand takes the pot. Outside the pot "
                 "(P15): each dropped player "
                 "pays the knocker 1 chip; a knocker with the high hand collects 2 chips from "
                 "each other active player, a beaten knocker pays 2 to each (a knocker who only "
                 "ties does neither); a lone winner with four of a kind or a straight flush "
                 "collects 4 chips from every other player, 8 for a royal flush. Option `chip` "
                 "(default $0.05, a white chip).",
        down=5, side_payments=("knock",), options=(CHIP,),
    ),
    GameDef(
        id="knock-poker-deuces-wild", name="Knock poker, deuces wild", source=SEED,
        rules=("S2", "S11", "P15"),
        describe="Knock poker (5 cards, no board, `\"knock\": true` marks the knocker, the same "
                 "knock payments) with deuces wild, even as a duplicate of a card held. Bonus: "
                 "4 chips from every other player for five of a kind, a straight flush or a "
                 "royal flush; nothing for four of a kind. Option `chip` (default $0.05).",
        down=5, wild="2", side_payments=("knock-deuces",), options=(CHIP,),
    ),
    GameDef(
        id="brag", name="Brag", source=SEED, rules=("S6",),
        describe="3 down cards; no board. Three of a kind > pair > high card (no straights or "
                 "flushes). The braggers A♦, J♣ and 9♦ are wild and rank in that order. Between "
                 "hands of the same ranks a natural hand beats one with a bragger and the higher "
                 "bragger beats a lower one; what is still tied goes by suit, spades > hearts > "
                 "diamonds > clubs: the odd card's suit between equal pairs with equal odd cards, "
                 "otherwise from the highest card down. Our reading of \"hands of equal "
                 "rank\": equal ranks, so a wild pair of kings still beats a natural pair of "
                 "queens; option `natural_first` makes any natural hand beat a wild one of its "
                 "category. The dealer alone antes (the dealer's edge; option `ante_by`).",
        down=3, high="brag", wild="Ad,Jc,9d",
        options=(Option("natural_first", False, "natural beats wild across a whole category",
                        choices={"false": {}, "true": {"high": "brag-natural-first"}}),
                 Option("ante_by", "dealer", "the dealer alone antes an agreed amount (option "
                        "`ante`), the dealer's edge")),
    ),
    GameDef(
        id="pokino", name="Pokino", source=SEED, rules=("S2",),
        describe="Two players, 5 down cards each; no board. The better poker hand takes the pot "
                 "and scores the honour from the seed's table (pair 50 ... four of a kind 900, "
                 "straight flush 750 as printed, royal flush 1000). The trick play cannot be "
                 "worked out from the cards: give each player `tricks` (0-5) and `penalty` "
                 "(\"pat\", \"double\", \"redouble\") and the explanation scores the hand (tricks "
                 "are worth 1, 2 or 4 by the opponent's penalty; a sweep earns 250).",
        down=5, side_payments=("pokino",),
    ),
    GameDef(
        id="red-and-black", name="Red and black", source=SEED, rules=("S14",),
        describe="5 down cards, draw up to three; no board. The hand is a point count: ten to "
                 "king 10, ace 1, others their pips; red cards plus, black cards minus. The "
                 "highest total wins high and the lowest total wins low (cards talk), whether "
                 "the totals are plus or minus.",
        down=5, high="red-black", low="red-black-low", split="cards-talk",
    ),
]
