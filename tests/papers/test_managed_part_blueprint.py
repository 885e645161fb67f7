"""Staff set the UVT mock's managed-tournament part per blueprint; never on an exam blueprint."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import IntegrityError
from django.urls import reverse

from delivery.models import Purpose
from papers.forms import BlueprintForm
from papers.models import Blueprint
from tests.conftest import client_for

FIELDS = {"name": "UVT blanc", "unit": "UVT", "purpose": Purpose.MOCK, "duration_minutes": 180,
          "pass_mark": 50, "pairing_count": 0,
           "managed_players": 9, "managed_rounds": 2, "managed_points": 20}


def test_a_mock_blueprint_of_the_uvt_takes_the_part(db):
    form = BlueprintForm(FIELDS)
    assert form.is_valid(), form.errors


def test_it_refuses_the_part_on_an_exam_blueprint(db):
    form = BlueprintForm({**FIELDS, "purpose": Purpose.EXAM})
    assert not form.is_valid() and "réservée aux examens blancs" in str(form.errors["managed_players"])


def test_it_refuses_the_part_outside_the_uvt(db):
    form = BlueprintForm({**FIELDS, "unit": "UVR"})
    assert not form.is_valid() and "relève de l" in form.errors["managed_players"][0]


def test_it_refuses_a_tournament_too_small_to_manage(db):
    form = BlueprintForm({**FIELDS, "managed_players": 3})
    assert not form.is_valid() and "au moins 6 joueurs" in str(form.errors["managed_players"])


def test_the_database_refuses_the_part_on_an_exam_blueprint(db):
    with pytest.raises(IntegrityError):
        Blueprint.objects.create(name="UVT", unit="UVT", purpose=Purpose.EXAM, duration_minutes=180,
                                 managed_players=9, managed_points=Decimal(20))


def test_the_blueprint_page_shows_the_part_as_a_platform_convention(exam_staff):
    blueprint = Blueprint.objects.create(name="UVT blanc", unit="UVT", purpose=Purpose.MOCK,
                                         duration_minutes=180, managed_players=9)
    page = client_for(exam_staff).get(reverse("papers:blueprint", args=[blueprint.pk])).content.decode()
    assert "tournoi géré : 9 joueurs, 2 rondes, 20 points (convention de la plateforme)" in page


def test_a_blueprint_posted_without_the_part_saves_without_it(db):
    fields = {key: value for key, value in FIELDS.items() if not key.startswith("managed_")}
    form = BlueprintForm(fields)
    assert form.is_valid() and form.cleaned_data["managed_players"] == 0
