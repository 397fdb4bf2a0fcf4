"""The dealer's-choice games of nearly every home game (POPULAR_GAMES.md: H ids)."""

from ...definition import CardSide, GameDef, Hand, Option, Position, take

SOURCE = "popular_games (H)"

STUD_DEAL = ("2 down, 4 up (third to sixth street) and a last down card per player; enter "
             "`up` in the order dealt and `down` as the two first cards then the seventh")

GAMES = [
    GameDef(
        id="follow-the-queen", name="Follow the Queen (FTQ)", source=SOURCE, rules=("H1", "S2"),
        describe=f"Seven-card stud: {STUD_DEAL}. Queens are wild, and so is the rank of the "
                 "next card dealt face up after a face-up queen; a later face-up queen "
                 "replaces that rank with the rank of the card after it, and a queen that is "
                 "the last up card leaves only queens wild. Up cards of players who folded "
                 "count. Option `follow_card` (default `Q`; `Qh,Qd` is follow the red queen).",
        down=3, up=4, wild="Q", follow="Q",
        options=(Option("follow_card", "Q", "the card after which the next up card names a "
                        "wild rank: a rank (Q) or cards (Qh,Qd); the follow cards are wild"),),
    ),
    GameDef(
        id="chicago", name="Chicago (High Chicago, Low Chicago)", source=SOURCE, rules=("H3", "P2"),
        describe=f"Seven-card stud: {STUD_DEAL}. Half the pot to the best high hand, half to "
                 "the player still in holding the highest spade among their down cards (the "
                 "seventh-street card counts); one player may take both halves. Nobody with a "
                 "spade in the hole: the high hand takes the whole pot. The odd unit goes to "
                 "the high half (P2). Option `chicago`: \"high\" (default) or \"low\" (the "
                 "lowest spade in the hole; the 2♠ lowest, the A♠ highest).",
        down=3, up=4, card_side=CardSide(suit="spades", where="down", order="high"),
        options=(Option("chicago", "high", "which spade in the hole takes half: the highest "
                        "(high Chicago) or the lowest (low Chicago)",
                        choices={"high": {}, "low": {"card_side": CardSide(order="low")}}),),
    ),
    GameDef(
        id="baseball", name="Baseball", source=SOURCE, rules=("H2", "P15"),
        describe=f"Seven-card stud: {STUD_DEAL}, then any extra down cards. 3s and 9s are "
                 "wild. Each 4 dealt face up gives its holder one more down card at once, so a "
                 "hand may hold 8 cards or more; the best five play. A 3 dealt face up costs "
                 "its holder a price into the pot (option `three_price`: \"match\" the pot, "
                 "the default; an amount such as \"0.50\"; or \"fold\": the hand folds): "
                 "table money, paid during the play and already in the pot, recorded with the "
                 "hand (P15); option `price_card` names another up card that costs it.",
        down=3, up=4, wild="3,9", extra_down="4", side_payments=("up-card-price",),
        options=(Option("three_price", "match", "what a 3 dealt face up costs: \"match\" the "
                        "pot, a fixed amount (\"0.50\", whole units), or \"fold\""),
                 Option("price_card", "3", "the up card that costs the price (a rank or "
                        "cards)")),
    ),
    GameDef(
        id="night-baseball", name="Night Baseball", source=SOURCE, rules=("H2a", "H2", "P15"),
        describe="Seven down cards each, none looked at; players roll them face up one at a "
                 "time, each rolling until their showing hand beats the best showing hand. "
                 "Enter the rolled cards as `up` in the order rolled and the rest as `down`. As "
                 "in baseball: 3s and 9s wild, each 4 rolled face up gives one more down card, "
                 "a 3 rolled face up costs a price (option `three_price`: \"match\", an "
                 "amount, or \"fold\"; option `price_card`). At the showdown all of a "
                 "player's cards play: the best five.",
        down=7, up=0, wild="3,9", extra_down="4", side_payments=("up-card-price",),
        options=(Option("three_price", "match", "what a 3 rolled face up costs: \"match\" the "
                        "pot, a fixed amount (\"0.50\", whole units), or \"fold\""),
                 Option("price_card", "3", "the up card that costs the price (a rank or "
                        "cards)")),
    ),
    GameDef(
        id="short-deck-holdem", name="Short-deck Hold'em (Six plus)", source=SOURCE,
        rules=("H6", "S2"),
        describe="Hold'em with the 2s to 5s removed (a 36-card deck, 6s to aces): 2 down cards "
                 "per player and 5 shared cards (board position `community`); best five of the "
                 "seven. A-6-7-8-9 is a straight (the ace below the six); a flush beats a full "
                 "house; three of a kind beats a straight (option `trips_beat_straight`, "
                 "default true; false: a straight beats three of a kind).",
        deck="short", down=2, board=(Position("community", 5),), high="high-short",
        options=(Option("trips_beat_straight", True, "three of a kind beats a straight (true) "
                        "or a straight beats three of a kind (false); a flush beats a full "
                        "house either way",
                        choices={"true": {}, "false": {"high": "high-short-straights"}}),),
    ),
    GameDef(
        id="badugi", name="Badugi", source=SOURCE, rules=("H5",),
        describe="Four down cards per player, three draws (enter the four cards held at the "
                 "showdown); the lowest hand wins. A hand is the largest set of its cards with "
                 "no two of one suit or rank: four such cards (a badugi) beat any three, three "
                 "beat any two. Sets of one size compare from the highest card down, the lower "
                 "winning; aces are low, so A-2-3-4 of four suits is the best hand.",
        down=4, high=None, low="badugi", split="low",
    ),
    GameDef(
        id="seven-twenty-seven", name="Seven Twenty-Seven", source=SOURCE,
        rules=("H4", "P1", "P2"),
        describe="One down and one up card each, then more cards one at a time (or stand); "
                 "enter every card held, as `down` or `up` alike. A count: an ace 1 or 11 "
                 "(each ace as the player likes, for each half apart), J, Q and K a half each, "
                 "any other card its face value; poker hands mean nothing. Players declare "
                 "`low` (7), `high` (27) or `both` (\"7\" and \"27\" are read as low and "
                 "high): half the pot to the count closest to 7, half to the count closest to "
                 "27, under or over; equal distances split that half; a player going both ways "
                 "must win both outright (P1); the odd unit to the 27 half (P2). Option `bust` "
                 "(default false): true, a count over 7½ or 27½ loses that half.",
        down=None, high="count-27", low="count-7", high_qualifier="count", split="declare",
        declare_words={"7": "low", "27": "high"},
        options=(Option("bust", False, "a count over 7½ (for the 7) or 27½ (for the 27) "
                        "loses that half",
                        choices={"false": {}, "true": {"high": "count-27-bust",
                                                        "low": "count-7-bust"}}),),
    ),
    GameDef(
        id="anaconda", name="Anaconda (Pass the Trash)", source=SOURCE, rules=("H8", "S7", "P1"),
        describe="Pass the Trash: seven down cards each; three passed to the left, then two, "
                 "then one; each player keeps five and rolls them one at a time. At the "
                 "showdown enter the seven final cards: the best five play for each side. "
                 "Players declare high, low or both (a pigger must win both outright, P1); "
                 "the low is the house low (S7).",
        down=7, low="low", split="declare",
    ),
    GameDef(
        id="kings-and-little-ones", name="Kings and Little Ones", source=SOURCE,
        rules=("H9", "S13"),
        describe=f"Seven-card stud: {STUD_DEAL}. Kings are wild, and so is the rank of each "
                 "player's lowest down card, for that player alone (S13). Option `base` "
                 "(default \"stud\"): \"draw\" plays it as five-card draw (five down cards, "
                 "the lowest of them names the rank).",
        down=3, up=4, wild="K,lowest-hole",
        options=(Option("base", "stud", "seven-card stud or five-card draw",
                        choices={"stud": {}, "draw": {"down": 5, "up": 0}}),),
    ),
    GameDef(
        id="dr-pepper", name="Dr. Pepper", source=SOURCE, rules=("H10",),
        describe=f"Seven-card stud: {STUD_DEAL}. 10s, 2s and 4s are wild.",
        down=3, up=4, wild="10,2,4",
    ),
    GameDef(
        id="razz", name="Razz", source=SOURCE, rules=("H11",),
        describe=f"Seven-card stud low: {STUD_DEAL}. The lowest five win: ace-to-five, "
                 "straights and flushes do not count, pairs count against; no qualifier.",
        down=3, up=4, high=None, low="low-a5", split="low",
    ),
    GameDef(
        id="deuce-to-seven-single-draw",
        name="Deuce-to-Seven Single Draw (Deuce to seven, 2-7, Kansas City)", source=SOURCE,
        rules=("H12",),
        describe="Kansas City lowball, one draw: five down cards each (enter the five held at "
                 "the showdown); the lowest wins. Aces are high only, straights and flushes "
                 "count against: 7-5-4-3-2 of mixed suits is the best hand.",
        down=5, high=None, low="low-27", split="low",
    ),
    GameDef(
        id="deuce-to-seven-triple-draw", name="Deuce-to-Seven Triple Draw", source=SOURCE,
        rules=("H12",),
        describe="Deuce-to-seven lowball with three draws: five down cards each (enter the "
                 "five held at the showdown); the lowest wins. Aces are high only, straights "
                 "and flushes count against: 7-5-4-3-2 of mixed suits is the best hand.",
        down=5, high=None, low="low-27", split="low",
    ),
    GameDef(
        id="crazy-pineapple", name="Crazy Pineapple", source=SOURCE, rules=("H13", "S8"),
        describe="Hold'em dealt three hole cards, one discarded after the flop: at the "
                 "showdown enter the two kept; 5 shared cards (board position `community`); "
                 "best five of the seven. Option `hi_lo` (default false): high-low, cards "
                 "talk, 8-or-better low.",
        down=2, board=(Position("community", 5),),
        options=(Option("hi_lo", False, "high-low split, cards talk, 8-or-better low (S8)",
                        choices={"false": {}, "true": {"split": "cards-talk", "low": "low-8",
                                                       "low_qualifier": 8}}),),
    ),
    GameDef(
        id="big-o", name="Big O", source=SOURCE, rules=("H14", "S8"),
        describe="Omaha with five hole cards: 5 shared cards (board position `community`); a "
                 "hand uses exactly 2 hole cards and exactly 3 board cards; high-low, cards "
                 "talk, 8-or-better low.",
        down=5, board=(Position("community", 5),), hand=Hand(takes=(take(hand=2, board=3),)),
        low="low-8", low_qualifier=8, split="cards-talk",
    ),
    GameDef(
        id="double-board-holdem", name="Double-board Hold'em (Double board, Bomb pot)",
        source=SOURCE,
        rules=("H7", "P2", "S8"),
        describe="Hold'em with two boards (the bomb pot): 2 down cards per player and two "
                 "boards of 5 (board positions `board1` and `board2`). Each board's best hand "
                 "takes half the pot, a player may win both; the odd unit goes to the first "
                 "board's half. Option `hi_lo` (default false): each half split high-low, "
                 "cards talk, 8-or-better low.",
        down=2, board=(Position("board1", 5), Position("board2", 5)),
        boards=("board1", "board2"),
        options=(Option("hi_lo", False, "each board's half split high-low, cards talk, "
                        "8-or-better low (S8)",
                        choices={"false": {}, "true": {"split": "cards-talk", "low": "low-8",
                                                       "low_qualifier": 8}}),),
    ),
    GameDef(
        id="double-board-omaha", name="Double-board Omaha", source=SOURCE,
        rules=("H7", "P2", "S8"),
        describe="Omaha with two boards: 4 down cards per player and two boards of 5 (board "
                 "positions `board1` and `board2`); on each, exactly 2 hole cards and 3 board "
                 "cards. Each board's best hand takes half the pot, a player may win both; the "
                 "odd unit goes to the first board's half. Option `hi_lo` (default false): "
                 "each half split high-low, cards talk, 8-or-better low.",
        down=4, board=(Position("board1", 5), Position("board2", 5)),
        boards=("board1", "board2"), hand=Hand(takes=(take(hand=2, board=3),)),
        options=(Option("hi_lo", False, "each board's half split high-low, cards talk, "
                        "8-or-better low (S8)",
                        choices={"false": {}, "true": {"split": "cards-talk", "low": "low-8",
                                                       "low_qualifier": 8}}),),
    ),
]
