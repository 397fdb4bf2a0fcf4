"""A night in euros and a night in yen, settled and reported: the settle-up JSON names the
night's currency beside its players and writes amounts with its digits ("12.50", "1500"); the
page, the phone, the CSV, the PDF and the workbook show € and ¥ and never "$"; Venmo and Cash
App, which pay dollars only, are offered on a dollar night alone."""

import io
import json
import re
import sys
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from ledger import services
from ledger.house_settings import HouseSettings
from ledger.models import House

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_night import make_player, named, new_key, open_night  # noqa: E402

pytestmark = pytest.mark.django_db

EURO = HouseSettings(currency="EUR", chips=(("white", 10), ("red", 50), ("blue", 100),
                                            ("black", 500)),
                     buy_in_step=1000, cash_unit=100)
YEN = HouseSettings(currency="JPY", time_zone="Asia/Tokyo",
                    chips=(("white", 10000), ("red", 50000), ("blue", 100000),
                           ("black", 500000)),
                    buy_in_step=100000, cash_unit=100000, penalty_amount=10000,
                    burn_cap=500000)


def _played(settings: HouseSettings, scale: str):
    """Fred buys 20 in cash, Ann 20 on THE BOOK, Mike 10 in cash (euros, or thousands of
    yen); Fred cashes out 30, Ann 12.50 (12 paid, the rest to the final pot), Mike 7.50 and
    wins the final pot: Ann owes Mike 8 on THE BOOK. Mike takes Venmo, Cash App and PayPal."""
    make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by=fred)
    house = House.objects.get(pk=named("Mike").house_id)
    house.settings = settings.to_json()
    house.save()
    night = open_night()
    assert night.session.game_settings == settings
    night.buy("Fred", f"20{scale}", paid="cash")
    night.buy("Ann", f"20{scale}", paid="book")
    night.buy("Mike", f"10{scale}", paid="cash")
    night.cashout("Fred", black=6)
    night.cashout("Ann", black=2, blue=2, red=1)
    night.cashout("Mike", black=1, blue=2, red=1)
    night.final_pot("Mike")
    night.close()
    services.handles_set(player=named("Mike"), venmo="@mike-m", cashapp="$MikeM",
                         paypal="MikeM", zelle="mike@example.com", key=new_key())
    return night


# (the night's fixture, its sign, Ann's debt as the JSON writes it and as a page says it)
NIGHTS = {"euro": ("EUR", "€", "8.00", "€8.00"), "yen": ("JPY", "¥", "8000", "¥8000")}


@pytest.fixture(params=sorted(NIGHTS))
def foreign(request):
    """A closed night in euros or in yen, with what it should say."""
    name = request.param
    night = _played(EURO, ".00") if name == "euro" else _played(YEN, "000")
    code, sign, debt, said = NIGHTS[name]
    return night, code, sign, debt, said


def _run(*args) -> str:
    out = StringIO()
    call_command("settle_up", *args, stdout=out)
    return out.getvalue()


def _pdf_text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def _visible(html: str) -> str:
    """What a page says: its text without tags, scripts and styles."""
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_json_names_the_currency_before_the_players_in_its_digits(foreign):
    night, code, _, debt, _ = foreign
    report = json.loads(_run(str(night.session.pk), "--format", "json"))
    assert list(report) == ["currency", "players", "transfers", "minimal"]
    assert report["currency"] == code
    assert report["transfers"] == [{"from": "Ann", "to": "Mike", "amount": debt}]
    ann = next(row for row in report["players"] if row["name"] == "Ann")
    assert ann["net"] == f"-{debt}" and ann["book_after"] == f"-{debt}"
    amounts = [v for row in report["players"] for k, v in row.items() if k != "name"]
    if code == "JPY":
        assert ann["bought_book"] == "20000" and ann["cashed_out"] == "12000"
        assert all(re.fullmatch(r"-?\d+", v) for v in amounts), amounts   # no decimals
    else:
        assert ann["bought_book"] == "20.00"
        assert all(re.fullmatch(r"-?\d+\.\d\d", v) for v in amounts), amounts


def test_the_text_report_writes_the_nights_digits(foreign):
    night, _, _, debt, _ = foreign
    text = _run(str(night.session.pk))
    assert f"Ann pays Mike {debt}" in text and "$" not in text


def test_the_csv_headings_name_the_currency(foreign, banker_client):
    night, code, _, debt, _ = foreign
    printed = _run(str(night.session.pk), "--format", "csv")
    page = banker_client.get(reverse("settle_up", args=[night.session.pk]),
                             {"_export": "csv"}).content.decode()
    assert printed == page
    lines = printed.splitlines()
    assert lines[0] == (f"Player,Bought cash ({code}),Bought note ({code}),Bought book ({code}),"
                        f"Sold ({code}),Cashed out ({code}),Final pot ({code}),Net ({code}),"
                        f"THE BOOK after ({code})")
    assert f"From,To,Amount ({code})" in lines and f"Ann,Mike,{debt}" in lines
    assert "$" not in printed


def test_the_pdf_shows_the_currencys_sign(foreign, tmp_path):
    night, code, sign, debt, said = foreign
    path = tmp_path / "night.pdf"
    _run(str(night.session.pk), "--format", "pdf", "--output", str(path))
    text = _pdf_text(path.read_bytes())
    assert f"Net ({code})" in text and f"Ann Mike {debt}" in text
    assert f"Ann: Net -{said} = " in text and f"{sign}20" in text
    assert "cash-out in steps of" in text and "whole-dollar" not in text
    assert "$" not in text and "?" not in text.replace("?_export", "")
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    assert len(reader.pages) == 1


def test_the_workbook_formats_money_in_the_currency(foreign, tmp_path):
    night, code, sign, debt, _ = foreign
    path = tmp_path / "night.xlsx"
    _run(str(night.session.pk), "--format", "xlsx", "--output", str(path))
    book = load_workbook(path)
    payments = list(book["Payments"].iter_rows())
    amount = payments[1][2]
    assert amount.value == Decimal(debt)
    assert amount.number_format == (f'"{sign}"#,##0' if code == "JPY" else f'"{sign}"#,##0.00')
    players = list(book["Players"].iter_rows())
    assert all(cell.number_format == amount.number_format
               for row in players[1:] for cell in row[1:] if cell.value != "")


def test_the_page_and_the_phone_show_the_sign_and_no_dollar_app(foreign, banker_client):
    night, code, sign, debt, said = foreign
    page = banker_client.get(reverse("settle_up", args=[night.session.pk])).content.decode()
    words = _visible(page)
    assert f"Ann pays Mike {said}" in words and f"{said} left" in words
    assert "$" not in words, re.findall(r".{40}\$.{40}", words)
    assert "venmo.com" not in page and "cash.app" not in page
    assert f"https://paypal.me/MikeM/{debt}{code}" in page
    assert "in steps of" in words and "whole dollars" not in words
    ann = named("Ann")
    phone = Client().get(reverse("player_balance", args=[ann.balance_token])).content.decode()
    phone_words = _visible(phone)
    assert f"You pay Mike {said}" in phone_words and f"Pay {said} with PayPal.me" in phone_words
    assert "venmo.com" not in phone and "cash.app" not in phone
    assert "Venmo" not in phone_words.split("You pay Mike")[1].split("I paid Mike")[0]
    assert "$" not in phone_words.split("You pay Mike")[1].split("I paid Mike")[0]


def test_a_dollar_night_keeps_its_reports_and_its_dollar_apps(worked, banker_client):
    """The seed house's dollars: the JSON gains "currency": "USD", the rest reads as before."""
    from ledger import selectors
    from tables.reports import settle_up_file

    report = selectors.settle_up_report(worked.session)
    assert list(report) == ["currency", "players", "transfers", "minimal"]
    assert report["currency"] == "USD"
    csv = settle_up_file(worked.session, report, "csv").decode().splitlines()
    assert csv[0] == ("Player,Bought cash,Bought note,Bought book,Sold,Cashed out,Final pot,"
                      "Net,THE BOOK after")
    assert "From,To,Amount" in csv
    book = load_workbook(io.BytesIO(settle_up_file(worked.session, report, "xlsx")))
    assert book["Payments"]["C2"].number_format == "0.00"
    text = _pdf_text(settle_up_file(worked.session, report, "pdf"))
    assert "whole-dollar cash-out" in text and "Ann: Net -$4.00 = " in text
    services.handles_set(player=named("Mike"), venmo="@mike-m", cashapp="$MikeM",
                         key=new_key())
    page = banker_client.get(reverse("settle_up", args=[worked.session.pk])).content.decode()
    assert "https://venmo.com/u/mike-m?txn=pay&amp;amount=13.00" in page
    assert "https://cash.app/$MikeM/13.00" in page
    assert "Ann</strong> pays <strong>Mike</strong> <span class=\"money\">$13.00</span>" in page

