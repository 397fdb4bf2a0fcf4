"""Special rankings of the game catalog. Importing this package registers every scheme below
with `rules.hands.register_scheme`, so game definitions and `--scheme` can name them."""

from rules.rankings import draw, shared_a  # noqa: F401  (imported to register their schemes)

from . import shared_b  # noqa: F401
