"""Issue 37: a site whose journal key file is gone never writes under a new key (R5, R7): a
buy-in is refused with one sentence naming the missing file, no entry and no key file are
written, the pages still read, and `audit` exits 1 naming the missing key."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from ledger.models import Entry

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    return re.search(r'name="key" value="([^"]+)"', response.content.decode()).group(1)


def test_a_buy_in_without_the_key_file_is_refused_and_audit_names_it(
        banker_client, night, players, settings, tmp_path):
    night.buy("Fred", "20.00")                        # a journal with entries
    entries = Entry.objects.count()
    missing = tmp_path / "ledger.key"
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(missing)
    url = reverse("buyin", args=[night.session.pk])
    page = banker_client.get(url)
    assert page.status_code == 200                    # the pages still read
    response = banker_client.post(url, {"key": _key(page), "player": players["Ann"].pk,
                                        "amount": "20", "paid": "cash", "seller": "",
                                        "save": "1"})
    assert response.status_code == 400
    assert f"The journal&#x27;s key file {missing} is missing" in response.content.decode()
    assert Entry.objects.count() == entries and not missing.exists()
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("audit", stdout=out, stderr=err)
    assert stop.value.code == 1 and str(missing) in err.getvalue()
    assert not missing.exists()
