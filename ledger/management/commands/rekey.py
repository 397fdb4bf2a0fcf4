"""`manage.py rekey OLD_KEY_FILE [--keep-broken]`: move the journal to a new key (README).

The current key (DJANGO_LEDGER_KEY, or the key file - made now when absent) becomes the
journal's key: every entry's link and every name's seal is checked under the old key, read
from OLD_KEY_FILE, and written again under the new one, in one transaction. Refused (exit 1,
nothing written) when the journal is not whole under the old key - a wrong old key, or a damaged
journal - unless --keep-broken: then what does not verify keeps its value, and the audit goes
on naming it. Exit 2 on bad input.
"""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction

from ledger.command_line import fail
from ledger.integrity import chain
from ledger.integrity.key import key_file, key_id, ledger_key, read_key_file
from ledger.integrity.rechain import keyed_verify, plan, write
from ledger.models import BankNote, Entry, House, Night, Player, Posting
from ledger.models.keys import record_fingerprint
from ledger.models.sealed import plan_reseal, write_reseal
from ledger.scoping import every_house
from ledger.services.locks import Turn, take_turn


class Command(BaseCommand):
    help = "Re-chain the journal and re-seal the names under the current key."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("old_key_file", metavar="OLD_KEY_FILE",
                            help="the file holding the key the journal is chained under now")
        parser.add_argument("--keep-broken", action="store_true",
                            help="re-chain even if some entries do not verify under the old key")

    @every_house()   # the whole database, on purpose
    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["old_key_file"])
        if not path.is_file():
            raise fail(f"OLD_KEY_FILE: there is no file {str(path)!r}")
        try:
            old = read_key_file(path)
            made = not settings.LEDGER_KEY and not Path(key_file()).exists()
            new = ledger_key(new=True)   # made now when absent: the journal moves to it
        except ImproperlyConfigured as error:
            raise fail(str(error)) from None
        if old == new:
            raise fail("the old key and the current key are the same: move the old key file "
                       "away (a new one is made), or set DJANGO_LEDGER_KEY to the new key")
        with transaction.atomic():
            for house in House.objects.values_list("pk", flat=True):   # writers wait
                take_turn(Turn.JOURNAL, house)
            planned = plan(
                entries=Entry, postings=Posting, notes=BankNote, sessions=Night,
                players=Player, verify=keyed_verify(old),
                verify_name=lambda pk, name, seal: chain.name_seal(pk, name, old) == seal,
                key=new)
            rows = plan_reseal(old, new)
            broken = len(planned["kept"]) + len(planned["kept_names"]) + len(rows["kept"])
            if broken and not options["keep_broken"]:
                self.stderr.write(
                    f"problem: {len(planned['kept'])} entries, {len(planned['kept_names'])} "
                    f"names and {len(rows['kept'])} sealed rows do not verify under the old key "
                    f"{key_id(old)} (entries {planned['kept'][:10]}, players "
                    f"{planned['kept_names'][:10]}, rows {rows['kept'][:5]}): is it the "
                    f"right key? `DJANGO_LEDGER_KEY_FILE={path} manage.py audit` says what is "
                    "wrong; --keep-broken re-chains anyway and leaves those named. Nothing "
                    "written.")
                if made:   # no new key left behind for the site to write under
                    Path(key_file()).unlink(missing_ok=True)
                raise SystemExit(1)
            write(connection, planned)
            write_reseal(connection, rows)
            record_fingerprint(key_id(new), replace=True)   # what `audit` compares its key to
        self.stdout.write(
            f"The journal is now chained under key {key_id(new)} (was {key_id(old)}): "
            f"{len(planned['links'])} links, {len(planned['names'])} names and "
            f"{len(rows['writes'])} sealed rows re-sealed"
            + (f"; {broken} kept as they were and still named by the audit" if broken else "")
            + ".")
