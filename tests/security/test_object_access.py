"""Changing an id in the address never reaches someone else's object, across apps.

One dataset (tests/security/conftest.py): the trainee and another candidate have each a
practice attempt, an exam registration with a submitted attempt, and the graders have
their own copies. Each case is a (role, URL, method) that names *another person's* object;
the answer must be a refusal (403, or 404 where the app hides that the object exists) and
the object must stay as it was.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery.models import Response
from exams.models import Registration
from grading.models import Assignment
from questions import services as question_services
from tests.conftest import client_for, make_user
from tests.questions import core_samples

DENIED = {403, 404}

# (who asks, URL name, the URL's parameters as dataset attributes, method)
CASES = [
    # Attempts and answers (delivery)
    ("trainee", "delivery:attempt", {"attempt_id": "others_practice_attempt.pk"}, "get"),
    ("trainee", "delivery:attempt", {"attempt_id": "others_exam_attempt.pk"}, "get"),
    ("trainee", "delivery:save", {"attempt_id": "others_practice_attempt.pk"}, "post"),
    ("trainee", "delivery:check", {"attempt_id": "others_practice_attempt.pk"}, "post"),
    ("trainee", "delivery:clock", {"attempt_id": "others_practice_attempt.pk"}, "get"),
    ("trainee", "delivery:submit", {"attempt_id": "others_practice_attempt.pk"}, "get"),
    ("trainee", "delivery:submit", {"attempt_id": "others_practice_attempt.pk"}, "post"),
    # Registrations, convocations, corrected copies (exams, grading)
    ("trainee", "exams:lobby", {"registration_id": "others_registration.pk"}, "get"),
    ("trainee", "exams:convocation", {"registration_id": "others_registration.pk"}, "get"),
    ("trainee", "exams:withdraw", {"registration_id": "others_registration.pk"}, "post"),
    ("trainee", "exams:start", {"registration_id": "others_registration.pk"}, "post"),
    ("trainee", "grading:corrected_copy", {"registration_id": "others_registration.pk"}, "get"),
    # Grading assignments: a grader marks only the copies given to them
    ("grader", "grading:assignment", {"assignment_id": "others_assignment.pk"}, "get"),
    ("grader", "grading:assignment", {"assignment_id": "others_assignment.pk"}, "post"),
    # Uploads: a pending rulebook upload is its uploader's
    ("administrator", "rules:upload_preview", {"pk": "upload.pk"}, "get"),
    ("administrator", "rules:upload_preview", {"pk": "upload.pk"}, "post"),
]


def resolve(dataset, path: str):
    value = dataset
    for part in path.split("."):
        value = getattr(value, part)
    return value


@pytest.mark.parametrize(("role", "name", "parameters", "method"), CASES)
def test_another_persons_object_is_out_of_reach(dataset, request, role, name, parameters, method):
    url = reverse(name, kwargs={key: resolve(dataset, path) for key, path in parameters.items()})
    client = client_for(request.getfixturevalue(role))
    data = {"item": dataset.item.pk, "sequence": 99} if method == "post" else None
    response = getattr(client, method)(url, data)
    assert response.status_code in DENIED, f"{role} {method.upper()} {url} answered {response.status_code}"


def test_a_save_aimed_at_another_attempt_stores_nothing(dataset, trainee):
    attempt = dataset.others_practice_attempt
    item = attempt.paper.items.first()
    url = reverse("delivery:save", args=[attempt.pk])
    client_for(trainee).post(url, {"item": item.pk, "sequence": 5, f"q{item.pk}-answer": "b"})
    assert not Response.objects.filter(attempt=attempt).exists()


def test_a_withdrawal_aimed_at_another_registration_changes_nothing(dataset, trainee):
    registration = dataset.others_registration
    client_for(trainee).post(reverse("exams:withdraw", args=[registration.pk]))
    assert Registration.objects.filter(pk=registration.pk, withdrawn_at__isnull=True).exists()


def test_a_mark_aimed_at_another_graders_copy_is_not_stored(dataset, grader):
    assignment = dataset.others_assignment
    client_for(grader).post(reverse("grading:assignment", args=[assignment.pk]), {"mark_0": "1"})
    assert Assignment.objects.get(pk=assignment.pk).points is None


@pytest.fixture
def someone_elses_draft(trainer):
    content = core_samples.single()
    return question_services.create_question(author=trainer, content=content, uid="brouillon-de-bob")


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("questions:detail", "get"),
        ("questions:edit", "get"),
        ("questions:edit", "post"),
        ("questions:preview", "get"),
        ("questions:history", "get"),
        ("questions:submit", "post"),
    ],
)
def test_another_trainers_draft_is_out_of_reach(someone_elses_draft, name, method):
    other_trainer = make_user("tom@example.org", "trainer", first_name="Tom")
    url = reverse(name, args=[someone_elses_draft.uid])
    response = getattr(client_for(other_trainer), method)(url)
    assert response.status_code in DENIED, f"{method.upper()} {url} answered {response.status_code}"
