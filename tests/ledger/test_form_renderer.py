"""The forms' renderer writes the plain inputs in Python (ledger/form_renderer.py): the markup
must stay what Django's templates write, widget by widget, and for the site's own forms."""

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe

from ledger.form_renderer import FastInputs
from ledger.forms import BuyInForm, CashOutForm, CountDifferenceForm, NoteActionForm
from ledger.forms.phone import AskForm, CountForm

STOCK, FAST = DjangoTemplates(), FastInputs()
VALUES = [None, "", "20.00", 5, 0, "Ann & <Bo> \"quoted\" 'x'", mark_safe("<b>safe</b>"),
          ("a", 1)]
ATTRS = [{}, {"id": "id_x", "class": "big", "required": True, "disabled": False,
              "placeholder": "Tom & Jerry", "maxlength": 8, "data-x": mark_safe("<i>")}]
WIDGETS = [forms.TextInput, forms.NumberInput, forms.HiddenInput, forms.EmailInput,
           forms.PasswordInput, forms.URLInput, forms.DateInput, forms.TimeInput,
           forms.DateTimeInput, forms.SearchInput, forms.TelInput, forms.ColorInput,
           forms.CheckboxInput, forms.FileInput]


@pytest.mark.parametrize("widget", WIDGETS)
@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("attrs", ATTRS)
def test_a_plain_input_is_written_as_the_template_writes_it(widget, value, attrs):
    made = widget(attrs=attrs)
    assert made.render("a&b", value, renderer=FAST) == made.render("a&b", value,
                                                                   renderer=STOCK)


@pytest.mark.parametrize("widget", [forms.RadioSelect, forms.CheckboxSelectMultiple])
@pytest.mark.parametrize("attrs", ATTRS)
def test_radio_buttons_and_check_boxes_are_written_as_the_templates_write_them(widget, attrs):
    made = widget(attrs=attrs, choices=[("cash", "Cash & more"), ("note", mark_safe("<b>N</b>")),
                                        ("", "none")])
    assert made.render("paid", "note", renderer=FAST) == made.render("paid", "note",
                                                                     renderer=STOCK)

    class One(forms.Form):
        paid = forms.ChoiceField(widget=widget(attrs=attrs), choices=made.choices)

    fast, stock = One(renderer=FAST), One(renderer=STOCK)
    assert [(b.tag(), str(b)) for b in fast["paid"]] == [(b.tag(), str(b)) for b in stock["paid"]]


@pytest.mark.parametrize("make", [
    lambda r: BuyInForm(roster=[(1, "Ann"), (2, "Bo & Co")], renderer=r,
                        initial={"key": "k1", "player": 2}),
    lambda r: BuyInForm({"player": "9", "amount": "x"}, roster=[(1, "Ann")], renderer=r),
    lambda r: CashOutForm(roster=[(1, "Ann")], renderer=r, initial={"key": "k2"}),
    lambda r: CountDifferenceForm(initial={"key": "k3", "amount": 25}, renderer=r),
    lambda r: NoteActionForm(initial={"key": "k4", "note": 7}, renderer=r),
    lambda r: AskForm(paid=("cash", "book"), initial={"key": "k5"}, renderer=r),
    lambda r: CountForm({"white": "3", "red": "<x>"}, renderer=r),
])
def test_the_sites_forms_are_written_as_the_templates_write_them(make):
    fast, stock = make(FAST), make(STOCK)
    for name in stock.fields:
        assert str(fast[name]) == str(stock[name]), name
        for ours, theirs in zip(fast[name].subwidgets, stock[name].subwidgets, strict=True):
            assert ours.tag() == theirs.tag()
    assert str(fast) == str(stock)
