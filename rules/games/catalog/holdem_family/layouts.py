"""Layouts of single hold'em-family games (003): Double Trouble's insurance (`insured`) and
Circle Jerk read with spokes (`circle-spokes`). Depot's rails (`depot`) and Odds and Ends' wild card
(`odds-and-ends`) live with their rankings, in `tickets.py` and `odds_and_ends.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.games.layouts import LAYOUTS, Selection, View


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
