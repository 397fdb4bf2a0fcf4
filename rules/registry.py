"""One registry type for everything a game definition names: ranking schemes, layouts, side
payments and showdown adjustments.

A `Registry[T]` maps a name to a T. `register(name)` is a decorator for a module's own
functions, `add(name, item)` the same as a plain call, and `lookup(name)` raises a `RulesError`
naming what is known. Registering a name again replaces it (a test may swap in its own).
Every extension module is imported in one place, `rules.games.catalog.load_extensions`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from .errors import RulesError

T = TypeVar("T")


class Registry(Mapping[str, T]):
    """Name -> item; read like a dict, looked up with an error that says what is known.

    `unknown` is the error message for a name not registered, with `{name}` (repr'd) and
    `{known}` (the registered names, sorted, comma-separated) to fill in.
    """

    def __init__(self, unknown: str) -> None:
        self._items: dict[str, T] = {}
        self._unknown = unknown

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator: `@LAYOUTS.register("circle")` above the layout's function."""

        def decorate(item: T) -> T:
            self.add(name, item)
            return item

        return decorate

    def add(self, name: str, item: T) -> T:
        self._items[name] = item
        return item

    def remove(self, name: str) -> None:
        del self._items[name]

    def lookup(self, name: str) -> T:
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(self.names()) or "none registered"
            raise RulesError(self._unknown.format(name=repr(name), known=known)) from None

    def names(self) -> list[str]:
        return sorted(self._items)

    def __getitem__(self, name: str) -> T:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)
