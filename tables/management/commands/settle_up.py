"""`manage.py settle_up ID --format json|text|csv|pdf|xlsx [--output FILE]`: the night's
settle-up (B8). csv is the settle-up page's download (the player rows, then who pays whom); pdf
a printable report of both; xlsx a workbook with a players sheet and a payments sheet. The
binary formats are written to --output FILE, never to the terminal."""

import json
from typing import Any, Literal

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail, night_by_id
from ledger.models import Night
from ledger.scoping import in_house
from ledger.selectors import journal_seal, settle_up_night
from ledger.selectors.reports import SettleUp
from tables.reports import settle_up_file

FORMATS = ["text", "json", "csv", "pdf", "xlsx"]
BINARY = ("pdf", "xlsx")

Key = Literal["name", "bought_cash", "bought_note", "bought_book", "sold", "cashed_out",
              "final_pot", "net", "book_after"]
COLUMNS: list[tuple[Key, str]] = [
    ("name", "player"), ("bought_cash", "cash"), ("bought_note", "note"),
    ("bought_book", "book"), ("sold", "sold"), ("cashed_out", "cashed out"),
    ("final_pot", "final pot"), ("net", "net"), ("book_after", "THE BOOK")]


def as_text(session: Night, report: SettleUp) -> str:
    widths = [max(len(title), *(len(row[key]) for row in report["players"]))
              if report["players"] else len(title) for key, title in COLUMNS]
    lines = [f"Settle-up, {session.date} (banker {session.banker.name}, {session.status})", ""]
    lines.append("  ".join(t.ljust(w) if i == 0 else t.rjust(w)
                           for i, ((_, t), w) in enumerate(zip(COLUMNS, widths, strict=True))))
    for row in report["players"]:
        lines.append("  ".join(row[k].ljust(w) if i == 0 else row[k].rjust(w)
                               for i, ((k, _), w) in enumerate(zip(COLUMNS, widths,
                                                                    strict=True))))
    lines.append("")
    if not report["transfers"]:
        lines.append("Nobody owes anybody.")
    else:
        proof = "the fewest possible" if report["minimal"] else "not proven fewest"
        lines.append(f"Payments ({len(report['transfers'])}, {proof}):")
        for t in report["transfers"]:
            lines.append(f"  {t['from']} pays {t['to']} {t['amount']}")
    seal = journal_seal(session)
    if seal:
        lines += ["", f"Journal seal {seal} (keep it: `manage.py audit --seal {seal}` shows "
                      "later that nothing of this night was lost)"]
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Print a session's settle-up: each player's night and the payments that settle it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", metavar="ID")
        parser.add_argument("--format", choices=FORMATS, default="text")
        parser.add_argument("--output", metavar="FILE",
                            help="write to FILE instead of printing (needed for pdf and xlsx)")

    def handle(self, *args: Any, **options: Any) -> None:
        fmt, output = options["format"], options["output"]
        if fmt in BINARY and not output:
            raise fail(f"--format {fmt} makes a binary file: add --output FILE "
                       f"(e.g. --output settle-up.{fmt}); it is not printed to the terminal")
        session = night_by_id(options["session_id"])
        with in_house(session.house_id):
            report, terms = settle_up_night(session)
            if fmt == "json":
                content = json.dumps(report, indent=1, ensure_ascii=False).encode() + b"\n"
            elif fmt == "text":
                content = as_text(session, report).encode() + b"\n"
            else:
                content = settle_up_file(session, report, fmt, terms)
        if not output:
            self.stdout.write(content.decode(), ending="")
            return
        try:
            with open(output, "wb") as out:
                out.write(content)
        except OSError as error:
            raise fail(f"--output: cannot write {output} ({error.strerror})") from None
