"""Errors raised by the rules package. The CLI turns any of them into exit code 2."""


class RulesError(ValueError):
    """Bad input to a rule: the message names the field or token and what was expected."""


class CardError(RulesError):
    """An unknown card token, a duplicate card, or too few cards."""


class MoneyError(RulesError):
    """An amount that is not a decimal string of whole nickels (or cents where allowed)."""
