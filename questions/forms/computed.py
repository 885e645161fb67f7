"""The editor's part for computed questions: the generator picker and each generator's parameters.

Every generator's parameters are fields of the form (``gp_<generator>_<parameter>``, each group
shown only when its generator is picked, by static/questions/computed.js; without JavaScript
all groups show and only the picked generator's are read). Bounds are checked by
``questions.computed.validate_params`` so that the messages are the bank's own.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from questions import computed


def param_field_name(key: str, name: str) -> str:
    return f"gp_{key.replace('-', '_')}_{name}"


def add_generator_fields(form: forms.Form) -> None:
    generators = computed.choices()
    form.fields["generator"] = forms.ChoiceField(
        label=_("Générateur"), required=False,
        choices=[("", "—")] + [(generator.key, generator.title) for generator in generators],
    )
    # "key:version" of the generator the question was written with: kept while the author keeps
    # that generator, so that a revision never moves to another version of it unnoticed.
    form.fields["generator_pin"] = forms.CharField(required=False, widget=forms.HiddenInput, max_length=60)
    for generator in generators:
        for param in generator.params:
            name = param_field_name(generator.key, param.name)
            if param.is_choice:
                form.fields[name] = forms.ChoiceField(
                    label=param.label, choices=param.choices, required=False, initial=param.default
                )
            else:
                form.fields[name] = forms.IntegerField(
                    label=param.label, required=False, initial=param.default,
                    help_text=_("De %(min)s à %(max)s.") % {"min": param.minimum, "max": param.maximum},
                )


def generator_groups(form: forms.Form) -> list[tuple[Any, list[forms.BoundField]]]:
    """(generator, its parameters' bound fields) for the template."""
    return [
        (generator, [form[param_field_name(generator.key, param.name)] for param in generator.params])
        for generator in computed.choices()
    ]


def body_from_cleaned(cleaned: dict[str, Any]) -> dict[str, Any]:
    key = cleaned.get("generator") or ""
    generator = computed.latest(key) if key else None
    if generator is None:
        return {"generator": key, "params": {}}
    params = {}
    for param in generator.params:
        value = cleaned.get(param_field_name(key, param.name))
        params[param.name] = param.default if value in (None, "") else value
    body: dict[str, Any] = {"generator": key, "params": params}
    pinned_key, _sep, pinned_version = (cleaned.get("generator_pin") or "").partition(":")
    if pinned_key == key and pinned_version.isdigit():
        body["generator_version"] = int(pinned_version)
    return body


def initial_from_body(body: dict[str, Any]) -> dict[str, Any]:
    key = body.get("generator") or ""
    initial: dict[str, Any] = {"generator": key}
    if key and body.get("generator_version") is not None:
        initial["generator_pin"] = f"{key}:{body['generator_version']}"
    for name, value in (body.get("params") or {}).items():
        initial[param_field_name(key, name)] = value
    return initial
