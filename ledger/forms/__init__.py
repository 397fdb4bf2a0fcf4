"""Forms for the banker's pages. They parse and check shapes; the money rules live in services.

Every form that writes carries a one-time idempotency key (a hidden field, fresh for each
rendered form). The services use it: a repeated submit with the same key replays the first
result, and the same key with different content is refused.

By topic: `fields` (the key, money and count fields, a roster's player), `money` (the bank's
forms), `players` (players, a night's opening and seating), `hands` (a game called, a hand).
"""

from ledger.numbers import read_whole_number, whole_number

from .fields import (
    CONFIRM_ABOVE,
    KEY_PATTERN,
    ConfirmLargeAmountMixin,
    CountField,
    KeyedForm,
    MoneyField,
    RosterForm,
    new_key,
)
from .hands import (
    CARD_HINT,
    EMPTY_HAND,
    LOWS,
    OPTION_FIELDS,
    PIGGING,
    POT_RULES,
    SPLITS,
    TIES,
    GameCallForm,
    HandForm,
)
from .money import (
    PAID_CHOICES,
    QUICK_AMOUNT,
    BankHandOverForm,
    BuyInForm,
    CashOutForm,
    CloseForm,
    CorrectionForm,
    CountDifferenceForm,
    FinalPotForm,
    NoteActionForm,
    PaymentForm,
    PenaltyForm,
    PotAwardForm,
)
from .players import NightOpenForm, PlayerEditForm, PlayerForm, RetireForm, SeatingForm

__all__ = [
    "CARD_HINT", "CONFIRM_ABOVE", "EMPTY_HAND", "KEY_PATTERN", "LOWS",
    "OPTION_FIELDS", "PAID_CHOICES", "PIGGING", "POT_RULES", "QUICK_AMOUNT", "SPLITS", "TIES",
    "BankHandOverForm", "BuyInForm", "CashOutForm", "CloseForm", "ConfirmLargeAmountMixin",
    "CorrectionForm", "CountDifferenceForm", "CountField", "FinalPotForm", "GameCallForm",
    "HandForm", "KeyedForm", "MoneyField", "NoteActionForm", "PaymentForm", "PenaltyForm",
    "PlayerEditForm", "PlayerForm", "PotAwardForm", "RetireForm", "RosterForm", "SeatingForm",
    "NightOpenForm", "new_key", "read_whole_number", "whole_number",
]
