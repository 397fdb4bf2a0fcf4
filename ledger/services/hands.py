"""The table's record: warnings, penalties and hands. They move no money in the bank.

Chips change hands at the table without the banker, so a recorded hand (its pot, awards, what
carries, who owes what into the next pot) and a penalty are entries without postings: checked,
stored, shown and exported, never a limit on a cash-out.

The first jump of the bet in a night gets the session's one warning (`warning_record`, B11).
Penalties are not refused without it, so files from elsewhere still import, but the dashboard
says whether the warning is used.

A hand's declared `pot` = awards + carry (P2/P3); the carry cannot be negative.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.models import Entry, Player, PokerSession
from rules.errors import MoneyError
from rules.money import format_cents, parse_cents

from .errors import LedgerError
from .idempotency import idempotent
from .journal import Journal, lock_session, money
from .lookup import nickels_of, player_of

PENALTY = 20  # jumping the bet costs $0.20 (B11)


@idempotent("warning_record")
def warning_record(*, session: PokerSession | int, player: Player | str, key: str,
                   user=None) -> Entry:
    """The night's one warning for jumping the bet, before any penalty (B11). Moves no money.

    Only one per session, not one per player; after it every jump costs the penalty.
    """
    session = lock_session(session)
    player = player_of(player)
    given = Entry.objects.filter(session=session, kind=Entry.WARNING).select_related(
        "player").first()
    if given is not None:
        raise LedgerError(f"The night's one warning was already given (to {given.player}); "
                          "jumping the bet now costs the $0.20 penalty (B11).", field="player")
    return Journal(session).write(
        kind=Entry.WARNING, key=key, user=user, player=player,
        payload={"type": "warning", "player": player.name},
        memo=f"{player.name} jumped the bet: the night's one warning (B11)",
    )


def warning_given(session: PokerSession) -> bool:
    """Has tonight's one warning for jumping the bet been used (B11)?"""
    return Entry.objects.filter(session=session, kind=Entry.WARNING).exists()


@idempotent("penalty_record")
def penalty_record(*, session: PokerSession | int, player: Player | str,
                   amount: int | str = PENALTY, key: str, user=None) -> Entry:
    """A $0.20 penalty for jumping the bet, straight into the pot (B11); the table's record."""
    session = lock_session(session)
    player = player_of(player)
    amount = nickels_of(amount)
    if amount != PENALTY:
        raise LedgerError(f"The penalty for jumping the bet is $0.20 (B11), "
                          f"not {money(amount)}.", field="amount")
    return Journal(session).write(
        kind=Entry.PENALTY, key=key, user=user, player=player, amount=amount,
        payload={"type": "penalty", "player": player.name, "amount": format_cents(amount)},
        memo=f"{player.name} jumped the bet (B11)",
    )


def _amounts(mapping: Mapping, field: str) -> dict[Player, int]:
    if not isinstance(mapping, Mapping):
        raise LedgerError(f"Give each player's amount for the {field}.", field=field)
    result: dict[Player, int] = {}
    for who, amount in mapping.items():
        player = player_of(who, field=field)
        if player in result:
            raise LedgerError(f"{player.name} is listed twice in the {field}.", field=field)
        result[player] = nickels_of(amount, field=f"{field} for {player.name}")
    return result


def _is_zero(value: object) -> bool:
    try:
        return not isinstance(value, bool) and parse_cents(value) == 0  # type: ignore[arg-type]
    except MoneyError:
        return False


@idempotent("hand_record")
def hand_record(*, session: PokerSession | int, pot: int | str, awards: Mapping,
                owes: Mapping | None = None, carry: int | str | None = None, game: str = "",
                key: str, user=None) -> Entry:
    """Record a hand as the table played it: awards + carry must make the pot (P2, P3)."""
    session = lock_session(session)
    pot = nickels_of(pot, field="pot")
    won = _amounts(awards, "awards")
    staked = _amounts(owes or {}, "owes")
    if carry in (None, ""):
        carried = pot - sum(won.values())
    elif _is_zero(carry):
        carried = 0
    else:
        carried = nickels_of(carry, field="carry")
    if sum(won.values()) + carried != pot:
        raise LedgerError(
            f"{money(sum(won.values()))} awarded plus {money(carried)} carried does not "
            f"make the pot of {money(pot)}.", field="awards",
        )
    if carried < 0:
        raise LedgerError(f"{money(sum(won.values()))} awarded is more than the pot of "
                          f"{money(pot)}.", field="awards")
    payload = {
        "type": "hand", "game": str(game), "pot": format_cents(pot),
        "awards": {p.name: format_cents(a) for p, a in won.items()},
        "owes": {p.name: format_cents(a) for p, a in staked.items()},
    }
    if carry not in (None, ""):
        payload["carry"] = format_cents(carried)
    return Journal(session).write(kind=Entry.HAND, key=key, user=user, amount=pot, payload=payload,
                         memo=f"hand of {game}" if game else "hand")
