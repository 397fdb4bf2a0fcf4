"""Form parsing on the banker's pages: bad input gets a message in words (R16)."""

import pytest

from ledger.forms import BuyInForm, CashOutForm, PaymentForm, PenaltyForm
from ledger.house import house_in_use
from ledger.models import Player
from ledger.services import chip_total

ROSTER = [(1, "Mike"), (2, "Fred"), (3, "Gus")]


@pytest.fixture(autouse=True)
def roster_rows(db):
    """The roster's players: a player choice cleans to the row the services take."""
    for pk, name in ROSTER:
        Player.objects.create(house=house_in_use(), pk=pk, name=name, note_id=f"BO{name[0]}{pk}")


def _buyin(**data):
    base = {"key": "k" * 20, "player": "2", "amount": "20", "paid": "cash", "seller": ""}
    base.update(data)
    return BuyInForm(base, roster=ROSTER)


def test_buyin_amount_is_cleaned_to_integer_cents():
    form = _buyin(amount="$20.05")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["amount"] == 2005
    assert form.cleaned_data["player"] == Player.objects.get(pk=2)
    assert form.cleaned_data["seller"] is None


@pytest.mark.parametrize(
    ("amount", "words"),
    [("abc", "is not an amount"), ("-5", "cannot be negative"), ("0", "more than zero"),
     ("", "required"), ("1.234", "is not an amount"), ("99999999", "more than $100,000")],
)
def test_bad_amounts_are_named_in_words_R16(amount, words):
    form = _buyin(amount=amount)
    assert not form.is_valid()
    assert words in " ".join(form.errors["amount"])


def test_unknown_player_is_refused_R16():
    form = _buyin(player="99")
    assert not form.is_valid()
    assert "player" in form.errors


def test_a_player_cannot_sell_to_themself():
    form = _buyin(seller="2")
    assert not form.is_valid()
    assert "themself" in form.errors["seller"][0]


def test_a_chip_sale_needs_a_seller():
    form = BuyInForm(
        {"key": "k" * 20, "player": "2", "amount": "5", "paid": "cash", "seller": ""},
        roster=ROSTER, sale=True,
    )
    assert not form.is_valid()
    assert "seller" in form.errors


def test_a_damaged_key_is_refused():
    form = _buyin(key="<script>")
    assert not form.is_valid()
    assert "reload" in form.errors["key"][0]


def test_each_rendered_form_gets_a_fresh_key():
    assert BuyInForm(roster=ROSTER)["key"].value() != BuyInForm(roster=ROSTER)["key"].value()


def test_cashout_counts_chips_by_colour_B10():
    form = CashOutForm(
        {"key": "k" * 20, "player": "2", "white": "3", "red": "1", "blue": "2", "yellow": "1",
         "black": "12", "green": "2"},
        roster=ROSTER,
    )
    assert form.is_valid(), form.errors
    # 0.15 + 0.10 + 0.50 + 0.50 + 12 + 10 = 23.25
    assert chip_total(form.chips()) == 2325


def test_cashout_refuses_negative_and_empty_counts_R16():
    negative = CashOutForm({"key": "k" * 20, "player": "2", "red": "-1"}, roster=ROSTER)
    assert not negative.is_valid()
    assert "cannot be negative" in negative.errors["red"][0]
    empty = CashOutForm({"key": "k" * 20, "player": "2"}, roster=ROSTER)
    assert not empty.is_valid()
    assert "at least one chip" in str(empty.errors)


def test_penalty_defaults_to_twenty_cents_B11():
    form = PenaltyForm(roster=ROSTER)
    assert form["amount"].value() == "0.20"


# ---- issue 7: a thousands separator is refused; above $500 the banker confirms ----
@pytest.mark.parametrize("amount", ["1,000", "$1,000.00", "1,5"])
def test_an_amount_with_a_comma_is_refused_saying_how_to_write_it_R16(amount):
    form = _buyin(amount=amount)
    assert not form.is_valid()
    message = " ".join(form.errors["amount"])
    assert "has a comma" in message and "1000.00" in message


@pytest.mark.parametrize("form_class", ["buyin", "sale", "payment"])
def test_an_amount_above_500_asks_to_confirm_until_the_box_carries_that_amount(form_class):
    def make(**data):
        base = {"key": "k" * 20, "player": "2", "amount": "505", "paid": "cash", "seller": "3",
                "to": "3", **data}
        if form_class == "payment":
            return PaymentForm(base, roster=ROSTER)
        return BuyInForm(base, roster=ROSTER, sale=form_class == "sale")

    asked = make()
    assert not asked.is_valid() and asked.asks_to_confirm
    assert "$505.00 is more than $500.00" in " ".join(asked.errors["amount"])
    assert not make(confirm_amount="600.00").is_valid()  # confirmed another amount: ask again
    confirmed = make(confirm_amount="505.00")
    assert confirmed.is_valid(), confirmed.errors
    assert confirmed.cleaned_data["amount"] == 50500
    assert make(amount="500").is_valid()  # $500 itself needs no second look
