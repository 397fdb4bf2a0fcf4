"""Small helpers for hand-worked showdown tests."""

from collections import defaultdict

from rules.games.showdown import resolve


def play(game, players, *, pot="1.00", board=None, **extra):
    data = {"game": game, "pot": pot, "players": players, **extra}
    if board is not None:
        data["board"] = board
    return resolve(data)


def p(name, down=(), up=(), **fields):
    return {"name": name, "down": list(down.split() if isinstance(down, str) else down),
            "up": list(up.split() if isinstance(up, str) else up), **fields}


def awards(result):
    totals = defaultdict(int)
    for award in result["awards"]:
        totals[award["name"]] += _cents(award["amount"])
    return {name: _money(cents) for name, cents in totals.items()}


def owes(result):
    return {owe["name"]: owe["amount"] for owe in result["owes"]}


def high(result, name):
    hand = next(player for player in result["players"] if player["name"] == name)["high"]
    return hand["category"]


def dead(result):
    return [player["name"] for player in result["players"] if player["dead"]]


def _cents(text):
    whole, part = text.split(".")
    return int(whole) * 100 + int(part)


def _money(cents):
    return f"{cents // 100}.{cents % 100:02d}"
