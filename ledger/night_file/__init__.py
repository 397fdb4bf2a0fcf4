"""The `banker-session/1` night file: a night's export, and its import (the backup and restore).

Export writes the session, everyone it needs (its roster, inviters, note holders, everyone in
`book_before`), THE BOOK as the night opened (`book_before`) and every entry of the night as an
event, in order. The journal keeps ids (an entry's player and counterparty, a note holder's
posting, the ids a hand's event keeps beside its names); the file names every person as they
are named when it is written, so a rename or a new player under an old name round-trips.

Import reads the whole file strictly first (schema.py: unknown fields, duplicate keys, sizes,
types), folds the night over the posting core in memory, the rules the tablet's services use
(planning.py, replay.py: this package reads, it holds no money rule), and only then has it
written (importing.py, through services.night_import), in bulk, in one short transaction: so a
restored night passes the same checks as a typed one and gives the same settle-up, and a file
that breaks a rule writes nothing.

Beyond ARCHITECTURE.md's example the format carries, all optional on import:
`session.seating` (names in dealing order, banker first, B1); `hand.carry`;
`{"type": "reverse", "event": N, "reason": "..."}` (a correction of event N, 0-based);
`{"type": "merge"}` (the surrogate book merged into THE BOOK, B7);
`{"type": "warning", "player": "Gus"}` (the night's one warning for jumping the bet, B11).

Import refuses a file whose `book_before` disagrees with THE BOOK here and names the people
where it differs. Into a database whose THE BOOK has never been written, `book_before` is
brought in as an opening balance first. A night already in the database (same date, banker and
events) is refused by name (importing.py).

An online night's PokerNow ledger CSV comes in the same way: pokernow.py reads it into a `/2`
document (the house's settings played to the cent, buy-ins paid by THE BOOK, one cash-out each,
then the close) and `manage.py import_pokernow` imports that document like any file.
"""

from .export import export_session
from .importing import events_digest, import_session
from .schema import FORMAT, MAX_AMOUNT, MAX_CHIPS, read_document

__all__ = ["FORMAT", "MAX_AMOUNT", "MAX_CHIPS", "events_digest", "export_session",
           "import_session", "read_document"]
