"""`manage.py load_demo`: two demo poker nights for `make demo`, safe to run again.

Every write goes through the services with fixed one-time keys, so a second run replays the
first instead of adding anything. Both nights end closed (everyone cashed out, the final pot
won, the notes committed), so the banker's first real night opens at once. It prints the
banker's login and each player's balance link.
"""

import datetime
import os
import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.urls import NoReverseMatch, reverse

from ledger import selectors, services
from ledger.command_line import house_named
from ledger.house_settings import SEED
from ledger.models import House, Night, Player, Role
from ledger.permissions import make_banker
from ledger.posting.accounts import Account
from ledger.scoping import in_house
from ledger.selectors.balances import night_totals
from ledger.services.houses import member_role_set

PLAYERS = [
    # name, note id, regular, invited by, host
    ("Mike", "BOG", True, None, True),
    ("Fred", "BOF", True, None, False),
    ("Ann", "BOA", True, None, False),
    ("Jim", "BOJ", True, None, False),
    ("Gus", "BOGU", False, "Fred", False),
]


def _url(name: str, fallback: str, **kwargs: object) -> str:
    try:
        return reverse(name, kwargs=kwargs or None)
    except NoReverseMatch:
        return fallback


class Command(BaseCommand):
    help = "Load two demo nights (players, THE BOOK, every kind of entry), both closed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))

    def handle(self, *args: Any, **options: Any) -> None:
        house = house_named(None)   # the demo's site has one house: made now if none yet
        with in_house(house.pk):
            self._load(house, options)

    def _load(self, house: House, options: dict[str, Any]) -> None:
        try:
            with transaction.atomic():
                for name, note_id, regular, inviter, host in PLAYERS:
                    if Player.objects.filter(name=name).exists():
                        continue  # loaded before (or typed in by hand): keep it
                    services.player_create(name=name, note_id=note_id, regular=regular,
                                           invited_by=_players().get(inviter or ""),
                                           is_host=host,
                                           key=f"demo-player-{name}")
                self._last_week()
                tonight = self._tonight()
        except services.LedgerError as error:
            # A database with other people in it: say so, and still serve the site.
            self.stderr.write(f"The demo night was not loaded here: {error.message}")
            tonight = None
        password = secrets.token_urlsafe(9)
        user, _ = get_user_model().objects.get_or_create(username="banker")
        user.is_staff = user.is_superuser = True
        user.set_password(password)
        user.save()
        make_banker(user)
        member_role_set(house=house, user=user, role=Role.OWNER)
        # Phones open the links on the site's public address (DJANGO_PUBLIC_URL) when one is set.
        base = settings.PUBLIC_URL or f"http://127.0.0.1:{options['port']}"
        out = self.stdout.write
        if tonight is not None:
            out(f"Demo loaded: session {tonight.pk} ({tonight.date}, banker Mike), closed: "
                "open a new night from the nights page.")
        out(f"Banker login: {base}{_url('login', '/login/')}  user: banker  password: {password}")
        out("Balance links for the players' phones:")
        for player in Player.objects.order_by("name"):
            link = _url("player_balance", f"/p/{player.balance_token}/",
                        token=player.balance_token)
            out(f"  {player.name:<5} {base}{link}")

    def _last_week(self) -> None:
        """A closed night: Ann lost $5 on THE BOOK to Jim."""
        key = "demo-last-week"
        p = _players()
        night = services.night_open(date=datetime.date(2026, 11, 14), banker=p["Mike"],
                                      seating=[p["Jim"], p["Ann"]], key=f"{key}-open")
        services.buyin_create(session=night, player=p["Jim"], amount=10_00,
                              key=f"{key}-buy-jim")
        services.buyin_create(session=night, player=p["Ann"], amount=10_00, paid="book",
                              key=f"{key}-buy-ann")
        services.hand_record(session=night, pot=5_00, awards={p["Jim"]: 5_00},
                             owes={p["Ann"]: 5_00}, game="five-card-draw", key=f"{key}-hand")
        services.cashout_create(session=night, player=p["Jim"], chips={"green": 3},
                                key=f"{key}-out-jim")
        services.cashout_create(session=night, player=p["Ann"], chips={"green": 1},
                                key=f"{key}-out-ann")
        services.night_close(session=night, key=f"{key}-close")

    def _tonight(self) -> Night:
        """The demo's big night: every kind of buy-in, a chip sale, a penalty, two hands, then
        everyone cashed out, the final pot won, the bank notes committed and the night closed."""
        key = "demo-tonight"
        p = _players()
        mike, fred, ann, jim, gus = (p[n] for n in ("Mike", "Fred", "Ann", "Jim", "Gus"))
        night = services.night_open(date=datetime.date(2026, 11, 21), banker=mike,
                                      seating=[fred, ann, jim, gus], key=f"{key}-open")
        services.buyin_create(session=night, player=mike, amount=20_00, key=f"{key}-buy-mike")
        services.buyin_create(session=night, player=fred, amount=20_00, key=f"{key}-buy-fred")
        services.buyin_create(session=night, player=ann, amount=20_00, paid="note",
                              key=f"{key}-buy-ann")
        services.buyin_create(session=night, player=jim, amount=15_00, paid="book",
                              key=f"{key}-buy-jim")
        services.buyin_create(session=night, player=gus, amount=10_00, key=f"{key}-buy-gus")
        services.buyin_create(session=night, player=gus, amount=5_00, paid="book",
                              seller=fred, key=f"{key}-sale-gus")
        services.warning_record(session=night, player=jim, key=f"{key}-warning")
        services.penalty_record(session=night, player=gus, key=f"{key}-penalty")
        services.hand_record(
            session=night, pot=6_20, awards={ann: 6_20}, game="seven-card-stud",
            owes={mike: 1_20, fred: 1_20, ann: 1_20, jim: 1_20, gus: 1_20},
            key=f"{key}-hand-1")
        services.hand_record(
            session=night, pot=3_05, awards={fred: 1_50, jim: 1_50}, carry=5,
            game="guts", owes={fred: 1_00, jim: 1_00, mike: 1_05}, key=f"{key}-hand-2")
        _close(night, key, counts=[(mike, 12_35), (fred, 26_40), (ann, 24_15), (gus, 0)],
               last=jim, final_pot_to=ann)
        return night


def _close(night: Night, key: str, *, counts: list[tuple[Player, int]], last: Player,
           final_pot_to: Player) -> None:
    """Cash everyone out (`last` counts the chips still out), pay the final pot, commit the
    bank notes into THE BOOK and close: through the services, as the banker's pages do.
    Loaded before: the night is closed already, and what `last` counted is no longer out."""
    night.refresh_from_db()
    if not night.is_open:
        return
    for player, cents in counts:
        services.cashout_create(session=night, player=player, chips=_chips(cents),
                                key=f"{key}-out-{player.name}")
    left = night_totals(night).get(Account.CHIPS, 0)
    services.cashout_create(session=night, player=last, chips=_chips(left),
                            key=f"{key}-out-{last.name}")
    if night_totals(night).get(Account.FINAL_POT, 0):
        services.final_pot_award(session=night, winner=final_pot_to, key=f"{key}-final-pot")
    for debtor in sorted({note.debtor for note, _ in selectors.open_notes(night)},
                         key=lambda player: player.name):
        services.note_commit(session=night, player=debtor, key=f"{key}-commit-{debtor.name}")
    services.night_close(session=night, key=f"{key}-close")


def _chips(cents: int) -> dict[str, int]:
    """`cents` in the fewest chips, biggest colour first (a count is in chips, B10)."""
    chips = {}
    for colour, value in reversed(SEED.chips):
        if cents >= value:
            chips[colour], cents = divmod(cents, value)
    return chips


def _players() -> dict[str, Player]:
    """The demo's players by name (PLAYERS, loaded above or typed in by hand)."""
    return {p.name: p for p in Player.objects.filter(name__in=[row[0] for row in PLAYERS])}
