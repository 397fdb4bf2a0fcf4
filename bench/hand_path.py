"""One hand's cards followed through the code: from the hand page to the journal and to the
phone page, counting how the path moves through the layers (issue 21). Run by hand:
`python -m bench.hand_path` (a fresh SQLite night in a temporary folder, in-process through
Django's test client, as bench/pages.py does).

The path: a banker POSTs a hand by cards on the hand page (draw match pot, four players),
then GETs the night's journal, then the winner GETs their phone page. A warm-up hand runs the
same three requests first, so imports and first-use caches are not counted. While each
request runs, `sys.setprofile` records every Python call whose code lives in `ledger/`,
`rules/` or `tables/`; the module of each call, with consecutive calls in one module
collapsed into one, is the request's sequence of modules. Code outside the three (Django,
the standard library, templates' own rendering) is invisible: a call into Django that calls
back into a ledger module shows as a step to that module.

Each module has a layer, from the top:
  0 pages      views, forms, template tags, urls, middleware, permissions, tables/
  1 services   ledger/services/*, ledger/exchange*
  2 selectors  ledger/selectors/*
  3 models     ledger/models.py, signals, chain, integrity, the journal's key, numbers
  4 rules      rules/* (apart from the site, the lowest)

Figures, for each request and in total (the sum over the three requests; "stays" of the total
counts distinct modules over the whole path):
  visits         the length of the sequence (module entries after collapsing)
  stays          distinct modules in the sequence
  climbs back up steps from a module of a lower layer to a module of a higher one
  returns        entries into a module that the sequence had been in and left before
  calls up       calls whose caller (the nearest frame in the three folders) is in a lower
                 layer than the called function (a lower layer reaching up)
The raw sequence counts a loop over rows (a selector formatting each amount with the rules'
money) once per row; the second table folds loops first: a run of modules repeated back to
back (A B A B A B) is kept once (A B), until no run repeats, and counts the same figures on
what is left: the path's shape, not the night's size. The third table also counts the rules
as one module ("rules"; their own modules calling each other are the rules' business): the
site's path and its crossings into the rules.
The fourth table follows the hand's data itself: only the calls handed the recorded hand's
cards (an argument holding its king of hearts, as a Card, a token, in the typed hand, a form's
data or a journal row's payload; `carries`), with the rules as one module; "calls up" there
counts those calls made from a lower layer to a higher one.

Totals over the three requests (visits / stays / climbs back up / returns), issue 21:
                      as run             loops folded         rules as one        the cards
  before (36d78bb)    378 / 51 / 77 / 314  198 / 51 / 49 / 134  133 / 33 / 45 / 89  14 / 9 / 3 / 4
  after (typed hand)  496 / 61 / 64 / 418  247 / 61 / 49 / 169  126 / 39 / 40 / 75  16 / 10 / 3 / 5
The cards' own path is the same shape before and after: form -> rules (reading the cards) ->
form -> view -> service -> rules (the showdown) -> service -> journal -> chain, and on the
pages only the table's state reads them; no call hands them up a layer. The form's split into
a package adds one step (forms.fields, the base class). What changed is what travels: one
typed, frozen hand built by the form instead of a dict rebuilt at each stop.
SHOW_PATH=1 prints each request's sequence (each module with its layer).
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.http import HttpResponse
    from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = tuple(str(ROOT / name) + os.sep for name in ("ledger", "rules", "tables"))
LAYERS = ("pages", "services", "selectors", "models", "rules")
MODELS = {"ledger.models", "ledger.signals", "ledger.integrity.triggers",
          "ledger.integrity.chain", "ledger.integrity.audit",
          "ledger.integrity.key", "ledger.integrity.rechain", "ledger.numbers", "ledger.types"}
PLAYERS = ["Mike", "Fred", "Ann", "Gus"]


def module_of(filename: str) -> str | None:
    """"ledger.services.hands" for a file of the three folders; None for any other."""
    if not filename.startswith(FOLDERS):
        return None
    relative = Path(filename).relative_to(ROOT).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def layer_of(module: str) -> int:
    if module.startswith("rules"):
        return 4
    if module in MODELS or module.startswith("ledger.models"):
        return 3
    if module.startswith("ledger.selectors"):
        return 2
    if module.startswith(("ledger.services", "ledger.exchange", "ledger.night_file")):
        return 1
    return 0


# The hand's own card, followed: the king of hearts is in the recorded hand alone.
KING_OF_HEARTS = re.compile(r"\bKh\b|K\u2665")
LOOK_DEEP = 4          # how far into an argument (containers, a form's data, a row's payload)
LOOK_WIDE = 400        # values looked at per argument, at most


def carries(value: object) -> bool:
    """Does an argument hold the hand's cards: the king of hearts as a Card, a token or its
    symbol, inside containers, dataclasses (the typed hand), a form's data, a journal row's
    payload or a POST request?"""
    from rules.cards import Card

    budget = [LOOK_WIDE]

    def look(item: object, depth: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0 or depth < 0:
            return False
        if isinstance(item, Card):
            return item.rank == 13 and item.suit == "h"
        if isinstance(item, str):
            return bool(KING_OF_HEARTS.search(item))
        if isinstance(item, dict):
            return any(look(v, depth - 1) for v in list(item.values())[:60])
        if isinstance(item, list | tuple | set | frozenset):
            return any(look(v, depth - 1) for v in list(item)[:60])
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            return any(look(getattr(item, f.name), depth - 1) for f in dataclasses.fields(item))
        for part in ("payload", "data", "cleaned_data"):   # a row, a form
            inner = getattr(type(item), part, None) is None and getattr(item, "__dict__", {})
            if inner and part in inner and look(inner[part], depth - 1):
                return True
        if getattr(item, "method", None) == "POST" and hasattr(item, "_post"):
            return look(dict(item._post), depth - 1)
        return False

    return look(value, LOOK_DEEP)


def _arguments(frame: FrameType) -> list[object]:
    code = frame.f_code
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return [frame.f_locals.get(name) for name in code.co_varnames[:count]]


class Recorder:
    """The sequence of modules the calls enter, collapsed, the calls that reach up, and the
    sequence of the calls that are handed the hand's cards (`carried`)."""

    def __init__(self) -> None:
        self.sequence: list[str] = []
        self.carried: list[str] = []
        self.calls_up = 0
        self.carried_up = 0
        self.modules: dict[object, str | None] = {}

    def _module(self, frame: FrameType) -> str | None:
        code = frame.f_code
        if code not in self.modules:
            self.modules[code] = module_of(code.co_filename)
        return self.modules[code]

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        module = self._module(frame)
        if module is None:
            return
        caller = frame.f_back
        while caller is not None and self._module(caller) is None:
            caller = caller.f_back
        up = False
        if caller is not None:
            calling = self._module(caller)
            up = calling is not None and layer_of(calling) > layer_of(module)
            self.calls_up += up
        if not self.sequence or self.sequence[-1] != module:
            self.sequence.append(module)
        if any(carries(value) for value in _arguments(frame)):
            self.carried_up += up
            if not self.carried or self.carried[-1] != module:
                self.carried.append(module)


def folded(sequence: list[str]) -> list[str]:
    """The sequence with every run repeated back to back kept once (A B A B -> A B)."""
    folded = list(sequence)
    changed = True
    while changed:
        changed = False
        for size in range(1, len(folded) // 2 + 1):
            at = 0
            while at + 2 * size <= len(folded):
                if folded[at:at + size] == folded[at + size:at + 2 * size]:
                    del folded[at + size:at + 2 * size]
                    changed = True
                else:
                    at += 1
    return folded


def rules_as_one(sequence: list[str]) -> list[str]:
    """The sequence with every module of the rules named "rules", collapsed again."""
    named = ["rules" if m.startswith("rules") else m for m in sequence]
    return [m for i, m in enumerate(named) if i == 0 or named[i - 1] != m]


def figures(sequence: list[str]) -> dict[str, int]:
    """visits, stays, climbs back up and returns of one sequence (see the docstring)."""
    climbs = sum(layer_of(b) < layer_of(a) for a, b in pairwise(sequence))
    left: set[str] = set()
    returns = 0
    for before, module in pairwise(sequence):
        left.add(before)
        returns += module in left
    return {"visits": len(sequence), "stays": len(set(sequence)), "climbs back up": climbs,
            "returns": returns}


def _night() -> tuple[int, str]:
    """Four players seated, draw match pot called; the session's id and the winner's phone
    token."""
    import datetime

    from django.contrib.auth.models import Group, User

    from ledger import services
    from ledger.models import Player

    rows = [services.player_create(name=name, note_id=f"B{i:02d}", is_host=i == 0, key=f"p{i}")
            for i, name in enumerate(PLAYERS)]
    s = services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                              seating=rows[1:], key="open")
    services.game_call(session=s, game="draw-match-pot", dealer=rows[0], key="call")
    user = User.objects.create_user("bench", password="bench-password-123")
    user.groups.add(Group.objects.get(name="bankers"))
    return s.pk, Player.objects.get(name="Mike").balance_token


CARDS = {"p0_down": "As Ad Ac 7d 2c", "p1_down": "Ks Kh Kc 8s 3d",
         "p2_down": "Qs Qd Jh Jc 9s", "p3_down": "2s 3c 5h 8c Ts"}
# The warm-up hand holds no king of hearts: only the recorded hand's cards are followed.
SWAPPED = {"p0_down": "2s 3c 5h 8c Ts", "p1_down": "As Ad Ac 7d 2c",
           "p2_down": "Qs Qd Jh Jc 9s", "p3_down": "Ks 4h 4c 8s 3d"}


def _requests(banker: Client, phone: Client, session: int, token: str,
              cards: dict[str, str]) -> list[tuple[str, Callable[[], HttpResponse]]]:
    """The three requests of the path, each a thunk; the hand page is read first (unrecorded)
    for its one-time key and the pot it offers."""
    page = banker.get(f"/s/{session}/hand/").content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page)
    pot = re.search(r'name="pot" value="([^"]*)"', page)
    assert key is not None and pot is not None, "the hand page offers no form"
    data = {"key": key[1], "mode": "cards", "pot": pot[1], **cards, "save": "1"}
    return [
        ("POST hand by cards", lambda: banker.post(f"/s/{session}/hand/", data)),
        ("GET journal", lambda: banker.get(f"/s/{session}/journal/")),
        ("GET phone", lambda: phone.get(f"/p/{token}/")),
    ]


def measure() -> list[dict[str, dict[str, int]]]:
    folder = tempfile.mkdtemp(prefix="bench-hand-path-")
    from bench.pages import _django

    _django(folder)
    from django.contrib.auth.models import User
    from django.test import Client

    session, token = _night()
    banker, phone = Client(), Client()
    banker.force_login(User.objects.get(username="bench"))
    for _, request in _requests(banker, phone, session, token, SWAPPED):   # warm-up
        assert request().status_code in (200, 302)
    results: dict[str, dict[str, int]] = {}
    loops: dict[str, dict[str, int]] = {}
    site: dict[str, dict[str, int]] = {}
    cards: dict[str, dict[str, int]] = {}
    whole: list[str] = []
    carried: list[str] = []
    calls_up = 0
    for name, request in _requests(banker, phone, session, token, CARDS):
        recorder = Recorder()
        sys.setprofile(recorder)
        try:
            status = request().status_code
        finally:
            sys.setprofile(None)
        assert status in (200, 302), (name, status)
        results[name] = {**figures(recorder.sequence), "calls up": recorder.calls_up}
        loops[name] = {**figures(folded(recorder.sequence)), "calls up": recorder.calls_up}
        site[name] = {**figures(folded(rules_as_one(recorder.sequence))),
                      "calls up": recorder.calls_up}
        cards[name] = {**figures(folded(rules_as_one(recorder.carried))),
                       "calls up": recorder.carried_up}
        whole += recorder.sequence
        carried += rules_as_one(recorder.carried)
        calls_up += recorder.calls_up
        if os.environ.get("SHOW_PATH"):
            print(f"{name}:\n  " + "\n  ".join(
                f"{layer_of(m)} {m}" for m in folded(recorder.sequence)))
            print(f"{name}, the cards:\n  " + "\n  ".join(
                f"{layer_of(m)} {m}" for m in folded(rules_as_one(recorder.carried))))
    for table, modules in ((results, whole), (loops, whole), (site, rules_as_one(whole)),
                           (cards, carried)):
        total = {key: sum(r[key] for r in table.values()) for key in
                 ("visits", "climbs back up", "returns", "calls up")}
        table["total"] = {**total, "stays": len(set(modules))}
    return [results, loops, site, cards]


def report(tables: list[dict[str, dict[str, int]]]) -> None:
    columns = ("visits", "stays", "climbs back up", "returns", "calls up")
    titles = ("the sequence as it ran", "loops folded", "...and rules as one",
              "the hand's cards")
    for title, results in zip(titles, tables, strict=True):
        print(f"{title:20s}" + "".join(f"{c:>15s}" for c in columns))
        for name, row in results.items():
            print(f"  {name:18s}" + "".join(f"{row[c]:15d}" for c in columns))


def main() -> None:
    subprocess.run([sys.executable, "-m", "bench.hand_path", "here"], cwd=ROOT, check=True)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        report(measure())
    else:
        main()
