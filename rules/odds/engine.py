"""Each completed deal resolved by the showdown engine itself (`rules.games.showdown`): wild
cards, killers, lowest-hole and center cards, dummy hands, qualifiers, pigging and the pot
rules all follow the game's definition, exactly as at the table.

A deal's result is `Split`: each player's part of a pot of `pot_units(n)` cents (a pot every
split of which comes out in whole units of the smallest chip, so a share is never rounded), and
who won or tied each side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from math import lcm

from ..cards import Card
from ..games import pots
from ..games.showdown import settle_showdown
from ..games.showdown_input import Cards, Seat, Showdown
from ..games.up_cards import card_spec, extra_allowed, matches
from ..money import SEED_UNIT
from .deals import Deal
from .spot import Spot


@dataclass(frozen=True)
class Split:
    """One deal's result: each player's part of the pot (in the pot's units, see
    `pot_units`) and the indices of the players who won or tied each side."""

    parts: tuple[int, ...]
    high: tuple[int, ...]
    low: tuple[int, ...]


Resolver = Callable[[Deal], Split]
DECIDING = 1_000_000     # legs already held: any win now decides the series


def pot_units(players: int, unit: int = SEED_UNIT) -> int:
    """A pot that halves and then splits among any number of tied players up to `players` in
    whole units (P2), so no share is lost to rounding: two units times lcm(1..n)."""
    return 2 * unit * lcm(*range(1, max(players, 1) + 1))


def resolver(spot: Spot) -> Resolver:
    """The function that resolves one completed deal of this spot through the engine."""
    pot = pot_units(len(spot.seats), spot.unit)
    index = {seat.name: i for i, seat in enumerate(spot.seats)}
    # games won over several hands (legs, P10; KRG's series): every player is one win short,
    # so the hand's winner takes the pot and a share is the chance to win this hand
    legs = {seat.name: DECIDING for seat in spot.seats}
    template = Showdown(spot.game, spot.settings, pot, 0, dict(spot.board), list(spot.seats),
                        spot.dummy, legs, spot.round, False, spot.unit)

    def resolve(deal: Deal) -> Split:
        show = _completed(template, spot, deal)
        _, _, outcome, _ = settle_showdown(show)
        parts = [0] * len(spot.seats)
        for award in outcome.awards:
            parts[index[award.name]] += award.amount
        return Split(tuple(parts), _side_winners(outcome, "high", index),
                     _side_winners(outcome, "low", index))

    return resolve


def _side_winners(outcome: pots.Outcome, side: str, index: dict[str, int]) -> tuple[int, ...]:
    """Who won or tied a side; on several boards (H7, sides "board1", "board2 low"), any
    board's side of that name counts (a board's single side is its high)."""
    names: list[str] = list(outcome.winners.get(side, ()))
    for name, won in outcome.winners.items():
        if name in pots.SIDES:
            continue
        board_side = name.rsplit(" ", 1)[-1] if " " in name else "high"
        if board_side == side:
            names += [n for n in won if n not in names]
    return tuple(index[name] for name in names)


def _completed(template: Showdown, spot: Spot, deal: Deal) -> Showdown:
    """The showdown with every slot filled from the deal (and, H2, each extra down card a
    face-up card of the deal gives dealt from the deal's spare cards)."""
    seats = list(template.seats)
    board = dict(template.board)
    dummy = template.dummy
    spare: tuple[Card, ...] = ()
    if spot.extra_cards:
        deal, spare = deal[:-1], deal[-1]
    for slot, cards in zip(spot.slots, deal, strict=True):
        if slot.where == "board":
            board[slot.name] = board[slot.name] + cards
        elif slot.where == "dummy":
            assert dummy is not None  # a dummy slot exists only for a dummy
            dummy = replace(dummy, down=dummy.down + cards)
        else:
            seats[slot.index] = _dealt(seats[slot.index], slot.where, cards)
    if spare:
        seats = _extra_down(spot, seats, spare)
    if "up-card-price" in spot.game.side_payments and \
            spot.settings.get("three_price") == "fold":
        seats = _fold_priced(spot, seats)
    return replace(template, seats=seats, board=board, dummy=dummy)


def _fold_priced(spot: Spot, seats: list[Seat]) -> list[Seat]:
    """H2 `three_price: "fold"`: a player dealt the price card face up folds the hand."""
    rule = card_spec(str(spot.settings.get("price_card", "3")), "options.price_card")
    return [replace(seat, stayed=False, raw={**(seat.raw or {}), "in": False})
            if seat.stayed and any(matches(rule, card) for card in seat.up) else seat
            for seat in seats]


def _extra_down(spot: Spot, seats: list[Seat], spare: Cards) -> list[Seat]:
    """H2: every face-up card that gives an extra down card gives it, in seat order."""
    game = spot.game
    left = list(spare)
    for index, seat in enumerate(seats):
        if not seat.stayed or game.down is None:
            continue
        owed = game.down + extra_allowed(game.extra_down, seat.up) - len(seat.down)
        if owed > 0 and left:
            seats[index] = replace(seat, down=seat.down + tuple(left[:owed]))
            del left[:owed]
    return seats


def _dealt(seat: Seat, where: str, cards: Cards) -> Seat:
    if where == "down":
        return replace(seat, down=seat.down + cards)
    return replace(seat, up=seat.up + cards)
