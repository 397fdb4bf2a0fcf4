"""The Django project and the bookkeeping app: players, sessions, the money ledger, THE BOOK."""
