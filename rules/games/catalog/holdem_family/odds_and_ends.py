"""Odds and Ends (003): each player's highest odd card is wild unless its rank shows on the board.
Layout `odds-and-ends` names that card as the selection's center, for the wild spec "center"."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules.cards import JOKER, Card
from rules.games.layouts import LAYOUTS, Selection, View

ODD_RANKS = (9, 7, 5, 3)


def odds_and_ends_wild(down: Iterable[Card], board: Iterable[Card]) -> frozenset[Card]:
    """The cards wild for one player in Odds and Ends (003): the player's highest odd card (9, 7,
    5, 3; no face cards, no ace) and any other card of that rank they hold. If that rank shows
    on the board the wild is "ended" and no lower odd card takes its place (the seed's J-J-7-5
    example drops from three jacks to two pair)."""
    held = list(down)
    board_ranks = {card.rank for card in board}
    for rank in ODD_RANKS:
        if any(card.rank == rank for card in held):
            if rank in board_ranks:
                return frozenset()
            return frozenset(card for card in held if card.rank == rank)
    return frozenset()


@LAYOUTS.register("odds-and-ends")
def odds_and_ends_layout(view: View) -> Iterator[Selection]:
    """Odds and Ends (003): the pooled board as "board"; the selection's "center" is the card
    whose rank is wild for this player (their highest odd card, unless the board ends it), to
    be read by the game's wild spec "center". A joker as center names no rank: nothing wild."""
    board = view.cards(*view.playing)
    wild = odds_and_ends_wild(view.down + view.up, board)
    yield {"board": board, "center": (min(wild),) if wild else (JOKER,)}
