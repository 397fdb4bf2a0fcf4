"""The house's rules as docs/rules.md defines them (`- **B12** — …`), for the banker's page
of rules (/rules/), where an id a page cites is looked up."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings

SECTION = re.compile(r"^## ([BSP]) — (.+)$")
RULE = re.compile(r"^- \*\*([BSP][1-9][0-9]*)\*\* — (.+)$")


@dataclass(frozen=True)
class Family:
    letter: str
    title: str
    rules: tuple[tuple[str, str], ...]   # (id, its sentence)


@lru_cache(maxsize=1)
def rule_book() -> tuple[Family, ...]:
    """The banker's rules (B), reading the cards (S) and the money of a hand (P)."""
    text = (settings.BASE_DIR / "docs" / "rules.md").read_text(encoding="utf-8")
    families: list[Family] = []
    for line in text.splitlines():
        section = SECTION.match(line)
        if section:
            families.append(Family(section[1], section[2], ()))
            continue
        rule = RULE.match(line)
        if rule and families and rule[1][0] == families[-1].letter:
            last = families[-1]
            families[-1] = Family(last.letter, last.title,
                                  (*last.rules, (rule[1], rule[2].replace("`", ""))))
    return tuple(families)
