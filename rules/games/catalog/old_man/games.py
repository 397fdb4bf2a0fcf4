"""Old Man (seed 001): declare, go or stop, and beat the old man's six cards."""

from ...definition import Dummy, GameDef, Option, Position, PotRule

SEED = "001_3077e2146397dc5f.txt"

GAMES = [
    GameDef(
        id="old-man", name="Old Man", source=SEED,
        rules=("S14", "S15", "P1", "P2", "P5", "P9", "P12"),
        describe="1 down, 4 up (after passing) and a last down card per player; one shared card "
                 "in the middle (board position `center`) that plays in every hand and is wild "
                 "together with every card of its rank. A six-card dummy, the old man (entered "
                 "as `dummy`), must be beaten by any winner. Players declare high, low or both, "
                 "then go (`\"go\": true`) or stop (`\"go\": false`, cards may be left out): "
                 "stop is out and pays nothing; go and lose matches the part "
                 "of the pot contested; a side nobody goes for is shared by its declarers. Low "
                 "is ace-to-five (the seed's 5-4-3-2-A is a perfect low). The ante is $1.00 "
                 "(option `ante`), paid for the first hand and re-antes only: a matched pot has "
                 "no ante (P7, P3).",
        down=2, up=4, board=(Position("center", 1),),
        wild="center", low="low-a5", split="declare", go_stop=True,
        dummy=Dummy(name="Old Man", cards=6),
        pot=PotRule(kind="match", match="side"),
        options=(Option("ante", "1.00", "the ante before the deal: larger than a typical "
                        "ante, $1.00 in the seed's example (001, P7)"),),
    ),
]
