import pytest
from django.urls import reverse

from delivery.models import Paper
from papers import services
from papers.models import Blueprint, BlueprintRule
from tests.conftest import client_for

ROLES_REFUSED = ["trainee", "trainer", "grader", "stranger"]


@pytest.fixture
def blueprint(db):
    blueprint = Blueprint.objects.create(name="UVR standard", unit="UVR", duration_minutes=120)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, family="laws:9", count=2)
    return blueprint


@pytest.fixture
def paper(bank):
    paper = Paper.objects.create(title="UVR juin")
    services.add_question(paper=paper, uid="art9-a")
    services.add_question(paper=paper, uid="art9-b")
    return paper


def test_it_sends_anonymous_visitors_to_the_login_page(client, db):
    response = client.get(reverse("papers:index"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("role", ROLES_REFUSED)
def test_it_refuses_everyone_but_exam_staff(role, request, paper):
    client = client_for(request.getfixturevalue(role))
    assert client.get(reverse("papers:index")).status_code == 403
    assert client.get(reverse("papers:paper", args=[paper.pk])).status_code == 403


@pytest.mark.parametrize("role", ["exam_staff", "administrator"])
def test_exam_staff_and_administrators_see_the_papers(role, request, paper):
    response = client_for(request.getfixturevalue(role)).get(reverse("papers:index"))
    assert response.status_code == 200
    assert "UVR juin" in response.content.decode()


def test_it_answers_405_to_a_get_on_a_step(exam_staff, paper):
    assert client_for(exam_staff).get(reverse("papers:paper_lock", args=[paper.pk])).status_code == 405


def test_it_saves_a_blueprint_with_its_rules(exam_staff, bank):
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), {
        "name": "UVR juin", "unit": "UVR", "purpose": "exam", "duration_minutes": 120, "pass_mark": "50",
        "rules-TOTAL_FORMS": "2", "rules-INITIAL_FORMS": "0", "rules-MIN_NUM_FORMS": "0",
        "rules-MAX_NUM_FORMS": "40",
        "rules-0-family": "laws:9", "rules-0-count": "3", "rules-0-question_type": "",
        "rules-0-difficulty": "", "rules-0-tag": "", "rules-0-points_each": "2",
    })
    assert response.status_code == 302
    assert list(Blueprint.objects.get().rules.values_list("family", "count")) == [("laws:9", 3)]


def test_it_refuses_a_blueprint_without_rules_with_422(exam_staff, bank):
    response = client_for(exam_staff).post(reverse("papers:blueprint_create"), {
        "name": "Vide", "unit": "UVR", "purpose": "exam", "duration_minutes": 120, "pass_mark": "50",
        "rules-TOTAL_FORMS": "0", "rules-INITIAL_FORMS": "0", "rules-MIN_NUM_FORMS": "0",
        "rules-MAX_NUM_FORMS": "40",
    })
    assert response.status_code == 422
    assert "au moins une règle" in response.content.decode()


def test_the_blueprint_page_previews_a_draw(exam_staff, bank, blueprint):
    response = client_for(exam_staff).get(reverse("papers:blueprint", args=[blueprint.pk]), {"seed": "5"})
    assert response.status_code == 200
    assert response.content.decode().count("art9-") >= 2


def test_the_preview_is_a_fragment_for_htmx(exam_staff, bank, blueprint):
    response = client_for(exam_staff).get(reverse("papers:blueprint", args=[blueprint.pk]),
                                          HTTP_HX_REQUEST="true")
    assert b"<html" not in response.content
    assert b'id="draw"' in response.content


def test_composing_from_the_blueprint_opens_the_new_paper(exam_staff, bank, blueprint):
    response = client_for(exam_staff).post(reverse("papers:blueprint_compose", args=[blueprint.pk]),
                                           {"title": "UVR juin", "seed": "9", "shuffle_questions": "on"})
    paper = Paper.objects.get(title="UVR juin")
    assert response["Location"] == reverse("papers:paper", args=[paper.pk])
    assert paper.items.count() == 2


def test_composing_when_the_bank_is_short_says_why(exam_staff, bank):
    blueprint = Blueprint.objects.create(name="Trop", unit="UVR", duration_minutes=120)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, family="laws:9", count=40)
    response = client_for(exam_staff).post(reverse("papers:blueprint_compose", args=[blueprint.pk]),
                                           {"title": "UVR"})
    assert response.status_code == 422
    assert "40 demandées, 4 disponibles" in response.content.decode()


def test_adding_an_unknown_question_is_a_422_with_the_reason(exam_staff, paper):
    response = client_for(exam_staff).post(reverse("papers:paper_add", args=[paper.pk]), {"uid": "nope"})
    assert response.status_code == 422
    assert "Aucune question en service" in response.content.decode()


def test_unlocking_without_a_reason_is_refused(exam_staff, paper):
    client = client_for(exam_staff)
    client.post(reverse("papers:paper_lock", args=[paper.pk]))
    response = client.post(reverse("papers:paper_unlock", args=[paper.pk]), {"reason": ""})
    assert response.status_code == 422
    paper.refresh_from_db()
    assert paper.is_locked


def test_a_locked_paper_shows_no_editing_controls(exam_staff, paper):
    client = client_for(exam_staff)
    client.post(reverse("papers:paper_lock", args=[paper.pk]))
    page = client.get(reverse("papers:paper", args=[paper.pk])).content.decode()
    assert "Retirer" not in page
    assert "Déverrouiller" in page


def test_an_item_of_another_paper_is_a_404(exam_staff, paper, bank):
    other = Paper.objects.create(title="Autre")
    item = services.add_question(paper=other, uid="art9-c")
    response = client_for(exam_staff).post(reverse("papers:item_remove", args=[paper.pk, item.pk]))
    assert response.status_code == 404


def test_the_paper_form_is_prefilled_with_the_uvr_duration(exam_staff, db):
    page = client_for(exam_staff).get(reverse("papers:paper_create")).content.decode()
    assert 'value="120"' in page


def test_the_paper_page_shows_each_stem_in_the_readers_language(exam_staff, paper):
    from questions.models import QuestionVersion

    QuestionVersion.objects.filter(question__uid="art9-a").update(stem_en="Stem of art9-a")
    url = reverse("papers:paper", args=[paper.pk])
    english = client_for(exam_staff).get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client_for(exam_staff).get(url).content.decode()
    assert "Stem of art9-a" in english and "Énoncé art9-a" in french


def test_the_blueprint_draw_shows_each_stem_in_the_readers_language(exam_staff, bank, blueprint):
    from questions.models import QuestionVersion

    QuestionVersion.objects.filter(question__uid__startswith="art9-").update(stem_en="An Article 9 stem")
    url = reverse("papers:blueprint", args=[blueprint.pk])
    english = client_for(exam_staff).get(url, {"seed": "5"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "An Article 9 stem" in english and "Énoncé art9-" not in english


def test_the_paper_page_links_a_question_only_for_a_reader_who_may_open_the_bank(
    exam_staff, administrator, paper
):
    url = reverse("papers:paper", args=[paper.pk])
    question = reverse("questions:detail", args=["art9-a"])
    staff_page = client_for(exam_staff).get(url).content.decode()
    admin_page = client_for(administrator).get(url).content.decode()
    assert "art9-a" in staff_page and f'href="{question}"' not in staff_page
    assert f'href="{question}"' in admin_page
