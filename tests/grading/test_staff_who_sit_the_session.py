"""A candidate of a session takes no part in running it, whatever their role
(``exams.permissions.refuse_candidate``).

Exam staff, directors and invigilators are arbiters who sit the higher units too. Registered in
the session of tests/grading/conftest.py, the exam staff member Éric could open its jury and
adjust his own mark, print its subject before sitting it, or type in paper copies; the centre's
director (``trainer``, Bob) could give himself extra time from the centre page.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from exams.models import Centre, DeliveryMode, Registration
from grading import services
from grading.models import Assignment, JuryDecision
from tests.conftest import client_for
from tests.grading.conftest import sit

pytestmark = pytest.mark.django_db

ERIC_CODE = "UVR-EEEE-6666"


def register(session, centre, candidate, code) -> Registration:
    return Registration.objects.create(
        session=session, centre=centre, candidate=candidate, anonymity_code=code, present=True
    )


@pytest.fixture
def staff_candidate(sat_session, centre, copies, exam_staff):
    """Éric (exam staff) registered for the session beside Alice and Zébulon."""
    register(sat_session, centre, exam_staff, ERIC_CODE)
    return exam_staff


@pytest.fixture
def paper_centre(sat_session, trainer):
    return Centre.objects.create(
        session=sat_session,
        name="Lyon",
        address="Lyon",
        regional_director=trainer,
        capacity=5,
        delivery_mode=DeliveryMode.PAPER,
    )


@pytest.mark.parametrize(
    "name", ["grading:jury", "grading:setup", "grading:export_csv", "grading:subject_pdf"]
)
def test_exam_staff_who_sit_the_session_cannot_open_its_staff_pages(sat_session, staff_candidate, name):
    response = client_for(staff_candidate).get(reverse(name, args=[sat_session.pk]))
    assert response.status_code == 403
    assert "candidat à cette session" in response.content.decode()


def test_exam_staff_who_sit_the_session_cannot_decide_on_their_own_copy(
    sat_session, centre, copies, exam_staff, grader, second_grader, third_grader, administrator
):
    """Éric's copy graded like the others: on the jury page he could have raised his own mark."""
    sit(sat_session, centre, exam_staff, choice="b", text="Il joue ce qu'il veut.", code=ERIC_CODE)
    services.configure(
        session=sat_session,
        graders=[grader, second_grader, third_grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=administrator,
    )
    services.distribute(session=sat_session, actor=administrator)
    for assignment in Assignment.objects.order_by("pk"):
        services.grade(assignment=assignment, marks=[0, 0], actor=assignment.grader)
    url = reverse("grading:decide", args=[sat_session.pk, ERIC_CODE])
    response = client_for(exam_staff).post(url, {"adjust": "adjust", "score": "4", "reason": "Revu"})
    assert response.status_code == 403
    assert not JuryDecision.objects.exists()


def test_exam_staff_who_sit_the_session_cannot_read_its_codes_beside_names(
    sat_session, staff_candidate, copies
):
    url = reverse("exams:staff_registration", args=[copies[1].pk])
    assert client_for(staff_candidate).get(url).status_code == 403


def test_exam_staff_who_sit_the_session_cannot_change_their_own_accommodations(sat_session, staff_candidate):
    own = Registration.objects.get(candidate=staff_candidate)
    url = reverse("exams:staff_registration", args=[own.pk])
    client_for(staff_candidate).post(url, {"extra_time_minutes": "60", "accommodation_note": "Moi"})
    own.refresh_from_db()
    assert own.extra_time_minutes == 0


def test_a_director_who_sits_the_session_cannot_invigilate_its_centres(sat_session, centre, trainer):
    register(sat_session, centre, trainer, "UVR-DDDD-7777")
    assert client_for(trainer).get(reverse("exams:invigilate", args=[centre.pk])).status_code == 403


def test_a_director_who_sits_the_session_cannot_give_themselves_extra_time(sat_session, centre, trainer):
    own = register(sat_session, centre, trainer, "UVR-DDDD-7777")
    url = reverse("exams:extend", args=[centre.pk])
    response = client_for(trainer).post(
        url, {"minutes": "60", "reason": "Incident", "registration": str(own.pk)}
    )
    assert response.status_code == 403


def test_a_paper_centres_director_who_sits_the_session_cannot_print_its_subject(
    sat_session, centre, paper_centre, trainer
):
    register(sat_session, centre, trainer, "UVR-DDDD-7777")
    assert client_for(trainer).get(reverse("grading:subject_pdf", args=[sat_session.pk])).status_code == 403


def test_a_paper_centres_director_who_withdrew_prints_the_subject_again(
    sat_session, centre, paper_centre, trainer
):
    register(sat_session, centre, trainer, "UVR-DDDD-7777").delete()
    assert client_for(trainer).get(reverse("grading:subject_pdf", args=[sat_session.pk])).status_code == 200


def test_a_session_grader_who_registered_afterwards_cannot_open_the_paper_entry(
    sat_session, centre, paper_centre, grader, second_grader, exam_staff
):
    services.configure(
        session=sat_session,
        graders=[grader, second_grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    register(sat_session, centre, grader, "UVR-GGGG-8888")
    assert client_for(grader).get(reverse("grading:entry", args=[sat_session.pk])).status_code == 403


@pytest.mark.parametrize("name", ["exams:staff_session", "exams:staff_session_edit"])
def test_exam_staff_who_sit_the_session_cannot_open_or_edit_it(sat_session, staff_candidate, name):
    assert client_for(staff_candidate).get(reverse(name, args=[sat_session.pk])).status_code == 403


def test_exam_staff_who_sit_the_session_cannot_add_a_centre_to_it(sat_session, staff_candidate):
    url = reverse("exams:staff_centre_new", args=[sat_session.pk])
    assert client_for(staff_candidate).get(url).status_code == 403


def test_exam_staff_who_sit_the_session_cannot_change_its_state(sat_session, staff_candidate):
    url = reverse("exams:staff_session_transition", args=[sat_session.pk, "start_grading"])
    assert client_for(staff_candidate).post(url).status_code == 403
