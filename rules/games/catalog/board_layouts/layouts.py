"""Layouts of single games with a board of their own shape (003): Ruby Run's slam (`slam`), Real
Poker's groups and singles (`group-and-single`), El Dorado's swapped flop (`swap-flop`), the
Skyscraper Elevator (`skyscraper`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rules.errors import RulesError
from rules.games.layouts import LAYOUTS, Selection, View
from rules.games.layouts import floors as floors_layout


@LAYOUTS.register("slam")
def slam(view: View) -> Iterator[Selection]:
    """Ruby Run: a slam of 2-10 keeps the over cards live, a face card or ace the under cards."""
    slam_cards = view.cards("slam")
    live = "over" if slam_cards and slam_cards[0].rank <= 10 else "under"
    yield {"board": view.cards(live) + slam_cards}


@LAYOUTS.register("group-and-single")
def group_and_single(view: View) -> Iterator[Selection]:
    """Real Poker: one group of two and one single card (a hand may use either, both or none)."""
    groups = [name for name in view.board if name.startswith("group")]
    singles = [name for name in view.board if name.startswith("single")]
    for group in sorted(groups):
        for single in sorted(singles):
            yield {"group": view.cards(group), "single": view.cards(single)}


@LAYOUTS.register("swap-flop")
def swap_flop(view: View) -> Iterator[Selection]:
    """El Dorado: 4 shared cards, at most one of them (the swapped card) as `center`."""
    center, community = view.cards("center"), view.cards("community")
    if view.flag("swapped", True) and not center:
        raise RulesError("board.center: expected the card swapped into the flop; when nobody "
                         "swapped, give all 4 shared cards as `community` and options.swapped "
                         "false")
    if len(center) > 1:
        raise RulesError(f"board.center: expected at most 1 card (the swapped card), "
                         f"got {len(center)}")
    if len(center) + len(community) != 4:
        raise RulesError(f"board.community: expected {4 - len(center)} cards for el-dorado "
                         f"(4 shared cards in all), got {len(community)}")
    yield {"board": community + center, "center": center}


@LAYOUTS.register("skyscraper")
def skyscraper(view: View) -> Iterator[Selection]:
    """Skyscraper Elevator: shafts A and C (or B, as the seed's list of floors names it),
    five floors, the elevator `E` between them."""
    given = [shaft for shaft in "BC" if any(view.cards(f"{shaft}{n}") for n in range(1, 6))]
    if len(given) != 1:
        raise RulesError("board: expected the second shaft as C1-C5 (or B1-B5), not both")
    for floor in range(1, 6):
        name = f"{given[0]}{floor}"
        if len(view.cards(name)) != 1:
            raise RulesError(f"board.{name}: expected 1 card for skyscraper-elevator, "
                             f"got {len(view.cards(name))}")
    yield from floors_layout(replace(view, params={"shafts": ("A", given[0]), "elevators": ("E",)}))
