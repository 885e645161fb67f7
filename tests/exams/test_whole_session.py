"""A national session from creation to published results, through the pages each person uses.

Exam staff create a UVR session with an online and a paper centre, register candidates (one
refused as ineligible, then registered with an override), compose a paper by blueprint, lock it
and give it to the session; the invigilator opens the online centre and candidates answer on
the attempt page; a grader types the paper copy in; three graders mark the open answers
anonymously, one discrepancy going to the third; the jury publishes; candidates see their
result, and their records and title eligibility follow.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from accounts.models import Role
from delivery.models import Attempt, Paper
from exams.models import AuditEntry, ExamSession, Registration, StageRecord, UnitPass
from grading.models import Assignment
from papers.models import Blueprint, BlueprintRule
from tests.conftest import client_for, make_user
from tests.delivery.conftest import publish
from tests.exams.conftest import days
from tests.questions import core_samples

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def bank(trainer):
    """Two closed and one open UVR question in service (a single choice has key 'a')."""
    reviewer = make_user("relectrice@example.org", Role.TRAINER)
    publish(core_samples.single(), "e2e-single-1", trainer, reviewer)
    publish(core_samples.single(stem_fr="Deuxième question ?"), "e2e-single-2", trainer, reviewer)
    publish(core_samples.open_answer(), "e2e-open", trainer, reviewer)


def candidate(email: str, *, stage: bool, birth_year: int = 2009) -> object:
    person = make_user(email, Role.TRAINEE, first_name=email.split("@")[0].title(), last_name="Candidat")
    person.ffe_licence = "K" + str(abs(hash(email)) % 100000).zfill(5)
    person.birth_date = datetime.date(birth_year, 3, 1)
    person.save()
    if stage:
        StageRecord.objects.create(candidate=person, stage="SC", date=days(-30), place="Lyon",
                                   trainer_name="Julien Bernard", hours=14)
    return person


def answer(client, attempt: Attempt, item, value: str, sequence: int):
    return client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {"item": item.pk, "sequence": sequence, f"q{item.pk}-answer": value},
        **JSON,
    )


@pytest.mark.django_db(transaction=False)
def test_a_whole_session_from_creation_to_published_results(bank, exam_staff, grader, trainer):
    staff = client_for(exam_staff)
    director = make_user("dra@example.org", Role.TRAINER)
    invigilator = make_user("surveillant@example.org", Role.TRAINEE)

    # 1. The session and its two centres.
    response = staff.post(reverse("exams:staff_session_new"), {
        "unit": "UVR", "date": days(30).isoformat(), "start_time": "09:30", "duration_minutes": "",
        "pass_mark": "50", "registration_closes_on": days(10).isoformat(), "status": "open",
    })
    assert response.status_code == 302
    session = ExamSession.objects.get()
    for name, mode, invigilators in (("Lyon", "online", invigilator.email), ("Rennes", "paper", "")):
        response = staff.post(reverse("exams:staff_centre_new", args=[session.pk]), {
            "name": name, "address": f"1 place de {name}", "regional_director": director.email,
            "invigilator_emails": invigilators, "capacity": "10", "delivery_mode": mode,
        })
        assert response.status_code == 302
    online, paper_centre = session.centres.get(name="Lyon"), session.centres.get(name="Rennes")
    assert session.status == "draft", "the form cannot set the state"
    staff.post(reverse("exams:staff_session_transition", args=[session.pk, "open_registrations"]))
    session.refresh_from_db()
    assert session.status == "open"

    # 2. Registrations: two eligible candidates register themselves, one is refused then overridden.
    alice = candidate("alice@example.org", stage=True)
    bruno = candidate("bruno@example.org", stage=True)
    chloe = candidate("chloe@example.org", stage=False)
    for person, centre in ((alice, online), (bruno, online)):
        response = client_for(person).post(
            reverse("exams:register", args=[session.pk]), {"centre": centre.pk}
        )
        assert response.status_code == 302
    refused = client_for(chloe).post(reverse("exams:register", args=[session.pk]), {"centre": online.pk})
    assert refused.status_code == 422
    assert "Art. 16.1" in refused.content.decode()
    response = staff.post(reverse("exams:staff_register", args=[session.pk]), {
        "candidate": chloe.email, "centre": paper_centre.pk, "override_reason": "Stage suivi hors plateforme",
    })
    assert response.status_code == 302
    assert AuditEntry.objects.filter(action=AuditEntry.Action.OVERRIDE).exists()

    # 3. The paper: drawn from a blueprint, locked, given to the session.
    blueprint = Blueprint.objects.create(name="UVR national", unit="UVR", duration_minutes=120,
                                         pass_mark=Decimal(50), created_by=exam_staff)
    BlueprintRule.objects.create(blueprint=blueprint, position=1, question_type="single", count=2,
                                 points_each=Decimal(1))
    BlueprintRule.objects.create(blueprint=blueprint, position=2, question_type="open", count=1,
                                 points_each=Decimal(3))
    response = staff.post(reverse("papers:blueprint_compose", args=[blueprint.pk]),
                          {"title": "UVR — session nationale", "seed": "7"})
    assert response.status_code == 302
    paper = Paper.objects.get(title="UVR — session nationale")
    assert paper.items.count() == 3
    staff.post(reverse("papers:paper_lock", args=[paper.pk]))
    response = staff.post(reverse("exams:staff_session_edit", args=[session.pk]), {
        "unit": "UVR", "date": days(30).isoformat(), "start_time": "09:30", "duration_minutes": "120",
        "pass_mark": "50", "registration_closes_on": days(10).isoformat(), "status": "closed",
        "paper": paper.pk,
    })
    assert response.status_code == 302
    session.refresh_from_db()
    paper.refresh_from_db()
    assert session.paper == paper and paper.locked_at is not None
    assert session.status == "open", "the form's state is ignored"

    # 4. Exam day (the session's date comes), online centre: roll call, opening, candidates
    # answer and hand in.
    ExamSession.objects.filter(pk=session.pk).update(date=days(0), registration_closes_on=days(0))
    registrations = {r.candidate_id: r for r in session.registrations.all()}
    guard = client_for(invigilator)
    guard.post(reverse("exams:roll_call", args=[online.pk]),
               {"present": [registrations[alice.pk].pk, registrations[bruno.pk].pk]})
    guard.post(reverse("exams:open_exam", args=[online.pk]))
    session.refresh_from_db()
    assert session.status == "sitting", "the first centre opening the exam starts the sitting"
    items = {item.version.type: item for item in paper.items.select_related("version").order_by("position")}
    singles = list(paper.items.filter(version__type="single"))
    open_item = items["open"]
    for person, choice, text in ((alice, "a", "La pièce touchée doit être jouée (4.3.1)."),
                                 (bruno, "b", "Il joue ce qu'il veut.")):
        registration = Registration.objects.get(pk=registrations[person.pk].pk)
        client = client_for(person)
        assert client.get(reverse("delivery:attempt", args=[registration.attempt_id])).status_code == 200
        for sequence, item in enumerate(singles, start=1):
            assert answer(client, registration.attempt, item, choice, sequence).json()["status"] == "saved"
        answer(client, registration.attempt, open_item, text, 10)
        response = client.post(reverse("delivery:submit", args=[registration.attempt_id]), {"confirm": "1"})
        assert response.status_code in (200, 302)
        assert Attempt.objects.get(pk=registration.attempt_id).status == "submitted"

    # 5. Paper centre: a session grader types Chloé's copy in.
    staff.post(reverse("grading:setup", args=[session.pk]), {
        "graders": [grader.pk, make_user("g2@example.org", Role.GRADER).pk,
                    make_user("g3@example.org", Role.GRADER).pk],
        "discrepancy_threshold": "20", "borderline_margin": "5",
    })
    chloe_registration = registrations[chloe.pk]
    entry = {"code": chloe_registration.anonymity_code}
    for item in paper.items.select_related("version"):
        entry[f"q{item.pk}-answer"] = "a" if item.version.type == "single" else "Je ne sais pas."
    assert client_for(grader).post(reverse("grading:entry", args=[session.pk]), entry).status_code == 302
    session.refresh_from_db()
    assert session.status == "sat", "every copy in: the sitting is over"

    # 6. Double grading, anonymous; the graders disagree on Alice's copy, a third one settles it.
    staff.post(reverse("grading:distribute", args=[session.pk]))
    assert Assignment.objects.filter(session=session).count() == 6
    # Total marks given by each copy's first and second grader (rubric: 1 + 2 points).
    marks = {("alice", 0): "3", ("alice", 1): "0", ("bruno", 0): "0", ("bruno", 1): "0",
             ("chloe", 0): "0", ("chloe", 1): "0"}
    seen: dict[str, int] = {}
    first_rounds = Assignment.objects.filter(session=session).select_related("grader", "response__attempt")
    for assignment in first_rounds:
        owner = assignment.response.attempt.candidate.email.split("@")[0]
        page = client_for(assignment.grader).get(reverse("grading:assignment", args=[assignment.pk]))
        assert owner.title() not in page.content.decode()  # graders never see names
        index = seen.get(owner, 0)
        seen[owner] = index + 1
        total = marks[(owner, index)]
        client_for(assignment.grader).post(reverse("grading:assignment", args=[assignment.pk]),
                                           {"mark_0": "1" if total == "3" else "0",
                                            "mark_1": "2" if total == "3" else "0", "comment": ""})
    third = Assignment.objects.filter(session=session).exclude(
        pk__in=Assignment.objects.filter(session=session).order_by("pk").values("pk")[:6]
    )
    assert third.count() == 1, "one discrepancy goes to a third grader"
    third = third.get()
    client_for(third.grader).post(reverse("grading:assignment", args=[third.pk]),
                                  {"mark_0": "1", "mark_1": "2", "comment": "Réponse complète."})

    # 7. The jury publishes; candidates see their result; records and title eligibility follow.
    session.refresh_from_db()
    assert session.status == "grading"
    staff.post(reverse("grading:deliberate", args=[session.pk]))
    session.refresh_from_db()
    assert session.status == "deliberated"
    staff.post(reverse("grading:lift_anonymity", args=[session.pk]))
    response = staff.post(reverse("grading:publish", args=[session.pk]), {"release": "on"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == "published"
    assert UnitPass.objects.filter(candidate=alice, unit="UVR").exists()
    assert not UnitPass.objects.filter(candidate=bruno, unit="UVR").exists()
    lobby = client_for(alice).get(reverse("exams:lobby", args=[registrations[alice.pk].pk])).content.decode()
    assert "reçu" in lobby.lower() or "admis" in lobby.lower()
    records = client_for(alice).get(reverse("exams:my_records")).content.decode()
    assert "UVR" in records and "AFJ" in records
