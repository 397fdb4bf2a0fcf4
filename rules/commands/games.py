"""Placeholder: replaced by the issue that builds these commands."""


def register(subparsers) -> None:
    pass
