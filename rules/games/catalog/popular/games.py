"""The dealer's-choice games of nearly every home game (POPULAR_GAMES.md: H ids)."""

from ...definition import CardSide, GameDef, Option

SOURCE = "popular_games (H)"

STUD_DEAL = ("2 down, 4 up (third to sixth street) and a last down card per player; enter "
             "`up` in the order dealt and `down` as the two first cards then the seventh")

GAMES = [
    GameDef(
        id="follow-the-queen", name="Follow the Queen", source=SOURCE, rules=("H1", "S2"),
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
        id="chicago", name="Chicago", source=SOURCE, rules=("H3", "P2"),
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
]
