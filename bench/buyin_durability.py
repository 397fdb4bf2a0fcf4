"""What SQLite's `synchronous=FULL` costs a buy-in save (ledger/settings.py, README).

The same service call the tablet's save makes (`services.buyin_create`: one IMMEDIATE
transaction, the journal entry, its postings, the chain link, the checks), on a fresh SQLite
file database in WAL mode, in rounds that alternate `synchronous=NORMAL` and `FULL` so both
meet the same disk and the same load. FULL syncs the WAL at every commit; NORMAL only at
checkpoints, so a power cut may lose the last confirmed saves.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

ROUNDS = 10
SAVES = 30     # per round and mode


def _setup() -> object:
    folder = tempfile.mkdtemp(prefix="bench-durability-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_DEBUG", "false")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    os.environ.setdefault("DJANGO_LEDGER_KEY", "bench-only-ledger-key-" + "y" * 32)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    import datetime

    from ledger import services

    names = ["Mike", "Fred", "Ann", "Gus"]
    rows = [services.player_create(name=name, note_id=f"B{index}", is_host=index == 0,
                                   key=f"bench-p{index}") for index, name in enumerate(names)]
    return services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                                 seating=rows[1:], key="bench-open")


def _percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def _fsync_ms(folder: str) -> float:
    """The disk's own price of one fsync of a 4 KiB write (what FULL adds per commit)."""
    path = os.path.join(folder, "fsync-probe")
    handle = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    times = []
    try:
        for _ in range(100):
            os.write(handle, b"x" * 4096)
            start = time.perf_counter()
            os.fsync(handle)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        os.close(handle)
        os.unlink(path)
    return statistics.median(times)


def main() -> None:
    session = _setup()
    folder = os.path.dirname(os.environ["DATABASE_URL"].removeprefix("sqlite:///"))
    print(f"this disk: one fsync of 4 KiB takes {_fsync_ms(folder):.3f} ms (median)")
    from django.db import connection

    from ledger import services
    from ledger.models import Player

    fred = Player.objects.get(name="Fred")
    times: dict[str, list[float]] = {"NORMAL": [], "FULL": []}
    number = 0
    for _ in range(ROUNDS):
        for mode in times:
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA synchronous={mode}")
            for _ in range(SAVES):
                number += 1
                start = time.perf_counter()
                services.buyin_create(session=session, player=fred, amount=5_00,
                                      paid="cash", key=f"bench-buy-{number}",
                                      confirm_duplicate=True)
                times[mode].append((time.perf_counter() - start) * 1000)
    for mode, values in times.items():
        print(f"buy-in save, SQLite WAL synchronous={mode}: {len(values)} saves, median "
              f"{statistics.median(values):.2f} ms, p95 {_percentile(values, 0.95):.2f} ms, "
              f"max {max(values):.2f} ms")


if __name__ == "__main__":
    main()
