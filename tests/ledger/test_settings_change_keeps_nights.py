"""A night keeps the rules it was opened with (ARCHITECTURE.md, "A house's own game"): after a
close, the house's chips, steps, currency and bank rules all change, and the closed night's
settle-up (JSON, page, PDF, CSV) is byte for byte as before, the audit clean; the next night
plays by the new settings."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from ledger_night import named, new_key, people
from test_houses import _audit_says
from test_worked_night import play_worked_night

from ledger import services
from ledger.house import house_in_use
from ledger.house_settings import SEED, preset
from ledger.models import Membership, Role
from ledger.selectors.reports import settle_up_report
from ledger.services.houses import house_settings_change
from tables.reports import settle_up_file

pytestmark = pytest.mark.django_db
CSRF_TOKEN = re.compile(rb"[A-Za-z0-9]{64}")


def _settle_up(client: Client, session) -> tuple:
    page = client.get(f"/s/{session.pk}/settle/")
    assert page.status_code == 200
    report = settle_up_report(session)
    html = CSRF_TOKEN.sub(b"csrf", page.content)   # a new token each page, nothing else
    return (report, html, client.get(f"/s/{session.pk}/settle/?_export=csv").content,
            settle_up_file(session, report, "pdf"))


def test_a_closed_night_keeps_its_settle_up_when_the_houses_game_changes(night):
    play_worked_night(night)
    session = night.session
    assert not session.is_open
    house = house_in_use()
    user = User.objects.create_user(username="olga", password="a-long-password-1")
    Membership.objects.create(house=house, user=user, role=Role.OWNER)
    client = Client()
    client.force_login(user)
    before = _settle_up(client, session)
    assert _settle_up(client, session) == before        # the figures and files are stable
    changed = preset("euro").changed(host_note_id="HOST", guest_debt_to_inviter=False,
                                     penalty_amount=0, last_dealer_rule=False,
                                     ties="goal-post", time_zone="Asia/Tokyo")
    house_settings_change(house=house, settings=changed)
    session.refresh_from_db()
    assert session.game_settings == SEED
    assert _settle_up(client, session) == before
    assert _audit_says() == "The ledger is whole"
    tonight = services.night_open(date=datetime.date(2026, 11, 28), banker=named("Mike"),
                                    seating=people(("Fred", "Ann")), key=new_key("open"))
    assert tonight.game_settings == changed


def test_a_closed_nights_pdf_is_the_same_bytes_at_any_moment(night, monkeypatch):
    """Its creation date is the night's close, not the moment it is printed."""
    from fpdf import FPDF

    play_worked_night(night)
    session = night.session
    first = settle_up_file(session, settle_up_report(session), "pdf")
    made = FPDF.__init__

    def three_days_later(pdf: FPDF, *args: object, **kwargs: object) -> None:
        made(pdf, *args, **kwargs)   # type: ignore[arg-type]
        pdf.creation_date += datetime.timedelta(days=3)

    monkeypatch.setattr(FPDF, "__init__", three_days_later)
    assert settle_up_file(session, settle_up_report(session), "pdf") == first
