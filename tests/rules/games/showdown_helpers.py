"""Small helpers for hand-worked showdown tests."""

from collections import defaultdict

from rules.cards import deck
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


def random_deal(game, rng):
    """A complete random deal of `game` (its last round), 2 to 5 players, most of them in."""
    rules = game.for_round(len(game.rounds)) if game.rounds else game
    cards = [str(card) for card in deck(rules.deck)]
    rng.shuffle(cards)
    board = {pos.name: [cards.pop() for _ in range(pos.count or 3)] for pos in rules.board}
    players = []
    for index in range(rng.randint(2, 5)):
        down = 5 if rules.down is None else rules.down
        player = {"name": f"P{index}", "down": [cards.pop() for _ in range(down)],
                  "up": [cards.pop() for _ in range(rules.up)], "in": rng.random() < 0.9}
        if rules.split == "declare":
            player["declare"] = rng.choice(rules.declarations)
        if rules.go_stop:
            player["go"] = rng.random() < 0.7
        players.append(player)
    data = {"game": game.id, "pot": "10.05", "board": board, "players": players}
    if game.rounds:
        data["round"] = len(game.rounds)
    if rules.dummy:
        data["dummy"] = {"down": [cards.pop() for _ in range(rules.dummy.cards or rules.down or 5)]}
    return data
