"""Rows outside the journal that move or route money, sealed under the journal's key.

The journal's chain (integrity/chain.py) covers the entries; what a settle-up, an export or a pay
link reads beside them is sealed here, row by row: a player's payment handles, bank-note
identifier, inviter, host flag and link token; a night's date, banker, host presence and
`book_before`; the seats; who held the bank when. Each row carries `seals`: one HMAC per field
(so `audit` names the field edited) and one of the whole row (so values moved between rows are
seen too). A row whose meaning is its own content (a seat, a bank tenure) is sealed without
its id, as it is inserted - in bulk too, since Django calls each field's `pre_save` then.

Writes through the models keep the seals: `save()` reseals what it writes. A save of some
fields (`update_fields`) reseals those fields, and the whole row only when every other field
still matches its seal: a row edited behind the site's back is never made to look whole by a
later save of another field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, ClassVar

from django.apps import apps
from django.db import models

from ledger.integrity import chain
from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers


class SealsField(models.JSONField):
    """The row's seals, computed from the row as it is written (integrity/chain.py `row_seals`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("default", dict)
        kwargs.setdefault("blank", True)
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def pre_save(self, model_instance: models.Model, add: bool) -> Any:
        if isinstance(model_instance, SealedRow):
            model_instance.reseal(model_instance._sealing_fields)
        return super().pre_save(model_instance, add)


class SealedRow(models.Model):
    """A model whose `SEALED` columns (attribute names) are sealed in `seals`."""

    SEALED: ClassVar[tuple[str, ...]] = ()
    SEALED_WITH_ID: ClassVar[bool] = True
    # Columns added to SEALED after rows were sealed: left out of the seals while empty, so
    # those rows keep verifying (integrity.py leaves them out the same way).
    SEALED_UNLESS_EMPTY: ClassVar[tuple[str, ...]] = ()
    seals: Any
    _sealing_fields: tuple[str, ...] | None = None

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        update_fields = kwargs.get("update_fields")
        written: tuple[str, ...] | None = None
        if update_fields is not None:
            names = {getattr(self._meta.get_field(name), "attname", name) for name in update_fields}
            written = tuple(field for field in self.SEALED if field in names)
            if written:
                kwargs["update_fields"] = {*update_fields, "seals"}
        self._sealing_fields = written
        inserting = self.pk is None
        try:
            super().save(*args, **kwargs)
        finally:
            self._sealing_fields = None
        if inserting and self.SEALED_WITH_ID:   # the id is known only now
            self.seals = self.expected_seals()
            type(self)._base_manager.filter(pk=self.pk).update(seals=self.seals)

    def sealed_values(self) -> dict[str, Any]:
        return sealed_values(type(self), {field: getattr(self, field) for field in self.SEALED})

    def expected_seals(self, key: bytes | None = None) -> dict[str, str]:
        pk = self.pk if self.SEALED_WITH_ID else None
        return chain.row_seals(self._meta.db_table, pk, self.sealed_values(), key)

    def reseal(self, fields: Iterable[str] | None = None) -> None:
        """Seal the row as it is now; with `fields`, only those, and the whole row only when
        every other sealed field still matches its seal."""
        expected = self.expected_seals()
        if fields is None:
            self.seals = expected
            return
        fields = set(fields)
        old = dict(self.seals or {})
        seals = {field: (expected[field] if field in fields else old.get(field, ""))
                 for field in expected if field != chain.ROW}
        untouched_whole = all(old.get(field) == expected[field]
                              for field in expected if field not in fields | {chain.ROW})
        seals[chain.ROW] = expected[chain.ROW] if untouched_whole else old.get(chain.ROW, "")
        self.seals = seals


def sealed_values(model: type[SealedRow], values: dict[str, Any]) -> dict[str, Any]:
    """The values a row's seals cover: its SEALED columns, less the empty late ones."""
    return {field: value for field, value in values.items()
            if not (field in model.SEALED_UNLESS_EMPTY and value in ({}, [], "", None))}


def sealed_models() -> list[type[SealedRow]]:
    """The ledger's models with seals (players, nights, seats, bank tenures), from Django's
    registry: they are defined beside this module, on top of it."""
    return [model for model in apps.get_app_config("ledger").get_models()
            if issubclass(model, SealedRow)]


def plan_reseal(old: bytes, new: bytes) -> dict[str, Any]:
    """What moving the sealed rows to the key `new` writes (`manage.py rekey`): new seals for
    every row whose seals verify under `old`; a row that does not keeps its seals, so the audit
    goes on naming it ("kept": table and id)."""
    writes: list[tuple[str, int, dict[str, str]]] = []
    kept: list[tuple[str, int]] = []
    for model in sealed_models():
        for row in model._base_manager.order_by("pk"):
            if row.seals == row.expected_seals(old):
                writes.append((model._meta.db_table, row.pk, row.expected_seals(new)))
            else:
                kept.append((model._meta.db_table, row.pk))
    return {"writes": writes, "kept": kept}


def write_reseal(connection: Any, planned: dict[str, Any]) -> None:
    """Write a plan of `plan_reseal`, the append-only guards dropped for the while (the bank
    tenures are append-only) and put back after."""
    value = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
    drop_append_only_triggers(connection.alias)
    with connection.cursor() as cursor:
        for table, pk, seals in planned["writes"]:
            cursor.execute(f"UPDATE {table} SET seals = {value} WHERE id = %s",
                           [json.dumps(seals), pk])
    install_append_only_triggers(connection.alias)
