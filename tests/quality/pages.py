"""The main pages of each role, checked for accessibility (axe-core) and HTML validity (Nu).

(URL name, path parameters as dataset attributes, query string). Parameters are filled
from the shared dataset of tests/security/conftest.py, as in the permission matrix.
"""

from __future__ import annotations

from django.urls import reverse

MAIN_PAGES: dict[str, list[tuple[str, dict[str, str], str]]] = {
    "anonymous": [
        ("home", {}, ""),
        ("accounts:login", {}, ""),
        ("accounts:password_reset", {}, ""),
        ("rules:index", {}, ""),
        ("rules:edition", {"edition": "article.edition.slug"}, ""),
        ("rules:article", {"edition": "article.edition.slug", "number": "article.number"}, ""),
        ("rules:search", {}, "?q=pi%C3%A8ce+touch%C3%A9e"),
        ("rules:glossary", {}, ""),
        ("certificates:verify", {}, ""),
        ("certificates:verify_code", {"code": "certificate.code"}, ""),
    ],
    "trainee": [
        ("home", {}, ""),
        ("accounts:profile", {}, ""),
        ("accounts:two_factor", {}, ""),
        ("accounts:two_factor_setup", {}, ""),
        ("delivery:papers", {}, ""),
        ("delivery:attempt", {"attempt_id": "practice_attempt.pk"}, ""),
        ("exams:home", {}, ""),
        ("exams:lobby", {"registration_id": "registration.pk"}, ""),
        ("exams:my_records", {}, ""),
        ("tournaments:index", {}, ""),
        ("tournaments:tiebreaks", {}, ""),
        ("tournaments:check_pairing", {}, ""),
        ("tournaments:pairing_board", {}, ""),
        ("courses:index", {}, ""),
        ("courses:course", {"code": "course.code"}, ""),
        ("courses:lesson", {"code": "course.code", "slug": "lesson.slug"}, ""),
        ("practice:home", {}, ""),
        ("practice:dashboard", {}, ""),
        ("certificates:mine", {}, ""),
    ],
    "trainer": [
        ("questions:bank", {}, ""),
        ("questions:create", {}, ""),
        ("questions:detail", {"uid": "question.uid"}, ""),
        ("questions:review_queue", {}, ""),
        ("positions:analyse", {}, ""),
        ("exams:invigilate", {"centre_id": "centre.pk"}, ""),
        ("courses:cohort", {"pk": "cohort.pk"}, ""),
        ("courses:outline", {"code": "course.code"}, ""),
        ("courses:lesson_edit", {"code": "course.code", "slug": "lesson.slug"}, ""),
    ],
    "grader": [
        ("grading:queue", {}, ""),
        ("grading:assignment", {"assignment_id": "assignment.pk"}, ""),
        ("accounts:two_factor", {}, ""),
    ],
    "exam_staff": [
        ("exams:staff_sessions", {}, ""),
        ("exams:staff_session", {"session_id": "session.pk"}, ""),
        ("exams:staff_people", {}, ""),
        ("exams:staff_person", {"user_id": "trainee.pk"}, ""),
        ("papers:index", {}, ""),
        ("papers:paper", {"pk": "exam_paper.pk"}, ""),
        ("papers:blueprint", {"pk": "blueprint.pk"}, ""),
        ("grading:setup", {"session_id": "session.pk"}, ""),
        ("grading:jury", {"session_id": "session.pk"}, ""),
        ("rules:upload", {}, ""),
        ("certificates:staff", {}, ""),
        ("certificates:staff_person", {"user_id": "trainee.pk"}, ""),
    ],
    "administrator": [
        ("home", {}, ""),
        ("exams:staff_audit", {}, ""),
        ("questions:bank", {}, ""),
    ],
}


def resolve(dataset, path: str):
    value = dataset
    for part in path.split("."):
        value = getattr(value, part)
    return value


def page_urls(role: str, dataset) -> list[str]:
    return [
        reverse(name, kwargs={key: resolve(dataset, path) for key, path in parameters.items()}) + query
        for name, parameters, query in MAIN_PAGES[role]
    ]
