"""The bank list, a question's page, the candidate preview with "try it", the version history."""

from __future__ import annotations

import pytest
from django.urls import reverse

from questions import services
from tests.conftest import client_for
from tests.questions import core_samples

FORBIDDEN = ["trainee", "grader", "exam_staff", "stranger"]
BANK = reverse("questions:bank")


# --- The list ------------------------------------------------------------------------------


def test_it_lists_the_bank_for_a_trainer(trainer, draft_question):
    response = client_for(trainer).get(BANK)
    assert response.status_code == 200
    assert draft_question.uid in response.content.decode()


def test_it_lists_the_bank_for_an_administrator(administrator, draft_question):
    response = client_for(administrator).get(BANK)
    assert draft_question.uid in response.content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_it_refuses_the_list_to_other_roles(request, role):
    response = client_for(request.getfixturevalue(role)).get(BANK)
    assert response.status_code == 403


def test_it_sends_anonymous_visitors_to_the_login_page(db):
    response = client_for(None).get(BANK)
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]


def test_the_list_refuses_post(trainer):
    assert client_for(trainer).post(BANK).status_code == 405


def test_it_hides_other_authors_drafts_from_the_list(other_trainer, draft_question):
    response = client_for(other_trainer).get(BANK)
    assert draft_question.uid not in response.content.decode()


def test_it_returns_only_the_results_to_htmx(trainer, draft_question):
    response = client_for(trainer).get(BANK, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert 'id="bank-results"' in body
    assert "<html" not in body


def test_it_searches_the_stem(trainer, draft_question):
    services.create_question(
        author=trainer, content=core_samples.numeric(stem_fr="Combien de minutes ?"), uid="uvc-min"
    )
    body = client_for(trainer).get(BANK, {"q": "minutes"}).content.decode()
    assert "uvc-min" in body
    assert draft_question.uid not in body


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"unit": "UVC"}, "uvc-min"),
        ({"type": "numeric"}, "uvc-min"),
        ({"difficulty": "3"}, "uvc-min"),
        ({"tag": "pendule"}, "uvc-min"),
        ({"article": "2018:6.1"}, "uvc-min"),
        ({"article": "6.1"}, "uvc-min"),
    ],
)
def test_it_filters_the_bank(trainer, draft_question, filters, expected):
    content = core_samples.numeric(
        difficulty=3, tags=["pendule"], citations=[{"edition": "2018", "article": "6.1"}]
    )
    services.create_question(author=trainer, content=content, uid="uvc-min")
    body = client_for(trainer).get(BANK, filters).content.decode()
    assert expected in body
    assert draft_question.uid not in body


def test_it_filters_by_status(trainer, draft_question, in_review_question):
    body = client_for(trainer).get(BANK, {"status": "in_review"}).content.decode()
    assert in_review_question.uid in body
    assert draft_question.uid not in body


def test_it_filters_by_author(trainer, other_trainer, published_question):
    services.create_question(author=other_trainer, content=core_samples.truefalse(), uid="bea-q")
    body = client_for(other_trainer).get(BANK, {"author": str(other_trainer.pk)}).content.decode()
    assert "bea-q" in body
    assert published_question.uid not in body


def test_it_filters_the_questions_to_review_after_a_rules_change(trainer, published_question, draft_question):
    services.flag_questions_citing(edition="2018", numbers=["4.3.1"])
    body = client_for(trainer).get(BANK, {"needs_review": "on", "status": "published"}).content.decode()
    assert published_question.uid in body
    assert draft_question.uid not in body


def test_it_reports_an_unreadable_article_filter(trainer):
    response = client_for(trainer).get(BANK, {"article": "art 9 ??"})
    assert "article non reconnu" in response.content.decode()


def test_it_paginates(trainer):
    for index in range(30):
        services.create_question(author=trainer, content=core_samples.truefalse(), uid=f"q-{index:02d}")
    body = client_for(trainer).get(BANK, {"page": "2"}).content.decode()
    assert "q-29" in body
    assert "q-00" not in body


# --- A question's page ------------------------------------------------------------------------


def test_a_question_page_shows_the_answer_key_to_its_author(trainer, draft_question):
    response = client_for(trainer).get(reverse("questions:detail", args=[draft_question.uid]))
    assert response.status_code == 200
    assert "Corrigé" in response.content.decode()


def test_a_question_page_shows_the_audit_trail(trainer, published_question):
    body = (
        client_for(trainer).get(reverse("questions:detail", args=[published_question.uid])).content.decode()
    )
    assert "En relecture → Publiée" in body


def test_another_trainer_gets_404_on_a_draft(other_trainer, draft_question):
    response = client_for(other_trainer).get(reverse("questions:detail", args=[draft_question.uid]))
    assert response.status_code == 404


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_get_403_on_a_question(request, role, published_question):
    user = request.getfixturevalue(role)
    response = client_for(user).get(reverse("questions:detail", args=[published_question.uid]))
    assert response.status_code == 403


def test_a_question_page_refuses_post(trainer, draft_question):
    response = client_for(trainer).post(reverse("questions:detail", args=[draft_question.uid]))
    assert response.status_code == 405


# --- Candidate preview and "try it" -------------------------------------------------------------


def test_the_preview_shows_the_question_without_its_answer_key(other_trainer, published_question):
    body = (
        client_for(other_trainer)
        .get(reverse("questions:preview", args=[published_question.uid]))
        .content.decode()
    )
    assert "Jouer le cavalier" in body
    assert "Corrigé" not in body
    assert "Article 4.3.1 : la pièce touchée" not in body


def test_trying_the_right_answer_scores_full_marks(other_trainer, published_question):
    url = reverse("questions:preview", args=[published_question.uid])
    response = client_for(other_trainer).post(url, {"answer": "a"})
    assert response.context["score"].correct is True
    assert 'data-score="1' in response.content.decode()


def test_trying_a_wrong_answer_scores_zero(other_trainer, published_question):
    url = reverse("questions:preview", args=[published_question.uid])
    response = client_for(other_trainer).post(url, {"answer": "b"}, HTTP_HX_REQUEST="true")
    assert response.context["score"].correct is False
    assert "<html" not in response.content.decode()


def test_trying_a_ruling_scores_decision_and_sanctions(trainer, ruling_question):
    url = reverse("questions:preview", args=[ruling_question.uid])
    response = client_for(trainer).post(url, {"decision": "draw", "sanctions": ["none"]})
    assert response.context["score"].correct is True


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_preview(request, role, published_question):
    user = request.getfixturevalue(role)
    assert (
        client_for(user).get(reverse("questions:preview", args=[published_question.uid])).status_code == 403
    )


def test_the_preview_refuses_put(trainer, published_question):
    assert (
        client_for(trainer).put(reverse("questions:preview", args=[published_question.uid])).status_code
        == 405
    )


def test_the_preview_of_an_unknown_version_is_404(trainer, published_question):
    url = reverse("questions:preview", args=[published_question.uid]) + "?version=9"
    assert client_for(trainer).get(url).status_code == 404


# --- History --------------------------------------------------------------------------------------


def test_the_history_shows_a_word_diff_between_versions(trainer, published_question):
    changed = core_samples.single(
        stem_fr="Un joueur touche son fou sans dire « j'adoube ». Que doit-il faire ?"
    )
    services.save_draft(question=published_question, user=trainer, content=changed)
    body = (
        client_for(trainer).get(reverse("questions:history", args=[published_question.uid])).content.decode()
    )
    assert "<del>cavalier</del>" in body
    assert "<ins>fou</ins>" in body


def test_the_history_diffs_options(trainer, published_question):
    changed = core_samples.single()
    changed["body"]["options"][1]["text_fr"] = "Jouer une autre pièce"
    services.save_draft(question=published_question, user=trainer, content=changed)
    body = (
        client_for(trainer).get(reverse("questions:history", args=[published_question.uid])).content.decode()
    )
    assert "<ins>une autre pièce</ins>" in body


def test_the_history_diff_is_a_fragment_for_htmx(trainer, published_question):
    services.save_draft(
        question=published_question, user=trainer, content=core_samples.single(stem_fr="Autre énoncé")
    )
    url = reverse("questions:history", args=[published_question.uid])
    response = client_for(trainer).get(url, {"a": "1", "b": "2"}, HTTP_HX_REQUEST="true")
    assert response.content.decode().lstrip().startswith('<section id="diff"')


def test_the_history_hides_the_revision_draft_from_other_trainers(trainer, other_trainer, published_question):
    services.save_draft(
        question=published_question, user=trainer, content=core_samples.single(stem_fr="Secret")
    )
    response = client_for(other_trainer).get(reverse("questions:history", args=[published_question.uid]))
    assert [version.number for version in response.context["versions"]] == [1]


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_read_the_history(request, role, published_question):
    user = request.getfixturevalue(role)
    assert (
        client_for(user).get(reverse("questions:history", args=[published_question.uid])).status_code == 403
    )


def test_the_history_refuses_post(trainer, published_question):
    assert (
        client_for(trainer).post(reverse("questions:history", args=[published_question.uid])).status_code
        == 405
    )


def test_the_home_page_offers_the_bank_to_trainers(trainer):
    body = client_for(trainer).get("/").content.decode()
    assert 'data-panel="questions"' in body
    assert 'data-nav="reviews"' in body


def test_the_home_page_does_not_offer_the_bank_to_trainees(trainee):
    body = client_for(trainee).get("/").content.decode()
    assert 'data-nav="questions"' not in body


def test_the_list_varies_on_htmx_requests(trainer):
    assert "HX-Request" in client_for(trainer).get(BANK)["Vary"]
