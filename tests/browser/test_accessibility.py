"""WCAG 2.2 AA on every page, measured by axe-core in Chromium: the banker's pages and the
players' phone pages of the layout walk (test_layout.py: a closed night and tonight's, full of
data), at the tablet's and the phones' sizes, in the light theme and in the dark one. axe-core
is the copy bundled with axe-playwright-python (a dev dependency): nothing is downloaded.

Each page is opened once (and prepared, as the layout walk does); the sizes and the themes are
changed on the open page (the viewport and `prefers-color-scheme` apply without a reload), and
axe runs on each. A failure lists every rule broken, where, and the first elements."""

import os
import sys
from pathlib import Path

import axe_playwright_python
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_layout import (  # noqa: E402
    LANDSCAPE,
    PHONE,
    PORTRAIT,
    SMALL_PHONE,
    _banker_pages,
    two_nights,  # noqa: F401  (the fixture)
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE_JS = Path(axe_playwright_python.__file__).parent / "axe.min.js"
AXE_SOURCE = AXE_JS.read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = [LANDSCAPE, PORTRAIT, PHONE, SMALL_PHONE]
THEMES = ["light", "dark"]
# The short walk: the pages the banker and the players use most at every size, the others at
# the tablet lying down and the small phone (the widest and the narrowest).
MAIN = {"dashboard", "buyin", "cashout", "cashout-counted", "hand", "hand-preview", "sessions",
        "settle-up", "players"}
EDGES = [LANDSCAPE, SMALL_PHONE]
# Every page at every size (about 2¼ minutes); BANKER_AXE_SHORT=1 for the short walk.
FULL = not os.environ.get("BANKER_AXE_SHORT")

RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                          resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 4).map(n => n.target.join(" ")),
    count: v.nodes.length,
  }));
}"""


def _axe(page, name: str, sizes, found: dict) -> None:
    """Run axe on the open page at each size in each theme; add what it finds to `found`,
    keyed by page and rule."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE_SOURCE)   # not a <script> tag: the site's CSP refuses inline scripts
    for size in sizes:
        page.set_viewport_size(size)
        # At the page's end the bars that stick to the bottom (Save, the chip pad) sit in
        # their own place: a target half under one is a matter of where the page is
        # scrolled, which axe's target-size would count (focus is kept above them by app.js,
        # test_focus_stays_above_the_save_bar).
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        for theme in THEMES:
            page.emulate_media(color_scheme=theme, reduced_motion="reduce")
            for v in page.evaluate(RUN, TAGS):
                where = found.setdefault((name, v["id"]), {"help": v["help"],
                                                           "impact": v["impact"],
                                                           "at": [], "targets": v["targets"],
                                                           "count": v["count"]})
                where["at"].append(f"{size['width']} {theme}")
    page.emulate_media(color_scheme="light")


def _report(found: dict) -> str:
    lines = [f"{len(found)} axe violation(s) (page, rule):"]
    for (name, rule), v in sorted(found.items()):
        lines.append(f"- {name}: {rule} ({v['impact']}) {v['help']} — {v['count']} element(s) "
                     f"at {', '.join(v['at'])}")
        lines += [f"      {target}" for target in v["targets"]]
    return "\n".join(lines)


def _visit(page, url: str, prepare=None) -> None:
    page.set_viewport_size(LANDSCAPE)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if prepare is not None:
        prepare(page)


def test_every_page_meets_wcag_2_2_aa_in_both_themes(browser, banker_page, live_server,
                                                      two_nights):  # noqa: F811
    from ledger.models import Player

    players = {p.name: p for p in Player.objects.all()}
    found: dict = {}
    page = banker_page
    for name, (path, prepare) in _banker_pages(*two_nights, players).items():
        _visit(page, live_server.url + path, prepare)
        _axe(page, name, SIZES if FULL or name in MAIN else EDGES, found)

    # The players' phones: not logged in.
    context = browser.new_context()
    phone = context.new_page()
    for name in ("Ann", "Gus", "Maximilian Longname"):
        token = Player.objects.get(name=name).balance_token
        _visit(phone, f"{live_server.url}/p/{token}/")
        _axe(phone, f"phone-{name.split()[0]}", SIZES, found)
    _visit(phone, f"{live_server.url}/login/")
    _axe(phone, "login", SIZES, found)
    context.close()
    assert not found, _report(found)


def test_the_dark_theme_switch_is_remembered_on_the_device(banker_page, live_server,
                                                           two_nights):  # noqa: F811
    """The header's Dark button: data-theme on <html> over the device's own setting, kept in
    localStorage (set before the first paint by theme.js, in <head>)."""
    _, tonight = two_nights
    page = banker_page
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/s/{tonight.pk}/")
    background = "() => getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(background) == "rgb(244, 245, 242)"
    toggle = page.locator("header [data-theme-toggle]")
    assert toggle.inner_text() == "Dark"
    toggle.click()
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate(background) == "rgb(16, 18, 17)"
    assert toggle.inner_text() == "Light"
    page.reload()
    assert page.get_attribute("html", "data-theme") == "dark"
    page.screenshot(path="/tmp/dashboard-dark-820x1180.png", full_page=True)
    page.set_viewport_size(LANDSCAPE)
    page.screenshot(path="/tmp/dashboard-dark-1024x768.png")
    page.locator("header [data-theme-toggle]").click()          # back to light, remembered
    page.emulate_media(color_scheme="dark")                     # over the device's dark
    page.reload()
    assert page.get_attribute("html", "data-theme") == "light"
    assert page.evaluate(background) == "rgb(244, 245, 242)"


def test_a_phone_follows_its_dark_setting(page, live_server, two_nights):  # noqa: F811
    from ledger.models import Player

    page.set_viewport_size(PHONE)
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/p/{Player.objects.get(name='Ann').balance_token}/")
    assert page.get_attribute("html", "data-theme") is None
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") \
        == "rgb(16, 18, 17)"
    assert page.locator("header [data-theme-toggle]").inner_text() == "Light"
    page.screenshot(path="/tmp/phone-ann-dark-390x844.png", full_page=True)


def test_the_night_page_keeps_the_tablet_awake(banker_page, live_server,
                                               two_nights):  # noqa: F811
    """Chromium (headless too) grants the Screen Wake Lock to the night's page: the switch
    says "on" while the lock is held; switched off it lets go, and the choice is kept."""
    _, tonight = two_nights
    page = banker_page
    page.goto(f"{live_server.url}/s/{tonight.pk}/")
    switch = page.locator("#keep-awake")
    assert switch.is_visible() and switch.is_checked()
    page.wait_for_selector("#keep-awake[data-wake-lock=on]")
    assert page.inner_text("#wake-state") == "The screen stays on."
    page.get_by_label("Keep the screen on").uncheck()
    page.wait_for_selector("#keep-awake[data-wake-lock=off]")
    page.reload()
    assert not page.locator("#keep-awake").is_checked()
    assert page.get_attribute("#keep-awake", "data-wake-lock") == "off"
    page.get_by_label("Keep the screen on").check()
    page.wait_for_selector("#keep-awake[data-wake-lock=on]")
    page.goto(f"{live_server.url}/s/{tonight.pk}/buy/")          # only the night's page
    assert page.locator("#keep-awake").count() == 0
    # A browser without the Wake Lock (or a plain-HTTP page): the switch says so, off.
    page.add_init_script("delete Navigator.prototype.wakeLock")
    page.goto(f"{live_server.url}/s/{tonight.pk}/")
    assert page.locator("#keep-awake").is_disabled()
    assert page.get_attribute("#keep-awake", "data-wake-lock") == "unavailable"
    assert "screen timeout" in page.inner_text("#wake-state")


# Is the focused element under a bar stuck to the bottom of the screen (WCAG 2.4.11)?
HIDDEN_FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const box = el.getBoundingClientRect();
  for (const bar of document.querySelectorAll(".action-bar, .chip-pad, .card-picker[data-form]")) {
    if (bar.contains(el) || getComputedStyle(bar).position !== "sticky") continue;
    const stuck = bar.getBoundingClientRect();
    if (!stuck.height || box.bottom <= stuck.top + 1 || box.top >= stuck.bottom) continue;
    return `${el.outerHTML.slice(0, 80)} under ${bar.className}`;
  }
  return null;
}"""


@pytest.mark.parametrize("size", [LANDSCAPE, SMALL_PHONE], ids=["1024", "360"])
def test_focus_stays_above_the_save_bar(banker_page, live_server, two_nights, size):  # noqa: F811
    _, tonight = two_nights
    page = banker_page
    page.set_viewport_size(size)
    hidden = []
    for path in ("buy/", "cashout/", "hand/", "sale/"):
        page.goto(f"{live_server.url}/s/{tonight.pk}/{path}")
        page.wait_for_load_state("networkidle")
        for _ in range(70):
            page.keyboard.press("Tab")
            under = page.evaluate(HIDDEN_FOCUS)
            if under:
                hidden.append(f"{path} at {size['width']}: {under}")
    assert not hidden, "\n".join(dict.fromkeys(hidden))
