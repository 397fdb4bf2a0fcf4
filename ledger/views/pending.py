"""The night's waiting requests from the phones, as its page shows them (views/requests.py)."""

from __future__ import annotations

from typing import Any

from ledger.forms.phone import AnswerForm
from ledger.models import Night
from ledger.selectors import pending_requests, request_lines, requests_signature


def requests_context(session: Night) -> dict[str, Any]:
    """The night's waiting requests, oldest first, and the mark the polled list compares
    (one query)."""
    pending = pending_requests(session)
    return {"pending": request_lines(pending), "pending_seen": requests_signature(pending),
            "answer_form": AnswerForm()}
