"""The batch page: its state once finished, and its times in the site's time zone."""

from __future__ import annotations

import datetime

from django.utils import translation

from certificates.models import CertificateBatch
from tests.conftest import client_for

STARTED = datetime.datetime(2026, 11, 27, 8, 5, tzinfo=datetime.UTC)  # 09:05 in Paris


def test_a_finished_batch_page_no_longer_says_it_is_running(unit_pass, exam_session, exam_staff):
    response = client_for(exam_staff).post(
        "/certificats/equipe/lots/",
        {"scope": "session", "session": exam_session.pk, "language": "holder"},
        follow=True,
    )
    content = response.content.decode()
    assert 'data-batch-state="done"' in content
    assert "en cours" not in content.lower()


def test_the_progress_fragment_of_a_finished_batch_stops_polling_and_says_when_it_ended(
    exam_staff, exam_session
):
    batch = CertificateBatch.objects.create(
        scope="session",
        session=exam_session,
        started_by=exam_staff,
        created_at=STARTED,
        state=CertificateBatch.State.DONE,
        finished_at=STARTED + datetime.timedelta(minutes=2),
    )
    content = client_for(exam_staff).get(batch.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert "hx-trigger" not in content
    assert "Terminé le 27 novembre 2026 09:07" in content.replace(",", "").replace(" à ", " ")


def test_batch_times_are_shown_in_the_sites_time_zone(exam_staff, exam_session):
    batch = CertificateBatch.objects.create(
        scope="session", session=exam_session, started_by=exam_staff, created_at=STARTED
    )
    content = client_for(exam_staff).get(batch.get_absolute_url()).content.decode()
    assert "09:05" in content
    assert "08:05" not in content


def test_the_list_of_batches_names_them_by_their_local_time_in_the_readers_language(exam_staff, exam_session):
    batch = CertificateBatch.objects.create(
        scope="session", session=exam_session, started_by=exam_staff, created_at=STARTED
    )
    with translation.override("en"):
        assert str(batch).endswith("Nov. 27, 2026, 9:05 a.m.")
