"""Layouts: which groups of board cards a player may combine with their own cards.

A layout is a function registered by name. Given a `View` (the whole board by position name,
the positions that play, the player's cards and the layout's parameters from the definition)
it yields *selections*: dicts of labelled card groups. The game's `hand.takes` then say how
many cards come from each label (`Use(source, min, max)`), and the best hand over every
selection is the player's hand.

Labels every layout may yield:
- "hand": the player's own cards (added by the engine as down + up when a layout leaves it out);
- "board", "row", "line", "square", "top", ...: groups of board cards;
- "center": the card whose rank is wild for this selection (a wild spec "center" uses it):
  Old Man's middle card, or the elevator a player chose in Double Elevator.

Built in: community (with mandatory cards), positions, rows, grid (rows, columns, diagonals),
cross, squares, circle (adjacent cards, wrapping), floors (elevators), split-hand (several
hands per player, use one), others-up (the cards a player sees on the others' foreheads).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from ..cards import Card
from ..errors import RulesError
from ..registry import Registry
from .options import read_flag, read_whole_number

Cards = tuple[Card, ...]
Selection = dict[str, Cards]


@dataclass(frozen=True)
class View:
    """What a layout sees for one player."""

    board: Mapping[str, Cards]                 # every position, as entered
    playing: tuple[str, ...]                   # positions whose cards may be in a hand
    down: Cards = ()
    up: Cards = ()
    others_up: Cards = ()                      # the up cards of everyone else in the showdown
    params: Mapping[str, object] = field(default_factory=dict)

    def cards(self, *names: str) -> Cards:
        return tuple(card for name in names for card in self.board.get(name, ()))

    def flag(self, key: str, default: bool) -> bool:
        """A true/false parameter of the layout."""
        return read_flag(self.params.get(key, default), f"hand.params.{key}")

    def count(self, key: str, default: int) -> int:
        """A whole-number parameter of the layout, at least 1."""
        return read_whole_number(self.params.get(key, default), f"hand.params.{key}", 1)

    def center(self) -> Cards:
        """The board card that names a wild rank: `center`, else Kryky's `wild` position."""
        return self.board.get("center") or self.board.get("wild") or ()


Layout = Callable[[View], Iterable[Selection]]
LAYOUTS: Registry[Layout] = Registry("hand.layout: unknown layout {name}; expected one of {known}")
"""Layouts by the name a definition gives as `Hand(layout=name)`; `@LAYOUTS.register(name)`."""


def get_layout(name: str) -> Layout:
    return LAYOUTS.lookup(name)


def _numbered(view: View, prefix: str) -> list[str]:
    """Position names `prefix1`, `prefix2` ... in number order."""
    pattern = re.compile(rf"^{re.escape(prefix)}(\d+)$")
    found = [(int(m.group(1)), name) for name in view.board if (m := pattern.match(name))]
    return [name for _, name in sorted(found)]


def _names(view: View, key: str, default: list[str]) -> list[str]:
    names = view.params.get(key)
    if names is None:
        return default
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise RulesError(f"hand.params.{key}: expected a list of position names, got {names!r}")
    return list(names)


# -- the layouts -----------------------------------------------------------------------------


@LAYOUTS.register("community")
def community(view: View) -> Iterator[Selection]:
    """All playing positions pooled as "board"; `mandatory` positions get their own label
    (Pyramid's `bottom`, which a hand must use: `take(bottom=1, board=..., hand=...)`)."""
    mandatory = _names(view, "mandatory", [])
    pooled = [name for name in _names(view, "positions", list(view.playing))
              if name not in mandatory]
    selection: Selection = {"board": view.cards(*pooled), "center": view.center()}
    for name in mandatory:
        selection[name] = view.cards(name)
    yield selection


@LAYOUTS.register("positions")
def positions(view: View) -> Iterator[Selection]:
    """Every playing position under its own name (Cucamonga's `top` and `bottom`)."""
    selection: Selection = {name: view.cards(name) for name in view.playing}
    selection.setdefault("center", view.center())
    yield selection


@LAYOUTS.register("rows")
def rows(view: View) -> Iterator[Selection]:
    """One row at a time as "row" (Oh Shit: exactly 2 from the hand and 3 from one row).
    Rows are `row1`, `row2`, ... unless `rows` names them; `with` positions join every row."""
    extra = {name: view.cards(name) for name in _names(view, "with", [])}
    for name in _names(view, "rows", _numbered(view, "row")):
        yield {"row": view.cards(name), "center": view.center(), **extra}


@LAYOUTS.register("grid")
def grid(view: View) -> Iterator[Selection]:
    """Rows `row1`..`rowN` laid out as a grid: each row, each column and (param
    `diagonals`, default true, square grids only) both diagonals as "line" (Spots' 3x3)."""
    grid_rows = [view.cards(name) for name in _numbered(view, "row")]
    if not grid_rows:
        return
    width = len(grid_rows[0])
    if any(len(row) != width for row in grid_rows):
        raise RulesError("board: the rows of a grid must all hold the same number of cards")
    lines = list(grid_rows) + [tuple(row[col] for row in grid_rows) for col in range(width)]
    if view.flag("diagonals", True) and width == len(grid_rows):
        lines.append(tuple(grid_rows[i][i] for i in range(width)))
        lines.append(tuple(grid_rows[i][width - 1 - i] for i in range(width)))
    for line in lines:
        yield {"line": line, "center": view.center()}


@LAYOUTS.register("cross")
def cross(view: View) -> Iterator[Selection]:
    """A cross: `row` and `column` each hold the cards on either side of `center` (two before,
    two after); each arm with the center is a "line" (Slam-aha, Flaming Cross). With param
    `center_plays` false the center only names a wild rank and stays out of the lines."""
    center = view.cards("center")
    plays = view.flag("center_plays", True)
    for name in _names(view, "arms", ["row", "column"]):
        arm = view.cards(name)
        half = len(arm) // 2
        line = arm[:half] + (center if plays else ()) + arm[half:]
        yield {"line": line, "center": center}


@LAYOUTS.register("squares")
def squares(view: View) -> Iterator[Selection]:
    """One square at a time as "square", with `row` always available as "row" (Piles:
    exactly 2 from the hand, 2 from one square, 1 from the row)."""
    shared = view.cards(*_names(view, "with", ["row"]))
    for name in _names(view, "squares", _numbered(view, "square")):
        yield {"square": view.cards(name), "row": shared, "center": view.center()}


@LAYOUTS.register("circle")
def circle(view: View) -> Iterator[Selection]:
    """Any `adjacent` (default 3) neighbouring cards of the `circle` position, which is in order
    round the circle (the last touches the first), as "board" (Circle Jerk). The `center`
    position names the wild rank; with param `center_plays` true it also joins each group."""
    ring = view.cards("circle")
    size = view.count("adjacent", 3)
    center = view.cards("center")
    plays = center if view.flag("center_plays", False) else ()
    if len(ring) < size:
        raise RulesError(f"board.circle: expected at least {size} cards")
    for start in range(len(ring)):
        group = tuple(ring[(start + step) % len(ring)] for step in range(size))
        yield {"board": group + plays, "center": center}


@LAYOUTS.register("floors")
def floors(view: View) -> Iterator[Selection]:
    """Elevator games: shafts are columns of positions `A1`..`An`, `B1`.. ("shafts", default
    A B C); an elevator stands between two neighbouring shafts ("elevators", default E1 E2).
    A floor is an elevator with the two shaft cards beside it on the same floor, as "board";
    the chosen elevator is the selection's "center" (its rank is wild, 003)."""
    shafts = _names(view, "shafts", ["A", "B", "C"])
    elevators = _names(view, "elevators", ["E1", "E2"])
    if len(elevators) != len(shafts) - 1:
        raise RulesError("hand.params: floors need one elevator between each pair of shafts")
    height = len(_numbered(view, shafts[0]))
    for index, elevator in enumerate(elevators):
        lift = view.cards(elevator)
        left, right = shafts[index], shafts[index + 1]
        for floor in range(1, height + 1):
            group = view.cards(f"{left}{floor}") + lift + view.cards(f"{right}{floor}")
            yield {"board": group, "center": lift}


@LAYOUTS.register("split-hand")
def split_hand(view: View) -> Iterator[Selection]:
    """A player who holds several hands (Double Trouble, Double-Edge Trim Saw): the hole cards
    in parts of `sizes` (in order), each part a "hand" of its own with the pooled board."""
    sizes = view.params.get("sizes", ())
    if not isinstance(sizes, list | tuple) or not all(
            isinstance(size, int) and not isinstance(size, bool) and size > 0 for size in sizes):
        raise RulesError(f"hand.params.sizes: expected a list of card counts, got {sizes!r}")
    cards = view.down + view.up
    start = 0
    board = view.cards(*view.playing)
    for size in sizes:
        part = cards[start:start + size]
        start += size
        if part:
            yield {"hand": part, "board": board, "center": view.center()}


@LAYOUTS.register("others-up")
def others_up(view: View) -> Iterator[Selection]:
    """The cards a player sees on everyone else's forehead as "hand", with the pooled board
    (Indian Chief)."""
    yield {"hand": view.others_up, "board": view.cards(*view.playing), "center": view.center()}

