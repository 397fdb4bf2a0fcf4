"""Private pieces of the hand evaluator; the public API is `rules.hands`.

- `values`: HandValue, Source, the scheme registry and category orders.
- `scorers`: how each built-in scheme ranks a fixed set of ranks (S2-S9).
- `wildfill`: one hand of exactly the scheme's size, wild cards included (S10-S11).
- `search`: the best hand from many cards or from constrained sources.
- `wildspec`: wild-card specs and the "lowest card" rules (S13).
- `describe`: the sentence a person at the table reads.
- `tables`: fast lookup tables for five- and seven-card high hands.
- `census`: exact frequency tables by rank patterns and suit arrangements.
"""
