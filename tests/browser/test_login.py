"""The banker logs in on a tablet (browser, R13 wording)."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLET = {"width": 1024, "height": 768}


def test_banker_logs_in_and_sees_the_sessions(page, live_server, banker_user, shots):
    page.set_viewport_size(TABLET)
    page.goto(live_server.url + "/")
    assert "/login/" in page.url
    page.fill("#id_username", "mike")
    page.fill("#id_password", "wrong password")
    page.click("button[type=submit]")
    expect(page.locator(".error-box")).to_be_visible()   # the answer of the POST, waited for
    page.screenshot(path=str(shots / "login-error.png"), full_page=True)
    page.fill("#id_password", "correct-horse-battery-staple")
    page.click("button[type=submit]")
    page.wait_for_url(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Nights"
    page.screenshot(path=str(shots / "sessions.png"), full_page=True)


def test_the_page_runs_with_no_csp_violations(page, live_server):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(live_server.url + "/login/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("typeof htmx") == "object"  # our static htmx loaded under the CSP
    assert errors == []
