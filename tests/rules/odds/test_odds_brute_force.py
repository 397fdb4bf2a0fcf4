"""The odds against a brute force written apart: every completion dealt here with itertools,
each one resolved as a whole showdown through `rules.games.showdown.resolve` (the JSON
contract), the awards added up. A wild-card game with a killer, a declare game (P1) and a dummy
game (P9)."""

from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from rules.cards import deck
from rules.games.showdown import resolve
from rules.odds import odds

POT = 600   # cents: halves and splits among up to three come out even (P2)


def p(name, down="", up="", **fields):
    return {"name": name, "down": down.split(), "up": up.split(), **fields}


def four(value):
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001")))


def unseen(data):
    seen = set(data.get("dead", []))
    for player in data["players"]:
        seen |= set(player["down"]) | set(player["up"])
    for cards in data.get("board", {}).values():
        seen |= set(cards)
    seen |= set(data.get("dummy", {}).get("down", []))
    return [str(card) for card in deck() if str(card) not in seen]


def brute_force(data, fills):
    """fills: [(where, name, how many)] with where "down" or "dummy"; every completion."""
    pile = unseen(data)
    won = {player["name"]: Fraction(0) for player in data["players"]}
    high = dict.fromkeys(won, 0)
    low = dict.fromkeys(won, 0)
    deals = 0
    for picks in _picks(pile, [count for _, _, count in fills]):
        show = {**data, "pot": f"{POT // 100}.{POT % 100:02d}",
                "players": [dict(pl) for pl in data["players"]]}
        for (where, name, _), cards in zip(fills, picks, strict=True):
            if where == "dummy":
                show["dummy"] = {**show["dummy"], "down": show["dummy"]["down"] + list(cards)}
                continue
            player = next(pl for pl in show["players"] if pl["name"] == name)
            player[where] = player[where] + list(cards)
        result = resolve(show)
        deals += 1
        for award in result["awards"]:
            won[award["name"]] += Fraction(int(award["amount"].replace(".", "")), POT)
        for name in result["winners"].get("high", []):
            high[name] += 1
        for name in result["winners"].get("low", []):
            low[name] += 1
    return deals, {name: four(total / deals) for name, total in won.items()}, \
        {name: four(Fraction(n, deals)) for name, n in high.items()}, \
        {name: four(Fraction(n, deals)) for name, n in low.items()}


def _picks(pile, counts):
    if not counts:
        yield ()
        return
    for first in combinations(pile, counts[0]):
        rest = [card for card in pile if card not in first]
        for others in _picks(rest, counts[1:]):
            yield (first, *others)


def check(data, fills, sides=("high",)):
    deals, shares, high, low = brute_force(data, fills)
    result = odds(data)
    assert result["exact"] is True and result["trials"] == deals
    for player in result["players"]:
        name = player["name"]
        assert player["share"] == shares[name], name
        if "high" in sides:
            assert player["high"] == high[name], name
        if "low" in sides:
            assert player["low"] == low[name], name
    return result


def test_wild_card_game_with_a_killer():
    # Deadly 7s: sevens wild, a seven face up kills; Bob's last hole card may be a wild seven
    data = {"game": "deadly-7s", "players": [p("Ann", "7h 4d", "Ks"), p("Bob", "Qc", "Qd"),
                                              p("Cal", "9c 9d")],
            "dead": "2c 2d 3c 3d 3h 4c 5c 5d 6c 6d 8c 8d Tc Td Jc Jd Js Ac Ad As".split()}
    result = check(data, [("down", "Bob", 1), ("up", "Cal", 1)])
    assert result["trials"] == 25 * 24


def test_declare_game_keeps_the_declarations():
    # Big Sol: Ann high, Bob low, Cal both ways (P1: a pigger must win both sides outright)
    data = {"game": "big-sol", "players": [
        p("Ann", "", "Kd Kc 9s 4h", declare="high"),
        p("Bob", "5c", "Ah 2d 6s 8c", declare="low"),
        p("Cal", "", "3h 4s 5d 6h", declare="both")],
            "dead": "2c 3c 3d 7c 7d 7s 9c 9d Tc Td Jc Jd Js Qc Qd Qs".split()}
    check(data, [("down", "Ann", 1), ("down", "Cal", 1)], sides=("high", "low"))


def test_dummy_game_the_old_man():
    # Old Man: every player must beat the dummy (P9); two of its cards unseen
    data = {"game": "old-man", "board": {"center": ["5s"]},
            "players": [p("Jim", "Ad Kh", "Kd Qc Tc Ks", declare="high", go=True),
                        p("Ash", "7h 4h", "Qh 8h 2h 4c", declare="low", go=True)],
            "dummy": {"name": "Old Man", "down": ["2d", "3d", "6h", "8s"]}}
    result = check(data, [("dummy", "Old Man", 2)], sides=("high", "low"))
    assert result["trials"] == 595
