"""Django's form renderer, with its most used templates written out in Python.

A form field costs about half a millisecond to render through Django's templates: the field
group (``django/forms/field.html``), its label, its error list and its widget are each a
template, rendered in a fresh context, each including ``attrs.html``, and a ``<select>``
includes one more template per option. The profile page's ten fields took 6 ms of its 21.
``FormRenderer`` produces the same characters from Python for the templates below; any other
template (radio buttons, file inputs, a form's own layout…) is rendered by Django's.

The functions follow the templates of Django 5.2 (``django/forms/templates/django/forms``)
character for character, variables printed as ``{{ }}`` prints them
(``render_value_in_context``: localised, then escaped unless safe). Should an installed app or
the project's templates override one of these templates, or should Django's own change,
the renderer renders that template through the engine again:
``tests/config/test_form_renderer.py`` compares both ways of rendering on every kind of field.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import django.forms
from django.forms.renderers import DjangoTemplates
from django.template.base import render_value_in_context
from django.template.defaultfilters import stringformat
from django.utils.functional import cached_property
from django.utils.safestring import SafeData, mark_safe

# What ``{{ }}`` reads of its context in the form renderer's templates: Django's backend makes
# a fresh context (autoescape on, no localisation or time zone override) for each of them.
_CONTEXT = SimpleNamespace(autoescape=True, use_l10n=None, use_tz=None)
DJANGO_TEMPLATES = Path(django.forms.__file__).parent / "templates"


def _print(value) -> str:
    """``{{ value }}``."""
    return render_value_in_context(value, _CONTEXT)


def _print_formatted(value) -> str:
    """``{{ value|stringformat:'s' }}``: the filter keeps a safe value safe."""
    formatted = stringformat(value, "s")
    return _print(mark_safe(formatted) if isinstance(value, SafeData) else formatted)


def _attrs(attrs: dict) -> str:
    """``django/forms/attrs.html`` and ``django/forms/widgets/attrs.html`` (a label without a
    ``for`` has none: the template's loop then reads an invalid variable, and prints nothing)."""
    if attrs is None:
        return ""
    parts = []
    for name, value in attrs.items():
        if value is not False:
            parts.append(f" {_print(name)}")
            if value is not True:
                parts.append(f'="{_print_formatted(value)}"')
    return "".join(parts)


def _input(context: dict) -> str:
    """``django/forms/widgets/input.html`` and the templates that only include it."""
    widget = context["widget"]
    value = widget.get("value")
    shown = f' value="{_print_formatted(value)}"' if value is not None else ""
    return (
        f'<input type="{_print(widget.get("type"))}" name="{_print(widget.get("name"))}"'
        f"{shown}{_attrs(widget['attrs'])}>"
    )


SELECT_OPTION = "django/forms/widgets/select_option.html"


def _option(option: dict) -> str:
    """``django/forms/widgets/select_option.html``, with its closing line break (it is included)."""
    return (
        f'<option value="{_print_formatted(option.get("value"))}"{_attrs(option["attrs"])}>'
        f"{_print(option.get('label'))}</option>\n"
    )


def _select(context: dict) -> str | None:
    """``django/forms/widgets/select.html``; ``None`` for options of another template."""
    widget = context["widget"]
    parts = [f'<select name="{_print(widget.get("name"))}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _group_index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_print(group_name)}">')
        for option in group_choices:
            if option.get("template_name") != SELECT_OPTION:
                return None
            parts.append(f"\n  {_option(option)}")
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _textarea(context: dict) -> str:
    """``django/forms/widgets/textarea.html``."""
    widget = context["widget"]
    value = widget.get("value")
    return (
        f'<textarea name="{_print(widget.get("name"))}"{_attrs(widget["attrs"])}>\n'
        f"{_print(value) if value else ''}</textarea>"
    )


def _label(context: dict) -> str:
    """``django/forms/label.html``."""
    if context.get("use_tag"):
        tag = _print(context.get("tag"))
        return f"<{tag}{_attrs(context['attrs'])}>{_print(context.get('label'))}</{tag}>"
    return _print(context.get("label"))


def _errors(context: dict) -> str:
    """``django/forms/errors/list/default.html``, which includes ``ul.html``."""
    errors = context["errors"]
    if not errors:
        return ""
    field_id = errors.field_id
    identifier = f' id="{_print(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{_print(error)}</li>" for error in errors)
    return f'<ul class="{_print(context.get("error_class"))}"{identifier}>{items}</ul>'


def _field(context: dict) -> str:
    """``django/forms/field.html``: label (or legend), help text, errors and widget."""
    field = context["field"]
    fieldset = field.use_fieldset
    if fieldset:
        described_by = field.aria_describedby
        parts = ["<fieldset"]
        if described_by:
            parts.append(f' aria-describedby="{_print(described_by)}"')
        parts.append(">\n  ")
        if field.label:
            parts.append(_print(field.legend_tag()))
    else:
        parts = [_print(field.label_tag())] if field.label else []
    parts.append("\n\n")
    if field.help_text:
        identifier = f' id="{_print(field.auto_id)}_helptext"' if field.auto_id else ""
        parts.append(f'<div class="helptext"{identifier}>{field.help_text}</div>')
    parts.append(f"\n{_print(field.errors)}\n{_print(field)}")
    if fieldset:
        parts.append("</fieldset>")
    return "".join(parts).strip()


WRITTEN_OUT: dict[str, Callable[[dict], str | None]] = {
    "django/forms/field.html": _field,
    "django/forms/label.html": _label,
    "django/forms/errors/list/default.html": _errors,
    "django/forms/widgets/select.html": _select,
    "django/forms/widgets/textarea.html": _textarea,
    **{
        f"django/forms/widgets/{name}.html": _input
        for name in (
            "input", "text", "number", "email", "url", "color", "search", "tel", "password",
            "hidden", "date", "datetime", "time", "checkbox",
        )
    },
}
# The templates the functions above stand for, included ones too. Their digest is that of the
# files of Django 5.2: a different file means the functions no longer match it.
INCLUDED = ("django/forms/attrs.html", "django/forms/widgets/attrs.html",
            "django/forms/errors/list/ul.html", SELECT_OPTION)
TEMPLATES_READ = tuple(sorted({*WRITTEN_OUT, *INCLUDED}))
DJANGO_DIGEST = "177aeed3c10841ad9af8a4f42592dfb27b12363ef1545c677fd7f571adb4c5d2"


def templates_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


class FormRenderer(DjangoTemplates):
    """``django.forms.renderers.DjangoTemplates``, faster on the templates of ``WRITTEN_OUT``."""

    @cached_property
    def written_out(self) -> dict[str, Callable[[dict], str | None]]:
        """The functions, if their templates are Django's own files as written; otherwise none
        (an app overrides one, or a Django upgrade changed one): the engine renders them all."""
        origins = [Path(self.get_template(name).origin.name) for name in TEMPLATES_READ]
        if origins != [DJANGO_TEMPLATES / name for name in TEMPLATES_READ]:
            return {}
        return WRITTEN_OUT if templates_digest(origins) == DJANGO_DIGEST else {}

    def render(self, template_name, context, request=None):
        function = self.written_out.get(template_name)
        if function is not None:
            html = function(context)
            if html is not None:
                return html
        return super().render(template_name, context, request=request)
