"""config.form_renderer.FormRenderer: the HTML of Django's form templates, written out in Python."""

from __future__ import annotations

import datetime
import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from accounts.models import User
from config.form_renderer import WRITTEN_OUT, FormRenderer

FAST, DJANGO = FormRenderer(), DjangoTemplates()


class EveryKindOfField(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Nom"), max_length=20, help_text="Avec <em>HTML</em> & « guillemets »"
    )
    optional = forms.CharField(
        required=False, label="Pourquoi ?", widget=forms.TextInput(attrs={"placeholder": 'a "b" <c>'})
    )
    number = forms.IntegerField(min_value=0, max_value=10**6, localize=True)
    decimal = forms.DecimalField(max_digits=6, decimal_places=2, required=False)
    email = forms.EmailField(
        required=False, widget=forms.EmailInput(attrs={"autocomplete": "email", "data-x": True})
    )
    url = forms.URLField(required=False, assume_scheme="https")
    password = forms.CharField(widget=forms.PasswordInput(render_value=True), required=False)
    hidden = forms.CharField(widget=forms.HiddenInput, required=False)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), required=False)
    when = forms.DateTimeField(required=False)
    time = forms.TimeField(required=False)
    agree = forms.BooleanField(required=False, label_suffix="")
    must_agree = forms.BooleanField(disabled=True, initial=True)
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    colour = forms.CharField(widget=forms.TextInput(attrs={"type": "color"}), required=False)
    unit = forms.ChoiceField(choices=[("", "—"), ("UVR", "UVR"), ("UVC", "UVC <c>")])
    grouped = forms.ChoiceField(
        required=False,
        choices=[("", "---"), ("Lois", [("9.2", "Article 9.2"), ("9.3", "Article 9.3")]), ("x", "Autre")],
    )
    numbers = forms.TypedChoiceField(choices=[(1, 1), (2, 2000), (3, datetime.date(2026, 3, 7))], coerce=int)
    several = forms.MultipleChoiceField(choices=[("a", "A"), ("b", "B")], required=False)
    radio = forms.ChoiceField(choices=[("a", "A"), ("b", "B")], widget=forms.RadioSelect, required=False)
    boxes = forms.MultipleChoiceField(
        choices=[("a", "A")], widget=forms.CheckboxSelectMultiple, required=False
    )
    person = forms.ModelChoiceField(queryset=User.objects.order_by("pk"), required=False)
    safe_label = forms.CharField(
        label=mark_safe("<b>Gras</b>"), required=False, initial=mark_safe("<i>x</i>")
    )
    unlabelled = forms.CharField(label="", required=False, initial="tout & rien")
    split = forms.SplitDateTimeField(required=False)
    upload = forms.FileField(required=False)
    hidden_initial = forms.CharField(show_hidden_initial=True, required=False, initial="avant")


VALUES = {
    "text": "Tom & <Jerry>", "optional": "", "number": "12345", "decimal": "3.5x",
    "email": "pas une adresse", "password": "secret", "hidden": '"quoted"', "date": "2026-03-07",
    "when": "2026-03-07 10:00", "agree": "on",
    "body": "ligne 1\nligne <2>", "unit": "UVC", "grouped": "9.3", "numbers": "2", "several": ["a", "b"],
    "radio": "b", "boxes": ["a"], "person": "999999", "time": "25:00",
}


def renderings(form: forms.BaseForm) -> list[str]:
    """Everything the templates render of a form's fields, one string each."""
    html = []
    for field in form:
        html += [field.as_field_group(), str(field), str(field.errors), field.label_tag(), field.legend_tag(),
                 field.label_tag(attrs={"class": "x"}, label_suffix=" :")]
    html += [str(form.non_field_errors()), form.as_div()]
    return html


def both(form_class, *args, **kwargs) -> tuple[list[str], list[str]]:
    fast = form_class(*args, renderer=FAST, **kwargs)
    django = form_class(*args, renderer=DJANGO, **kwargs)
    if fast.is_bound:
        fast.is_valid(), django.is_valid()
    return renderings(fast), renderings(django)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("data", [None, {}, VALUES], ids=["unbound", "empty", "filled"])
def test_it_renders_every_kind_of_field_as_djangos_templates_do(db, language, data):
    with translation.override(language):
        initial = {"number": 1234567, "date": datetime.date(2026, 3, 7)}
        fast, django = both(EveryKindOfField, data, initial=initial)
    assert fast == django


def test_it_renders_errors_added_by_the_view_as_django_does(db):
    with translation.override("fr"):
        forms_ = [EveryKindOfField(VALUES, renderer=renderer) for renderer in (FAST, DJANGO)]
        for form in forms_:
            form.is_valid()
            form.add_error(None, "Une erreur <globale>")
            form.add_error("text", mark_safe("Une erreur <b>sûre</b>"))
        assert renderings(forms_[0]) == renderings(forms_[1])


def project_form_classes() -> list[type[forms.BaseForm]]:
    classes = set()
    for app in ("accounts", "certificates", "courses", "delivery", "exams", "grading", "managed_tournaments",
                "papers", "positions", "practice", "questions", "rules", "tournaments"):
        package = importlib.import_module(app)
        for module_info in pkgutil.walk_packages(package.__path__, f"{app}."):
            if "forms" not in module_info.name:
                continue
            module = importlib.import_module(module_info.name)
            classes |= {
                value
                for value in vars(module).values()
                if inspect.isclass(value) and issubclass(value, forms.BaseForm)
                and value.__module__ == module.__name__
            }
    return sorted(classes, key=lambda form_class: f"{form_class.__module__}.{form_class.__name__}")


def test_it_renders_the_projects_forms_as_djangos_templates_do(db):
    rendered = 0
    for form_class in project_form_classes():
        for data in (None, {}):
            try:
                fast, django = both(form_class, data)
            except TypeError:  # a form that needs more than its data (a user, a question…)
                continue
            assert fast == django, form_class
            rendered += 1
    assert rendered >= 20


def test_it_still_recognises_djangos_templates():
    assert FAST.written_out == WRITTEN_OUT


def test_it_renders_a_template_an_app_overrides_through_the_engine(settings, tmp_path):
    override = tmp_path / "django" / "forms" / "widgets"
    override.mkdir(parents=True)
    (override / "text.html").write_text('<input class="custom" name="{{ widget.name }}">')
    renderer = FormRenderer()
    renderer.engine.engine.dirs.insert(0, str(tmp_path))
    html = renderer.render("django/forms/widgets/text.html", {"widget": {"name": "x", "attrs": {}}})
    assert (renderer.written_out, html) == ({}, '<input class="custom" name="x">')


def test_the_site_renders_its_forms_with_it():
    assert isinstance(forms.Form().renderer, FormRenderer)
