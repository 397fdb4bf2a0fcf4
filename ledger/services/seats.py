"""Seats at tonight's table: a player sits down with their first buy-in, or when seated (B1)."""

from __future__ import annotations

from django.db.models import Max

from ledger.models import Night, Player, Seat


def seat_player(session: Night, player: Player) -> Seat:
    """Give a player the next seat to the left, unless they already sit at the table."""
    seat = Seat.objects.filter(session=session, player=player).first()
    if seat is not None:
        return seat
    last = Seat.objects.filter(session=session).aggregate(last=Max("position"))["last"]
    return Seat.objects.create(session=session, player=player,
                               position=0 if last is None else last + 1)
