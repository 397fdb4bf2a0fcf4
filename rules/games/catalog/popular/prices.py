"""The price a card dealt face up costs its holder (H2 Baseball's face-up 3), as the side
payment `up-card-price`.

The price is table money paid during the play, like the prices to stay in of P15 (Flaming
Cross, Ponsi): it is already in the pot the showdown gives, so it owes nothing more; the hand
records who paid and what. Settings: `price_card` (a rank such as "3", or cards; default "3")
and `three_price`: "match" (the holder matched the pot then; the amount is not known after the
fact), an amount in whole units ("0.50"), or "fold" (a face-up 3 folds the hand: a player
still in holding one is refused, naming the card).
"""

from __future__ import annotations

from ....errors import RulesError
from ....money import format_cents, read_money, require_units
from ...pots import SIDE_PAYMENTS, Owe, SideContext
from ...showdown_input import cards_of
from ...up_cards import card_spec, matches, spec_words

PRICES = ("match", "fold")


def read_price(value: object, unit: int) -> int | str:
    """"match", "fold", or the fixed price in cents (whole units, more than zero)."""
    if value in PRICES:
        return str(value)
    if not isinstance(value, str):
        raise RulesError(f"options.three_price: expected \"match\", \"fold\" or an amount such "
                         f"as \"0.50\", got {value!r}")
    cents = require_units(read_money(value, field="options.three_price"),
                          field="options.three_price", unit=unit)
    if cents <= 0:
        raise RulesError(f"options.three_price: expected an amount more than 0.00, got {value!r}")
    return cents


@SIDE_PAYMENTS.register("up-card-price")
def up_card_price(context: SideContext) -> list[Owe]:
    settings = context.table.settings
    spec = str(settings.get("price_card", "3"))
    rule = card_spec(spec, "options.price_card")
    price = read_price(settings.get("three_price", "match"), context.table.unit)
    paid: list[tuple[str, str]] = []
    for index, player in enumerate(context.players):
        name = str(player.get("name", f"players[{index}]"))
        up = cards_of(player.get("up") if isinstance(player.get("up"), list) else None,
                      f"players[{index}].up")
        still_in = player.get("in", True) is not False and player.get("folded") is not True
        for position, card in enumerate(up):
            if not matches(rule, card):
                continue
            if price == "fold" and still_in:
                raise RulesError(f"players[{index}].up[{position}]: the {card} dealt face up "
                                 f"folds the hand (three_price \"fold\", H2); {name} cannot "
                                 "still be in")
            paid.append((name, str(card)))
    if not paid:
        return []
    what = spec_words(rule)
    if price == "fold":
        context.outcome.explain.append(
            f"Folded by a face-up {what} (H2): "
            + ", ".join(f"{name} ({card})" for name, card in paid) + ".")
        return []
    if price == "match":
        context.outcome.explain.append(
            f"Matched the pot for a face-up {what}, during the play (H2; table money, already "
            "in the pot, P15): " + ", ".join(f"{name} ({card})" for name, card in paid) + ".")
        return []
    assert isinstance(price, int)
    total = price * len(paid)
    if total > context.table.pot:
        raise RulesError(f"pot: {format_cents(context.table.pot)} is less than the "
                         f"{format_cents(total)} the face-up {what}s paid into it "
                         f"({len(paid)} at {format_cents(price)}, H2)")
    context.outcome.explain.append(
        f"Paid {format_cents(price)} into the pot for each face-up {what}, during the play (H2; "
        "table money, already in the pot, P15): "
        + ", ".join(f"{name} ({card})" for name, card in paid)
        + f"; {format_cents(total)} in all.")
    return []
