"""A candidate who owes a second factor (grader, exam staff, administrator) signs in again during
their closed-book exam: the code pages stay open, or they never reach their copy again.

The second-factor middleware sends such a person to the code page from every page, their copy
included; the closed-book guard answered that page with its 403 (found on the served demo: the
administrator, sitting the UVC, signed in from another browser and was locked out of the copy).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from delivery import services
from tests.two_factor import authenticator_for, next_code, unverified_login


@pytest.fixture
def grader_sitting(paper, grader):
    """A grader sitting a closed-book exam (every role may sit one)."""
    return services.start_attempt(paper=paper, candidate=grader)


def signed_in_without_code(user) -> Client:
    client = Client()
    unverified_login(client, user)
    return client


def signed_in_with_code(user) -> Client:
    device = authenticator_for(user)
    client = signed_in_without_code(user)
    client.post(reverse("accounts:two_factor_verify"), {"code": next_code(device), "next": "/"})
    return client


def test_the_code_page_stays_open_during_a_closed_book_exam(grader_sitting, grader):
    authenticator_for(grader)
    response = signed_in_without_code(grader).get(reverse("accounts:two_factor_verify"))
    assert response.status_code == 200


def test_the_candidate_gives_the_code_and_reaches_their_copy(grader_sitting, grader):
    client = signed_in_with_code(grader)
    assert client.get(reverse("delivery:attempt", args=[grader_sitting.pk])).status_code == 200


def test_enrolling_stays_open_to_a_candidate_without_an_authenticator(grader_sitting, grader):
    response = signed_in_without_code(grader).get(reverse("accounts:two_factor_setup"))
    assert response.status_code == 200


def test_the_rulebook_stays_closed_once_the_code_is_given(grader_sitting, grader):
    client = signed_in_with_code(grader)
    assert client.get("/rules/").status_code == 403
