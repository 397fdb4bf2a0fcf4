"""The night as reports show it: the settle-up (the exact JSON of `manage.py settle_up`),
the journal's lines and its seal, the list of nights."""

from __future__ import annotations

from typing import TypedDict

from django.db.models import QuerySet

from ledger.integrity.audit import SEAL_DIGITS
from ledger.models import (
    Entry,
    Night,
    Player,
)
from ledger.posting.accounts import EntryKind
from ledger.posting.payloads import Call
from ledger.posting.table_events import hand_result
from ledger.selectors.book import night_book
from ledger.selectors.night import player_lines
from ledger.selectors.night_lines import PlayerLine
from rules.fewest_payments import settle_balances
from rules.games.table import game_name


class SettleUpLine(TypedDict):
    """One person's line of the settle-up, money as decimal strings (ARCHITECTURE.md)."""

    name: str
    bought_cash: str
    bought_note: str
    bought_book: str
    sold: str
    cashed_out: str
    final_pot: str
    net: str
    book_after: str


Payment = TypedDict("Payment", {"from": str, "to": str, "amount": str})


class SettleUp(TypedDict):
    """The settle-up JSON: the night's currency (ISO 4217) beside its players; every amount a
    decimal string with exactly the currency's digits ("12.50", "1500" for yen)."""

    currency: str
    players: list[SettleUpLine]
    transfers: list[Payment]
    minimal: bool


NetTerm = tuple[str, int]   # what a figure is ("cashed out"), and its signed cents in the Net

NET_TERMS = (   # the settle-up `net` term by term, in the order of ARCHITECTURE.md
    ("cashed out", "cashed_out", 1), ("final pot", "final_pot", 1), ("bought", "bought", -1),
    ("sold", "sold", 1), ("own notes voided", "own_notes_voided", 1),
    ("notes voided while held", "held_notes_voided", -1),
    ("count difference", "count_differences", 1),
)


def net_terms(line: PlayerLine) -> list[NetTerm]:
    """The terms that make a player's Net, signed, those that are not zero: they add up to
    `line.net` exactly (the banker's count differences and bank-held notes voided included)."""
    terms = [(label, sign * getattr(line, attr)) for label, attr, sign in NET_TERMS]
    return [(label, cents) for label, cents in terms if cents]


def settle_up_report(session: Night) -> SettleUp:
    """The settle-up exactly as `manage.py settle_up ID --format json` prints it: in the
    night's own currency ("currency", just before "players") and with its digits."""
    return settle_up_night(session)[0]


def settle_up_night(session: Night) -> tuple[SettleUp, dict[str, list[NetTerm]]]:
    """The settle-up report, and each row's Net term by term (by name) for the page and the
    PDF to show how the Net adds up; the JSON holds only the report."""
    lines = player_lines(session)
    book = night_book(session)
    have = {line.player.pk for line in lines}
    for player in Player.objects.filter(pk__in=set(book) - have).order_by("name"):
        lines.append(PlayerLine(player=player, book=book[player.pk]))
    names = {line.player.pk: line.player.name for line in lines}
    settlement = settle_balances({names[pid]: c for pid, c in book.items()})
    settings = session.game_settings
    text = settings.amount_text
    report: SettleUp = {
        "currency": settings.currency,
        "players": [
            {
                "name": line.player.name,
                "bought_cash": text(line.bought_cash),
                "bought_note": text(line.bought_note),
                "bought_book": text(line.bought_book),
                "sold": text(line.sold),
                "cashed_out": text(line.cashed_out),
                "final_pot": text(line.final_pot),
                "net": text(line.net),
                "book_after": text(line.book),
            }
            for line in lines
        ],
        "transfers": [
            {"from": t.debtor, "to": t.creditor, "amount": text(t.cents)}
            for t in settlement.transfers
        ],
        "minimal": settlement.minimal,
    }
    return report, {line.player.name: net_terms(line) for line in lines}




def journal_seal(session: Night | None = None) -> str:
    """The journal's seal as it stands: the newest entry's sequence number and the start of
    its chain value, "1234-3f9a12c4e5b6d7a8" (of the session's newest entry with a session).

    The chain shows a gap or an edit anywhere before its newest entry, not the loss of the
    newest entries themselves. A seal printed on a settle-up (kept on paper or in the PDF sent
    to the group) covers that: `manage.py audit --seal` finds whether the entry it names is
    still there unchanged, and the chain then vouches for everything before it.
    """
    entries = Entry.objects.exclude(sequence=None)
    if session is not None:
        entries = entries.filter(session=session)
    newest = entries.order_by("-sequence").values_list("sequence", "chain").first()
    if newest is None:
        return ""
    return f"{newest[0]}-{newest[1][:SEAL_DIGITS]}"


def nights_list() -> QuerySet[Night]:
    """Every session, newest first, with its banker (without the settlement and THE BOOK
    before it, which the list does not show), and the record of its close's copy (the list
    warns when the newest close has none: ledger/backups.py)."""
    return (Night.objects.select_related("banker", "close_backup")
            .defer("settlement", "book_before")
            .order_by("-date", "-id"))


def entries_of(session: Night) -> QuerySet[Entry]:
    """The session's journal, oldest first, with who entered each, what it corrected and the
    correction that undid it."""
    return (Entry.objects.filter(session=session)
            .select_related("session", "player", "counterparty", "created_by", "reverses",
                            "reversed_by")
            .order_by("id"))


def _options_text(options: object) -> str:
    if not isinstance(options, dict) or not options:
        return ""
    return " (" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in options.items()) + ")"


def journal_details(session: Night) -> dict[int, str]:
    """The journal's words for the night's calls and hands, by entry id: each game by its
    name ("Fred calls Draw match pot") and each hand with the rules' whole explanation, as the
    hand page tells it (the stored memo keeps only its end). One query."""
    details: dict[int, str] = {}
    game: object = None   # the game at the table: the last call, until its end
    rows = (Entry.objects.filter(session=session,
                                 kind__in=[EntryKind.CALL, EntryKind.END_GAME, EntryKind.HAND])
            .order_by("id").values_list("id", "kind", "payload", "reversed_by"))
    for pk, kind, payload, reversed_by in rows:
        payload = payload if isinstance(payload, dict) else {}
        if kind == EntryKind.CALL:
            call = Call.from_json(payload)
            if reversed_by is None:
                game = call.game or None
            details[pk] = (f"{call.dealer or 'The dealer'} calls "
                           f"{game_name(call.game or None) or 'a game'}"
                           f"{_options_text(call.options)}")
        elif kind == EntryKind.END_GAME:
            if reversed_by is None:
                game = None
        else:
            name = game_name(payload.get("game") or game)
            said = hand_result(payload).get("explain")
            explain = " ".join(str(line) for line in said) if isinstance(said, list) else ""
            if explain:
                details[pk] = f"Hand of {name or 'a game not named'}: {explain}"
    return details


# What the journal's and the table's lists of entries do not show: not read for them.
_UNSHOWN = ("payload", "chain", "key", "reversed_by__payload", "reversed_by__chain",
            "reversed_by__key", "reversed_by__memo")


def journal_lines(session: Night) -> QuerySet[Entry]:
    """The night's journal as its page lists it (tables.EntriesTable, and its CSV), oldest
    first: each entry with who entered it and the correction that undid it; the words of
    calls and hands come from `journal_details`, the night from the page."""
    return (Entry.objects.filter(session=session).select_related("created_by", "reversed_by")
            .defer(*_UNSHOWN).order_by("id"))


def recent_entries(session: Night, count: int) -> list[Entry]:
    """The session's last `count` entries, newest first (the dashboard's list)."""
    return list(Entry.objects.filter(session=session).select_related("reversed_by")
                .defer(*_UNSHOWN).order_by("-id")[:count])
