"""`manage.py settle_up ID [--format json|text]`: the night's settle-up (B8)."""

import json

from django.core.management.base import BaseCommand

from ledger.selectors import settle_up_report

from ._common import session_by_id

COLUMNS = [("name", "player"), ("bought_cash", "cash"), ("bought_note", "note"),
           ("bought_book", "book"), ("cashed_out", "cashed out"), ("final_pot", "final pot"),
           ("net", "net"), ("book_after", "THE BOOK")]


def as_text(session, report: dict) -> str:
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
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Print a session's settle-up: each player's night and the payments that settle it."

    def add_arguments(self, parser):
        parser.add_argument("session_id", metavar="ID")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        session = session_by_id(options["session_id"])
        report = settle_up_report(session)
        if options["format"] == "json":
            self.stdout.write(json.dumps(report, indent=1, ensure_ascii=False))
        else:
            self.stdout.write(as_text(session, report))
