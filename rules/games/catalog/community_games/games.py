"""Community-card games of the shared-card seed (003, "Egyptian Hold 'Em" to "Suicide Swiss
Hold'em") whose twist is in the ranking, the deal or the pot: six-card hands, deuces that
complete straight flushes, a series of wins (KRG), two hands per player, cards seen on the
others' foreheads, a revolver's chamber of shared cards.

Their special rankings (`egyptian.py`, `island.py`), layouts (`pyramid-rows`, `island-boards`,
`trigger`: `layouts.py`) and KRG's side payment `series` (`series.py`) are beside this module.

Readings chosen where the seed is vague or a piece is missing (each `describe` says so too):
- Forty-Three's dealing list is missing: 4 down (the name; option `hand_cards`) with its 3
  shared cards, any combination, house low; the Box variant is rows of 3 or columns of 2.
- Indian Chief's table of cards per player count is missing: any counts are accepted.
- Egyptian's pyramid may be entered either way up (layout `pyramid-rows`): every card plays.
- Jersey and Pass 'em say "high-low" without saying how: cards talk; Forty-Three declares,
  as its text says. A low the seed does not name is the house low (S7).
"""

from __future__ import annotations

from ...definition import ANY_COMBINATION, GameDef, Hand, Option, Position, take
from ..common import HOLDEM_BOARD, SHARED_CARD_SEED, TWO_OR_THREE

SEED = SHARED_CARD_SEED


# -- the games -------------------------------------------------------------------------------

EGYPTIAN_HOLDEM = GameDef(
    id="egyptian-holdem", name="Egyptian Hold 'Em", source=SEED, rules=("S1",),
    describe="2 down each and a pyramid of 6 shared cards, rows top to bottom: `row1` (the "
             "river card on top), `row2` (the 2 turn cards) and `row3` (the 3-card flop at the "
             "bottom); the pyramid entered the other way up (the flop as `row1`) is accepted "
             "too, as every card plays. The hand is "
             "the best SIX of the eight cards, in any combination, ranked: straight flush, "
             "house party (four of a kind and a pair), four of a kind, double happy (two threes "
             "of a kind), full house, flush (six of a suit), straight (six in a row), three of "
             "a kind, three pair, two pair, pair, high card.",
    down=2, board=(Position("row1", None), Position("row2", None), Position("row3", None)),
    hand=Hand(layout="pyramid-rows", takes=(ANY_COMBINATION,)), high="egyptian",
)

ISLAND_PINEAPPLE = GameDef(
    id="island-pineapple", name="Island Pineapple", source=SEED, rules=("S1",),
    describe="3 down, one discarded at the pineapple: 2 down at the showdown. Board: `first` "
             "(the first set, 2 cards, top then bottom), `flop` (the 2 cards between them), "
             "`turn` (1) and `river` (the split river, 2 cards, top then bottom): four boards, "
             "each one `first` card + both `flop` cards + the `turn` + one `river` card. A hand "
             "is 1 or 2 down cards with 3 or 4 cards of one board (no playing the board). A "
             "deuce completes a straight flush of its suit (it fills a gap, or goes below four "
             "in a row), and then the ace of that suit is wild for the top. Options: "
             "`straight_wilds` (the deuce and suited ace also complete plain straights), "
             "`play_the_board` (a hand may use no down card), `phantom_ship` (the early "
             "showdown: 3 down cards with 2 of one board), `ante_by` \"all-but-winners\" (the "
             "Arcade Ante: everybody but the last hand's winner antes).",
    down=2, high="island",
    board=(Position("first", 2), Position("flop", 2), Position("turn", 1), Position("river", 2)),
    hand=Hand(layout="island-boards", takes=(take(hand=(1, 2), board=(3, 4)),)),
    options=(
        Option("straight_wilds", False, "Straight with Wild(s): deuce and suited ace in any "
               "straight", choices={"false": {}, "true": {"high": "island-straights"}}),
        Option("play_the_board", False, "a hand may be made from one board alone",
               choices={"false": {}, "true": {"hand": Hand(
                   layout="island-boards", takes=(take(hand=(0, 2), board=(3, 5)),))}}),
        Option("phantom_ship", False, "early showdown: all 3 down cards with 2 of one board",
               choices={"false": {}, "true": {"down": 3, "hand": Hand(
                   layout="island-boards", takes=(take(hand=3, board=2),))}}),
        Option("ante_by", "everyone", "\"all-but-winners\" plays the Arcade Ante: everybody "
               "but the winner of the last hand antes, and there are no blinds"),
    ),
)

THE_GAME = GameDef(
    id="the-game", name="The Game Called \"The\"", source=SEED, rules=("S1",),
    describe="3 down each and 4 shared cards (board position `community`); best five of the "
             "seven in any combination; high hand wins.",
    down=3, board=(Position("community", 4),),
)

KRG = GameDef(
    id="krg", name="KRG", source=SEED, rules=("S1",),
    describe="Hold'em after discards: 6 down, 2 discarded before the flop, 1 after it, 1 after "
             "the turn, so 2 down at the showdown, with 5 shared cards (board position "
             "`community`); best five in any combination. No betting: every hand's winner "
             "scores a win (field `legs` carries the wins so far) and the first to `wins` wins "
             "(3 by default, or 4 as agreed) takes the pool (`pot`). Tied winners each score.",
    down=2, board=HOLDEM_BOARD, side_payments=("series",),
    options=(Option("wins", 3, "wins needed to take the pool (3 or 4)"),),
)


def _jersey(game_id: str, name: str, down: int, which: str) -> GameDef:
    return GameDef(
        id=game_id, name=name, source=SEED, rules=("S8", "S14", "P2"),
        describe=f"{which}: {down} down each and 5 shared cards (board position `community`); "
                 "high and low each use exactly 2 or exactly 3 hand cards with 3 or 2 board "
                 "cards. High-low cards talk, 8-or-better low (S8); without a low, high "
                 "takes all.",
        down=down, board=HOLDEM_BOARD, hand=Hand(takes=TWO_OR_THREE),
        low="low-8", low_qualifier=8, split="cards-talk",
    )


JERSEY = [_jersey("jersey-holdem", "Jersey Hold'em", 5, "North Jersey"),
          _jersey("jersey-holdem-south", "South Jersey Hold'em", 4, "South Jersey")]

DOUBLE_EDGE_TRIM_SAW = GameDef(
    id="double-edge-trim-saw", name="Double-Edge Trim-Saw", source=SEED, rules=("S11",),
    describe="Two separate 2-card hands per player (enter `down` as the first hand's two "
             "cards, then the second's) and 5 shared cards (board position `community`); a "
             "hand uses cards of one 2-card set only, with the board, in any combination. "
             "Deuces are wild.",
    down=4, board=HOLDEM_BOARD, wild="2",
    hand=Hand(layout="split-hand", params={"sizes": (2, 2)}, takes=(ANY_COMBINATION,)),
)

PASS_EM = GameDef(
    id="pass-em", name="Pass 'em", source=SEED, rules=("S1",),
    describe="3 down each (one passed left) and 3 shared cards (board position `community`); "
             "a hand is 2 hand cards with all 3 board cards, or all 3 hand cards with 2 board "
             "cards. High wins; option `hi_lo` (agreed beforehand): high-low, cards talk, house "
             "low (S7).",
    down=3, board=(Position("community", 3),), hand=Hand(takes=TWO_OR_THREE),
    options=(Option("hi_lo", False, "high-low split, cards talk, house low",
                    choices={"false": {}, "true": {"split": "cards-talk", "low": "low"}}),),
)

BLUE_BEACON = GameDef(
    id="blue-beacon", name="Blue Beacon", source=SEED, rules=("S1",),
    describe="Five-card draw with 4 shared cards: 5 down each and 4 board cards (position "
             "`community`); best five of the nine in any combination; high wins.",
    down=5, board=(Position("community", 4),),
)

WAITING_FOR_GODOT = GameDef(
    id="waiting-for-godot", name="Waiting for Godot", source=SEED, rules=("S1",),
    describe="2 down and 1 up each, and 4 shared cards (board position `community`); best five "
             "of the seven in any combination; high wins.",
    down=2, up=1, board=(Position("community", 4),),
)

INDIAN_CHIEF = GameDef(
    id="indian-chief", name="Indian Chief Poker", source=SEED, rules=("S1",),
    describe="Every player's cards face the others (enter them as `up`); a player's hand is "
             "every card they see on the other players' foreheads plus the shared cards (board "
             "position `community`, any number), best five. How many cards each player and the "
             "board get depends on the number of players (the seed does not give the table: "
             "enter what was dealt).",
    down=None, board=(Position("community", None),),
    hand=Hand(layout="others-up", takes=(ANY_COMBINATION,)),
)

RUSSIAN_ROULETTE = GameDef(
    id="russian-roulette", name="Russian Roulette", source=SEED, rules=("S1",),
    describe="A community mechanism, here in its (3,5) form: 2 down each and 5 shared cards "
             "in a circle (board position `circle`), entered clockwise starting at the card "
             "the trigger points to at the end. Only the first 3 from the trigger (the active "
             "community) play, with the hole cards in any combination. Option `active` (m, "
             "default 3) and any number of circle cards for other (m,n) forms.",
    down=2, board=(Position("circle", None),),
    hand=Hand(layout="trigger", params={"active": 3}, takes=(ANY_COMBINATION,)),
    options=(Option("active", 3, "how many cards from the trigger are active (m)",
                    choices={str(m): {"hand": Hand(layout="trigger", params={"active": m},
                                                   takes=(ANY_COMBINATION,))}
                             for m in range(1, 10)}),),
)

CRAZY_BLIND_MAN = GameDef(
    id="crazy-blind-man", name="Crazy Blind Man", source=SEED, rules=("S1",),
    describe="3 forehead cards each, one taken away by the right-hand neighbour: 2 cards at the "
             "showdown (enter them as `up`), with 5 shared cards (board position `community`); "
             "best five in any combination; high wins.",
    down=0, up=2, board=HOLDEM_BOARD,
)

CHOWAHA = GameDef(
    id="chowaha", name="Chowaha", source=SEED, defined=False,
    describe="Named in the seed (a high-low game with 12 shared cards) without its rules: not "
             "defined, a showdown cannot be resolved.",
)

LOCO_POKER = GameDef(
    id="loco-poker", name="Loco Poker", source=SEED, defined=False,
    describe="Named in the seed (a drinking variant of hold'em) without its rules: not "
             "defined, a showdown cannot be resolved.",
)

_FORTY_THREE_TEXT = (
    "The seed's dealing list is missing: we read the name as 4 down each (option "
    "`hand_cards`, 2 to 7). Declare high, low or both (0, 1, 2 chips); a player going both "
    "ways must win or tie both sides, or wins nothing. Low is the house low (S7; option `low`)."
)
HAND_CARDS = Option("hand_cards", 4, "cards dealt to each player (the seed's list is missing)",
                    choices={str(n): {"down": n} for n in range(2, 8)})

FORTY_THREE = GameDef(
    id="forty-three", name="Forty-Three", source=SEED, rules=("S7", "S14", "P1"),
    describe="3 shared cards (board position `community`); best five from the hand and the "
             "board in any combination. " + _FORTY_THREE_TEXT,
    down=4, board=(Position("community", 3),), low="low", split="declare",
    pigging="win-or-tie", options=(HAND_CARDS,),
)

FORTY_THREE_BOX = GameDef(
    id="forty-three-box", name="Forty-Three: Box", source=SEED, rules=("S7", "S14", "P1"),
    describe="Two rows of 3 shared cards (board positions `row1` above `row2`); a hand is the "
             "player's cards with either one row of three or one column of two, best five in "
             "any combination. " + _FORTY_THREE_TEXT,
    down=4, board=(Position("row1", 3), Position("row2", 3)), options=(HAND_CARDS,),
    hand=Hand(layout="grid", params={"diagonals": False},
              takes=(take(hand=(0, None), line=(0, None)),)),
    low="low", split="declare", pigging="win-or-tie",
)

PRIVACY_POKER = GameDef(
    id="privacy-poker", name="Privacy Poker", source=SEED, rules=("S1",),
    describe="5 cards each at the showdown, some down and some up after the privacy and media "
             "rounds (enter them as they lie), and 2 shared cards (board position "
             "`community`); best five of the seven in any combination; high wins.",
    down=5, board=(Position("community", 2),),
)

NO_ANTE = Option("ante", "0.00", "Swiss Hold 'em has blinds and no ante (003, P7)")

SWISS_HOLDEM = GameDef(
    id="swiss-holdem", name="Swiss Hold 'em", source=SEED, rules=("S1",),
    describe="Texas Hold'em (2 down, 5 shared cards in board position `community`, any "
             "combination); exchanging both hole cards costs 1, 2, 3 ... big blinds into the pot "
             "during the betting, which does not change the showdown. Blinds, no ante "
             "(option `ante` 0.00).",
    down=2, board=HOLDEM_BOARD, options=(NO_ANTE,),
)

SUICIDE_SWISS_HOLDEM = GameDef(
    id="suicide-swiss-holdem", name="Suicide Swiss Hold 'em", source=SEED, rules=("S1", "S11"),
    describe="Swiss Hold 'em (2 down, 5 shared cards in board position `community`, any "
             "combination) with the king of hearts wild, in a hand or on the board. Blinds, "
             "no ante (option `ante` 0.00).",
    down=2, board=HOLDEM_BOARD, wild="Kh", options=(NO_ANTE,),
)

GAMES = [
    EGYPTIAN_HOLDEM, ISLAND_PINEAPPLE, THE_GAME, KRG, *JERSEY, DOUBLE_EDGE_TRIM_SAW, PASS_EM,
    BLUE_BEACON, WAITING_FOR_GODOT, INDIAN_CHIEF, RUSSIAN_ROULETTE, CRAZY_BLIND_MAN, CHOWAHA,
    LOCO_POKER, FORTY_THREE, FORTY_THREE_BOX, PRIVACY_POKER, SWISS_HOLDEM, SUICIDE_SWISS_HOLDEM,
]
