"""Who may open which exam page, for every role, and which methods each page answers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for

ROLES = ["trainee", "trainer", "grader", "exam_staff", "administrator", "stranger"]
STAFF = {"exam_staff", "administrator"}
PRACTISING = {"trainee", "trainer", "grader", "exam_staff", "administrator"}


@pytest.fixture
def urls(registration, online_centre, exam_staff):
    from exams.models import ConvocationBatch

    batch = ConvocationBatch.objects.create(session=registration.session, started_by=exam_staff)
    session_id, registration_id = registration.session_id, registration.pk
    return {
        # name: (url, methods it accepts)
        "staff_sessions": (reverse("exams:staff_sessions"), "GET"),
        "staff_session_new": (reverse("exams:staff_session_new"), "GET POST"),
        "staff_session": (reverse("exams:staff_session", args=[session_id]), "GET"),
        "staff_session_edit": (reverse("exams:staff_session_edit", args=[session_id]), "GET POST"),
        "staff_centre_new": (reverse("exams:staff_centre_new", args=[session_id]), "GET POST"),
        "staff_centre_edit": (reverse("exams:staff_centre_edit", args=[online_centre.pk]), "GET POST"),
        "staff_register": (reverse("exams:staff_register", args=[session_id]), "GET POST"),
        "staff_registration": (reverse("exams:staff_registration", args=[registration_id]), "GET POST"),
        "staff_withdraw": (reverse("exams:staff_withdraw", args=[registration_id]), "POST"),
        "staff_convocation": (reverse("exams:staff_convocation", args=[registration_id]), "GET"),
        "staff_email_convocation": (reverse("exams:staff_email_convocation", args=[registration_id]), "POST"),
        "staff_send_convocations": (reverse("exams:staff_send_convocations", args=[session_id]), "POST"),
        "staff_batch": (reverse("exams:staff_batch", args=[batch.pk]), "GET"),
        "staff_stages": (reverse("exams:staff_stages"), "GET POST"),
        "staff_stages_import": (reverse("exams:staff_stages_import"), "GET POST"),
        "staff_stages_template": (reverse("exams:staff_stages_template"), "GET"),
        "staff_people": (reverse("exams:staff_people"), "GET"),
        "staff_person": (reverse("exams:staff_person", args=[registration.candidate_id]), "GET"),
        "staff_add_asp": (reverse("exams:staff_add_asp", args=[registration.candidate_id]), "POST"),
        "staff_add_report": (reverse("exams:staff_add_report", args=[registration.candidate_id]), "POST"),
        "staff_award_title": (reverse("exams:staff_award_title", args=[registration.candidate_id]), "POST"),
        "staff_add_qualification": (
            reverse("exams:staff_add_qualification", args=[registration.candidate_id]),
            "POST",
        ),
        "staff_add_officiated": (
            reverse("exams:staff_add_officiated", args=[registration.candidate_id]),
            "POST",
        ),
        "staff_audit": (reverse("exams:staff_audit"), "GET"),
    }


STAFF_PAGES = [
    "staff_sessions",
    "staff_session_new",
    "staff_session",
    "staff_session_edit",
    "staff_centre_new",
    "staff_centre_edit",
    "staff_register",
    "staff_registration",
    "staff_withdraw",
    "staff_convocation",
    "staff_email_convocation",
    "staff_send_convocations",
    "staff_batch",
    "staff_stages",
    "staff_stages_import",
    "staff_stages_template",
    "staff_people",
    "staff_person",
    "staff_add_asp",
    "staff_add_report",
    "staff_award_title",
    "staff_add_qualification",
    "staff_add_officiated",
    "staff_audit",
]


def _first_method(methods: str) -> str:
    return methods.split()[0]


@pytest.mark.parametrize("page", STAFF_PAGES)
def test_staff_pages_send_anonymous_visitors_to_the_login_page(urls, page):
    url, methods = urls[page]
    response = getattr(client_for(None), _first_method(methods).lower())(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize("page", STAFF_PAGES)
@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "stranger"])
def test_staff_pages_are_forbidden_to_other_roles(request, urls, page, role):
    url, methods = urls[page]
    response = getattr(client_for(request.getfixturevalue(role)), _first_method(methods).lower())(url)
    assert response.status_code == 403


@pytest.mark.parametrize(
    "page",
    [
        p
        for p in STAFF_PAGES
        if p
        not in {
            "staff_withdraw",
            "staff_email_convocation",
            "staff_send_convocations",
            "staff_add_asp",
            "staff_add_report",
            "staff_award_title",
            "staff_add_qualification",
            "staff_add_officiated",
        }
    ],
)
@pytest.mark.parametrize("role", sorted(STAFF))
def test_staff_pages_open_for_exam_staff_and_administrators(request, urls, page, role):
    url, _methods = urls[page]
    assert client_for(request.getfixturevalue(role)).get(url).status_code == 200


@pytest.mark.parametrize("page", STAFF_PAGES)
def test_staff_pages_refuse_other_methods(urls, exam_staff, page):
    url, methods = urls[page]
    wrong = "post" if methods == "GET" else ("get" if methods == "POST" else "put")
    assert getattr(client_for(exam_staff), wrong)(url).status_code == 405


CANDIDATE_PAGES = ["home", "my_records"]


@pytest.mark.parametrize("page", CANDIDATE_PAGES)
@pytest.mark.parametrize("role", ROLES)
def test_candidate_pages_open_to_everyone_who_practises(request, page, role):
    status = client_for(request.getfixturevalue(role)).get(reverse(f"exams:{page}")).status_code
    assert status == (200 if role in PRACTISING else 403)


@pytest.mark.parametrize("page", CANDIDATE_PAGES)
def test_candidate_pages_send_anonymous_visitors_to_the_login_page(db, page):
    assert client_for(None).get(reverse(f"exams:{page}")).status_code == 302


@pytest.mark.parametrize("page", CANDIDATE_PAGES)
def test_candidate_pages_refuse_post(trainee, page):
    assert client_for(trainee).post(reverse(f"exams:{page}")).status_code == 405


def test_the_register_page_refuses_put(trainee, session):
    assert client_for(trainee).put(reverse("exams:register", args=[session.pk])).status_code == 405


@pytest.mark.parametrize("name", ["withdraw", "start"])
def test_candidate_actions_refuse_get(registration, name):
    url = reverse(f"exams:{name}", args=[registration.pk])
    assert client_for(registration.candidate).get(url).status_code == 405


@pytest.mark.parametrize("name", ["lobby", "convocation"])
def test_candidate_pages_refuse_post_on_read_only_pages(registration, name):
    url = reverse(f"exams:{name}", args=[registration.pk])
    assert client_for(registration.candidate).post(url).status_code == 405


@pytest.mark.parametrize("name", ["lobby", "convocation", "withdraw", "start"])
@pytest.mark.parametrize("role", ["trainer", "grader", "exam_staff", "administrator"])
def test_another_persons_registration_is_a_404_even_for_staff_on_candidate_pages(
    request, registration, name, role
):
    url = reverse(f"exams:{name}", args=[registration.pk])
    client = client_for(request.getfixturevalue(role))
    response = client.get(url) if name in {"lobby", "convocation"} else client.post(url)
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["lobby", "convocation", "withdraw", "start"])
def test_registration_pages_send_anonymous_visitors_to_the_login_page(registration, name):
    url = reverse(f"exams:{name}", args=[registration.pk])
    response = client_for(None).get(url) if name in {"lobby", "convocation"} else client_for(None).post(url)
    assert response.status_code == 302


def test_trainees_find_the_exams_in_the_navigation(trainee):
    content = client_for(trainee).get("/").content.decode()
    assert 'data-nav="exams"' in content
    assert 'data-nav="exam-sessions"' not in content


def test_exam_staff_find_the_sessions_in_the_navigation(exam_staff):
    assert 'data-nav="exam-sessions"' in client_for(exam_staff).get("/").content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_the_register_page_opens_to_everyone_who_practises(request, session, online_centre, role):
    status = (
        client_for(request.getfixturevalue(role))
        .get(reverse("exams:register", args=[session.pk]))
        .status_code
    )
    assert status == (200 if role in PRACTISING else 403)


def test_the_register_page_sends_anonymous_visitors_to_the_login_page(session):
    assert client_for(None).get(reverse("exams:register", args=[session.pk])).status_code == 302
