"""Reading the JSON `python -m rules showdown` prints (the CLI contract tests)."""


def ok(showdown_run, game, players, **kwargs):
    code, result = showdown_run(game, players, **kwargs)
    assert code == 0, result
    return result


def refused(showdown_run, game, players, **kwargs):
    code, error = showdown_run(game, players, **kwargs)
    assert code == 2
    assert error.count("\n") == 1, error
    return error


def p(name, down="", up="", **fields):
    return {"name": name, "down": down.split(), "up": up.split(), **fields}


def paid(result):
    """Name -> total award, as decimal strings."""
    totals = {}
    for award in result["awards"]:
        cents = int(award["amount"].replace(".", ""))
        totals[award["name"]] = totals.get(award["name"], 0) + cents
    return {name: f"{cents // 100}.{cents % 100:02d}" for name, cents in totals.items()}


def sides(result):
    return sorted((a["name"], a["side"], a["amount"]) for a in result["awards"])


def owed(result):
    return sorted((o["name"], o.get("to"), o["amount"], o["reason"]) for o in result["owes"])


def hand(result, name, side="high"):
    return next(pl for pl in result["players"] if pl["name"] == name)[side]


def cat(result, name, side="high"):
    value = hand(result, name, side)
    return None if value is None else value["category"]


def ranks(result, name, side="high"):
    return [card[0] for card in hand(result, name, side)["cards"]]
