"""The journal's memos in the page's language. A memo is written once, in English, when its
entry is (the journal never changes); a page in another language says the common ones in its
own words: buy-ins, cash-outs and payments. Others (a hand's rules) stay as written."""

from __future__ import annotations

import re

from django import template
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext_lazy

register = template.Library()

METHODS = {
    "cash": pgettext_lazy("paid by", "cash"),
    "note": pgettext_lazy("paid by", "bank note"),
    "book": pgettext_lazy("paid by", "THE BOOK"),
}
KINDS = {
    "opening": gettext_lazy("THE BOOK brought in"), "buy": gettext_lazy("chips bought"),
    "warning": gettext_lazy("warning for jumping the bet"), "penalty": gettext_lazy("penalty"),
    "call": gettext_lazy("game called"), "hand": gettext_lazy("hand"),
    "end_game": gettext_lazy("game ended"), "cashout": gettext_lazy("cash-out"),
    "count_difference": gettext_lazy("count difference"), "final_pot": gettext_lazy("final pot"),
    "note": gettext_lazy("bank note committed or voided"), "pay": gettext_lazy("payment"),
    "merge": gettext_lazy("surrogate book merged"), "close": gettext_lazy("night closed"),
    "reverse": gettext_lazy("correction"),
}
_BUY = re.compile(r"^(?P<buyer>.+?) bought (?P<amount>.+?) from (?P<seller>.+?), paid by "
                  r"(?P<method>cash|note|book)(?P<note> \([A-Z0-9]+\))?$")
_NOTHING = re.compile(r"^(?P<player>.+?) cashed out nothing$")
_TURNED_IN = re.compile(r"^(?P<player>.+?) turned in (?P<total>.+?): (?P<cash>.+?) in cash, "
                        r"(?P<owed>.+?) owed(?:, (?P<odd>.+?) to the final pot)?$")
_CALL = re.compile(r"^(?P<dealer>.+?) calls (?P<game>.+)$")
_HAND = re.compile(r"^hand of (?P<game>.+?): (?P<explain>.*)$", re.S)
_PAID = re.compile(r"^(?P<payer>.+?) paid (?P<to>.+?) (?P<amount>\S+(?: \S+)?)"
                   r"(?P<alone> \(THE BOOK, no night open\))?$")


# The other memos the posting core writes (ledger/posting/), each as a whole.
_OTHERS = [
    (re.compile(r"^(?P<winner>.+?) won the final pot of (?P<pot>.+?) \((?P<cash>.+?) in cash\)$"),
     gettext_lazy("%(winner)s won the final pot of %(pot)s (%(cash)s in cash)")),
    (re.compile(r"^(?P<count>\d+) bank note\(s\) of (?P<note>\S+) for (?P<amount>.+?) "
                r"committed into THE BOOK \(B5\)$"),
     gettext_lazy("%(count)s bank note(s) of %(note)s for %(amount)s committed into THE BOOK "
                  "(B5)")),
    (re.compile(r"^(?P<count>\d+) bank note\(s\) of (?P<note>\S+) for (?P<amount>.+?) "
                r"voided \(B5\)$"),
     gettext_lazy("%(count)s bank note(s) of %(note)s for %(amount)s voided (B5)")),
    (re.compile(r"^(?P<amount>.+?) in chips never came back: (?P<reason>.*)$", re.S),
     gettext_lazy("%(amount)s in chips never came back: %(reason)s")),
    (re.compile(r"^(?P<player>.+?) jumped the bet: the night's one warning \(B11\)$"),
     gettext_lazy("%(player)s jumped the bet: the night's one warning (B11)")),
    (re.compile(r"^(?P<player>.+?) jumped the bet: warning (?P<number>\d+) of (?P<count>\d+) "
                r"tonight \(B11\)$"),
     gettext_lazy("%(player)s jumped the bet: warning %(number)s of %(count)s tonight (B11)")),
    (re.compile(r"^(?P<player>.+?) jumped the bet \(B11\)$"),
     gettext_lazy("%(player)s jumped the bet (B11)")),
    (re.compile(r"^the game of (?P<game>.+?) ended; the pot stays$"),
     gettext_lazy("the game of %(game)s ended; the pot stays")),
    (re.compile(r"^(?:session|night) closed$"), gettext_lazy("night closed")),
    (re.compile(r"^(?:session|night) closed: (?P<moved>.*) \(B9\)$", re.S),
     gettext_lazy("night closed: %(moved)s (B9)")),
    (re.compile(r"^surrogate book of (?P<day>\S+) merged into THE BOOK \(B7\)$"),
     gettext_lazy("surrogate book of %(day)s merged into THE BOOK (B7)")),
]


def memo_text(memo: str) -> str:
    """`memo` in the active language (English: as written)."""
    if (get_language() or "en").split("-")[0] == "en":
        return memo
    found = _BUY.match(memo)
    if found:
        seller = found["seller"]
        words = {"buyer": found["buyer"], "amount": found["amount"],
                 "method": METHODS[found["method"]]}
        if seller == "bank":
            text = gettext("%(buyer)s bought %(amount)s from the bank, paid by %(method)s")
        else:
            text = gettext("%(buyer)s bought %(amount)s from %(seller)s, paid by %(method)s")
            words["seller"] = seller
        return text % words + (found["note"] or "")
    found = _NOTHING.match(memo)
    if found:
        return gettext("%(player)s cashed out nothing") % {"player": found["player"]}
    found = _TURNED_IN.match(memo)
    if found:
        text = gettext("%(player)s turned in %(total)s: %(cash)s in cash, %(owed)s owed") % {
            "player": found["player"], "total": found["total"], "cash": found["cash"],
            "owed": found["owed"]}
        if found["odd"]:
            text += gettext(", %(odd)s to the final pot") % {"odd": found["odd"]}
        return text
    for pattern, said in _OTHERS:
        found = pattern.match(memo)
        if found:
            return str(said) % found.groupdict()
    found = _HAND.match(memo)
    if found:   # the rules' explanation stays as the rules engine wrote it
        return gettext("hand of %(game)s: %(explain)s") % {
            "game": found["game"], "explain": found["explain"]}
    found = _CALL.match(memo)
    if found:
        return gettext("%(dealer)s calls %(game)s") % {"dealer": found["dealer"],
                                                       "game": found["game"]}
    found = _PAID.match(memo)
    if found:
        text = gettext("%(payer)s paid %(to)s %(amount)s") % {
            "payer": found["payer"], "to": found["to"], "amount": found["amount"]}
        return text + (gettext(" (THE BOOK, no night open)") if found["alone"] else "")
    return memo


@register.filter
def memo_words(value: object) -> object:
    return memo_text(value) if isinstance(value, str) and value else value


@register.filter
def method_words(value: object) -> object:
    """How chips were paid ("cash", "note", "book") in words: "cash", "bank note", "THE BOOK"."""
    return METHODS.get(str(value), value)


@register.filter
def kind_words(value: object) -> object:
    """An entry's kind in words ("chips bought", "cash-out" …)."""
    return KINDS.get(str(value), value)
