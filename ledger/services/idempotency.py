"""One-time keys for every write (R1, R3).

A service decorated with `@idempotent("buyin_create")` takes `key: str`. Inside one transaction
the key is looked up first: the same key with the same request returns the first result and
writes nothing; the same key with a different request is refused. Two requests racing with one
key both run, but only one can insert the key (a UNIQUE column): the loser's transaction rolls
back and it replays the winner's result.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from typing import ParamSpec, TypeVar, cast

from django.apps import apps
from django.db import IntegrityError, models, transaction

from ledger.models import IdempotencyKey
from ledger.scoping import current_house_id, in_house
from rules.games.hand_types import HandInput

from .errors import IdempotencyConflict, LedgerError

P = ParamSpec("P")
T = TypeVar("T", bound=models.Model)
NOT_PART_OF_THE_REQUEST = frozenset({"key", "user", "confirm_duplicate"})
MAX_KEY = 100


def _normal(value: object) -> object:
    """A JSON-able, order-independent form of a service argument."""
    if isinstance(value, models.Model):
        return [value._meta.label, value.pk]
    if isinstance(value, HandInput):   # as stored: a key keeps meaning the same hand
        return _normal(value.to_json())
    if isinstance(value, dict):
        return sorted(([_normal(k), _normal(v)] for k, v in value.items()), key=repr)
    if isinstance(value, list | tuple):
        return [_normal(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | str):
        return value
    return repr(value)


def fingerprint(action: str, kwargs: Mapping[str, object]) -> str:
    request = {k: _normal(v) for k, v in kwargs.items() if k not in NOT_PART_OF_THE_REQUEST}
    text = json.dumps([action, request], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


@contextmanager
def house_of_the_rows(values: Iterable[object]) -> Iterator[None]:
    """Run a service in the house of the rows it was given (a night, a player, a claim), so
    that a thread or a command calling it reads that house alone; a row of another house than
    the one in scope is refused. With no such row the scope stays as it is."""
    houses = {house for value in values if isinstance(value, models.Model)
              for house in [getattr(value, "house_id", None)] if isinstance(house, int)}
    if not houses:
        yield
        return
    if len(houses) > 1:
        raise LedgerError("These rows are of different houses; nothing was written.")
    house = houses.pop()
    current = current_house_id()
    if current is not None and current != house:
        raise LedgerError("That is not of this house; nothing was written.")
    with in_house(house):
        yield


def check_key(key: object) -> str:
    if not isinstance(key, str) or not key.strip():
        raise LedgerError("This form has no one-time key; reload the page and try again.",
                          field="key")
    if len(key) > MAX_KEY:
        raise LedgerError(f"The one-time key is longer than {MAX_KEY} characters.", field="key")
    return key


# What each keyed service does, in the banker's words: a form used again for something else is
# refused naming what it was used for ("already used to save a buy-in"), never the service's
# name. A service is keyed only with its words here (`idempotent` checks it).
ACTION_WORDS = {
    "bank_hand_over": "hand over the bank",
    "book_opening": "enter THE BOOK's opening balances",
    "book_payment": "record a payment in THE BOOK",
    "buyin_create": "save a buy-in",
    "cashout_create": "save a cash-out",
    "claim_create": "claim a payment",
    "count_difference_record": "record a count difference",
    "email_set": "keep a player's e-mail address",
    "entry_reverse": "correct an entry",
    "final_pot_award": "award the final pot",
    "game_call": "call a game",
    "game_end": "end a game",
    "hand_enter": "enter a hand",
    "hand_record": "record a hand",
    "handles_set": "keep a player's payment handles",
    "house_game_save": "save a house game",
    "note_commit": "commit a bank note",
    "note_void": "void a bank note",
    "payment_record": "record a payment",
    "penalty_record": "record a penalty",
    "player_create": "add a player",
    "player_link_renew": "give a player a new link",
    "player_retire": "retire a player",
    "player_update": "change a player",
    "request_ask": "ask the bank for chips",
    "request_count": "send a count of chips",
    "night_close": "close a night",
    "night_open": "open a night",
    "night_seat": "seat a player",
    "night_seating_set": "set the seating",
    "surrogate_book_merge": "merge the surrogate book",
    "warning_record": "record a warning",
}


def _replay(record: IdempotencyKey, action: str, print_: str) -> models.Model:
    if record.action != action or record.fingerprint != print_:
        done = ACTION_WORDS.get(record.action, "something else")
        raise IdempotencyConflict(
            f"This form was already used to {done}; what it sent now differs, so nothing was "
            "written. Reload the page to enter a new one.",
            code="key_reused",
        )
    model = apps.get_model("ledger", record.result_model)
    row: models.Model | None = model._default_manager.filter(pk=record.result_id).first()
    if row is None:   # a key of another house's form
        raise IdempotencyConflict("This form was already used; nothing was written. Reload "
                                  "the page to enter a new one.", code="key_reused")
    return row


def idempotent(action: str) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Make a keyword-only service replay-safe under its `key` argument."""
    if action not in ACTION_WORDS:
        raise ValueError(f"{action}: say what it does in ACTION_WORDS (idempotency.py)")

    def decorate(service: Callable[P, T]) -> Callable[P, T]:
        @functools.wraps(service)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
            if args:
                raise TypeError(f"{action} takes keyword arguments only")
            key = check_key(kwargs.get("key"))
            print_ = fingerprint(action, kwargs)
            with house_of_the_rows(kwargs.values()):
                return _once(service, action, key, print_, kwargs)

        return wrapper

    return decorate


def _once(service: Callable[P, T], action: str, key: str, print_: str,
          kwargs: Mapping[str, object]) -> T:
    for _attempt in range(5):
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.filter(key=key).first()
                if record is not None:
                    # The key's first result: a row of the model this service returns.
                    return cast(T, _replay(record, action, print_))
                result = service(**kwargs)   # type: ignore[arg-type,call-arg]
                IdempotencyKey.objects.create(
                    key=key, action=action, fingerprint=print_,
                    result_model=type(result).__name__, result_id=result.pk,
                )
                return result
        except IntegrityError:
            # Someone else committed this key first: replay theirs. Any other
            # integrity failure is a real error.
            if not IdempotencyKey.objects.filter(key=key).exists():
                raise
    raise LedgerError("The database was too busy to save this; try again.")
