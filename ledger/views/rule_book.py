"""The house's rules, one anchor a rule (/rules/#B12), for the banker to look up an id the
pages cite; the players' phones show words instead (templatetags.rule_words)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ledger.permissions import banker_required
from ledger.selectors.rule_book import rule_book


@banker_required
def rule_book_page(request: HttpRequest) -> HttpResponse:
    return render(request, "ledger/rule_book.html", {"families": rule_book()})
