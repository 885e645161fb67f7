"""Submit, the review queue, the review page, comments, approve, ask for changes, retire."""

from __future__ import annotations

import pytest
from django.urls import reverse

from questions import services
from questions.content import validate_content
from questions.models import Question, ReviewComment, Status, StatusChange
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import flag_fall_ruling

FORBIDDEN = ["trainee", "grader", "exam_staff", "stranger"]
QUEUE = reverse("questions:review_queue")


def url(name: str, question) -> str:
    return reverse(f"questions:{name}", args=[question.uid])


# --- Submit -------------------------------------------------------------------------------------


def test_the_author_submits_a_draft_for_review(trainer, draft_question):
    response = client_for(trainer).post(url("submit", draft_question))
    draft_question.refresh_from_db()
    assert response.status_code == 302
    assert draft_question.status == Status.IN_REVIEW


def test_submitting_is_logged(trainer, draft_question):
    client_for(trainer).post(url("submit", draft_question))
    assert StatusChange.objects.filter(
        question=draft_question, to_status=Status.IN_REVIEW, actor=trainer
    ).exists()


def test_submitting_is_refused_when_the_engine_objects(trainer):
    question = services.create_question(author=trainer, content=flag_fall_ruling("black"), uid="q-wrong-key")
    response = client_for(trainer).post(url("submit", question), follow=True)
    question.refresh_from_db()
    assert question.status == Status.DRAFT
    assert "6.9" in response.content.decode()


def test_another_trainer_cannot_submit_a_draft(other_trainer, draft_question):
    assert client_for(other_trainer).post(url("submit", draft_question)).status_code == 404


def test_a_question_in_review_cannot_be_submitted_again(trainer, in_review_question):
    response = client_for(trainer).post(url("submit", in_review_question))
    assert response.status_code == 302
    assert in_review_question.status_changes.count() == 2  # created, submitted: nothing more


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_submit(request, role, draft_question):
    assert client_for(request.getfixturevalue(role)).post(url("submit", draft_question)).status_code == 403


def test_submit_refuses_get(trainer, draft_question):
    assert client_for(trainer).get(url("submit", draft_question)).status_code == 405


# --- The queue ------------------------------------------------------------------------------------


def test_the_queue_lists_other_trainers_questions(other_trainer, in_review_question):
    body = client_for(other_trainer).get(QUEUE).content.decode()
    assert f'data-uid="{in_review_question.uid}"' in body


def test_the_queue_leaves_out_the_reviewers_own_questions(trainer, in_review_question):
    body = client_for(trainer).get(QUEUE).content.decode()
    assert f'data-uid="{in_review_question.uid}"' not in body


def test_the_queue_leaves_out_drafts(other_trainer, draft_question):
    assert draft_question.uid not in client_for(other_trainer).get(QUEUE).content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_have_no_queue(request, role):
    assert client_for(request.getfixturevalue(role)).get(QUEUE).status_code == 403


def test_the_queue_refuses_post(other_trainer):
    assert client_for(other_trainer).post(QUEUE).status_code == 405


# --- The review page --------------------------------------------------------------------------------


def test_a_reviewer_opens_the_review_page(other_trainer, in_review_question):
    response = client_for(other_trainer).get(url("review", in_review_question))
    assert response.status_code == 200
    assert 'data-action="approve"' in response.content.decode()


def test_the_author_sees_the_thread_but_no_decision_buttons(trainer, in_review_question):
    body = client_for(trainer).get(url("review", in_review_question)).content.decode()
    assert 'id="comments"' in body
    assert 'data-action="approve"' not in body


def test_the_review_page_shows_the_engine_verdict(other_trainer, ruling_question):
    body = client_for(other_trainer).get(url("review", ruling_question)).content.decode()
    assert 'data-engine="agrees"' in body


def test_the_review_page_asks_the_engine_panel_about_the_scenario(other_trainer, ruling_question):
    body = client_for(other_trainer).get(url("review", ruling_question)).content.decode()
    assert f'hx-post="{reverse("positions:analyse_panel")}"' in body
    assert 'name="flag_fell" value="white"' in body


def test_a_draft_has_no_review_page_for_other_trainers(other_trainer, draft_question):
    assert client_for(other_trainer).get(url("review", draft_question)).status_code == 404


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_open_the_review_page(request, role, in_review_question):
    assert client_for(request.getfixturevalue(role)).get(url("review", in_review_question)).status_code == 403


def test_the_review_page_refuses_post(other_trainer, in_review_question):
    assert client_for(other_trainer).post(url("review", in_review_question)).status_code == 405


# --- Comments ---------------------------------------------------------------------------------------


def test_a_reviewer_comments(other_trainer, in_review_question):
    response = client_for(other_trainer).post(
        url("comment", in_review_question), {"text": "Citer aussi 4.2."}
    )
    assert response.status_code == 302
    assert ReviewComment.objects.get().text == "Citer aussi 4.2."


def test_the_author_answers_in_the_thread_through_htmx(trainer, in_review_question):
    response = client_for(trainer).post(
        url("comment", in_review_question), {"text": "C'est fait."}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="comments"')
    assert "C&#x27;est fait." in body


def test_an_empty_comment_is_refused_with_422(other_trainer, in_review_question):
    response = client_for(other_trainer).post(url("comment", in_review_question), {"text": "  "})
    assert response.status_code == 422
    assert not ReviewComment.objects.exists()


def test_an_empty_comment_through_htmx_comes_back_with_its_error(other_trainer, in_review_question):
    response = client_for(other_trainer).post(
        url("comment", in_review_question), {"text": ""}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()


def test_other_trainers_cannot_comment_on_a_draft(other_trainer, draft_question):
    assert client_for(other_trainer).post(url("comment", draft_question), {"text": "x"}).status_code == 404


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_comment(request, role, in_review_question):
    user = request.getfixturevalue(role)
    assert client_for(user).post(url("comment", in_review_question), {"text": "x"}).status_code == 403


def test_comment_refuses_get(other_trainer, in_review_question):
    assert client_for(other_trainer).get(url("comment", in_review_question)).status_code == 405


# --- Approve ----------------------------------------------------------------------------------------


def test_another_trainer_approves_and_publishes(other_trainer, in_review_question):
    response = client_for(other_trainer).post(url("approve", in_review_question), {"text": "Parfait."})
    in_review_question.refresh_from_db()
    assert response.status_code == 302
    assert (in_review_question.status, in_review_question.reviewer) == (Status.PUBLISHED, other_trainer)


def test_the_author_cannot_approve_their_own_question(trainer, in_review_question):
    response = client_for(trainer).post(url("approve", in_review_question))
    in_review_question.refresh_from_db()
    assert response.status_code == 403
    assert in_review_question.status == Status.IN_REVIEW


def test_an_administrator_approves(administrator, in_review_question):
    client_for(administrator).post(url("approve", in_review_question))
    in_review_question.refresh_from_db()
    assert in_review_question.status == Status.PUBLISHED


def test_approval_is_refused_with_the_engines_explanation(trainer, other_trainer, ruling_question):
    # The answer key was changed after submission in a way the engine rejects.
    wrong = flag_fall_ruling("black")
    draft = ruling_question.draft
    draft.set_content(validate_content(wrong)[0])
    draft.save()
    response = client_for(other_trainer).post(url("approve", ruling_question))
    ruling_question.refresh_from_db()
    assert response.status_code == 422
    assert "6.9" in response.content.decode()
    assert ruling_question.status == Status.IN_REVIEW


def test_a_draft_cannot_be_approved(other_trainer, trainer):
    question = services.create_question(author=trainer, content=core_samples.single(), uid="q-d")
    assert client_for(other_trainer).post(url("approve", question)).status_code == 404


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_approve(request, role, in_review_question):
    assert (
        client_for(request.getfixturevalue(role)).post(url("approve", in_review_question)).status_code == 403
    )


def test_approve_refuses_get(other_trainer, in_review_question):
    assert client_for(other_trainer).get(url("approve", in_review_question)).status_code == 405


# --- Request changes ----------------------------------------------------------------------------------


def test_a_reviewer_sends_the_question_back_with_a_comment(other_trainer, in_review_question):
    response = client_for(other_trainer).post(
        url("request_changes", in_review_question), {"text": "Ajouter 4.2."}
    )
    in_review_question.refresh_from_db()
    assert response.status_code == 302
    assert in_review_question.status == Status.DRAFT
    assert ReviewComment.objects.get().text == "Ajouter 4.2."


def test_asking_for_changes_needs_an_explanation(other_trainer, in_review_question):
    response = client_for(other_trainer).post(url("request_changes", in_review_question), {"text": ""})
    in_review_question.refresh_from_db()
    assert response.status_code == 422
    assert in_review_question.status == Status.IN_REVIEW


def test_the_author_cannot_send_back_their_own_question(trainer, in_review_question):
    response = client_for(trainer).post(url("request_changes", in_review_question), {"text": "x"})
    assert response.status_code == 403


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_ask_for_changes(request, role, in_review_question):
    user = request.getfixturevalue(role)
    assert client_for(user).post(url("request_changes", in_review_question), {"text": "x"}).status_code == 403


def test_request_changes_refuses_get(other_trainer, in_review_question):
    assert client_for(other_trainer).get(url("request_changes", in_review_question)).status_code == 405


# --- Retire --------------------------------------------------------------------------------------------


def test_a_reviewer_retires_a_published_question(other_trainer, published_question):
    client_for(other_trainer).post(url("retire", published_question))
    published_question.refresh_from_db()
    assert published_question.status == Status.RETIRED


def test_a_draft_cannot_be_retired(trainer, draft_question):
    assert client_for(trainer).post(url("retire", draft_question)).status_code == 403


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_retire(request, role, published_question):
    assert (
        client_for(request.getfixturevalue(role)).post(url("retire", published_question)).status_code == 403
    )


def test_retire_refuses_get(other_trainer, published_question):
    assert client_for(other_trainer).get(url("retire", published_question)).status_code == 405


# --- The whole path -------------------------------------------------------------------------------------


def test_the_full_path_from_draft_to_published_and_revised(trainer, other_trainer):
    from tests.questions.conftest import editor_data

    author, reviewer = client_for(trainer), client_for(other_trainer)
    author.post(reverse("questions:create"), editor_data(flag_fall_ruling(), uid="q-path"))
    question = Question.objects.get(uid="q-path")
    author.post(url("submit", question))
    reviewer.post(url("request_changes", question), {"text": "Préciser la cadence."})
    author.post(
        url("edit", question), editor_data(flag_fall_ruling(), uid="q-path", stem_fr="En cadence lente, …")
    )
    author.post(url("submit", question))
    reviewer.post(url("approve", question))
    question.refresh_from_db()
    assert question.status == Status.PUBLISHED
    assert question.current_version.stem_fr == "En cadence lente, …"
    preview = reviewer.get(url("preview", question)).content.decode()
    assert "En cadence lente" in preview


# --- The "to review" flag after a change of the rules --------------------------------------------------


def test_a_reviewer_declares_a_flagged_question_checked(other_trainer, published_question):
    services.flag_questions_citing(edition="2018", numbers=["4.3.1"])
    response = client_for(other_trainer).post(url("clear_flag", published_question))
    published_question.refresh_from_db()
    assert response.status_code == 302
    assert not published_question.needs_review


def test_an_unflagged_question_cannot_be_cleared(other_trainer, published_question):
    assert client_for(other_trainer).post(url("clear_flag", published_question)).status_code == 403


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_clear_the_flag(request, role, published_question):
    services.flag_questions_citing(edition="2018", numbers=["4.3.1"])
    assert (
        client_for(request.getfixturevalue(role)).post(url("clear_flag", published_question)).status_code
        == 403
    )


def test_clear_flag_refuses_get(other_trainer, published_question):
    assert client_for(other_trainer).get(url("clear_flag", published_question)).status_code == 405


def test_the_review_page_of_a_published_question_leads_to_the_question(other_trainer, published_question):
    response = client_for(other_trainer).get(url("review", published_question))
    assert response.status_code == 302
    assert response["Location"] == url("detail", published_question)


def test_past_review_comments_stay_on_the_question_page(trainer, other_trainer, in_review_question):
    services.add_comment(question=in_review_question, user=other_trainer, text="Très clair.")
    services.approve(question=in_review_question, reviewer=other_trainer)
    body = client_for(trainer).get(url("detail", in_review_question)).content.decode()
    assert "Très clair." in body


def test_comments_on_a_revision_draft_are_hidden_from_other_trainers(
    trainer, other_trainer, administrator, published_question
):
    services.save_draft(question=published_question, user=trainer, content=core_samples.single(difficulty=3))
    published_question.refresh_from_db()
    services.add_comment(question=published_question, user=trainer, text="Note privée sur la révision.")
    body = client_for(other_trainer).get(url("detail", published_question)).content.decode()
    assert "Note privée" not in body


# --- Withdraw --------------------------------------------------------------------------------------------


def test_the_author_takes_a_question_back_from_review(trainer, in_review_question):
    response = client_for(trainer).post(url("withdraw", in_review_question))
    in_review_question.refresh_from_db()
    assert response.status_code == 302
    assert in_review_question.status == Status.DRAFT


def test_withdrawing_is_logged(trainer, in_review_question):
    client_for(trainer).post(url("withdraw", in_review_question))
    change = StatusChange.objects.filter(question=in_review_question).latest("pk")
    assert (change.from_status, change.to_status, change.actor) == (Status.IN_REVIEW, Status.DRAFT, trainer)


def test_a_reviewer_cannot_withdraw_someone_elses_question(other_trainer, in_review_question):
    assert client_for(other_trainer).post(url("withdraw", in_review_question)).status_code == 403


def test_a_draft_cannot_be_withdrawn(trainer, draft_question):
    response = client_for(trainer).post(url("withdraw", draft_question))
    assert response.status_code == 302
    assert draft_question.status_changes.count() == 1


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_withdraw(request, role, in_review_question):
    assert (
        client_for(request.getfixturevalue(role)).post(url("withdraw", in_review_question)).status_code == 403
    )


def test_withdraw_refuses_get(trainer, in_review_question):
    assert client_for(trainer).get(url("withdraw", in_review_question)).status_code == 405
