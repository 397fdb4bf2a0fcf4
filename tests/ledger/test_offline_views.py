"""The pages that let the tablet install to the home screen and ride out the Wi-Fi: the web
app manifest, the service worker served at the site's root, the offline page."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_site_installs_to_the_home_screen(client, banker_client):
    manifest = banker_client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    worker = banker_client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/" and worker["Cache-Control"] == "no-cache"
    body = worker.content.decode()
    assert "importScripts(" in body and "/offline/" in body
    assert client.get("/offline/").status_code == 200
    page = banker_client.get("/")
    assert b'rel="manifest"' in page.content and b"data-outbox" in page.content


def test_the_shell_shows_no_money_to_someone_not_logged_in_R11(client):
    # Public, as a browser fetches a manifest without the login cookie: nothing of a night.
    for path in ("/sw.js", "/manifest.webmanifest", "/offline/"):
        response = client.get(path)
        assert response.status_code == 200
    offline = client.get("/offline/").content.decode()
    assert "data-outbox" not in offline and "Log out" not in offline
