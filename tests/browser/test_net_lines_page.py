"""The settle-up page of a night with a count difference and a voided note (B5, B12): each
row's Net line, as the banker sees it, adds up to the Net in that row of the table; the
banker's line shows the count difference."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tables"))
from test_net_lines import parsed  # noqa: E402

NIGHTS = Path(__file__).resolve().parents[1] / "ledger" / "nights"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_net_line_on_the_page_adds_up_to_its_rows_net(banker_page, live_server):
    from ledger.night_file import import_session
    from rules.money import parse_cents

    session = import_session(json.loads((NIGHTS / "winners_and_a_lost_chip.json").read_text()))
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/settle/")
    nets = {}
    for row in page.locator("#settle tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        nets[cells[0].strip()] = parse_cents(cells[7].strip())
    lines = page.locator("#net-lines li.net-line").all_inner_texts()
    assert lines and page.locator("#net-lines").is_visible()
    assert [parsed(line)[0] for line in lines] == list(nets)
    for line in lines:
        name, net, terms = parsed(line)
        assert net == nets[name] and sum(cents for _, cents in terms) == net, line
    assert "count difference" in next(line for line in lines if line.startswith("Mike:"))
