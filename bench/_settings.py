"""The site's settings (ledger/settings.py) with the benches' database settings on top: the JSON
object in BENCH_DB_SETTINGS is merged into DATABASES["default"] (its "OPTIONS" key by key), so
that a bench can try a database setting that a DATABASE_URL cannot say (a boolean such as
`server_side_binding`, or CONN_HEALTH_CHECKS, which ledger/settings.py sets after reading the
URL) without changing the site's settings. Unset: exactly the site's settings.

bench/busy_night.py runs its server with it: `?set.NAME=<json>` in an address of
BENCH_DATABASES (see there).
"""

import json
import os

from ledger.settings import *  # noqa: F403
from ledger.settings import DATABASES

_extra = json.loads(os.environ.get("BENCH_DB_SETTINGS", "") or "{}")
DATABASES["default"]["OPTIONS"] = {**DATABASES["default"].get("OPTIONS", {}),
                                   **_extra.pop("OPTIONS", {})}
DATABASES["default"].update(_extra)
