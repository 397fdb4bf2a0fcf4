"""Finding a game by what the dealer types: the call page's search, ranked.

A game is found by its names (the name, and the other names it goes by: "Big Sol (T.N.T.,
Snookie)" is also "T.N.T." and "Snookie"), and by the words of its rules ("hi-lo", "declare").
The ranking, best first:

  0. the query is one of the game's names (digits and number words alike: "7 card stud" is
     "Seven-card stud"; hyphens, spaces and apostrophes aside: "holdem" is "Hold 'em");
  1. every word of the query is a whole word of one of its names ("seven stud");
  2. one of its names begins with the query, spaces aside (a name being typed: "omah");
  3. every word of the query is in its name, family or rules words (a rules match).

Only a clear best name match is chosen for the dealer: the one game alone in the best rank, that
rank a name rank (0-2). A rules match ("hi-lo": 29 games) chooses none; the dealer taps one.

The call page's script (ledger/static/ledger/app.js, `gameSearch`) ranks the same way from the
same normalised names this module puts in the page; tests/browser/test_game_search.py keeps the
two in step.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["NAME_RANKS", "Searched", "best", "names_of", "normal", "rank", "searched", "words"]

NAME_RANKS = 2          # ranks 0..2 are name matches; 3 is a rules match

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_NUMBERS = {word: n for n, word in enumerate(_UNITS)} | _TENS

_COMBINING = re.compile("[\u0300-\u036f]")
_APOSTROPHE_EM = re.compile("\\s*['\u2019]\\s*em\\b", re.ASCII)
_HOLD_EM = re.compile(r"\bhold\s+em\b", re.ASCII)
_APOSTROPHE = re.compile("['\u2019]")
_HIGH_LOW = re.compile(r"\b(hi|high)\s*(?:[-/]|\s|\sor\s|\sand\s)?\s*(lo|low)\b", re.ASCII)
_OR_BETTER = re.compile(r"\b(8|eight)\s*-?\s*or\s*-?\s*better\b", re.ASCII)
_NOT_WORD = re.compile(r"[^a-z0-9&]+", re.ASCII)
_DIGITS_S = re.compile(r"^([0-9]+)s$", re.ASCII)


def words(text: str) -> list[str]:
    """The words of a text, lower case, before number words become digits: accents dropped,
    apostrophes joined ("man's": mans, "hold 'em": holdem), a split game one word ("hi-lo",
    "high/low", "high or low": highlow), "hi"/"lo" written out."""
    text = _COMBINING.sub("", unicodedata.normalize("NFKD", str(text))).lower()
    text = _APOSTROPHE_EM.sub("em", text)
    text = _APOSTROPHE.sub("", text)
    text = _HOLD_EM.sub("holdem", text)
    text = _HIGH_LOW.sub("highlow", text)
    text = _OR_BETTER.sub("8 or better", text)
    out = []
    for word in _NOT_WORD.sub(" ", text).split():
        out.append({"hi": "high", "lo": "low"}.get(word, word))
    return out


def _number(word: str) -> int | None:
    if word in _NUMBERS:
        return _NUMBERS[word]
    if word.endswith("es") and word[:-2] in _NUMBERS:          # sixes
        return _NUMBERS[word[:-2]]
    if word.endswith("s") and word[:-1] in _NUMBERS:           # sevens, fours
        return _NUMBERS[word[:-1]]
    digits = _DIGITS_S.match(word)                              # 7s, 69s
    return int(digits[1]) if digits else None


def numbers(raw: Sequence[str]) -> list[str]:
    """Number words as digits, a tens word and a unit one number ("forty-three": 43,
    "sevens": 7, "7s": 7); other words as they are."""
    out: list[str] = []
    previous_tens = False
    for word in raw:
        n = _number(word)
        if n is not None and 0 < n < 10 and previous_tens:
            out[-1] = str(int(out[-1]) + n)
            previous_tens = False
            continue
        previous_tens = n is not None and n in _TENS.values() and word in _TENS
        out.append(str(n) if n is not None else word)
    return out


def normal(text: str) -> str:
    """The text as searched: its words, number words as digits, one space between."""
    return " ".join(numbers(words(text)))


_NAMED = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*(.*)$")


def names_of(name: str) -> list[str]:
    """The names a game goes by: "Big Sol (T.N.T., Snookie)" is Big Sol, T.N.T. and Snookie;
    "Texas (Kansas) Tornado" is Texas Tornado and Kansas Tornado."""
    found = _NAMED.match(name)
    if not found:
        return [name.strip()]
    before, inside, after = found[1].strip(), found[2], found[3].strip()
    if not after:
        return [before] + [alias.strip() for alias in inside.split(",") if alias.strip()]
    head = before.rsplit(" ", 1)[0] + " " if " " in before else ""
    return [f"{before} {after}", f"{head}{inside.strip()} {after}"]


@dataclass(frozen=True)
class Searched:
    """One game as the search sees it: its names normalised (`names`, words with digits;
    `raw`, the words as written, spaces dropped) and the text of its rules words."""

    value: str
    names: tuple[str, ...]
    raw: tuple[str, ...]
    text: str

    def page(self) -> dict[str, object]:
        """What the call page's script ranks by (the same fields)."""
        return {"names": list(self.names), "raw": list(self.raw), "text": self.text}


def searched(value: str, name: str, others: Iterable[str] = ()) -> Searched:
    """A game to search: its value, its name (with the other names in brackets), and the rest
    of what finds it (family, rules words)."""
    names = names_of(name)
    return Searched(value=value, names=tuple(normal(n) for n in names),
                    raw=tuple("".join(words(n)) for n in names),
                    text=" " + normal(" ".join([name, value, *others])) + " ")


def _rank(query: str, game: Searched) -> int | None:
    mapped = normal(query).split()
    if not mapped:
        return None
    compact = "".join(mapped)
    raw_compact = "".join(words(query))
    ranks = []
    for name, raw in zip(game.names, game.raw, strict=True):
        tokens = name.split()
        if tokens == mapped or "".join(tokens) == compact or raw == raw_compact:
            ranks.append(0)
        elif all(word in tokens for word in mapped):
            ranks.append(1)
        elif "".join(tokens).startswith(compact) or raw.startswith(raw_compact):
            ranks.append(2)
    if ranks:
        return min(ranks)
    if all(word in game.text for word in mapped):
        return 3
    return None


def rank(query: str, games: Iterable[Searched]) -> list[tuple[int, Searched]]:
    """The games the query finds, best first (rank, then the order given); one row a value."""
    seen: set[str] = set()
    found = []
    for order, game in enumerate(games):
        if game.value in seen:
            continue
        r = _rank(query, game)
        if r is not None:
            seen.add(game.value)
            found.append((r, order, game))
    found.sort(key=lambda row: (row[0], row[1]))
    return [(r, game) for r, _, game in found]


def best(query: str, games: Iterable[Searched]) -> str | None:
    """The game to choose for the dealer: a clear best name match, else None."""
    found = rank(query, games)
    if not found or found[0][0] > NAME_RANKS:
        return None
    if len(found) > 1 and found[1][0] == found[0][0]:
        return None
    return found[0][1].value
