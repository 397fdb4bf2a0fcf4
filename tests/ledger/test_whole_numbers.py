"""One reader of whole numbers (ledger/numbers.py): every count typed on a page - chip counts
above all - takes ASCII digits only, as amounts do (R16).

Finding: `green=٣` (an Arabic-Indic three) saved a $15 cash-out; Python's int() reads it.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from ledger.forms import CashOutForm, NoteActionForm, SeatingForm
from ledger.house import house_in_use
from ledger.models import Entry, Player
from ledger.numbers import read_whole_number, whole_number
from ledger.posting.accounts import EntryKind

ROSTER = [(1, "Mike"), (2, "Fred"), (3, "Gus")]
NOT_ASCII = ["٣", "３", "३", "3_0", "+3", "3.0", "0x3", "³", "1e3", "- 3"]


@pytest.fixture
def roster_rows(db):
    """The roster's players: a player choice cleans to the row the services take."""
    for pk, name in ROSTER:
        Player.objects.create(house=house_in_use(), pk=pk, name=name, note_id=f"BO{name[0]}{pk}")


@pytest.mark.parametrize("text", NOT_ASCII)
def test_the_reader_takes_ascii_digits_only(text):
    assert whole_number(text) is None
    with pytest.raises(ValueError):
        read_whole_number(text)


def test_the_reader_reads_plain_numbers():
    assert [whole_number(t) for t in ["0", "7", " 12 ", "007", 5]] == [0, 7, 12, 7, 5]
    assert whole_number(True) is None and whole_number(None) is None


@pytest.mark.parametrize("text", [t for t in NOT_ASCII if not t.startswith("-")])
def test_a_chip_count_in_other_digits_is_refused_in_words(roster_rows, text):
    form = CashOutForm({"key": "k" * 20, "player": "2", "green": text}, roster=ROSTER)
    assert not form.is_valid()
    assert form.errors["green"] == ["Count the green chips as a whole number."]


def test_a_chip_count_below_zero_still_says_so(roster_rows):
    form = CashOutForm({"key": "k" * 20, "player": "2", "red": "-1"}, roster=ROSTER)
    assert "cannot be negative" in form.errors["red"][0]


def test_player_choices_notes_and_seats_read_through_it():
    form = CashOutForm({"key": "k" * 20, "player": "٢", "green": "1"}, roster=ROSTER)
    assert not form.is_valid() and "player" in form.errors
    assert not NoteActionForm({"key": "k" * 20, "note": "٣", "action": "void"}).is_valid()
    seating = SeatingForm({"key": "k" * 20, "order": "1,٢,3", "move": "1:down"})
    assert not seating.is_valid()


def test_the_forms_have_no_other_integer_reader():
    """Every integer field of the forms is a CountField, every choice coerces through the
    reader: no int() on what a page posts."""
    source = "".join(path.read_text() for path in
                     sorted((Path(__file__).parents[2] / "ledger" / "forms").glob("*.py")))
    assert "forms.IntegerField(" not in source and "coerce=int" not in source
    assert "int(self.data" not in source


@pytest.mark.django_db
def test_a_cash_out_of_arabic_indic_green_chips_saves_nothing(banker_client, night, players):
    night.buy("Fred", "25.00")
    url = reverse("cashout", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    key = page.split('name="key" value="', 1)[1].split('"', 1)[0]
    response = banker_client.post(url, {"key": key, "player": players["Fred"].pk,
                                        "green": "٣", "save": "1"})
    assert response.status_code == 400
    assert "Count the green chips as a whole number." in response.content.decode()
    assert not Entry.objects.filter(kind=EntryKind.CASHOUT).exists()


@pytest.mark.django_db
def test_the_plus_button_reads_the_count_through_it(banker_client, night, players):
    night.buy("Fred", "25.00")
    url = reverse("cashout", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    key = page.split('name="key" value="', 1)[1].split('"', 1)[0]
    response = banker_client.post(url, {"key": key, "player": players["Fred"].pk,
                                        "green": "٣", "adjust": "green:1"})
    assert 'name="green" value="1"' in response.content.decode()
