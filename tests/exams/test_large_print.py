"""The large-print accommodation online: the engine shows the candidate's pages in large print."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import client_for

LARGE_PRINT = '<html lang="fr" class="large-print">'


def open_exam(invigilator, centre, registration, *, large_print: bool = False):
    """The invigilator opens the exam; ``large_print``: the candidate's accommodation first."""
    if large_print:
        registration.large_print = True
        registration.save()
    client_for(invigilator).post(reverse("exams:open_exam", args=[centre.pk]))
    registration.refresh_from_db()
    return registration.attempt


def candidate_page(registration, name: str) -> str:
    page = client_for(registration.candidate).get(reverse(name, args=[registration.attempt_id]))
    return page.content.decode()


def test_opening_the_exam_gives_the_attempt_its_large_print(invigilator, present, online_centre, paper):
    assert open_exam(invigilator, online_centre, present, large_print=True).large_print is True


def test_the_candidates_page_is_in_large_print(invigilator, present, online_centre, paper):
    open_exam(invigilator, online_centre, present, large_print=True)
    assert LARGE_PRINT in candidate_page(present, "delivery:attempt")


def test_other_candidates_pages_are_not(invigilator, present, online_centre, paper):
    attempt = open_exam(invigilator, online_centre, present)
    page = candidate_page(present, "delivery:attempt")
    assert attempt.large_print is False and 'class="large-print"' not in page


def test_large_print_granted_during_the_exam_reaches_the_open_attempt(
    exam_staff, invigilator, present, online_centre, paper
):
    attempt = open_exam(invigilator, online_centre, present)
    client_for(exam_staff).post(
        reverse("exams:staff_registration", args=[present.pk]),
        {"extra_time_minutes": "0", "large_print": "on", "reason": "Vue basse signalée le jour même"},
    )
    attempt.refresh_from_db()
    assert attempt.large_print is True
    assert LARGE_PRINT in candidate_page(present, "delivery:attempt")


def test_the_summary_before_handing_in_is_in_large_print_too(invigilator, present, online_centre, paper):
    open_exam(invigilator, online_centre, present, large_print=True)
    assert LARGE_PRINT in candidate_page(present, "delivery:submit")
