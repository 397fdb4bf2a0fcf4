"""The journal's integrity: what lets the audit tell the bank's records genuine.

    chain.py     the hash chain of the entries and the seals of the rows that route money (pure)
    key.py       the journal's key, the secret that makes the chain an HMAC
    triggers.py  the database's own guards: append-only tables, every entry balanced
    witness.py   the file beside the database that vouches for each journal's newest entry
    rechain.py   moving a journal to a new key or a new chain formula (migrations, `rekey`)
    audit.py     the audit: every invariant and seal checked, each problem named

The first three sit under the models (a row seals itself as it is saved); the last three read
the models.
"""
