"""Layout of Show Five (002): the five exposed cards are the showdown hand (`exposed`).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.games.layouts import LAYOUTS, Selection, View

SHOWN = 5


@LAYOUTS.register("exposed")
def exposed_layout(view: View) -> Iterator[Selection]:
    """Show Five (002): a player ends with five cards turned up and two still down; the five
    exposed cards are the showdown hand. When fewer than five are entered as `up` (a dealer who
    typed the hand as `down`), every card entered plays."""
    hand = view.up if len(view.up) >= SHOWN else view.down + view.up
    yield {"hand": hand, "center": ()}
