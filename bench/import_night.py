"""Importing a long night: a `banker-session/1` file of 4,000 events (buy-ins, sales between
players, penalties, hands typed, by winners and by cards, calls, cash-outs, the final pot,
notes, payments, close) into a fresh SQLite database, timed; and how long a write made
meanwhile by another process (the tablet adding a player) waits for the import.

    python -m bench import_night                # or: python -m bench.import_night [EVENTS]

Target (issue 20): 4,000 events in 3 s or less on this machine, nothing waiting a second.
The file is generated (seeded), so every run imports the same night.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EVENTS = 4_000
RANKS = "23456789TJQKA"
SUITS = "shdc"
CHIPS = [("green", 500), ("black", 100), ("yellow", 50), ("blue", 25), ("red", 10),
         ("white", 5)]


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _colours(cents: int) -> dict[str, int]:
    counts = {}
    for colour, value in CHIPS:
        counts[colour], cents = divmod(cents, value)
    return {c: n for c, n in counts.items() if n}


def night(events: int = EVENTS, seed: int = 20) -> dict[str, Any]:
    """A valid night of about `events` events (the same one for the same seed)."""
    rng = random.Random(seed)
    names = ["Mike"] + [f"Player {i}" for i in range(1, 9)] + ["Guest"]
    players: list[dict[str, Any]] = [{"name": "Mike", "note_id": "BOG", "regular": True,
                                      "host": True}]
    players += [{"name": f"Player {i}", "note_id": f"BP{i}", "regular": True}
                for i in range(1, 9)]
    players.append({"name": "Guest", "note_id": "BGU", "regular": False,
                    "invited_by": "Player 1"})
    out: list[dict[str, Any]] = []
    sold = 0            # chips the bank has out
    debtors: set[str] = set()
    for index, name in enumerate(names):
        paid = ["cash", "note", "book"][index % 3]
        out.append({"type": "buy", "player": name, "amount": "20.00", "paid": paid})
        sold += 2000
        if paid == "note":
            debtors.add(name)
    out.append({"type": "warning", "player": names[3]})
    tail = 2 * len(names) + 4      # cash-outs, the final pot, the notes, close
    seven = names[:7]
    while len(out) < events - tail:
        roll = rng.random()
        if roll < 0.25:
            winners = rng.sample(names, rng.choice([1, 1, 2]))
            pot = rng.randrange(2, 80) * 10
            share, odd = divmod(pot // 5, len(winners))
            awards = {w: _money((share + (1 if i < odd else 0)) * 5)
                      for i, w in enumerate(winners)}
            out.append({"type": "hand", "game": "guts", "pot": _money(pot), "awards": awards})
        elif roll < 0.50:
            dealt = rng.sample(names, rng.randrange(3, 8))
            won = rng.choice(dealt)
            out.append({"type": "hand", "game": "seven-card-stud",
                        "pot": _money(rng.randrange(4, 60) * 25),
                        "players": [{"name": n, **({"won": ["high"]} if n == won else {})}
                                    for n in dealt]})
        elif roll < 0.65:
            deck = [rank + suit for rank in RANKS for suit in SUITS]
            cards = rng.sample(deck, 7 * len(seven))
            out.append({"type": "hand", "game": "seven-card-stud",
                        "pot": _money(rng.randrange(4, 60) * 25),
                        "players": [{"name": n, "down": cards[i * 7:i * 7 + 2]
                                     + cards[i * 7 + 6:i * 7 + 7],
                                     "up": cards[i * 7 + 2:i * 7 + 6]}
                                    for i, n in enumerate(seven)]})
        elif roll < 0.70:
            out.append({"type": "call", "game": "five-card-draw",
                        "dealer": rng.choice(names)})
            dealt = rng.sample(names, rng.randrange(2, 7))
            out.append({"type": "hand", "pot": _money(rng.randrange(2, 40) * 25),
                        "players": [{"name": n, **({"won": ["high"]} if i == 0 else {})}
                                    for i, n in enumerate(dealt)]})
        elif roll < 0.82:
            name = rng.choice(names)
            paid = rng.choice(["cash", "cash", "note", "book"])
            amount = rng.randrange(1, 5) * 500
            out.append({"type": "buy", "player": name, "amount": _money(amount), "paid": paid})
            sold += amount
            if paid == "note":
                debtors.add(name)
        elif roll < 0.88:
            buyer, seller = rng.sample(names, 2)
            paid = rng.choice(["cash", "note", "book"])
            out.append({"type": "buy", "player": buyer, "from": seller,
                        "amount": _money(rng.randrange(1, 100) * 5), "paid": paid})
            if paid == "note":
                debtors.add(buyer)
        elif roll < 0.96:
            out.append({"type": "penalty", "player": rng.choice(names), "amount": "0.20"})
        else:
            payer, payee = rng.sample(names[1:], 2)   # the banker is the bank
            out.append({"type": "pay", "player": payer, "to": rng.choice([payee, "bank"]),
                        "amount": _money(rng.randrange(1, 20) * 25)})
    # Cash-outs share the chips out; their odd cents make the final pot.
    cuts = sorted(rng.randrange(0, sold // 5) * 5 for _ in range(len(names) - 1))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, sold], strict=True)]
    odd = 0
    for name, cents in zip(names, shares, strict=True):
        out.append({"type": "cashout", "player": name, "chips": _colours(cents)})
        odd += cents % 100
    if odd:
        out.append({"type": "final_pot", "winner": names[2]})
    for name in sorted(debtors):
        out.append({"type": "note", "player": name, "action": "commit"})
    out.append({"type": "close"})
    return {"format": "banker-session/1",
            "session": {"date": "2026-11-21", "banker": "Mike", "host_present": True},
            "players": players, "book_before": {}, "events": out}


def _manage(env: dict[str, str], *args: str, check: bool = True
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=check)


_TABLET = """
import sys, time
from ledger import services
waits = []
failed = []
stop = time.monotonic() + float(sys.argv[1])
i = 0
while time.monotonic() < stop:
    started = time.monotonic()
    try:
        services.player_create(name=f"Tablet {i}", note_id=f"T{i}", key=f"tablet-{i}")
    except Exception as error:   # "database is locked" after the 20 s timeout
        failed.append(type(error).__name__)
    waits.append(time.monotonic() - started)
    i += 1
    time.sleep(0.05)
print(max(waits), len(waits), len(failed))
"""


def main(events: int = EVENTS) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    document = night(events)
    path = folder / "night.json"
    path.write_text(json.dumps(document))
    print(f"{len(document['events'])} events, {path.stat().st_size / 1e6:.1f} MB")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    _manage(env, "migrate", "-v0")
    started = time.monotonic()
    done = _manage(env, "import_session", str(path), check=False)
    took = time.monotonic() - started
    if done.returncode:
        print("refused:", done.stderr.strip())
        return
    print(f"import_session (the whole command, Django start-up included): {took:.2f} s")

    # The same file again, timed inside one process: the import alone.
    env["DATABASE_URL"] = f"sqlite:///{folder / 'db2.sqlite3'}"
    _manage(env, "migrate", "-v0")
    timed = ("import json, time\nfrom ledger.night_file import import_session\n"
             f"data = json.load(open({str(path)!r}))\n"
             "t = time.monotonic(); import_session(data); print(time.monotonic() - t)")
    alone = float(_manage(env, "shell", "-v0", "-c", timed).stdout.split()[-1])
    print(f"import_session() alone: {alone:.2f} s")

    # And a third time, while another process adds players every 50 ms: its longest wait.
    env["DATABASE_URL"] = f"sqlite:///{folder / 'db3.sqlite3'}"
    _manage(env, "migrate", "-v0")
    tablet = subprocess.Popen([sys.executable, str(ROOT / "manage.py"), "shell", "-v0", "-c",
                               _TABLET.replace("float(sys.argv[1])", str(alone + 3))],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    time.sleep(1.5)
    _manage(env, "shell", "-v0", "-c", timed)
    waited, writes, failed = tablet.communicate()[0].split()
    print(f"a tablet write during the import waited at most {float(waited):.2f} s "
          f"({writes} writes, {failed} failed)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else EVENTS)
