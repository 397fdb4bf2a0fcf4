"""Night files carry their house's rules (ARCHITECTURE.md, "A house's own game"): the export
writes `banker-session/2` with the night's settings as `"house"`, in its currency's digits; the
import plays a `/2` night by the file's settings whatever its house's are, and a `/1` night by
the seed house's. Bad settings, amounts finer than the unit or the currency, and a cash-out by a
colour the night has not: one line, nothing written."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from ledger_night import assert_invariants

from ledger.house import house_in_use
from ledger.house_settings import SEED, HouseSettings, preset
from ledger.models import Entry, Night, Player, Posting
from ledger.night_file import export_session, import_session
from ledger.night_file.schema import check_document
from ledger.posting.accounts import EntryKind
from ledger.selectors.reports import settle_up_report
from ledger.services import LedgerError

NIGHTS = Path(__file__).resolve().parent / "nights"

pytestmark = pytest.mark.django_db


def night_file(name: str) -> dict:
    return json.loads((NIGHTS / f"{name}.json").read_text())


def counts() -> tuple[int, int, int, int]:
    return (Night.objects.count(), Entry.objects.count(), Posting.objects.count(),
            Player.objects.count())


def refused(document: dict, *words: str) -> str:
    before = counts()
    with pytest.raises(LedgerError) as error:
        import_session(document)
    message = error.value.message
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert counts() == before
    return message


def nets(session: Night) -> dict[str, str]:
    return {row["name"]: row["net"] for row in settle_up_report(session)["players"]}


def test_a_euro_night_plays_by_the_files_settings_whatever_the_house_plays():
    """B2 (€10 steps), B10 (the €0.10 unit: a €2.30 sale between players), B12 (whole euros
    paid at cash-out, the odd €2.00 to the final pot), B4 (the file's host note id)."""
    session = import_session(night_file("euro_night"))
    settings = session.game_settings
    assert (settings.currency, settings.unit, settings.buy_in_step, settings.cash_unit) == (
        "EUR", 10, 1000, 100)
    assert settings.host_note_id == "HOST"
    assert house_in_use().game_settings == SEED          # the house's own are unchanged
    assert session.status == Night.CLOSED
    assert nets(session) == {"Mike": "-10.00", "Fred": "15.70", "Ann": "0.30", "Lou": "-6.00"}
    final_pot = Entry.objects.get(session=session, kind=EntryKind.FINAL_POT)
    assert final_pot.amount == 200                         # 0.70 + 0.40 + 0.90
    assert_invariants(session)


def test_a_yen_night_has_no_decimals_in_its_file_and_settles_to_the_unit():
    """A currency without minor digits: the file says "10000", the export says it back."""
    document = night_file("yen_night")
    session = import_session(document)
    assert session.game_settings.currency == "JPY"
    exported = export_session(session)
    assert exported["house"] == session.game_settings.to_json()
    assert exported["house"]["chips"] == {"white": "100", "red": "500", "blue": "1000",
                                          "black": "5000"}
    assert exported["events"][0] == {"type": "buy", "player": "Mike", "amount": "10000",
                                     "paid": "cash"}
    texts = json.dumps(exported["events"])
    assert ".00\"" not in texts
    cashed = {row["name"]: row["cashed_out"] for row in settle_up_report(session)["players"]}
    for amount in cashed.values():            # whole ¥1000 at cash-out (B12)
        assert int(float(amount)) % 1000 == 0
    assert_invariants(session)


def test_the_export_of_a_yen_night_reads_back_with_its_settings():
    session = import_session(night_file("yen_night"))
    document = check_document(export_session(session))
    assert document.settings == session.game_settings
    assert len(document.events) == len(night_file("yen_night")["events"])


def test_a_first_format_file_plays_by_the_seed_houses_settings_in_a_euro_house():
    house = house_in_use()
    house.settings = preset("euro").to_json()
    house.save()
    document = json.loads((NIGHTS / "winners_and_a_lost_chip.json").read_text())
    session = import_session(document)
    assert session.game_settings == SEED
    expected = json.loads((NIGHTS / "winners_and_a_lost_chip.settle_up.json").read_text())
    report = settle_up_report(session)
    assert report["players"] == expected["players"]
    assert report["transfers"] == expected["transfers"]


def test_a_first_format_file_may_not_carry_house_settings():
    document = json.loads((NIGHTS / "winners_and_a_lost_chip.json").read_text())
    document["house"] = {"currency": "EUR"}
    refused(document, "house:", "banker-session/2")


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["house"]["chips"].update(red="0.55"), ("house.chips", "0.55")),
    (lambda d: d["house"].update(currency="XYZ"), ("house.currency",)),
    (lambda d: d["house"].update(buy_in_step="10.05"), ("house.buy_in_step",)),
    (lambda d: d["house"].update(colour="red"), ("house.colour",)),
    (lambda d: d.update(house=["EUR"]), ("house:",)),
])
def test_bad_settings_in_a_file_are_refused_naming_the_key(change, words):
    document = night_file("euro_night")
    change(document)
    refused(document, *words)


def test_a_cashout_by_a_colour_the_nights_chips_have_not_is_refused():
    """The seed house's green chip is not one of the euro night's (B10)."""
    document = night_file("euro_night")
    document["events"][9]["chips"] = {"green": 2}
    refused(document, "events[9].chips.green", "white, red, blue, black")


def test_an_amount_finer_than_the_nights_unit_is_refused():
    """A chip sale of €2.35 is not whole €0.10 chips (B10)."""
    document = night_file("euro_night")
    document["events"][4]["amount"] = "2.35"
    refused(document, "events[4]", "0.10")


def test_a_bank_buy_in_off_the_nights_step_is_refused():
    """€15 is not a multiple of the night's €10 step (B2)."""
    document = night_file("euro_night")
    document["events"][0]["amount"] = "15.00"
    refused(document, "events[0]", "€10.00")


def test_a_yen_amount_with_sen_is_refused_as_finer_than_the_currency():
    document = night_file("yen_night")
    document["events"][0]["amount"] = "10000.50"
    refused(document, "events[0].amount", "JPY")


def test_the_largest_amount_follows_the_currency():
    """¥150,000 is an everyday figure; $150,000 is a slip of the finger."""
    assert HouseSettings(currency="JPY", chips=(("white", 10000),), buy_in_step=100000,
                         cash_unit=100000, penalty_amount=10000,
                         burn_cap=500000).largest_text == "¥10,000,000"
    assert SEED.largest_text == "$100,000"


def test_the_export_command_writes_the_second_format():
    import_session(night_file("euro_night"))
    out = StringIO()
    call_command("export_session", str(Night.objects.get().pk), stdout=out)
    document = json.loads(out.getvalue())
    assert document["format"] == "banker-session/2"
    assert document["house"]["currency"] == "EUR"
    assert check_document(document).settings.currency == "EUR"
