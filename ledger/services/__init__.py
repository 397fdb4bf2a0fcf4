"""The only code that writes money rows. Each service is keyword-only, runs in one transaction,
checks the rules before writing, takes a one-time `key` (same key + same request replays the
first result; a different request is refused), and raises `LedgerError` with a message a banker
can read. Services take what they mean: Player rows (None for the bank where the bank is a
party), Night, BankNote and Entry rows, a banker's User, amounts as integer cents. The
money rules are the posting core's (ledger/posting/: each event from the night's state to the
entry it writes, or a refusal); a service locks the night, loads it, applies the core and
writes the entry. Text is turned into rows and cents once, at the edges: the forms (a choice
gives a row, a money field cents), the night file's importer (night_file/amounts.py),
load_demo.

Into an open night only the holder of its bank writes (services/holder.py): a free bank is
taken by the banker who writes first; anyone else is refused (NotTheHolder); `user=None` is
the command line or an import and is not checked.

    player_create(*, name, note_id, regular=True, invited_by=None, is_host=False, key, user=None)
    player_update(*, player, name, note_id, key, user=None)     # the journal points at the row
    player_retire(*, player, retired=True, key, user=None)      # off new nights' rosters
    player_link_renew(*, player, key, user=None)                # a new phone link, old one dead
    night_open(*, date, banker, host_present=True, seating=(), settings=None, key,
                 user=None)   # user holds the bank; the night copies its house's settings
    bank_hand_over(*, session, to=User, key, user)   # the holder hands it on; staff take over
    night_seat(*, session, player, key, user=None)
    night_seating_set(*, session, order=[banker, ...], key, user=None)   # before any hand (B1)
    buyin_create(*, session, player, amount, paid="cash"|"note"|"book", seller=None, key,
                 user=None, confirm_duplicate=False)   # seller None: the bank; R15 duplicates
    warning_record(*, session, player, key, user=None)   # the night's one warning (B11)
    penalty_record(*, session, player, amount=20, key, user=None)
    hand_record(*, session, pot, awards={player: cents}, owes=None, carry=None, game="", key,
                user=None)                                # carry None: what awards leave
    hand_preview(hand, state)                            # the rules' result, nothing written
    hand_enter(*, session, hand=HandInput, key, user=None,   # by cards or winners, rules-checked
               confirm_duplicate=False)                  # the same hand again: PossibleDuplicate
    game_call(*, session, game, dealer, options=None, key, user=None)
    game_end(*, session, key, user=None)                 # the pot stays on the table (P3)
    house_game_save(*, name, game, options=None, key, user=None)   # the dealer's own game, S12
    cashout_create(*, session, player, chips={"white": 3, ...}, key, user=None)  # {} = nothing
    count_difference_record(*, session, amount, reason, key, user=None)
    final_pot_award(*, session, winner, key, user=None)
    note_commit / note_void(*, session, player=None, holder="all"|None|player, amount=None,
                            note=None, key, user=None)    # holder None: the bank
    payment_record(*, session, player, to, amount, key, user=None)   # to None: the bank
    surrogate_book_merge(*, session, key, user=None)
    book_opening(*, balances={player: cents}, key, user=None)   # THE BOOK into an empty one
    night_close(*, session, key, user=None)
    night_import(*, plan, under_lock, key, user=None)   # a night file: planned, one short write
    entry_reverse(*, entry, reason, key, user=None)
    correctable(entry)                                   # may a correction undo it at all
    request_ask(*, player, token, amount, paid, key)     # a phone's ask: no journal row yet
    request_count(*, player, token, chips, key)          # a phone's own count: no row yet
    request_approve(*, session, request, user)  # buyin_create / cashout_create, once
    request_decline(*, session, request, reason="", user)
    handles_set(*, player, venmo="", paypal="", cashapp="", zelle="", token=None, key,
                user=None)                        # where a player takes payments
    claim_create(*, player, token, to, amount, night=None, key)   # "I paid": no journal row
    claim_confirm(*, claim, player=None, token=None, user=None)   # the payment, once
    claim_reject(*, claim, reason="", player=None, token=None, user=None)
    book_payment(*, player, to, amount, key, user=None)   # no night open: THE BOOK alone
    email_set(*, player, email="", token=None, key, user=None)   # where a player is mailed
    mail_stop(player)                                    # the mail's one-click unsubscribe
    send_queued(house_id=None) -> Sent                   # the outbox, outside transactions
    queue_reminders(*, older_days=14, now=None)          # the house in scope's debts
"""

from ledger.posting.bank import chip_total

from .bank import bank_hand_over
from .book import book_opening, book_payment, payment_record, surrogate_book_merge
from .bulk_import import night_import
from .buyins import buyin_create
from .cashout import cashout_create, count_difference_record, final_pot_award
from .close import night_close
from .corrections import correctable, entry_reverse
from .errors import IdempotencyConflict, LedgerError, NotTheHolder, PossibleDuplicate
from .hands import (
    game_call,
    game_end,
    hand_enter,
    hand_preview,
    hand_record,
    house_game_save,
    penalty_record,
    warning_record,
)
from .mail import (
    email_set,
    mail_stop,
    queue_reminders,
    send_queued,
    unsubscribed_player,
    waiting_mail,
    waiting_sentence,
)
from .nights import night_open, night_seat, night_seating_set
from .notes import note_commit, note_void
from .payments import claim_confirm, claim_create, claim_reject, handles_set
from .players import player_create, player_link_renew, player_retire, player_update
from .requests import request_approve, request_ask, request_count, request_decline

__all__ = [
    "bank_hand_over", "book_opening", "book_payment", "buyin_create", "claim_confirm",
    "claim_create", "claim_reject", "handles_set", "cashout_create", "chip_total",
    "correctable", "count_difference_record", "email_set", "entry_reverse",
    "final_pot_award", "game_call",
    "game_end", "hand_enter", "hand_preview", "hand_record", "house_game_save",
    "IdempotencyConflict",
    "LedgerError", "mail_stop", "night_import", "NotTheHolder", "note_commit", "note_void",
    "payment_record", "penalty_record", "player_create", "player_link_renew", "player_retire",
    "player_update", "PossibleDuplicate", "queue_reminders", "request_approve",
    "request_ask", "request_count",
    "request_decline", "send_queued", "night_close", "night_open", "night_seat",
    "night_seating_set", "surrogate_book_merge", "unsubscribed_player", "waiting_mail",
    "waiting_sentence", "warning_record",
]
