"""Has a form's one-time key been used? A page that asks a question before a write (a second
cash-out tonight) must not ask it of a repeated submit: that is a replay of the first answer."""

from ledger.models import IdempotencyKey


def key_used(key: str) -> bool:
    return IdempotencyKey.objects.filter(key=key).exists()
