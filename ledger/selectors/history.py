"""History: a player's nights and the season, in a fixed number of queries however many
nights there are."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import (
    dataclass,
    field,
)
from typing import Any

from django.db.models import (
    Count,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
)

from ledger.models import (
    Entry,
    Night,
    Player,
    Posting,
    Seat,
)
from ledger.posting.accounts import Account, EntryKind
from ledger.selectors.balances import book_balances
from ledger.selectors.book import (
    book_balance_after,
)
from ledger.selectors.night_lines import (
    PlayerLine,
    add_money_row,
    touched,
)


def player_night(session: Night, player: Player) -> PlayerLine:
    """One player's line for the night (their phone page), as `player_lines` has it, read
    from the rows that concern them only, and their THE BOOK as the night leaves it."""
    line = _nights([session], player)[session.pk].get(player.pk) or PlayerLine(player=player)
    line.book = book_balance_after(session, player)
    return line


# ---- history: a player's nights and the season (a fixed number of queries, any number of
# nights) ----

@dataclass
class NightResult:
    """One player's closed night, as the settle-up showed it, and THE BOOK after it (cents)."""

    session: Night
    line: PlayerLine
    book_after: int

    @property
    def date(self) -> datetime.date:
        return self.session.date

    @property
    def bought(self) -> int:
        return self.line.bought

    @property
    def cashed_out(self) -> int:
        return self.line.cashed_out

    @property
    def net(self) -> int:
        return self.line.net


def _nights(sessions: list[Night], player: Player | None = None
            ) -> dict[int, dict[int, PlayerLine]]:
    """session id -> player id -> the night's line (as `player_lines` makes it), for every
    session given, in seven queries whatever their number. With `player`, only rows that can
    concern that player are read (the banker's own rows stay whole for the banker)."""
    ids = [s.pk for s in sessions]
    by_id = {s.pk: s for s in sessions}
    money_query = (Entry.objects.filter(session__in=ids, reversed_by__isnull=True)
                   .exclude(kind=EntryKind.REVERSAL)
                   .filter(kind__in=[EntryKind.BUY, EntryKind.CASHOUT, EntryKind.FINAL_POT,
                                     EntryKind.COUNT_DIFFERENCE]))
    voided_query = Posting.objects.filter(
        session__in=ids, kind=Account.NOTE, entry__kind=EntryKind.NOTE,
        entry__payload__action="void", entry__reversed_by__isnull=True)
    seats = Seat.objects.filter(session__in=ids)
    if player is not None:
        money_query = money_query.filter(Q(player=player) | Q(counterparty=player))
        voided_query = voided_query.filter(
            Q(note__debtor=player) | Q(note__holder=player)
            | Q(note__holder__isnull=True, session__banker=player))
        seats = seats.filter(player=player)
    money_rows = list(money_query.values("session", "kind", "player", "counterparty", "method")
                      .annotate(total=Sum("amount"), n=Count("id")).order_by())
    voided = list(voided_query.values("session", "note__debtor", "note__holder")
                  .annotate(total=Sum("amount")).order_by())
    seat_rows = list(seats.values_list("session", "player", "position"))
    wanted = {pid for _, pid, _ in seat_rows}
    wanted |= {r["player"] for r in money_rows} | {r["counterparty"] for r in money_rows}
    wanted |= {r["note__debtor"] for r in voided} | {r["note__holder"] for r in voided}
    wanted |= {s.banker_id for s in sessions}
    if player is None:
        people = {p.pk: p for p in Player.objects.filter(pk__in=wanted - {None})}
    else:   # only the player's own line is read: the others' need no name
        people = {pk: Player(pk=pk) for pk in wanted - {None}}
        people[player.pk] = player
    nights: dict[int, dict[int, PlayerLine]] = {pk: {} for pk in ids}

    def line(sid: int, pid: int) -> PlayerLine:
        lines = nights[sid]
        if pid not in lines:
            lines[pid] = PlayerLine(player=people[pid])
        return lines[pid]

    for sid, pid, position in seat_rows:
        line(sid, pid).seat = position
    for row in money_rows:
        sid = row["session"]
        line(sid, row["player"])
        if row["counterparty"]:
            line(sid, row["counterparty"])
        add_money_row(nights[sid], row)
    for row in voided:
        sid = row["session"]
        line(sid, row["note__debtor"]).own_notes_voided += row["total"]
        holder = row["note__holder"] or by_id[sid].banker_id
        line(sid, holder).held_notes_voided += row["total"]
    for sid, lines in nights.items():
        banker = lines.get(by_id[sid].banker_id)
        if banker is not None and banker.seat is None and not touched(banker):
            del lines[by_id[sid].banker_id]
    return nights


def _books_after(sessions: list[Night], player: Player | None = None
                 ) -> dict[int, dict[int, int]]:
    """session id -> player id -> THE BOOK after that night (as `night_book` reads it), from
    at most four queries: the close entries (none when the nights were read with their
    `close_id`), THE BOOK up to the first of those closes (one sum a player), the BOOK postings
    since, and the surrogate-book postings (when a night had one). One pass over the postings,
    however many nights: a few recent nights read only what moved since them."""
    ids = [s.pk for s in sessions]
    closes = {s.pk: getattr(s, "close_id") for s in sessions  # noqa: B009 (an annotation)
              if getattr(s, "close_id", None) is not None}
    if not all(hasattr(s, "close_id") for s in sessions):   # not read with the nights
        closes = dict(Entry.objects.filter(session__in=ids, kind=EntryKind.CLOSE)
                      .values("session").annotate(first=Min("id"))
                      .values_list("session", "first"))
    book = Posting.objects.filter(kind=Account.BOOK)
    away = [s.pk for s in sessions if not s.host_present]   # nights with a surrogate book
    surrogate = Posting.objects.filter(kind=Account.SURROGATE, session__in=away)
    if player is not None:
        book, surrogate = book.filter(player=player), surrogate.filter(player=player)
    balances: dict[int, int] = defaultdict(int)
    first = min(closes.values()) if closes and len(closes) == len(ids) else None
    if first is not None:   # what THE BOOK held before the first of these nights closed
        for row in book.filter(entry__lte=first).values("player").annotate(
                total=Sum("amount")).order_by():
            balances[row["player"]] += row["total"]
        book = book.filter(entry__gt=first)
    book_rows = list(book.values("entry", "player").annotate(total=Sum("amount"))
                     .order_by("entry"))
    surrogate_rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in (surrogate.values("session", "entry", "player").annotate(total=Sum("amount"))
                .order_by("entry") if away else []):
        surrogate_rows[row["session"]].append(row)
    result: dict[int, dict[int, int]] = {}
    done = 0
    # in the order they closed; a night without a close entry last: THE BOOK as it is now
    for session in sorted(sessions, key=lambda s: (s.pk not in closes, closes.get(s.pk, 0))):
        upto = closes.get(session.pk)
        while done < len(book_rows) and (upto is None or book_rows[done]["entry"] <= upto):
            balances[book_rows[done]["player"]] += book_rows[done]["total"]
            done += 1
        after = dict(balances)
        if not session.host_present:
            for row in surrogate_rows[session.pk]:
                if upto is None or row["entry"] <= upto:
                    after[row["player"]] = after.get(row["player"], 0) + row["total"]
        result[session.pk] = after
    return result


def _closed_nights(year: int | None = None) -> QuerySet[Night]:
    """The closed nights, oldest first, without the settlement and THE BOOK before them
    (what the history and the season do not show)."""
    sessions = (Night.objects.filter(status=Night.CLOSED).select_related("banker")
                .defer("settlement", "book_before")
                .annotate(close_id=Subquery(Entry.objects.filter(
                    session=OuterRef("pk"), kind=EntryKind.CLOSE).order_by("id").values("id")[:1])))
    if year is not None:
        sessions = sessions.filter(date__year=year)
    return sessions.order_by("date", "id")


def _played_night_ids(player: Player) -> set[int]:
    """The closed nights that can hold a line of `player`'s: where they sat, banked or bought
    or sold chips (`_nights` makes a line from nothing else). Ids only."""
    closed = {"session__status": Night.CLOSED}
    seats = Seat.objects.filter(player=player, **closed).order_by().values_list("session")
    moves = (Entry.objects.filter(Q(player=player) | Q(counterparty=player), **closed)
             .order_by().values_list("session"))
    banked = (Night.objects.filter(banker=player, status=Night.CLOSED)
              .order_by().values_list("pk"))
    return {pk for (pk,) in seats.union(moves, banked)}   # one query


def player_history(player: Player) -> list[NightResult]:
    """The player's closed nights, oldest first: bought, cashed out, net, THE BOOK after.

    Nine queries whatever the number of nights.
    """
    return _history(player, list(_closed_nights()))


def _history(player: Player, sessions: list[Night]) -> list[NightResult]:
    if not sessions:
        return []     # the first night of all: nothing more to read
    nights = _nights(sessions, player)
    books = _books_after(sessions, player)
    return [
        NightResult(session=s, line=nights[s.pk][player.pk],
                    book_after=books[s.pk].get(player.pk, 0))
        for s in sessions if player.pk in nights[s.pk]
    ]


def player_recent_history(player: Player, last: int) -> tuple[list[NightResult], bool]:
    """The newest `last` of the player's closed nights, oldest first, as `player_history`
    has them, read without the older ones (the phone's page), and whether there are older
    ones. A fixed number of queries, and work for `last` nights, whatever the history."""
    ids = _played_night_ids(player)
    newest = _closed_nights().filter(pk__in=ids).order_by("-date", "-id")
    found: list[NightResult] = []
    start = 0
    while True:   # a night that made no line (a banker who only banked) is read past
        sessions = list(newest[start:start + last + 1])
        start += len(sessions)
        found = _history(player, sorted(sessions, key=lambda s: (s.date, s.pk))) + found
        if len(found) > last or len(sessions) <= last:   # one older night, or no more
            return found[-last:], len(found) > last


@dataclass
class SeasonLine:
    """One player across the season's closed nights (cents)."""

    player: Player
    nights: list[NightResult] = field(default_factory=list)
    book_now: int = 0

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def bought(self) -> int:
        return sum(n.bought for n in self.nights)

    @property
    def cashed_out(self) -> int:
        return sum(n.cashed_out for n in self.nights)

    @property
    def net(self) -> int:
        return sum(n.net for n in self.nights)


def season(year: int | None = None) -> list[SeasonLine]:
    """Every player who played a closed night (of `year`, or ever), by name, with their nights
    oldest first and THE BOOK now. Ten queries whatever the number of nights and players."""
    sessions = list(_closed_nights(year))
    nights = _nights(sessions)
    books = _books_after(sessions)
    lines: dict[int, SeasonLine] = {}
    for s in sessions:
        for pid, night in nights[s.pk].items():
            lines.setdefault(pid, SeasonLine(player=night.player)).nights.append(
                NightResult(session=s, line=night, book_after=books[s.pk].get(pid, 0)))
    now = book_balances()
    for pid, season_line in lines.items():
        season_line.book_now = now.get(pid, 0)
    return sorted(lines.values(), key=lambda ln: ln.player.name.lower())


def season_years() -> list[int]:
    """The years that have a closed night, newest first."""
    dates = Night.objects.filter(status=Night.CLOSED).dates("date", "year",
                                                                          order="DESC")
    return [d.year for d in dates]
