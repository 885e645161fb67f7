"""No attempt but the exam's own shows, saves, checks or grades a question reserved for an exam.

Every way a trainee can start, see or check an attempt on the delivery engine is here: a fixed
practice paper of "Mes épreuves" (start, page, "Vérifier", autosave, summary, hand-in,
correction), a mock exam and a review drawn before the lock, and the staff preview. The
practice app's own draws, the lessons' papers and the bank have their tests beside them."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from delivery import presentation, services
from delivery.models import Attempt, Purpose, Response
from papers.services import unlock_paper
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import (
    FREE_STEM,
    RESERVED_EXPLANATION,
    RESERVED_OPTION,
    RESERVED_STEM,
    WITHHELD_NOTICE,
    paper_of,
    publish_pair,
    register,
    release,
)


@pytest.fixture
def versions(trainer, reviewer):
    return publish_pair(trainer, reviewer)


@pytest.fixture
def exam_paper(versions):
    reserved, _free = versions
    return paper_of([reserved], purpose=Purpose.EXAM, title="UVC nationale")


@pytest.fixture
def practice(versions, exam_paper):
    """A fixed practice paper of "Mes épreuves" holding the reserved question and a free one."""
    reserved, free = versions
    return paper_of([free, reserved], purpose=Purpose.PRACTICE, title="Entraînement de découverte")


def started(client, paper) -> Attempt:
    client.post(reverse("delivery:start", args=[paper.pk]))
    return Attempt.objects.get(paper=paper)


def reserved_item(paper):
    return paper.items.get(version__question__uid="exam-stops-clock")


def shows_the_reserved_question(html: str) -> bool:
    return any(text in html for text in (RESERVED_STEM, RESERVED_EXPLANATION, RESERVED_OPTION))


def test_the_practice_page_does_not_show_a_question_a_locked_exam_paper_holds(trainee, practice):
    client = client_for(trainee)
    html = client.get(reverse("delivery:attempt", args=[started(client, practice).pk])).content.decode()
    assert not shows_the_reserved_question(html)
    assert FREE_STEM in html and WITHHELD_NOTICE in html


def test_checking_the_reserved_question_is_refused_with_a_message_and_no_key(trainee, practice):
    client = client_for(trainee)
    attempt = started(client, practice)
    response = client.post(
        reverse("delivery:check", args=[attempt.pk]),
        {"item": reserved_item(practice).pk, "sequence": "1", f"q{reserved_item(practice).pk}-choice": "a"},
    )
    assert response.status_code == 400 and WITHHELD_NOTICE in response.content.decode()
    assert not shows_the_reserved_question(response.content.decode())
    assert not Response.objects.filter(attempt=attempt).exists()


def test_the_autosave_refuses_the_reserved_question(trainee, practice):
    client = client_for(trainee)
    attempt = started(client, practice)
    response = client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {"item": reserved_item(practice).pk, "sequence": "1"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400 and WITHHELD_NOTICE in json.loads(response.content)["message"]


def test_the_engine_refuses_to_check_it_whoever_calls_it(trainee, practice):
    attempt = services.start_attempt(paper=practice, candidate=trainee)
    with pytest.raises(services.ItemWithheld):
        services.check_response(attempt=attempt, item_id=reserved_item(practice).pk)


def test_the_engine_refuses_to_save_it_whoever_calls_it(trainee, practice):
    attempt = services.start_attempt(paper=practice, candidate=trainee)
    with pytest.raises(services.ItemWithheld):
        services.save_response(
            attempt=attempt, item_id=reserved_item(practice).pk, answer={"choice": "a"}, sequence=1
        )


def test_the_summary_before_handing_in_leaves_it_out(trainee, practice):
    client = client_for(trainee)
    attempt = started(client, practice)
    html = client.get(reverse("delivery:submit", args=[attempt.pk])).content.decode()
    assert "Question 2" not in html and WITHHELD_NOTICE in html


def test_the_correction_shows_neither_the_question_nor_its_key_and_does_not_count_it(trainee, practice):
    client = client_for(trainee)
    attempt = started(client, practice)
    client.post(reverse("delivery:submit", args=[attempt.pk]))
    html = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    attempt.refresh_from_db()
    assert not shows_the_reserved_question(html) and WITHHELD_NOTICE in html
    assert attempt.max_score == 1


def test_an_attempt_started_before_the_lock_withholds_it_from_then_on(trainee, versions):
    reserved, free = versions
    practice = paper_of([free, reserved], purpose=Purpose.PRACTICE)
    attempt = services.start_attempt(paper=practice, candidate=trainee)
    assert len(presentation.page_items(attempt)) == 2
    paper_of([reserved], purpose=Purpose.EXAM)
    assert [item.version for item in presentation.page_items(attempt)] == [free]


def test_a_mock_drawn_before_the_lock_withholds_it(trainee, versions, exam_paper):
    reserved, free = versions
    mock = paper_of([reserved, free], purpose=Purpose.MOCK, feedback="at_end")
    attempt = services.submit_attempt(attempt=services.start_attempt(paper=mock, candidate=trainee))
    html = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert not shows_the_reserved_question(html) and attempt.max_score == 1


def test_the_exam_s_own_attempt_shows_it(trainee, exam_paper):
    attempt = services.start_attempt(paper=exam_paper, candidate=trainee)
    html = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert RESERVED_STEM in html and WITHHELD_NOTICE not in html


def test_an_unlocked_exam_paper_reserves_nothing(trainee, versions):
    reserved, free = versions
    paper_of([reserved], purpose=Purpose.EXAM, locked=False)
    attempt = services.start_attempt(
        paper=paper_of([free, reserved], purpose=Purpose.PRACTICE), candidate=trainee
    )
    assert len(presentation.page_items(attempt)) == 2


def test_an_exam_paper_unlocked_for_a_change_still_reserves_its_questions(
    trainee, other_trainee, versions, exam_staff
):
    reserved, free = versions
    exam = paper_of([reserved], purpose=Purpose.EXAM)
    register(other_trainee, exam, exam_staff)
    unlock_paper(paper=exam, actor=exam_staff, reason="Coquille dans l'énoncé")
    attempt = services.start_attempt(
        paper=paper_of([free, reserved], purpose=Purpose.PRACTICE), candidate=trainee
    )
    assert [item.version for item in presentation.page_items(attempt)] == [free]


def test_the_question_comes_back_once_the_jury_releases_the_exam(
    trainee, other_trainee, practice, exam_paper
):
    release(exam_paper, other_trainee)
    client = client_for(trainee)
    html = client.get(reverse("delivery:attempt", args=[started(client, practice).pk])).content.decode()
    assert RESERVED_STEM in html and WITHHELD_NOTICE not in html


def test_the_preview_of_a_practice_paper_withholds_it(trainer, practice):
    html = client_for(trainer).get(reverse("delivery:paper_preview", args=[practice.pk])).content.decode()
    assert not shows_the_reserved_question(html) and WITHHELD_NOTICE in html


def test_the_staff_preview_of_the_exam_paper_shows_it(exam_staff, exam_paper):
    html = (
        client_for(exam_staff).get(reverse("delivery:paper_preview", args=[exam_paper.pk])).content.decode()
    )
    assert RESERVED_STEM in html


def test_no_api_path_starts_shows_or_checks_an_attempt_nor_reads_the_bank(client):
    """The JSON API (config/api_urls.py) serves the rulebook, the chess analysis and certificate
    checks only: a route that delivers questions must go through ``services.attempt_items``
    and be added to this list knowingly."""
    paths = json.loads(client.get("/api/openapi.json").content)["paths"]
    assert {path.split("/")[1] for path in paths} == {"rules", "chess", "certificates"}
