"""THE BOOK: balances now and after a night, a player's book explained line by line, the
nights a player sat in."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import (
    Q,
    Sum,
)
from django.utils.translation import gettext, gettext_lazy

from ledger.house_settings import shown
from ledger.models import (
    Entry,
    Night,
    Player,
    Posting,
)
from ledger.posting.accounts import Account, EntryKind
from ledger.posting.payloads import Close
from ledger.selectors.balances import book_balances


def close_entry_id(session: Night) -> int | None:
    entry = Entry.objects.filter(session=session, kind=EntryKind.CLOSE).order_by("id").first()
    return entry.pk if entry else None


def night_book(session: Night, *, upto_entry: int | None = None) -> dict[int, int]:
    """THE BOOK as this night left it: after its close (or now, while it is open), with the
    night's surrogate book still to merge added in. Player id -> cents, non-zero only."""
    if upto_entry is None and not session.is_open:   # only closing writes the close entry
        upto_entry = close_entry_id(session)
    balances = book_balances(upto_entry=upto_entry)
    if not session.host_present:
        surrogate = book_balances(kinds=[Account.SURROGATE], session=session,
                                  upto_entry=upto_entry)
        for pid, cents in surrogate.items():
            balances[pid] = balances.get(pid, 0) + cents
    return {pid: c for pid, c in balances.items() if c}


def book_now() -> dict[int, int]:
    """THE BOOK now, player id -> cents (non-zero only). One query."""
    return book_balances()


def the_book() -> list[tuple[Player, int]]:
    """THE BOOK now: every person with a balance (positive = is owed), by name."""
    balances = book_balances()
    players = Player.objects.filter(pk__in=balances).order_by("name")
    return [(p, balances[p.pk]) for p in players]


def player_book_balance(player: Player) -> int:
    """A person's THE BOOK balance (positive = is owed), surrogate books not yet merged aside."""
    total = Posting.objects.filter(kind=Account.BOOK, player=player).aggregate(
        total=Sum("amount"))["total"]
    return total or 0


def player_unmerged_surrogate(player: Player) -> int:
    total = Posting.objects.filter(kind=Account.SURROGATE, player=player).aggregate(
        total=Sum("amount"))["total"]
    return total or 0


def player_books(player: Player) -> tuple[int, int]:
    """`player_book_balance` and `player_unmerged_surrogate` in one query (the phone page)."""
    totals = dict(Posting.objects.filter(kind__in=[Account.BOOK, Account.SURROGATE],
                                         player=player)
                  .values("kind").annotate(total=Sum("amount")).order_by()
                  .values_list("kind", "total"))
    return totals.get(Account.BOOK) or 0, totals.get(Account.SURROGATE) or 0


@dataclass
class BookLine:
    """One change of a person's THE BOOK balance, as their phone explains it: when, why, how
    much (positive: they are owed more; negative: they owe more)."""

    date: datetime.date | None
    reason: str
    amount: int


@dataclass
class BookStory:
    """The lines that make up a person's THE BOOK balance, oldest first: the older ones summed
    in `earlier` (from nights before `earlier_until`), the newest as `lines`."""

    lines: list[BookLine]
    earlier: int = 0
    earlier_count: int = 0
    earlier_until: datetime.date | None = None

    @property
    def total(self) -> int:
        return self.earlier + sum(line.amount for line in self.lines)


# The phrases of a night's play in THE BOOK, by what moved it (see book_story).
_NIGHT_WORDS = {
    "bought": gettext_lazy("bought on THE BOOK"),
    "bank_sold": gettext_lazy("the bank's chips bought on THE BOOK"),
    "cashout": gettext_lazy("cash-out the cash box could not pay"),
    "bank_cashout": gettext_lazy("cash-outs the cash box could not pay"),
    "final_pot": gettext_lazy("final pot the cash box could not pay"),
    "bank_final_pot": gettext_lazy("a final pot the cash box could not pay"),
    "count_difference": gettext_lazy("chips that never came back"),
}


def _book_reason(pk: int, kind: str, corrected: bool, me: Player, row: Mapping[str, Any],
                 natural: int) -> tuple[str, str]:
    """(group, words) for one posting on `me`'s THE BOOK: postings of one night's play share
    the group "night" and are summed into one line; every other posting is a line of its own."""
    who, other = row["entry__player__name"], row["entry__counterparty__name"]
    mine = row["entry__player_id"] == me.pk
    payload = row["reverses_payload"] if corrected else row["entry__payload"]
    payload = payload if isinstance(payload, dict) else {}
    words: str
    if kind == EntryKind.BUY:
        if mine:
            words = (gettext("bought chips from %(name)s on THE BOOK") % {"name": other}
                     if other else str(_NIGHT_WORDS["bought"]))
        elif row["entry__counterparty_id"] == me.pk:
            words = gettext("sold chips to %(name)s on THE BOOK") % {"name": who}
        else:
            words = str(_NIGHT_WORDS["bank_sold"])
        return "night", words
    if kind in (EntryKind.CASHOUT, EntryKind.FINAL_POT, EntryKind.COUNT_DIFFERENCE):
        key = kind if mine or kind == EntryKind.COUNT_DIFFERENCE else f"bank_{kind}"
        return "night", str(_NIGHT_WORDS[key])
    if kind == EntryKind.NOTE:
        holder = payload.get("holder")
        if mine:
            words = gettext("your bank note committed into THE BOOK (B5)")
        elif holder and holder != "bank":
            words = gettext("%(name)s's bank note you held, committed into THE BOOK (B5)") % {
                "name": who}
        else:
            words = gettext("%(name)s's bank note the bank held, committed into THE BOOK (B5)"
                            ) % {"name": who}
    elif kind == EntryKind.CLOSE:
        moves = Close.from_json(payload).moves
        if natural > 0:
            to = next((m.inviter for m in moves if m.guest == me.name), "")
            words = (gettext("your debt moved to %(name)s (B9)") % {"name": to}
                     if to else gettext("your debt moved to your inviter (B9)"))
        else:
            guests = [m.guest for m in moves if m.inviter == me.name]
            if len(guests) == 1:
                words = gettext("guest %(name)s's debt moved to you (B9)") % {"name": guests[0]}
            elif guests:
                words = gettext("guests %(names)s's debts moved to you (B9)") % {
                    "names": gettext(" and ").join(guests)}
            else:
                words = gettext("your guests' debts moved to you (B9)")
    elif kind == EntryKind.PAY:
        words = (gettext("you paid %(name)s") % {"name": other} if mine
                 else gettext("%(name)s paid you") % {"name": who})
    elif kind == EntryKind.OPENING:
        words = gettext("THE BOOK as it stood before this app")
    elif kind == EntryKind.MERGE:
        words = gettext("the surrogate book of a night without the host, merged (B7)")
    else:
        words = str(row["memo"] or kind)
    return f"entry-{pk}", words + (gettext(" (corrected)") if corrected else "")


def _signed(cents: int) -> str:
    return ("+" if cents > 0 else "") + shown().money(cents)


def book_story(player: Player, *, keep: int = 8) -> BookStory:
    """Every change of `player`'s THE BOOK balance, read from the journal: a night's play
    (buy-ins and chip sales on THE BOOK, cash-outs the box could not pay), a guest's debt
    moved to the inviter (B9), a payment, a committed bank note (B5), a correction. The
    `keep` newest lines are listed, the older ones summed as "earlier". One query."""
    rows = (Posting.objects.filter(kind=Account.BOOK, player=player)
            .order_by("entry_id", "id")
            .values("amount", "entry_id", "entry__kind", "entry__session_id",
                    "entry__session__date", "entry__payload", "entry__memo",
                    "entry__player_id", "entry__player__name", "entry__counterparty_id",
                    "entry__counterparty__name", "entry__reverses__kind",
                    "entry__reverses__payload", "entry__reverses__player_id",
                    "entry__reverses__player__name", "entry__reverses__counterparty_id",
                    "entry__reverses__counterparty__name", "entry__reverses__memo"))
    lines: dict[tuple[object, str], tuple[datetime.date | None, dict[str, int], int]] = {}
    sign = Account.sign(Account.BOOK)
    for row in rows:
        natural = sign * row["amount"]
        corrected = row["entry__kind"] == EntryKind.REVERSAL and row["entry__reverses__kind"]
        view: dict[str, Any] = dict(row)
        if corrected:   # a correction is told as what it corrected
            for name in ("player_id", "player__name", "counterparty_id",
                         "counterparty__name", "memo"):
                view[f"entry__{name}"] = view[f"entry__reverses__{name}"]
        view["memo"] = view["entry__memo"]
        view["reverses_payload"] = row["entry__reverses__payload"]
        kind = row["entry__reverses__kind"] if corrected else row["entry__kind"]
        group, words = _book_reason(row["entry_id"], kind, bool(corrected), player, view,
                                    natural)
        key = (row["entry__session_id"] if group == "night" else row["entry_id"], group)
        date, parts, total = lines.get(key, (row["entry__session__date"], {}, 0))
        parts[words] = parts.get(words, 0) + natural
        lines[key] = (date, parts, total + natural)
    told = []
    for (_, group), (date, parts, total) in lines.items():
        if group == "night":
            moved = {words: cents for words, cents in parts.items() if cents}
            # one reason is the line's amount; several say each one's, so they add up by eye
            said = (list(moved) if len(moved) == 1
                    else [f"{words} {_signed(cents)}" for words, cents in moved.items()])
            reason = gettext("the night's play") + (": " + "; ".join(said) if said else "")
        else:
            reason = next(iter(parts))
        if any(parts.values()):   # a night whose moves cancel out is told all the same
            told.append(BookLine(date=date, reason=reason, amount=total))
    older, newest = told[:-keep] if keep else told, told[-keep:] if keep else []
    return BookStory(lines=newest, earlier=sum(line.amount for line in older),
                     earlier_count=len(older),
                     earlier_until=newest[0].date if older and newest else None)


def book_balance_after(session: Night, player: Player) -> int:
    """`night_book(session)`'s figure for one player (one or two sums)."""
    upto = None if session.is_open else close_entry_id(session)
    kinds = [Account.BOOK] + ([] if session.host_present else [Account.SURROGATE])
    rows = Posting.objects.filter(kind__in=kinds, player=player)
    if upto is not None:
        rows = rows.filter(entry_id__lte=upto)
    if not session.host_present:
        rows = rows.filter(Q(kind=Account.BOOK) | Q(session=session))
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def player_latest_nights(player: Player) -> list[Night]:
    """Of the nights a player sat at, tonight's (when it is open) and the last closed one,
    newest first: what the phone's page shows, whatever the number of nights behind them."""
    sat = (Night.objects.filter(seats__player=player).select_related("banker")
           .defer("book_before").order_by("-date", "-id"))
    found = [*sat.filter(status=Night.OPEN)[:1], *sat.filter(status=Night.CLOSED)[:1]]
    return sorted(found, key=lambda s: (s.date, s.pk), reverse=True)


def nights_played(player: Player) -> list[Night]:
    """The nights a player sat at, newest first."""
    return list(Night.objects.filter(seats__player=player).select_related("banker")
                .order_by("-date", "-id"))
