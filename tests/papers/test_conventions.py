"""The pass mark, the mock sizes and the UVT's pairing part: platform conventions set per blueprint
by exam staff (neither the Livre nor the RIDNA fixes them)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from papers import services
from papers.models import Blueprint, BlueprintRule
from tests.conftest import client_for
from tests.papers.conftest import publish


def blueprint_post(**changes) -> dict:
    data = {
        "name": "UVT blanc", "unit": "UVT", "purpose": "mock", "duration_minutes": 180, "pass_mark": "50",
        "pairing_count": "1",
        "rules-TOTAL_FORMS": "1", "rules-INITIAL_FORMS": "0", "rules-MIN_NUM_FORMS": "0",
        "rules-MAX_NUM_FORMS": "40",
        "rules-0-family": "", "rules-0-count": "19", "rules-0-question_type": "",
        "rules-0-difficulty": "", "rules-0-tag": "", "rules-0-points_each": "",
    }
    data.update(changes)
    return data


def test_staff_set_the_pass_mark_and_the_pairing_part_of_a_blueprint(exam_staff, db):
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), blueprint_post(pass_mark="60"))
    blueprint = Blueprint.objects.get()
    assert response.status_code == 302
    assert (blueprint.pass_mark, blueprint.pairing_count, blueprint.question_count()) == (60, 1, 20)


def test_it_refuses_a_pass_mark_of_zero(exam_staff, db):
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), blueprint_post(pass_mark="0"))
    assert response.status_code == 422
    assert "Un seuil de réussite nul" in response.content.decode()


def test_it_refuses_a_pass_mark_above_100(exam_staff, db):
    url = reverse("papers:blueprint_create")
    response = client_for(exam_staff).post(url, blueprint_post(pass_mark="120"))
    assert response.status_code == 422


def test_it_refuses_a_pairing_part_outside_the_uvt(exam_staff, db):
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), blueprint_post(unit="UVR"))
    assert response.status_code == 422
    assert "(RIDNA art. 16.4 : système suisse et logiciel" in response.content.decode()


def test_it_refuses_more_than_200_questions_in_all(exam_staff, db):
    data = blueprint_post(**{"rules-TOTAL_FORMS": "2", "rules-1-count": "190", "rules-1-family": "",
                             "rules-1-question_type": "", "rules-1-difficulty": "", "rules-1-tag": "",
                             "rules-1-points_each": ""})
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), data)
    assert response.status_code == 422
    assert "au plus 200 questions" in response.content.decode()


def test_the_blueprint_page_calls_the_pass_mark_a_platform_convention(exam_staff, db):
    blueprint = Blueprint.objects.create(name="UVR", unit="UVR", duration_minutes=120)
    content = client_for(exam_staff).get(reverse("papers:blueprint", args=[blueprint.pk])).content.decode()
    assert "convention de la plateforme" in content


def uvt_blueprint(purpose="mock", pairing=1) -> Blueprint:
    blueprint = Blueprint.objects.create(name="UVT", unit="UVT", purpose=purpose, duration_minutes=180,
                                         pairing_count=pairing)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, question_type="truefalse", count=1)
    return blueprint


def test_the_pairing_part_draws_a_published_question_of_type_pairing(db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    publish("uvt-pairing", unit="UVT", article="C.04.3", type_="pairing")
    result = services.draw(uvt_blueprint(), seed=7)
    assert [version.question.uid for version in result.pairing.drawn] == ["uvt-pairing"]
    assert [version.question.uid for version, _points in result.versions][-1] == "uvt-pairing"


def test_a_rule_open_to_every_type_leaves_the_pairing_question_to_its_part(db):
    publish("uvt-pairing", unit="UVT", article="C.04.3", type_="pairing")
    publish("uvt-vf", unit="UVT", article="C.04.1")
    blueprint = uvt_blueprint()
    blueprint.rules.update(question_type="")
    result = services.draw(blueprint, seed=1)
    assert (result.complete, result.pairing_unavailable) == (True, False)


def test_a_mock_without_pairing_questions_is_drawn_without_its_part(db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    paper = services.compose_from_blueprint(blueprint=uvt_blueprint(), title="Blanc", actor=None, seed=3)
    assert paper.items.count() == 1


def test_an_exam_paper_without_its_pairing_part_is_refused(db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    with pytest.raises(services.CompositionError, match="partie appariement : 1 demandées, 0 disponibles"):
        services.compose_from_blueprint(
            blueprint=uvt_blueprint(purpose="exam"), title="UVT", actor=None, seed=3
        )


def test_a_blueprint_without_a_pairing_part_draws_as_before(db):
    publish("uvt-pairing", unit="UVT", article="C.04.3", type_="pairing")
    publish("uvt-vf", unit="UVT", article="C.04.1")
    result = services.draw(uvt_blueprint(pairing=0), seed=5)
    assert result.pairing is None


def test_the_data_migration_gives_the_shipped_uvt_mock_its_pairing_part_and_keeps_20_questions(db):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("papers.migrations.0004_blueprint_conventions_and_pairing_part")
    blueprint = Blueprint.objects.create(
        name="Examen blanc UVT", unit="UVT", purpose="mock", duration_minutes=180
    )
    BlueprintRule.objects.create(blueprint=blueprint, position=1, question_type="single", count=12)
    BlueprintRule.objects.create(blueprint=blueprint, position=2, question_type="truefalse", count=8)
    migration.shipped_uvt_mock_gets_its_pairing_part(apps, None)
    blueprint.refresh_from_db()
    assert (blueprint.pairing_count, blueprint.question_count()) == (1, 20)
