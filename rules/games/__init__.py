"""The game catalog and showdown resolution (RULES.md S, P and G rules).

- `definition`: the GameDef format (data, not code paths);
- `layouts`: which board cards may combine (registered by name);
- `registry`: every catalog module's games, by id;
- `pots`: who is paid and who owes (P rules), side payments (registered by name);
- `showdown`: the `python -m rules showdown` JSON in, the result out.
"""
