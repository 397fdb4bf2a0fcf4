"""The bank's books: players, poker sessions, and an append-only double-entry journal.

One module per topic: players.py, nights.py (sessions, bank tenures, seats), journal.py
(entries, postings, accounts, bank notes), append_only.py, house_games.py, idempotency.py,
phones.py (requests, link posts, payment claims), houses.py (houses, members, invitations); every
model is importable from here.

Money is integer cents (BigIntegerField). Every money event is one `Entry` with two or more
`Posting` rows that sum to zero. A posting names its account by columns (kind + player / note /
session) instead of a separate account table, so every balance is one SUM query.

Sign convention (stored amounts): a posting is a credit when positive. Accounts are of two sorts:

* assets of the bank - the cash box and open bank notes (what debtors owe on them). Their
  natural balance is the NEGATED sum: a cash buy-in of $20 stores -2000 on the cash box.
* claims - the chips the bank has out tonight, the odd chips in the final pot, a person's BOOK
  balance (positive = is owed, as in `banker-session/1`), the holder's side of a bank note held by
  a player, and the bank party's stake in the bank. Their natural balance is the sum itself.

The bank knows the chips it sold and the chips it bought back, never who holds them in between:
chips change hands at the table in every pot without the banker. So `chips` is one balance per
session, and hands and penalties (the table's record) are entries without postings.

An entry balances when the change in assets equals the change in claims. `ACCOUNT_SIGN` turns a
natural amount into a stored one; services only speak natural amounts (see services/journal.py).

The bank's BOOK party is the session's banker: the banker holds the cash box, so what the bank
cannot pay in cash at cash-out the banker owes the player in THE BOOK, and what players owe the
bank (book buy-ins, committed bank notes) they owe the banker. The `bank` account is that
party's running stake in the bank during a night; it returns to zero at close.

Rows of `Entry`, `Posting` and `BankNote` are never updated or deleted: the querysets and models
refuse it (append_only.py), and database triggers (integrity/triggers.py) refuse it for raw SQL
too. A mistake is corrected by a reversing entry with a reason (services/corrections.py).
"""

# In the order the models were declared when they were one module: the app registry's order.
# isort: off
from .append_only import AppendOnlyError, AppendOnlyModel, AppendOnlyQuerySet
from .houses import House, Invitation, Membership, Role
from .players import Player, new_balance_token
from .nights import BankTenure, CloseBackupRecord, Night, Seat
from .journal import BankNote, Entry, Posting
from .house_games import HouseGame
from .idempotency import IdempotencyKey
from .phones import LinkPost, PaymentClaim, PhoneRequest
from .keys import JournalKey
from .mail import MailOut
# isort: on

__all__ = [
    "AppendOnlyError", "AppendOnlyModel", "AppendOnlyQuerySet", "BankNote",
    "BankTenure", "CloseBackupRecord", "Entry", "House", "HouseGame", "IdempotencyKey",
    "Invitation", "JournalKey",
    "LinkPost", "MailOut", "Membership", "Role",
    "PaymentClaim", "PhoneRequest", "Player", "Night", "Posting", "Seat",
    "new_balance_token",
]
