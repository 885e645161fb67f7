"""The blueprint's and the paper's pages read a fixed number of rows' worth of the bank: a
draw reads only what it uses of the unit's versions, and the paper's page none of their
content (issue 21)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery.models import Paper
from papers import services
from papers.models import Blueprint, BlueprintRule
from questions.models import QuestionVersion
from tests.conftest import client_for
from tests.papers.conftest import publish


@pytest.fixture
def large_bank(db):
    return [publish(f"art9-{number}", article=f"9.{number % 6 + 1}") for number in range(40)]


@pytest.fixture
def blueprint(large_bank):
    blueprint = Blueprint.objects.create(name="UVR standard", unit="UVR", duration_minutes=120)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, family="laws:9", count=5)
    return blueprint


def _reads_content(queries) -> bool:
    return any('"body"' in query["sql"] or '"explanation_fr"' in query["sql"] for query in queries)


def test_the_blueprint_page_reads_the_database_a_fixed_number_of_times(
    exam_staff, blueprint, django_assert_max_num_queries
):
    client = client_for(exam_staff)
    with django_assert_max_num_queries(10) as context:
        response = client.get(reverse("papers:blueprint", args=[blueprint.pk]), {"seed": 7})
    assert response.status_code == 200
    assert not _reads_content(context.captured_queries)
    assert response.content.decode().count("<li>art9-") == 5  # exam staff read the uids unlinked


def test_a_blueprint_draws_the_same_papers_as_before(exam_staff, blueprint):
    paper = services.compose_from_blueprint(blueprint=blueprint, title="UVR juin", actor=exam_staff, seed=7)
    drawn = services.draw(blueprint, seed=7)
    assert [item.version.pk for item in paper.items.order_by("position")] == [
        version.pk for version, _points in drawn.versions
    ]
    assert all(item.points == 1 for item in paper.items.all())


def test_the_paper_page_reads_the_database_a_fixed_number_of_times(
    exam_staff, large_bank, django_assert_max_num_queries
):
    paper = Paper.objects.create(title="UVR juin")
    for version in large_bank[:25]:
        services.add_question(paper=paper, uid=version.question.uid)
    client = client_for(exam_staff)
    with django_assert_max_num_queries(14) as context:
        response = client.get(reverse("papers:paper", args=[paper.pk]))
    assert response.status_code == 200
    assert not _reads_content(context.captured_queries)
    assert "Énoncé art9-24" in response.content.decode()


def test_a_drawn_version_is_the_instance_the_orm_reads(blueprint):
    drawn = services.draw(blueprint, seed=7).versions[0][0]
    read = QuestionVersion.objects.select_related("question").only(*services.POOL_FIELDS).get(pk=drawn.pk)
    assert drawn.get_deferred_fields() == read.get_deferred_fields()
    fields = ("question_id", "type", "difficulty", "tags", "citations", "points", "stem_fr")
    assert [getattr(drawn, name) for name in fields] == [getattr(read, name) for name in fields]
    assert drawn.question.uid == read.question.uid


def test_the_pool_holds_the_units_versions_in_service_in_the_order_of_their_uids(large_bank):
    pool = services.service_pool("UVR")
    assert [candidate.uid for candidate in pool] == sorted(version.question.uid for version in large_bank)


def test_a_rule_on_a_tag_draws_only_the_questions_bearing_it(db):
    tagged = {publish(f"pendule-{number}", tags=("Pendule",)).question.uid for number in range(3)}
    publish("sans-theme")
    blueprint = Blueprint.objects.create(name="Pendules", unit="UVR", duration_minutes=60)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, tag="pendule", count=5)
    drawn = services.draw(blueprint, seed=3).rules[0]
    assert ({version.question.uid for version in drawn.drawn}, drawn.available) == (tagged, 3)
