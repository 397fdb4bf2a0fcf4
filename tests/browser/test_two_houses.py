"""Two home games on one site at the same time, in a real browser: the Friday game's banker and
the Tuesday game's banker, each on a tablet (1024×768), each buys Sam in and cashes him out on
their own night; Sam plays in both and opens both his links on one phone (390×844), which lists
"Your games: Friday game · Tuesday game" from its own memory. Each night settles to the cent,
and neither tablet's THE BOOK, players or settle-up shows a line of the other house."""

import datetime
import re

import pytest
from test_layout import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple"
TABLET = {"width": 1024, "height": 768}
HOUSES = {"Friday game": ("fri", "Mike", ["Fred", "Ann"]),
          "Tuesday game": ("tue", "Walt", ["Xena", "Yuri"])}


def _house(name: str) -> dict:
    """A house with its banker's login, its host, two regulars and Sam, and a night open."""
    from django.contrib.auth.models import User

    from ledger import services
    from ledger.models import Role
    from ledger.scoping import in_house
    from ledger.services.houses import house_create

    login, host, regulars = HOUSES[name]
    user = User.objects.create_user(username=login, password=PASSWORD)
    house = house_create(name=name, owner=user)
    with in_house(house.pk):
        made = {host: services.player_create(name=host, note_id="BOG", is_host=True,
                                             key=f"{login}-host")}
        for who in [*regulars, "Sam"]:
            made[who] = services.player_create(name=who, note_id=f"BO{who[:2].upper()}",
                                               key=f"{login}-{who}")
        night = services.night_open(date=datetime.date(2026, 11, 27), banker=made[host],
                                      seating=[made[w] for w in [*regulars, "Sam"]],
                                      key=f"{login}-open", user=user)
    assert house.memberships.get(user=user).role == Role.OWNER
    return {"house": house, "night": night, "players": made, "login": login}


def _tablet(browser, live_server, login: str):
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", login)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(live_server.url + "/")
    return context, page


def _buy(page, night_url: str, who: str, dollars: str) -> None:
    page.goto(night_url + "buy/")
    page.select_option("#id_player", label=who)
    page.fill("#id_amount", dollars)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    assert f"{who} bought ${dollars}.00" in page.inner_text("#saved")


def test_two_houses_play_a_night_each_at_once_and_never_meet(browser, live_server, shots):
    friday, tuesday = _house("Friday game"), _house("Tuesday game")
    tablets = {}
    for house in (friday, tuesday):
        context, page = _tablet(browser, live_server, house["login"])
        tablets[house["login"]] = (context, page, f"{live_server.url}/s/{house['night'].pk}/")
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        _play(live_server, shots, friday, tuesday, tablets, phone_context.new_page())
    finally:   # no page of this test goes on polling the live server into the next test
        for context in [phone_context, *(context for context, _, _ in tablets.values())]:
            context.close()


def _play(live_server, shots, friday: dict, tuesday: dict, tablets: dict, phone) -> None:
    from ledger import selectors, services
    from ledger.scoping import in_house

    # Both tablets at once: a buy-in on each, turn about.
    for who, dollars in (("Sam", "20"), ("Sam", "5")):
        for house in (friday, tuesday):
            _, page, url = tablets[house["login"]]
            _buy(page, url, who, dollars)
    _, fri_page, fri_url = tablets["fri"]
    _, tue_page, tue_url = tablets["tue"]
    _buy(fri_page, fri_url, "Fred", "10")
    _buy(tue_page, tue_url, "Xena", "15")
    fri_page.screenshot(path=str(shots / "two-houses-friday-tablet-1024x768.png"),
                        full_page=True)

    # Sam's phone opens his Friday link, then his Tuesday link: both listed on both pages.
    links = [f"{live_server.url}/p/{h['players']['Sam'].balance_token}/"
             for h in (friday, tuesday)]
    for link in links:
        phone.goto(link)
    phone.wait_for_selector("#your-games:not([hidden])")
    assert phone.inner_text("#your-games") == "Your games: Friday game · Tuesday game"
    phone.screenshot(path=str(shots / "two-houses-phone-390x844.png"), full_page=True)
    phone.click("#your-games a:text('Friday game')")
    phone.wait_for_url(links[0])
    phone.wait_for_selector("#your-games:not([hidden])")
    assert "Walt" not in phone.content() and "Xena" not in phone.content()

    # Everyone cashes out (Sam won on Friday, lost on Tuesday) and both nights close.
    for house, chips in ((friday, {"Sam": {"green": 7}, "Fred": {"green": 0}}),
                         (tuesday, {"Sam": {"green": 2}, "Xena": {"green": 6}})):
        with in_house(house["house"].pk):
            for who, counted in chips.items():
                services.cashout_create(session=house["night"], player=house["players"][who],
                                        chips=counted, key=f"{house['login']}-out-{who}")
            services.night_close(session=house["night"], key=f"{house['login']}-close")
    with in_house(friday["house"].pk):
        friday_nets = {row["name"]: row["net"] for row in
                       selectors.settle_up_report(friday["night"])["players"]}
    with in_house(tuesday["house"].pk):
        tuesday_nets = {row["name"]: row["net"] for row in
                        selectors.settle_up_report(tuesday["night"])["players"]}
    assert friday_nets["Sam"] == "10.00" and friday_nets["Fred"] == "-10.00"
    assert tuesday_nets["Sam"] == "-15.00" and tuesday_nets["Xena"] == "15.00"
    assert sum(int(v.replace(".", "")) for v in friday_nets.values()) == 0
    assert sum(int(v.replace(".", "")) for v in tuesday_nets.values()) == 0

    # Neither tablet shows a line of the other house.
    for page, url, others in ((fri_page, fri_url, ["Walt", "Xena", "Yuri", "Tuesday game"]),
                              (tue_page, tue_url, ["Mike", "Fred", "Ann", "Friday game"])):
        for path in ("/book/", "/players/", "/season/"):
            page.goto(live_server.url + path)
            text = page.inner_text("main")
            assert not [name for name in others if name in text], (path, text)
        page.goto(url + "settle/")
        text = page.inner_text("main")
        assert not [name for name in others if name in text], text
    assert tue_page.goto(fri_url).status == 404   # Friday's night is nobody's to Tuesday
    assert "Nothing here" in tue_page.inner_text("main")


def _members(name: str, prefix: str) -> dict:
    """A house of its own logins (owner, two bankers, one of them staff, a viewer), a night
    opened and its bank held by the owner."""
    from django.contrib.auth.models import User

    from ledger import services
    from ledger.scoping import in_house
    from ledger.services.houses import house_create, member_role_set

    logins = {role: User.objects.create_user(username=f"{prefix}_{role}", password=PASSWORD,
                                             is_staff=role == "banker2")
              for role in ("owner", "banker", "banker2", "viewer")}
    house = house_create(name=name, owner=logins["owner"])
    for role, user in logins.items():
        if role != "owner":
            member_role_set(house=house, user=user, role=role.rstrip("2"))
    with in_house(house.pk):
        host = services.player_create(name=f"{prefix}host", note_id="BOG", is_host=True,
                                      key=f"{prefix}-host")
        fred = services.player_create(name=f"{prefix}fred", note_id="BOF", key=f"{prefix}-fred")
        night = services.night_open(date=datetime.date(2026, 11, 27), banker=host,
                                      seating=[fred], key=f"{prefix}-open",
                                      user=logins["owner"])
    return {"night": night, **logins}


def test_each_houses_holder_hands_the_bank_to_its_own_members_and_back(browser, live_server):
    """Issue 37: on a site of two houses, each house's holder is offered exactly its own owners
    and bankers (never a viewer, never the other house's logins), hands the bank to each of them
    and gets it back through the page, and no page of a house shows the other's login names."""
    from ledger.models import BankTenure

    houses = {"fri": _members("Friday game", "fri"), "tue": _members("Tuesday game", "tue")}
    contexts = []
    try:
        for prefix, house in houses.items():
            other = "tue" if prefix == "fri" else "fri"
            table = f"{live_server.url}/s/{house['night'].pk}/"
            pages = {}
            for role in ("owner", "banker", "banker2"):
                context, page = _tablet(browser, live_server, f"{prefix}_{role}")
                contexts.append(context)
                pages[role] = page

            def offered(role: str, table=table, pages=pages, other=other) -> set[str]:
                page = pages[role]
                page.goto(table)
                assert f"{other}_" not in page.content(), (role, page.url)   # no other login
                choices = page.locator("#hand-over select option:not([value=''])")
                return set(choices.all_inner_texts())

            def hand(giver: str, to: str, table=table, pages=pages, prefix=prefix,
                     other=other) -> None:
                page = pages[giver]
                page.goto(table)
                page.select_option("#hand-over select", label=f"{prefix}_{to}")
                page.click("#hand-over button[type=submit]")
                page.wait_for_selector(f"#bank-holder:has-text('{prefix}_{to}')")
                assert f"{other}_" not in page.content()
                pages[to].goto(table)
                assert pages[to].inner_text("#bank-holder").startswith("You hold the bank")

            everyone = {f"{prefix}_{role}" for role in ("owner", "banker", "banker2")}
            assert offered("owner") == everyone - {f"{prefix}_owner"}
            for banker in ("banker", "banker2"):
                hand("owner", banker)
                assert offered(banker) == everyone - {f"{prefix}_{banker}"}
                hand(banker, "owner")                                   # and back
            assert offered("owner") == everyone - {f"{prefix}_owner"}
            held = BankTenure.objects.filter(session=house["night"]).order_by("id")
            assert [t.holder.username for t in held] == [
                f"{prefix}_{who}" for who in ("owner", "banker", "owner", "banker2", "owner")]
    finally:
        for context in contexts:
            context.close()
