"""What the special rankings of several catalog families share: the five-card classifier and its
straight families (`five_card.py`), wild cards by substitution and ranks by group and sequence
(`common.py`). A ranking only one family's games use lives with that family, in
`rules.games.catalog.<family>`.
"""
