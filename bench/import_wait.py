"""How long a tablet write waits while a 4,000-event night is imported (issue 27: at most
0.8 s on SQLite), and how long the import takes.

    python -m bench.import_wait [--rounds N] [--before DIR] [--events N]

Each round: a fresh SQLite database (in a temporary folder, its key file beside it), the
night of `bench.import_night` (seeded: the same file every time) written to a file; a tablet
process writes in a loop, as fast as a banker taps (every 50 ms), what the site writes while
no night is open: a new player, then that player's payment handles, and so on; after a
second of those, another process imports the night (`import_session()`, timed inside the
process). Printed: the import's time, and the longest and median wait of the tablet writes
made while the import ran (a write's wait is its whole service call, from asking to
committed). With `--before DIR` (a checkout of another commit, e.g. `git worktree add
/work/wt-typed-before main`) the same rounds run there too, alternating with this tree's, so
both see the same machine; the night file is the same for both.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.import_night import EVENTS, night

HERE = Path(__file__).resolve().parents[1]

_TABLET = """
import json, sys, time
from ledger import services
stop_file, out = sys.argv[1], sys.argv[2]
writes = []
i = 0
player = None
while True:
    try:
        open(stop_file).close()
        break
    except FileNotFoundError:
        pass
    started = time.time()
    error = None
    try:
        if i % 2 == 0:
            player = services.player_create(name=f"Tablet {i}", note_id=f"T{i}",
                                            key=f"tablet-{i}")
        else:
            services.handles_set(player=player, venmo=f"tablet-{i}", key=f"tablet-{i}")
    except Exception as failure:   # "database is locked" after the 20 s timeout
        error = type(failure).__name__
    writes.append([started, time.time(), error])
    i += 1
    time.sleep(0.05)
json.dump(writes, open(out, "w"))
"""

_IMPORT = """
import json, sys, time
from ledger.night_file import import_session
data = json.load(open(sys.argv[1]))
started = time.time()
import_session(data)
print(json.dumps([started, time.time()]))
"""


def _env(root: Path, folder: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
           "DJANGO_LEDGER_KEY_FILE": str(folder / "ledger.key"),
           "DJANGO_SECRET_KEY": "bench-import-wait", "PYTHONPATH": str(root)}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _shell(root: Path, env: dict[str, str], code: str, *args: str) -> list[str]:
    """`manage.py shell -c CODE` of the tree `root`, with `sys.argv[1:]` = args."""
    return [sys.executable, "-c",
            "import sys, django, os; sys.argv = ['x', *sys.argv[1:]]; "
            "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'ledger.settings'); "
            f"django.setup(); exec({code!r})", *args]


@dataclass(frozen=True)
class Round:
    took: float          # the import, s
    longest: float       # the longest tablet write while it ran, s
    median: float
    writes: int
    failed: int


def one_round(root: Path, path: Path) -> Round:
    """One import with the tablet writing meanwhile, in the tree `root`."""
    folder = Path(tempfile.mkdtemp(prefix="bench-import-wait-"))
    env = _env(root, folder)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=root, env=env,
                   check=True)
    stop, out = folder / "stop", folder / "writes.json"
    tablet = subprocess.Popen(_shell(root, env, _TABLET, str(stop), str(out)), cwd=root,
                              env=env)
    time.sleep(2.0)     # the tablet's process up and writing
    done = subprocess.run(_shell(root, env, _IMPORT, str(path)), cwd=root, env=env,
                          capture_output=True, text=True)
    time.sleep(0.5)
    stop.touch()
    tablet.wait(60)
    if done.returncode:
        raise SystemExit(f"the import failed in {root}: {done.stderr.strip()[-500:]}")
    began, ended = json.loads(done.stdout.strip().splitlines()[-1])
    writes = json.loads(out.read_text())
    during = [end - start for start, end, _ in writes if start < ended and end > began]
    return Round(ended - began, max(during), statistics.median(during), len(during),
                 sum(1 for *_, error in writes if error))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.import_wait")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--events", type=int, default=EVENTS)
    parser.add_argument("--before", type=Path, help="another checkout, measured alike")
    args = parser.parse_args(argv or [])
    trees = ([("before", args.before.resolve())] if args.before else []) + [("this", HERE)]
    folder = Path(tempfile.mkdtemp(prefix="bench-import-wait-"))
    path = folder / "night.json"
    document = night(args.events)
    path.write_text(json.dumps(document))
    print(f"{len(document['events'])} events; load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    results: dict[str, list[Round]] = {name: [] for name, _ in trees}
    for round_ in range(args.rounds):
        for name, root in trees:
            result = one_round(root, path)
            results[name].append(result)
            print(f"round {round_ + 1} {name:6s} ({root}): import {result.took:.2f} s; "
                  f"tablet writes during it: {result.writes}, longest wait "
                  f"{result.longest:.2f} s, median {result.median:.3f} s, "
                  f"{result.failed} failed", flush=True)
    for name, rounds in results.items():
        print(f"{name:6s}: import {min(r.took for r in rounds):.2f}-"
              f"{max(r.took for r in rounds):.2f} s; longest tablet wait "
              f"{max(r.longest for r in rounds):.2f} s (rounds: "
              + ", ".join(f"{r.longest:.2f}" for r in rounds) + "), median wait "
              + ", ".join(f"{r.median:.3f}" for r in rounds) + " s")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(sys.argv[1:])
