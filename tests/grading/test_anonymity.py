"""Anonymity by role (exams.anonymity): who reads codes, who reads names, who may grade which copy.

Personas: the candidates Alice and Zébulon (tests/grading/conftest.py), the centre's director
(``trainer``, an invigilator), three graders, ``exam_staff`` who keeps the mapping (grades
nothing), ``administrator`` as exam staff who grades, and an anonymous visitor.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from exams.models import AuditEntry, Centre, DeliveryMode, Registration
from grading import jury, services
from grading.models import Assignment
from tests.conftest import client_for
from tests.grading.conftest import SECRET_NAME, configure, open_response

pytestmark = pytest.mark.django_db

ZEB_CODE = "UVR-BBBB-3333"


def page(user, name, *args) -> str:
    return client_for(user).get(reverse(name, args=args)).content.decode()


@pytest.fixture
def staff_grading(sat_session, copies, administrator, grader, exam_staff):
    """The administrator (exam staff) grades the session alongside a grader."""
    configure(sat_session, [administrator, grader], exam_staff)
    return administrator


def grade_everything(registrations):
    for registration in registrations:
        for assignment in open_response(registration).assignments.order_by("round"):
            services.grade(assignment=assignment, marks=[1, 2], actor=assignment.grader)


# Staff who keep the mapping, staff who grade


def test_staff_who_keep_the_mapping_read_codes_beside_names(sat_session, copies, exam_staff):
    content = page(exam_staff, "exams:staff_session", sat_session.pk)
    assert ZEB_CODE in content
    assert SECRET_NAME in content


def test_staff_who_grade_the_session_read_names_but_no_codes(sat_session, staff_grading):
    content = page(staff_grading, "exams:staff_session", sat_session.pk)
    assert SECRET_NAME in content
    assert ZEB_CODE not in content


def test_the_session_page_counts_the_waiting_copies_without_their_codes(sat_session, staff_grading):
    content = page(staff_grading, "exams:staff_session", sat_session.pk)
    assert "2 copies attendent encore une correction." in content


def test_staff_who_grade_the_session_cannot_open_a_registration(sat_session, copies, staff_grading):
    url = reverse("exams:staff_registration", args=[copies[1].pk])
    assert client_for(staff_grading).get(url).status_code == 403


def test_staff_who_grade_the_session_cannot_download_a_convocation(sat_session, copies, staff_grading):
    url = reverse("exams:staff_convocation", args=[copies[1].pk])
    assert client_for(staff_grading).get(url).status_code == 403


def test_staff_who_grade_the_session_cannot_register_a_candidate(sat_session, staff_grading):
    url = reverse("exams:staff_register", args=[sat_session.pk])
    assert client_for(staff_grading).get(url).status_code == 403


def test_staff_who_handled_the_registrations_cannot_become_graders(sat_session, copies, exam_staff, grader):
    client_for(exam_staff).post(
        reverse("exams:staff_registration", args=[copies[1].pk]),
        {"extra_time_minutes": "10", "reason": "Certificat médical", "accommodation_note": ""},
    )
    with pytest.raises(services.GradingError, match="correspondance"):
        configure(sat_session, [exam_staff, grader], exam_staff)


def test_staff_who_only_read_the_codes_on_the_session_page_cannot_become_graders(
    sat_session, copies, exam_staff, grader
):
    session_page = reverse("exams:staff_session", args=[sat_session.pk])
    assert client_for(exam_staff).get(session_page).status_code == 200
    with pytest.raises(services.GradingError, match="correspondance"):
        configure(sat_session, [exam_staff, grader], exam_staff)


def test_reading_the_mapping_is_audited_once_per_person_and_session(sat_session, copies, exam_staff):
    staff = client_for(exam_staff)
    staff.get(reverse("exams:staff_session", args=[sat_session.pk]))
    staff.get(reverse("exams:staff_registration", args=[copies[1].pk]))
    reads = AuditEntry.objects.filter(action=AuditEntry.Action.MAPPING_READ, session=sat_session)
    assert list(reads.values_list("actor", flat=True)) == [exam_staff.pk]


def test_naming_the_graders_and_distributing_are_audited_as_such(sat_session, copies, exam_staff, grader):
    configure(sat_session, [grader], exam_staff)
    actions = set(AuditEntry.objects.filter(session=sat_session).values_list("action", flat=True))
    assert AuditEntry.Action.GRADERS in actions
    assert AuditEntry.Action.STATUS not in actions


def test_the_grading_form_names_the_refused_grader(sat_session, copies, exam_staff, grader):
    client_for(exam_staff).post(
        reverse("exams:staff_registration", args=[copies[1].pk]),
        {"extra_time_minutes": "10", "reason": "Certificat médical", "accommodation_note": ""},
    )
    response = client_for(exam_staff).post(
        reverse("grading:setup", args=[sat_session.pk]),
        {"graders": [exam_staff.pk, grader.pk], "discrepancy_threshold": "20", "borderline_margin": "5"},
    )
    assert response.status_code == 422
    assert not sat_session.grading_setup.graders.exists()


def test_the_audit_log_hides_codes_of_registrations_from_staff_who_grade(
    sat_session, staff_grading, grader, exam_staff
):
    services.distribute(session=sat_session, actor=exam_staff)
    grade_everything(sat_session.registrations.order_by("anonymity_code"))
    jury.decide(session=sat_session, registration=sat_session.registrations.get(anonymity_code=ZEB_CODE),
                actor=exam_staff)
    url = reverse("exams:staff_audit") + f"?session={sat_session.pk}&action=jury_decision"
    content = client_for(staff_grading).get(url).content.decode()
    assert SECRET_NAME in content
    assert ZEB_CODE not in content


def test_the_audit_log_shows_the_mapping_to_its_keepers(sat_session, staff_grading, exam_staff):
    services.distribute(session=sat_session, actor=exam_staff)
    grade_everything(sat_session.registrations.order_by("anonymity_code"))
    jury.decide(session=sat_session, registration=sat_session.registrations.get(anonymity_code=ZEB_CODE),
                actor=exam_staff)
    url = reverse("exams:staff_audit") + f"?session={sat_session.pk}&action=jury_decision"
    assert ZEB_CODE in client_for(exam_staff).get(url).content.decode()


# Graders


def test_a_grader_reads_codes_and_never_names(distributed, grader):
    assignment = Assignment.objects.filter(grader=grader).first()
    queue = page(grader, "grading:queue")
    copy = page(grader, "grading:assignment", assignment.pk)
    assert SECRET_NAME not in queue + copy
    assert "UVR-" in queue


def test_a_grader_is_never_given_copies_of_a_centre_they_invigilated(
    sat_session, copies, centre, grader, second_grader, third_grader, exam_staff
):
    centre.invigilators.add(grader)
    configure(sat_session, [grader, second_grader, third_grader], exam_staff)
    services.distribute(session=sat_session, actor=exam_staff)
    assert not Assignment.objects.filter(grader=grader).exists()
    assert Assignment.objects.filter(session=sat_session).count() == 4


def test_a_grader_who_took_the_roll_call_is_not_given_that_centres_copies(
    sat_session, copies, centre, staff_grading, second_grader, third_grader, exam_staff
):
    configure(sat_session, [staff_grading, second_grader, third_grader], exam_staff)
    client_for(staff_grading).post(
        reverse("exams:roll_call", args=[centre.pk]), {"present": [str(r.pk) for r in copies]}
    )
    services.distribute(session=sat_session, actor=exam_staff)
    assert not Assignment.objects.filter(grader=staff_grading).exists()


def test_distribution_refuses_when_too_few_graders_did_not_invigilate(
    sat_session, copies, centre, grader, second_grader, exam_staff
):
    centre.invigilators.add(grader)
    configure(sat_session, [grader, second_grader], exam_staff)
    with pytest.raises(services.GradingError, match="surveillé"):
        services.distribute(session=sat_session, actor=exam_staff)
    assert not Assignment.objects.filter(session=sat_session).exists()


def test_the_setup_page_says_why_distribution_was_refused(
    sat_session, copies, centre, grader, second_grader, exam_staff
):
    centre.invigilators.add(grader)
    configure(sat_session, [grader, second_grader], exam_staff)
    response = client_for(exam_staff).post(reverse("grading:distribute", args=[sat_session.pk]), follow=True)
    assert "surveillé" in response.content.decode()


def test_a_third_grader_is_never_one_who_invigilated_the_centre(
    sat_session, copies, centre, grader, second_grader, third_grader, exam_staff
):
    configure(sat_session, [grader, second_grader, third_grader], exam_staff)
    services.distribute(session=sat_session, actor=exam_staff)
    response = open_response(copies[0])
    first, second = response.assignments.order_by("round")
    # The one grader left for a third opinion invigilated the centre.
    centre.invigilators.add(*{grader, second_grader, third_grader} - {first.grader, second.grader})
    services.grade(assignment=first, marks=[1, 2], actor=first.grader)
    services.grade(assignment=second, marks=[0, 0], actor=second.grader)
    assert not response.assignments.filter(round=Assignment.Round.THIRD).exists()


def test_a_copy_assigned_to_its_invigilator_anyway_is_refused(distributed, centre, grader):
    centre.invigilators.add(grader)
    assignment = Assignment.objects.filter(grader=grader).first()
    assert client_for(grader).get(reverse("grading:assignment", args=[assignment.pk])).status_code == 403
    with pytest.raises(services.GradingError, match="surveillé"):
        services.grade(assignment=assignment, marks=[1, 2], actor=grader)


def test_a_copy_assigned_to_a_mapping_keeper_anyway_is_refused(distributed, exam_staff):
    assignment = Assignment.objects.first()
    Assignment.objects.filter(pk=assignment.pk).update(grader=exam_staff)
    # Holding a copy makes one a grader of the session; handling its registrations still bars them.
    AuditEntry.objects.create(
        actor=exam_staff,
        action=AuditEntry.Action.ACCOMMODATION,
        session=assignment.session,
        content_type=ContentType.objects.get_for_model(Registration),
        object_id=str(assignment.response.attempt.exam_registration.pk),
    )
    assert client_for(exam_staff).get(reverse("grading:assignment", args=[assignment.pk])).status_code == 403


# Invigilators and candidates


def test_the_roll_call_shows_names_and_no_codes(sat_session, copies, centre, trainer):
    content = page(trainer, "exams:invigilate", centre.pk)
    assert SECRET_NAME in content
    assert ZEB_CODE not in content


def test_a_candidate_reads_their_own_code(copies, other_candidate):
    assert ZEB_CODE in page(other_candidate, "exams:lobby", copies[1].pk)


def test_an_anonymous_visitor_reads_neither(sat_session, copies):
    for name in ("exams:staff_session", "grading:jury"):
        response = client_for(None).get(reverse(name, args=[sat_session.pk]))
        assert response.status_code == 302


# Paper copies typed in


def test_a_mapping_keeper_cannot_type_paper_copies_in(sat_session, copies, exam_staff):
    assert client_for(exam_staff).get(reverse("grading:entry", args=[sat_session.pk])).status_code == 403


def test_a_grader_cannot_type_in_a_copy_of_a_centre_they_invigilated(
    sat_session, copies, centre, grader, second_grader, exam_staff
):
    configure(sat_session, [grader, second_grader], exam_staff)
    centre.invigilators.add(grader)
    Centre.objects.filter(pk=centre.pk).update(delivery_mode=DeliveryMode.PAPER)
    url = reverse("grading:entry", args=[sat_session.pk]) + f"?code={ZEB_CODE}"
    assert client_for(grader).get(url).status_code == 403


# The jury


def test_the_jury_deliberates_on_codes_before_lifting_anonymity(sat_session, staff_grading, exam_staff):
    services.distribute(session=sat_session, actor=exam_staff)
    grade_everything(sat_session.registrations.order_by("anonymity_code"))
    content = page(exam_staff, "grading:jury", sat_session.pk)
    assert ZEB_CODE in content
    assert SECRET_NAME not in content


def test_lifting_anonymity_waits_until_every_copy_is_graded(sat_session, distributed, exam_staff):
    response = client_for(exam_staff).post(reverse("grading:lift_anonymity", args=[sat_session.pk]))
    assert response.status_code == 422
    assert not services.setup_for(sat_session).anonymity_lifted


def test_lifting_anonymity_is_audited_and_joins_names_to_marks(sat_session, distributed, exam_staff):
    grade_everything(distributed)
    jury.deliberate(session=sat_session, actor=exam_staff)
    client_for(exam_staff).post(reverse("grading:lift_anonymity", args=[sat_session.pk]))
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ANONYMITY)
    assert (entry.actor, entry.session) == (exam_staff, sat_session)
    assert SECRET_NAME in jury.export_csv(sat_session)


def test_no_mark_changes_after_anonymity_is_lifted(sat_session, distributed, exam_staff):
    grade_everything(distributed)
    jury.deliberate(session=sat_session, actor=exam_staff)
    jury.lift_anonymity(session=sat_session, actor=exam_staff)
    assignment = Assignment.objects.filter(session=sat_session).first()
    with pytest.raises(services.GradingError, match=r"arrêté|anonymat"):
        services.grade(assignment=assignment, marks=[0, 0], actor=assignment.grader)


def test_a_jury_decision_is_addressed_by_code(sat_session, distributed, exam_staff):
    grade_everything(distributed)
    response = client_for(exam_staff).post(
        reverse("grading:decide", args=[sat_session.pk, ZEB_CODE]), {"adjust": "confirm"}
    )
    assert response.status_code == 302


def test_the_next_copy_offered_is_never_one_the_grader_may_not_grade(distributed, centre, grader):
    centre.invigilators.add(grader)
    assert services.next_assignment(grader=grader) is None


# The admin site


@pytest.fixture
def superuser(db):
    from tests.conftest import make_user

    return make_user("root@example.org", is_staff=True, is_superuser=True)


def test_the_admin_shows_codes_to_a_superuser_who_keeps_the_mapping(copies, superuser):
    assert ZEB_CODE in page(superuser, "admin:exams_registration_changelist")


def test_the_admin_hides_codes_from_a_superuser_who_grades_the_session(
    sat_session, copies, superuser, grader, exam_staff
):
    configure(sat_session, [superuser, grader], exam_staff)
    listing = page(superuser, "admin:exams_registration_changelist")
    change = page(superuser, "admin:exams_registration_change", copies[1].pk)
    assert SECRET_NAME in listing
    assert ZEB_CODE not in listing + change


@pytest.mark.parametrize("lookup", ["anonymity_code", "anonymity_code__startswith", "anonymity_code__iexact"])
def test_the_admin_refuses_a_filter_by_code_in_the_address_to_a_superuser_who_grades(
    sat_session, copies, superuser, grader, exam_staff, lookup
):
    configure(sat_session, [superuser, grader], exam_staff)
    url = reverse("admin:exams_registration_changelist") + f"?{lookup}={ZEB_CODE}"
    response = client_for(superuser).get(url)
    assert SECRET_NAME not in response.content.decode()
    assert response.status_code in (302, 400)


def test_the_admin_shows_no_copy_of_the_session_to_a_superuser_who_grades_it(
    sat_session, copies, superuser, grader, exam_staff
):
    configure(sat_session, [superuser, grader], exam_staff)
    url = reverse("admin:delivery_attempt_changelist")
    listing = client_for(superuser).get(url).content.decode()
    change = client_for(superuser).get(
        reverse("admin:delivery_attempt_change", args=[copies[1].attempt_id]), follow=True
    )
    assert SECRET_NAME not in listing
    assert SECRET_NAME not in change.content.decode()


def test_the_admin_shows_the_copies_again_once_the_jury_lifts_anonymity(
    sat_session, copies, superuser, grader, exam_staff
):
    configure(sat_session, [superuser, grader], exam_staff)
    services.distribute(session=sat_session, actor=exam_staff)
    grade_everything(sat_session.registrations.order_by("anonymity_code"))
    jury.deliberate(session=sat_session, actor=exam_staff)
    jury.lift_anonymity(session=sat_session, actor=exam_staff)
    assert SECRET_NAME in page(superuser, "admin:delivery_attempt_changelist")


def test_the_admin_log_hides_a_jury_decision_from_a_superuser_who_grades_the_session(
    sat_session, copies, superuser, grader, exam_staff
):
    configure(sat_session, [superuser, grader], exam_staff)
    services.distribute(session=sat_session, actor=exam_staff)
    grade_everything(sat_session.registrations.order_by("anonymity_code"))
    jury.decide(session=sat_session, registration=copies[1], actor=exam_staff)
    entry = AuditEntry.objects.get(action="jury_decision")
    listing = page(superuser, "admin:exams_auditentry_changelist")
    detail = client_for(superuser).get(reverse("admin:exams_auditentry_change", args=[entry.pk]), follow=True)
    assert SECRET_NAME not in listing
    assert ZEB_CODE not in detail.content.decode()


def test_the_convocation_errors_are_hidden_from_staff_who_grade(sat_session, staff_grading, exam_staff):
    from exams.models import ConvocationBatch

    batch = ConvocationBatch.objects.create(
        session=sat_session, started_by=exam_staff, total=2, failed=1,
        status=ConvocationBatch.Status.DONE, errors=[f"{ZEB_CODE}: zeb@example.org refused"],
    )
    assert ZEB_CODE not in page(staff_grading, "exams:staff_batch", batch.pk)
    assert ZEB_CODE in page(exam_staff, "exams:staff_batch", batch.pk)
