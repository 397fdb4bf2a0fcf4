"""A night in euros and a night in yen, entered on the tablet through the pages only: the house's
settings are set before the night opens, and from the open-night form to the settle-up, its PDF
and a player's phone, every page says its money in € (with cents) or ¥ (with none) and never
"$"; a buy-in off the house's step is refused in its currency; the step buttons, the chip
counter's live totals and the final pot follow the house's chips and cash unit."""

import io
import re

import pytest
from pypdf import PdfReader
from table_steps import SAVED
from test_layout import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _settings(name: str):
    from ledger.house_settings import HouseSettings

    if name == "euro":
        return HouseSettings(currency="EUR", time_zone="Europe/Berlin",
                             chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)),
                             buy_in_step=1000, cash_unit=100)
    return HouseSettings(currency="JPY", time_zone="Asia/Tokyo",
                         chips=(("white", 10000), ("red", 50000), ("blue", 100000),
                                ("black", 500000)),
                         buy_in_step=100000, cash_unit=100000, penalty_amount=10000,
                         burn_cap=500000)


# What each night types and reads, the amounts given in euros: a yen night plays the same
# chips at ¥1000 a euro (¥100 for a €0.10 chip), with its buy-in step ¥1000 (the euro's €10);
# "off" is a buy-in off the step, "mike" the chips of Mike's one step.
NIGHTS = {
    "euro": {"sign": "€", "typed": lambda euros: f"{euros:.2f}",
             "money": lambda euros: f"€{euros:.2f}", "step": 10, "off": 15,
             "mike": {"black": 2}},
    "yen": {"sign": "¥", "typed": lambda euros: f"{round(euros * 1000)}",
            "money": lambda euros: f"¥{round(euros * 1000)}", "step": 1, "off": 1.5,
            "mike": {"blue": 1}},
}


def _seen(page, night: str, *, money: bool = True) -> str:
    """The page's visible text, checked: its currency's sign where money is, never "$", and
    in yen never a ".00" (¥10000, not ¥10000.00)."""
    text = page.inner_text("body")
    sign = NIGHTS[night]["sign"]
    assert "$" not in text, f"{page.url} shows a $: {_around(text, '$')}"
    assert "dollar" not in text.lower(), f"{page.url}: {_around(text.lower(), 'dollar')}"
    if money:
        assert sign in text, f"{page.url} shows no {sign}"
    if night == "yen":
        assert "cents" not in text.lower(), f"{page.url}: {_around(text.lower(), 'cents')}"
        assert ".00" not in text, f"{page.url} shows .00 in a yen night: {_around(text, '.00')}"
        assert not re.search(r"¥\s?[\d,]+\.\d", text), f"{page.url}: yen with decimals"
    return text


def _around(text: str, what: str) -> str:
    at = text.find(what)
    return repr(text[max(0, at - 60):at + 60])


def _buy(page, url, night, who, euros, paid, *, seller=None):
    page.goto(url + ("sale/" if seller else "buy/"))
    _seen(page, night)
    page.select_option("#id_player", label=who)
    page.fill("#id_amount", NIGHTS[night]["typed"](euros))
    page.click(f"label:has-text('{paid}')")
    if seller:
        page.select_option("#id_seller", label=seller)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    saved = _seen(page, night)
    assert NIGHTS[night]["money"](euros) in saved


def _cash_out(page, url, night, who, euros, **chips):
    from ledger.models import Player

    page.goto(url + "cashout/")
    _seen(page, night)
    page.select_option("#id_player", value=str(Player.objects.get(name=who).pk))
    for colour, count in chips.items():
        page.fill(f"#id_{colour}", str(count))
    # The live total, as the chip counter's script writes it, in the night's currency.
    assert page.inner_text("#chip-total") == NIGHTS[night]["money"](euros)
    _seen(page, night)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    _seen(page, night)


def _play_a_night(page, live_server, regulars, night: str, shots) -> None:
    from ledger.models import House

    house = House.objects.get(pk=regulars["Mike"].house_id)
    house.settings = _settings(night).to_json()
    house.save()
    money = NIGHTS[night]["money"]
    euros = NIGHTS[night]["step"]
    step = money(euros).removesuffix(".00")           # "€10", "¥1000"

    page.goto(live_server.url + "/s/new/")
    _seen(page, night, money=False)
    page.fill("#id_date", "2026-11-21")
    page.select_option("#id_banker", label="Mike")
    for name in ("Fred", "Ann", "Dan"):
        page.check(f"label:has-text('{name}') input")
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    url = page.url
    _seen(page, night, money=False)

    # The buy-in page's step buttons are the house's steps, in its currency.
    page.goto(url + f"buy/?player={regulars['Fred'].pk}")
    _seen(page, night)
    quick = [b.inner_text().strip() for b in page.locator("#quick-buy button").all()]
    assert quick == [money(n * euros).removesuffix(".00") for n in (1, 2, 4)]
    bumps = [b.inner_text().strip()
             for b in page.locator("button[name=bump]:not(.btn-danger)").all()]
    assert bumps == ["+" + label for label in quick]
    # Two taps of "+€10" write the amount in the night's digits ("20.00", "2000").
    page.click(f"button[name=bump]:text-is('+{step}')")
    page.click(f"button[name=bump]:text-is('+{step}')")
    assert page.input_value("#id_amount") == NIGHTS[night]["typed"](2 * euros)
    page.fill("#id_amount", NIGHTS[night]["typed"](20))
    page.click("label:has-text('Cash')")
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    assert f"Fred bought {money(20)}" in _seen(page, night)
    # A quick amount saves with one tap: Mike buys the step.
    page.goto(url + f"buy/?player={regulars['Mike'].pk}")
    page.click(f"#quick-buy button:text-is('{step}')")
    page.wait_for_url(SAVED)
    assert f"Mike bought {money(euros)}" in _seen(page, night)

    # The correction page of that buy-in (not used: it was right).
    from ledger.models import Entry

    page.goto(url + f"correct/{Entry.objects.latest('pk').pk}/")
    _seen(page, night)

    _buy(page, url, night, "Ann", 10, "Bank note")
    _buy(page, url, night, "Dan", 10, "THE BOOK")
    _buy(page, url, night, "Dan", 2.30, "Cash", seller="Fred")   # 23 white chips (B3)

    # A buy-in off the step is refused in a sentence naming the house's step.
    page.goto(url + "buy/")
    page.select_option("#id_player", label="Ann")
    page.fill("#id_amount", NIGHTS[night]["typed"](NIGHTS[night]["off"]))
    page.click("label:has-text('Cash')")
    page.click("button.btn-big[name=save]")
    page.wait_for_selector(".field-error")
    refused = page.inner_text(".field-error")
    assert step in refused, refused
    _seen(page, night)

    # Ann's phone while the night is open: the ask form's step buttons and the chip count's
    # live total write the night's money.
    phone = page.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ann = phone.new_page()
        ann.goto(f"{live_server.url}/p/{regulars['Ann'].balance_token}/")
        _seen(ann, night)
        ask = ann.locator("#ask-form")
        ask.locator(f"button[data-step-for]:text-is('+{step}')").click()
        ask.locator(f"button[data-step-for]:text-is('+{step}')").click()
        amount = ask.locator("input[name=amount]")
        assert amount.input_value() == NIGHTS[night]["typed"](2 * euros)
        count = ann.locator("#count-form")
        count.locator("input[name=white]").fill("3")
        count.locator("input[name=red]").fill("1")
        count.locator("input[name=red]").dispatch_event("input")
        assert ann.inner_text("#chip-total") == money(0.80)
        assert ann.inner_text("#chip-odd") == money(0.80)
        _seen(ann, night)
    finally:
        phone.close()

    # The game call and hand pages, before a game is called.
    for path in ("game/", "hand/"):
        page.goto(url + path)
        _seen(page, night, money=False)

    # The penalty page (its first jump is a warning: no amount yet).
    page.goto(url + "penalty/")
    _seen(page, night, money=False)

    # Everyone cashes out by colour; the odd cents under the cash unit go to the final pot.
    _cash_out(page, url, night, "Fred", 17.70, black=3, blue=2, red=1, white=2)
    if night == "yen":
        page.goto(url + "cashout/")
        page.select_option("#id_player", value=str(regulars["Ann"].pk))
        page.fill("#id_black", "1")
        page.fill("#id_blue", "4")
        page.fill("#id_red", "1")
        page.fill("#id_white", "3")
        page.screenshot(path="/tmp/yen-cashout.png", full_page=True)
        page.screenshot(path=str(shots / "yen-cashout.png"), full_page=True)
    _cash_out(page, url, night, "Ann", 9.80, black=1, blue=4, red=1, white=3)
    _cash_out(page, url, night, "Dan", 12.50, black=2, blue=2, white=5)
    _cash_out(page, url, night, "Mike", euros, **NIGHTS[night]["mike"])
    assert page.inner_text("#final-pot") == money(2)
    page.screenshot(path=f"/tmp/{night}-table.png", full_page=True)
    page.goto(url + "final-pot/")
    _seen(page, night)
    page.select_option("#id_winner", label="Ann")
    page.click("text=Pay the final pot")
    page.wait_for_url(SAVED)
    _seen(page, night)

    page.goto(url + "close/")
    _seen(page, night)
    assert "BOA" in page.inner_text("#notes")
    page.click("text=Commit to THE BOOK")
    page.wait_for_selector("text=No bank notes are open")
    _seen(page, night)
    page.check("#id_confirm")
    page.click("button:text('Close the night')")
    page.wait_for_url(re.compile(r"/settle/$"))
    settle = _seen(page, night)
    if night == "euro":
        page.screenshot(path="/tmp/euro-settle-up.png", full_page=True)
        page.screenshot(path=str(shots / "euro-settle-up.png"), full_page=True)
    rows = {}
    for row in page.locator("#settle tbody tr").all():
        cells = [c.inner_text() for c in row.locator("td").all()]
        rows[cells[0]] = cells[1:]
    assert set(rows) == {"Mike", "Fred", "Ann", "Dan"}, settle
    typed = NIGHTS[night]["typed"]
    # bought cash, note, book, sold, cashed out, final pot, net, THE BOOK after
    # (THE BOOK after differs: Mike's one step is €10 but ¥1000, and the cash box pays less)
    ann, dan = (-8, -2) if night == "euro" else (-3, 2)
    assert rows["Ann"] == [typed(v) for v in (0, 10, 0, 0, 9, 2, 1, ann)]
    assert rows["Dan"] == [typed(v) for v in (2.30, 0, 10, 0, 12, 0, -0.30, dan)]
    assert rows["Fred"] == [typed(v) for v in (20, 0, 0, 2.30, 17, 0, -0.70, 0)]

    # The settle-up PDF: Windows-1252 text, so € is byte 0x80; the code names yen.
    pdf_url = page.locator("a:text-is('PDF')").get_attribute("href")
    assert pdf_url
    pdf = page.request.get(page.url.split("?")[0] + pdf_url if pdf_url.startswith("?")
                           else live_server.url + pdf_url)
    assert pdf.ok, pdf.status
    body = pdf.body()
    assert body.startswith(b"%PDF")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages).split())
    if night == "euro":   # Windows-1252 text: € is the byte 0x80
        assert b"\x80" in body or b"EUR" in body
        assert "€" in text or "EUR" in text, text
    else:
        assert b"\xa5" in body or b"JPY" in body
        assert "¥" in text or "JPY" in text, text
        assert "cents" not in text.lower(), f"{page.url}: {_around(text.lower(), 'cents')}"
        assert ".00" not in text, text
    assert "$" not in text, text

    # The header's pages after the night: THE BOOK, the season, the players.
    for link, has_money in (("THE BOOK", True), ("Season", True), ("Players", False)):
        page.get_by_role("link", name=link, exact=True).first.click()
        page.wait_for_load_state()
        _seen(page, night, money=has_money)
        page.go_back()

    # A player's phone: the link's page in the night's currency.
    page.goto(f"{live_server.url}/p/{regulars['Ann'].balance_token}/")
    _seen(page, night)


@pytest.mark.parametrize("night", ["euro"])
def test_a_euro_night_on_the_tablet(banker_page, live_server, regulars, shots, night):
    _play_a_night(banker_page, live_server, regulars, night, shots)


@pytest.mark.parametrize("night", ["yen"])
def test_a_yen_night_on_the_tablet(banker_page, live_server, regulars, shots, night):
    _play_a_night(banker_page, live_server, regulars, night, shots)
