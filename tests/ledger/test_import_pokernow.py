"""Online nights: `manage.py import_pokernow` makes a PokerNow ledger CSV one closed night of a
house, through the night file's import (the posting core and the journal of every night): paid
to the cent, its settle-up nets the ledger's nets, THE BOOK moved by them; bad input is one
line, exit code 2, nothing written."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from ledger_night import assert_invariants, make_player

from ledger.house import house_in_use
from ledger.models import Entry, Night, Player
from ledger.night_file.pokernow import Known, night_document
from ledger.posting.accounts import EntryKind
from ledger.scoping import in_house
from ledger.selectors.book import book_now
from ledger.selectors.reports import settle_up_report
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db

HEADER = ("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,"
          "net,nit_escrow")
# Nine rows in chips (one chip a cent): "fred" is Fred by name, "Annie" and "ann" are Ann
# (an alias and the name), "Zed" is nobody until an alias names Lou; Gus sits twice; "ann"
# and Mike's second seat are still seated (no buy_out: their stack is what they hold).
ROWS = [
    "fred,p1,2026-11-21T02:40:00.000Z,2026-11-21T05:00:00.000Z,2000,3234,0,1234,0",
    "Annie,p2,2026-11-21T02:41:10.500Z,2026-11-21T03:30:00.000Z,2000,0,0,-2000,0",
    "ann,p3,2026-11-21T03:40:00.000Z,,1000,,1566,566,0",
    "Mike,p4,2026-11-21T02:30:00.000Z,2026-11-21T04:00:00.000Z,2000,1000,0,-1000,0",
    "Gus,p5,2026-11-21T02:45:00.000Z,2026-11-21T03:00:00.000Z,1500,0,0,-1500,0",
    "Gus,p5,2026-11-21T03:05:00.000Z,2026-11-21T05:00:00.000Z,1000,2655,0,1655,0",
    "Zed,p6,2026-11-21T02:50:00.000Z,2026-11-21T05:00:00.000Z,2000,1111,0,-889,0",
    "Mike,p4,2026-11-21T04:10:00.000Z,,500,,434,-66,0",
    "FRED,p1,2026-11-21T05:10:00.000Z,2026-11-21T06:00:00.000Z,1000,3000,0,2000,0",
]
NETS = {"Fred": "32.34", "Ann": "-14.34", "Mike": "-10.66", "Lou": "-8.89", "Gus": "1.55"}
ALIASES = ("--alias", "Annie=Ann", "--alias", "zed=Lou")


@pytest.fixture
def house(players):
    make_player("Lou", "LOU")
    return house_in_use()


def ledger_file(tmp_path: Path, rows=ROWS, header=HEADER, name="ledger.csv") -> str:
    path = tmp_path / name
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return str(path)


def run(path: str, *options: str, house_slug: str = "home-game") -> Night:
    out = io.StringIO()
    call_command("import_pokernow", path, "--house", house_slug, *options, stdout=out)
    return Night.objects.get(pk=int(out.getvalue().strip()))


def counts() -> tuple[int, int, int]:
    return Night.objects.count(), Entry.objects.count(), Player.objects.count()


def refused(path: str, *options: str, words: tuple[str, ...] = ()) -> str:
    before = counts()
    with pytest.raises(CommandError) as raised:
        call_command("import_pokernow", path, *options, stdout=io.StringIO())
    message = str(raised.value)
    assert raised.value.returncode == 2
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert counts() == before
    return message


def nets(session: Night) -> dict[str, str]:
    return {row["name"]: row["net"] for row in settle_up_report(session)["players"]}


def audit_clean() -> None:
    out = io.StringIO()
    call_command("audit", stdout=out, stderr=io.StringIO())
    assert "The ledger is whole" in out.getvalue(), out.getvalue()


def test_a_pokernow_ledger_is_one_closed_night_paid_to_the_cent(house, tmp_path):
    path = ledger_file(tmp_path)
    refused(path, "--house", house.slug, "--alias", "Annie=Ann",
            words=("Unknown nicknames: Zed", "--alias", "--guests-invited-by"))
    session = run(path, *ALIASES)
    assert session.status == Night.CLOSED
    assert session.date.isoformat() == "2026-11-20"      # 02:30 UTC is the 20th in New York
    assert session.banker.name == "Fred"                 # the first regular of the file
    settings = session.game_settings
    assert (settings.unit, settings.buy_in_step, settings.cash_unit) == (1, 1, 1)
    assert not settings.has_final_pot
    assert settings.currency == house.game_settings.currency
    assert nets(session) == NETS
    report = {row["name"]: row for row in settle_up_report(session)["players"]}
    assert report["Ann"]["bought_book"] == "30.00"
    assert report["Ann"]["cashed_out"] == "15.66"
    assert report["Fred"]["cashed_out"] == "62.34"
    with in_house(house.pk):
        book = {Player.objects.get(pk=pk).name: cents for pk, cents in book_now().items()}
    assert book == {"Fred": 3234, "Ann": -1434, "Mike": -1066, "Lou": -889, "Gus": 155}
    assert not Entry.objects.filter(session=session, kind=EntryKind.FINAL_POT).exists()
    assert_invariants(session)
    audit_clean()


def test_the_same_file_twice_is_refused(house, tmp_path):
    path = ledger_file(tmp_path)
    first = run(path, *ALIASES)
    message = refused(path, "--house", house.slug, *ALIASES, words=("already here",))
    assert str(first.pk) in message
    audit_clean()


def test_a_file_of_money_reads_with_a_chip_value_of_one(house, tmp_path):
    rows = ["Ann,a,2026-11-21T01:00:00Z,,20.5,,32.75,12.25",
            "Fred,b,2026-11-21T01:05:00Z,2026-11-21T02:00:00Z,40,27.75,0,-12.25"]
    session = run(ledger_file(tmp_path, rows, HEADER.rsplit(",", 1)[0]),
                  "--chip-value", "1", "--date", "2026-11-22")
    assert session.date.isoformat() == "2026-11-22"
    assert session.banker.name == "Ann"
    assert nets(session) == {"Ann": "12.25", "Fred": "-12.25"}
    assert_invariants(session)
    audit_clean()


def test_a_chip_value_of_a_dollar_counts_whole_dollar_chips(house, tmp_path):
    rows = ["Ann,a,2026-11-21T01:00:00Z,,20,,32,12",
            "Fred,b,2026-11-21T01:05:00Z,2026-11-21T02:00:00Z,40,28,0,-12"]
    session = run(ledger_file(tmp_path, rows), "--chip-value", "1")
    settings = session.game_settings
    assert (settings.unit, settings.buy_in_step, settings.cash_unit) == (100, 100, 100)
    assert nets(session) == {"Ann": "12.00", "Fred": "-12.00"}


def test_unknown_nicknames_may_be_guests_of_a_regular(house, tmp_path):
    rows = ["Ann,a,2026-11-21T01:00:00Z,,2000,,1000,-1000",
            "NewKid,b,2026-11-21T01:05:00Z,,1000,,500,-500",
            "newkid,c,2026-11-21T01:06:00Z,,1000,,2500,1500"]
    path = ledger_file(tmp_path, rows)
    refused(path, "--house", house.slug, "--guests-invited-by", "Gus",
            words=("--guests-invited-by", "Gus", "regular"))
    session = run(path, "--guests-invited-by", "fred")
    guest = Player.objects.get(name="NewKid")
    assert not guest.regular and guest.invited_by.name == "Fred"
    assert nets(session) == {"Ann": "-10.00", "NewKid": "10.00"}
    assert_invariants(session)
    audit_clean()


def test_a_big_stack_is_counted_in_larger_chips(house, tmp_path):
    rows = ["Ann,a,2026-11-21T01:00:00Z,,9000000,,1,-8999999",
            "Fred,b,2026-11-21T01:05:00Z,,100,,9000099,8999999"]
    session = run(ledger_file(tmp_path, rows))
    assert nets(session) == {"Ann": "-89999.99", "Fred": "89999.99"}


def test_a_buy_in_above_the_largest_amount_is_bought_in_parts(house, tmp_path):
    rows = ["Ann,a,2026-11-21T01:00:00Z,,25000000,,1,-24999999",
            "Fred,b,2026-11-21T01:05:00Z,,100,,25000099,24999999"]
    session = run(ledger_file(tmp_path, rows))
    assert Entry.objects.filter(session=session, kind=EntryKind.BUY).count() == 4
    assert nets(session) == {"Ann": "-249999.99", "Fred": "249999.99"}


@pytest.mark.parametrize(("change", "options", "words"), [
    (lambda h, r: (h.replace(",net", ""), r), (), ("column net is missing",)),
    (lambda h, r: (h, [r[0].replace(",3234,0,1234,", ",3235,0,1235,"), *r[1:]]), (),
     ("nets add up to 1 chips",)),
    (lambda h, r: (h, [r[0].replace(",2000,3234,0,1234,", ",-2000,3234,0,5234,"), *r[1:]]),
     (), ("row 2", "buy_in", "negative")),
    (lambda h, r: (h, r), ("--alias", "Annie=Ann"), ("Unknown nicknames: Zed",)),
    (lambda h, r: (h, r), ("--alias", "Annie=Ann", "--alias", "annie=Mike", "--alias", "Zed=Lou"),
     ("annie", "two players", "Ann", "Mike")),
    (lambda h, r: (h, r), ("--alias", "Annie=Ann", "--alias", "Zed=Nobody"),
     ("there is no player 'Nobody'",)),
    (lambda h, r: (h, [r[0].replace(",1234,", ",1233,"), *r[1:]]), ALIASES, ("row 2", "net")),
    (lambda h, r: (h, [r[0].replace("2000,3234", "20.005,3234"), *r[1:]]), ALIASES,
     ("row 2", "finer than a cent")),
    (lambda h, r: (h, r), (*ALIASES, "--chip-value", "0"), ("--chip-value",)),
    (lambda h, r: (h, r), (*ALIASES, "--date", "21/11/2026"), ("--date",)),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(house, tmp_path, change, options,
                                                            words):
    header, rows = change(HEADER, list(ROWS))
    refused(ledger_file(tmp_path, rows, header), "--house", house.slug, *options, words=words)


def test_an_unknown_house_and_a_missing_file_are_refused(house, tmp_path):
    refused(ledger_file(tmp_path), "--house", "nowhere", *ALIASES, words=("--house",))
    refused(str(tmp_path / "none.csv"), "--house", house.slug, words=("FILE: cannot read",))


def test_the_document_is_a_banker_session_file():
    """Pure: CSV text and the house in, a /2 document out."""
    from ledger.house_settings import SEED

    text = "\n".join([HEADER, *ROWS[:2]]).replace("-2000", "-1234").replace(
        ",2000,0,0", ",2000,766,0")
    document = night_document(
        text, settings=SEED, known=[Known("Fred", "BOF"), Known("Ann", "BOA")], book={},
        aliases=["Annie=Ann"])
    assert document["format"] == "banker-session/2"
    assert document["house"]["chips"]["white"] == "0.01"
    assert document["events"][0] == {"type": "buy", "player": "Fred", "amount": "20.00",
                                     "paid": "book"}
    assert document["events"][-1] == {"type": "close"}
    with pytest.raises(LedgerError, match="Unknown nicknames: Annie"):
        night_document(text, settings=SEED, known=[Known("Fred", "BOF")], book={})


def test_the_same_ledger_under_another_date_is_refused_too(house, tmp_path):
    path = ledger_file(tmp_path)
    first = run(path, *ALIASES)
    refused(path, "--house", house.slug, *ALIASES, "--date", "2026-11-25",
            words=("already here", f"session {first.pk}"))


def test_a_second_night_carries_the_book_of_the_first(house, tmp_path):
    """After a night to the cent, THE BOOK holds cents; a night of whole-dollar chips still
    comes in (its smallest chip a cent), and THE BOOK moves by its nets again."""
    run(ledger_file(tmp_path), *ALIASES)
    rows = ["Ann,a,2026-11-28T01:00:00Z,,20,,32,12",
            "Lou,b,2026-11-28T01:05:00Z,2026-11-28T02:00:00Z,40,28,0,-12"]
    session = run(ledger_file(tmp_path, rows, name="second.csv"), "--chip-value", "1")
    assert session.game_settings.buy_in_step == 100
    assert nets(session)["Ann"] == "12.00" and nets(session)["Lou"] == "-12.00"
    with in_house(house.pk):
        book = {Player.objects.get(pk=pk).name: cents for pk, cents in book_now().items()}
    assert book == {"Fred": 3234, "Ann": -1434 + 1200, "Mike": -1066, "Lou": -889 - 1200,
                    "Gus": 155}
    assert_invariants(session)
    audit_clean()


def test_a_guest_who_lost_owes_it_to_the_regular_who_invited_them(house, tmp_path):
    """B9 as on any night of the house: the guest's Net is the ledger's, their debt moves to
    their inviter in THE BOOK."""
    rows = ["Ann,a,2026-11-21T01:00:00Z,,2000,,2750,750",
            "Stranger,b,2026-11-21T01:05:00Z,,1000,,250,-750"]
    session = run(ledger_file(tmp_path, rows), "--guests-invited-by", "Fred")
    assert nets(session) == {"Ann": "7.50", "Stranger": "-7.50", "Fred": "0.00"}
    with in_house(house.pk):
        book = {Player.objects.get(pk=pk).name: cents for pk, cents in book_now().items()}
    assert book == {"Ann": 750, "Fred": -750}
    audit_clean()


def test_a_night_of_one_house_of_several_plays_by_that_houses_game(tmp_path):
    """Names are the named house's; the night's currency and time zone are its own."""
    from django.contrib.auth.models import User

    from ledger.house_settings import preset
    from ledger.services.houses import house_create

    owner = User.objects.create_user(username="owner", password="a-long-password-1")
    friday = house_create(name="Friday game", owner=owner)
    tuesday = house_create(name="Tuesday game", owner=owner)
    tuesday.settings = preset("euro").to_json()
    tuesday.save()
    with in_house(friday.pk):
        make_player("Ann", "BOA")
    with in_house(tuesday.pk):
        make_player("Walt", "HOST", is_host=True)
        make_player("Xena", "XE")
    rows = ["xena,a,2026-11-20T23:30:00Z,,1000,,1500,500",
            "Walt,b,2026-11-20T23:35:00Z,,1000,,500,-500"]
    path = ledger_file(tmp_path, rows)
    refused(path, "--house", friday.slug, words=("Unknown nicknames: xena, Walt",))
    session = run(path, house_slug=tuesday.slug)
    assert session.house_id == tuesday.pk
    assert session.date.isoformat() == "2026-11-21"        # 00:30 in Berlin
    assert session.game_settings.currency == "EUR"
    assert session.game_settings.unit == 1
    assert session.banker.name == "Xena"
    assert nets(session) == {"Xena": "5.00", "Walt": "-5.00"}
    audit_clean()
