"""Every rule id the code cites (B12, P3, S14, R15 ...) is defined in docs/.

A definition is a line `- **B12** — ...` in a docs/*.md page. A citation is a family letter
(B, S, P, G, R, H) and a number without a leading zero, not glued to other letters or digits - so
`(B8)`, `"P3"` and a test named `..._R15` all count. Not citations: lint codes in `# noqa`
comments (B010, S308), and board positions of the elevator games, which share B1-B5 with the
rules: a B-token on a line that also names a position of shaft A, C or E (`A1`, `C3`, `E2`).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("ledger", "rules", "tables", "templates", "bench", "tests")
SUFFIXES = {".py", ".html", ".txt", ".md", ".js", ".css"}

CITED = re.compile(r"(?<![A-Za-z0-9])([BSPGRH][1-9][0-9]*)(?![0-9A-Za-z])")
DEFINED = re.compile(r"^- \*\*([BSPGRH][1-9][0-9]*)\*\* — \S", re.MULTILINE)
BOARD_POSITION = re.compile(r"(?<![A-Za-z0-9])[ACE][1-9](?![0-9A-Za-z])")
NOQA = re.compile(r"#\s*noqa\b.*$")


def cited_ids(text: str) -> set[str]:
    """The rule ids a text cites."""
    found = set()
    for line in text.splitlines():
        line = NOQA.sub("", line)
        board = BOARD_POSITION.search(line) is not None
        found.update(rule for rule in CITED.findall(line) if not (board and rule[0] == "B"))
    return found


def defined_ids() -> list[str]:
    return [rule for page in sorted((ROOT / "docs").glob("*.md"))
            for rule in DEFINED.findall(page.read_text(encoding="utf-8"))]


def _citations() -> dict[str, list[str]]:
    where: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or path == Path(__file__):
                continue  # this file's examples are made-up citations
            for rule in cited_ids(path.read_text(encoding="utf-8", errors="replace")):
                where.setdefault(rule, []).append(str(path.relative_to(ROOT)))
    return where


def test_every_cited_rule_id_is_defined_in_docs():
    defined = set(defined_ids())
    undefined = {rule: files[:3] for rule, files in _citations().items() if rule not in defined}
    assert not undefined, f"cited but not defined in docs/: {undefined}"


def test_each_rule_id_is_defined_once():
    ids = defined_ids()
    assert len(ids) == len(set(ids))
    assert {"B1", "B14", "S15", "P15", "R17"} <= set(ids)


def test_the_code_does_cite_rule_ids():
    # a scanner that finds nothing would pass the first test for nothing
    assert len(_citations()) >= 50


@pytest.mark.parametrize(
    "text, cited",
    [
        ("Close the night (B5, B8, B9, B12).", {"B5", "B8", "B9", "B12"}),
        ("def test_pigging_P1(): ...", {"P1"}),
        ('rules=("P3", "P10", "S4"),', {"P3", "P10", "S4"}),
        ("owes must agree with it (P1-P15)", {"P1", "P15"}),
        ("a lost side (P2/P3) # R15", {"P2", "P3", "R15"}),
        ("a new card G7 in the catalog", {"G7"}),
        ('board = {"A1": "2c", "B1": "Ks", "C1": "5s"}', set()),
        ("floor B3-E2-C3 makes", set()),
        ("setattr(user, name, value)  # noqa: B010", set()),
        ('sheet.freeze_panes = "A2"; straight "T9876"; 0xB5; B010; SB12; B12a', set()),
    ],
)
def test_what_counts_as_a_citation(text, cited):
    assert cited_ids(text) == cited


def test_an_undefined_id_is_caught():
    assert "B99" in cited_ids("Refused (B99).") - set(defined_ids())
