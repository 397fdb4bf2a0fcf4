"""Online nights on the house's nights page: a banker uploads a PokerNow ledger and gets the
same closed night `manage.py import_pokernow` makes (the one import of night_file/online.py):
its settle-up nets the ledger's; a refusal is its sentence on the page (400), nothing written;
a viewer gets no link and 403; a double tap of one form imports once."""

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from ledger_night import assert_invariants, make_player
from test_import_pokernow import HEADER, NETS, ROWS, counts, nets

from ledger.forms.fields import new_key
from ledger.house import house_in_use
from ledger.models import Night, Role
from ledger.night_file.online import MAX_UPLOAD_BYTES
from ledger.services.houses import member_role_set

pytestmark = pytest.mark.django_db

ALIASES = "Annie=Ann\nzed=Lou\n"
LINK = "Import an online night (PokerNow ledger)"


@pytest.fixture
def house(players):
    make_player("Lou", "LOU")
    return house_in_use()


def page(house) -> str:
    return f"/h/{house.slug}/import/pokernow/"


def csv_file(rows=ROWS, header=HEADER, name="ledger.csv") -> SimpleUploadedFile:
    text = "\n".join([header, *rows]) + "\n"
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def upload(client, house, *, aliases=ALIASES, key=None, file=None, **more):
    data = {"key": key or new_key(), "file": file or csv_file(), "aliases": aliases,
            "chip_value": "0.01", "date": "", "guests_invited_by": "", **more}
    return client.post(page(house), data)


def test_a_banker_uploads_a_ledger_and_gets_its_closed_night(banker_client, house):
    home = banker_client.get(f"/h/{house.slug}/").content.decode()
    assert LINK in home and page(house) in home
    form = banker_client.get(page(house))
    assert form.status_code == 200
    html = form.content.decode()
    assert 'enctype="multipart/form-data"' in html and 'name="key"' in html
    assert 'value="0.01"' in html and "<option value=\"Fred\">Fred</option>" in html
    response = upload(banker_client, house)
    session = Night.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/s/{session.pk}/settle/"
    assert session.status == Night.CLOSED and session.banker.name == "Fred"
    assert nets(session) == NETS
    assert_invariants(session)
    shown = banker_client.get(response["Location"]).content.decode()
    assert f"as session {session.pk}" in shown


def test_unknown_nicknames_are_refused_by_name_then_an_alias_imports(banker_client, house):
    before = counts()
    response = upload(banker_client, house, aliases="Annie=Ann")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Unknown nicknames: Zed" in html
    assert counts() == before
    response = upload(banker_client, house, aliases="Annie=Ann\n\n  zed = Lou  \n")
    assert response.status_code == 302
    assert nets(Night.objects.get()) == NETS


@pytest.mark.parametrize(("more", "words"), [
    ({"aliases": "Annie=Ann\nzed=Lou\nannie=Fred"}, "mapped to two players"),
    ({"chip_value": "0"}, "a chip is worth more than"),
    ({"chip_value": "a lot"}, "chip"),
    ({"file": csv_file(header=HEADER.replace(",net,", ",nett,"))}, "net"),
    ({"file": csv_file(rows=[*ROWS[:-1], ROWS[-1].replace(",2000,0", ",2001,0")])}, "net"),
])
def test_a_refusal_is_its_sentence_on_the_page_and_nothing_written(banker_client, house,
                                                                   more, words):
    before = counts()
    response = upload(banker_client, house, **more)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert counts() == before


def test_a_file_too_large_or_not_text_is_refused(banker_client, house):
    before = counts()
    big = SimpleUploadedFile("big.csv", b"x" * (MAX_UPLOAD_BYTES + 1), content_type="text/csv")
    response = upload(banker_client, house, file=big)
    assert response.status_code == 400 and "larger than" in response.content.decode()
    latin = SimpleUploadedFile("l.csv", "é".encode("latin-1"), content_type="text/csv")
    response = upload(banker_client, house, file=latin)
    assert response.status_code == 400 and "not UTF-8" in response.content.decode()
    assert counts() == before


def test_the_same_file_again_is_refused(banker_client, house):
    assert upload(banker_client, house).status_code == 302
    first = Night.objects.get()
    before = counts()
    response = upload(banker_client, house, date="2026-12-01")
    assert response.status_code == 400
    assert f"already here as session {first.pk}" in response.content.decode()
    assert counts() == before


def test_a_double_post_with_one_key_imports_once(banker_client, house):
    key = new_key()
    first = upload(banker_client, house, key=key)
    again = upload(banker_client, house, key=key)
    session = Night.objects.get()
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == f"/s/{session.pk}/settle/"
    other = csv_file(rows=[
        "fred,p1,2026-11-22T02:40:00.000Z,2026-11-22T05:00:00.000Z,1000,1500,0,500,0",
        "Mike,p4,2026-11-22T02:30:00.000Z,2026-11-22T04:00:00.000Z,1000,500,0,-500,0"])
    refused = upload(banker_client, house, key=key, file=other)
    assert refused.status_code == 400
    assert "already used to import another ledger" in refused.content.decode()
    assert Night.objects.count() == 1
    other.seek(0)
    assert upload(banker_client, house, file=other).status_code == 302   # a fresh key
    assert Night.objects.count() == 2


def test_a_viewer_gets_no_link_and_403(client, house, players):
    viewer = User.objects.create_user(username="vera", password="x")
    member_role_set(house=house, user=viewer, role=Role.VIEWER)
    client.force_login(viewer)
    home = client.get(f"/h/{house.slug}/")
    assert home.status_code == 200
    assert LINK not in home.content.decode()
    assert client.get(page(house)).status_code == 403
    before = counts()
    assert upload(client, house).status_code == 403
    assert counts() == before
