"""Layouts that single games of the catalog need, beside the built-in ones of
`rules.games.layouts` (registered by name; a definition names them in `Hand(layout=...)`).

Depot's rails (`depot`) and Odds and Ends' wild card (`odds-and-ends`) live with their rankings,
in `tickets.py` and `odds_and_ends.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rules.errors import RulesError
from rules.games.layouts import LAYOUTS, Selection, View
from rules.games.layouts import floors as floors_layout


@LAYOUTS.register("insured")
def insured_layout(view: View) -> Iterator[Selection]:
    """Double Trouble (003): one three-card hand with the pooled board. A hand that bought
    insurance enters its insured card as `up`; only then may all three cards play, under the
    label "insured" (the game's takes: hand 2 + board 3, or insured 3 + board 2)."""
    selection = {"hand": view.down + view.up, "board": view.cards(*view.playing),
                 "center": view.center()}
    if view.up:
        selection["insured"] = view.down + view.up
    yield selection


@LAYOUTS.register("circle-spokes")
def circle_spokes_layout(view: View) -> Iterator[Selection]:
    """Circle Jerk read with spokes: any three neighbours round the `circle` and each line
    through the `center` (a circle card, the center, the card opposite), as "board"."""
    ring, center = view.cards("circle"), view.cards("center")
    size = len(ring)
    for start in range(size):
        yield {"board": tuple(ring[(start + step) % size] for step in range(3)), "center": center}
    if center and size % 2 == 0:
        for start in range(size // 2):
            yield {"board": (ring[start], *center, ring[start + size // 2]), "center": center}


@LAYOUTS.register("island-boards")
def island_boards(view: View) -> Iterator[Selection]:
    """Island Pineapple's four boards: each first-set card with each split-river card."""
    shared = view.cards("flop", "turn")
    for first in view.cards("first"):
        for river in view.cards("river"):
            yield {"board": (first,) + shared + (river,)}


@LAYOUTS.register("slam")
def slam(view: View) -> Iterator[Selection]:
    """Ruby Run: a slam of 2-10 keeps the over cards live, a face card or ace the under cards."""
    slam_cards = view.cards("slam")
    live = "over" if slam_cards and slam_cards[0].rank <= 10 else "under"
    yield {"board": view.cards(live) + slam_cards}


@LAYOUTS.register("trigger")
def trigger(view: View) -> Iterator[Selection]:
    """Russian Roulette: the active community is the first `active` cards from the trigger."""
    active = view.count("active", 3)
    yield {"board": view.cards("circle")[:active]}


@LAYOUTS.register("group-and-single")
def group_and_single(view: View) -> Iterator[Selection]:
    """Real Poker: one group of two and one single card (a hand may use either, both or none)."""
    groups = [name for name in view.board if name.startswith("group")]
    singles = [name for name in view.board if name.startswith("single")]
    for group in sorted(groups):
        for single in sorted(singles):
            yield {"group": view.cards(group), "single": view.cards(single)}


@LAYOUTS.register("pyramid-rows")
def pyramid_rows(view: View) -> Iterator[Selection]:
    """Egyptian Hold 'Em: rows of 1, 2 and 3 cards (or 3, 2, 1), all pooled as "board"."""
    counts = [len(view.cards(f"row{n}")) for n in (1, 2, 3)]
    if counts not in ([1, 2, 3], [3, 2, 1]):
        bad = next(n for n in (1, 2, 3) if counts[n - 1] != (n if counts[0] != 3 else 4 - n))
        raise RulesError(f"board.row{bad}: expected the pyramid's rows of 1, 2 and 3 cards "
                         f"(top to bottom), got {counts[0]}, {counts[1]} and {counts[2]}")
    yield {"board": view.cards("row1", "row2", "row3")}


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


SHOWN = 5


@LAYOUTS.register("exposed")
def exposed_layout(view: View) -> Iterator[Selection]:
    """Show Five (002): a player ends with five cards turned up and two still down; the five
    exposed cards are the showdown hand. When fewer than five are entered as `up` (a dealer who
    typed the hand as `down`), every card entered plays."""
    hand = view.up if len(view.up) >= SHOWN else view.down + view.up
    yield {"hand": hand, "center": ()}
