"""Steps a banker takes on the tablet, shared by the whole-night browser tests."""

import re

SAVED = re.compile(r"\?saved=\d+")


def buy(page, url, who, amount, paid, seller=None):
    """A buy-in from the bank, or with `seller` a chip sale between players (B2, B3)."""
    page.goto(url + ("sale/" if seller else "buy/"))
    page.select_option("#id_player", label=who)
    page.fill("#id_amount", amount)
    page.click(f"label:has-text('{paid}')")
    if seller:
        page.select_option("#id_seller", label=seller)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(SAVED)


def cash_out(page, url, who, nothing=False, **chips):
    """Chips counted by colour, or "Cashed out nothing" for a player who lost everything."""
    from ledger.models import Player

    page.goto(url + "cashout/")
    page.select_option("#id_player", value=str(Player.objects.get(name=who).pk))
    for colour, count in chips.items():
        page.fill(f"#id_{colour}", str(count))
    page.click("button[name=nothing]" if nothing else "button.btn-big[name=save]")
    page.wait_for_url(SAVED)
