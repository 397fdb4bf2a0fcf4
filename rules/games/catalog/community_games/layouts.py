"""Layouts of single community games (003): Island Pineapple's boards (`island-boards`), Russian
Roulette's trigger (`trigger`), Egyptian Hold 'Em's pyramid (`pyramid-rows`).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.errors import RulesError
from rules.games.layouts import LAYOUTS, Selection, View


@LAYOUTS.register("island-boards")
def island_boards(view: View) -> Iterator[Selection]:
    """Island Pineapple's four boards: each first-set card with each split-river card."""
    shared = view.cards("flop", "turn")
    for first in view.cards("first"):
        for river in view.cards("river"):
            yield {"board": (first,) + shared + (river,)}


@LAYOUTS.register("trigger")
def trigger(view: View) -> Iterator[Selection]:
    """Russian Roulette: the active community is the first `active` cards from the trigger."""
    active = view.count("active", 3)
    yield {"board": view.cards("circle")[:active]}


@LAYOUTS.register("pyramid-rows")
def pyramid_rows(view: View) -> Iterator[Selection]:
    """Egyptian Hold 'Em: rows of 1, 2 and 3 cards (or 3, 2, 1), all pooled as "board"."""
    counts = [len(view.cards(f"row{n}")) for n in (1, 2, 3)]
    if counts not in ([1, 2, 3], [3, 2, 1]):
        bad = next(n for n in (1, 2, 3) if counts[n - 1] != (n if counts[0] != 3 else 4 - n))
        raise RulesError(f"board.row{bad}: expected the pyramid's rows of 1, 2 and 3 cards "
                         f"(top to bottom), got {counts[0]}, {counts[1]} and {counts[2]}")
    yield {"board": view.cards("row1", "row2", "row3")}
