"""A player's name, read once the same way everywhere: one name, one person.

The forms, the services and the night file's import all read names here, so a name that looks
like another cannot slip in through one of them. A name is normalised (Unicode NFC, spaces
around and inside collapsed to one) and refused, with a sentence, when it holds an invisible
character (a zero-width space, a joiner, a word joiner, a byte-order mark, a soft hyphen, any
other format character, a blank-looking filler letter) or a direction control (right-to-left
override and the like): "Y\u200ban" shows as "Yan" and "\u202eFred" reverses what follows.
Two names are the same person when they look the same (`identity`): compatibility forms folded
(NFKC: full-width "Ｘｅｎａ" is "Xena"), letters of another script that look like Latin ones read as
those (Unicode's confusables, from the `confusable-homoglyphs` package: Cyrillic "Хena" and Greek
"Αnn" are "Xena" and "Ann"), capitals folded (Unicode case folding), and unseen characters and
spacing dropped (`same_person`).

Pure Python: no Django, so the schema reader, the services and the tests share it.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import categories, confusables

MAX_LENGTH = 40   # Player.name's max_length

# Direction controls: embeddings, overrides and isolates, and the implicit marks.
DIRECTION_CONTROLS = frozenset(
    chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F,
                           0x061C))
# Letters and symbols that show as blank although they are not format characters.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")


class NameRefused(ValueError):
    """A name that cannot be a player's: the message is the sentence shown."""


def _unseen(character: str) -> str | None:
    """What kind of unseen character this is, or None for an ordinary one."""
    if character in DIRECTION_CONTROLS:
        return "direction-control"
    category = unicodedata.category(character)
    if character in BLANK_LOOKING or category in ("Cf", "Co", "Cn", "Cs") \
            or (category == "Cc" and not character.isspace()):
        return "invisible"
    return None


def _described(character: str) -> str:
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}{' ' + name if name else ''}"


def read_name(text: object) -> str:
    """The name as stored: NFC, spaces collapsed; NameRefused (with a sentence) when it is
    empty, too long, or holds an invisible or direction-control character."""
    raw = unicodedata.normalize("NFC", text if isinstance(text, str) else str(text or ""))
    for place, character in enumerate(raw, start=1):
        kind = _unseen(character)
        if kind is not None:
            raise NameRefused(
                f"A name cannot hold {kind} characters ({_described(character)} at place "
                f"{place}): it would look like another name. Type the name again without it.")
    name = " ".join(raw.split())
    if not name or len(name) > MAX_LENGTH:
        raise NameRefused(f"Give the player a name of 1 to {MAX_LENGTH} characters.")
    return name


@functools.lru_cache(maxsize=4096)
def _as_latin(character: str) -> str:
    """The Latin letter(s) a letter of another script looks like, or the character itself.
    Latin and common characters (digits, punctuation) stay as they are: only another script's
    lookalikes are read as Latin, so "Bo0" and "BoO" stay two names."""
    if categories.alias(character) in ("LATIN", "COMMON"):
        return character
    for found in confusables.is_confusable(character, greedy=True,
                                           preferred_aliases=["latin"]) or ():
        for glyph in found["homoglyphs"]:
            text = str(glyph["c"])
            if text and all(categories.alias(c) == "LATIN" for c in text):
                return text
    return character


def identity(name: str) -> str:
    """What two names of the same person share: NFKC, another script's lookalikes read as the
    Latin letters they look like, case folded, unseen characters and spacing dropped (also for
    names stored before this reader, which may hold such characters)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(_as_latin(c) for c in text if _unseen(c) is None)
    # Folding can make a new lookalike (Greek "Ν" folds to "ν", which looks like "v").
    text = "".join(_as_latin(c) for c in text.casefold())
    return unicodedata.normalize("NFKC", " ".join(text.casefold().split()))


def looks_alike(name: str, other: str) -> bool:
    """Whether two different spellings show as the same name (not merely differ in capitals)."""
    def fold(text: str) -> str:
        return " ".join(unicodedata.normalize("NFC", text).casefold().split())
    return fold(name) != fold(other)


def same_person(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that names the same person as `name`, if any."""
    wanted = identity(name)
    return next((other for other in others if identity(other) == wanted), None)
