"""`python -m rules settle FILE|-`: settle THE BOOK's balances with the fewest payments (B8).

Input: `{"balances": {"Ann": "-12.50", "Bob": "7.50", "Cy": "5.00"}}` (negative = owes; the
amounts must sum to zero). Output: `{"transfers": [{"from", "to", "amount"}], "minimal": bool}`.
"""

from __future__ import annotations

import argparse

from ..cli import Output, Subparsers, read_json_file
from ..errors import RulesError
from ..fewest_payments import Settlement, settle_balances
from ..money import format_cents, read_money


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("settle", help="fewest payments that settle the balances")
    parser.add_argument("file", metavar="FILE|-", help="JSON input, or - for standard input")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> Output:
    document = read_json_file(args.file)
    return settlement_json(settle_balances(balances_from_json(document)))


def balances_from_json(document: object) -> dict[str, int]:
    """The `balances` object of a settle input, in cents; errors name the field."""
    if not isinstance(document, dict):
        raise RulesError("input: expected a JSON object with a \"balances\" object")
    if "balances" not in document:
        raise RulesError("balances: missing; expected {\"balances\": {\"Ann\": \"-12.50\", ...}}")
    balances = document["balances"]
    if not isinstance(balances, dict):
        raise RulesError(f"balances: expected an object of names to amounts, got {balances!r}")
    return {name: read_money(amount, field=f"balances.{name}")
            for name, amount in balances.items()}


def settlement_json(settlement: Settlement) -> Output:
    """The contract's output shape: amounts as decimal strings."""
    return {
        "transfers": [
            {"from": t.debtor, "to": t.creditor, "amount": format_cents(t.cents)}
            for t in settlement.transfers
        ],
        "minimal": settlement.minimal,
    }


