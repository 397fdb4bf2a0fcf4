"""Players' phones speak words, not rule ids: "(P3)" means something to the banker, who can look
it up, and nothing to a player reading the page at the table. The sentences already say what
the rule does; on a phone page the ids are taken out of them (`|words_only`)."""

import re

from django import template

register = template.Library()

RULE_ID = r"[BSPGR]\d{1,2}[a-z]?"
# "(P3)", "(S10, S11)", "(P1-P6)", "(P11 and P14)": a parenthesis of ids only goes whole.
ONLY_IDS = re.compile(rf"\s*\((?:{RULE_ID}(?:\s*[,;/-]\s*|\s+and\s+))*{RULE_ID}\)")
# "(P14: nobody stayed in)": the id before the words.
LEADING = re.compile(rf"\((?:{RULE_ID}(?:,\s*)?)+:\s*")
# "(a white chip, P7)": the id after the words.
TRAILING = re.compile(rf"(?:[,;]\s*{RULE_ID})+(?=\))")


def words_only(text: str) -> str:
    """The sentence without its rule ids."""
    return TRAILING.sub("", LEADING.sub("(", ONLY_IDS.sub("", text)))


@register.filter(name="words_only")
def words_only_filter(value: object) -> str:
    return words_only(str(value))
