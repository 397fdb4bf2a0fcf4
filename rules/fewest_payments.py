"""Debt consolidation (B8): settle THE BOOK with the fewest payments.

The fewest transfers that settle a set of balances is n minus the largest number of disjoint
groups whose balances sum to zero (each group of k people settles among itself with k - 1
payments, and no set of payments can do better). Finding that partition is a hard search, so:

1. People who are even drop out; exact opposites (one owes $12.50, another is owed $12.50) pay
   each other - there is always a best partition with such a pair as its own group.
2. People with the same balance are interchangeable, so the rest is a multiset of amounts. Every
   zero-sum sub-multiset is listed by meeting in the middle (subset sums of two halves).
3. A memoised search over who is still unsettled picks the group of the person with the fewest
   possible groups, smallest groups first, and prunes with an upper bound: every group has at
   least 3 people, a creditor and a debtor, and a person whose smallest possible group has m
   people fills at least 1/m of a group. Only zero-sum states arise, so the memo stays small.

A fixed work budget (not a clock, so the answer never depends on the machine) guards the search;
it lists every zero-sum group, which stops paying off at about 30 people. Beyond it zero-sum
threes and fours are peeled off greedily, and `rules.zero_sum` improves on that split and
proves it best with a search that never lists the big groups (40 people in about a second at
most; its docstring says where it gives up). `minimal=False` only if that search runs out of its
own budget too and the count does not meet the lower bound anyway. The first search stays first
so that a book it proves keeps the same payments. (Splitting the people by who owed whom would
not be exact: +1 +1 -2 in one circle and -1 -1 +2 in another settle in 4 payments apart but in
3 together, so the search always sees everyone.)
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import RulesError
from .money import format_cents
from .zero_sum import PROOF_BUDGET, most_zero_sum_groups

# Work units: sub-multiset sums listed plus search steps. 25 random parties need far fewer.
SEARCH_BUDGET = 2_000_000
HALF_LIMIT = 1 << 17  # most sub-multisets one half of the amounts may have
GROUP_LIMIT = 120_000  # most zero-sum groups worth searching (25 parties need ~40,000 at most)


@dataclass(frozen=True)
class Transfer:
    """One payment: `debtor` pays `creditor` `cents`."""

    debtor: str
    creditor: str
    cents: int


@dataclass(frozen=True)
class Settlement:
    """The payments that settle every balance; `minimal` says the count was proven fewest."""

    transfers: tuple[Transfer, ...]
    minimal: bool


class _OutOfBudget(Exception):
    pass


def settle_balances(balances: Mapping[str, int], *, budget: int = SEARCH_BUDGET,
                    proof_budget: int = PROOF_BUDGET) -> Settlement:
    """Settle balances in cents (negative = owes) with the fewest transfers we can prove.

    `budget` is the work allowed to the search that lists every group, `proof_budget` to the
    one for bigger books (rules.zero_sum)."""
    owed = _checked_balances(balances)
    pairs, rest = _cancel_opposites(owed)
    groups, proven = _fewest_groups(rest, budget, proof_budget)
    transfers: list[Transfer] = []
    for group in pairs + groups:
        transfers.extend(_settle_group(group))
    return Settlement(tuple(sorted(transfers, key=_transfer_key)), proven)


def settle_debts(debts: Iterable[tuple[str, str, int]], *, simplify: bool) -> Settlement:
    """Settle (debtor, creditor, cents) debts.

    simplify=False: everyone pays only people they owe, after netting each pair's debts both
    ways; `minimal` is true when that happens to be as few transfers as the proven fewest.
    simplify=True: the same as `settle_balances` of everyone's net balance.
    """
    checked = _checked_debts(debts)
    net: dict[str, int] = defaultdict(int)
    for debtor, creditor, cents in checked:
        net[debtor] -= cents
        net[creditor] += cents
    best = settle_balances(net)
    if simplify:
        return best
    transfers = tuple(sorted(_net_pairs(checked), key=_transfer_key))
    return Settlement(transfers, best.minimal and len(transfers) == len(best.transfers))


# --- input checks -------------------------------------------------------------------------


def _checked_balances(balances: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(balances, Mapping):
        raise RulesError(f"balances: expected a mapping of names to cents, got {balances!r}")
    owed: dict[str, int] = {}
    for name, cents in balances.items():
        _check_name(name, "balances")
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise RulesError(f"balances.{name}: expected integer cents, got {cents!r}")
        owed[name] = cents
    total = sum(owed.values())
    if total:
        raise RulesError(f"balances: must sum to zero, but they sum to {format_cents(total)}")
    return owed


def _checked_debts(debts: Iterable[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    checked = []
    for index, debt in enumerate(debts):
        field = f"debts[{index}]"
        if not isinstance(debt, tuple | list) or len(debt) != 3:
            raise RulesError(f"{field}: expected (debtor, creditor, cents), got {debt!r}")
        debtor, creditor, cents = debt
        _check_name(debtor, f"{field}.debtor")
        _check_name(creditor, f"{field}.creditor")
        if debtor == creditor:
            raise RulesError(f"{field}: {debtor} cannot owe themselves")
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise RulesError(f"{field}.cents: expected non-negative integer cents, got {cents!r}")
        checked.append((debtor, creditor, cents))
    return checked


def _check_name(name: object, field: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"{field}: expected a non-empty name, got {name!r}")


# --- the search ----------------------------------------------------------------------------

Group = list[tuple[str, int]]  # (name, cents) whose cents sum to zero


def _cancel_opposites(owed: Mapping[str, int]) -> tuple[list[Group], dict[str, int]]:
    """Pair each creditor with a debtor who owes exactly as much (names in order)."""
    by_amount: dict[int, list[str]] = defaultdict(list)
    for name in sorted(owed):
        if owed[name]:
            by_amount[owed[name]].append(name)
    pairs: list[Group] = []
    rest: dict[str, int] = {}
    for amount, names in by_amount.items():
        if amount > 0:
            opposite = by_amount.get(-amount, [])
            for creditor, debtor in zip(names, opposite, strict=False):
                pairs.append([(debtor, -amount), (creditor, amount)])
    for amount, names in by_amount.items():
        matched = min(len(names), len(by_amount.get(-amount, [])))
        rest.update((name, amount) for name in names[matched:])
    return pairs, rest


@dataclass
class _Layout:
    """People with equal balances form a class; a multiset of them packs into one int.

    Class i's count sits in a bit field with one spare guard bit above it, so a multiset g
    fits inside a state s exactly when subtracting g from s (with guards set) borrows from no
    guard bit, and then s - g is the remainder.
    """

    amounts: list[int]
    names: list[list[str]]
    offsets: list[int]
    masks: list[int]
    guards: int
    full: int

    @classmethod
    def of(cls, owed: Mapping[str, int]) -> _Layout:
        by_amount: dict[int, list[str]] = defaultdict(list)
        for name in sorted(owed):
            by_amount[owed[name]].append(name)
        amounts = sorted(by_amount)
        offsets, masks, guards, full, bit = [], [], 0, 0, 0
        for amount in amounts:
            count = len(by_amount[amount])
            width = count.bit_length()
            offsets.append(bit)
            masks.append(((1 << width) - 1) << bit)
            full |= count << bit
            guards |= 1 << (bit + width)
            bit += width + 1
        names = [by_amount[amount] for amount in amounts]
        return cls(amounts, names, offsets, masks, guards, full)

    def count(self, packed: int, index: int) -> int:
        return (packed & self.masks[index]) >> self.offsets[index]

    def fits(self, group: int, state: int) -> bool:
        return ((state | self.guards) - group) & self.guards == self.guards


def _fewest_groups(owed: dict[str, int], budget: int, proof_budget: int
                   ) -> tuple[list[Group], bool]:
    """Partition the people into the most zero-sum groups; the bool says it was proven."""
    if not owed:
        return [], True
    layout = _Layout.of(owed)
    try:
        work = [budget]
        packed_groups = _search(layout, _ZeroSumGroups(layout, work), work)
    except _OutOfBudget:
        return _proven_groups(owed, *_greedy_groups(owed), proof_budget)
    return _named_groups(layout, packed_groups), True


def _proven_groups(owed: dict[str, int], greedy: list[Group], proven: bool, budget: int
                   ) -> tuple[list[Group], bool]:
    """Improve on the greedy groups and prove the most (rules.zero_sum), within its budget."""
    if proven:
        return greedy, True
    names = sorted(owed)
    index = {name: i for i, name in enumerate(names)}
    start = [sum(1 << index[name] for name, _ in group) for group in greedy]
    masks, proven = most_zero_sum_groups([owed[name] for name in names], start, budget)
    if masks is start:
        return greedy, proven
    groups = [[(names[i], owed[names[i]]) for i in range(len(names)) if mask >> i & 1]
              for mask in masks]
    return groups, proven


@dataclass
class _Half:
    """Every sub-multiset of some classes, as parallel lists indexed by row."""

    sums: list[int]
    packed: list[int]
    sizes: list[int]
    creditors: list[int]
    parts: list[tuple[tuple[int, int], ...]]  # (class, how many) for the classes it uses

    @classmethod
    def of(cls, layout: _Layout, classes: list[int], work: list[int]) -> _Half:
        rows: list[tuple[int, int, int, int, tuple[tuple[int, int], ...]]] = [(0, 0, 0, 0, ())]
        for index in classes:
            amount, offset = layout.amounts[index], layout.offsets[index]
            creditor = 1 if amount > 0 else 0
            rows = [
                (total + k * amount, packed + (k << offset), size + k, pos + k * creditor,
                 parts + ((index, k),) if k else parts)
                for total, packed, size, pos, parts in rows
                for k in range(len(layout.names[index]) + 1)
            ]
            _spend(work, len(rows))
            if len(rows) > HALF_LIMIT:
                raise _OutOfBudget
        return cls(*(list(column) for column in zip(*rows, strict=True)))


class _ZeroSumGroups:
    """Every non-empty zero-sum sub-multiset, met in the middle of two halves of the classes.

    `pairs` holds (size, packed, left row, right row), smallest groups first.
    """

    def __init__(self, layout: _Layout, work: list[int]) -> None:
        left_classes, right_classes, left_rows, right_rows = [], [], 1, 1
        for index in sorted(range(len(layout.amounts)), key=lambda i: -len(layout.names[i])):
            options = len(layout.names[index]) + 1
            if left_rows <= right_rows:
                left_classes.append(index)
                left_rows *= options
            else:
                right_classes.append(index)
                right_rows *= options
        if max(left_rows, right_rows) > HALF_LIMIT:
            raise _OutOfBudget  # too many sub-multisets to list: fall back at once
        self.left = _Half.of(layout, left_classes, work)
        self.right = _Half.of(layout, right_classes, work)
        right_by_sum: dict[int, list[int]] = defaultdict(list)
        for row, total in enumerate(self.right.sums):
            right_by_sum[total].append(row)
        pairs = []
        for row, total in enumerate(self.left.sums):
            matches = right_by_sum.get(-total, ())
            _spend(work, len(matches))
            for other in matches:
                size = self.left.sizes[row] + self.right.sizes[other]
                if size:
                    pairs.append((size, self.left.packed[row] + self.right.packed[other], row,
                                  other))
            if len(pairs) > GROUP_LIMIT:
                raise _OutOfBudget
        pairs.sort()
        self.pairs = pairs

    def smallest_group(self, classes: int) -> list[int]:
        """For each class, the fewest people in any zero-sum group that holds one of them."""
        smallest = [0] * classes
        for half, column in ((self.left, 2), (self.right, 3)):
            row_smallest: dict[int, int] = {}
            for pair in self.pairs:  # smallest first, so the first sighting is the minimum
                row_smallest.setdefault(pair[column], pair[0])
            for row, size in row_smallest.items():
                for index, _ in half.parts[row]:
                    smallest[index] = min(smallest[index] or size, size)
        return smallest

    def groups_holding(self, classes: int) -> list[int]:
        """For each class, how many zero-sum groups hold one of them."""
        per_row: list[defaultdict[int, int]] = [defaultdict(int), defaultdict(int)]
        for _, _, left_row, right_row in self.pairs:
            per_row[0][left_row] += 1
            per_row[1][right_row] += 1
        holding = [0] * classes
        for half, counts in zip((self.left, self.right), per_row, strict=True):
            for row, count in counts.items():
                for index, _ in half.parts[row]:
                    holding[index] += count
        return holding


def _search(layout: _Layout, groups: _ZeroSumGroups, work: list[int]) -> list[int]:
    """The most zero-sum groups the whole multiset splits into (memoised, with bounds).

    Each state settles the person with the fewest possible groups first (the search branches
    least there). Bound: a person whose smallest possible group has m people uses up at least
    1/m of a group, so a state holds at most the sum of those fractions (kept as integers over
    a common multiple); every group also needs a creditor and a debtor.
    """
    classes = len(layout.amounts)
    holding = groups.groups_holding(classes)
    order = sorted(range(classes), key=lambda index: (holding[index], index))
    rank = {index: position for position, index in enumerate(order)}
    smallest = groups.smallest_group(classes)
    scale = math.lcm(*smallest)
    weight = [scale // size for size in smallest]
    halves = (groups.left, groups.right)
    loads = [[sum(k * weight[i] for i, k in parts) for parts in half.parts] for half in halves]
    firsts = [[min((rank[i] for i, _ in parts), default=classes) for parts in half.parts]
              for half in halves]
    by_first: list[list[tuple[int, int, int, int]]] = [[] for _ in range(classes)]
    for size, packed, left_row, right_row in groups.pairs:
        first = order[min(firsts[0][left_row], firsts[1][right_row])]
        pos = groups.left.creditors[left_row] + groups.right.creditors[right_row]
        load = loads[0][left_row] + loads[1][right_row]
        by_first[first].append((packed, size, pos, load))
    _spend(work, len(groups.pairs))
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}
    masks = [layout.masks[index] for index in order]

    def bound(size: int, pos: int, load: int) -> int:
        return min(load // scale, pos, size - pos)

    def best(state: int, size: int, pos: int, load: int) -> int:
        if state in memo:
            return memo[state][0]
        pick = next(order[i] for i, mask in enumerate(masks) if state & mask)
        most, choice, ceiling = 1, state, bound(size, pos, load)
        for group, group_size, group_pos, group_load in by_first[pick]:
            # Groups come smallest first, so once even a 3-person split of the rest
            # cannot beat the best found, no later group can either.
            if most >= ceiling or 1 + (size - group_size) // 3 <= most:
                break
            _spend(work, 1)
            if group == state or not layout.fits(group, state):
                continue
            rest = (size - group_size, pos - group_pos, load - group_load)
            if 1 + bound(*rest) <= most:
                continue
            found = 1 + best(state - group, *rest)
            if found > most:
                most, choice = found, group
        memo[state] = (most, choice)
        return most

    everyone = sum(len(names) for names in layout.names)
    creditors = sum(len(names) for amount, names in zip(layout.amounts, layout.names, strict=True)
                    if amount > 0)
    best(layout.full, everyone, creditors,
         sum(len(n) * w for n, w in zip(layout.names, weight, strict=True)))
    found, state = [], layout.full
    while state:
        group = memo[state][1]
        found.append(group)
        state -= group
    return found


def _spend(work: list[int], units: int) -> None:
    work[0] -= units
    if work[0] < 0:
        raise _OutOfBudget


def _named_groups(layout: _Layout, packed_groups: list[int]) -> list[Group]:
    """Hand out names: within a class, the earliest names go to the earliest groups."""
    queues = [list(names) for names in layout.names]
    groups = []
    for packed in packed_groups:
        group: Group = []
        for index, amount in enumerate(layout.amounts):
            for _ in range(layout.count(packed, index)):
                group.append((queues[index].pop(0), amount))
        groups.append(group)
    return groups


def _greedy_groups(owed: dict[str, int]) -> tuple[list[Group], bool]:
    """Beyond the budget: peel off zero-sum threes (then fours, for books of up to
    `FOURS_UP_TO` people) while there are any, and settle the rest as one group. Proven only
    if the count meets the lower bound anyway."""
    people = sorted(owed.items())
    size = len(people)
    groups: list[Group] = []
    while (found := _zero_three(people) or (size <= FOURS_UP_TO and _zero_four(people))):
        groups.append([people[i] for i in found])
        people = [person for i, person in enumerate(people) if i not in found]
    if people:
        groups.append(people)
    creditors = sum(1 for _, cents in owed.items() if cents > 0)
    most_groups = min(size // 3, creditors, size - creditors)
    payments = sum(len(_settle_group(group)) for group in groups)
    return groups, payments <= size - most_groups


FOURS_UP_TO = 120  # looking for fours costs n squared pair sums per group found


def _zero_three(people: Group) -> tuple[int, ...] | None:
    """The first three people (in name order) whose balances sum to zero, if any."""
    where: dict[int, list[int]] = defaultdict(list)
    for index, (_, cents) in enumerate(people):
        where[cents].append(index)
    for i in range(len(people)):
        for j in range(i + 1, len(people)):
            for k in where.get(-(people[i][1] + people[j][1]), ()):
                if k > j:
                    return (i, j, k)
    return None


def _zero_four(people: Group) -> tuple[int, ...] | None:
    """The first two disjoint pairs whose four balances sum to zero, if any."""
    pairs: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for i in range(len(people)):
        for j in range(i + 1, len(people)):
            total = people[i][1] + people[j][1]
            for k, m in pairs.get(-total, ()):
                if len({i, j, k, m}) == 4:
                    return (k, m, i, j)
            pairs[total].append((i, j))
    return None


# --- paying within a group -----------------------------------------------------------------


def _settle_group(group: Group) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are even: at most k - 1 payments."""
    debtors = {name: -cents for name, cents in group if cents < 0}
    creditors = {name: cents for name, cents in group if cents > 0}
    transfers = []
    while debtors:
        debtor = min(debtors, key=lambda name: (-debtors[name], name))
        creditor = min(creditors, key=lambda name: (-creditors[name], name))
        cents = min(debtors[debtor], creditors[creditor])
        transfers.append(Transfer(debtor, creditor, cents))
        for side, name in ((debtors, debtor), (creditors, creditor)):
            side[name] -= cents
            if not side[name]:
                del side[name]
    return transfers


def _net_pairs(debts: list[tuple[str, str, int]]) -> list[Transfer]:
    """Net each pair's debts both ways; the one who owes more pays the difference."""
    between: dict[tuple[str, str], int] = defaultdict(int)
    for debtor, creditor, cents in debts:
        if debtor < creditor:
            between[(debtor, creditor)] += cents
        else:
            between[(creditor, debtor)] -= cents
    transfers = []
    for (first, second), cents in between.items():
        if cents > 0:
            transfers.append(Transfer(first, second, cents))
        elif cents < 0:
            transfers.append(Transfer(second, first, -cents))
    return transfers


def _transfer_key(transfer: Transfer) -> tuple[str, str, int]:
    return (transfer.debtor, transfer.creditor, transfer.cents)
