"""The house rules as pure Python: cards, hand evaluation, games, pots and debts.

Nothing below this package imports Django or the ledger app; it takes plain values
(cards, integer cents, game definitions) and returns plain values that explain themselves.
"""
