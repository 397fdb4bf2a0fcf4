"""Several home games on one site: no house ever sees another's data (ARCHITECTURE "Houses").

Two houses full of data - each a closed night with THE BOOK after it, a payment claimed, an
open night with buy-ins and a phone's waiting ask - and three logins: Friday's banker,
Friday's viewer and Tuesday's banker. Every URL pattern of the site is walked with the other
house's ids: 404, GET and POST; every page, export and phone page of Friday is read for a name
of Tuesday's; a viewer's POST to every banker page is 403 with nothing written.
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from ledger_night import PlayedNight, make_player, new_key, open_night
from test_payments import claim
from test_requests import ask

from ledger.models import Entry, House, Night, PaymentClaim, PhoneRequest, Player, Role
from ledger.scoping import ScopeError, every_house, in_house, no_house
from ledger.services.houses import house_create, member_role_set
from ledger.services.mail import unsubscribe_token

pytestmark = pytest.mark.django_db

FRIDAY = {"host": "Mike", "regulars": ["Fred", "Ann"], "guest": "Gus"}
TUESDAY = {"host": "Walt", "regulars": ["Xena", "Yuri"], "guest": "Zoltan"}
BOTH = "Sam"   # a name both houses have: names are unique per house
FRIDAY_NAMES = [FRIDAY["host"], *FRIDAY["regulars"], FRIDAY["guest"]]


def _fill(house: House, people: dict) -> dict:
    """A house's data through the services, in its scope: players (the host BOG, as in every
    house), a closed night that leaves THE BOOK owed, a claim, an open night, a waiting ask."""
    with in_house(house.pk):
        host, (one, two), guest = people["host"], people["regulars"], people["guest"]
        make_player(host, "BOG", is_host=True)
        make_player(one, f"BO{one[0]}")
        make_player(two, f"BO{two[0]}X")
        make_player(guest, f"BO{guest[0]}G", regular=False, invited_by=one)
        make_player(BOTH, "BOSAM")
        last_week = open_night(banker=host, seating=(one, two, guest, BOTH))
        last_week.buy(one, "20.00", paid="book")
        last_week.buy(two, "20.00")
        last_week.cashout(one)
        last_week.cashout(two, green=8)
        last_week.close()
        made = claim(Player.objects.get(name=one), to=two, amount="5.00")
        tonight = open_night(banker=host, seating=(one, two, BOTH))
        tonight.buy(one, "10.00")
        waiting = ask(Player.objects.get(name=two), amount="5.00", paid="cash")
        return {"house": house, "tonight": tonight.session, "closed": last_week.session,
                "claim": made, "ask": waiting, "entry": Entry.objects.filter(
                    session=tonight.session).first(),
                "player": Player.objects.get(name=one),
                "names": [host, one, two, guest]}


def _audit_says(*args: str) -> str:
    """"The ledger is whole", or the audit's problems."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("audit", *args, stdout=out, stderr=err)
    except SystemExit:
        return err.getvalue()
    return "The ledger is whole" if "The ledger is whole" in out.getvalue() else out.getvalue()


def _login(username: str, house: House | None, role: Role | None) -> Client:
    user = User.objects.create_user(username=username, password="a-long-password-1")
    if house is not None and role is not None:
        member_role_set(house=house, user=user, role=role)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def houses():
    owner = User.objects.create_user(username="owner", password="a-long-password-1")
    friday = _fill(house_create(name="Friday game", owner=owner), FRIDAY)
    tuesday = _fill(house_create(name="Tuesday game", owner=owner), TUESDAY)
    return friday, tuesday


def _routes() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if "admin" not in str(entry.pattern):
                    walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                found.append((entry.name, prefix + str(entry.pattern)))

    walk(get_resolver().url_patterns)
    return found


ROUTES = _routes()
# A token is its player's credential: it answers by itself, whoever is logged in.
TOKEN_ONLY = {name for name, route in ROUTES if "<str:token>" in route and "<int:" not in route}
# (the e-mails' unsubscribe link answers by itself too, like a token: test_mail.py)
NOT_OF_A_HOUSE = {"login", "logout", "join", "signup", "service_worker", "manifest",
                  "offline_page", "rule_book", "mail_unsubscribe"}


def _path(route: str, ids: dict[str, object]) -> str:
    return "/" + re.sub(r"<(?:int|str|slug):(\w+)>", lambda m: str(ids[m.group(1)]), route)


def _ids(of: dict, token_of: dict | None = None) -> dict[str, object]:
    """The ids a route names, all of the house `of` (the token of `token_of`'s house)."""
    night = of["tonight"]
    first = (token_of or of)["player"]
    return {"pk": night.pk, "request_pk": of["ask"].pk, "entry_pk": of["entry"].pk,
            "house": of["house"].slug, "token": first.balance_token,
            "invitation": "no-such-invitation",
            "mail_token": unsubscribe_token(first)}


def _other_house_ids(route: str, mine: dict, theirs: dict) -> tuple[dict, str] | None:
    """Ids that put the other house's row where the route reads one, and which id that is
    (None: the route reads no row of a house)."""
    ids = _ids(mine)
    if route.startswith("s/<int:pk>/"):
        # The other house's night; or my night and the other house's ask or entry.
        if "<int:request_pk>" in route:
            return {**ids, "request_pk": theirs["ask"].pk}, "request_pk"
        if "<int:entry_pk>" in route:
            return {**ids, "entry_pk": theirs["entry"].pk}, "entry_pk"
        return {**ids, "pk": theirs["tonight"].pk}, "pk"
    if route.startswith("players/<int:pk>/"):
        return {**ids, "pk": theirs["player"].pk}, "pk"
    if "payments/<int:pk>/" in route:
        return {**ids, "pk": theirs["claim"].pk}, "pk"
    if "<slug:house>" in route:
        return {**ids, "house": theirs["house"].slug}, "house"
    return None


def test_every_url_with_the_other_houses_ids_answers_404(houses):
    friday, tuesday = houses
    banker = _login("fri-banker", friday["house"], Role.BANKER)
    walked = 0
    for name, route in ROUTES:
        found = _other_house_ids(route, friday, tuesday)
        if found is None:
            continue
        ids, theirs = found
        path = _path(route, ids)
        nobody = _path(route, {**ids, theirs: 99999 if theirs != "house" else "nobody"})
        # The other house's row is answered as an id that is nobody's: 404 (a phone says
        # "There is no payment #2 to confirm" on its own page, 400; a page that is only
        # posted to says 405 to a GET before it looks for any row).
        posted = banker.post(path).status_code
        assert posted == banker.post(nobody).status_code, (name, path)
        assert posted == (400 if route.startswith("p/") else 404), (name, path)
        assert banker.get(path).status_code == banker.get(nobody).status_code in (404, 405), \
            (name, path)
        walked += 1
    assert walked >= 30
    # Nothing was written by any of it.
    assert PhoneRequest.objects.get(pk=tuesday["ask"].pk).status == PhoneRequest.PENDING
    assert PaymentClaim.objects.get(pk=tuesday["claim"].pk).status == PaymentClaim.CLAIMED


def _text(response) -> str:
    kind = response.get("Content-Type", "")
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if "spreadsheet" in kind:
        with zipfile.ZipFile(io.BytesIO(body)) as book:
            return " ".join(book.read(n).decode("utf-8", "replace") for n in book.namelist())
    if "pdf" in kind:
        from pypdf import PdfReader

        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    return body.decode("utf-8", "replace")


def test_no_page_export_or_phone_page_of_one_house_names_a_player_of_the_other(houses):
    friday, tuesday = houses
    banker = _login("fri-banker", friday["house"], Role.BANKER)
    phone = Client()
    read = 0
    for name, route in ROUTES:
        client = phone if "<str:token>" in route else banker
        path = _path(route, _ids(friday))
        queries = [""]
        if name in ("settle_up", "night_entries", "season", "book"):
            queries += ["?_export=csv", "?_export=pdf", "?_export=xlsx"]
        for query in queries:
            response = client.get(path + query)
            if response.status_code != 200:
                continue
            text = _text(response)
            for other in tuesday["names"]:
                assert other not in text, (name, path + query, other)
            read += 1
    assert read >= 25
    for player in Player.objects.filter(house=friday["house"]):
        page = phone.get(f"/p/{player.balance_token}/").content.decode()
        assert not any(other in page for other in tuesday["names"])


def test_a_viewer_reads_the_house_and_every_post_is_refused_with_nothing_written(houses):
    friday, _ = houses
    viewer = _login("fri-viewer", friday["house"], Role.VIEWER)
    assert viewer.get(f"/s/{friday['tonight'].pk}/").status_code == 200
    assert viewer.get("/book/").status_code == 200
    before = (Entry.objects.count(), Player.objects.count(), Night.objects.count(),
              list(PhoneRequest.objects.values_list("status", flat=True)))
    refused = 0
    for name, route in ROUTES:
        if name in TOKEN_ONLY or name in NOT_OF_A_HOUSE or "<str:token>" in route:
            continue
        path = _path(route, _ids(friday))
        assert viewer.post(path, {"key": new_key("viewer"), "amount": "5.00"}).status_code \
            == 403, (name, path)
        refused += 1
    assert refused >= 30
    assert before == (Entry.objects.count(), Player.objects.count(),
                      Night.objects.count(),
                      list(PhoneRequest.objects.values_list("status", flat=True)))


def test_each_house_keeps_its_own_names_host_journal_and_open_night(houses):
    friday, tuesday = houses
    # The same name, the same note id BOG, a night open in each at once.
    assert Player.objects.filter(name=BOTH).count() == 2
    assert Player.objects.filter(note_id="BOG").count() == 2
    assert Night.objects.filter(status=Night.OPEN).count() == 2
    # Each journal is its own chain: 1, 2, 3 ... in each house.
    for house in (friday["house"], tuesday["house"]):
        numbers = list(Entry.objects.filter(house=house).order_by("sequence")
                       .values_list("sequence", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
    assert _audit_says() == "The ledger is whole"


def test_audit_checks_one_house_or_all(houses):
    from django.db import connection

    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    friday, tuesday = houses
    drop_append_only_triggers()
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_entry SET memo = 'edited' WHERE id = %s",
                       [tuesday["entry"].pk])
    install_append_only_triggers()
    assert f"ids [{tuesday['entry'].pk}]" in _audit_says()
    assert _audit_says("--house", friday["house"].slug) == "The ledger is whole"
    assert f"ids [{tuesday['entry'].pk}]" in _audit_says("--house", tuesday["house"].slug)
    with pytest.raises(CommandError, match="there is no house 'monday'"):
        call_command("audit", "--house", "monday")


def test_the_book_of_one_house_never_shows_a_line_of_the_other(houses):
    friday, tuesday = houses
    banker = _login("tue-banker", tuesday["house"], Role.BANKER)
    page = banker.get("/book/").content.decode()
    assert all(name not in page for name in friday["names"])
    assert TUESDAY["regulars"][0] in page


def test_a_query_that_forgot_its_house_fails_instead_of_reading_every_house(houses):
    with no_house(), pytest.raises(ScopeError):
        list(Player.objects.all())
    with in_house(houses[0]["house"].pk):
        assert set(Player.objects.values_list("name", flat=True)) == {*FRIDAY_NAMES, BOTH}


def test_a_banker_of_two_houses_sees_both_listed_and_each_night_in_its_house(houses):
    friday, tuesday = houses
    both = _login("both", friday["house"], Role.BANKER)
    member_role_set(house=tuesday["house"], user=User.objects.get(username="both"),
                    role=Role.BANKER)
    home = both.get("/").content.decode()
    assert "Friday game" in home and "Tuesday game" in home
    # The house last opened is the one of the short paths.
    assert both.get(f"/h/{tuesday['house'].slug}/").status_code == 200
    players = both.get("/players/").content.decode()
    assert "Xena" in players and "Fred" not in players
    assert both.get(f"/s/{friday['tonight'].pk}/").status_code == 200
    assert "Fred" in both.get("/players/").content.decode()


def test_the_night_of_one_house_is_a_night_of_nobody_for_another_houses_banker(houses):
    friday, tuesday = houses
    banker = _login("tue-banker", tuesday["house"], Role.BANKER)
    assert banker.get(f"/s/{friday['tonight'].pk}/").status_code == 404
    assert banker.get(f"/h/{friday['house'].slug}/").status_code == 404
    assert banker.get("/h/no-such-house/").status_code == 404
    # A login of no house at all is no banker anywhere (403, as before houses).
    stranger = _login("stranger", None, None)
    assert stranger.get(f"/s/{friday['tonight'].pk}/").status_code == 403


# ---- upgrading: every row of a one-game site goes into one house ----------------------------


def _figures() -> dict:
    from ledger import selectors
    from ledger.night_file import export_session

    nights = list(Night.objects.order_by("pk"))
    return {"book": [(p.name, cents) for p, cents in selectors.the_book()],
            "nights": [(selectors.settle_up_report(night), export_session(night),
                        selectors.night_dashboard(night).cash_box) for night in nights]}


@pytest.mark.django_db(transaction=True)
def test_an_upgraded_database_keeps_every_figure_in_one_house_and_audits_clean(
        banker_client):
    """A site of before houses, with whole nights in it (played here, then taken back to the
    schema of migration 0016 and sealed as that code sealed), migrated: every row in "Home
    game", its bankers its bankers, the same figures, a clean audit."""
    from test_history import play_host_away_night
    from test_worked_night import play_worked_night

    from ledger.house import house_in_use

    play_worked_night(PlayedNight(open_night_for_upgrade()))
    play_host_away_night()
    before = _figures()
    try:
        _back_to_before_houses()
    finally:   # whatever happens, the next test of this worker finds today's schema
        call_command("migrate", verbosity=0)
    (house,) = House.objects.all()
    assert (house.name, house.slug) == ("Home game", "home-game") and house == house_in_use()
    assert not Player.objects.exclude(house=house).exists()
    assert not Entry.objects.exclude(house=house).exists()
    assert _figures() == before
    assert _audit_says() == "The ledger is whole"
    for night in Night.objects.all():
        assert banker_client.get(f"/s/{night.pk}/settle/").status_code == 200
    assert banker_client.get("/book/").status_code == 200


def _back_to_before_houses() -> None:
    """The database as the code of before houses left it: schema 0016, rows sealed as that
    code sealed them, its witness."""
    import importlib

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    call_command("migrate", "ledger", "0016", verbosity=0)
    _witness_as_before_houses()
    sealing = importlib.import_module("ledger.migrations.0016_sealed_rows")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    state = MigrationExecutor(connection).loader.project_state(("ledger", "0016_sealed_rows"))
    sealing.seal_existing_rows(state.apps, editor)


def _witness_as_before_houses() -> None:
    """The witness the code of before houses kept: one head, of the one journal."""
    import hashlib
    import hmac
    import json
    from pathlib import Path

    from ledger.integrity import witness
    from ledger.integrity.key import ledger_key

    sequence, value = (Entry._base_manager.order_by("-sequence")
                       .values_list("sequence", "chain").first())
    name = witness.database_name()
    text = f"banker-witness/1\n{name}\n{sequence}\n{value}".encode()
    Path(witness.witness_path()).write_text(json.dumps({
        "format": "banker-witness/1", "database": name, "sequence": sequence, "chain": value,
        "at": "2026-11-27T23:00:00+00:00",
        "mac": hmac.new(ledger_key(), text, hashlib.sha256).hexdigest()}))


def open_night_for_upgrade() -> Night:
    make_player("Mike", "BOG", is_host=True)
    make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by="Fred")
    return open_night().session


def test_the_witness_keeps_each_houses_head_and_names_the_house_cut_short(houses):
    import json
    from pathlib import Path

    from django.db import connection

    from ledger.integrity import witness
    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    friday, tuesday = houses
    for house, who in ((friday, "Fred"), (tuesday, "Xena")):
        with in_house(house["house"].pk):
            PlayedNight(house["tonight"]).buy(who, "5.00")
        witness.refresh(house["house"].pk)   # what the write's commit does (integrity/witness.py)
    heads = json.loads(Path(witness.witness_path()).read_text())["heads"]
    newest = {house["house"].pk: Entry.objects.filter(house=house["house"]).order_by(
        "-sequence").values_list("sequence", "chain")[0] for house in (friday, tuesday)}
    assert {int(k): tuple(v) for k, v in heads.items()} == newest
    assert _audit_says() == "The ledger is whole"
    drop_append_only_triggers()
    with connection.cursor() as cursor:   # Tuesday's newest entry cut off, postings and all
        last = Entry.objects.filter(house=tuesday["house"]).order_by("-sequence")[0]
        cursor.execute("DELETE FROM ledger_posting WHERE entry_id = %s", [last.pk])
        cursor.execute("DELETE FROM ledger_entry WHERE id = %s", [last.pk])
    install_append_only_triggers()
    said = _audit_says()
    assert f"Tuesday game: entry {last.sequence} of the journal is missing" in said, said
    assert _audit_says("--house", friday["house"].slug) == "The ledger is whole"


def test_the_readme_says_how_a_houses_entries_are_numbered(houses, client):
    """Each house's chain counts 1, 2, 3 … (what `audit` checks); the numbers the pages show
    are the site's, so the second house's journal does not start at #1 - as the README says."""
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert "The entry numbers the pages show (`#30`) are the site's, counted across every " \
        "house: a second house's journal may start at #30." in readme
    assert "own entry numbers" not in readme
    friday, tuesday = houses
    with every_house():
        first = Entry.objects.filter(house=tuesday["house"]).order_by("sequence").first()
        friday_last = Entry.objects.filter(house=friday["house"]).order_by("pk").last()
    assert first is not None and first.sequence == 1 and first.pk > friday_last.pk > 1
    banker = _login("tara", tuesday["house"], Role.BANKER)
    page = banker.get(f"/s/{tuesday['tonight'].pk}/").content.decode()
    tonight = Entry.objects.filter(session=tuesday["tonight"]).order_by("pk").first()
    assert f"#{tonight.pk} " in page and tonight.pk > friday_last.pk


def test_audit_seal_finds_each_houses_entry_and_agrees_with_the_chain(houses):
    """`audit --seal` with two houses: a seal of either house's entry of the same number is
    found unchanged, and an entry the audit names as changed is never "found unchanged"."""
    from django.db import connection

    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers
    from ledger.selectors import SEAL_DIGITS

    friday, tuesday = houses
    with every_house():
        number = min(Entry.objects.filter(house=house["house"]).order_by("-sequence")
                     .values_list("sequence", flat=True)[0] for house in houses)
        one, two = (Entry.objects.get(house=house["house"], sequence=number)
                    for house in houses)
    seals = [f"{number}-{entry.chain[:SEAL_DIGITS]}" for entry in (one, two)]
    for seal in seals:
        assert _audit_says("--seal", seal) == "The ledger is whole"
    drop_append_only_triggers()
    with connection.cursor() as cursor:   # Tuesday's entry edited, its chain value kept
        cursor.execute("UPDATE ledger_entry SET memo = %s WHERE id = %s", ["edited", two.pk])
    install_append_only_triggers()
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit):
        call_command("audit", "--seal", seals[1], "--seal", seals[0], stdout=out, stderr=err)
    assert f"entries changed after they were written (ids [{two.pk}])" in err.getvalue()
    assert f"seal {seals[1]}: its entry differs" in err.getvalue()
    assert f"seal {seals[1]}: found unchanged" not in out.getvalue()
    assert f"seal {seals[0]}: found unchanged" in out.getvalue()
