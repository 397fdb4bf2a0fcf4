"""The one reader of whole numbers the site is given: chip counts typed on the cash-out page,
ids posted back by the pages and typed on the command line.

ASCII digits only. Python's int() also takes "\u0663" (an Arabic-Indic three), "3_000", "+3"
and full-width digits; a chip count typed as any of those is refused, as amounts refuse them
(rules.money.parse_cents). Plain Python: forms, views and services all read through it.
"""

from __future__ import annotations

import re

WHOLE_NUMBER = re.compile(r"[0-9]{1,15}")


def whole_number(value: object) -> int | None:
    """The number `value` spells in ASCII digits (spaces around it allowed), else None; an int
    is taken as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip(" \t\r\n")
    if not WHOLE_NUMBER.fullmatch(text):
        return None
    return int(text)


def read_whole_number(value: object) -> int:
    """`whole_number`, raising ValueError for what it cannot read (a coerce= of a choice
    field, a lookup by id)."""
    number = whole_number(value)
    if number is None:
        raise ValueError(f"not a whole number: {value!r}")
    return number
