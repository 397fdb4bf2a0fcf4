"""The settle-up shows how each row's Net adds up (B5, B12): every term that enters the Net is
on its line, the banker's count difference and the voided notes included, so the line's terms
add up to the Net the table shows; the JSON stays as ARCHITECTURE.md has it."""

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from ledger import selectors
from ledger.night_file import import_session
from rules.money import parse_cents
from tables.reports import net_line, settle_up_file

NIGHTS = Path(__file__).resolve().parents[1] / "ledger" / "nights"
LINE = re.compile(r"^(?P<name>.+?): Net (?P<net>-?\$\d+\.\d\d)"
                  r"(?: = (?P<terms>.+)| \(nothing bought, sold or cashed out\))$")


def _cents(text: str) -> int:
    return parse_cents(text.replace("$", ""))


def parsed(line: str) -> tuple[str, int, list[tuple[str, int]]]:
    """A Net line read back: the name, the Net and its signed terms."""
    found = LINE.match(line)
    assert found, line
    terms: list[tuple[str, int]] = []
    text = found["terms"] or ""
    for index, piece in enumerate(re.split(r" (?=[+-] \$)", text) if text else []):
        match = re.fullmatch(r"(?:(?P<op>[+-]) )?(?P<neg>-)?\$(?P<amount>\d+\.\d\d) (?P<label>.+)",
                             piece)
        assert match, (line, piece)
        negative = match["op"] == "-" or (index == 0 and match["neg"] == "-")
        cents = parse_cents(match["amount"])
        terms.append((match["label"], -cents if negative else cents))
    return found["name"], _cents(found["net"]), terms


class _NetLines(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self._in = False

    def handle_starttag(self, tag, attrs):
        if tag == "li" and ("class", "net-line") in attrs:
            self._in = True
            self.lines.append("")

    def handle_endtag(self, tag):
        if tag == "li":
            self._in = False

    def handle_data(self, data):
        if self._in:
            self.lines[-1] += data


def _nights():
    first = import_session(json.loads((NIGHTS / "winners_and_a_lost_chip.json").read_text()))
    second = import_session(
        json.loads((NIGHTS / "host_away_guest_lost_everything.json").read_text()))
    return first, second


def _assert_every_row_adds_up(lines: list[str], report) -> None:
    nets = {row["name"]: parse_cents(row["net"]) for row in report["players"]}
    assert [parsed(line)[0] for line in lines] == list(nets)
    for line in lines:
        name, net, terms = parsed(line)
        assert net == nets[name], line
        assert sum(cents for _, cents in terms) == net, line


def test_a_line_reads_back_as_its_terms():
    line = net_line("Mike", [("cashed out", 2000), ("bought", -2000), ("count difference", 25)],
                    25)
    assert line == "Mike: Net $0.25 = $20.00 cashed out - $20.00 bought + $0.25 count difference"
    assert parsed(line) == ("Mike", 25, [("cashed out", 2000), ("bought", -2000),
                                         ("count difference", 25)])
    assert parsed(net_line("Ivy", [("bought", -500)], -500)) == ("Ivy", -500, [("bought", -500)])


@pytest.mark.django_db
def test_the_pages_net_lines_add_up_on_every_row_the_bankers_count_difference_shown(
        banker_client):
    for session in _nights():
        report = selectors.settle_up_report(session)
        page = banker_client.get(reverse("settle_up", args=[session.pk])).content.decode()
        reader = _NetLines()
        reader.feed(page)
        _assert_every_row_adds_up(reader.lines, report)
        banker = session.banker.name
        banker_line = next(line for line in reader.lines if line.startswith(f"{banker}:"))
        assert "count difference" in banker_line


@pytest.mark.django_db
def test_the_pdfs_net_lines_add_up_on_every_row():
    for session in _nights():
        report, terms = selectors.settle_up_night(session)
        pdf = PdfReader(io.BytesIO(settle_up_file(session, report, "pdf")))
        text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
        assert "count differences" in text   # the formula names every term
        names = [row["name"] for row in report["players"]]
        starts = [text.index(f"{name}: Net ") for name in names]
        ends = [*starts[1:], text.index("Journal seal")]
        pieces = [text[a:b].strip().rstrip(";.") for a, b in zip(starts, ends, strict=True)]
        _assert_every_row_adds_up(pieces, report)


@pytest.mark.django_db
def test_the_settle_up_json_is_unchanged():
    first, _ = _nights()
    report, _ = selectors.settle_up_night(first)
    assert report == json.loads((NIGHTS / "winners_and_a_lost_chip.settle_up.json").read_text())
