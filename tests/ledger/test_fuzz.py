"""Fuzzing the edges (R16): valid inputs with fields dropped or replaced by random JSON values.

`import_session` answers with a LedgerError (one line) and writes nothing, or imports;
`python -m rules settle` answers with one line and exit 2, or a settlement; the money forms
answer with a page, never a 500. Kept small (a few hundred examples in all) for the normal suite.
"""

import copy
import io
import json
from pathlib import Path

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.models import Entry, Night, Player, Posting
from ledger.night_file import import_session
from ledger.services import LedgerError
from rules.cli import main as rules_main

pytestmark = pytest.mark.slow

NIGHTS = Path(__file__).resolve().parent / "nights"
EXAMPLE = json.loads((NIGHTS / "architecture_example.json").read_text())
def fast(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

WORDS = st.sampled_from([
    "5.00", "-5.00", "20.00", "0.05", "0", "", " ", "Fred", "Gus", "Mike", "Zed", "bank", "all",
    "commit", "void", "cash", "note", "book", "buy", "close", "hand", "2026-11-21",
    "100000000000000000000.00", "92000000000000000.00", "\u0665.00", "\uff15", "\ud800",
    "x\u0000y", "1e9", "NaN",
])
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-10, 10)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8) | WORDS)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6) | WORDS, inner, max_size=3),
                    max_leaves=6)


def _paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


@st.composite
def mutated(draw, base):
    """The valid document with one to three fields dropped or replaced."""
    document = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(document))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON)
    if draw(st.integers(0, 9)) == 0:
        document = draw(JSON)   # now and then, something else altogether
    return document


class _Rollback(Exception):
    pass


def _counts():
    return (Night.objects.count(), Entry.objects.count(), Posting.objects.count(),
            Player.objects.count())


@pytest.mark.django_db
@fast(120)
@given(document=mutated(EXAMPLE))
def test_import_session_never_raises_anything_but_a_one_line_refusal(document):
    try:
        with transaction.atomic():
            before = _counts()
            try:
                import_session(document)
            except LedgerError as error:
                assert "\n" not in error.message and error.message.strip()
                assert _counts() == before, "a refused import wrote something"
            raise _Rollback
    except _Rollback:
        pass


SETTLE = {"balances": {"Ann": "-12.50", "Bob": "7.50", "Cy": "5.00"}}


@fast(150)
@given(document=mutated(SETTLE))
def test_rules_settle_answers_in_one_line_or_settles(monkeypatch_stdin, document):
    code, out, err = monkeypatch_stdin(json.dumps(document))
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err.startswith("error: ") and err.count("\n") == 1, err
        assert "internal error" not in err, err   # settle's reader names every fault
    else:
        assert err == "" and set(json.loads(out)) == {"transfers", "minimal"}


@pytest.fixture
def monkeypatch_stdin():
    import contextlib
    import sys

    def run(text: str):
        stdin, stdout, stderr = io.StringIO(text), io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            old, sys.stdin = sys.stdin, stdin
            try:
                code = rules_main(["settle", "-"])
            finally:
                sys.stdin = old
        return code, stdout.getvalue(), stderr.getvalue()

    return run


# ---- the money forms: random POST data, never a 500 ---------------------------------------

FORMS = ["buyin", "chip_sale", "penalty", "cashout", "pot_award", "final_pot", "payment",
         "night_close", "note_action", "count_difference", "correction"]
FIELDS = ["key", "player", "amount", "paid", "seller", "save", "confirm", "bump", "adjust",
          "white", "red", "blue", "yellow", "black", "green", "nothing", "winner", "pot",
          "awards", "owes", "note", "action", "reason", "to", "confirm_duplicate", "order"]
# A form post is UTF-8 bytes: no lone surrogates there (the test client could not send one).
FORM_TEXT = (st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
             | WORDS.filter(lambda word: "\ud800" not in word) | st.integers().map(str)
             | st.sampled_from(["1", "2", "3", "-1", "0", "on", "commit", "5", "20.00"]))


@pytest.mark.django_db
@fast(100)
@given(name=st.sampled_from(FORMS),
       data=st.dictionaries(st.sampled_from(FIELDS), FORM_TEXT | st.lists(FORM_TEXT, max_size=2),
                            max_size=8))
def test_random_posts_to_the_money_forms_never_give_a_500(banker_client, night_with_chips,
                                                          name, data):
    args = [night_with_chips.session.pk]
    if name == "correction":
        args.append(night_with_chips.first_entry.pk)
    data = {k: ("".join(v) if isinstance(v, list) and not v else v) for k, v in data.items()}
    try:
        with transaction.atomic():
            response = banker_client.post(reverse(name, args=args), data)
            assert response.status_code in (200, 302, 400, 403, 404, 409), response.status_code
            raise _Rollback
    except _Rollback:
        pass


@pytest.fixture
def night_with_chips(night):
    night.first_entry = night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    return night
