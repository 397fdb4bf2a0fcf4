"""The most disjoint zero-sum groups a list of balances splits into, with a proof (B8).

`rules.fewest_payments` turns groups into payments: k people whose balances sum to zero settle among
themselves with k - 1 payments, so the fewest payments is n minus the most groups. This module
finds that most for books too big to list every zero-sum group (about 30 people and up).

How it proves
-------------
It starts from a known split (the greedy one) and asks "can these people form one group
more?" until the answer is no; that last "no" is the proof. Each question is a search:

- Small groups (up to `_small_size` people, five for 40 people) are listed once for the book
  by meeting in the middle. The search settles the person with the fewest small groups left:
  either in one of them, or in a group bigger than that (then none of their small groups is
  tried again below). Once nobody left has a small group, the rest is searched smallest group
  first (ties: lowest-numbered person first), where the smallest of `want` groups has at most
  len(people) / want members; those bigger groups are listed on demand.
- With two groups left it only asks whether the people left hold any zero-sum part: a table of
  reachable sums kept as one big integer. The rest is the second group.
- A branch is cut when the people left cannot make the groups still wanted: every group needs
  a creditor and a debtor, and a person whose smallest zero-sum group among the people left has
  m members fills at least 1/m of a group (a person with none listed, 1/(small size + 1)).
- A question answered "no" for the same people is not asked twice.

Limits
------
Work is counted (rows listed, states, groups tried, words of the sums table) against a fixed
budget, `PROOF_BUDGET`, never a clock, so the answer is the same on every machine; a unit cost
0.3-0.6 microseconds on the 2-core machine bench/fewest_payments.py was run on, so the budget
is about a second there. Out of budget
the best split found so far is returned, unproven (still never worse than the greedy one).
What spends it: books where the best split is well below the bound, so every near miss has to
be ruled out - many people within a few dollars of each other and one or two big balances that
soak up many of them - and books of 50 people and more. Amounts so large that the sums table
would exceed `SUMS_LIMIT` bits also give up (unproven).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

# Work units: group sums listed, search states and candidate groups tried, table words shifted.
PROOF_BUDGET = 2_000_000
ROWS_LIMIT = 200_000  # most half-subsets listed when meeting in the middle
ROWS_PER_UNIT = 8  # listing a row costs about an eighth of trying a group in the search
SUMS_LIMIT = 1 << 23  # widest table of reachable sums (bits), about a megabyte


Listed = tuple[int, int, tuple[int, ...]]  # a zero-sum group: mask, size, members


class OutOfBudget(Exception):
    """The fixed work budget ran out before the search finished."""


class TooMany(OutOfBudget):
    """A listing would hold more than ROWS_LIMIT half-subsets."""


@dataclass
class Work:
    left: int

    def spend(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise OutOfBudget


def _members(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def zero_sum_subsets(amounts: list[int], mask: int, low: int, high: int, work: Work) -> list[int]:
    """Every zero-sum subset of the people in `mask` with low..high members (meet in the
    middle), sorted by size, then by lowest member."""
    people = _members(mask)
    half = len(people) // 2
    sides = []
    for part in (people[:half], people[half:]):
        rows: list[tuple[int, int, int]] = [(0, 0, 0)]  # (sum, mask, size)
        for person in part:
            amount, bit = amounts[person], 1 << person
            rows += [(total + amount, packed | bit, size + 1)
                     for total, packed, size in rows if size < high]
            work.spend(len(rows) // ROWS_PER_UNIT + 1)
            if len(rows) > ROWS_LIMIT:
                raise TooMany
        sides.append(rows)
    right: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for total, packed, size in sides[1]:
        right[total].append((packed, size))
    found = []
    for total, packed, size in sides[0]:
        matches = right.get(-total, ())
        if matches:
            work.spend(len(matches) // ROWS_PER_UNIT + 1)
        for other, other_size in matches:
            if low <= size + other_size <= high and packed | other:
                found.append(packed | other)
    found.sort(key=lambda group: (group.bit_count(), group & -group))
    return found


class Prover:
    """Answers "can the people in a mask form `want` zero-sum groups?" for one book."""

    def __init__(self, amounts: list[int], work: Work) -> None:
        divisor = math.gcd(*amounts) or 1
        self.amounts = [amount // divisor for amount in amounts]
        self.work = work
        self.everyone = (1 << len(amounts)) - 1
        self.creditors = sum(1 << i for i, amount in enumerate(self.amounts) if amount > 0)
        self.small = _small_size(len(amounts))
        self.listed = [(group, group.bit_count(), tuple(_members(group)))
                       for group in zero_sum_subsets(self.amounts, self.everyone, 3, self.small,
                                                     work)]
        self.bigger: list[tuple[int, int]] = []  # listed on demand, sizes small + 1 and up
        self.bigger_up_to = self.small
        self.failed: set[tuple[int, int, int]] = set()
        self.failed_ordered: set[tuple[int, int, int, int]] = set()
        self.splits: dict[int, int] = {}

    def sides(self, mask: int) -> int:
        """Every group needs a creditor and a debtor."""
        creditors = (mask & self.creditors).bit_count()
        return min(creditors, mask.bit_count() - creditors)

    def split_off(self, mask: int) -> int:
        """A non-empty zero-sum part of `mask` other than all of it, or 0 if there is none."""
        if mask in self.splits:
            return self.splits[mask]
        people = _members(mask)[:-1]  # a part and its complement both work: leave one out
        offset = sum(-self.amounts[p] for p in people if self.amounts[p] < 0)
        width = offset + sum(self.amounts[p] for p in people if self.amounts[p] > 0)
        if width > SUMS_LIMIT:
            raise OutOfBudget
        self.work.spend(len(people) * (width // 256 + 1))
        tables = [0]
        for person in people:
            amount, reach = self.amounts[person], tables[-1]
            shifted = reach << amount if amount > 0 else reach >> -amount
            tables.append(reach | shifted | 1 << (offset + amount))
        found = 0
        if tables[-1] >> offset & 1:
            target = 0
            for index in range(len(people), 0, -1):
                if tables[index - 1] >> (offset + target) & 1:
                    continue
                person = people[index - 1]
                found |= 1 << person
                if target == self.amounts[person]:
                    break
                target -= self.amounts[person]
        self.splits[mask] = found
        return found

    def search(self, mask: int, want: int, big: int = 0,
               listed: list[Listed] | None = None) -> list[int] | None:
        """`want` zero-sum groups covering `mask`, where the people in `big` are in groups of
        more than `self.small` people. None if there are none."""
        if want == 1:
            return [mask]
        if want == 2:
            part = self.split_off(mask)
            return [part, mask ^ part] if part else None
        key = (mask, want, big)
        if key in self.failed or self.sides(mask) < want:
            return None
        self.work.spend(1)
        free = mask & ~big
        small = [entry for entry in (self.listed if listed is None else listed)
                 if not entry[0] & ~free]
        self.work.spend(len(small) // 8 + 1)
        layers = _Layers(small, self.small + 1)
        found = None
        if layers.most(mask, 1) >= want:
            if not layers.seen:
                found = self.ordered(mask, want, self.small + 1)
            else:
                found = self.branch(mask, want, big | (free & ~layers.seen), small, layers)
        if found is None:
            self.failed.add(key)
        return found

    def branch(self, mask: int, want: int, big: int, small: list[Listed],
               layers: _Layers) -> list[int] | None:
        """Settle the person with the fewest small groups: in one of them, or in a big one."""
        options = [0] * len(self.amounts)
        for _, _, members in small:
            for person in members:
                options[person] += 1
        self.work.spend(len(small))
        pivot = min(_members(layers.seen), key=lambda person: options[person])
        bit = 1 << pivot
        for group, _, _ in small:
            if not group & bit:
                continue
            self.work.spend(1)
            rest = mask ^ group
            if layers.most(rest, 1) < want - 1:
                continue
            found = self.search(rest, want - 1, big, small)
            if found is not None:
                return [group, *found]
        if layers.most(mask, 1) - layers.most(bit, 1) + 1 / (self.small + 1) < want:
            return None  # in a big group, the pivot fills 1/(small + 1) of it at most
        return self.search(mask, want, big | bit, small)

    def ordered(self, mask: int, want: int, size: int, lowest: int = -1) -> list[int] | None:
        """`want` zero-sum groups covering `mask`, each of at least `size` people, smallest
        group first (a group of exactly `size` has its lowest member above `lowest`)."""
        if want == 1:
            return [mask]
        if want == 2:
            part = self.split_off(mask)
            return [part, mask ^ part] if part else None
        key = (mask, want, size, lowest)
        people = mask.bit_count()
        high = people // want
        if key in self.failed_ordered or high < size or self.sides(mask) < want:
            return None
        self.work.spend(1)
        candidates = self.bigger_within(mask, size, high)
        layers = _Layers(candidates, high + 1)
        if layers.most(mask, size) >= want:
            for group, count in candidates:
                first = (group & -group).bit_length() - 1
                if count == size and first <= lowest:
                    continue
                self.work.spend(1)
                rest = mask ^ group
                if layers.most(rest, count) < want - 1:
                    continue
                found = self.ordered(rest, want - 1, count, first)
                if found is not None:
                    return [group, *found]
        self.failed_ordered.add(key)
        return None

    def bigger_within(self, mask: int, low: int, high: int) -> list[tuple[int, int]]:
        """The zero-sum groups of `mask` with low..high people (low > self.small): from the
        book's listing, made once as far as it stays affordable, else listed here."""
        if high > self.bigger_up_to:
            try:
                listing = zero_sum_subsets(self.amounts, self.everyone, self.small + 1, high,
                                           self.work)
            except TooMany:
                groups = zero_sum_subsets(self.amounts, mask, low, high, self.work)
                return [(group, group.bit_count()) for group in groups]
            self.bigger = [(group, group.bit_count()) for group in listing]
            self.bigger_up_to = high
        self.work.spend(len(self.bigger) // 8 + 1)
        return [(group, count) for group, count in self.bigger
                if low <= count <= high and not group & ~mask]


def _small_size(people: int) -> int:
    """The biggest group size whose listing stays cheap: about 20,000 half-subsets."""
    half, size, rows = (people + 1) // 2, 0, 1
    while size < half and rows + math.comb(half, size + 1) <= 25_000:
        size += 1
        rows += math.comb(half, size)
    return max(size, 3)


class _Layers:
    """Who can be in a group of which size, in one state: a person fills at least 1/m of a
    group if their smallest zero-sum group here has m people (`beyond` if none is listed)."""

    def __init__(self, candidates: Sequence[tuple[int, int] | Listed], beyond: int) -> None:
        self.layers: list[tuple[int, int]] = []  # (size, people whose smallest group it is)
        seen = 0
        for entry in candidates:  # sorted by size
            group, count = entry[0], entry[1]
            if not self.layers or self.layers[-1][0] != count:
                self.layers.append((count, 0))
            fresh = group & ~seen
            if fresh:
                seen |= fresh
                self.layers[-1] = (count, self.layers[-1][1] | fresh)
        self.seen = seen
        self.beyond = beyond

    def most(self, mask: int, at_least: int) -> float:
        total = (mask & ~self.seen).bit_count() / max(self.beyond, at_least)
        for count, people in self.layers:
            total += (mask & people).bit_count() / max(count, at_least)
        return total + 1e-9


def most_zero_sum_groups(amounts: list[int], start: list[int], budget: int = PROOF_BUDGET
                         ) -> tuple[list[int], bool]:
    """The most zero-sum groups (as masks over `amounts`) and whether that is proven.

    `amounts` sum to zero, none is zero and no two are opposite (pairs settle first, so every
    group here has three people or more); `start` is a split already known (masks), and the
    answer is never worse.
    """
    if sum(amounts) or 0 in amounts or set(amounts) & {-amount for amount in amounts}:
        raise ValueError("amounts must sum to zero, without zeros or opposite pairs")
    work = Work(budget)
    best = start
    bound = len(amounts) // 3
    try:
        prover = Prover(amounts, work)
        bound = min(bound, prover.sides(prover.everyone))
        while len(best) < bound:
            found = prover.search(prover.everyone, len(best) + 1)
            if found is None:
                return best, True
            best = found
    except OutOfBudget:
        return best, len(best) >= bound
    return best, True
