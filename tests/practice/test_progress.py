"""The trainee's dashboard on a small known history, and the bank's practice statistics."""

from __future__ import annotations

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services as delivery
from delivery.models import Paper, PaperItem
from practice import progress, services
from practice.models import Card, TrainingPaper
from practice.services import Criteria
from practice.statistics import practice_rows
from tests.conftest import client_for, make_user
from tests.delivery.conftest import publish
from tests.practice.conftest import cite
from tests.practice.helpers import answer
from tests.questions import core_samples

NOW = timezone.now()


def known_history(trainee):
    """Article 4: one wrong; Article 9: both right; then a UVR mock passed 3 out of 4."""
    attempt = services.start_practice(trainee=trainee, criteria=Criteria(unit="UVR"), seed=1, now=NOW)
    answer(attempt, "art4-single", right=False, at=NOW)
    answer(attempt, "art9-single", right=True, at=NOW)
    answer(attempt, "art9-truefalse", right=True, at=NOW)
    return attempt


def sit_mock(trainee, wrong: str):
    mock = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    for uid in ("art4-single", "art4-truefalse", "art9-single", "art9-truefalse"):
        answer(mock, uid, right=uid != wrong, at=NOW, check=False)
    return delivery.submit_attempt(attempt=mock, now=NOW + timedelta(minutes=40))


def test_mastery_per_unit_counts_questions_whose_last_answer_was_right(trainee, bank_questions):
    known_history(trainee)
    uvr = progress.unit_mastery([trainee.pk])[trainee.pk]["UVR"]
    assert (uvr.in_service, uvr.mastered, uvr.seen, uvr.answers, uvr.correct) == (4, 2, 3, 3, 2)


def test_mastery_per_family_keeps_article_families_apart(trainee, bank_questions):
    known_history(trainee)
    families = progress.family_mastery([trainee.pk])[trainee.pk]
    assert (families["laws:4"].mastered, families["laws:4"].answers) == (0, 1)
    assert (families["laws:9"].mastered, families["laws:9"].accuracy_percent) == (2, 100)


def test_each_answered_question_counts_its_answers_and_its_last_one(trainee, other_trainee, bank_questions):
    known_history(trainee)
    attempt = services.start_practice(trainee=trainee, criteria=Criteria(unit="UVR"), seed=2, now=NOW)
    answer(attempt, "art4-single", right=True, at=NOW + timedelta(minutes=5))
    ids = {uid: bank_questions[uid].question_id for uid in ("art4-single", "art9-single")}
    answered = progress._per_question([trainee.pk, other_trainee.pk])
    assert answered[trainee.pk][ids["art4-single"]] == (2, 1, True)
    assert answered[trainee.pk][ids["art9-single"]] == (1, 1, True)
    assert other_trainee.pk not in answered


def test_mastery_is_given_for_several_trainees_at_once(trainee, other_trainee, bank_questions):
    known_history(trainee)
    result = progress.unit_mastery([trainee.pk, other_trainee.pk])
    assert result[trainee.pk]["UVR"].mastered == 2 and result[other_trainee.pk]["UVR"].mastered == 0


def test_the_trend_counts_this_weeks_answers(trainee, bank_questions):
    known_history(trainee)
    week = progress.weekly_trend(trainee.pk, now=NOW)[-1]
    assert (week.answers, week.correct) == (3, 2)


def test_the_dashboard_shows_the_numbers_and_the_mock_against_the_pass_mark(trainee, mock_blueprints):
    known_history(trainee)
    sit_mock(trainee, wrong="art4-truefalse")  # art4-single now right, art4-truefalse wrong
    html = unescape(client_for(trainee).get(reverse("practice:dashboard")).content.decode())
    assert "3 / 4 (75 %)" in html  # UVR questions mastered
    assert "3 / 4 (75 %)</td><td>50 %</td><td>réussi" in html  # the mock and its pass mark


def test_readiness_is_stated_plainly_from_the_mock_and_the_accuracy(trainee, mock_blueprints):
    known_history(trainee)
    sit_mock(trainee, wrong="art4-truefalse")  # 75 % at the mock, 5 right answers out of 7
    html = client_for(trainee).get(reverse("practice:dashboard")).content.decode()
    assert 'data-readiness="ready"' in html and "Au niveau" in html


def test_without_enough_answers_readiness_says_so(trainee, bank_questions):
    known_history(trainee)
    row = progress.unit_mastery([trainee.pk])[trainee.pk]["UVR"]
    assert progress.readiness(row, []).level == "unknown"


def test_a_failed_mock_means_not_yet(trainee, mock_blueprints):
    for uid in ("art4-single", "art4-truefalse", "art9-single"):
        mock = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
        answer(mock, uid, right=True, at=NOW, check=False)
        delivery.submit_attempt(attempt=mock, now=NOW)
    row = progress.unit_mastery([trainee.pk])[trainee.pk]["UVR"]
    mocks = list(progress.mock_results([trainee.pk]))
    assert progress.readiness(row, mocks).level == "almost"  # 100 % right, but every mock failed


def test_the_next_session_of_each_unit_is_shown(trainee, exam_staff, bank_questions):
    from exams.models import ExamSession, SessionStatus

    today = timezone.localdate()
    ExamSession.objects.create(unit="UVR", date=today + timedelta(days=40), start_time="09:00",
                               duration=timedelta(hours=2), registration_closes_on=today + timedelta(days=20),
                               status=SessionStatus.OPEN, created_by=exam_staff)
    html = client_for(trainee).get(reverse("practice:dashboard")).content.decode()
    assert "Prochaine session" in html and "Inscriptions ouvertes" in html


@pytest.mark.parametrize("status", ["published", "sat"])
def test_a_session_of_today_already_sat_is_not_the_next_session(trainee, exam_staff, bank_questions, status):
    from exams.models import ExamSession

    today = timezone.localdate()
    ExamSession.objects.create(unit="UVR", date=today, start_time="09:00", duration=timedelta(hours=2),
                               registration_closes_on=today - timedelta(days=20), status=status,
                               created_by=exam_staff)
    html = client_for(trainee).get(reverse("practice:dashboard")).content.decode()
    assert "Prochaine session" not in html


def test_an_open_session_after_a_published_one_is_the_next_session(trainee, exam_staff, bank_questions):
    from exams.models import ExamSession, SessionStatus

    today = timezone.localdate()
    for days, status in ((0, SessionStatus.PUBLISHED), (30, SessionStatus.OPEN)):
        day = today + timedelta(days=days)
        ExamSession.objects.create(unit="UVR", date=day, start_time="09:00", duration=timedelta(hours=2),
                                   registration_closes_on=day - timedelta(days=20), status=status,
                                   created_by=exam_staff)
    assert progress.next_sessions()["UVR"].date == today + timedelta(days=30)


def test_the_bank_counts_practice_and_mock_answers_apart_from_exams(trainee, trainer, mock_blueprints):
    known_history(trainee)
    sit_mock(trainee, wrong="art4-single")
    version = Card.objects.get(question__uid="art4-single").question.current_version
    exam = Paper.objects.create(title="UVR — examen")
    PaperItem.objects.create(paper=exam, position=1, version=version, points=1)
    sitting = delivery.start_attempt(paper=exam, candidate=trainee)
    answer(sitting, "art4-single", right=True, check=False)
    delivery.submit_attempt(attempt=sitting)
    rows = {row.purpose: row for row in practice_rows(version.question)}
    assert set(rows) == {"practice", "mock"}
    assert (rows["practice"].answers, rows["practice"].correct) == (1, 0)
    assert (rows["mock"].answers, rows["mock"].correct) == (1, 0)


def test_the_question_page_shows_the_practice_statistics_to_its_authors(trainee, trainer, bank_questions):
    known_history(trainee)
    question = bank_questions["art9-single"].question
    html = client_for(trainer).get(question.get_absolute_url()).content.decode()
    assert "Statistiques d" in html and "data-practice-statistics" in html


def test_the_demo_gives_the_demo_trainee_a_history_once(bank_questions, mock_blueprints):
    from practice import demo

    demo_trainee = make_user(demo.TRAINEE, "trainee")
    assert demo.load()
    papers = TrainingPaper.objects.filter(trainee=demo_trainee).count()
    assert demo.load() == [] and TrainingPaper.objects.filter(trainee=demo_trainee).count() == papers
    assert progress.mock_results([demo_trainee.pk]).count() == 1
    assert services.due_count(demo_trainee) > 0


def test_a_question_published_after_a_reading_counts_at_once(trainee, trainer, reviewer, bank_questions):
    """The bank's index kept in the process follows the bank: the next reading sees the new
    question, and a reading with the bank unchanged returns the index already built."""
    before = progress.unit_mastery([trainee.pk])[trainee.pk]["UVR"].in_service
    assert progress.bank_index() is progress.bank_index()
    publish(core_samples.single(citations=cite("4.3.2")), "art4-single-bis", trainer, reviewer)
    assert progress.unit_mastery([trainee.pk])[trainee.pk]["UVR"].in_service == before + 1
