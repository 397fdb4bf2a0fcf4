"""The languages the pages speak (README "Languages"): English by default, a house's own
language (its `language` setting) on its pages, and a phone's own choice on the player pages,
kept by the device in Django's language cookie.

The catalogs are `locale/<code>/LC_MESSAGES/django.po`; their compiled `.mo` files are not in
git: `compile_catalogs` writes them with Babel (no system gettext), run by `make install` and
at the start of a test run (`python -m ledger.languages`).
"""

from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

from babel.dates import format_date, format_skeleton
from django.utils import dateformat
from django.utils.translation import get_language, gettext_lazy

from ledger.house_settings import LANGUAGES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
NAMES = {"en": "English", "de": "Deutsch", "es": "Español", "fr": "Français"}


# The chip colours a house names most, in the page's language; any other as it is written.
COLOURS = {
    "white": gettext_lazy("White"), "red": gettext_lazy("Red"), "blue": gettext_lazy("Blue"),
    "green": gettext_lazy("Green"), "black": gettext_lazy("Black"),
    "yellow": gettext_lazy("Yellow"), "pink": gettext_lazy("Pink"),
    "purple": gettext_lazy("Purple"), "orange": gettext_lazy("Orange"),
    "grey": gettext_lazy("Grey"), "gray": gettext_lazy("Gray"), "brown": gettext_lazy("Brown"),
}


def colour_label(colour: str) -> str:
    """A chip colour's label: "White", "Weiß" in German; a house's own colour capitalised."""
    return str(COLOURS.get(colour, colour.capitalize()))


def figure(text: str, language: str | None = None) -> str:
    """A plain decimal amount ("18.05", as amount_text writes it: no grouping) with the
    language's decimal sign for a page to show: "18,05" in German. English as it is."""
    from babel.numbers import get_decimal_symbol
    from django.utils.translation import get_language

    language = (language or get_language() or "en").split("-")[0]
    if language == "en" or "." not in text:
        return text
    return text.replace(".", get_decimal_symbol(language))


def known(code: object) -> bool:
    return isinstance(code, str) and code in LANGUAGES


def catalog_paths(code: str) -> tuple[Path, Path]:
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    return folder / "django.po", folder / "django.mo"


def compile_catalogs(*, force: bool = False) -> list[Path]:
    """Compile each catalog whose .mo is missing or older than its .po; the ones written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for code in TRANSLATED:
        po, mo = catalog_paths(code)
        if not po.exists():
            continue
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=code)
        partial = mo.with_name(f".{mo.name}.{os.getpid()}.partial")   # two workers at once
        with partial.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        partial.replace(mo)
        written.append(mo)
    return written


if __name__ == "__main__":
    for path in compile_catalogs(force="--force" in sys.argv[1:]):
        print(f"compiled {path.relative_to(LOCALE_DIR.parent)}")


# Django's format (what the English pages write) -> CLDR's skeleton or width for the others.
SKELETONS = {
    "l, F j, Y": "full",
    "F j, Y": "long",
    "N j, Y": "long",
    "l, F j": "full",
    "F j": "MMMMd",
    "M j": "MMMd",
    "M j, Y": "yMMMd",
    "n/j": "Md",
    "D M j": "MMMEd",
    "D M j, Y": "yMMMEd",
    "j F Y": "long",
    "n/j/y": "yMd",
    "M Y": "yMMM",
}


def day_text(value: datetime.date, django_format: str, language: str | None = None) -> str:
    language = language or get_language() or "en"
    if language.split("-")[0] == "en":
        return dateformat.format(value, django_format)
    shape = SKELETONS.get(django_format, "long")
    if shape in ("full", "long", "medium", "short"):
        return str(format_date(value, shape, locale=language))
    return str(format_skeleton(shape, value, locale=language))
