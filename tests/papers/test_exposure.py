"""The exposure report on an exam paper, the threshold above which it is not locked, and the
conflict rule: a candidate of the session does not read its paper."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services as delivery
from delivery.models import Paper, Purpose
from papers import services
from papers.models import ExposurePolicy
from tests.conftest import client_for, make_user
from tests.delivery.exposure_fixtures import paper_of, publish_pair, register, release


@pytest.fixture
def versions(trainer, other_trainer):
    return publish_pair(trainer, other_trainer)


@pytest.fixture
def draft_exam(versions):
    """An exam paper in preparation holding both questions."""
    reserved, free = versions
    return paper_of([reserved, free], purpose=Purpose.EXAM, locked=False, title="UVR juin")


def seen_in_practice(version, *people):
    practice = paper_of([version], purpose=Purpose.PRACTICE)
    for person in people:
        delivery.start_attempt(paper=practice, candidate=person)
    return practice


def test_the_report_counts_distinct_trainees_who_met_the_question_outside_an_exam(
    trainee, versions, draft_exam
):
    other = make_user("olga@example.org", "trainee")
    seen_in_practice(versions[0], trainee, other)
    seen_in_practice(versions[0], trainee)
    rows = {row.item.version: row for row in services.exposure_report(draft_exam)}
    assert rows[versions[0]].trainees == 2 and rows[versions[1]].trainees == 0
    assert rows[versions[0]].first <= rows[versions[0]].last


def test_the_report_leaves_out_exam_attempts(trainee, versions, draft_exam):
    delivery.start_attempt(paper=paper_of([versions[0]], purpose=Purpose.EXAM), candidate=trainee)
    assert all(row.trainees == 0 for row in services.exposure_report(draft_exam))


def test_the_paper_page_shows_the_report(exam_staff, trainee, versions, draft_exam):
    seen_in_practice(versions[0], trainee)
    html = client_for(exam_staff).get(reverse("papers:paper", args=[draft_exam.pk])).content.decode()
    assert 'data-exposure="1"' in html and 'data-exposure="0"' in html


def test_locking_is_refused_above_the_threshold_with_the_exposed_questions_named(
    exam_staff, trainee, versions, draft_exam
):
    services.set_exposure_threshold(max_trainees=0, actor=exam_staff)
    seen_in_practice(versions[0], trainee)
    with pytest.raises(services.CompositionError, match="exam-stops-clock"):
        services.lock_paper(paper=draft_exam, actor=exam_staff)
    assert not Paper.objects.get(pk=draft_exam.pk).is_locked


def test_locking_is_allowed_at_the_threshold(exam_staff, trainee, versions, draft_exam):
    services.set_exposure_threshold(max_trainees=1, actor=exam_staff)
    seen_in_practice(versions[0], trainee)
    assert services.lock_paper(paper=draft_exam, actor=exam_staff).is_locked


def test_without_a_threshold_locking_is_allowed(exam_staff, trainee, versions, draft_exam):
    seen_in_practice(versions[0], trainee)
    assert services.lock_paper(paper=draft_exam, actor=exam_staff).is_locked


def test_the_lock_button_says_why_it_was_refused(exam_staff, trainee, versions, draft_exam):
    services.set_exposure_threshold(max_trainees=0, actor=exam_staff)
    seen_in_practice(versions[0], trainee)
    client = client_for(exam_staff)
    html = client.post(reverse("papers:paper_lock", args=[draft_exam.pk]), follow=True).content.decode()
    assert "Verrouillage refusé" in html and "exam-stops-clock" in html


def test_exam_staff_set_the_threshold(exam_staff):
    response = client_for(exam_staff).post(reverse("papers:exposure_policy"), {"max_trainees": "3"})
    assert response.status_code == 302 and ExposurePolicy.current().max_trainees == 3


def test_a_negative_threshold_is_refused_with_a_message(exam_staff):
    response = client_for(exam_staff).post(reverse("papers:exposure_policy"), {"max_trainees": "-1"})
    assert response.status_code == 422 and ExposurePolicy.current().max_trainees is None


def test_a_trainer_may_not_set_the_threshold(trainer):
    assert (
        client_for(trainer).post(reverse("papers:exposure_policy"), {"max_trainees": "3"}).status_code == 403
    )


def test_setting_the_threshold_by_get_is_refused(exam_staff):
    assert client_for(exam_staff).get(reverse("papers:exposure_policy")).status_code == 405


# --- Conflict rule ----------------------------------------------------------------------------


@pytest.fixture
def staff_candidate(db):
    """Exam staff who registered for the session themselves."""
    return make_user("carla@example.org", "exam_staff", "trainer")


def test_a_candidate_of_the_session_may_not_open_its_paper_page(staff_candidate, exam_staff, draft_exam):
    register(staff_candidate, draft_exam, exam_staff)
    response = client_for(staff_candidate).get(reverse("papers:paper", args=[draft_exam.pk]))
    assert response.status_code == 403 and "inscrit" in response.content.decode()


def test_a_candidate_of_the_session_may_not_preview_its_paper(staff_candidate, exam_staff, draft_exam):
    register(staff_candidate, draft_exam, exam_staff)
    response = client_for(staff_candidate).get(reverse("delivery:paper_preview", args=[draft_exam.pk]))
    assert response.status_code == 403 and "inscrit" in response.content.decode()


def test_other_staff_still_preview_it(staff_candidate, exam_staff, draft_exam):
    register(staff_candidate, draft_exam, exam_staff)
    assert (
        client_for(exam_staff).get(reverse("delivery:paper_preview", args=[draft_exam.pk])).status_code == 200
    )


def test_a_withdrawn_candidate_is_no_longer_in_conflict(staff_candidate, exam_staff, draft_exam):
    register(staff_candidate, draft_exam, exam_staff).__class__.objects.update(status="withdrawn")
    assert client_for(staff_candidate).get(reverse("papers:paper", args=[draft_exam.pk])).status_code == 200


def test_once_the_session_has_ended_its_candidate_reads_the_paper(
    staff_candidate, exam_staff, trainee, draft_exam
):
    register(staff_candidate, draft_exam, exam_staff)
    Paper.objects.filter(pk=draft_exam.pk).update(locked_at=timezone.now())
    release(draft_exam, trainee)
    assert client_for(staff_candidate).get(reverse("papers:paper", args=[draft_exam.pk])).status_code == 200


@pytest.fixture
def superuser_candidate(db):
    return make_user("root@example.org", is_staff=True, is_superuser=True)


def test_the_admin_hides_the_paper_from_a_candidate_of_its_session(
    superuser_candidate, exam_staff, draft_exam
):
    register(superuser_candidate, draft_exam, exam_staff)
    client = client_for(superuser_candidate)
    listed = client.get(reverse("admin:delivery_paper_changelist")).content.decode()
    assert client.get(reverse("admin:delivery_paper_change", args=[draft_exam.pk])).status_code == 302
    assert "UVR juin" not in listed


def test_the_admin_hides_the_session_s_questions_from_its_candidate(
    superuser_candidate, exam_staff, draft_exam
):
    register(superuser_candidate, draft_exam, exam_staff)
    response = client_for(superuser_candidate).get(reverse("admin:questions_question_changelist"))
    assert response.status_code == 200 and "exam-stops-clock" not in response.content.decode()


def test_the_admin_still_lists_them_for_another_administrator(superuser_candidate, exam_staff, draft_exam):
    register(superuser_candidate, draft_exam, exam_staff)
    other = make_user("ops@example.org", is_staff=True, is_superuser=True)
    response = client_for(other).get(reverse("admin:questions_question_changelist"))
    assert "exam-stops-clock" in response.content.decode()
