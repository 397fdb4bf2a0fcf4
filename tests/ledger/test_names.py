"""One name, one person (B4): names are read the same way on the forms, in the services and on
the night file's import (ledger/names.py); a name that only looks like another is refused with
a sentence, and nothing is written. Amounts on the import are the digits alone."""

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from test_import_robust import _counts, example

from ledger.forms import new_key as form_key
from ledger.house import house_in_use
from ledger.models import Player
from ledger.names import NameRefused, identity, read_name, same_person
from ledger.services import LedgerError, player_create

ZWSP, RLO = "\u200b", "\u202e"


# ---- the reader alone ---------------------------------------------------------------------


@pytest.mark.parametrize("text, name", [
    ("  Ann   Lee ", "Ann Lee"), ("Ann\tLee", "Ann Lee"),
    ("Jose\u0301", "Jos\u00e9"),          # NFC: one é however it was typed
])
def test_a_name_is_normalised(text, name):
    assert read_name(text) == name


@pytest.mark.parametrize("text, what", [
    (f"Y{ZWSP}an", "U+200B ZERO WIDTH SPACE at place 2"),
    (f"{RLO}Fred", "direction-control characters (U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Ann\u200dLee", "U+200D"), ("Ann\u2060", "U+2060"), ("\ufeffAnn", "U+FEFF"),
    ("Ann\u200e", "direction-control"), ("\u2066Ann\u2069", "direction-control"),
    ("An\u00adn", "U+00AD SOFT HYPHEN"), ("\u3164", "invisible"), ("Ann\x00", "invisible"),
])
def test_a_name_with_an_unseen_character_is_refused_saying_which(text, what):
    with pytest.raises(NameRefused, match="cannot hold") as refused:
        read_name(text)
    assert what in str(refused.value)


def test_names_differing_only_in_case_or_unseen_characters_are_one_person():
    assert identity("STRASSE") == identity("straße")
    assert same_person("yan", ["Ann", "Yan"]) == "Yan"
    assert same_person("Yan", [f"Y{ZWSP}an"]) == f"Y{ZWSP}an"   # one stored before the reader
    assert same_person("Yann", ["Yan"]) is None


# ---- the form and the service ---------------------------------------------------------------


@pytest.mark.parametrize("typed, sentence", [
    (f"Y{ZWSP}an", "U+200B"), (f"{RLO}naY", "U+202E"),
    ("yan", "There is already a player called Yan, and names that differ only in capitals"),
])
def test_the_new_player_form_refuses_a_lookalike_and_writes_nothing(banker_client, typed,
                                                                     sentence):
    Player.objects.create(house=house_in_use(), name="Yan", note_id="BOY")
    before = Player.objects.count()
    response = banker_client.post(reverse("player_new"), {
        "key": form_key(), "name": typed, "note_id": "BOZ"})
    assert response.status_code == 400
    assert sentence in response.content.decode()
    assert Player.objects.count() == before


def test_a_rename_to_a_lookalike_is_refused(banker_client, players):
    url = reverse("player_edit", args=[players["Ann"].pk])
    for typed in (f"F{ZWSP}red", "FRED", f"Ann{RLO}"):
        response = banker_client.post(url, {"key": form_key(), "name": typed, "note_id": "BOA"})
        assert response.status_code == 400
    players["Ann"].refresh_from_db()
    assert players["Ann"].name == "Ann"


@pytest.mark.django_db
def test_the_service_refuses_what_the_form_refuses():
    player_create(name="Yan", note_id="BOY", key="k1")
    for name in (f"Y{ZWSP}an", f"{RLO}Yan", "YAN", " yan "):
        with pytest.raises(LedgerError) as refused:
            player_create(name=name, note_id="BOZ", key=f"k-{name!r}")
        assert refused.value.field == "name"
    assert Player.objects.count() == 1


# ---- the night file's import ----------------------------------------------------------------


def _refused_import(tmp_path, document) -> str:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document))
    before = _counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_session", str(path), stdout=StringIO())
    assert refused.value.returncode == 2 and "\n" not in str(refused.value)
    assert _counts() == before
    return str(refused.value)


def _with_player(name: str) -> dict:
    """The example night with a fourth player, `name`, who buys in."""
    document = copy.deepcopy(example())
    document["players"].append({"name": name, "note_id": "BOY", "regular": True})
    document["events"].insert(0, {"type": "buy", "player": name, "amount": "5.00",
                                  "paid": "cash"})
    return document


@pytest.mark.django_db
@pytest.mark.parametrize("name, words", [
    (f"Y{ZWSP}an", "U+200B"), (f"{RLO}Yan", "U+202E"),
])
def test_the_import_refuses_a_name_with_unseen_characters(tmp_path, name, words):
    assert words in _refused_import(tmp_path, _with_player(name))


@pytest.mark.django_db
def test_the_import_refuses_a_case_only_twin_of_a_player_here(tmp_path):
    Player.objects.create(house=house_in_use(), name="Yan", note_id="BOX")
    message = _refused_import(tmp_path, _with_player("yAN"))
    assert "already a player called Yan" in message


@pytest.mark.django_db
def test_the_import_refuses_a_case_only_twin_within_the_file(tmp_path):
    document = _with_player("Yan")
    document["players"].append({"name": "YAN", "note_id": "BOYY", "regular": True})
    assert "already a player called Yan" in _refused_import(tmp_path, document)


@pytest.mark.django_db
@pytest.mark.parametrize("amount", [" 5.00", "5.00\n", "5.00 ", "\t5.00", "5 .00", "\u0665.00"])
def test_the_import_refuses_an_amount_with_anything_around_its_digits(tmp_path, amount):
    document = copy.deepcopy(example())
    document["events"][0]["amount"] = amount
    assert "decimal string" in _refused_import(tmp_path, document)


@pytest.mark.django_db
def test_the_import_refuses_a_spaced_amount_in_book_before(tmp_path):
    document = copy.deepcopy(example())
    document["book_before"] = {"Mike": "10.00\n", "Fred": "-10.00"}
    assert "book_before.Mike" in _refused_import(tmp_path, document)


# ---- lookalikes of another script, compatibility forms (B4) ---------------------------------

CYRILLIC_XENA = "\u0425ena"          # Х, CYRILLIC CAPITAL LETTER HA
GREEK_ANN = "\u0391nn"               # Α, GREEK CAPITAL LETTER ALPHA
FULL_WIDTH_XENA = "\uff38\uff45\uff4e\uff41"


@pytest.mark.parametrize("typed, stored", [
    (CYRILLIC_XENA, "Xena"), ("\u0445ena", "Xena"), ("M\u0430rk", "Mark"),   # Cyrillic х, а
    (GREEK_ANN, "Ann"), ("\u039f\u03bfla", "Oola"),                          # Greek Α, Ο, ο
    (FULL_WIDTH_XENA, "Xena"), ("ＸＥＮＡ", "xena"),                          # full width
    ("XENA", "xena"), ("Stra\u00dfe", "STRASSE"),                             # case
])
def test_names_that_look_the_same_are_one_identity(typed, stored):
    assert identity(typed) == identity(stored)
    assert same_person(typed, ["Ann Lee", stored]) == stored


@pytest.mark.parametrize("one, other", [
    ("Bo0", "BoO"), ("Yann", "Yan"), ("Jos\u00e9", "Jose"), ("\u0418\u0432\u0430\u043d", "Ivan"),
])
def test_names_that_only_resemble_each_other_stay_two(one, other):
    assert identity(one) != identity(other)


@pytest.mark.django_db
@pytest.mark.parametrize("typed", [CYRILLIC_XENA, FULL_WIDTH_XENA, "\u0425ENA"])
def test_the_service_refuses_a_lookalike_naming_the_player(typed):
    player_create(name="Xena", note_id="BOX", key="k-xena")
    with pytest.raises(LedgerError) as refused:
        player_create(name=typed, note_id="BOZ", key=f"k-{typed!r}")
    assert refused.value.field == "name"
    message = str(refused.value)
    assert message == (f"{read_name(typed)} looks the same as Xena, already a player: add an "
                       f"initial or a nickname to tell {read_name(typed)} apart.")
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_a_rename_to_a_lookalike_of_another_player_is_refused(players):
    from ledger.services import player_update
    ann = players["Ann"]
    with pytest.raises(LedgerError, match="looks the same as Fred, already another player"):
        player_update(player=ann, name="Fr\u0435d", note_id=ann.note_id,   # Cyrillic е
                      key="k-rename")
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_the_new_player_form_refuses_a_cyrillic_twin(banker_client):
    Player.objects.create(house=house_in_use(), name="Xena", note_id="BOX")
    before = Player.objects.count()
    response = banker_client.post(reverse("player_new"), {
        "key": form_key(), "name": CYRILLIC_XENA, "note_id": "BOZ"})
    assert response.status_code == 400
    assert "looks the same as Xena, already a player" in response.content.decode()
    assert Player.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("typed", [CYRILLIC_XENA, FULL_WIDTH_XENA])
def test_the_import_refuses_a_lookalike_of_a_player_here(tmp_path, typed):
    Player.objects.create(house=house_in_use(), name="Xena", note_id="BOX")
    message = _refused_import(tmp_path, _with_player(typed))
    assert "looks the same as Xena, already a player" in message


@pytest.mark.django_db
def test_the_import_refuses_a_lookalike_within_the_file(tmp_path):
    document = _with_player("Xena")
    document["players"].append({"name": CYRILLIC_XENA, "note_id": "BOYY", "regular": True})
    assert "looks the same as Xena, already a player" in _refused_import(tmp_path, document)


@pytest.mark.django_db
def test_the_imports_recheck_under_the_lock_uses_the_same_rule():
    """A lookalike of a player the plan creates, added after the plan read the roster, is a
    change: the import plans again (and is refused) rather than write on an old reading."""
    from ledger.selectors.import_basis import import_basis, what_changed
    before = import_basis()
    assert what_changed(before, creating=[(CYRILLIC_XENA, "BOZ")]) is None
    Player.objects.create(house=house_in_use(), name="Xena", note_id="BOX")
    assert what_changed(before, creating=[(CYRILLIC_XENA, "BOZ")]) == "a player Xena was added"
