from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from delivery import services
from delivery.models import Attempt, AttemptStatus, Paper, PaperItem
from questions.models import Question, QuestionVersion, Status


def published_single(uid: str, *, eliminatory: bool = False) -> QuestionVersion:
    question = Question.objects.create(uid=uid, status=Status.PUBLISHED)
    version = QuestionVersion(question=question, number=1, eliminatory=eliminatory)
    version.set_content({
        "type": "single", "units": ["UVR"], "tags": [], "difficulty": 2, "points": 2,
        "negative_marking": False, "eliminatory": eliminatory, "stem_fr": "Qui joue ?",
        "stem_en": "", "explanation_fr": "", "explanation_en": "", "citations": [], "source": "",
        "scenario": None,
        "body": {"options": [{"key": "a", "text_fr": "Blancs", "text_en": "", "correct": True},
                             {"key": "b", "text_fr": "Noirs", "text_en": "", "correct": False}]},
    })
    version.published_at = timezone.now()
    version.save()
    question.current_version = version
    question.save()
    return version


@pytest.fixture
def paper(db):
    paper = Paper.objects.create(title="UVR", duration=timedelta(hours=2), pass_mark=Decimal(50))
    for position, uid in enumerate(["q-one", "q-two"], start=1):
        PaperItem.objects.create(paper=paper, position=position, version=published_single(uid), points=2)
    return paper


def test_it_sets_the_deadline_from_the_duration_and_extra_time(paper, trainee):
    now = timezone.now()
    attempt = services.start_attempt(paper=paper, candidate=trainee, extra_time=timedelta(minutes=40),
                                     now=now)
    assert attempt.deadline == now + timedelta(hours=2, minutes=40)


def test_it_ignores_a_save_older_than_the_stored_one(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = paper.items.first()
    services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "b"}, sequence=5)
    result = services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=4)
    assert result.stored is False
    assert attempt.responses.get().answer == {"choice": "b"}


def test_it_refuses_answers_after_the_deadline_and_grace(paper, trainee):
    now = timezone.now()
    attempt = services.start_attempt(paper=paper, candidate=trainee, now=now)
    late = now + timedelta(hours=2) + services.grace_period() + timedelta(seconds=1)
    with pytest.raises(services.AttemptClosed):
        services.save_response(attempt=attempt, item_id=paper.items.first().pk, answer={}, sequence=1,
                               now=late)


def test_it_submits_overdue_attempts_with_what_was_saved(paper, trainee):
    now = timezone.now()
    attempt = services.start_attempt(paper=paper, candidate=trainee, now=now)
    first, _second = paper.items.all()
    services.save_response(attempt=attempt, item_id=first.pk, answer={"choice": "a"}, sequence=1, now=now)
    assert services.close_overdue_attempts(now=now + timedelta(hours=3)) == 1
    attempt.refresh_from_db()
    assert (attempt.status, attempt.score, attempt.passed) == (AttemptStatus.GRADED, Decimal(2), True)


def test_it_fails_a_candidate_who_misses_an_eliminatory_question(db, trainee):
    paper = Paper.objects.create(title="UVR", duration=None)
    PaperItem.objects.create(paper=paper, position=1, version=published_single("q-elim", eliminatory=True),
                             points=1)
    PaperItem.objects.create(paper=paper, position=2, version=published_single("q-easy"), points=9)
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    easy = paper.items.get(position=2)
    services.save_response(attempt=attempt, item_id=easy.pk, answer={"choice": "a"}, sequence=1)
    attempt = services.submit_attempt(attempt=attempt)
    assert (attempt.score, attempt.passed) == (Decimal(9), False)


def test_it_refuses_a_save_to_an_attempt_handed_in_since_it_was_read(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = paper.items.first()
    services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1)
    read_before = Attempt.objects.get(pk=attempt.pk)
    services.submit_attempt(attempt=attempt)
    with pytest.raises(services.AttemptClosed):
        services.save_response(attempt=read_before, item_id=item.pk, answer={"choice": "b"}, sequence=2)
    assert attempt.responses.get(item=item).answer == {"choice": "a"}


def test_it_refuses_a_save_to_an_answer_already_corrected(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = paper.items.first()
    services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1)
    attempt.responses.update(checked_at=timezone.now())
    result = services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "b"}, sequence=2)
    assert result.stored is False
    assert attempt.responses.get().answer == {"choice": "a"}


def test_it_stores_a_newer_save_with_its_answer_time_and_flag(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = paper.items.first()
    now = timezone.now()
    services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1, now=now)
    later = now + timedelta(seconds=10)
    result = services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "b"}, sequence=2,
                                    flagged=True, now=later)
    stored = attempt.responses.get()
    assert result.stored is True
    assert (stored.answer, stored.sequence, stored.flagged) == ({"choice": "b"}, 2, True)
    assert stored.saved_at == later


def test_it_keeps_the_flag_when_a_save_does_not_say(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = paper.items.first()
    services.save_response(attempt=attempt, item_id=item.pk, answer={}, sequence=1, flagged=True)
    result = services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "b"}, sequence=2)
    assert result.response.flagged is True and attempt.responses.get().flagged is True


def test_a_hand_in_writes_its_grades_in_the_same_few_statements_whatever_the_papers_length(
    db, trainee
):
    counts = []
    for size in (2, 12):
        paper = Paper.objects.create(title=f"UVR {size}", duration=None)
        for position in range(1, size + 1):
            PaperItem.objects.create(paper=paper, position=position,
                                     version=published_single(f"q-{size}-{position}"), points=1)
        attempt = services.start_attempt(paper=paper, candidate=trainee)
        for item in paper.items.all()[: size // 2]:  # half answered, half left blank
            services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1)
        with CaptureQueriesContext(connection) as queries:
            attempt = services.grade_attempt(attempt=attempt)
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert (attempt.score, attempt.status) == (Decimal(6), AttemptStatus.GRADED)
    assert attempt.responses.filter(points__isnull=False).count() == 12
