"""The translations (locale/<code>/LC_MESSAGES/django.po, README "Languages"): every message
translated in German, Spanish and French - none empty, none fuzzy - with the placeholders and
the HTML of its English text, and every string the templates and the code mark for translation
in each catalog (a small extractor: Django's own template-to-gettext step, then Babel's Python
extractor, as makemessages reads them)."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import read_po

from ledger.languages import LOCALE_DIR, TRANSLATED, catalog_paths

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sd]|%[sd]|\{[A-Za-z_][A-Za-z0-9_]*\}")
TAG = re.compile(r"<[^>]+>")
KEYWORDS = {"_": None, "gettext": None, "gettext_lazy": None, "gettext_noop": None,
            "ngettext": (1, 2), "ngettext_lazy": (1, 2), "pgettext": ((1, "c"), 2),
            "pgettext_lazy": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "npgettext_lazy": ((1, "c"), 2, 3)}


def _catalog(code: str):
    po, _ = catalog_paths(code)
    with po.open("rb") as source:
        return read_po(source, locale=code)


def _pairs(message) -> list[tuple[str, str]]:
    """(English, translation) for each form: a plural's first form against the singular,
    the others against the plural."""
    if isinstance(message.id, (list, tuple)):
        return [(message.id[0] if i == 0 else message.id[1], text)
                for i, text in enumerate(message.string)]
    return [(message.id, message.string)]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(code):
    catalog = _catalog(code)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        for english, text in _pairs(message):
            if not text:
                problems.append(f"untranslated: {english!r}")
                continue
            if sorted(set(PLACEHOLDER.findall(english))) != sorted(set(
                    PLACEHOLDER.findall(text))):
                problems.append(f"placeholders differ: {english!r} -> {text!r}")
            if sorted(TAG.findall(english)) != sorted(TAG.findall(text)):
                problems.append(f"HTML differs: {english!r} -> {text!r}")
    assert len(catalog) > 500, f"{code}: only {len(catalog)} messages"
    assert not problems, f"{code}: {len(problems)} problems:\n" + "\n".join(problems[:40])


def _marked() -> set[tuple[str | None, str]]:
    """(context, English) of every string marked for translation in templates/, ledger/ and
    tables/ (the singular of a plural)."""
    from django.utils.translation.template import templatize

    found: set[tuple[str | None, str]] = set()

    def add(messages, context):
        if isinstance(messages, (list, tuple)):
            messages = messages[0]
        if messages:
            found.add((context or None, messages))

    for folder in ("ledger", "tables"):
        for _, _, messages, _, context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS):
            add(messages, context)
    for template in sorted((ROOT / "templates").rglob("*.html")):
        source = templatize(template.read_text(encoding="utf-8"), origin=str(template))
        for _, messages, _, context in extract("python", _lines(source), keywords=KEYWORDS):
            add(messages, context)
    return found


def _lines(text: str):
    import io

    return io.BytesIO(text.encode("utf-8"))


@pytest.fixture(scope="module")
def marked():
    found = _marked()
    assert len(found) > 500, f"the extractor found only {len(found)} strings"
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_marked_string_is_in_each_catalog(marked, code):
    catalog = _catalog(code)
    missing = sorted(f"{context + ' | ' if context else ''}{english!r}"
                     for context, english in marked
                     if catalog.get(english, context=context) is None
                     and catalog.get(english.replace("%%", "%"), context=context) is None)
    assert not missing, (f"{code}: {len(missing)} marked strings not in "
                         f"{LOCALE_DIR.name}/{code} (make the catalogs again, README "
                         "\"Languages\"):\n" + "\n".join(missing[:40]))


def test_the_catalogs_compile_with_babel_alone(tmp_path, monkeypatch):
    """What `make install` and the test run do (ledger/languages.py): Babel writes each .mo;
    no system gettext."""
    import ledger.languages as languages

    for code in TRANSLATED:
        po, _ = catalog_paths(code)
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        (target / "django.po").write_bytes(po.read_bytes())
    monkeypatch.setattr(languages, "LOCALE_DIR", tmp_path)
    written = languages.compile_catalogs()
    assert sorted(p.parent.parent.name for p in written) == sorted(TRANSLATED)
    assert languages.compile_catalogs() == []   # up to date: nothing written again
    import gettext

    german = gettext.GNUTranslations((tmp_path / "de/LC_MESSAGES/django.mo").open("rb"))
    assert german.gettext("Latest entries") == "Neueste Einträge"
