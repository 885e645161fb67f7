"""Two last-minute registrations cannot both take a centre's last place (row lock on the centre)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from exams import services
from exams.models import Registration
from tests.conftest import make_user

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite serialises every write transaction anyway"
)


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_registrations_share_one_last_place(session, paper_centre, exam_staff):
    people = [make_user(f"racer{index}@example.org") for index in range(2)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def register(person):
        try:
            barrier.wait()
            services.register(
                session=session,
                centre=paper_centre,
                candidate=person,
                actor=exam_staff,
                override_reason="course",
                by_staff=True,
            )
            outcomes.append("registered")
        except services.ExamError:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(person,)) for person in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "registered"]
    assert Registration.objects.filter(centre=paper_centre).count() == 1
