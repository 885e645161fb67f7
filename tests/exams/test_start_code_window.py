"""The centre's start code starts a copy only while the exam may be opened (exams.invigilation).

A candidate marked present who did not type the code on the day kept it: the centre stays
opened, and the code started a full-length copy the next day, or once the session was sat,
graded or published — after the other candidates had talked about its questions, or once the
jury had released their correction.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from exams.models import Registration
from tests.conftest import client_for
from tests.lifecycle import put_session_in

CODE = "K7M2QX"


@pytest.fixture
def opened(online_centre, paper):
    online_centre.start_code, online_centre.opened_at = CODE, timezone.now()
    online_centre.save()
    return online_centre


def start(registration):
    return client_for(registration.candidate).post(
        reverse("exams:start", args=[registration.pk]), {"code": CODE}
    )


def test_a_present_candidate_still_starts_with_the_code_on_the_day(present, opened):
    put_session_in(opened.session, "sitting")
    start(present)
    assert Registration.objects.get(pk=present.pk).attempt_id is not None


def test_the_code_starts_no_copy_the_day_after_the_exam(present, opened):
    session = opened.session
    session.date = session.registration_closes_on = timezone.localdate() - datetime.timedelta(days=1)
    session.save()
    response = start(present)
    assert response.status_code == 422
    assert Registration.objects.get(pk=present.pk).attempt_id is None


@pytest.mark.parametrize("status", ["sat", "grading", "deliberated", "published"])
def test_the_code_starts_no_copy_once_the_session_is_sat(present, opened, status):
    put_session_in(opened.session, status)
    response = start(present)
    assert response.status_code == 422
    assert Registration.objects.get(pk=present.pk).attempt_id is None


def test_the_lobby_no_longer_offers_the_code_once_the_session_is_sat(present, opened):
    put_session_in(opened.session, "sat")
    page = client_for(present.candidate).get(reverse("exams:lobby", args=[present.pk])).content.decode()
    assert reverse("exams:start", args=[present.pk]) not in page
