"""Placeholder: the games of this seed, written by their owner in the GameDef format."""

GAMES: list = []
