"""The posting core: every money rule of the bank, stated once.

For each event of a night (ARCHITECTURE.md: buy, cashout, count_difference, final_pot, note,
pay, merge, close, reverse; and the table's record: warning, penalty, call, end_game, hand),
one function from the night's state and the event's values to the entry it writes - its legs,
typed payload, memo, the note it opens, who it seats - or a refusal with its sentence:

    bank.py       chips bought and cashed out, count differences, the final pot, bank notes,
                  payments, the surrogate book's merge, THE BOOK brought in, corrections
    closing.py    the close: nothing left out, guests' debts to their inviters, the fewest
                  payments that settle THE BOOK
    table.py      the table's record (moves no bank money): warnings, penalties, calls, hands
    amounts.py    the money rules on cents (more than $0.00, white chips, $5 steps)
    draft.py      the entry drafted, and the check that it balances and leaves nothing below 0
    night.py      what the rules read of a night (`NightState`) and the people in it
    memory.py     a night in memory, for the import to fold a file's events over
    payloads.py   each event as the journal stores it, one serializer
    accounts.py   the accounts, entry kinds and payment methods

No database: the tablet's and the phones' services load the night under its lock
(ledger/selectors/night_state.py) and write what the core drafted (services/journal.py); the
night file's import folds its events over a night in memory and writes them all at once
(services/bulk_import.py). The same rules, the same sentences, whichever way a night comes in.
"""
