"""The forms' renderer: Django's own (DjangoTemplates), with the plain <input> widgets written
in Python.

Every widget of a text, number, hidden, checkbox ... field, and every radio button, is
Django's template `django/forms/widgets/input.html` (with `attrs.html`): rendering it through
the template engine, once per widget, was a good part of the pages with forms (the phone's
page has twenty). Here the same markup is written directly, for those templates only;
everything else goes to the template engine. tests/ledger/test_form_renderer.py holds the
two equal, widget by widget.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

# Django's widget templates that are nothing but {% include "django/forms/widgets/input.html" %}
INPUT_ONLY = frozenset(f"django/forms/widgets/{name}.html" for name in (
    "checkbox", "color", "date", "datetime", "email", "file", "hidden", "number", "password",
    "search", "tel", "text", "time", "url"))
OPTIONS = frozenset({"django/forms/widgets/radio_option.html",
                     "django/forms/widgets/checkbox_option.html",
                     "django/forms/widgets/input_option.html"})


def _text(value: object) -> str:
    """`{{ value|stringformat:'s' }}` in an autoescaping template."""
    text = str(value)
    return conditional_escape(mark_safe(text) if isinstance(value, SafeData) else text)


def input_html(widget: dict[str, Any]) -> str:
    """django/forms/widgets/input.html with its attrs.html, as the template writes them."""
    parts = [f'<input type="{conditional_escape(widget["type"])}" '
             f'name="{conditional_escape(widget["name"])}"']
    if widget["value"] is not None:
        parts.append(f' value="{_text(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is not False:
            parts.append(f" {conditional_escape(name)}")
            if value is not True:
                parts.append(f'="{_text(value)}"')
    parts.append(">")
    return "".join(parts)


class FastInputs(DjangoTemplates):
    """Django's template renderer, except the plain inputs (module docstring)."""

    def render(self, template_name: str, context: dict[str, Any],
               request: Any = None) -> str:
        if template_name in INPUT_ONLY:
            return input_html(context["widget"])
        if template_name in OPTIONS:   # input_option.html: the input, perhaps in its label
            widget = context["widget"]
            tag = input_html(widget)
            if not widget.get("wrap_label"):
                return tag
            target = widget["attrs"].get("id")
            opening = f' for="{conditional_escape(target)}"' if target else ""
            # (input.html's own line end stays inside the label: only the whole is stripped)
            return f"<label{opening}>{tag}\n {conditional_escape(widget['label'])}</label>"
        return super().render(template_name, context, request)
