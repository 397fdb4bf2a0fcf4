"""A German night: a house whose language is "de" and whose money is the euro plays a night on
the tablet through its pages only, as the euro night does (test_currency_nights.py): open,
buy-ins by cash, bank note and THE BOOK, a chip sale, a phone's ask approved at the table, a
called game and a hand, cash-outs by colour, the final pot, the close and its notes, the
settle-up and its PDF, and a phone's "I paid" confirmed by the receiver's phone.

Every page it visits says no English sentence (its visible text checked against the words
and phrases of the English pages), amounts read "20,00 €" and the night's date reads
"21. November" - names, game names and what the rules engine explains aside (the rules'
sentences are English: README "Languages")."""

import io
import re

import pytest
from pypdf import PdfReader
from table_steps import SAVED
from test_layout import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Words and phrases of the English pages that a German page never shows (whole words; the
# case as the English pages write them).
ENGLISH = ["the", "and", "you", "your", "Buy-in", "buy-in", "Cash out", "Cash-out", "cash-out",
           "Save", "Night", "night", "Players", "Player", "Settle", "Settle-up", "Close",
           "Back to", "Paid by", "Amount", "Total", "Tonight", "Banker", "THE BOOK",
           "Cash box", "Bought", "Sold", "Cashed out", "Final pot", "Net", "Who pays whom",
           "Approve", "Decline", "Ask", "Count", "Send", "Clear", "Add up", "Nothing",
           "Season", "Settings", "Members", "Log out", "Dark", "Light", "Latest entries",
           "Payment", "Payments", "waiting", "confirmed", "owes", "owed", "Step", "steps",
           "White", "Red", "Blue", "Black", "Language", "Change", "Copy", "Open", "Cash",
           "Bank note", "Dealer", "Game", "Odds", "Penalty", "Seat"]
_ENGLISH = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in ENGLISH) + r")(?![\w-])")
# Text that is not the page's own words: the brand, the names of the game and the rules
# engine's explanations (English), the entries' memos of hands and calls.
NOT_WORDS = ["header .brand", ".explain", "#game-words", ".rules-words", "#call-rules",
             "#recent li[data-kind=hand]", "#recent li[data-kind=call]", "#id_game",
             "#table-game strong", "#id_phone_language"]
GERMAN_DATE = re.compile(r"\b\d{1,2}\. (November|Nov\.|Dezember|Dez\.)")
EURO = re.compile(r"\d+,\d{2}\s€")
FIGURE = re.compile(r"(?<![\d.])-?\d+,\d{2}(?![\d])")
ENGLISH_FIGURE = re.compile(r"(?<![\d.:])\d+\.\d{2}(?![\d.])")
NAMES = ("Mike", "Fred", "Ann", "Dan")


def _seen(page, *, money: bool = True, date: bool = False) -> str:
    """The page's visible text, checked: German words only, euros written "12,50 €"."""
    seen = page.inner_text("body")
    # The page's own words: its text with the parts that are not set aside for a moment.
    text = page.evaluate("""(selectors) => {
        const aside = [...document.querySelectorAll(selectors.join(","))]
            .filter((el) => el.style.display !== "none");
        aside.forEach((el) => { el.style.display = "none"; });
        const text = document.body.innerText;
        aside.forEach((el) => { el.style.display = ""; });
        return text;
    }""", NOT_WORDS)
    for name in NAMES:
        text = text.replace(name, " ")
    found = _ENGLISH.search(text)
    assert found is None, f"{page.url} says English {found.group(0)!r}: {_around(text, found)}"
    assert "$" not in text, f"{page.url} shows a $"
    assert not re.search(r"€[ \xa0]?\d", text), f"{page.url}: the € before the amount (English)"
    if money:   # "12,50 €", or a table's figures "12,50" under "Beträge in Euro (€)"
        assert EURO.search(text) or (FIGURE.search(text) and "Beträge in Euro (€)" in text), (
            f"{page.url} shows no amount like 12,50 €")
    assert not ENGLISH_FIGURE.search(text), f"{page.url}: an amount with a decimal point"
    if date:
        assert GERMAN_DATE.search(text), f"{page.url} shows no German date"
    assert page.get_attribute("html", "lang") == "de"
    return seen


def _around(text: str, found: re.Match) -> str:
    return repr(text[max(0, found.start() - 60):found.end() + 60])


def _euros(text: str) -> str:
    return text.replace("\xa0", " ")


def _german_house(regulars):
    from ledger.house_settings import HouseSettings
    from ledger.models import House

    house = House.objects.get(pk=regulars["Mike"].house_id)
    house.settings = HouseSettings(
        currency="EUR", time_zone="Europe/Berlin", language="de",
        chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)),
        buy_in_step=1000, cash_unit=100).to_json()
    house.save()


def _buy(page, url, who, amount, paid, *, seller=None):
    page.goto(url + ("sale/" if seller else "buy/"))
    _seen(page)
    page.select_option("#id_player", label=who)
    page.fill("#id_amount", amount)
    page.click(f"label:has-text('{paid}')")
    if seller:
        page.select_option("#id_seller", label=seller)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    return _euros(_seen(page, date=True))


def _cash_out(page, url, who, total, **chips):
    from ledger.models import Player

    page.goto(url + "cashout/")
    _seen(page)
    page.select_option("#id_player", value=str(Player.objects.get(name=who).pk))
    for colour, count in chips.items():
        page.fill(f"#id_{colour}", str(count))
    assert _euros(page.inner_text("#chip-total")) == total
    _seen(page)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    _seen(page)


def test_a_german_night_on_the_tablet_and_the_phones(banker_page, live_server, regulars, shots):
    from ledger.models import Entry, PhoneRequest

    _german_house(regulars)
    page = banker_page
    page.goto(live_server.url + "/s/new/")
    _seen(page, money=False)
    assert "Einen Abend eröffnen" in page.inner_text("h1")
    page.fill("#id_date", "2026-11-21")
    page.select_option("#id_banker", label="Mike")
    for name in ("Fred", "Ann", "Dan"):
        page.check(f"label:has-text('{name}') input")
    page.click("text=Tisch öffnen")
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    url = page.url
    _seen(page, money=True, date=True)
    assert "Samstag, 21. November 2026" in page.inner_text("h1")

    # The buy-in page: its quick amounts and the step buttons in euros, the German way; an
    # amount typed with a decimal comma is read as the banker means it.
    page.goto(url + f"buy/?player={regulars['Fred'].pk}")
    _seen(page)
    quick = [_euros(b.inner_text().strip()) for b in page.locator("#quick-buy button").all()]
    assert quick == ["10,00 €", "20,00 €", "40,00 €"]
    page.fill("#id_amount", "20,00")
    page.click("label:has-text('Bar')")
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)
    saved = _euros(_seen(page))
    assert "Fred: Einkauf über 20,00 €, bezahlt mit bar." in saved, saved
    assert "Fred kaufte 20,00 € von der Bank, bezahlt mit bar" in saved
    page.goto(url + f"buy/?player={regulars['Mike'].pk}")
    page.click("#quick-buy button:text-is('10,00\u00a0€')")
    page.wait_for_url(SAVED)
    assert "Mike: Einkauf über 10,00 €" in _euros(_seen(page))

    page.goto(url + f"correct/{Entry.objects.latest('pk').pk}/")
    _seen(page)

    _buy(page, url, "Ann", "10.00", "Schuldschein")
    _buy(page, url, "Dan", "10.00", "DAS BUCH")
    assert "Dan: 2,30 € an Chips von Fred, bezahlt mit bar." in _buy(
        page, url, "Dan", "2.30", "Bar", seller="Fred")

    # Ann's phone: German too; she asks for 10,00 € of chips, the tablet approves it.
    phone = page.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ann = phone.new_page()
        ann.goto(f"{live_server.url}/p/{regulars['Ann'].balance_token}/")
        _seen(ann, date=True)
        ask = ann.locator("#ask-form")
        ask.locator("input[name=amount]").fill("10.00")
        ask.locator("label:has-text('Bar')").click()
        ann.click("#ask-send")
        ann.wait_for_selector("#my-requests >> text=wartet auf den Bankhalter")
        _seen(ann)
        asked = PhoneRequest.objects.get(player=regulars["Ann"])
        page.goto(url)
        page.wait_for_selector(f"#request-{asked.pk}")
        assert "fragt 10,00 € in Chips, bezahlt mit bar an" in _euros(
            page.inner_text(f"#request-{asked.pk}"))
        _seen(page)
        page.click(f"#approve-{asked.pk}")
        page.wait_for_selector("#saved >> text=Ann kaufte")
        _seen(page)
        ann.wait_for_selector(f"#my-request-{asked.pk} >> text=angenommen", timeout=5_000)
        _seen(ann)

        # A game called and one hand by who won.
        page.goto(url + "game/")
        _seen(page)
        page.select_option("#id_game", value="draw-match-pot")
        page.select_option("#id_dealer", label="Fred")
        page.click("text=Spiel ansagen >> nth=-1")
        page.wait_for_url(re.compile(r"/hand/$"))
        _seen(page, money=False)
        names = [n.strip() for n in page.locator("table.hand-entry tbody th").all_inner_texts()]
        page.fill("#id_pot", "2.00")
        page.check(f"#id_p{names.index('Fred')}_won_high")
        for name in ("Mike", "Ann", "Dan"):   # everybody else folds: Fred takes the pot
            page.check(f"#id_p{names.index(name)}_folded")
        page.click("button[name=save].btn-big")
        page.wait_for_url(re.compile(r"saved=\d+"))
        _seen(page)
        assert "Gespeichert" in page.inner_text("#saved-hand")
        page.goto(url + "penalty/")
        _seen(page, money=False)

        # Everyone cashes out by colour; the odd cents go to the final pot.
        _cash_out(page, url, "Fred", "25,70 €", black=4, blue=5, red=1, white=2)
        _cash_out(page, url, "Ann", "19,80 €", black=3, blue=4, red=1, white=3)
        _cash_out(page, url, "Dan", "8,50 €", black=1, blue=3, white=5)
        _cash_out(page, url, "Mike", "6,00 €", black=1, blue=1)
        page.goto(url + "final-pot/")
        _seen(page)
        page.select_option("#id_winner", label="Ann")
        page.click("text=Schlusspot auszahlen")
        page.wait_for_url(SAVED)
        _seen(page)

        page.goto(url + "close/")
        close = _seen(page)
        assert "BOA" in page.inner_text("#notes")
        page.click("text=Ins BUCH übernehmen")
        page.wait_for_selector("text=Keine Schuldscheine offen.")
        _seen(page)
        page.check("#id_confirm")
        page.click("button:text('Abend abschließen')")
        page.wait_for_url(re.compile(r"/settle/$"))
        settle = _euros(_seen(page, date=True))
        page.screenshot(path=str(shots / "german-settle-up.png"), full_page=True)
        assert "Abrechnung: Samstag, 21. November 2026" in settle
        assert "Wer zahlt wem" in settle and close
        rows = {}
        for row in page.locator("#settle tbody tr").all():
            cells = [c.inner_text() for c in row.locator("td").all()]
            rows[cells[0]] = cells[1:]
        assert set(rows) == {"Mike", "Fred", "Ann", "Dan"}, settle
        assert all("," in cell and "." not in cell for cells in rows.values() for cell in cells)

        # The settle-up PDF: German words, the euro (Windows-1252's 0x80 in the file).
        pdf_url = page.locator("a:text-is('PDF')").get_attribute("href")
        pdf = page.request.get(page.url.split("?")[0] + pdf_url)
        assert pdf.ok, pdf.status
        body = pdf.body()
        text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)
                        .split())
        assert "Abrechnung, Samstag, 21. November 2026" in text, text
        assert "Wer zahlt wem" in text and "Bankhalter Mike" in text
        assert "€" in text and "$" not in text

        # The header's pages after the night.
        for link, has_money in (("DAS BUCH", True), ("Saison", True), ("Spieler", False)):
            page.get_by_role("link", name=link, exact=True).first.click()
            page.wait_for_load_state()
            _seen(page, money=has_money)
            page.go_back()

        # Who pays whom: the payer's phone says "I paid", the receiver's phone confirms.
        from ledger.models import PaymentClaim, Player
        from ledger.selectors import the_book

        book = {player.name: balance for player, balance in the_book()}
        payer = min(book, key=lambda name: book[name])
        payer_phone = phone.new_page()
        payer_phone.goto(f"{live_server.url}/p/{Player.objects.get(name=payer).balance_token}/")
        _seen(payer_phone, date=True)
        payer_phone.click("#paid-1")
        payer_phone.wait_for_selector("#settle >> text=wartet auf die Bestätigung von")
        _seen(payer_phone)
        claim = PaymentClaim.objects.get(payer__name=payer)
        receiver = phone.new_page()
        receiver.goto(f"{live_server.url}/p/{claim.payee.balance_token}/")
        receiver.wait_for_selector("#payments >> text=Hast du es bekommen?")
        _seen(receiver)
        receiver.click(f"#confirm-{claim.pk}")
        receiver.wait_for_selector("#my-payments")
        _seen(receiver)
        claim.refresh_from_db()
        assert claim.status == "confirmed"
    finally:
        phone.close()
